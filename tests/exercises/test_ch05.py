"""Chapter 05 exercises: the checkers pass the reference solutions and explain wrong attempts (the
self-check is graded with every chapter's, in test_selfcheck.py)."""

import pytest
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.api.checks import UNANSWERED, Rejection, check_tool_protocol
from handagent.dispatch import tool_result
from handagent.exercises.ch05 import (
    broken_history,
    check_offending_message,
    check_safe_run,
    named_message,
)


def reference_safe_run(call, functions):
    function = functions.get(call["name"])
    if function is None:
        available = ", ".join(functions)
        message = f"Unknown tool {call['name']!r}. Available tools: {available}."
        return tool_result(call["id"], message, is_error=True)
    try:
        value = function(**call["input"])
    except Exception as error:
        return tool_result(call["id"], f"{type(error).__name__}: {error}", is_error=True)
    return tool_result(call["id"], str(value))


def notebook_stub(call, functions):
    function = functions[call["name"]]
    return tool_result(call["id"], str(function(**call["input"])))


def lets_exception_escape(call, functions):
    if call["name"] not in functions:
        return reference_safe_run(call, functions)
    return tool_result(call["id"], str(functions[call["name"]](**call["input"])))


def forgets_is_error(call, functions):
    block = reference_safe_run(call, functions)
    block.pop("is_error", None)
    return block


def drops_tool_use_id(call, functions):
    block = reference_safe_run(call, functions)
    del block["tool_use_id"]
    return block


def problems_of(safe_run) -> str:
    return "\n".join(check_safe_run(safe_run).problems)


def test_reference_safe_run_passes():
    verdict = check_safe_run(reference_safe_run)
    assert verdict.passed, verdict


def test_notebook_stub_is_rejected_for_unknown_tool_and_raising_tool_without_raising():
    verdict = check_safe_run(notebook_stub)
    assert not verdict.passed
    assert len(verdict.problems) == 2
    assert "raised KeyError: 'multiply'" in verdict.problems[0]
    assert "functions.get(...)" in verdict.problems[0]
    assert "let the exception escape" in verdict.problems[1]


def test_safe_run_that_lets_the_exception_escape_is_told_to_catch_it():
    problems = problems_of(lets_exception_escape)
    assert "let the exception escape: it raised ZeroDivisionError: division by zero" in problems
    assert "try/except Exception" in problems


def test_safe_run_that_forgets_is_error_is_rejected_for_both_failures():
    verdict = check_safe_run(forgets_is_error)
    assert len(verdict.problems) == 2
    assert all('has no "is_error". Add is_error=True' in p for p in verdict.problems)


def test_safe_run_that_drops_the_tool_use_id_is_rejected_for_every_case():
    verdict = check_safe_run(drops_tool_use_id)
    assert len(verdict.problems) == 3
    assert all('has no "tool_use_id"' in p for p in verdict.problems)
    assert "'toolu_ex5_works'" in verdict.problems[0]


def test_safe_run_with_a_fixed_id_is_told_to_use_the_calls_id():
    problems = problems_of(lambda call, fns: {**reference_safe_run(call, fns), "tool_use_id": "x"})
    assert "tool_use_id is 'x' but the call's id is 'toolu_ex5_works'" in problems


def test_safe_run_that_hides_the_available_tools_is_told_to_list_them():
    def terse(call, functions):
        if call["name"] not in functions:
            return tool_result(call["id"], "No such tool.", is_error=True)
        return reference_safe_run(call, functions)

    assert "List the available tools (add, divide)" in problems_of(terse)


def test_safe_run_that_hides_the_exception_is_told_to_say_what_went_wrong():
    def vague(call, functions):
        block = reference_safe_run(call, functions)
        return {**block, "content": "Something went wrong."} if block.get("is_error") else block

    problems = problems_of(vague)
    assert "For a tool that raises" in problems
    assert "type(error).__name__" in problems


def test_is_error_as_a_string_is_rejected():
    def stringly(call, functions):
        block = reference_safe_run(call, functions)
        return {**block, "is_error": "true"} if "is_error" in block else block

    assert "is_error is 'true'; it must be the boolean True" in problems_of(stringly)


def test_non_string_content_and_non_dict_results_are_explained():
    def raw_value(call, functions):
        block = reference_safe_run(call, functions)
        return {**block, "content": 5} if not block.get("is_error") else block

    assert '"content" is 5; make it a string' in problems_of(raw_value)
    assert "not a dict" in problems_of(lambda call, functions: None)


def test_safe_run_that_returns_something_else_is_told_the_expected_value():
    def echoes_input(call, functions):
        return tool_result(call["id"], str(call["input"]))

    assert 'return value as a string ("6912")' in problems_of(echoes_input)


def test_successful_call_marked_as_error_is_rejected():
    def gloomy(call, functions):
        return {**reference_safe_run(call, functions), "is_error": True}

    assert "is marked is_error; leave it out" in problems_of(gloomy)


def test_broken_history_is_refused_by_check_tool_protocol_for_the_second_round():
    with pytest.raises(Rejection) as caught:
        check_tool_protocol(broken_history())
    unanswered = "toolu_ex5_lima, toolu_ex5_oslo"  # the results after the text do not count
    assert caught.value.message == "messages.5: " + UNANSWERED.format(ids=unanswered)


def test_named_message_is_none_for_a_valid_history():
    history = broken_history()
    results = history[-1]["content"]
    text = next(block for block in results if block["type"] == "text")
    results.remove(text)
    results.append(text)  # text after the results is allowed
    assert named_message(history) is None


def test_the_index_check_tool_protocol_names_passes():
    assert check_offending_message(5).passed


def test_the_user_message_after_gets_the_look_one_earlier_hint():
    (problem,) = check_offending_message(6).problems
    assert "look one message earlier" in problem


@pytest.mark.parametrize("answer", [None, "5", 5.0, True])
def test_an_answer_that_is_not_an_int_is_explained(answer):
    (problem,) = check_offending_message(answer).problems
    assert "set it to a message index (an int)" in problem


@pytest.mark.parametrize(("answer", "words"), [(1, "breaks no rule"), (7, "no message 7")])
def test_other_indices_are_rejected_with_a_reason(answer, words):
    (problem,) = check_offending_message(answer).problems
    assert words in problem


# The Chinese edition: the same mistakes, hints in Chinese


@in_chinese
def test_reference_safe_run_passes_in_chinese():
    assert "全部检查通过" in str(check_safe_run(reference_safe_run))


@in_chinese
def test_notebook_stub_is_rejected_in_chinese():
    unknown, raising = check_safe_run(notebook_stub).problems
    assert "不存在的工具" in unknown and "抛出了 KeyError: 'multiply'" in unknown
    assert "functions.get(...)" in unknown
    assert "让异常漏了出去" in raising and "失败也要上菜" in raising


@in_chinese
def test_result_shape_mistakes_are_explained_in_chinese():
    assert all("加上 is_error=True" in p for p in check_safe_run(forgets_is_error).problems)
    assert all('没有 "tool_use_id"' in p for p in check_safe_run(drops_tool_use_id).problems)
    assert "不是 dict" in problems_of(lambda call, functions: None)


@in_chinese
def test_the_index_mistakes_are_explained_in_chinese():
    assert "全部检查通过" in str(check_offending_message(5))
    assert "往前看一条" in check_offending_message(6).problems[0]
    assert "消息的下标（一个 int）" in check_offending_message(None).problems[0]
    assert "没有消息 7" in check_offending_message(7).problems[0]
    assert "欠单必还" in check_offending_message(1).problems[0]


@in_chinese
def test_the_broken_history_speaks_chinese_and_breaks_the_same_rule():
    history = broken_history()
    assert history[0]["content"] == "现在几点了？"
    assert named_message(history) == 5 and check_offending_message(5).passed
