"""Chapter 07 exercise: the id checker passes the package's own rewrite and explains the
mistakes of a first attempt (results left behind, plain cuts that collide, valid ids changed)."""

import hashlib
import re
from dataclasses import replace

from handagent.exercises.ch07 import LONG, TWIN, check_normalise, histories
from handagent.exercises.selfcheck import self_check
from handagent.runtime.ids import IdRules, normalise_ids
from handagent.runtime.protocol import AssistantMessage, ToolCall, ToolResultMessage


def reference(history, max_len):
    return normalise_ids(history, IdRules(max_len=max_len))


def cut(call_id, max_len):
    return re.sub(r"[^a-zA-Z0-9_-]", "_", call_id)[:max_len]


def rewrite(history, new_id):
    """Every call id and result id through `new_id(old)`, on a copy."""
    out = []
    for m in history:
        if isinstance(m, AssistantMessage):
            blocks = tuple(replace(b, id=new_id(b.id)) if isinstance(b, ToolCall) else b
                           for b in m.content)  # fmt: skip
            m = replace(m, content=blocks)
        elif isinstance(m, ToolResultMessage):
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


def test_rewriting_calls_but_not_results_is_told_to_use_one_table():
    def calls_only(history, max_len):
        out = []
        for m in history:
            if isinstance(m, AssistantMessage):
                blocks = tuple(replace(b, id=cut(b.id, max_len)) if isinstance(b, ToolCall) else b
                               for b in m.content)  # fmt: skip
                m = replace(m, content=blocks)
            out.append(m)
        return out

    assert "its result still quotes" in problems_of(calls_only)


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


def test_the_self_check_grades_the_right_answers_right():
    assert self_check("07", {1: "b", 2: "b", 3: "c"}).passed
