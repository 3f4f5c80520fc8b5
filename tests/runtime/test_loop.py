"""The agent loop, driven by scripted replies: every stop reason's move, every bound, interrupts
and resuming from the log. No test waits on the clock: the model is a list of replies."""

import threading
from typing import get_args

import pytest
from builders import assistant
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse
from hypothesis import event, given, settings
from hypothesis import strategies as st

from handagent.api.checks import check_request
from handagent.api.models import DEFAULT
from handagent.api.rejections import Rejection
from handagent.examples import ADDER, CLOCK
from handagent.runtime import session_log
from handagent.runtime.adapters import to_anthropic
from handagent.runtime.bounds import Bounds
from handagent.runtime.loop import next_move, run_loop
from handagent.runtime.protocol import (
    AssistantMessage,
    StopDetails,
    StopReason,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    UserMessage,
    assistant_aborted,
    assistant_from_error,
    tool_calls,
    user_text,
)
from handagent.runtime.repair import INTERRUPTED, TRUNCATED, repair, unanswered_calls
from handagent.runtime.senders import scripted
from handagent.tools import Tool

ASK = user_text("What is 1 + 2?", timestamp=1.0)
ADD = ToolCall("c1", "add", {"a": 1, "b": 2})
DONE = assistant(TextBlock("3."), stop_reason="stop")


def results_of(run) -> list[ToolResultMessage]:
    return [m for m in run.messages if isinstance(m, ToolResultMessage)]


def test_a_tool_call_is_run_and_answered_and_the_run_ends_when_the_model_stops():
    run = run_loop([ASK], [ADDER], scripted(assistant(ADD), DONE))
    assert run.ending == "done"
    assert [m.role for m in run.messages] == ["user", "assistant", "tool_result", "assistant"]
    assert results_of(run)[0].content == (TextBlock("3"),)
    assert run.note.startswith("Done: the model ended its turn")


def test_the_next_request_carries_the_calls_results():
    send = scripted(assistant(ADD), DONE)
    run_loop([ASK], [ADDER], send)
    assert send.requests[1][-1].tool_call_id == "c1"


def test_the_turn_bound_stops_the_run_and_says_so():
    again = [assistant(ToolCall(f"c{n}", "add", {"a": n, "b": 1})) for n in range(9)]
    send = scripted(*again)
    run = run_loop([ASK], [ADDER], send, bounds=Bounds(turns=3))
    assert (run.ending, run.spent.turns, len(send.requests)) == ("turns", 3, 3)
    assert run.note.startswith("Stopped at the turn bound (3). So far: 3 request(s)")
    assert not unanswered_calls(list(run.messages))


def test_the_token_bound_stops_before_the_next_request():
    big = Usage(600, 100)
    replies = [assistant(ToolCall(f"c{n}", "add", {"a": 1, "b": 1}), usage=big) for n in range(5)]
    run = run_loop([ASK], [ADDER], scripted(*replies), bounds=Bounds(tokens=1_000))
    assert (run.ending, run.spent.turns, run.spent.tokens) == ("tokens", 2, 1_400)
    assert "token bound (1,000)" in run.note


def test_the_money_bound_prices_each_reply_at_the_catalogue_list_price():
    from handagent.llm import settings

    costly = Usage(1_000_000, 0)  # a million tokens in: dollars, whatever the model's price
    replies = [assistant(ToolCall(f"c{n}", "add", {"a": 1, "b": 1}), model=settings().model,
                         usage=costly) for n in range(5)]  # fmt: skip
    run = run_loop([ASK], [ADDER], scripted(*replies), bounds=Bounds(tokens=10**9, dollars=0.01))
    assert (run.ending, run.spent.turns) == ("dollars", 1)
    assert run.spent.dollars > 0.01
    assert "money bound ($0.01)" in run.note


def test_a_paused_turn_is_sent_back_as_it_is():
    paused = assistant(TextBlock("Searching..."), stop_reason="pause")
    send = scripted(paused, DONE)
    run = run_loop([ASK], [ADDER], send)
    assert run.ending == "done"
    assert send.requests[1][-1] is paused


def test_a_call_cut_by_max_tokens_is_refused_and_the_model_asked_again():
    cut = assistant(ToolCall("c1", "add", None, '{"a": 1, "b'), stop_reason="length",
                    usage=Usage(10, 1024))  # fmt: skip
    run = run_loop([ASK], [ADDER], scripted(cut, assistant(ADD), DONE))
    assert run.ending == "done"
    first = results_of(run)[0]
    assert first.is_error and first.content == (TextBlock(TRUNCATED),)


def test_text_cut_by_max_tokens_ends_the_run_saying_it_is_incomplete():
    cut = assistant(TextBlock("The answer is"), stop_reason="length", usage=Usage(10, 64))
    run = run_loop([ASK], [ADDER], scripted(cut), max_tokens=64)
    assert run.ending == "cut"
    assert "cut at max_tokens" in run.note


def test_a_reply_shorter_than_max_tokens_but_cut_means_the_context_window_is_full():
    cut = assistant(ADD, stop_reason="length", usage=Usage(199_000, 40))
    run = run_loop([ASK], [ADDER], scripted(cut), max_tokens=1024)
    assert run.ending == "window"
    assert "context window is full" in run.note
    assert not unanswered_calls(list(run.messages))


def test_a_refusal_ends_the_run_with_its_reason_and_its_calls_not_run():
    declined = assistant(ADD, stop_reason="refusal",
                         stop_details=StopDetails("refusal", "cyber", "Declined."))  # fmt: skip
    run = run_loop([ASK], [ADDER], scripted(declined))
    assert run.ending == "refusal"
    assert "cyber: Declined." in run.note
    assert results_of(run)[0].content[0].text.startswith("Not run")


def test_a_provider_error_ends_the_run_quoting_the_provider():
    failed = assistant_from_error("anthropic (h): HTTP 400 invalid_request_error: no", "m", "p")
    run = run_loop([ASK], [ADDER], scripted(failed))
    assert run.ending == "error"
    assert "HTTP 400 invalid_request_error: no" in run.note


def test_an_aborted_request_ends_the_run_as_interrupted():
    run = run_loop([ASK], [ADDER], scripted(assistant_aborted([], "m", "p")))
    assert run.ending == "interrupted"


def test_a_tool_that_raises_is_an_error_result_and_the_run_goes_on():
    def broken(**_):
        raise RuntimeError("disk full")

    tool = Tool("add", ADDER.description, ADDER.input_schema, broken)
    run = run_loop([ASK], [tool], scripted(assistant(ADD), DONE))
    assert run.ending == "done"
    assert "RuntimeError: disk full" in results_of(run)[0].content[0].text


def test_ctrl_c_in_a_tool_answers_every_call_and_the_log_resumes_the_same_conversation(tmp_path):
    def stopped(**_):
        raise KeyboardInterrupt

    log = tmp_path / "run.jsonl"
    session_log.append(log, ASK)
    both = assistant(ToolCall("c1", "get_current_time", {}), ToolCall("c2", "add", {"a": 1}))
    tool = Tool("get_current_time", CLOCK.description, CLOCK.input_schema, stopped)
    run = run_loop([ASK], [tool, ADDER], scripted(both), log=log)
    assert run.ending == "interrupted"
    assert [r.content[0].text for r in results_of(run)] == [INTERRUPTED, INTERRUPTED]
    assert session_log.load(log) == list(run.messages)

    send = scripted(DONE)
    resumed = run_loop(session_log.load(log), [CLOCK, ADDER], send, log=log)
    assert send.requests[0] == list(run.messages)
    assert resumed.ending == "done"
    assert session_log.load(log) == list(resumed.messages)


def test_a_resumed_history_with_calls_unanswered_runs_them_first():
    send = scripted(DONE)
    run = run_loop([ASK, assistant(ADD)], [ADDER], send)
    assert [m.role for m in send.requests[0]] == ["user", "assistant", "tool_result"]
    assert run.ending == "done"


def test_a_log_cut_after_a_refusal_gets_its_calls_answered_and_waits_for_the_user(tmp_path):
    log = tmp_path / "run.jsonl"
    declined = assistant(ADD, stop_reason="refusal")
    send = scripted()
    run = run_loop([ASK, declined], [ADDER], send, log=log)
    assert (run.ending, send.requests) == ("waiting", [])
    assert run.note.startswith("Nothing to send: the model had the last word")
    assert not unanswered_calls(list(run.messages))
    assert [m.role for m in session_log.load(log)] == ["tool_result"]


def test_a_failed_last_request_is_kept_in_the_history_but_not_sent_again():
    failed = assistant_from_error("boom", "m", "p")
    send = scripted(DONE)
    run = run_loop([ASK, failed], [ADDER], send)
    assert send.requests[0] == [ASK]
    assert run.messages[:2] == (ASK, failed)


def test_every_step_is_reported_as_a_progress_line():
    lines = []
    run_loop([ASK], [ADDER], scripted(assistant(ADD), DONE), on_step=lambda s: lines.append(str(s)))
    assert lines[0] == "turn 1 · tool_use · 1 call: add · 2 tokens · $0.0000"
    assert lines[1].startswith("turn 2 · stop · 4 tokens")


@in_chinese
def test_the_note_and_the_progress_line_are_in_chinese():
    lines = []
    run = run_loop([ASK], [ADDER], scripted(assistant(ADD), DONE), bounds=Bounds(turns=1),
                   on_step=lambda s: lines.append(str(s)))  # fmt: skip
    assert run.note.startswith("到了轮数上限（1）。到目前为止：1 次请求")
    assert lines == ["第 1 轮 · tool_use · 1 个调用：add · 2 token · $0.0000"]


def test_every_call_of_every_run_has_exactly_one_result():
    replies = [assistant(ADD), assistant(ToolCall("c1", "add", {"a": 2, "b": 2})), DONE]
    run = run_loop([ASK], [ADDER], scripted(*replies))
    calls = [c.id for m in run.messages for c in tool_calls(m)]
    assert len(results_of(run)) == len(calls) == 2


# The property: random scripts of replies (every stop reason; calls to a tool that works, one
# that raises, one that times out, one that meets the stop button, one that does not exist),
# random bounds, Ctrl-C at random steps. No example waits on the clock: the slow tool waits on
# an event nobody sets before the module ends, against a timeout of a millisecond.
NEVER = threading.Event()


@pytest.fixture(autouse=True, scope="module")
def release_the_slow_tools():
    yield
    NEVER.set()  # the abandoned threads finish, so the interpreter can exit


def _raise(error):
    def tool(**_):
        raise error

    return tool


SCHEMA = {"type": "object", "properties": {}}
PROPERTY_TOOLS = [
    ADDER,
    Tool("fail", "Always fails.", SCHEMA, _raise(RuntimeError("broken"))),
    Tool("slow", "Never finishes in time.", SCHEMA, lambda: NEVER.wait(), timeout=0.001),
    Tool("stop_button", "Pressed mid-call.", SCHEMA, _raise(KeyboardInterrupt())),
]
NAMES = ["add", "fail", "slow", "stop_button", "nope"]
MAX_TOKENS = 256


@st.composite
def replies(draw, turn: int) -> AssistantMessage:
    reason = draw(st.sampled_from(get_args(StopReason)))
    content = [TextBlock(draw(st.sampled_from(["Working.", "Done.", "我来看看。"])))] * draw(
        st.booleans()
    )
    if reason not in ("pause", "error"):  # a pause never leaves a client call waiting (§4.4)
        for n in range(draw(st.integers(0, 3))):
            name = draw(st.sampled_from(NAMES))
            arguments = {"a": 1, "b": 2} if name == "add" else {}
            if reason == "length" and draw(st.booleans()):
                content.append(ToolCall(f"t{turn}_{n}", name, None, '{"a": 1, "'))
            else:
                content.append(ToolCall(f"t{turn}_{n}", name, arguments))
    if reason == "error":
        content = []
    out = MAX_TOKENS if reason == "length" and draw(st.booleans()) else draw(st.integers(1, 200))
    usage = Usage(draw(st.integers(1, 3_000)), out)
    extra = {"error_message": "anthropic (h): HTTP 500 api_error: x"} if reason == "error" else {}
    if reason == "refusal":
        extra = {"stop_details": StopDetails("refusal", "cyber", "Declined.")}
    return assistant(*content, stop_reason=reason, model=DEFAULT, usage=usage, **extra)


@st.composite
def scripts(draw) -> list[AssistantMessage]:
    return [draw(replies(turn)) for turn in range(draw(st.integers(1, 7)))]


def _wire(messages: list) -> list[dict]:
    return to_anthropic(messages, model=DEFAULT)


def _accepted(messages: list) -> None:
    body = {"model": DEFAULT, "max_tokens": MAX_TOKENS, "messages": _wire(messages),
            "tools": [tool.menu_entry() for tool in PROPERTY_TOOLS]}  # fmt: skip
    check_request(body, catalogue_only=True)


def _queue(script: list, stop_at: int | None):
    """A send for the script (then "Done." forever), and an on_step pressing Ctrl-C at a step."""
    send = scripted(*script, *[DONE] * 20)

    def on_step(step):
        if step.turn == stop_at:
            raise KeyboardInterrupt

    return send, on_step


@settings(max_examples=120)
@given(
    script=scripts(),
    turns=st.integers(1, 6),
    tokens=st.integers(100, 40_000),
    dollars=st.sampled_from([0.0003, 0.001, 1.0]),
    stop_at=st.none() | st.integers(1, 6),
)
def test_random_runs_keep_a_valid_history_within_their_bounds_and_resume_it(
    tmp_path_factory, script, turns, tokens, dollars, stop_at
):
    log = tmp_path_factory.mktemp("run") / "run.jsonl"
    session_log.append(log, ASK)
    bounds = Bounds(turns=turns, tokens=tokens, dollars=dollars)
    send, on_step = _queue(script, stop_at)
    run = run_loop([ASK], PROPERTY_TOOLS, send, bounds=bounds, max_tokens=MAX_TOKENS,
                   log=log, on_step=on_step)  # fmt: skip
    history = list(run.messages)
    event(f"ended: {run.ending}")  # --hypothesis-show-statistics: every ending is reached

    # every request the API's checks accept; a paused turn goes back as is, and the neutral
    # protocol keeps no server-tool blocks (adapters skip them): today's models call that a
    # prefill, which is the one rejection a request may meet
    for request in send.requests:
        if _wire(request)[-1]["role"] == "assistant":
            assert request[-1].stop_reason == "pause"
            with pytest.raises(Rejection, match="does not support assistant message prefill"):
                _accepted(request)
        else:
            _accepted(request)
    # every call has exactly one result, right after its reply
    calls = [call.id for message in history for call in tool_calls(message)]
    answered = [m.tool_call_id for m in history if isinstance(m, ToolResultMessage)]
    assert sorted(calls) == sorted(answered) and repair(history) == history
    # no bound exceeded: no request once one was reached
    replies_sent = [m for m in history[1:] if isinstance(m, AssistantMessage)]
    assert len(send.requests) == run.spent.turns == len(replies_sent) <= bounds.turns
    before_last = replies_sent[:-1]
    assert sum(r.usage.input_tokens + r.usage.output_tokens for r in before_last) < bounds.tokens
    # the log is the history, and a resumed run continues the same conversation
    assert session_log.load(log) == history
    resend = scripted(DONE)
    resumed = run_loop(session_log.load(log), PROPERTY_TOOLS, resend, log=log)
    assert resumed.messages[: len(history)] == tuple(history)
    last = history[-1]
    if isinstance(last, ToolResultMessage | UserMessage):
        assert resend.requests[0] == history
    elif last.stop_reason in ("error", "aborted") and not tool_calls(last):
        assert resend.requests[0] == history[:-1]  # the failed record is kept, not sent
    elif last.stop_reason == "pause":
        assert resend.requests[0] == history
    else:  # the model had the last word: nothing is sent
        assert (resend.requests, resumed.ending) == ([], "waiting")


@pytest.mark.parametrize(
    ("reply", "move"),
    [
        (assistant(ADD), "ask_again"),
        (assistant(TextBlock("Hm."), stop_reason="tool_use"), "done"),  # no call after all
        (assistant(ADD, stop_reason="stop"), "ask_again"),  # a server that says stop by calls
        (assistant(TextBlock("Searching"), stop_reason="pause"), "ask_again"),
        (assistant(ADD, stop_reason="length", usage=Usage(1, 100)), "ask_again"),
        (assistant(TextBlock("The"), stop_reason="length", usage=Usage(1, 100)), "cut"),
        (assistant(TextBlock("The"), stop_reason="length", usage=Usage(1, 99)), "window"),
        (assistant(ADD, stop_reason="refusal"), "refusal"),
        (assistant(stop_reason="error"), "error"),
        (assistant(ADD, stop_reason="aborted"), "interrupted"),
        (DONE, "done"),
    ],
)
def test_next_move_has_a_move_for_every_stop_reason(reply, move):
    assert next_move(reply, max_tokens=100) == move
