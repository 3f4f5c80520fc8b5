"""Tests for runtime.repair, named after the broken histories real agents produce."""

import copy

from builders import assistant
from hypothesis import given
from strategies import histories

from handagent.runtime.protocol import (
    AssistantMessage,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    tool_calls,
    tool_result_message,
    user_text,
)
from handagent.runtime.repair import INTERRUPTED, TRUNCATED, repair, unanswered_calls

READ = ToolCall("toolu_01A", "read_file", {"path": "src/math.ts"})
EDIT = ToolCall("toolu_01B", "edit_file", {"path": "src/math.ts"})


def ok(call: ToolCall, text="ok") -> ToolResultMessage:
    return tool_result_message(call, text, timestamp=20.0)


def test_a_call_without_result_gets_an_error_result_before_the_next_user_message():
    turn = assistant(READ)
    repaired = repair([user_text("fix it", 1.0), turn, user_text("hello?", 30.0)])
    synthetic = repaired[2]
    assert synthetic.tool_call_id == READ.id and synthetic.tool_name == READ.name
    assert synthetic.is_error and synthetic.content == (TextBlock(INTERRUPTED),)
    assert synthetic.timestamp == turn.timestamp  # same history, same bytes
    assert repaired[3] == user_text("hello?", 30.0)


def test_each_call_of_an_aborted_message_gets_a_result():
    turn = assistant(READ, EDIT, stop_reason="aborted")
    repaired = repair([user_text("fix it", 1.0), turn])  # aborted at the very end
    assert [r.tool_call_id for r in repaired[2:]] == [READ.id, EDIT.id]
    assert all(r.is_error for r in repaired[2:])


def test_each_call_of_a_refused_message_gets_a_result_even_at_the_end():
    repaired = repair([user_text("do it", 1.0), assistant(READ, EDIT, stop_reason="refusal")])
    assert [r.tool_call_id for r in repaired[2:]] == [READ.id, EDIT.id]
    assert all(r.is_error for r in repaired[2:])


def test_a_paused_last_message_is_left_alone_to_be_sent_back_as_it_is():
    history = [user_text("search the web", 1.0), assistant(stop_reason="pause")]
    assert repair(history) == history


def test_thinking_blocks_pass_through_repair_untouched_and_in_place():
    thought = ThinkingBlock("", "EqQB", "m")
    turn = assistant(
        thought, READ, ThinkingBlock.redacted("EmwK", "m"), EDIT, usage=Usage(5, 5), timestamp=10.0
    )
    repaired = repair([turn, ok(EDIT), user_text("go on", 30.0)])
    assert repaired[0] is turn
    assert [r.tool_call_id for r in repaired[1:3]] == [READ.id, EDIT.id]


def test_each_call_of_a_failed_message_gets_a_result():
    repaired = repair([assistant(READ, stop_reason="error"), user_text("retry", 2.0)])
    assert repaired[1].tool_call_id == READ.id and repaired[1].is_error


def test_a_result_that_did_arrive_before_the_abort_is_kept():
    turn = assistant(READ, EDIT, stop_reason="aborted")
    repaired = repair([turn, ok(EDIT)])
    assert repaired[1].content == (TextBlock(INTERRUPTED),)
    assert repaired[2] == ok(EDIT)


def test_calls_of_a_reply_cut_off_by_length_are_refused_as_possibly_truncated():
    repaired = repair([assistant(READ, stop_reason="length"), user_text("go on", 2.0)])
    assert repaired[1].is_error and repaired[1].content == (TextBlock(TRUNCATED),)
    assert "truncated" in TRUNCATED and "Not run" in TRUNCATED


def test_a_call_from_a_length_reply_that_did_run_keeps_its_real_result():
    repaired = repair([assistant(READ, stop_reason="length"), ok(READ, "file text")])
    assert repaired[1] == ok(READ, "file text")


def test_a_result_whose_call_is_missing_is_dropped():
    stray = ok(ToolCall("toolu_01Z", "read_file", {}))
    history = [stray, user_text("hi", 1.0), stray, assistant(READ), ok(READ), stray]
    assert repair(history) == [user_text("hi", 1.0), assistant(READ), ok(READ)]


def test_a_result_after_a_later_message_no_longer_answers_its_call():
    history = [assistant(READ), user_text("hm", 2.0), ok(READ)]
    repaired = repair(history)
    assert repaired[1].content == (TextBlock(INTERRUPTED),)
    assert repaired[2:] == [user_text("hm", 2.0)]


def test_of_two_results_for_one_call_the_first_is_kept():
    repaired = repair([assistant(READ), ok(READ, "first"), ok(READ, "second")])
    assert repaired[1:] == [ok(READ, "first")]


def test_results_are_put_in_the_order_of_their_calls():
    repaired = repair([assistant(READ, EDIT), ok(EDIT), ok(READ)])
    assert repaired[1:] == [ok(READ), ok(EDIT)]


def test_the_last_message_asking_for_tools_is_left_for_the_loop_to_run():
    history = [user_text("fix it", 1.0), assistant(READ)]
    assert repair(history) == history
    assert unanswered_calls(history) == [READ]


def test_a_partly_answered_last_message_gets_the_missing_results():
    repaired = repair([assistant(READ, EDIT), ok(EDIT)])
    assert [r.tool_call_id for r in repaired[1:]] == [READ.id, EDIT.id]


def test_unanswered_calls_lists_every_call_without_a_result_in_order():
    history = [assistant(READ, EDIT), ok(EDIT), user_text("?", 2.0), assistant(EDIT, timestamp=3)]
    assert unanswered_calls(history) == [READ, EDIT]


def test_a_complete_history_is_returned_unchanged():
    history = [user_text("fix", 1.0), assistant(READ), ok(READ), user_text("thanks", 3.0)]
    assert repair(history) == history


def pending_last(history: list) -> bool:
    """The one allowed gap: a last message asking for tools, no results after it."""
    last = history[-1]
    return isinstance(last, AssistantMessage) and last.stop_reason in ("tool_use", "stop", "pause")


@given(histories())
def test_every_call_has_exactly_one_result_right_after_its_message(history):
    before = copy.deepcopy(history)
    repaired = repair(history)
    index = 0
    while index < len(repaired):
        message = repaired[index]
        assert not isinstance(message, ToolResultMessage), "a result outside its turn"
        calls = tool_calls(message)
        if calls and index == len(repaired) - 1 and pending_last(history):
            break
        following = repaired[index + 1 : index + 1 + len(calls)]
        assert [r.tool_call_id for r in following] == [c.id for c in calls]
        assert all(isinstance(r, ToolResultMessage) for r in following)
        index += 1 + len(calls)
    for result in (m for m in repaired if isinstance(m, ToolResultMessage)):
        if result.details is None:  # ours: every generated result carries details
            assert result.content in ((TextBlock(INTERRUPTED),), (TextBlock(TRUNCATED),))
        else:
            assert any(result is original for original in history)  # theirs, untouched
    assert history == before  # pure
    assert repair(repaired) == repaired  # a repaired history needs no repair
    assert repair(copy.deepcopy(history)) == repaired  # deterministic
    assert unanswered_calls(repaired) in ([], tool_calls(repaired[-1]))
