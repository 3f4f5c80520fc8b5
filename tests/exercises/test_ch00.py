"""Chapter 00 self-check: its open answer read loosely in both editions, the habit the chapter
unlearns (content[0]) a question of its own. The grading every chapter shares is in
test_selfcheck.py."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch00 import SELF_CHECK, check_answer_text
from handagent.exercises.selfcheck import self_check

RIGHT = {1: "b", 2: "max_tokens", 3: "c"}


def test_the_open_answer_is_read_loosely():
    assert self_check("00", {**RIGHT, 2: " Max_Tokens。"}).passed
    assert self_check("00", {**RIGHT, 2: "max tokens"}).passed


def test_reading_the_first_block_is_the_habit_the_first_question_unlearns():
    # a reply may start with thinking: content[0] fails on the replies that thought
    assert "reply.content[0].text" in SELF_CHECK[0].prompt[0]
    assert "thinking block" in SELF_CHECK[0].options[1][0]
    assert not self_check("00", {**RIGHT, 1: "a"}).passed


def test_the_hints_point_to_sections_of_the_chapter():
    assert all("Section" in question.hint[0] for question in SELF_CHECK)


@in_chinese
def test_a_field_named_in_chinese_counts_as_the_answer():
    assert self_check("00", {**RIGHT, 2: "max_tokens 字段"}).passed
    assert self_check("00", {**RIGHT, 2: "max_tokens参数"}).passed
    assert not self_check("00", {**RIGHT, 2: "思考"}).passed


def answer_text(reply):  # a right solution
    if reply["stop_reason"] == "max_tokens":
        return None
    return "".join(block["text"] for block in reply["content"] if block["type"] == "text")


def test_a_right_solution_passes():
    assert check_answer_text(answer_text).passed


def test_the_first_block_habit_fails_on_the_replies_that_thought():
    verdict = check_answer_text(lambda reply: reply["content"][0]["text"])
    assert not verdict.passed
    assert any("thinking, then the answer" in problem for problem in verdict.problems)


def test_an_answer_read_from_a_cut_reply_is_named_as_a_beginning():
    verdict = check_answer_text(
        lambda reply: "".join(b["text"] for b in reply["content"] if b["type"] == "text")
    )
    assert len(verdict.problems) == 2
    assert all("only a beginning" in problem for problem in verdict.problems)


def test_a_solution_that_forgets_the_second_text_block_is_told_to_join_them():
    def first_text(reply):
        if reply["stop_reason"] == "max_tokens":
            return None
        return next(b["text"] for b in reply["content"] if b["type"] == "text")

    (problem,) = check_answer_text(first_text).problems
    assert "two text blocks" in problem and "join" in problem


def test_something_other_than_a_function_is_named():
    assert "pass the function itself" in str(check_answer_text("answer_text"))
