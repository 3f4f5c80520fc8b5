"""Chapter 07 exercise: the id checker passes the package's own rewrite and explains the
mistakes of a first attempt (results left behind, plain cuts that collide, valid ids changed),
in both editions."""

import hashlib
import re
from dataclasses import replace

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch07 import IN_CHINESE, LONG, TWIN, check_normalise, histories
from handagent.runtime.ids import IdRules, normalise_ids
from handagent.runtime.protocol import AssistantMessage, ToolCall, ToolResultMessage


def reference(history, max_len):
    return normalise_ids(history, IdRules(max_len=max_len))


def cut(call_id, max_len):
    return re.sub(r"[^a-zA-Z0-9_-]", "_", call_id)[:max_len]


def rewrite(history, new_id, *, results=True):
    """Every call id (and result id, unless results=False) through `new_id(old)`, on a copy."""
    out = []
    for m in history:
        if isinstance(m, AssistantMessage):
            blocks = tuple(replace(b, id=new_id(b.id)) if isinstance(b, ToolCall) else b
                           for b in m.content)  # fmt: skip
            m = replace(m, content=blocks)
        elif isinstance(m, ToolResultMessage) and results:
            m = replace(m, tool_call_id=new_id(m.tool_call_id))
        out.append(m)
    return out


def problems_of(normalise) -> str:
    return "\n".join(check_normalise(normalise).problems)


def test_the_package_rewrite_passes():
    assert check_normalise(reference).passed


def test_the_fixed_histories_hold_twins_sharing_200_characters():
    assert LONG[:200] == TWIN[:200] and LONG != TWIN
    assert "two long ids sharing 200 characters" in histories()


def cut_calls(history, max_len):
    return rewrite(history, lambda i: cut(i, max_len), results=False)  # half a rewrite


def notebook_stub(history, max_len):
    """The notebook's first attempt: each call id cut to the limit, nothing else."""
    return rewrite(history, lambda i: i[:max_len], results=False)


def test_rewriting_calls_but_not_results_is_told_to_use_one_table():
    assert "its result still quotes" in problems_of(cut_calls)


def test_a_plain_cut_in_pairs_is_told_to_add_a_hash():
    problems = problems_of(lambda h, n: rewrite(h, lambda i: cut(i, n)))
    assert "gave two calls of one message the same id" in problems
    assert "short hash of the whole original" in problems


def test_hashing_every_id_is_told_to_leave_valid_ids_alone():
    def always(history, max_len):
        digest = lambda i: hashlib.sha256(i.encode()).hexdigest()  # noqa: E731
        return rewrite(history, lambda i: "h_" + digest(i)[: max_len - 2])

    assert "'toolu_01A', which was valid already" in problems_of(always)


def test_changing_the_history_in_place_is_told_to_work_on_a_copy():
    def in_place(history, max_len):
        new = reference(history, max_len)
        history[:] = new
        return new

    assert "changed the history it was given" in problems_of(in_place)


def test_an_id_over_the_limit_is_named_with_the_pattern():
    assert "breaks ^[a-zA-Z0-9_-]{1,64}$" in problems_of(lambda h, n: h)


def test_a_stub_returning_none_or_raising_gives_problems_not_an_exception():
    assert "returned NoneType" in problems_of(lambda h, n: None)
    assert "raised ZeroDivisionError" in problems_of(lambda h, n: 1 / 0)


# The Chinese edition: the same mistakes, hints in Chinese


def test_every_fixed_history_is_named_in_chinese():
    assert set(IN_CHINESE) == set(histories())


@in_chinese
def test_the_package_rewrite_passes_in_chinese():
    assert "全部检查通过" in str(check_normalise(reference))


@in_chinese
def test_the_notebook_stub_is_told_in_chinese():
    problems = problems_of(notebook_stub)
    assert "07 · 成对改写 id" in str(check_normalise(notebook_stub))
    assert "对于一个长 id（max_len 64），normalise 发出的调用 id 是" in problems
    assert "把不合法的字符换掉，再截到长度上限" in problems
    assert "给同一条消息里的两个调用改出了同一个 id。在每个改写后的 id 末尾加上" in problems


@in_chinese
def test_results_left_behind_and_valid_ids_changed_are_told_in_chinese():
    def always(history, max_len):
        return rewrite(history, lambda i: "h_" + hashlib.sha256(i.encode()).hexdigest()[:30])

    assert "它的结果却还引用" in problems_of(cut_calls)
    assert "'toolu_01A'，可它本来就合法" in problems_of(always)
    assert "抛出了 ZeroDivisionError: division by zero。不要抛异常" in problems_of(
        lambda h, n: 1 / 0
    )
