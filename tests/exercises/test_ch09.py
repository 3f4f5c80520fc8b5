"""Chapter 09 exercise: the dispatch checker passes the package's own next_move and names the
case a plausible wrong dispatch mishandles, in both editions: among them the learner simulation's
wrong answers that once passed (a cut call asked again when the window is full; a "stop" whose
call is never read)."""

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch09 import CASES, check_dispatch
from handagent.runtime.loop import next_move
from handagent.runtime.protocol import tool_calls

REASONS = {"tool_use", "stop", "length", "window", "pause", "refusal", "error", "aborted"}


def only_tool_use(reply):  # chapter 08's loop: go on only after tool_use
    return "ask_again" if reply.stop_reason == "tool_use" else "done"


def same_limit(reply):  # a cut call asked again at the same max_tokens; cut text ends the run
    if reply.stop_reason == "length":
        return "ask_again" if tool_calls(reply) else "cut"
    return next_move(reply)


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


def test_a_dispatch_that_asks_again_at_the_same_limit_is_told_both_cut_cases():
    verdict = check_dispatch(same_limit)
    assert verdict.problems == (
        "length, a call cut at max_tokens: returned 'ask_again', expected 'ask_longer' (the cut "
        "call was refused; ask again with a higher max_tokens, as the docs advise)",
        "length, text cut at max_tokens: returned 'cut', expected 'ask_longer' (ask again with a "
        "higher max_tokens; continuing the cut text would be a prefill)",
    )


def calls_first(reply):  # any call is asked again, unless the turn was declined or stopped
    if reply.stop_reason in ("refusal", "error", "aborted", "length"):
        return next_move(reply)
    return "ask_again" if tool_calls(reply) or reply.stop_reason == "pause" else next_move(reply)


def test_a_dispatch_that_asks_again_for_any_call_is_told_the_window_stops_a_cut_call_too():
    assert check_dispatch(calls_first).problems == (
        "window, a call cut by it: returned 'ask_again', expected 'window' (its cut call was "
        "refused, and asking again overflows again: the history must shrink)",
    )


def test_a_dispatch_that_ends_on_stop_is_told_a_stop_with_a_call_has_a_result_to_read():
    def stop_is_done(reply):
        return "done" if reply.stop_reason == "stop" else next_move(reply)

    (problem,) = check_dispatch(stop_is_done).problems
    assert problem.startswith("stop with a call (as some compatible servers send it): returned")


def test_every_case_is_labelled_with_what_its_reply_holds():
    for english, _, reply, *_ in CASES:
        calls = len(tool_calls(reply))
        if "two calls" in english:
            assert calls == 2, english
        elif "no call" in english or english in ("stop (end_turn)", "window", "pause"):
            assert calls == 0, english
        elif "call" in english:
            assert calls == 1, english


def test_a_dispatch_that_raises_is_reported_not_raised():
    def broken(reply):
        raise KeyError(reply.stop_reason)

    assert "raised KeyError" in check_dispatch(broken).problems[0]


@in_chinese
def test_the_verdict_is_in_chinese():
    verdict = check_dispatch(same_limit)
    assert verdict.problems[1] == (
        "length，文字在 max_tokens 处被截断：返回了 'cut'，应为 'ask_longer'"
        "（调高 max_tokens 再问一次；接着写被截断的文字就成了预填）"
    )
    assert verdict.heading.startswith("✗ 09 · 停止原因的分派")
