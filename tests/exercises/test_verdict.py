"""Tests for handagent.exercises: the Verdict's lines and `attempt`, in both editions."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises import Verdict, attempt
from handagent.language import use_language


def boom():
    raise ValueError("boom")


def test_a_verdict_without_problems_passes():
    verdict = Verdict("01 · x")
    assert verdict.passed and str(verdict) == "✓ 01 · x: all checks pass."


def test_a_verdict_lists_and_counts_its_problems():
    verdict = Verdict("01 · x", ("one", "two"))
    assert not verdict.passed
    assert str(verdict) == "✗ 01 · x: not yet, 2 problem(s):\n  - one\n  - two"


@in_chinese
def test_the_chinese_edition_says_the_verdict_in_chinese():
    assert str(Verdict("x")) == "✓ x：全部检查通过。"
    assert str(Verdict("x", ("一",))) == "✗ x：还没通过，有 1 个问题：\n  - 一"


@in_chinese
def test_a_verdict_keeps_the_language_it_was_made_in():
    verdict = Verdict("x", ("一",))
    use_language("en")
    assert str(verdict).startswith("✗ x：还没通过")
    assert verdict == Verdict("x", ("一",))  # the heading is how it reads, not what it found


def test_attempt_returns_the_value_or_what_was_raised():
    assert attempt(len, [1, 2]) == (2, None)
    assert attempt(boom) == (None, "raised ValueError: boom")


@in_chinese
def test_attempt_says_what_was_raised_in_chinese_keeping_python_s_words():
    assert attempt(boom) == (None, "抛出了 ValueError: boom")
