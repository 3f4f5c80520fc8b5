"""Tests for runtime.adapters.anthropic, checked against the SDK's own types where possible."""

import copy
import json
import re
from typing import get_args

import anthropic.types as sdk
import pytest
import typing_extensions as te
from anthropic.types.beta import BetaStopReason
from builders import assistant
from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse
from hypothesis import given, settings
from strategies import DETAILS_SENTINEL, ERROR_SENTINEL, histories

from handagent.api import models
from handagent.api.checks import check_request
from handagent.runtime.adapters import (
    from_anthropic,
    to_anthropic,
    to_openai_chat,
    tools_to_anthropic,
)
from handagent.runtime.adapters.anthropic import STOP_REASONS, translate
from handagent.runtime.ids import ANTHROPIC, OPENAI_CHAT
from handagent.runtime.protocol import (
    ImageBlock,
    StopDetails,
    StopReason,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    assistant_from_error,
    tool_calls,
    tool_result_message,
    user_text,
)
from handagent.runtime.repair import repair

READ_ARGS = {"path": "src/math.ts"}
READ = ToolCall("toolu_01A", "read_file", READ_ARGS)
PNG = ImageBlock("image/png", "iVBORw0KGgo=")


# The source text's transcript, first half: one read_file round trip.
TRANSCRIPT = [
    user_text("修复 src/math.ts 里的除零 bug", 1.0),
    assistant(READ),
    tool_result_message(READ, "export function divide(a, b) { return a / b; }", timestamp=3.0),
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
        tool_result_message(READ, "text", timestamp=3.0),
        tool_result_message(second, "exit 1", is_error=True, timestamp=3.0),
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
    result = tool_result_message(READ, "ok", details={"diff": DETAILS_SENTINEL}, timestamp=3.0)
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
    block = to_anthropic([assistant(broken), tool_result_message(broken, "bad", timestamp=3.0)])[0]
    assert block["content"][0]["input"] == {}


def test_a_long_pipe_id_from_another_provider_is_rewritten_in_pairs():
    call = ToolCall("call_a1b2c3|fc_" + "Zm9v+/=" * 70, "read_file", {"path": "a"})
    history = [assistant(call), tool_result_message(call, "ok", timestamp=3.0)]
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
    assert message == assistant(
        TextBlock("Let me read both."),
        ToolCall("toolu_01A", "read_file", {"path": "a"}),
        ToolCall("toolu_01B", "read_file", {"path": "b"}),
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


def test_stop_reason_mapping_covers_every_value_the_sdk_lists_betas_included():
    # "compaction" comes only with the compaction beta (pause_after_compaction)
    assert set(STOP_REASONS) == set(get_args(sdk.StopReason)) | set(get_args(BetaStopReason))
    assert set(STOP_REASONS.values()) == set(get_args(StopReason)) - {"error", "aborted"}


@pytest.mark.parametrize("reason", get_args(sdk.StopReason))
def test_every_documented_stop_reason_maps_without_an_unknown_error(reason):
    message = from_anthropic(RESPONSE | {"stop_reason": reason}, timestamp=1.0)
    assert message.stop_reason == STOP_REASONS[reason]
    assert message.error_message is None  # "error" is for failures and unknown values only


@pytest.mark.parametrize(
    ("theirs", "ours"),
    [
        ("end_turn", "stop"),
        ("stop_sequence", "stop"),
        ("tool_use", "tool_use"),
        ("max_tokens", "length"),
        # the window, not max_tokens: a higher max_tokens cannot help, so never folded into length
        ("model_context_window_exceeded", "window"),
        ("pause_turn", "pause"),  # send the content back and continue, not "stop"
        ("compaction", "pause"),  # paused after compacting: sent back, the turn goes on
        ("refusal", "refusal"),  # the model's decision in an HTTP 200, not "error"
    ],
)
def test_the_stop_reason_table_reads_as_the_docs_say_what_to_do(theirs, ours):
    assert STOP_REASONS[theirs] == ours


def test_an_unknown_stop_reason_becomes_an_error_that_names_it():
    message = from_anthropic(RESPONSE | {"stop_reason": "a_future_reason"}, timestamp=1.0)
    assert message.stop_reason == "error" and "'a_future_reason'" in message.error_message
    assert len(tool_calls(message)) == 2  # the content is kept


def test_input_sent_as_a_json_string_is_parsed_as_untrusted_text():
    content = [{"type": "tool_use", "id": "t1", "name": "f", "input": '{"path": '}]
    (call,) = from_anthropic(RESPONSE | {"content": content}, timestamp=1.0).content
    assert call.arguments is None and call.raw_arguments == '{"path": '


SDK_BLOCKS = {
    "thinking": sdk.ThinkingBlockParam,
    "redacted_thinking": sdk.RedactedThinkingBlockParam,
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


@settings(deadline=None)  # decided by what goes out, never by how long it took
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
            assert history[-1].stop_reason in ("tool_use", "stop", "pause")  # the loop goes on

    # no target model: no thinking goes out; to model-a: model-a's signed blocks, in order
    assert not [b for turn in wire for b in turn["content"] if "thinking" in b["type"]]
    to_a = to_anthropic(history, model="model-a")
    sent_thinking = [b for turn in to_a for b in turn["content"] if "thinking" in b["type"]]
    kept = [
        b for m in repair(history) for b in m.content
        if isinstance(b, ThinkingBlock) and b.model == "model-a" and b.signed
    ]  # fmt: skip
    assert [b.get("signature") or b.get("data") for b in sent_thinking] == [
        b.signature or b.redacted_data for b in kept
    ]
    assert_sdk_wire(to_a)

    # the provider's own rules accept it (the mock checks requests with these rules); a history
    # may end with the model's turn, so the check uses a model that accepts a final assistant turn
    prefill = next(m.id for m in models.current() if m.prefill)
    for sent in (wire, to_a):
        if sent:
            check_request({"model": prefill, "max_tokens": 100, "messages": sent})

    # switching to OpenAI Chat uses the originals wherever they are valid there (first use)
    chat_ids = [c["id"] for turn in to_openai_chat(history) for c in turn.get("tool_calls", [])]
    firsts = [o not in originals[:i] for i, o in enumerate(originals)]
    pairs = zip(originals, chat_ids, firsts, strict=True)
    assert all(c == o for o, c, first in pairs if first and OPENAI_CHAT.accepts(o))


# A reply in today's shape (reference api-2026-12 §2.3, §5, §7): thinking first with an empty
# text at the default display, a redacted block between the calls, `caller` on each tool_use,
# `stop_details` null, and the full usage.
SIGNATURE = "EqQBCkYIBxgCKkBdT0mKvJ3qX7y0w2nW9aZ1Lr8sPq4VbN6uHcE5tKfG2jDiO1lM3zYxR0Q"
REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"
TODAY = {
    "id": "msg_01XFDUDYJgAACzvnptvVoYEL",
    "type": "message",
    "role": "assistant",
    "model": "claude-haiku-5-5",
    "content": [
        {"type": "thinking", "thinking": "", "signature": SIGNATURE},
        {"type": "text", "text": "Let me read both files."},
        {"type": "tool_use", "id": "toolu_01A", "name": "read_file", "input": {"path": "a"},
         "caller": {"type": "direct"}},
        {"type": "redacted_thinking", "data": REDACTED},
        {"type": "tool_use", "id": "toolu_01B", "name": "read_file", "input": {"path": "b"},
         "caller": {"type": "direct"}},
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "stop_details": None,
    "container": None,
    "usage": {
        "input_tokens": 512,
        "output_tokens": 96,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
        "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
        "server_tool_use": {"web_search_requests": 0, "web_fetch_requests": 0},
        "service_tier": "standard",
        "output_tokens_details": {"thinking_tokens": 64},
        "inference_geo": "global",
        "speed": "standard",
    },
}  # fmt: skip
MODEL = TODAY["model"]
REFUSED = TODAY | {
    "content": [{"type": "text", "text": "I can help with part of this, but"}],
    "stop_reason": "refusal",
    # the docs' example, verbatim
    "stop_details": {
        "type": "refusal",
        "category": "cyber",
        "explanation": "This request was declined because it could enable cyber harm.",
    },
}


def test_the_sdk_itself_accepts_the_hand_built_replies_in_todays_shape():
    for reply in (TODAY, REFUSED):
        dumped = sdk.Message.model_validate(reply).model_dump()
        assert from_anthropic(dumped, timestamp=1.0) == from_anthropic(reply, timestamp=1.0)


def test_thinking_and_redacted_thinking_are_read_in_place_with_their_model():
    content = from_anthropic(TODAY, timestamp=1.0).content
    assert [type(b).__name__ for b in content] == [
        "ThinkingBlock", "TextBlock", "ToolCall", "ThinkingBlock", "ToolCall"
    ]  # fmt: skip
    assert content[0] == ThinkingBlock("", SIGNATURE, MODEL)
    assert content[3] == ThinkingBlock.redacted(REDACTED, MODEL)


def history_of(reply: dict) -> list:
    message = from_anthropic(reply, timestamp=2.0)
    return [
        user_text("Read a and b", 1.0),
        message,
        *[tool_result_message(call, "ok", timestamp=3.0) for call in tool_calls(message)],
    ]


def test_thinking_goes_back_to_its_model_unmodified_in_order_with_its_signature():
    sent = to_anthropic(history_of(TODAY), model=MODEL)[1]["content"]
    wanted = [{k: v for k, v in b.items() if k != "caller"} for b in TODAY["content"]]
    assert sent == wanted  # byte for byte, in place: only `caller` (direct, the default) is gone
    assert_sdk_wire(to_anthropic(history_of(TODAY), model=MODEL))


def test_thinking_is_left_out_for_another_model_and_when_no_model_is_named():
    for target in ("claude-opus-5-5", None):
        sent = to_anthropic(history_of(TODAY), model=target)[1]["content"]
        assert [b["type"] for b in sent] == ["text", "tool_use", "tool_use"]


def test_an_alias_of_the_model_that_wrote_the_thinking_gets_it_back():
    reply = TODAY | {"model": "claude-haiku-4-5-20251001"}
    sent = to_anthropic(history_of(reply), model="claude-haiku-4-5")[1]["content"]
    assert sent[0]["type"] == "thinking"


def test_thinking_goes_to_another_model_only_where_the_catalogue_says_it_reads_it():
    # "Claude Fable 5.1 reads blocks from Claude Opus 5 and, on the Claude API, from Claude Opus
    # 5.5; neither Claude Opus 5 nor Claude Opus 5.5 reads blocks from Claude Fable 5.1."
    from_opus = history_of(TODAY | {"model": "claude-opus-5-5"})
    from_fable = history_of(TODAY | {"model": "claude-fable-5-1"})
    assert to_anthropic(from_opus, model="claude-fable-5-1")[1]["content"][0]["type"] == "thinking"
    assert to_anthropic(from_fable, model="claude-opus-5-5")[1]["content"][0]["type"] == "text"


def test_a_thinking_block_cut_before_its_signature_is_kept_but_never_sent():
    cut = ThinkingBlock("I should read a", "", MODEL)
    history = [user_text("hi", 1.0), assistant(cut, TextBlock("Reading"), stop_reason="aborted")]
    assert to_anthropic(history, model=MODEL)[1]["content"] == [{"type": "text", "text": "Reading"}]
    assert history[1].content[0] == cut  # the record keeps it


def test_a_reply_of_thinking_alone_sent_to_another_model_leaves_no_empty_message():
    alone = assistant(ThinkingBlock("", SIGNATURE, MODEL), stop_reason="stop")
    history = [user_text("hi", 1.0), alone, user_text("and?", 3.0)]
    assert [turn["role"] for turn in to_anthropic(history, model="claude-opus-5-5")] == ["user"]


def test_a_refusal_is_its_own_outcome_with_its_stop_details_kept_and_no_error():
    message = from_anthropic(REFUSED, timestamp=1.0)
    assert message.stop_reason == "refusal" and message.error_message is None
    assert message.stop_details == StopDetails(
        "refusal", "cyber", "This request was declined because it could enable cyber harm."
    )
    assert message.content == (TextBlock("I can help with part of this, but"),)  # partial text


def test_stop_details_stay_in_the_record_and_never_reach_the_wire():
    history = [user_text("hi", 1.0), from_anthropic(REFUSED, timestamp=2.0), user_text("ok", 3.0)]
    assert "cyber harm" not in json.dumps(to_anthropic(history, model=MODEL))


def test_stop_details_are_none_for_every_other_stop_reason():
    assert from_anthropic(TODAY, timestamp=1.0).stop_details is None


def test_pause_turn_is_a_pause_and_its_last_message_is_left_for_the_loop():
    paused = from_anthropic(TODAY | {"stop_reason": "pause_turn"}, timestamp=2.0)
    assert paused.stop_reason == "pause" and paused.error_message is None
    wire = to_anthropic([user_text("search", 1.0), paused], model=MODEL)
    assert [b["type"] for b in wire[-1]["content"]][-1] == "tool_use"  # no synthetic results


def test_translate_alone_neither_repairs_nor_rewrites_ids():
    odd = ToolCall("call_1|fc_2", "read_file", {})
    history = [user_text("hi", 1.0), assistant(odd), user_text("never mind", 3.0)]
    wire = translate(history)
    assert wire[1]["content"][0]["id"] == "call_1|fc_2"  # what a naive adapter sends
    assert [b["type"] for b in wire[2]["content"]] == ["text"]  # the call left unanswered


def test_a_servers_repeated_call_id_is_renamed_so_each_call_gets_its_own_result():
    call = {"type": "tool_use", "id": "toolu_1", "name": "add", "input": {"a": 1, "b": 2}}
    reply = {"content": [call, call], "stop_reason": "tool_use", "model": "m", "usage": {}}
    ids = [block.id for block in from_anthropic(reply).content]
    assert ids == ["toolu_1", "toolu_1_1"]


def test_a_reply_that_is_not_a_messages_response_is_named_as_such():
    with pytest.raises(ValueError, match=r"needs a 'content' list and a 'model'; it has \['error'"):
        from_anthropic({"error": {"type": "overloaded_error"}})


@in_chinese
def test_the_unknown_stop_reason_error_is_written_for_a_person_in_the_editions_language():
    message = from_anthropic(RESPONSE | {"stop_reason": "a_future_reason"}, timestamp=1.0)
    expected = (
        "未知的 stop_reason 'a_future_reason'："
        "请在 handagent.runtime.adapters 的 STOP_REASONS 里加上它"
    )
    assert message.error_message == expected
