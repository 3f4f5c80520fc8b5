"""Tests for handagent.exercises.wording: length in letters' worth, and "when" in two languages."""

import pytest

from handagent.exercises.wording import has_chinese, in_chinese, says_when, weight


def test_an_english_text_weighs_its_characters_without_the_ends():
    assert weight("  Multiplies two numbers.\n") == len("Multiplies two numbers.")


def test_a_chinese_character_and_full_width_punctuation_weigh_three():
    assert weight("乘法工具") == 12
    assert weight("乘法，") == 9
    assert weight("乘法 tool") == 11


def test_the_chinese_minimum_is_the_fewest_characters_that_weigh_enough():
    least = in_chinese(40)
    assert weight("字" * least) >= 40 > weight("字" * (least - 1))


def test_chinese_is_told_apart_from_english():
    assert has_chinese("multiply 乘法") and not has_chinese("multiply, 6 × 7")


@pytest.mark.parametrize(
    "text",
    [
        "Use it whenever the user asks to multiply two numbers.",
        "Call this if the user asks for a product.",
        "用户要求做乘法计算时使用。",
        "需要计算两个数的乘积时调用。",
        "用户问乘法的时候用。",
        "当用户问到两个数的乘积，调用它。",
        "如果用户要算乘法，就用这个工具。",
        "每当对话里出现乘法题目，调用此工具。",
        "若要相乘，请用本工具。",
    ],
)
def test_ways_of_saying_when_to_use_a_tool_are_found(text):
    assert says_when(text)


@pytest.mark.parametrize(
    "text",
    [
        "Multiplies two numbers and returns the product.",
        "获取当前的日期和时间。",  # 当前 is "current", 时间 is "time"
        "返回当前时钟读数。",
        "把两个数相乘，并给出计算花费的时间。",
        "每小时更新一次乘积。",  # 小时 is "hour"
        "同时返回两个数的乘积。",  # 同时 is "at the same time"
        "请求超时，返回错误。",  # 超时 is "timeout"
        "把若干个数相乘。",  # 若干 is "several"
        "返回它们的乘积。",
    ],
)
def test_time_words_and_lookalikes_are_not_when(text):
    assert not says_when(text)
