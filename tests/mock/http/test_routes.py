"""Tests for handagent.mock.http.routes: what each path answers once a request has arrived whole.

Through `route` directly (no socket), with the bytes, headers and ids a client sees.
http/test_server covers the socket, the faults' switch and the SDK's view; test_recorded the
real API's traffic replayed through the same routes.
"""

import json

import pytest
from builders import BRAIN_TEXT, request, steady_brain

from handagent.mock.http.routes import allowed, cut_stream, route
from handagent.mock.http.server import State

KEY = {"x-api-key": "test-key", "anthropic-version": "2023-06-01"}
QUESTION = {"role": "user", "content": "现在几点?"}
MESSAGES = "/v1/messages"


def body(**extra) -> dict:
    return request([QUESTION], **{"model": "claude-sonnet-5"} | extra)


def routed(payload: object, target: str = MESSAGES, headers: dict = KEY, state=None, cut=False):
    raw = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    return route(target, headers, raw, "req_test", state or State(steady_brain), cut)


def envelope(response) -> dict:
    return json.loads(response.body)


def test_a_json_reply_has_the_apis_headers_and_its_text_in_utf_8():
    said = "现在是中午。"
    response = routed(body(), state=State(lambda request: [{"type": "text", "text": said}]))
    assert response.headers == {
        "content-type": "application/json",
        "content-length": str(len(response.body)),
        "request-id": "req_test",
    }
    assert said.encode() in response.body  # not \u escapes: the API sends UTF-8


def test_a_stream_is_events_with_the_apis_headers_and_ends_with_its_connection():
    response = routed(body(stream=True))
    assert response.headers == {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        "request-id": "req_test",
        "connection": "close",
    }
    assert (response.status, response.body, response.close) == (200, b"", True)
    assert response.events[0].startswith(b"event: message_start\n")


def test_an_unknown_path_checks_the_key_before_its_404():
    assert routed(body(), "/v1/nothing", {"x-api-key": "bad-key"}).status == 401
    assert routed(body(), "/v1/nothing").status == 404


def test_only_a_post_to_an_unknown_path_reaches_its_route():
    assert allowed("POST", "/v1/nothing") is None  # its key is checked, then the 404
    assert [allowed(method, "/v1/nothing") for method in ("GET", "post", "PUT")] == [404] * 3


@pytest.mark.parametrize("model", ["claude-nope", "X", "claude-sonnet-5X"])
def test_a_model_id_the_catalogue_lacks_is_a_404_whatever_its_letters(model):
    response = routed(b"", f"/v1/models/{model}")
    assert response.status == 404 and envelope(response)["error"]["type"] == "not_found_error"


@pytest.mark.parametrize("target", ["/v1/messages", "/v1/messages/count_tokens"])
def test_a_thread_without_its_beta_is_an_extra_input_before_it_is_looked_up(target):
    thread = {"type": "continue", "previous_message_id": "msg_the_mock_never_made"}
    beta = {"anthropic-beta": "message-threads-2026-08-12"} if target.endswith("tokens") else {}
    counted = {"model": "claude-sonnet-5", "messages": [QUESTION], "thread": thread}
    payload = counted if target.endswith("tokens") else counted | {"max_tokens": 100}
    response = routed(payload, target, KEY | beta)  # count_tokens takes no thread at all
    assert (response.status, envelope(response)["error"]["message"]) == (
        400, "thread: Extra inputs are not permitted"
    )  # fmt: skip


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        # anthropics/claude-code#77525 (req_011Cd2GEE5ML2Vi5RQy7kocP): "The request body is not
        # valid JSON: unexpected control character in string: line 1 column 2379 (char 2378)"
        (b"{not json", "The request body is not valid JSON: "),
        (b'"\\ud800"', "The request body is not valid JSON: "),  # no text
        (b"[" * 100_000 + b"]" * 100_000, "The request body is nested too deeply."),
    ],
    ids=["not json", "lone surrogate", "nested"],
)
def test_a_body_that_is_not_json_text_is_a_400_with_the_request_id(raw, message):
    response = routed(raw)
    assert response.status == 400
    error = envelope(response)
    assert error["request_id"] == "req_test"
    assert error["error"]["type"] == "invalid_request_error"
    if message.endswith("."):
        assert error["error"]["message"] == message
    else:
        assert error["error"]["message"].startswith(message)
        assert len(error["error"]["message"]) > len(message)  # the parser's words follow


def test_count_tokens_is_kept_like_a_message_request():
    state = State(steady_brain)
    counted = {"model": "claude-sonnet-5", "messages": [QUESTION]}
    response = routed(counted, "/v1/messages/count_tokens", state=state)
    assert response.status == 200 and set(envelope(response)) == {"input_tokens"}
    assert list(state.requests) == [counted]


def test_a_cut_json_reply_is_its_first_half():
    whole = routed(body())
    cut = routed(body(), cut=True)
    assert cut.body == whole.body[: len(whole.body) // 2]
    assert (cut.close, cut.headers["content-length"]) == (True, whole.headers["content-length"])


def test_a_stream_cut_by_max_tokens_inside_a_tool_call_streams_its_partial_arguments():
    tools = [{"name": "get_weather", "input_schema": {"type": "object", "properties": {}}}]
    call = {"type": "tool_use", "id": "toolu_01", "name": "get_weather",
            "input": {"city": "Paris", "note": "a fairly long note " * 8}}  # fmt: skip
    state = State(lambda request: [{"type": "text", "text": "Let me check."}, call])
    thinking = {"type": "disabled"}
    response = routed(body(tools=tools, max_tokens=40, stream=True, thinking=thinking), state=state)
    deltas = [
        json.loads(event.split(b"data: ", 1)[1])["delta"]
        for event in response.events
        if event.startswith(b"event: content_block_delta")
    ]
    partial = "".join(delta["partial_json"] for delta in deltas if "partial_json" in delta)
    assert partial and json.dumps(call["input"]).startswith(partial)
    assert partial != json.dumps(call["input"])  # cut: it does not parse whole


@pytest.mark.parametrize(
    ("extra", "betas"),
    [
        ({"output_config": {"task_budget": {"type": "tokens", "total": 20000}}},
         "task-budgets-2026-03-13"),
        ({"tools": [{"type": "advisor_20260301", "name": "advisor", "model": "claude-opus-5-5"}]},
         "advisor-tool-2026-03-01"),
    ],
    ids=["task budget", "advisor"],
)  # fmt: skip
def test_a_task_budget_or_an_advisor_gives_usage_its_iterations(extra, betas):
    headers = KEY | {"anthropic-beta": betas}
    response = routed(body(**extra), headers=headers)
    assert response.status == 200, response.body
    (step,) = envelope(response)["usage"]["iterations"]  # the one turn this reply took
    assert step["type"] == "message"
    assert "iterations" not in envelope(routed(body()))["usage"]


def test_the_openai_route_answers_a_script_first_with_the_request_id_in_json_and_streams():
    state = State(steady_brain)
    state.scripted.append([{"type": "text", "text": "Scripted."}])
    chat = {"model": "claude-sonnet-5", "messages": [{"role": "user", "content": "Hi"}]}
    auth = {"authorization": "Bearer test-key"}
    first = routed(chat, "/v1/chat/completions", auth, state)
    assert first.headers["request-id"] == "req_test"
    assert envelope(first)["choices"][0]["message"]["content"] == "Scripted."
    assert list(state.requests) == [chat]
    streamed = routed(chat | {"stream": True}, "/v1/chat/completions", auth, state)
    assert streamed.headers["request-id"] == "req_test"
    chunks = [json.loads(e.removeprefix(b"data: ")) for e in streamed.events[:-1]]
    said = "".join(chunk["choices"][0]["delta"].get("content") or "" for chunk in chunks)
    assert said == BRAIN_TEXT  # the script is used up: the brain answers


def event(name: str) -> bytes:
    return f"event: {name}\ndata: {{}}\n\n".encode()


START, DELTA, PING = event("content_block_start"), event("content_block_delta"), event("ping")


@pytest.mark.parametrize(
    ("events", "kept"),
    [
        # the docstring's example: half-way through the last block's deltas (the first of two)
        ([event("message_start"), START, PING, DELTA, DELTA, PING], 4),
        # two blocks: the last block's five deltas count, not the first block's; the third is kept
        ([START, DELTA, DELTA, DELTA, START, DELTA, DELTA, DELTA, DELTA, DELTA, PING], 8),
        # a last block with no deltas stops at its start, whatever came before
        ([START, DELTA, START, DELTA, START, PING], 5),
        # no block at all: message_start only
        ([event("message_start"), PING, event("message_delta")], 1),
    ],
    ids=["example", "last block", "no deltas", "no block"],
)
def test_a_cut_stream_stops_half_way_through_its_last_blocks_deltas(events, kept):
    assert cut_stream(events) == events[:kept]
