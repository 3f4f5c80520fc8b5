"""Tests for runtime.protocol."""

import dataclasses
import json
from typing import get_args

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import histories

from handagent.runtime.protocol import (
    AssistantMessage,
    StopReason,
    TextBlock,
    ToolCall,
    Usage,
    UserMessage,
    assistant_aborted,
    assistant_from_error,
    call_from_text,
    parse_arguments,
    tool_calls,
    tool_result,
    user_text,
)


def test_stop_reason_has_the_five_values_of_the_source_text():
    assert set(get_args(StopReason)) == {"stop", "tool_use", "length", "error", "aborted"}


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
    assert tool_calls(tool_result(ToolCall("a", "f", {}), "ok", timestamp=0.0)) == []


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
    with pytest.raises(ValueError, match="repeat"):
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
    result = tool_result(ToolCall("toolu_01", "read_file", {}), "text", timestamp=1.0)
    assert (result.tool_call_id, result.tool_name, result.is_error) == (
        "toolu_01",
        "read_file",
        False,
    )


@given(histories())
def test_generated_histories_are_json_serialisable(history):
    for message in history:
        json.dumps(dataclasses.asdict(message))
