"""The chapter 04 checker: it passes a correct answer_all and names each plausible mistake (its
self-check is graded with every chapter's, in test_selfcheck.py)."""

import pytest
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.blocks import tool_uses
from handagent.dispatch import run_tool_calls, tool_result
from handagent.examples import ADDER, CLOCK
from handagent.exercises.ch04 import PROBES, check_answer_all
from handagent.tools import Tool

TOOLS = [ADDER, CLOCK]


def reference(content, functions):
    """The reference solution: every call answered, in one user message; no call, no message."""
    calls = tool_uses(content)
    if not calls:
        raise ValueError("This reply has no tool_use blocks; there is nothing to answer.")
    results = [
        tool_result(call["id"], str(functions[call["name"]](**call["input"]))) for call in calls
    ]
    return {"role": "user", "content": results}


def answer_one(pick):
    """A solution that answers a single call chosen by `pick`, and refuses a reply without any."""

    def answer_all(content, functions):
        calls = tool_uses(content)
        if not calls:
            raise ValueError("nothing to answer")
        call = pick(calls)
        output = str(functions[call["name"]](**call["input"]))
        return {"role": "user", "content": [tool_result(call["id"], output)]}

    return answer_all


def one_message_per_result(content, functions):
    """The notebook's stub: each result in a message of its own, and no guard for no calls."""
    messages = []
    for call in tool_uses(content):
        output = str(functions[call["name"]](**call["input"]))
        messages.append({"role": "user", "content": [tool_result(call["id"], output)]})
    return messages


def every_call_answered(content, functions):
    """Every call answered in one message, but a reply with no calls answered too."""
    results = [
        tool_result(call["id"], str(functions[call["name"]](**call["input"])))
        for call in tool_uses(content)
    ]
    return {"role": "user", "content": results}


def problems_of(answer_all) -> str:
    verdict = check_answer_all(answer_all)
    assert not verdict.passed
    return "\n".join(verdict.problems)


def test_reference_solution_passes():
    verdict = check_answer_all(reference)
    assert verdict.passed, verdict
    assert str(verdict) == "✓ 04 · answer_all(content, functions): all checks pass."


def test_results_in_reverse_order_pass_because_ids_not_positions_match_them():
    def reversed_order(content, functions):
        message = reference(content, functions)
        return {**message, "content": message["content"][::-1]}

    assert check_answer_all(reversed_order).passed


def test_probes_cover_zero_one_and_three_calls():
    assert sorted(len(tool_uses(content)) for content in PROBES.values()) == [0, 1, 3]


def test_answering_only_the_last_call_is_named_as_the_content_minus_one_habit():
    problems = problems_of(answer_one(lambda calls: calls[-1]))
    assert "only the last (content[-1]) of 3 calls is answered" in problems
    assert "['toolu_first', 'toolu_middle'] have no result" in problems
    assert "for call in tool_uses(content)" in problems


def test_answering_only_the_first_call_is_named_as_the_first_match_habit():
    problems = problems_of(answer_one(lambda calls: calls[0]))
    assert "only the first (find) of 3 calls is answered" in problems


def test_a_reply_without_calls_answered_with_an_empty_message_is_rejected():
    verdict = check_answer_all(every_call_answered)
    assert len(verdict.problems) == 1
    problem = verdict.problems[0]
    assert problem.startswith("a reply with no calls: returned a user message with no results")
    assert "the API refuses" in problem
    assert "raise ValueError" in problem
    assert "as run_tool_calls does" in problem


def test_a_reply_without_calls_may_be_refused_with_any_value_error():
    class NothingToAnswer(ValueError):
        pass

    def refusing(content, functions):
        if not tool_uses(content):
            raise NothingToAnswer("no tool_use in this reply")
        return reference(content, functions)

    assert check_answer_all(refusing).passed


def test_a_reply_without_calls_failing_by_accident_is_reported_not_raised():
    problems = problems_of(lambda content, functions: tool_uses(content)[-1])
    assert "a reply with no calls: raised IndexError: list index out of range" in problems
    assert "check `if not calls:` first and raise ValueError" in problems


def test_the_package_run_tool_calls_passes_the_checker():
    def with_package(content, functions):
        tools = [Tool(t.name, t.description, t.input_schema, functions[t.name]) for t in TOOLS]
        return run_tool_calls(content, tools)

    assert check_answer_all(with_package).passed


def test_one_user_message_per_result_is_rejected():
    problems = problems_of(one_message_per_result)
    assert (
        "a reply with 3 calls (SDK blocks): returned a list of 3 user message(s), one per result"
        in problems
    )
    assert "ONE user message" in problems
    assert "a reply with no calls: returned []" in problems


def test_a_bare_list_of_results_is_rejected():
    problems = problems_of(lambda content, functions: reference(content, functions)["content"])
    assert "returned a bare list of tool_result blocks" in problems


def test_a_tool_role_is_rejected_as_openai_format():
    problems = problems_of(
        lambda content, functions: {**reference(content, functions), "role": "tool"}
    )
    assert "role is 'tool'" in problems
    assert "OpenAI's format" in problems


def test_a_result_with_a_made_up_id_is_rejected():
    def by_name(content, functions):
        calls = tool_uses(content)
        blocks = [tool_result(c["name"], str(functions[c["name"]](**c["input"]))) for c in calls]
        return {"role": "user", "content": blocks}

    problems = problems_of(by_name)
    assert "tool_use_id 'add', which matches no call" in problems


def test_a_number_as_content_is_rejected_with_the_fix():
    def raw_values(content, functions):
        calls = tool_uses(content)
        blocks = [tool_result(c["id"], functions[c["name"]](**c["input"])) for c in calls]
        return {"role": "user", "content": blocks}

    problems = problems_of(raw_values)
    assert "has content 6912; the API takes text" in problems
    assert "str(value)" in problems


def test_the_wrong_output_is_rejected():
    def fixed(content, functions):
        blocks = [tool_result(c["id"], "42") for c in tool_uses(content)]
        return {"role": "user", "content": blocks}

    problems = problems_of(fixed)
    assert "expected the function's output '5'" in problems


def test_a_call_answered_twice_is_rejected():
    def twice(content, functions):
        message = reference(content, functions)
        return {**message, "content": message["content"] * 2}

    assert "toolu_one is answered more than once" in problems_of(twice)


def test_running_a_function_twice_is_rejected():
    def runs_twice(content, functions):
        for call in tool_uses(content):
            functions[call["name"]](**call["input"])
        return reference(content, functions)

    assert "the functions ran 6 time(s) for 3 call(s)" in problems_of(runs_twice)


def test_reading_blocks_only_as_dicts_fails_on_a_reply_with_a_hint():
    def dicts_only(content, functions):
        calls = [b for b in content if b["type"] == "tool_use"]
        return reference(calls, functions)

    problems = problems_of(dicts_only)
    assert "a reply with 3 calls (SDK blocks): raised TypeError" in problems
    assert "tool_uses(content) from handagent.blocks" in problems


@pytest.mark.parametrize("returned", [None, "done", 42, {"content": []}])
def test_the_checker_reports_any_return_value_without_raising(returned):
    verdict = check_answer_all(lambda content, functions: returned)
    assert not verdict.passed
    assert all(problem for problem in verdict.problems)


# The Chinese edition: the same mistakes, hints in Chinese


@in_chinese
def test_reference_solution_passes_in_chinese():
    assert "全部检查通过" in str(check_answer_all(reference))


@in_chinese
def test_one_user_message_per_result_is_rejected_in_chinese():
    problems = problems_of(one_message_per_result)
    assert "返回了 3 条 user 消息" in problems
    assert "放进同一条 user 消息" in problems
    assert "没有调用的回复：返回了 []" in problems and "抛出 ValueError" in problems


@in_chinese
def test_answering_only_the_last_call_is_named_in_chinese():
    problems = problems_of(answer_one(lambda calls: calls[-1]))
    assert "3 个调用里只回答了最后一个（content[-1]）" in problems
    assert "['toolu_first', 'toolu_middle'] 没有结果" in problems


@in_chinese
def test_an_empty_answer_to_no_calls_quotes_the_api_in_english():
    (problem,) = check_answer_all(every_call_answered).problems
    assert (
        "没有结果的 user 消息" in problem and "all messages must have non-empty content" in problem
    )


@in_chinese
def test_result_mistakes_are_explained_in_chinese():
    def raw_values(content, functions):
        calls = tool_uses(content)
        blocks = [tool_result(c["id"], functions[c["name"]](**c["input"])) for c in calls]
        return {"role": "user", "content": blocks}

    def runs_twice(content, functions):
        for call in tool_uses(content):
            functions[call["name"]](**call["input"])
        return reference(content, functions)

    assert "API 只收文本" in problems_of(raw_values) and "str(value)" in problems_of(raw_values)
    assert "3 个调用，函数却执行了 6 次" in problems_of(runs_twice)
    tool_role = problems_of(lambda c, f: {**reference(c, f), "role": "tool"})
    assert "消息的 role 是 'tool'" in tool_role and "OpenAI 的格式" in tool_role
