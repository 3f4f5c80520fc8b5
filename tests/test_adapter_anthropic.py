"""Tests for runtime.adapters.anthropic, checked against the SDK's own types where possible."""

import copy
import json
import re
from typing import get_args

import anthropic.types as sdk
import pytest
import typing_extensions as te
from hypothesis import given
from strategies import DETAILS_SENTINEL, ERROR_SENTINEL, histories

from handagent.checks import check_request
from handagent.runtime.adapters import (
    from_anthropic,
    to_anthropic,
    to_openai_chat,
    tools_to_anthropic,
)
from handagent.runtime.adapters.anthropic import STOP_REASONS
from handagent.runtime.ids import ANTHROPIC, OPENAI_CHAT
from handagent.runtime.protocol import (
    AssistantMessage,
    ImageBlock,
    StopReason,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    assistant_from_error,
    tool_calls,
    tool_result,
    user_text,
)

READ_ARGS = {"path": "src/math.ts"}
READ = ToolCall("toolu_01A", "read_file", READ_ARGS)
PNG = ImageBlock("image/png", "iVBORw0KGgo=")


def assistant(*content, stop_reason="tool_use") -> AssistantMessage:
    return AssistantMessage(
        content=content,
        stop_reason=stop_reason,
        model="claude-x",
        provider="anthropic",
        usage=Usage(10, 5),
        timestamp=2.0,
    )


# The source text's transcript, first half: one read_file round trip.
TRANSCRIPT = [
    user_text("修复 src/math.ts 里的除零 bug", 1.0),
    assistant(READ),
    tool_result(READ, "export function divide(a, b) { return a / b; }", timestamp=3.0),
]


def test_the_transcript_reaches_the_wire_in_the_messages_api_shape():
    assert to_anthropic(TRANSCRIPT) == [
        {"role": "user", "content": [{"type": "text", "text": "修复 src/math.ts 里的除零 bug"}]},
        {
            "role": "assistant",
            "content": [
                {"type": "tool_use", "id": "toolu_01A", "name": "read_file", "input": READ_ARGS}
            ],
        },
        {
            "role": "user",
            "content": [
                {
                    "type": "tool_result",
                    "tool_use_id": "toolu_01A",
                    "content": [
                        {"type": "text", "text": "export function divide(a, b) { return a / b; }"}
                    ],
                    "is_error": False,
                }
            ],
        },
    ]


def test_results_of_one_turn_go_in_one_user_message_with_is_error_kept():
    second = ToolCall("toolu_01B", "bash", {"command": "ls"})
    history = [
        assistant(READ, second),
        tool_result(READ, "text", timestamp=3.0),
        tool_result(second, "exit 1", is_error=True, timestamp=3.0),
        user_text("and now?", 4.0),
    ]
    wire = to_anthropic(history)
    assert len(wire) == 2 and wire[1]["role"] == "user"
    blocks = wire[1]["content"]
    assert [b["type"] for b in blocks] == ["tool_result", "tool_result", "text"]  # results first
    assert [b["is_error"] for b in blocks[:2]] == [False, True]


def test_an_image_in_a_tool_result_reaches_the_wire_as_an_image():
    result = ToolResultMessage(
        tool_call_id=READ.id,
        tool_name=READ.name,
        content=(TextBlock("screenshot:"), PNG),
        is_error=False,
        timestamp=3.0,
    )
    image = to_anthropic([assistant(READ), result])[1]["content"][0]["content"][1]
    source = {"type": "base64", "media_type": "image/png", "data": "iVBORw0KGgo="}
    assert image == {"type": "image", "source": source}


def test_details_and_error_messages_never_reach_the_wire():
    result = tool_result(READ, "ok", details={"diff": DETAILS_SENTINEL}, timestamp=3.0)
    failed = assistant_from_error(ERROR_SENTINEL, "claude-x", "anthropic", 4.0)
    wire = json.dumps(to_anthropic([assistant(READ), result, failed, user_text("retry", 5.0)]))
    assert DETAILS_SENTINEL not in wire and ERROR_SENTINEL not in wire


def test_empty_text_blocks_and_empty_messages_are_left_out():
    history = [user_text("hi", 1.0), assistant(TextBlock(" "), stop_reason="aborted")]
    history.append(assistant_from_error("timeout", "claude-x", "anthropic", 3.0))
    assert to_anthropic(history) == [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]


def test_a_result_with_no_content_goes_out_without_a_content_field():
    empty = ToolResultMessage(
        tool_call_id=READ.id, tool_name=READ.name, content=(), is_error=False, timestamp=3.0
    )
    block = to_anthropic([assistant(READ), empty])[1]["content"][0]
    assert block == {"type": "tool_result", "tool_use_id": READ.id, "is_error": False}


def test_invalid_json_arguments_go_out_as_an_empty_object():
    broken = ToolCall("toolu_01A", "read_file", None, raw_arguments='{"path": ')
    block = to_anthropic([assistant(broken), tool_result(broken, "bad", timestamp=3.0)])[0]
    assert block["content"][0]["input"] == {}


def test_a_long_pipe_id_from_another_provider_is_rewritten_in_pairs():
    call = ToolCall("call_a1b2c3|fc_" + "Zm9v+/=" * 70, "read_file", {"path": "a"})
    history = [assistant(call), tool_result(call, "ok", timestamp=3.0)]
    before = copy.deepcopy(history)
    wire = to_anthropic(history)
    sent = wire[0]["content"][0]["id"]
    assert re.fullmatch(ANTHROPIC.pattern, sent) and sent.startswith("call_a1b2c3_fc_")
    assert wire[1]["content"][0]["tool_use_id"] == sent
    assert history == before  # the log keeps the original


def test_canonical_tools_are_already_in_anthropic_shape():
    tool = {"name": "read_file", "description": "Read a file.", "input_schema": {"type": "object"}}
    assert tools_to_anthropic([tool]) == [tool]
    assert_sdk_shape(tools_to_anthropic([tool])[0], sdk.ToolParam)


RESPONSE = {
    "id": "msg_01",
    "type": "message",
    "role": "assistant",
    "model": "claude-x",
    "content": [
        {"type": "text", "text": "Let me read both."},
        {"type": "tool_use", "id": "toolu_01A", "name": "read_file", "input": {"path": "a"}},
        {"type": "tool_use", "id": "toolu_01B", "name": "read_file", "input": {"path": "b"}},
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "usage": {"input_tokens": 403, "output_tokens": 61},
}


def test_a_response_becomes_an_assistant_message_with_every_call():
    message = from_anthropic(RESPONSE, timestamp=9.0)
    assert message == AssistantMessage(
        content=(
            TextBlock("Let me read both."),
            ToolCall("toolu_01A", "read_file", {"path": "a"}),
            ToolCall("toolu_01B", "read_file", {"path": "b"}),
        ),
        stop_reason="tool_use",
        model="claude-x",
        provider="anthropic",
        usage=Usage(403, 61),
        timestamp=9.0,
    )


def test_an_sdk_message_dump_with_newer_fields_parses_the_same():
    dumped = sdk.Message.model_validate(RESPONSE).model_dump()  # adds caller, stop_details...
    assert from_anthropic(dumped, timestamp=9.0) == from_anthropic(RESPONSE, timestamp=9.0)


def test_an_sdk_object_instead_of_a_dict_raises_naming_model_dump():
    with pytest.raises(TypeError, match="model_dump"):
        from_anthropic(sdk.Message.model_validate(RESPONSE))


def test_thinking_blocks_are_skipped_on_the_way_in():
    thinking = {"type": "thinking", "thinking": "hmm", "signature": "s"}
    response = RESPONSE | {"content": [thinking, *RESPONSE["content"]]}
    assert from_anthropic(response, timestamp=1.0).content == from_anthropic(RESPONSE).content


def test_stop_reason_mapping_covers_every_value_the_sdk_lists():
    assert set(STOP_REASONS) == set(get_args(sdk.StopReason))
    assert set(STOP_REASONS.values()) <= set(get_args(StopReason))


@pytest.mark.parametrize("reason", get_args(sdk.StopReason))
def test_every_documented_stop_reason_maps_without_an_unknown_error(reason):
    message = from_anthropic(RESPONSE | {"stop_reason": reason}, timestamp=1.0)
    assert message.stop_reason == STOP_REASONS[reason]
    assert (message.error_message is not None) == (message.stop_reason == "error")


def test_a_refusal_is_an_error_whose_message_says_refusal():
    message = from_anthropic(RESPONSE | {"stop_reason": "refusal"}, timestamp=1.0)
    assert message.stop_reason == "error" and message.error_message.startswith("refusal")


def test_an_unknown_stop_reason_becomes_an_error_that_names_it():
    message = from_anthropic(RESPONSE | {"stop_reason": "compaction"}, timestamp=1.0)
    assert message.stop_reason == "error" and "'compaction'" in message.error_message
    assert len(tool_calls(message)) == 2  # the content is kept


def test_input_sent_as_a_json_string_is_parsed_as_untrusted_text():
    content = [{"type": "tool_use", "id": "t1", "name": "f", "input": '{"path": '}]
    (call,) = from_anthropic(RESPONSE | {"content": content}, timestamp=1.0).content
    assert call.arguments is None and call.raw_arguments == '{"path": '


SDK_BLOCKS = {
    "text": sdk.TextBlockParam,
    "image": sdk.ImageBlockParam,
    "tool_use": sdk.ToolUseBlockParam,
    "tool_result": sdk.ToolResultBlockParam,
}


def assert_sdk_shape(value: dict, typed_dict: type) -> None:
    """Every key is one the SDK's request type knows, and every required key is there."""
    hints = te.get_type_hints(typed_dict, include_extras=True)
    required = {key for key, hint in hints.items() if te.get_origin(hint) is te.Required}
    assert set(value) <= set(hints), f"{set(value) - set(hints)} unknown to {typed_dict.__name__}"
    assert required <= set(value), f"{required - set(value)} missing for {typed_dict.__name__}"


def assert_sdk_wire(wire: list[dict]) -> None:
    for turn in wire:
        param = sdk.UserMessageParam if turn["role"] == "user" else sdk.AssistantMessageParam
        assert_sdk_shape(turn, param)
        for block in turn["content"]:
            assert_sdk_shape(block, SDK_BLOCKS[block["type"]])
            for inner in block.get("content", []):
                assert_sdk_shape(inner, SDK_BLOCKS[inner["type"]])
            if block["type"] == "image":
                assert_sdk_shape(block["source"], sdk.Base64ImageSourceParam)


def test_the_transcript_uses_only_fields_the_sdk_knows():
    assert_sdk_wire(to_anthropic(TRANSCRIPT))


@given(histories())
def test_any_history_goes_out_valid_paired_private_and_deterministic(history):
    before = copy.deepcopy(history)
    wire = to_anthropic(history)
    assert_sdk_wire(wire)
    text = json.dumps(wire, ensure_ascii=False)
    assert DETAILS_SENTINEL not in text and ERROR_SENTINEL not in text
    assert json.dumps(to_anthropic(copy.deepcopy(history)), ensure_ascii=False) == text
    assert history == before

    # ids: valid and unique; an original valid id is kept the first time it is sent
    originals = [c.id for m in history for c in tool_calls(m)]
    sent = [b["id"] for turn in wire for b in turn["content"] if b["type"] == "tool_use"]
    assert all(re.fullmatch(ANTHROPIC.pattern, i) for i in sent)
    assert len(set(sent)) == len(sent)
    seen = set()
    for original, new in zip(originals, sent, strict=True):
        assert new == original or not ANTHROPIC.accepts(original) or original in seen
        seen.add(original)

    # pairing: each tool_use is answered at the start of the next message, nothing else is
    for index, turn in enumerate(wire):
        uses = [b["id"] for b in turn["content"] if b["type"] == "tool_use"]
        answers = [b["tool_use_id"] for b in turn["content"] if b["type"] == "tool_result"]
        previous = wire[index - 1]["content"] if index else []
        assert answers == [b["id"] for b in previous if b["type"] == "tool_use"]
        assert all(b["type"] == "tool_result" for b in turn["content"][: len(answers)])
        if uses and index == len(wire) - 1:
            assert history[-1].stop_reason in ("tool_use", "stop")  # the loop runs these next

    # the provider's own rules accept it (the mock checks requests with these rules)
    if wire:
        check_request({"model": "claude-sonnet-5", "max_tokens": 100, "messages": wire})

    # switching to OpenAI Chat uses the originals wherever they are valid there (first use)
    chat_ids = [c["id"] for turn in to_openai_chat(history) for c in turn.get("tool_calls", [])]
    firsts = [o not in originals[:i] for i, o in enumerate(originals)]
    pairs = zip(originals, chat_ids, firsts, strict=True)
    assert all(c == o for o, c, first in pairs if first and OPENAI_CHAT.accepts(o))
