"""The agent loop, driven by scripted replies: every stop reason's move, every bound, interrupts
and resuming from the log. No test waits on the clock: the model is a list of replies, and a
tool that must be slow waits on an event. The property at the end runs random scripts with
random tools, interrupts and crashes, resumed until they end (`test_loop_resumes.py` has the
review's reproductions of what used to go wrong)."""

from typing import get_args

import pytest
from builders import assistant
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.api.models import DEFAULT
from handagent.examples import ADDER
from handagent.runtime.bounds import Bounds
from handagent.runtime.loop import NONSTREAMING_MAX_TOKENS, next_move, run_loop
from handagent.runtime.protocol import (
    ServerBlock,
    StopDetails,
    StopReason,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    assistant_aborted,
    assistant_from_error,
    tool_calls,
    user_text,
)
from handagent.runtime.repair import TRUNCATED, unanswered_calls
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
    assert run.note.startswith("Stopped at the turn bound (3).\nSo far: 3 request(s)")
    assert not unanswered_calls(list(run.messages))


def test_the_token_bound_is_asked_with_the_next_requests_worst_case_before_it_is_sent():
    # Each reply spends 700; a request may take its prompt and its whole max_tokens (256) more.
    big = Usage(600, 100)
    replies = [assistant(ToolCall(f"c{n}", "add", {"a": 1, "b": 1}), usage=big) for n in range(9)]
    send = scripted(*replies)
    run = run_loop([ASK], [ADDER], send, bounds=Bounds(tokens=2_500), max_tokens=256)
    assert (run.ending, run.spent.turns, run.spent.tokens) == ("tokens", 3, 2_100)
    assert "Stopped before the token bound (2,500)" in run.note  # 2,100 + 256 + its prompt > it


def test_no_request_is_sent_whose_max_tokens_alone_could_break_the_token_bound():
    send = scripted(DONE)
    run = run_loop([ASK], [ADDER], send, bounds=Bounds(tokens=1_000), max_tokens=1_024)
    assert (run.ending, send.requests) == ("tokens", [])


def test_cache_reads_and_writes_count_as_tokens_and_are_priced_as_the_meter_prices_them():
    from handagent.cost import Call, dollars

    cached = Usage(10, 20, cache_read_tokens=50_000, cache_write_5m_tokens=2_000)
    reply = assistant(ADD, model=DEFAULT, usage=cached)
    run = run_loop([ASK], [ADDER], scripted(reply, DONE))
    assert run.spent.tokens == 10 + 20 + 50_000 + 2_000 + 2  # DONE: one in, one out
    assert run.spent.dollars == pytest.approx(dollars(Call(DEFAULT, 10, 20, 50_000, 2_000)))


def test_the_money_bound_prices_each_reply_at_the_catalogue_list_price():
    costly = Usage(1_000_000, 0)  # a million tokens in: dollars, whatever the model's price
    replies = [assistant(ToolCall(f"c{n}", "add", {"a": 1, "b": 1}), model=DEFAULT,
                         usage=costly) for n in range(5)]  # fmt: skip
    run = run_loop([ASK], [ADDER], scripted(*replies), bounds=Bounds(tokens=10**9, dollars=0.01))
    assert (run.ending, run.spent.turns) == ("dollars", 1)
    assert run.spent.dollars > 0.01
    assert "money bound ($0.01)" in run.note


def test_a_paused_turn_is_sent_back_as_it_is_its_server_blocks_included():
    search = ServerBlock({"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search",
                          "input": {"query": "weather"}})  # fmt: skip
    paused = assistant(TextBlock("Searching..."), search, stop_reason="pause")
    send = scripted(paused, DONE)
    run = run_loop([ASK], [ADDER], send)
    assert run.ending == "done"
    assert send.requests[1][-1] is paused


def test_a_call_cut_by_max_tokens_is_refused_and_the_model_asked_again_with_twice_the_room():
    cut = assistant(ToolCall("c1", "add", None, '{"a": 1, "b'), stop_reason="length",
                    model=DEFAULT, usage=Usage(10, 1024))  # fmt: skip
    send = scripted(cut, assistant(ADD), DONE)
    run = run_loop([ASK], [ADDER], send, max_tokens=1024)
    assert run.ending == "done"
    first = results_of(run)[0]
    assert first.is_error and first.content == (TextBlock(TRUNCATED),)
    assert send.max_tokens == [1024, 2048, 2048]  # the docs: retry with a higher max_tokens


def test_text_cut_by_max_tokens_is_kept_but_not_sent_and_asked_again_with_more_room():
    cut = assistant(TextBlock("The answer is"), stop_reason="length", model=DEFAULT,
                    usage=Usage(10, 64))  # fmt: skip
    send = scripted(cut, DONE)
    run = run_loop([ASK], [ADDER], send, max_tokens=64)
    assert run.ending == "done" and send.max_tokens == [64, 128]
    assert send.requests[1] == [ASK]  # continuing cut text would be a prefill
    assert run.messages == (ASK, cut, DONE)  # the log keeps the record


def test_text_cut_twice_in_a_row_is_never_sent_back_as_a_prefill():
    cut = assistant(TextBlock("The answer is"), stop_reason="length", model=DEFAULT,
                    usage=Usage(10, 64))  # fmt: skip
    send = scripted(cut, cut, DONE)
    run = run_loop([ASK], [ADDER], send, max_tokens=64)
    assert run.ending == "done" and send.max_tokens == [64, 128, 256]
    assert send.requests[2] == [ASK]  # neither cut reply goes back (the mock found it: a 400)


def test_a_reply_cut_at_the_most_max_tokens_can_be_ends_the_run_as_cut():
    most = NONSTREAMING_MAX_TOKENS
    cut = assistant(TextBlock("The answer is"), stop_reason="length", model=DEFAULT,
                    usage=Usage(10, most))  # fmt: skip
    run = run_loop([ASK], [ADDER], scripted(cut), max_tokens=most, bounds=Bounds(tokens=10**6))
    assert run.ending == "cut"
    assert "could not be raised further" in run.note


def test_a_full_context_window_ends_the_run_with_its_calls_refused():
    full = assistant(ADD, stop_reason="window", usage=Usage(199_000, 40))
    run = run_loop([ASK], [ADDER], scripted(full))
    assert run.ending == "window"
    assert "context window is full" in run.note
    assert results_of(run)[0].content == (TextBlock(TRUNCATED),)


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

    tool = Tool("add", ADDER.description, ADDER.input_schema, broken, read_only=True)
    run = run_loop([ASK], [tool], scripted(assistant(ADD), DONE))
    assert run.ending == "done"
    assert "RuntimeError: disk full" in results_of(run)[0].content[0].text


def test_an_effect_runs_only_with_the_programs_approval_and_fails_closed_without_one():
    done = []
    refund = Tool("refund", "Refund an order.", {"type": "object", "properties": {}},
                  lambda: done.append(1) or "refunded")  # fmt: skip
    call = assistant(ToolCall("r1", "refund", {}))
    run = run_loop([ASK], [refund], scripted(call, DONE))  # nobody approves: the default
    assert done == [] and results_of(run)[0].content == (
        TextBlock("Not run: the program's approver did not approve refund."),
    )


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
    assert run.note.startswith("到了轮数上限（1）。\n到目前为止：1 次请求")
    assert lines == ["第 1 轮 · tool_use · 1 个调用：add · 2 token · $0.0000"]


def test_every_call_of_every_run_has_exactly_one_result():
    replies = [assistant(ADD), assistant(ToolCall("c1", "add", {"a": 2, "b": 2})), DONE]
    run = run_loop([ASK], [ADDER], scripted(*replies))
    calls = [c.id for m in run.messages for c in tool_calls(m)]
    assert len(results_of(run)) == len(calls) == 2


@pytest.mark.parametrize(
    ("reply", "move"),
    [
        (assistant(ADD), "ask_again"),
        (assistant(TextBlock("Hm."), stop_reason="tool_use"), "done"),  # no call after all
        (assistant(ADD, stop_reason="stop"), "ask_again"),  # a server that says stop by calls
        (assistant(TextBlock("Searching"), stop_reason="pause"), "ask_again"),
        (assistant(ADD, stop_reason="length"), "ask_longer"),
        (assistant(TextBlock("The"), stop_reason="length"), "ask_longer"),
        (assistant(TextBlock("The"), stop_reason="window"), "window"),
        (assistant(ADD, stop_reason="refusal"), "refusal"),
        (assistant(stop_reason="error"), "error"),
        (assistant(ADD, stop_reason="aborted"), "interrupted"),
        (DONE, "done"),
    ],
)
def test_next_move_has_a_move_for_every_stop_reason(reply, move):
    assert next_move(reply) == move


def test_the_table_above_covers_every_stop_reason():
    covered = {"tool_use", "stop", "pause", "length", "window", "refusal", "error", "aborted"}
    assert covered == set(get_args(StopReason))


def test_text_cut_twice_is_left_out_of_every_later_request_not_only_the_last():
    # a reply cut at 1024 and again at 2048: both are records; sending the first would be a
    # prefill, and a later question's request must hold neither (the model never saw them)
    cut = assistant(TextBlock("The answer is"), stop_reason="length", model=DEFAULT,
                    usage=Usage(10, 64))  # fmt: skip
    send = scripted(cut, cut, DONE, DONE)
    run = run_loop([ASK], [ADDER], send, max_tokens=64)
    assert run.ending == "done" and send.requests[2] == [ASK]
    again = user_text("And 2 + 2?", timestamp=2.0)
    run_loop([*run.messages, again], [ADDER], send)
    assert send.requests[3] == [ASK, DONE, again]
