"""Chapter 00 self-check: its open answer read loosely in both editions, the habit the chapter
unlearns (content[0]) a question of its own. The grading every chapter shares is in
test_selfcheck.py."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch00 import SELF_CHECK
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
