"""Tests for handagent.language: one setting per notebook, English where no translation exists."""

import pytest
from editions import english_afterwards  # noqa: F401 - the fixture is autouse
from hypothesis import given
from hypothesis import strategies as st

from handagent.language import current_language, pick, use_language


def test_english_is_the_default_and_picks_the_english_sentence():
    assert current_language() == "en" and pick("Hello", "你好") == "Hello"


def test_the_chinese_edition_picks_chinese_and_falls_back_to_english():
    assert use_language("zh-CN") == "zh-CN"
    assert pick("Hello", "你好") == "你好" and pick("Only English") == "Only English"


def test_an_unknown_language_names_the_editions():
    with pytest.raises(ValueError, match=r"'fr' is not an edition of the series; use one of en,"):
        use_language("fr")


def test_a_chinese_character_takes_two_columns_and_fit_cuts_by_columns():
    from handagent.language import columns, fit

    assert columns("ab") == 2 and columns("没有结果") == 8
    assert fit("abcdef", 4) == "abc…" and fit("没有结果", 5) == "没有…" and fit("ab", 4) == "ab"


def test_wrap_breaks_at_spaces_and_hangs_what_follows_under_a_marker():
    from handagent.language import wrap

    assert wrap("  - one two three", 12) == "  - one two\n    three"
    assert wrap("2. a question that goes on", 15) == "2. a question\n   that goes on"
    assert wrap("短句", 10) == "短句"


@given(st.text(st.sampled_from("ab 时间-→.1)\n"), max_size=200), st.integers(8, 100))
def test_every_wrapped_line_fits_and_no_word_is_lost(text, limit):
    from handagent.language import columns, wrap

    wrapped = wrap(text, limit)
    assert all(columns(line) <= limit for line in wrapped.split("\n"))
    assert "".join(wrapped.split()) == "".join(text.split())


def test_a_chinese_line_never_starts_with_a_comma_or_a_full_stop():
    from handagent.language import wrap

    wrapped = wrap("上下文窗口用完了，回复被截断。", 16).splitlines()
    assert "".join(wrapped) == "上下文窗口用完了，回复被截断。"
    assert not any(line[0] in "，。了" for line in wrapped)


def test_wrap_never_starts_a_line_with_a_closing_mark():
    from handagent.language import wrap

    # "外泄" fills the line exactly: "？" would start the next one, so "外泄" goes with it
    assert wrap("什么能挡住这次外泄？", 14) == "什么能挡住这次\n外泄？"
    assert wrap("一二三四，五六", 8) == "一二\n三四，\n五六"  # and "四，" not alone
    assert wrap("一二（三）四", 8) == "一二\n（三）四"


def test_wrap_never_ends_a_line_with_an_opening_mark():
    from handagent.language import wrap

    assert wrap("工具本身（tool.read_only）", 20) == "工具本身\n（tool.read_only）"
    assert wrap("他说“好的”", 6) == "他说\n“好的”"


def test_wrap_leaves_no_single_chinese_character_alone_at_a_line_start():
    from handagent.language import wrap

    assert wrap("refund_order 运行了", 18) == "refund_order 运\n行了"  # not "运行\n了"
    assert wrap("调用已经有了回答", 10) == "调用已经\n有了回答"  # 了 stays with 有
    assert wrap("一二三四五六。", 12) == "一二三四\n五六。"  # not "六。" alone
    assert wrap("一二三四五六", 10) == "一二三四\n五六"  # the last character not alone either
