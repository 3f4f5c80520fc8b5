"""Tests for runtime.adapters.openai_chat: the same history in the Chat Completions shape."""

import copy
import json
import re
from typing import get_args

import pytest
from builders import assistant
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse
from hypothesis import given
from strategies import DETAILS_SENTINEL, ERROR_SENTINEL, histories

from handagent.runtime.adapters import from_openai_chat, to_openai_chat, tools_to_openai_chat
from handagent.runtime.adapters.openai_chat import FINISH_REASONS
from handagent.runtime.ids import OPENAI_CHAT
from handagent.runtime.protocol import (
    ImageBlock,
    StopDetails,
    StopReason,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    tool_calls,
    tool_result_message,
    user_text,
)

READ = ToolCall("call_abc", "read_file", {"path": "src/math.ts"})

# finish_reason values the Chat Completions reference documents for a choice.
DOCUMENTED = ["stop", "length", "tool_calls", "content_filter", "function_call"]


def test_a_tool_round_trip_reaches_the_wire_in_the_chat_completions_shape():
    history = [
        user_text("Fix the bug", 1.0),
        assistant(TextBlock("Reading."), READ),
        tool_result_message(READ, "export function divide() {}", timestamp=3.0),
    ]
    assert to_openai_chat(history) == [
        {"role": "user", "content": [{"type": "text", "text": "Fix the bug"}]},
        {
            "role": "assistant",
            "content": "Reading.",
            "tool_calls": [
                {
                    "id": "call_abc",
                    "type": "function",
                    "function": {"name": "read_file", "arguments": '{"path": "src/math.ts"}'},
                }
            ],
        },
        {"role": "tool", "tool_call_id": "call_abc", "content": "export function divide() {}"},
    ]


def test_an_error_result_says_error_in_its_text_since_there_is_no_flag():
    wire = to_openai_chat(
        [assistant(READ), tool_result_message(READ, "no such file", is_error=True)]
    )
    assert wire[1]["content"] == "Error: no such file"


def test_an_image_in_a_tool_result_is_replaced_by_a_note_the_model_can_read():
    result = ToolResultMessage(
        tool_call_id=READ.id,
        tool_name=READ.name,
        content=(TextBlock("screenshot:"), ImageBlock("image/png", "iVBORw0KGgo=")),
        is_error=False,
        timestamp=3.0,
    )
    content = to_openai_chat([assistant(READ), result])[1]["content"]
    assert content.startswith("screenshot:\n[image/png image left out")
    assert "iVBORw0KGgo=" not in content


def test_invalid_arguments_go_back_as_the_model_wrote_them():
    broken = ToolCall("c1", "read_file", None, raw_arguments='{"path": "a.py"')
    wire = to_openai_chat([assistant(broken), tool_result_message(broken, "bad", timestamp=3.0)])
    assert wire[0]["tool_calls"][0]["function"]["arguments"] == '{"path": "a.py"'


def test_an_id_over_forty_characters_is_rewritten_in_pairs():
    call = ToolCall("toolu_" + "A" * 50, "read_file", {})
    wire = to_openai_chat([assistant(call), tool_result_message(call, "ok", timestamp=3.0)])
    sent = wire[0]["tool_calls"][0]["id"]
    assert re.fullmatch(OPENAI_CHAT.pattern, sent) and wire[1]["tool_call_id"] == sent


def test_canonical_tools_are_wrapped_as_functions():
    tool = {"name": "read_file", "description": "Read a file.", "input_schema": {"type": "object"}}
    assert tools_to_openai_chat([tool]) == [
        {
            "type": "function",
            "function": {
                "name": "read_file",
                "description": "Read a file.",
                "parameters": {"type": "object"},
            },
        }
    ]


def response(message: dict, finish_reason: str | None = "tool_calls") -> dict:
    return {
        "id": "chatcmpl-1",
        "object": "chat.completion",
        "model": "gpt-x",
        "choices": [{"index": 0, "message": message, "finish_reason": finish_reason}],
        "usage": {"prompt_tokens": 12, "completion_tokens": 7, "total_tokens": 19},
    }


def wire_call(call_id, arguments, name="read_file") -> dict:
    return {"id": call_id, "type": "function", "function": {"name": name, "arguments": arguments}}


def test_a_response_becomes_an_assistant_message_with_parsed_arguments():
    calls = [wire_call("c1", '{"path": "a"}'), wire_call("c2", '{"path": "b"}')]
    message = from_openai_chat(response({"content": None, "tool_calls": calls}))
    assert tool_calls(message) == [
        ToolCall("c1", "read_file", {"path": "a"}),
        ToolCall("c2", "read_file", {"path": "b"}),
    ]
    assert message.stop_reason == "tool_use" and message.usage == Usage(12, 7)


def test_invalid_json_arguments_are_kept_raw_not_replaced_by_an_empty_object():
    calls = [wire_call("c1", '{"path": "a\\q"}')]
    (call,) = tool_calls(from_openai_chat(response({"content": None, "tool_calls": calls})))
    assert call.arguments is None and call.raw_arguments == '{"path": "a\\q"}'


def test_missing_or_repeated_ids_are_minted_so_each_call_has_its_own():
    calls = [wire_call(None, "{}"), wire_call("same", "{}"), wire_call("same", "{}")]
    message = from_openai_chat(response({"content": None, "tool_calls": calls}))
    assert [c.id for c in tool_calls(message)] == ["call_0", "same", "same_2"]


def test_a_legacy_function_call_is_a_tool_call():
    message = {"content": None, "function_call": {"name": "read_file", "arguments": "{}"}}
    parsed = from_openai_chat(response(message, "function_call"))
    assert parsed.stop_reason == "tool_use" and tool_calls(parsed)[0].name == "read_file"


def test_stop_next_to_tool_calls_is_read_as_tool_use():
    calls = [wire_call("c1", "{}")]
    assert from_openai_chat(response({"tool_calls": calls}, "stop")).stop_reason == "tool_use"


@pytest.mark.parametrize("reason", DOCUMENTED)
def test_every_documented_finish_reason_maps(reason):
    message = from_openai_chat(response({"content": "hi"}, reason))
    assert message.stop_reason == FINISH_REASONS[reason]
    assert message.error_message is None  # "error" is for failures and unknown values only


def test_finish_reason_mapping_is_total_over_the_documented_values():
    assert set(FINISH_REASONS) == set(DOCUMENTED)
    assert set(FINISH_REASONS.values()) <= set(get_args(StopReason))


def test_content_filter_is_openais_refusal_not_an_error():
    filtered = from_openai_chat(response({"content": "par"}, "content_filter"))
    assert filtered.stop_reason == "refusal" and filtered.error_message is None
    assert filtered.stop_details == StopDetails("content_filter")
    assert filtered.content == (TextBlock("par"),)  # what arrived before the filter is kept


def test_a_refusal_in_the_message_is_a_refusal_whose_details_quote_it():
    refused = from_openai_chat(response({"content": None, "refusal": "I can't help."}, "stop"))
    assert refused.stop_reason == "refusal" and refused.error_message is None
    assert refused.stop_details == StopDetails("refusal", None, "I can't help.")


def test_thinking_never_reaches_the_chat_completions_wire():
    thought = ThinkingBlock("secret plan", "EqQBCkYI", "claude-x")
    redacted = ThinkingBlock.redacted("EmwKAhgB", "claude-x")
    history = [
        user_text("hi", 1.0),
        assistant(thought, TextBlock("Reading."), READ, redacted),
        tool_result_message(READ, "ok", timestamp=3.0),
        assistant(thought, stop_reason="stop"),  # a reply of thinking alone: left out whole
    ]
    wire = to_openai_chat(history)
    text = json.dumps(wire)
    assert "secret plan" not in text and "EqQBCkYI" not in text and "EmwKAhgB" not in text
    assert [turn["role"] for turn in wire] == ["user", "assistant", "tool"]
    assert wire[1]["content"] == "Reading."


def test_the_error_prefix_is_this_adapters_convention_and_is_not_doubled():
    result = tool_result_message(READ, "Error: no such file", is_error=True, timestamp=3.0)
    assert to_openai_chat([assistant(READ), result])[1]["content"] == "Error: no such file"


def test_an_unknown_finish_reason_becomes_an_error_that_names_it():
    message = from_openai_chat(response({"content": "hi"}, None))
    assert message.stop_reason == "error" and "None" in message.error_message


@given(histories())
def test_any_history_goes_out_paired_private_and_deterministic(history):
    before = copy.deepcopy(history)
    wire = to_openai_chat(history)
    text = json.dumps(wire, ensure_ascii=False)
    assert DETAILS_SENTINEL not in text and ERROR_SENTINEL not in text
    assert json.dumps(to_openai_chat(copy.deepcopy(history)), ensure_ascii=False) == text
    assert history == before
    for index, turn in enumerate(wire):
        if turn["role"] != "assistant" or "tool_calls" not in turn:
            continue
        ids = [call["id"] for call in turn["tool_calls"]]
        assert all(re.fullmatch(OPENAI_CHAT.pattern, i) for i in ids)
        answers = [t["tool_call_id"] for t in wire[index + 1 : index + 1 + len(ids)]]
        assert answers == ids or index == len(wire) - 1
    tool_messages = sum(turn["role"] == "tool" for turn in wire)
    answered = sum(len(turn.get("tool_calls", [])) for turn in wire[:-1])
    assert tool_messages == answered  # no orphan tool message anywhere


def test_an_unknown_finish_reason_becomes_an_error_that_names_it_and_the_table():
    message = from_openai_chat(response({"content": "hi"}, "brand_new"))
    assert message.stop_reason == "error"
    assert message.error_message == (
        "unknown finish_reason 'brand_new': update FINISH_REASONS in handagent.runtime.adapters"
    )


@in_chinese
def test_the_unknown_finish_reason_error_follows_the_edition():
    message = from_openai_chat(response({"content": "hi"}, "brand_new"))
    assert message.error_message == (
        "未知的 finish_reason 'brand_new'："
        "请在 handagent.runtime.adapters 的 FINISH_REASONS 里加上它"
    )
