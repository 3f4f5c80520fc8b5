"""Chapter 09 exercise: the dispatch checker passes the package's own next_move and names the
case a plausible wrong dispatch mishandles, in both editions."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch09 import CASES, check_dispatch
from handagent.runtime.loop import next_move
from handagent.runtime.protocol import tool_calls

REASONS = {"tool_use", "stop", "length", "pause", "refusal", "error", "aborted"}


def only_tool_use(reply, max_tokens):  # chapter 08's loop: go on only after tool_use
    return "ask_again" if reply.stop_reason == "tool_use" else "done"


def no_window(reply, max_tokens):  # every length is max_tokens
    if reply.stop_reason == "length":
        return "ask_again" if tool_calls(reply) else "cut"
    return next_move(reply, max_tokens)


def test_the_packages_own_dispatch_passes():
    assert check_dispatch(next_move).passed


def test_the_cases_cover_every_stop_reason():
    assert {reply.stop_reason for _, _, reply, _, _ in CASES} == REASONS


def test_a_dispatch_that_goes_on_only_after_tool_use_is_told_each_case_it_mishandles():
    verdict = check_dispatch(only_tool_use)
    assert not verdict.passed
    named = "\n".join(verdict.problems)
    assert "tool_use with no call: returned 'ask_again', expected 'done'" in named
    assert "pause: returned 'done', expected 'ask_again'" in named
    assert "refusal with a call: returned 'done', expected 'refusal'" in named


def test_a_dispatch_that_forgets_the_context_window_is_told_that_one_case():
    verdict = check_dispatch(no_window)
    assert verdict.problems == (
        "length, shorter than max_tokens: returned 'cut', expected 'window' (max_tokens was not "
        "reached: the context window is full)",
    )


def test_a_dispatch_that_raises_is_reported_not_raised():
    def broken(reply, max_tokens):
        raise KeyError(reply.stop_reason)

    assert "raised KeyError" in check_dispatch(broken).problems[0]


@in_chinese
def test_the_verdict_is_in_chinese():
    verdict = check_dispatch(no_window)
    assert verdict.problems == (
        "length，比 max_tokens 短：返回了 'cut'，应为 'window'（没到 max_tokens：上下文窗口满了）",
    )
    assert verdict.heading.startswith("✗ 09 · 停止原因的分派")
