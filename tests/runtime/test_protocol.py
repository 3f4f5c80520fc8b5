"""Tests for runtime.protocol."""

import dataclasses
import inspect
import json
from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import histories

from handagent.runtime import protocol
from handagent.runtime.protocol import (
    AssistantMessage,
    RepeatedCallId,
    StopDetails,
    StopReason,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    Usage,
    UserMessage,
    assistant_aborted,
    assistant_from_error,
    assistant_reply,
    call_from_text,
    parse_arguments,
    tool_calls,
    tool_result_message,
    unique_call_ids,
    user_text,
)


def test_stop_reason_has_the_source_texts_five_values_the_window_and_todays_pause_and_refusal():
    seed = {"stop", "tool_use", "length", "error", "aborted"}
    assert set(get_args(StopReason)) == seed | {"window", "pause", "refusal"}


def test_each_stop_reason_has_a_contract_comment_beside_it_or_above_it():
    lines = inspect.getsource(protocol).splitlines()
    for reason in get_args(StopReason):
        (number,) = [i for i, line in enumerate(lines) if line.strip().startswith(f'"{reason}"')]
        assert "#" in lines[number] or lines[number - 1].strip().startswith("#"), reason


def test_a_thinking_block_keeps_text_signature_and_model_and_is_signed():
    block = ThinkingBlock("", "EqQBCkYI", "model-a")
    assert (block.text, block.signature, block.model, block.redacted_data) == (
        "",
        "EqQBCkYI",
        "model-a",
        None,
    )
    assert block.signed and block.type == "thinking"


def test_a_redacted_block_holds_only_its_data_and_counts_as_signed():
    block = ThinkingBlock.redacted("EmwKAhgB", "model-a")
    assert (block.text, block.signature, block.redacted_data) == ("", "", "EmwKAhgB")
    assert block.signed


def test_a_thinking_block_cut_before_its_signature_is_not_signed():
    assert not ThinkingBlock("half a thought", "", "model-a").signed


def test_a_redacted_block_with_text_or_a_signature_raises_naming_the_builder():
    with pytest.raises(ValueError, match="ThinkingBlock.redacted"):
        ThinkingBlock("text", "", "model-a", redacted_data="EmwK")


def test_thinking_stays_in_an_assistant_message_in_the_order_it_came():
    first, later = ThinkingBlock("", "s1", "m"), ThinkingBlock("", "s2", "m")
    call = ToolCall("a", "f", {})
    message = assistant_reply(first, TextBlock("hi"), call, later, model="m", timestamp=1.0)
    assert message.content == (first, TextBlock("hi"), call, later)
    assert tool_calls(message) == [call]


def test_a_refusal_keeps_its_stop_details_and_has_no_error_message():
    details = StopDetails("refusal", "cyber", "declined")
    message = AssistantMessage(
        content=(TextBlock("Partial"),),
        stop_reason="refusal",
        model="m",
        provider="p",
        usage=Usage(1, 1),
        timestamp=0.0,
        stop_details=details,
    )
    assert message.stop_details == details and message.error_message is None


def test_assistant_reply_fills_in_zero_usage_and_the_defaults():
    message = assistant_reply(ToolCall("a", "f", {}), model="m", timestamp=2.0)
    assert (message.stop_reason, message.provider, message.usage) == (
        "tool_use",
        "anthropic",
        Usage(0, 0),
    )


def test_tool_calls_returns_every_call_in_order_not_just_the_last_block():
    first, second = ToolCall("a", "read_file", {"path": "x"}), ToolCall("b", "bash", {})
    message = AssistantMessage(
        content=(first, TextBlock("and then"), second),
        stop_reason="tool_use",
        model="m",
        provider="p",
        usage=Usage(1, 2),
        timestamp=0.0,
    )
    assert tool_calls(message) == [first, second]


def test_tool_calls_of_a_user_or_result_message_is_empty():
    assert tool_calls(user_text("hi", 0.0)) == []
    assert tool_calls(tool_result_message(ToolCall("a", "f", {}), "ok", timestamp=0.0)) == []


def test_messages_are_frozen():
    message = user_text("hi", 0.0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        message.timestamp = 1.0


def test_a_list_as_content_raises_and_names_the_fix():
    with pytest.raises(TypeError, match=r"tuple\(blocks\)"):
        UserMessage(content=[TextBlock("hi")], timestamp=0.0)


def test_a_tool_call_needs_exactly_one_of_arguments_and_raw_arguments():
    with pytest.raises(ValueError, match="call_from_text"):
        ToolCall("a", "f", None)
    with pytest.raises(ValueError, match="call_from_text"):
        ToolCall("a", "f", {}, raw_arguments="{}")


def test_repeated_call_ids_in_one_message_raise():
    with pytest.raises(RepeatedCallId, match="repeat"):
        AssistantMessage(
            content=(ToolCall("a", "f", {}), ToolCall("a", "g", {})),
            stop_reason="tool_use",
            model="m",
            provider="p",
            usage=Usage(0, 0),
            timestamp=0.0,
        )


def test_parse_arguments_returns_the_object_for_valid_json():
    assert parse_arguments('{"path": "src/math.ts"}') == ({"path": "src/math.ts"}, None)


def test_empty_arguments_text_means_no_arguments():
    assert parse_arguments("") == ({}, None)


@pytest.mark.parametrize(
    "raw, wording",
    [
        ('{"path": ', "Invalid JSON"),
        ('{"path": "a\\q"}', "Invalid JSON"),  # an illegal escape
        ('{"n": NaN}', "Invalid JSON"),  # Python's json alone would accept it
        ('["a.py"]', "must be a JSON object, not list"),
        ('"a.py"', "must be a JSON object, not str"),
    ],
)
def test_invalid_arguments_become_an_error_quoting_what_was_received(raw, wording):
    arguments, error = parse_arguments(raw)
    assert arguments is None
    assert wording in error
    assert f"Received: {raw!r}" in error


def test_the_quoted_excerpt_of_long_arguments_is_short():
    raw = '{"content": "' + "y" * 5000
    _, error = parse_arguments(raw)
    assert "y" * 60 in error
    assert len(error) < 200


def test_a_call_from_valid_text_holds_the_parsed_object():
    assert call_from_text("c1", "read_file", '{"path": "a"}') == ToolCall(
        "c1", "read_file", {"path": "a"}
    )


def test_a_call_from_invalid_text_keeps_the_text_not_an_empty_object():
    call = call_from_text("c1", "read_file", '{"path": "a')
    assert call.arguments is None and call.raw_arguments == '{"path": "a'


@given(st.text())
def test_parse_arguments_never_raises_and_returns_exactly_one_side(raw):
    arguments, error = parse_arguments(raw)
    assert (arguments is None) != (error is None)
    assert arguments is None or isinstance(arguments, dict)


def test_a_failed_request_becomes_an_error_message_not_an_exception():
    message = assistant_from_error(TimeoutError("read timed out"), "m", "anthropic", 5.0)
    assert message.stop_reason == "error"
    assert message.content == ()
    assert message.error_message == "TimeoutError: read timed out"
    assert message.timestamp == 5.0


def test_an_aborted_turn_keeps_its_partial_content():
    partial = [TextBlock("Let me read"), ToolCall("a", "read_file", None, raw_arguments='{"pa')]
    message = assistant_aborted(partial, "m", "anthropic", timestamp=5.0)
    assert message.stop_reason == "aborted"
    assert message.content == tuple(partial)


def test_tool_result_quotes_the_call_id_and_name():
    result = tool_result_message(ToolCall("toolu_01", "read_file", {}), "text", timestamp=1.0)
    assert (result.tool_call_id, result.tool_name, result.is_error) == (
        "toolu_01",
        "read_file",
        False,
    )


@given(histories())
def test_generated_histories_are_json_serialisable(history):
    for message in history:
        json.dumps(dataclasses.asdict(message))


def test_a_repeated_call_id_is_renamed_by_its_place_among_the_calls_and_text_is_kept():
    call = ToolCall("a", "add", {})
    content = [TextBlock("Adding."), call, call, ToolCall("b", "add", {}), call]
    renamed = unique_call_ids(content)
    assert renamed[0] == TextBlock("Adding.")
    assert [block.id for block in renamed[1:]] == ["a", "a_1", "b", "a_3"]
    assert unique_call_ids([call]) == (call,)


def test_a_renamed_call_id_never_takes_an_id_the_message_already_has():
    sent = ["a_2", "a", "a", "a_2_2", "a"]
    renamed = [block.id for block in unique_call_ids([ToolCall(i, "add", {}) for i in sent])]
    assert renamed == ["a_2", "a", "a_2_2", "a_2_2_3", "a_4"] and len(set(renamed)) == len(sent)
