"""Tests for runtime.streaming: against the mock's real event stream, the SDK's own
accumulator, and hand-built event lists for what the mock does not send."""

import json

import httpx
import pytest
from anthropic.lib.streaming._messages import accumulate_event
from builders import request, user

from handagent.runtime.adapters import from_anthropic
from handagent.runtime.protocol import (
    ServerBlock,
    StopDetails,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    Usage,
    tool_calls,
)
from handagent.runtime.streaming import Assembler, assemble, parse_sse

MODEL = "claude-sonnet-5"
HEADERS = {"x-api-key": "test-key", "anthropic-version": "2023-06-01"}
READ_INPUT = {"path": "src/handagent/protocol.py", "limit": 200}
TEXT_THEN_CALL = [
    {"type": "text", "text": "Let me read the file for you now."},
    {"type": "tool_use", "name": "read_file", "input": READ_INPUT},
]


def texts(message) -> list[TextBlock]:
    return [block for block in message.content if isinstance(block, TextBlock)]


def body(max_tokens: int = 1024, stream: bool = True) -> dict:
    return request([user("Read protocol.py")], model=MODEL, max_tokens=max_tokens, stream=stream)


def stream_lines(server, request: dict, **headers: str) -> list[str]:
    url = f"{server.base_url}/v1/messages"
    with httpx.stream("POST", url, json=request, headers=HEADERS | headers, timeout=60) as response:
        assert response.status_code == 200
        return list(response.iter_lines())


def event(name: str, **data) -> tuple[str, dict]:
    return name, {"type": name, **data}


def call_events(index: int, pieces: list[str], tool_id: str = "toolu_01A") -> list:
    start = {"type": "tool_use", "id": tool_id, "name": "read_file", "input": {}}
    deltas = [
        event(
            "content_block_delta",
            index=index,
            delta={"type": "input_json_delta", "partial_json": p},
        )
        for p in pieces
    ]
    return [
        event("content_block_start", index=index, content_block=start),
        *deltas,
        event("content_block_stop", index=index),
    ]


def text_events(index: int, text: str) -> list:
    return [
        event("content_block_start", index=index, content_block={"type": "text", "text": ""}),
        event("content_block_delta", index=index, delta={"type": "text_delta", "text": text}),
        event("content_block_stop", index=index),
    ]


START = event("message_start", message={"model": MODEL, "usage": {"input_tokens": 9}})


def ending(stop_reason: str, output_tokens: int = 7) -> list:
    delta = {"stop_reason": stop_reason, "stop_sequence": None}
    usage = {"output_tokens": output_tokens}
    return [event("message_delta", delta=delta, usage=usage), event("message_stop")]


def test_parse_sse_yields_each_named_event_with_its_data_parsed():
    lines = ["event: ping", 'data: {"type": "ping"}', "", "event: message_stop", "data: {}", ""]
    assert list(parse_sse(lines)) == [("ping", {"type": "ping"}), ("message_stop", {})]


def test_parse_sse_skips_unnamed_events_comments_and_an_event_cut_before_its_blank_line():
    lines = [": keep-alive", "", 'data: {"a": 1}', "", "event: ping", 'data: {"type": "ping"}']
    assert list(parse_sse(lines)) == []


def test_parse_sse_reads_bytes_with_crlf_line_ends_and_data_split_over_lines():
    lines = [b"event: x\r\n", b'data: {"a":\r\n', b"data: 1}\r\n", b"\r\n"]
    assert list(parse_sse(lines)) == [("x", {"a": 1})]


def test_a_streamed_reply_assembles_to_the_same_message_as_the_reply_sent_whole(mock_server):
    mock_server.script(TEXT_THEN_CALL, TEXT_THEN_CALL)
    streamed = assemble(parse_sse(stream_lines(mock_server, body())), model="?", timestamp=1.0)
    whole = httpx.post(
        f"{mock_server.base_url}/v1/messages", json=body(stream=False), headers=HEADERS
    )
    assert streamed == from_anthropic(whole.json(), timestamp=1.0)
    assert streamed.stop_reason == "tool_use"
    # read by type: the mock, like the API, may start a reply with thinking blocks
    assert texts(streamed) == [TextBlock("Let me read the file for you now.")]
    assert [call.arguments for call in tool_calls(streamed)] == [READ_INPUT]
    assert streamed.model == MODEL  # the model named by message_start, not the caller's guess


def test_a_streamed_reply_agrees_with_the_sdk_own_stream_accumulator(mock_server, sdk):
    mock_server.script(TEXT_THEN_CALL, TEXT_THEN_CALL)
    request = {key: value for key, value in body().items() if key != "stream"}
    with sdk.messages.stream(**request) as sdk_stream:
        final = sdk_stream.get_final_message()
    ours = assemble(parse_sse(stream_lines(mock_server, body())), model=MODEL, timestamp=1.0)
    assert ours == from_anthropic(final.model_dump(), timestamp=1.0)


def test_a_tool_call_cut_by_max_tokens_keeps_its_raw_text_and_stops_with_length(mock_server):
    mock_server.script(TEXT_THEN_CALL)
    request = {
        **body(max_tokens=25),
        "thinking": {"type": "disabled"},
    }  # cut the call, not a thought
    message = assemble(parse_sse(stream_lines(mock_server, request)), model=MODEL)
    assert message.stop_reason == "length"
    (cut,) = tool_calls(message)
    assert cut.arguments is None
    assert cut.raw_arguments and json.dumps(READ_INPUT).startswith(cut.raw_arguments)
    assert cut.raw_arguments != json.dumps(READ_INPUT)


def test_a_call_cut_before_its_arguments_began_stays_raw_rather_than_parsing_as_empty():
    events = [START, *call_events(0, [""]), *ending("max_tokens")]
    message = assemble(events, model=MODEL)
    assert message.stop_reason == "length"
    assert message.content == (ToolCall("toolu_01A", "read_file", None, raw_arguments=""),)


def test_a_stream_the_server_cuts_ends_as_an_error_naming_the_missing_message_stop(mock_server):
    mock_server.script(TEXT_THEN_CALL)
    lines = stream_lines(mock_server, body(), **{"x-mock-fault": "stream_cut"})
    message = assemble(parse_sse(lines), model=MODEL)
    assert message.stop_reason == "error"
    assert "anthropic" in message.error_message and "message_stop" in message.error_message


def test_a_stream_that_dies_mid_call_keeps_the_text_and_the_unfinished_call_raw(mock_server):
    mock_server.script(TEXT_THEN_CALL)
    lines = stream_lines(mock_server, body())
    last_json_delta = max(i for i, line in enumerate(lines) if "input_json_delta" in line)
    message = assemble(parse_sse(lines[: last_json_delta + 2]), model=MODEL)  # died right there
    assert message.stop_reason == "error"
    assert texts(message) == [TextBlock("Let me read the file for you now.")]
    (unfinished,) = tool_calls(message)
    assert unfinished.arguments is None and unfinished.raw_arguments == json.dumps(READ_INPUT)


def test_invalid_json_arguments_are_kept_as_raw_text_in_a_complete_reply():
    events = [START, *call_events(0, ["", '{"path": ', "'a.py'}"]), *ending("tool_use")]
    message = assemble(events, model=MODEL, timestamp=5.0)
    assert message.stop_reason == "tool_use" and message.error_message is None
    assert message.content == (ToolCall("toolu_01A", "read_file", None, "{\"path\": 'a.py'}"),)
    assert message.timestamp == 5.0


def test_valid_json_split_anywhere_is_parsed_once_the_block_is_complete():
    text = json.dumps({"path": "日本/a.py", "n": [1, 2]}, ensure_ascii=False)
    pieces = [""] + [text[i : i + 3] for i in range(0, len(text), 3)]
    message = assemble([START, *call_events(0, pieces), *ending("tool_use")], model=MODEL)
    assert message.content[0].arguments == {"path": "日本/a.py", "n": [1, 2]}
    assert (message.usage.input_tokens, message.usage.output_tokens) == (9, 7)


def test_an_error_event_ends_the_turn_as_error_with_the_provider_message_and_the_text_so_far():
    overloaded = {"type": "overloaded_error", "message": "Overloaded"}
    events = [START, *text_events(0, "Reading"), event("error", error=overloaded)]
    message = assemble(events, model=MODEL)
    assert message.stop_reason == "error"
    assert (
        message.error_message
        == "anthropic: error event in the stream: overloaded_error: Overloaded"
    )
    assert message.content == (TextBlock("Reading"),)


def test_an_assembler_stopped_mid_way_gives_an_aborted_message_with_the_partial_content():
    events = [START, *text_events(0, "I will read"), *call_events(1, ["", '{"pa'])[:-1]]
    assembler = Assembler(model=MODEL, timestamp=3.0)
    for name, data in events:
        assembler.feed(name, data)
    message = assembler.aborted()  # what a caller does on KeyboardInterrupt
    assert message.stop_reason == "aborted" and message.timestamp == 3.0
    assert message.content == (
        TextBlock("I will read"),
        ToolCall("toolu_01A", "read_file", None, '{"pa'),
    )
    assert message.usage == Usage(9, 0)  # the input was paid for, though the reply was cut


SIGNATURE = "EqQBCkYIBxgCKkBdT0mKvJ3qX7y0w2nW9aZ1Lr8sPq4VbN6uHcE5tKfG2jDiO1lM3zYxR0Q"
REDACTED = "EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP"


def thinking_events(index: int, pieces: list[str], signature: str | None = SIGNATURE) -> list:
    """A thinking block as the API streams it: deltas, then the signature just before the stop."""
    start = {"type": "thinking", "thinking": "", "signature": ""}
    deltas = [
        event("content_block_delta", index=index, delta={"type": "thinking_delta", "thinking": p})
        for p in pieces
    ]
    if signature is None:  # the stream stopped before the signature
        return [event("content_block_start", index=index, content_block=start), *deltas]
    sign = {"type": "signature_delta", "signature": signature}
    return [
        event("content_block_start", index=index, content_block=start),
        *deltas,
        event("content_block_delta", index=index, delta=sign),
        event("content_block_stop", index=index),
    ]


def redacted_events(index: int) -> list:
    block = {"type": "redacted_thinking", "data": REDACTED}
    return [
        event("content_block_start", index=index, content_block=block),
        event("content_block_stop", index=index),
    ]


# Today's stream (reference api-2026-12 §2.6, §5): thinking first, a redacted block between
# text and the call, then message_delta with stop_details null.
THINKING_STREAM = [
    START,
    *thinking_events(0, ["I should read ", "the file first."]),
    *text_events(1, "Reading."),
    *redacted_events(2),
    *call_events(3, ["", '{"path": ', '"a.py"}']),
    event(
        "message_delta",
        delta={"stop_reason": "tool_use", "stop_sequence": None, "stop_details": None},
        usage={"output_tokens": 40},
    ),
    event("message_stop"),
]


def test_thinking_deltas_and_the_signature_assemble_into_one_signed_block_in_place():
    message = assemble(THINKING_STREAM, model="?", timestamp=1.0)
    assert message.content == (
        ThinkingBlock("I should read the file first.", SIGNATURE, MODEL),
        TextBlock("Reading."),
        ThinkingBlock.redacted(REDACTED, MODEL),
        ToolCall("toolu_01A", "read_file", {"path": "a.py"}),
    )
    assert message.stop_reason == "tool_use" and message.stop_details is None


def sdk_accumulated(events: list) -> dict:
    """The SDK's own stream accumulator run over the same events, as a reply dict."""
    snapshot, buffers = None, {}
    for name, data in events:
        if name.startswith(("message", "content_block")):
            snapshot = accumulate_event(event=data, current_snapshot=snapshot, json_bufs=buffers)
    return snapshot.model_dump()


def test_a_thinking_stream_agrees_with_the_sdk_own_accumulator():
    start = event(
        "message_start",
        message={
            "id": "msg_01", "type": "message", "role": "assistant", "model": MODEL,
            "content": [], "stop_reason": None, "stop_sequence": None,
            "usage": {"input_tokens": 9, "output_tokens": 1},
        },
    )  # fmt: skip
    events = [start, *THINKING_STREAM[1:]]
    ours = assemble(events, model=MODEL, timestamp=1.0)
    assert ours == from_anthropic(sdk_accumulated(events), timestamp=1.0)


def test_a_stream_stopped_mid_thought_keeps_the_unsigned_block_for_the_log():
    events = [START, *thinking_events(0, ["Half a "], signature=None)]
    assembler = Assembler(model=MODEL, timestamp=2.0)
    for name, data in events:
        assembler.feed(name, data)
    message = assembler.aborted()
    assert message.content == (ThinkingBlock("Half a ", "", MODEL),)
    assert not message.content[0].signed  # so no request will carry it


def test_a_refusal_arrives_on_message_delta_with_its_stop_details():
    details = {"type": "refusal", "category": "bio", "explanation": None}
    delta = {"stop_reason": "refusal", "stop_sequence": None, "stop_details": details}
    events = [START, *text_events(0, "Partial"), event("message_delta", delta=delta, usage={}),
              event("message_stop")]  # fmt: skip
    message = assemble(events, model=MODEL)
    assert message.stop_reason == "refusal" and message.error_message is None
    assert message.stop_details == StopDetails("refusal", "bio", None)
    assert message.content == (TextBlock("Partial"),)


def test_unknown_events_are_skipped_and_a_server_block_is_kept_whole_with_its_input():
    server_tool = {"type": "server_tool_use", "id": "srvtoolu_1", "name": "web_search", "input": {}}
    delta = {"type": "input_json_delta", "partial_json": '{"q": 1}'}
    events = [
        START,
        event("content_block_start", index=0, content_block=server_tool),
        event("content_block_delta", index=0, delta=delta),
        event("content_block_stop", index=0),
        event("a_future_event", anything=1),
        *text_events(1, "Done."),
        *ending("end_turn"),
    ]
    message = assemble(events, model=MODEL)
    kept = ServerBlock({**server_tool, "input": {"q": 1}})
    assert message.content == (kept, TextBlock("Done.")) and message.stop_reason == "stop"


@pytest.mark.parametrize(
    ("wire", "ours"),
    [("refusal", "refusal"), ("pause_turn", "pause"), ("model_context_window_exceeded", "window")],
)
def test_stop_reasons_map_as_for_a_reply_sent_whole(wire, ours):
    message = assemble([START, *text_events(0, "x"), *ending(wire)], model=MODEL)
    assert message.stop_reason == ours
