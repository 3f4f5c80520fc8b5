"""Tests for handagent.mock.http.stream: the real API's event order, and what the SDK makes of it.

The event grammar is also checked against every recorded stream in test_recorded.
"""

import json

import httpx
import pytest
from builders import sdk_client

from handagent.mock.http.replies import message
from handagent.mock.http.stream import events, sse

TOOLS = [{"name": "get_weather", "input_schema": {"type": "object"}}]
ARGUMENTS = {"city": "Paris", "units": "celsius", "note": "a fairly long note " * 4}
TEXT = "Let me check the weather in Paris for you, it will only take a moment."
BLOCKS = [
    {"type": "text", "text": TEXT},
    {"type": "tool_use", "name": "get_weather", "input": ARGUMENTS},
]
REQUEST = {
    "model": "claude-sonnet-5",
    "max_tokens": 1000,
    "messages": [{"role": "user", "content": "Weather in Paris?"}],
    "tools": TOOLS,
    "thinking": {"type": "disabled"},  # thinking streams are tested at the end
}
THINKING = {**REQUEST, "model": "claude-haiku-5-5"}
del THINKING["thinking"]
# Runs of content_block_delta collapsed into one entry (see `names`).
ORDER = [
    "message_start",
    "content_block_start",
    "ping",
    "content_block_delta",
    "content_block_stop",
    "content_block_start",
    "content_block_delta",
    "content_block_stop",
    "message_delta",
    "message_stop",
]


def parse(stream: bytes) -> list[tuple[str, dict]]:
    """Server-sent events as (event name, data), checking each has both lines."""
    parsed = []
    for chunk in stream.decode().split("\n\n")[:-1]:
        event_line, data_line = chunk.split("\n")
        assert event_line.startswith("event: ") and data_line.startswith("data: ")
        parsed.append((event_line.removeprefix("event: "), json.loads(data_line[6:])))
    return parsed


def names(parsed: list[tuple[str, dict]]) -> list[str]:
    """Event names, each run of content_block_delta counted once."""
    collapsed = [name for name, _ in parsed]
    return [
        n for i, n in enumerate(collapsed) if n != "content_block_delta" or collapsed[i - 1] != n
    ]


def deltas(parsed: list[tuple[str, dict]], kind: str, field: str) -> list[str]:
    return [
        data["delta"][field] for name, data in parsed if data.get("delta", {}).get("type") == kind
    ]


def test_sse_follows_its_docstring_example():
    assert sse("ping", {"type": "ping"}) == b'event: ping\ndata: {"type": "ping"}\n\n'


def test_events_come_in_the_order_the_api_sends_them():
    reply, partial = message(REQUEST, BLOCKS)
    parsed = parse(b"".join(events(reply, partial)))
    assert names(parsed) == ORDER
    assert len(parsed) > len(ORDER) + 4  # both blocks arrive in several pieces
    assert all(name == data["type"] for name, data in parsed)


def test_message_start_holds_an_empty_message():
    reply, _ = message(REQUEST, BLOCKS)
    _, start = parse(next(events(reply)))[0]
    assert start["message"]["id"] == reply["id"]
    assert start["message"]["content"] == []
    assert (start["message"]["stop_reason"], start["message"]["stop_sequence"]) == (None, None)
    assert start["message"]["stop_details"] is None
    assert start["message"]["usage"]["input_tokens"] == reply["usage"]["input_tokens"]
    assert start["message"]["usage"]["output_tokens"] == 1


def test_blocks_open_empty_and_deltas_rebuild_them():
    reply, _ = message(REQUEST, BLOCKS)
    parsed = parse(b"".join(events(reply)))
    starts = [data for name, data in parsed if name == "content_block_start"]
    assert starts[0] == {"type": "content_block_start", "index": 0,
                         "content_block": {"type": "text", "text": ""}}  # fmt: skip
    assert starts[1]["content_block"] == {**reply["content"][1], "input": {}}
    assert starts[1]["content_block"]["caller"] == {"type": "direct"}
    assert "".join(deltas(parsed, "text_delta", "text")) == TEXT
    pieces = deltas(parsed, "input_json_delta", "partial_json")
    assert pieces[0] == ""
    assert json.loads("".join(pieces)) == ARGUMENTS


def test_message_delta_carries_the_stop_reason_and_final_usage():
    reply, _ = message(REQUEST, BLOCKS)
    _, delta = parse(b"".join(events(reply)))[-2]
    assert delta["delta"] == {
        "stop_reason": "tool_use",
        "stop_sequence": None,
        "stop_details": None,
    }
    usage = reply["usage"]
    assert delta["usage"] == {  # cumulative: the input and cache counts come again (recorded)
        "input_tokens": usage["input_tokens"],
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
        "output_tokens": usage["output_tokens"],
    }


def test_a_cut_tool_call_streams_a_prefix_that_does_not_parse():
    reply, partial = message({**REQUEST, "max_tokens": 40}, BLOCKS)
    parsed = parse(b"".join(events(reply, partial)))
    streamed = "".join(deltas(parsed, "input_json_delta", "partial_json"))
    assert streamed == partial and json.dumps(ARGUMENTS).startswith(streamed)
    with pytest.raises(json.JSONDecodeError):
        json.loads(streamed)
    assert parsed[-2][1]["delta"]["stop_reason"] == "max_tokens"
    assert parsed[-1][0] == "message_stop"


def test_the_server_streams_the_same_events(mock_server):
    mock_server.script(BLOCKS)
    response = httpx.post(
        mock_server.base_url + "/v1/messages",
        json={**REQUEST, "stream": True},
        headers={"x-api-key": "test-key", "anthropic-version": "2023-06-01"},
    )
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/event-stream"
    assert response.headers["request-id"].startswith("req_")
    assert names(parse(response.content)) == ORDER


def test_the_sdk_stream_ends_with_the_same_message_as_a_plain_call(mock_server, sdk):
    mock_server.script(BLOCKS, BLOCKS)
    plain = sdk.messages.create(**REQUEST)
    with sdk.messages.stream(**REQUEST) as stream:
        texts = list(stream.text_stream)
        streamed = stream.get_final_message()
    assert "".join(texts) == TEXT and len(texts) > 1
    assert [b.model_dump(exclude_none=True) for b in streamed.content] == [
        b.model_dump(exclude_none=True) for b in plain.content
    ]
    assert (streamed.id, streamed.stop_reason, streamed.usage) == (
        plain.id,
        plain.stop_reason,
        plain.usage,
    )


def test_the_sdk_sees_a_cut_tool_call_as_max_tokens(mock_server, sdk):
    mock_server.script(BLOCKS)
    with sdk.messages.stream(**{**REQUEST, "max_tokens": 40}) as stream:
        final = stream.get_final_message()
    assert final.stop_reason == "max_tokens"
    assert final.usage.output_tokens <= 40


def test_a_thinking_block_streams_its_text_then_its_signature_just_before_it_stops():
    summarized = {**THINKING, "thinking": {"type": "adaptive", "display": "summarized"}}
    reply, _ = message(summarized, BLOCKS)
    parsed = parse(b"".join(events(reply)))
    assert parsed[1][1]["content_block"] == {"type": "thinking", "thinking": "", "signature": ""}
    block = [d for name, d in parsed if d.get("index") == 0]
    kinds = [d["delta"]["type"] for d in block if d["type"] == "content_block_delta"]
    assert kinds[-1] == "signature_delta" and set(kinds[:-1]) == {"thinking_delta"}
    assert block[-1]["type"] == "content_block_stop"
    text = [d["delta"].get("thinking", "") for d in block if d["type"] == "content_block_delta"]
    assert "".join(text) == reply["content"][0]["thinking"]
    assert deltas(parsed, "signature_delta", "signature")[0] == reply["content"][0]["signature"]


def test_an_omitted_thinking_block_streams_only_its_signature():
    reply, _ = message(THINKING, BLOCKS)  # Haiku 5.5's default display: omitted
    parsed = parse(b"".join(events(reply)))
    thinking = [i for i, b in enumerate(reply["content"]) if b["type"] == "thinking"]
    assert thinking and all(reply["content"][i]["thinking"] == "" for i in thinking)
    for index in thinking:
        kinds = [d["delta"]["type"] for _, d in parsed if d.get("index") == index and "delta" in d]
        assert kinds == ["signature_delta"]


def test_thinking_tokens_arrive_with_the_final_usage_not_the_first():
    reply, _ = message(THINKING, BLOCKS)
    parsed = parse(b"".join(events(reply)))
    start, delta = parsed[0][1]["message"]["usage"], parsed[-2][1]["usage"]
    assert "output_tokens_details" not in start
    assert delta["output_tokens_details"] == reply["usage"]["output_tokens_details"]
    assert delta["output_tokens_details"]["thinking_tokens"] > 0


def test_the_sdk_stream_of_a_thinking_reply_ends_with_the_same_message(mock_server, sdk):
    mock_server.script(BLOCKS, BLOCKS)
    plain = sdk.messages.create(**THINKING)
    with sdk.messages.stream(**THINKING) as stream:
        seen = [event.type for event in stream]
        streamed = stream.get_final_message()
    assert "signature" in seen and streamed.content[0].type == "thinking"
    assert streamed.model_dump() == plain.model_dump()


KINDS = {  # request changes -> a kind of reply
    "text": {"messages": [{"role": "user", "content": "Hello!"}], "tools": []},
    "tool calls, thinking omitted": {},
    "thinking summarized": {"thinking": {"type": "adaptive", "display": "summarized"}},
    "cut inside the thinking": {"max_tokens": 5},
    "cut inside a tool call": {"model": "claude-sonnet-5", "thinking": {"type": "disabled"},
                               "max_tokens": 30},
    "stop sequence": {"stop_sequences": ["weather"], "model": "claude-sonnet-5"},
    "manual thinking": {"model": "claude-haiku-4-5", "max_tokens": 2000,
                        "thinking": {"type": "enabled", "budget_tokens": 1024}},
    "Chinese": {"messages": [{"role": "user", "content": "巴黎的天气怎么样？"}]},
}  # fmt: skip


@pytest.mark.parametrize("kind", KINDS)
def test_the_sdk_with_its_defaults_parses_every_kind_of_reply_streamed_or_not(mock_server, kind):

    client = sdk_client(mock_server.base_url, "k")
    request = {**THINKING, "tools": TOOLS} | KINDS[kind]
    mock_server.script(BLOCKS, BLOCKS)
    plain = client.messages.create(**request)
    with client.messages.stream(**request) as stream:
        streamed = stream.get_final_message()
    assert streamed.model_dump() == plain.model_dump()
    assert plain.stop_reason in ("end_turn", "tool_use", "max_tokens", "stop_sequence")
    if kind == "stop sequence":
        assert (plain.stop_reason, plain.stop_sequence) == ("stop_sequence", "weather")


def test_server_tool_blocks_stream_as_the_recorded_streams_show_them():
    # tests/recorded: server_tool_use streams input_json_delta; a result block arrives whole
    # in its content_block_start; a compaction opens with null content and one compaction_delta
    call = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_search",
            "input": {"query": "q"}}  # fmt: skip
    found = {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01A", "content": []}
    compaction = {"type": "compaction", "content": "Earlier: a greeting."}
    reply, _ = message(REQUEST, [compaction, call, found, {"type": "text", "text": "None."}])
    parsed = parse(b"".join(events(reply)))
    starts = [d["content_block"] for n, d in parsed if n == "content_block_start"]
    assert starts[:3] == [{"type": "compaction", "content": None}, {**call, "input": {}}, found]
    assert deltas(parsed, "compaction_delta", "content") == ["Earlier: a greeting."]
    assert "".join(deltas(parsed, "input_json_delta", "partial_json")) == '{"query": "q"}'
    _, last = [p for p in parsed if p[0] == "message_delta"][0]
    assert last["usage"]["server_tool_use"] == {"web_search_requests": 1, "web_fetch_requests": 0}


def test_container_and_context_management_arrive_with_message_delta():
    ran = {"type": "code_execution_tool_result", "tool_use_id": "srvtoolu_01A", "content": {
        "type": "code_execution_result", "stdout": "", "stderr": "", "return_code": 1,
        "content": []}}  # fmt: skip
    beta = {"context_management": {"applied_edits": []}}
    reply, _ = message(REQUEST, [ran, {"type": "text", "text": "No."}], beta=beta)
    parsed = parse(b"".join(events(reply)))
    start = parsed[0][1]["message"]
    assert "container" not in start and "context_management" not in start
    _, last = [p for p in parsed if p[0] == "message_delta"][0]
    assert last["delta"]["container"] == reply["container"]
    assert last["context_management"] == {"applied_edits": []}
