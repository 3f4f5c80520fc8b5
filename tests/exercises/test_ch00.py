"""Chapter 00 self-check: the right answers pass, a wrong one gets its hint and not the answer."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch00 import SELF_CHECK
from handagent.exercises.selfcheck import self_check

RIGHT = {1: "c", 2: "max_tokens", 3: "b"}


def test_the_self_check_grades_the_right_answers_right():
    report = self_check("00", RIGHT)
    assert report.passed, str(report)


def test_the_open_answer_is_read_loosely():
    assert self_check("00", {**RIGHT, 2: " Max_Tokens。"}).passed
    assert self_check("00", {**RIGHT, 2: "max tokens"}).passed


def test_a_wrong_answer_gets_the_hint_and_not_the_answer():
    text = str(self_check("00", {1: "a", 2: "thinking", 3: "d"}))
    assert text.count("✗ not yet") == 3
    for question in SELF_CHECK:
        assert question.hint[0] in text
        assert question.why[0] not in text


def test_reading_the_first_block_is_a_wrong_answer():
    # the habit the chapter unlearns: a reply may start with thinking
    assert SELF_CHECK[0].options[0][0] == "It reads the first block's text"
    assert not self_check("00", {**RIGHT, 1: "a"}).passed


def test_the_hints_point_to_sections_of_the_chapter():
    assert all("Section" in question.hint[0] for question in SELF_CHECK)


@in_chinese
def test_the_chinese_edition_grades_the_same_answers():
    report = self_check("00", RIGHT)
    assert report.passed and "答对 3/3 题" in str(report)


@in_chinese
def test_the_chinese_edition_asks_every_question_in_chinese():
    text = str(self_check("00", {}))
    for question in SELF_CHECK:
        assert question.prompt[1] in text and question.prompt[0] not in text
        assert all(option[1] in text for option in question.options)


@in_chinese
def test_a_wrong_answer_in_chinese_gets_the_chinese_hint_and_not_the_answer():
    text = str(self_check("00", {1: "a", 2: "thinking", 3: "d"}))
    assert text.count("✗ 还不对") == 3
    for question in SELF_CHECK:
        assert question.hint[1] in text and question.hint[0] not in text
        assert question.why[1] not in text


@in_chinese
def test_a_field_named_in_chinese_counts_as_the_answer():
    assert self_check("00", {**RIGHT, 2: "max_tokens 字段"}).passed
    assert self_check("00", {**RIGHT, 2: "max_tokens参数"}).passed
    assert not self_check("00", {**RIGHT, 2: "思考"}).passed
