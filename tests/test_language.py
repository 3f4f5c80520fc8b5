"""Tests for handagent.language: one setting per notebook, English where no translation exists."""

import pytest
from editions import english_afterwards  # noqa: F401 - the fixture is autouse

from handagent.language import current_language, pick, use_language


def test_english_is_the_default_and_picks_the_english_sentence():
    assert current_language() == "en" and pick("Hello", "你好") == "Hello"


def test_the_chinese_edition_picks_chinese_and_falls_back_to_english():
    assert use_language("zh-CN") == "zh-CN"
    assert pick("Hello", "你好") == "你好" and pick("Only English") == "Only English"


def test_an_unknown_language_names_the_editions():
    with pytest.raises(ValueError, match=r"'fr' is not an edition of the series; use one of en,"):
        use_language("fr")
