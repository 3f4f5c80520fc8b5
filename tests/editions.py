"""Helpers for tests that run in both editions. A test module imports both names:

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

@in_chinese
def test_the_hint_is_in_chinese(): ...
"""

import functools

import pytest

from handagent.language import use_language


@pytest.fixture(autouse=True)
def english_afterwards():
    """Every test ends in the English edition, whatever language it set."""
    yield
    use_language("en")


def in_chinese(test):
    """Run a test in the zh-CN edition; `english_afterwards` sets English back."""

    @functools.wraps(test)  # pytest reads the fixtures and parameters through __wrapped__
    def in_the_chinese_edition(*args, **kwargs):
        use_language("zh-CN")
        return test(*args, **kwargs)

    return in_the_chinese_edition
