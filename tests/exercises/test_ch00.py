"""Chapter 00 self-check: its open answer read loosely in both editions, its first option the
habit the chapter unlearns. The grading every chapter shares is in test_selfcheck.py."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch00 import SELF_CHECK
from handagent.exercises.selfcheck import self_check

RIGHT = {1: "c", 2: "max_tokens", 3: "b"}


def test_the_open_answer_is_read_loosely():
    assert self_check("00", {**RIGHT, 2: " Max_Tokens。"}).passed
    assert self_check("00", {**RIGHT, 2: "max tokens"}).passed


def test_reading_the_first_block_is_a_wrong_answer():
    # the habit the chapter unlearns: a reply may start with thinking
    assert SELF_CHECK[0].options[0][0] == "It reads the first block's text"
    assert not self_check("00", {**RIGHT, 1: "a"}).passed


def test_the_hints_point_to_sections_of_the_chapter():
    assert all("Section" in question.hint[0] for question in SELF_CHECK)


@in_chinese
def test_a_field_named_in_chinese_counts_as_the_answer():
    assert self_check("00", {**RIGHT, 2: "max_tokens 字段"}).passed
    assert self_check("00", {**RIGHT, 2: "max_tokens参数"}).passed
    assert not self_check("00", {**RIGHT, 2: "思考"}).passed
