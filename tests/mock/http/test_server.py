"""Tests for handagent.mock.http.server (and `python -m handagent.mock`): the real SDK and raw httpx
against the mock, with the real API's statuses, envelopes, wording, faults and determinism."""

import io
import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Callable
from http.client import HTTPMessage
from pathlib import Path

import anthropic
import httpx
import httpx2
import pytest
from anthropic.types import Message
from builders import BRAIN_TEXT, call, request, result, sdk_client, steady_brain
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import handagent
from handagent.blocks import text_of, tool_uses
from handagent.mock import MockServer
from handagent.mock.http.routes import Response
from handagent.mock.http.server import MAX_BODY_BYTES, State, answer

pytestmark = pytest.mark.timeout(60)  # a hang guard only: the tests decide by events

HTTP = httpx.Client(timeout=60)  # one raw client for the module: each new one costs 0.1 s
HEADERS = {"x-api-key": "test-key", "anthropic-version": "2023-06-01"}
TOOLS = [{"name": "get_time", "input_schema": {"type": "object", "properties": {}}}]
QUESTION = {"role": "user", "content": "What time is it?"}
UNANSWERED = (
    "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: "
    "{ids}. Each `tool_use` block must have a corresponding `tool_result` block in the next "
    "message."
)


def body(messages: list | None = None, **extra) -> dict:
    """A request to Sonnet 5, asking the time unless told otherwise."""
    return request(messages or [QUESTION], **{"model": "claude-sonnet-5"} | extra)


def post(server: MockServer, payload: object, path: str = "/v1/messages", **kwargs):
    """A raw request; `payload` is sent as JSON unless it is already bytes."""
    content = payload if isinstance(payload, bytes) else json.dumps(payload).encode()
    headers = kwargs.pop("headers", HEADERS)
    return HTTP.post(server.base_url + path, content=content, headers=headers, **kwargs)


def assert_error(response: httpx.Response, status: int, error_type: str, message: str) -> None:
    assert response.status_code == status
    assert response.json() == {
        "type": "error",
        "error": {"type": error_type, "message": message},
        "request_id": response.headers["request-id"],
    }
    assert response.headers["request-id"].startswith("req_")


# --- replies ------------------------------------------------------------------------------------


def test_the_sdk_gets_a_message_with_every_field(sdk):
    reply = sdk.messages.create(**body())
    assert isinstance(reply, Message)
    assert reply.id.startswith("msg_01") and (reply.type, reply.role) == ("message", "assistant")
    assert reply.model == "claude-sonnet-5"
    assert [b.type for b in reply.content] == ["text"] and text_of(reply.content) == BRAIN_TEXT
    assert (reply.stop_reason, reply.stop_sequence, reply.stop_details) == ("end_turn", None, None)
    assert reply.usage.input_tokens > 0 and reply.usage.output_tokens > 0
    assert reply.usage.cache_creation.ephemeral_5m_input_tokens == 0
    assert reply.usage.output_tokens_details.thinking_tokens == 0  # it could have thought


def test_the_sdk_sends_its_default_version_and_bearer_auth_and_both_are_understood(
    mock_server, sdk_transport
):
    sent: list = []
    hooked = httpx2.Client(event_hooks={"request": [sent.append]})
    client = anthropic.Anthropic(base_url=mock_server.base_url, api_key="k", http_client=hooked)
    assert client.messages.create(**body()).type == "message"
    assert sent[0].headers["anthropic-version"] == "2026-10-21"
    assert sent[0].headers["authorization"] == "Bearer k" and "x-api-key" not in sent[0].headers


def test_the_requested_model_is_echoed_and_an_alias_answered_with_its_dated_id(sdk):
    assert sdk.messages.create(**body(model="claude-opus-4-8")).model == "claude-opus-4-8"
    dated = sdk.messages.create(**body(model="claude-haiku-4-5")).model
    assert dated == "claude-haiku-4-5-20251001"  # as recorded: the reply names the snapshot


def test_raw_httpx_gets_json_the_sdk_types_parse(mock_server):
    mock_server.script([{"type": "text", "text": "Noon."}, call("toolu_01A")])
    response = post(mock_server, body(tools=TOOLS))
    assert response.status_code == 200
    assert response.headers["content-type"] == "application/json"
    assert response.headers["request-id"].startswith("req_011C")
    reply = Message.model_validate(response.json())
    assert reply.stop_reason == "tool_use" and tool_uses(reply.content)[0]["id"] == "toolu_01A"
    assert reply.content[0].type == "thinking"  # Sonnet 5 thinks before a tool call


def test_scripted_replies_come_first_then_the_brain(mock_server, sdk):
    mock_server.script([{"type": "text", "text": "One."}], [{"type": "text", "text": "Two."}])
    texts = [text_of(sdk.messages.create(**body()).content) for _ in range(3)]
    assert texts == ["One.", "Two.", BRAIN_TEXT]


def test_a_script_that_is_not_lists_of_blocks_is_refused_at_once():
    server = MockServer()  # not started: the mistake is named before any request
    with pytest.raises(TypeError, match=r"one list of content blocks per reply; reply 1 is dict"):
        server.script({"type": "text", "text": "Hi"})
    with pytest.raises(TypeError) as caught:
        server.script([{"type": "text", "text": "ok"}], ["Hi"])
    assert str(caught.value) == (
        "script() takes one list of content blocks per reply; reply 2 is list ['Hi']. Write "
        "script([{'type': 'text', 'text': 'Hi'}]) for a reply of one text block."
    )
    assert not server.state.scripted  # nothing half-scripted


def test_the_server_records_valid_requests_only(mock_server, sdk):
    sdk.messages.create(**body(system="Be brief."))
    with pytest.raises(anthropic.BadRequestError):
        sdk.messages.create(**body(messages=[{"role": "user", "content": ""}]))
    assert [request.get("system") for request in mock_server.requests] == ["Be brief."]


def test_the_same_request_gets_the_same_bytes(mock_server):
    asks_the_time = [{"type": "tool_use", "name": "get_time", "input": {}}]
    mock_server.script(asks_the_time, asks_the_time)
    first, second = post(mock_server, body(tools=TOOLS)), post(mock_server, body(tools=TOOLS))
    assert first.content == second.content
    assert first.headers["request-id"] == second.headers["request-id"]


def test_different_requests_get_different_ids(mock_server):
    replies = []
    for question in ("What time is it?", "What time is it now?"):
        mock_server.script([{"type": "tool_use", "name": "get_time", "input": {}}])
        response = post(mock_server, body([{"role": "user", "content": question}], tools=TOOLS))
        replies.append((response.headers["request-id"], response.json()))
    (first_req, first), (second_req, second) = replies
    assert first_req != second_req
    assert first["id"] != second["id"]
    assert tool_uses(first["content"])[0]["id"] != tool_uses(second["content"])[0]["id"]


def test_max_tokens_is_honoured(sdk, mock_server):
    mock_server.script([{"type": "text", "text": "word " * 200}])
    reply = sdk.messages.create(**body(max_tokens=10))
    assert reply.stop_reason == "max_tokens"
    assert reply.usage.output_tokens <= 10


def test_a_cut_tool_call_keeps_empty_input(sdk, mock_server):
    arguments = {"note": "a long argument " * 20}
    mock_server.script([{"type": "tool_use", "name": "get_time", "input": arguments}])
    reply = sdk.messages.create(**body(max_tokens=20, tools=TOOLS, thinking={"type": "disabled"}))
    assert reply.stop_reason == "max_tokens"
    assert [b.type for b in reply.content] == ["tool_use"] and reply.content[0].input == {}


# --- errors -------------------------------------------------------------------------------------


def test_the_sdk_raises_bad_request_with_the_api_wording_for_a_dropped_result(sdk):
    messages = [
        QUESTION,
        {"role": "assistant", "content": [call("toolu_01A")]},
        {"role": "user", "content": "Well?"},
    ]
    with pytest.raises(anthropic.BadRequestError) as caught:
        sdk.messages.create(**body(messages, tools=TOOLS))
    assert caught.value.status_code == 400
    assert caught.value.body["error"] == {
        "type": "invalid_request_error",
        "message": UNANSWERED.format(ids="toolu_01A"),
    }
    assert caught.value.request_id == caught.value.body["request_id"]


ASSISTANT_CALLS = {"role": "assistant", "content": [call("toolu_01A"), call("toolu_01B")]}


@pytest.mark.parametrize(
    ("request_body", "message"),
    [
        (body([QUESTION, ASSISTANT_CALLS, {"role": "user", "content": "no"}]),
         UNANSWERED.format(ids="toolu_01A, toolu_01B")),
        (body([QUESTION, ASSISTANT_CALLS, {"role": "user", "content": [
            {"type": "text", "text": "Here:"}, result("toolu_01A"), result("toolu_01B")]}]),
         UNANSWERED.format(ids="toolu_01A, toolu_01B")),
        (body([QUESTION, {"role": "assistant", "content": [call("toolu_01A")]},
               {"role": "user", "content": [result("toolu_01A"), result("toolu_01Z")]}]),
         "messages.2.content.1: unexpected `tool_use_id` found in `tool_result` blocks: "
         "toolu_01Z. Each `tool_result` block must have a corresponding `tool_use` block in "
         "the previous message."),
        (body([QUESTION, {"role": "assistant", "content": [call("toolu_01A"), call("toolu_01A")]}]),
         "messages.1.content.1: `tool_use` ids must be unique"),
        (body([QUESTION, {"role": "assistant", "content": [call("toolu.01A")]}]),
         "messages.1.content.0.tool_use.id: String should match pattern '^[a-zA-Z0-9_-]+$'"),
        (body(tools=[{"name": "get time", "input_schema": {"type": "object"}}]),
         "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"),
        (body([{"role": "user", "content": [{"type": "text", "text": ""}]}]),
         "messages: text content blocks must be non-empty"),
        (body([{"role": "user", "content": [{"type": "text", "text": "  "}]}]),
         "messages: text content blocks must contain non-whitespace text"),
        (body([{"role": "user", "content": []}]),
         "messages.0: all messages must have non-empty content except for the optional final "
         "assistant message"),
        (body(frobnicate=True), "frobnicate: Extra inputs are not permitted"),
        ({"model": "claude-sonnet-5", "messages": [QUESTION]}, "max_tokens: Field required"),
    ],
)  # fmt: skip
def test_invalid_requests_get_the_api_status_type_and_wording(mock_server, request_body, message):
    assert_error(post(mock_server, request_body), 400, "invalid_request_error", message)


def test_an_empty_final_assistant_message_is_a_prefill_only_some_models_take(sdk):
    messages = [QUESTION, {"role": "assistant", "content": ""}]
    assert sdk.messages.create(**body(messages, model="claude-haiku-4-5")).type == "message"
    with pytest.raises(anthropic.BadRequestError) as caught:
        sdk.messages.create(**body(messages))
    assert caught.value.body["error"]["message"] == (
        "This model does not support assistant message prefill. "
        "The conversation must end with a user message."
    )


def test_tool_history_without_tools_and_merged_turns_are_accepted(sdk):
    messages = [
        QUESTION,
        {"role": "assistant", "content": [call("toolu_01A")]},
        {"role": "assistant", "content": [{"type": "text", "text": "Checking the clock."}]},
        {"role": "user", "content": [result("toolu_01A")]},
        {"role": "user", "content": "Here it is."},
    ]
    assert sdk.messages.create(**body(messages)).type == "message"


def test_string_content_before_the_results_leaves_the_call_unanswered_as_a_text_block_does(sdk):
    for words in ("Here it is.", [{"type": "text", "text": "Here it is."}]):
        messages = [
            QUESTION,
            {"role": "assistant", "content": [call("toolu_01A")]},
            {"role": "user", "content": words},
            {"role": "user", "content": [result("toolu_01A")]},
        ]
        with pytest.raises(anthropic.BadRequestError, match="toolu_01A. Each `tool_use` block"):
            sdk.messages.create(**body(messages))


def test_whitespace_string_content_is_refused_as_a_whitespace_block_is(mock_server):
    for content in ("   ", [{"type": "text", "text": "   "}]):
        response = post(mock_server, body([{"role": "user", "content": content}]))
        message = "messages: text content blocks must contain non-whitespace text"
        assert_error(response, 400, "invalid_request_error", message)


@pytest.mark.parametrize(
    "raw",
    [
        b"{not json",
        b'{"model": "claude-sonnet-5", "max_tokens": 5',
        b"",
        b"[" * 100_000 + b"]" * 100_000,
    ],
)
def test_a_malformed_body_is_a_400_not_a_500(mock_server, raw):
    response = post(mock_server, raw)
    assert response.status_code == 400
    assert response.json()["error"]["type"] == "invalid_request_error"


def test_invalid_utf8_is_a_400(mock_server):
    response = post(mock_server, b'{"model": "claude-\xff\xfe"}')
    assert response.status_code == 400
    assert response.json()["error"]["type"] == "invalid_request_error"


def test_a_block_type_that_is_not_a_string_is_a_400(mock_server):
    response = post(mock_server, body([{"role": "user", "content": [{"type": []}]}]))
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith("messages.0.content.0: Input tag")


def test_no_key_header_is_a_401(mock_server):
    response = post(mock_server, body(), headers={"anthropic-version": "2023-06-01"})
    assert_error(response, 401, "authentication_error", "x-api-key header is required")


@pytest.mark.parametrize(
    "auth",
    [{"x-api-key": "bad-key"}, {"authorization": "Bearer bad-key"},
     {"x-api-key": "bad-key", "authorization": "Bearer good-key"}],
    ids=["x-api-key", "bearer", "both: x-api-key wins"],
)  # fmt: skip
def test_a_bad_key_is_the_apis_401(mock_server, auth):
    response = post(mock_server, body(), headers={"anthropic-version": "2026-10-21", **auth})
    assert_error(response, 401, "authentication_error", "invalid x-api-key")


def test_the_sdk_raises_authentication_error_for_a_bad_key(mock_server):
    client = sdk_client(mock_server.base_url, "bad-demo")
    with pytest.raises(anthropic.AuthenticationError, match="invalid x-api-key"):
        client.messages.create(**body())


def test_a_bearer_token_counts_as_a_key(mock_server):
    headers = {"authorization": "Bearer any", "anthropic-version": "2026-10-21"}
    assert post(mock_server, body(), headers=headers).status_code == 200


@pytest.mark.parametrize(
    ("version", "message"),
    [
        (None, "anthropic-version: header is required"),
        ("2024-10-22", 'anthropic-version: "2024-10-22" is not a valid version'),
        ("2023-06-01, 2023-06-01",
         'anthropic-version: "2023-06-01, 2023-06-01" is not a valid version'),
    ],
)  # fmt: skip
def test_a_missing_or_unknown_version_is_a_400(mock_server, version, message):
    headers = {"x-api-key": "k"} | ({"anthropic-version": version} if version else {})
    assert_error(post(mock_server, body(), headers=headers), 400, "invalid_request_error", message)


def test_sampling_parameters_are_refused_under_the_sdks_version(sdk):
    # §0.1: under 2026-10-21 even temperature 1.0 is an unknown field
    with pytest.raises(anthropic.BadRequestError) as caught:
        sdk.messages.create(**body(), extra_body={"temperature": 1.0})
    assert caught.value.body["error"]["message"] == "temperature: Extra inputs are not permitted"


def test_sampling_under_2023_06_01_follows_the_models_rule(mock_server):
    old = body(model="claude-haiku-4-5", temperature=0.2, top_k=40)  # recorded: a 200
    assert post(mock_server, old).status_code == 200
    response = post(mock_server, body(temperature=0.5))
    assert_error(
        response, 400, "invalid_request_error", "`temperature` is deprecated for this model."
    )


@pytest.mark.parametrize(
    "model", ["gpt-4", "claude-sonet-4-5", "claude-sonnet-4-5", "claude-3-7-sonnet-latest",
              "claude-x", "mock", "claude-sonnet-5-sequential"],
)  # fmt: skip
@pytest.mark.filterwarnings("ignore::DeprecationWarning")  # the SDK warns about retired ids
def test_an_unknown_or_retired_model_is_a_404_naming_it(mock_server, sdk, model):
    # §1.2; recorded: "model: claude-sonet-4-5" for a misspelled id
    assert_error(post(mock_server, body(model=model)), 404, "not_found_error", f"model: {model}")
    with pytest.raises(anthropic.NotFoundError, match=f"model: {model}"):
        sdk.messages.create(**body(model=model))
    with pytest.raises(anthropic.NotFoundError, match=f"model: {model}"):
        sdk.messages.count_tokens(model=model, messages=[QUESTION])


@pytest.mark.parametrize("path", ["/v1/complete", "/messages", "/v1/messages/batches"])
def test_an_unknown_path_is_a_404(mock_server, path):
    assert_error(post(mock_server, body(), path=path), 404, "not_found_error", "Not Found")


@pytest.mark.parametrize("headers", [{"x-api-key": "bad-key"}, {"x-mock-fault": "overloaded"}])
def test_a_get_of_an_unknown_path_is_a_404_before_its_key_or_fault_is_read(mock_server, headers):
    response = HTTP.get(mock_server.base_url + "/v1/files", headers=HEADERS | headers)
    assert_error(response, 404, "not_found_error", "Not Found")


def test_a_get_is_refused_with_an_error_envelope(mock_server):
    messages = HTTP.get(mock_server.base_url + "/v1/messages", headers=HEADERS)
    assert_error(messages, 405, "invalid_request_error", "Method Not Allowed")
    elsewhere = HTTP.get(mock_server.base_url + "/v1/files", headers=HEADERS)
    assert_error(elsewhere, 404, "not_found_error", "Not Found")
    assert len({messages.headers["request-id"], elsewhere.headers["request-id"], "req_011C"}) == 3
    posted = post(mock_server, {}, path="/v1/models")
    assert_error(posted, 405, "invalid_request_error", "Method Not Allowed")


@pytest.mark.parametrize("method", ["PUT", "DELETE", "PATCH", "OPTIONS", "FROB"])
def test_any_other_method_gets_an_envelope_not_an_html_page(mock_server, method):
    response = HTTP.request(method, mock_server.base_url + "/v1/messages", headers=HEADERS)
    assert_error(response, 405, "invalid_request_error", "Method Not Allowed")


def test_a_head_request_gets_headers_only_and_the_connection_stays_usable(mock_server):
    response = HTTP.head(mock_server.base_url + "/v1/messages", headers=HEADERS)
    assert response.status_code == 405 and response.content == b""
    assert post(mock_server, body()).status_code == 200


def test_a_head_request_gets_no_body_bytes_on_the_wire(mock_server):
    host, port = mock_server.base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as connection:
        connection.sendall(b"HEAD /v1/models HTTP/1.1\r\nx-api-key: k\r\nConnection: close\r\n\r\n")
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, separator, rest = answer.partition(b"\r\n\r\n")
    assert head.startswith(b"HTTP/1.1 400") and b"\r\ncontent-length: 1" in head  # no version
    assert (separator, rest) == (b"\r\n\r\n", b"")  # the length declared, no byte of it sent


def raw_exchange(server: MockServer, request: bytes) -> tuple[int, dict, dict]:
    """Send bytes on a fresh socket; the status, headers and JSON body of the answer."""
    host, port = server.base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as connection:
        connection.sendall(request)
        connection.shutdown(socket.SHUT_WR)
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    head, _, payload = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    headers = {name.lower(): value for name, value in (line.split(": ", 1) for line in lines)}
    return int(status_line.split()[1]), headers, json.loads(payload)


@pytest.mark.parametrize("length", ["-5", "abc", "1e3", "", "0x10", "5, 5", "٣"])
def test_a_content_length_that_is_not_a_number_of_bytes_is_a_400(mock_server, length):
    request = (
        "POST /v1/messages HTTP/1.1\r\nHost: mock\r\nx-api-key: k\r\n"
        f"Content-Length: {length}\r\n\r\n{{}}"
    ).encode()
    status, headers, error = raw_exchange(mock_server, request)
    assert status == 400 and headers["connection"] == "close"
    assert error["error"]["type"] == "invalid_request_error"
    assert error["error"]["message"].startswith("Content-Length must be a number of bytes")
    assert error["request_id"] == headers["request-id"]


def test_a_body_shorter_than_its_content_length_is_a_400(mock_server):
    request = (
        b"POST /v1/messages HTTP/1.1\r\nHost: m\r\nx-api-key: k\r\nContent-Length: 50\r\n\r\n{}"
    )
    status, _, error = raw_exchange(mock_server, request)
    assert status == 400
    assert error["error"]["message"] == "The body ended after 2 of the 50 bytes in Content-Length."


@pytest.mark.parametrize(
    ("request_line", "status", "message"),
    [
        ("GARBAGE", 400, "Bad request syntax ('GARBAGE')"),
        ("POST /v1/messages HTTP/2.0", 400, "Invalid HTTP version (2.0)"),  # http.server: a 505
        ("POST /v1/messages HTTP/1.x", 400, "Bad request version ('HTTP/1.x')"),
        ("GET /v1/messages", 405, "Method Not Allowed"),  # HTTP/0.9, answered in HTTP/1.0
        (f"GET /{'a' * 70000} HTTP/1.1", 414, "Request-URI Too Long"),  # http.server's words
    ],
)
def test_a_request_line_that_does_not_parse_gets_an_envelope(
    mock_server, request_line, status, message
):
    answered, headers, error = raw_exchange(mock_server, f"{request_line}\r\n\r\n".encode())
    assert answered == status
    assert error == {
        "type": "error",
        "error": {"type": "invalid_request_error", "message": message},
        "request_id": headers["request-id"],
    }


def test_too_many_headers_is_a_431_envelope(mock_server):
    request = b"POST /v1/messages HTTP/1.1\r\nx-api-key: k\r\n" + b"x-a: b\r\n" * 101 + b"\r\n"
    status, headers, error = raw_exchange(mock_server, request)
    assert (status, error["error"]) == (
        431, {"type": "invalid_request_error", "message": "Too many headers"}
    )  # fmt: skip
    assert headers["connection"] == "close"


def test_a_crash_inside_the_mock_is_a_500_api_error_envelope(mock_server, sdk):
    mock_server.state.brain = lambda request: 1 / 0
    response = post(mock_server, body())
    message = "Internal server error: the mock raised ZeroDivisionError: division by zero"
    assert_error(response, 500, "api_error", message)
    with pytest.raises(anthropic.InternalServerError, match="the mock raised ZeroDivisionError"):
        sdk.messages.create(**body())


def test_a_client_that_hangs_up_mid_answer_leaves_no_traceback(mock_server, capfd, monkeypatch):
    mock_server.script([{"type": "text", "text": "word " * 5000}])
    host, port = mock_server.base_url.removeprefix("http://").split(":")
    payload = json.dumps(body(stream=True)).encode()
    head = (
        f"POST /v1/messages HTTP/1.1\r\nHost: m\r\nx-api-key: k\r\nx-mock-fault: slow=0.2\r\n"
        f"Content-Length: {len(payload)}\r\n\r\n"
    ).encode()
    ours, handled = [], threading.Event()
    serve = mock_server._server.process_request_thread  # socketserver: handle, report, close

    def watched(request: socket.socket, client_address: tuple) -> None:
        serve(request, client_address)
        if client_address in ours:
            handled.set()

    monkeypatch.setattr(mock_server._server, "process_request_thread", watched)
    connection = socket.create_connection((host, int(port)))
    ours.append(connection.getsockname())
    connection.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\1\0\0\0\0\0\0\0")  # reset
    connection.sendall(head + payload)
    connection.close()  # before the answer: the server writes into a reset connection
    assert handled.wait(60)  # the server is done with that connection, errors reported or not
    assert post(mock_server, body()).status_code == 200
    assert capfd.readouterr().err == ""


@pytest.mark.parametrize("fault", ["slow=abc", "slow=-1", "slow=nan", "slow=1e9", "overload"])
def test_a_fault_the_mock_does_not_know_is_a_400_naming_the_known_ones(mock_server, fault):
    response = post(mock_server, body(), headers=HEADERS | {"x-mock-fault": fault})
    assert response.status_code == 400
    assert response.json()["error"]["message"].startswith(f"x-mock-fault: unknown fault {fault!r}")
    assert "overloaded, rate_limit" in response.json()["error"]["message"]


def test_a_body_over_32_mb_is_refused_without_being_read(mock_server):
    host, port = mock_server.base_url.removeprefix("http://").split(":")
    head = (
        "POST /v1/messages HTTP/1.1\r\nHost: mock\r\nx-api-key: test-key\r\n"
        f"content-type: application/json\r\ncontent-length: {33 * 1024 * 1024}\r\n\r\n"
    )
    with socket.create_connection((host, int(port)), timeout=60) as connection:
        connection.sendall(head.encode() + b'{"model": ')  # and no more: a read would wait, a 408
        answer = b""
        while chunk := connection.recv(65536):
            answer += chunk
    status_line, _, rest = answer.partition(b"\r\n")
    assert status_line.startswith(b"HTTP/1.1 413")
    assert b"\r\nrequest-id: req_" in rest
    error = json.loads(rest.partition(b"\r\n\r\n")[2])
    assert error["error"] == {
        "type": "request_too_large",
        "message": "Request exceeds the maximum allowed number of bytes.",
    }
    assert error["request_id"].startswith("req_011C") and error["request_id"] != "req_011C"


# --- count_tokens -------------------------------------------------------------------------------


def test_count_tokens_returns_only_input_tokens(mock_server):
    response = post(
        mock_server,
        {"model": "claude-sonnet-5", "messages": [QUESTION]},
        "/v1/messages/count_tokens",
    )
    assert response.status_code == 200
    assert list(response.json()) == ["input_tokens"]
    assert response.headers["request-id"].startswith("req_")


def test_count_tokens_refuses_what_messages_refuses(sdk):
    messages = [
        QUESTION,
        {"role": "assistant", "content": [call("toolu_01A")]},
        {"role": "user", "content": "?"},
    ]
    with pytest.raises(anthropic.BadRequestError, match="toolu_01A. Each `tool_use` block"):
        sdk.messages.count_tokens(model="claude-sonnet-5", messages=messages)


@pytest.fixture(scope="module")
def shared_sdk():
    with MockServer(brain=steady_brain) as server:
        yield sdk_client(server.base_url, "test-key")


words = st.text(st.sampled_from("abcdefgh ijk,.?现在几点"), min_size=1, max_size=30).filter(
    str.strip
)
values = st.dictionaries(st.sampled_from(["a", "b", "path"]), st.integers() | words, max_size=3)


@st.composite
def conversations(draw) -> dict:
    """A valid request: user questions, tool calls each answered in the next message."""
    messages = [{"role": "user", "content": draw(words)}]
    for turn in range(draw(st.integers(0, 3))):
        ids = [f"toolu_{turn}_{i}" for i in range(draw(st.integers(1, 3)))]
        calls = [
            {"type": "tool_use", "id": i, "name": "get_time", "input": draw(values)} for i in ids
        ]
        if draw(st.booleans()):
            calls.insert(0, {"type": "text", "text": draw(words)})
        results = [{"type": "tool_result", "tool_use_id": i, "content": draw(words)} for i in ids]
        messages += [{"role": "assistant", "content": calls}, {"role": "user", "content": results}]
    request = {
        "model": draw(st.sampled_from(["claude-sonnet-5", "claude-opus-4-7", "claude-haiku-4-5"])),
        "messages": messages,
    }
    if draw(st.booleans()):
        request["tools"] = TOOLS + draw(
            st.lists(st.just({"name": "more", "input_schema": {}}), max_size=1)
        )
        request["tool_choice"] = draw(
            st.sampled_from([{"type": "auto"}, {"type": "any"}, {"type": "none"}])
        )
    if draw(st.booleans()):
        request["system"] = draw(words)
    return request


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(request=conversations())
def test_count_tokens_agrees_with_the_usage_of_a_messages_call(shared_sdk, request):
    counted = shared_sdk.messages.count_tokens(**request).input_tokens
    assert shared_sdk.messages.create(**request, max_tokens=50).usage.input_tokens == counted


def test_one_tool_adds_the_documented_overhead_over_http(sdk):
    def count(**extra) -> int:
        return sdk.messages.count_tokens(
            model="claude-opus-4-5", messages=[QUESTION], **extra
        ).input_tokens

    tool = {"name": "t", "input_schema": {}}  # {"name":"t","input_schema":{}}: 32 chars, 8 tokens
    assert count(tools=[tool]) - count() == 496 + 8
    assert count(tools=[tool], tool_choice={"type": "any"}) - count() == 588 + 8


# --- faults -------------------------------------------------------------------------------------


def counting_sdk(server: MockServer, fault: str, **options) -> tuple[anthropic.Anthropic, list]:
    """An SDK client that sends `x-mock-fault`, and the list of requests it put on the wire."""
    sent: list = []
    http_client = httpx2.Client(event_hooks={"request": [sent.append]})  # the SDK's own httpx
    client = anthropic.Anthropic(
        base_url=server.base_url, api_key="test-key", http_client=http_client,
        default_headers={"x-mock-fault": fault}, **options,
    )  # fmt: skip
    return client, sent


@pytest.mark.parametrize(
    ("fault", "status", "error_type", "exception"),
    [
        ("overloaded", 529, "overloaded_error", anthropic.OverloadedError),
        ("rate_limit", 429, "rate_limit_error", anthropic.RateLimitError),
        ("server_error", 500, "api_error", anthropic.InternalServerError),
    ],
)
def test_error_faults_raise_at_once_without_retries(
    mock_server, fault, status, error_type, exception
):
    client, sent = counting_sdk(mock_server, fault)  # the SDK's default: two retries
    with pytest.raises(exception) as caught:
        client.messages.create(**body())
    assert len(sent) == 1
    response = caught.value.response
    assert response.status_code == status
    assert response.headers["x-should-retry"] == "false"
    assert caught.value.body["type"] == "error" and caught.value.body["error"]["type"] == error_type
    assert caught.value.body["request_id"] == response.headers["request-id"]


def test_overloaded_has_the_api_message(mock_server):
    response = post(mock_server, body(), headers=HEADERS | {"x-mock-fault": "overloaded"})
    assert_error(response, 529, "overloaded_error", "Overloaded")


def test_a_slow_reply_times_out_the_sdk(mock_server):
    client, sent = counting_sdk(mock_server, "slow=30", timeout=0.2, max_retries=0)
    with pytest.raises(anthropic.APITimeoutError):
        client.messages.create(**body())
    assert len(sent) == 1


def test_a_slow_reply_arrives_when_the_sdk_waits(mock_server):
    client, _ = counting_sdk(mock_server, "slow=0.3", timeout=60, max_retries=0)
    started = time.monotonic()
    assert text_of(client.messages.create(**body()).content) == BRAIN_TEXT
    assert time.monotonic() - started >= 0.3


def test_a_disconnect_is_a_connection_error(mock_server):
    client, sent = counting_sdk(mock_server, "disconnect", max_retries=0)
    with pytest.raises(anthropic.APIConnectionError) as caught:
        client.messages.create(**body())
    assert not isinstance(caught.value, anthropic.APITimeoutError)
    assert len(sent) == 1


def test_a_cut_stream_stops_inside_the_last_block_after_some_deltas(mock_server):
    mock_server.script([{"type": "text", "text": "This reply never arrives in full."}])
    client, _ = counting_sdk(mock_server, "stream_cut", max_retries=0)
    with client.messages.stream(**body()) as stream:
        seen = [event.type for event in stream]
        final = stream.get_final_message()  # the SDK does not notice: the message is half-built
    assert seen[0] == "message_start" and "message_stop" not in seen
    assert "content_block_stop" not in seen and "message_delta" not in seen
    assert final.stop_reason is None
    assert "".join(block.text for block in final.content) == "This reply never"


def test_a_cut_tool_call_stream_carries_part_of_the_arguments(mock_server):
    mock_server.script([{"type": "text", "text": "Checking."}, call("toolu_01A") | {
        "input": {"note": "a fairly long argument that needs several pieces"}}])  # fmt: skip
    response = post(
        mock_server,
        body(stream=True, thinking={"type": "disabled"}),
        headers=HEADERS | {"x-mock-fault": "stream_cut"},
    )
    events = [json.loads(line[6:]) for line in response.text.splitlines() if line[:6] == "data: "]
    pieces = [e["delta"]["partial_json"] for e in events if e["type"] == "content_block_delta"
              and e["index"] == 1]  # fmt: skip
    assert events[-1]["type"] == "content_block_delta" and events[-1]["index"] == 1
    assert "".join(pieces) and '"note"' in "".join(pieces)
    assert not '{"note": "a fairly long argument that needs several pieces"}'.startswith(
        "".join(pieces) + '"}'
    )


def test_a_cut_json_reply_is_a_connection_error_for_the_sdk(mock_server):
    client, sent = counting_sdk(mock_server, "stream_cut", max_retries=0)
    with pytest.raises(anthropic.APIConnectionError) as caught:
        client.messages.create(**body())
    assert "incomplete" in str(caught.value.__cause__) or "peer closed" in str(
        caught.value.__cause__
    )
    assert len(sent) == 1


# --- the per-model rules, as a client of the real API meets them --------------------------------

PREFILL = (
    "This model does not support assistant message prefill. "
    "The conversation must end with a user message."
)
ADAPTIVE = ' Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.'


@pytest.mark.parametrize(
    ("request_body", "message"),
    [
        (body([QUESTION, {"role": "assistant", "content": "It is"}], model="claude-haiku-5-5"),
         PREFILL),
        (body(model="claude-opus-5-5", tools=TOOLS, tool_choice={"type": "any"}),
         'tool_choice: type "tool" and "any" are not supported for this model.'),
        (body(model="claude-haiku-4-5", max_tokens=3000, tools=TOOLS, tool_choice={"type": "any"},
              thinking={"type": "enabled", "budget_tokens": 2000}),
         "Thinking may not be enabled when tool_choice forces tool use."),
        (body(model="claude-opus-5-5", thinking={"type": "disabled"}),
         '"thinking.type.disabled" is not supported for this model.' + ADAPTIVE),
        (body(model="claude-opus-5-5", max_tokens=3000,
              thinking={"type": "enabled", "budget_tokens": 2000}),
         '"thinking.type.enabled" is not supported for this model.' + ADAPTIVE),
        (body(model="claude-haiku-4-5", max_tokens=2000,
              thinking={"type": "enabled", "budget_tokens": 2000}),
         "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our "
         "documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
         "#max-tokens-and-context-window-size"),
        (body(model="claude-opus-4-6", output_config={"effort": "xhigh"}),
         "This model does not support effort level 'xhigh'. Supported levels: high, low, max, "
         "medium."),
        (body(model="claude-haiku-4-5", max_tokens=70_000),
         "max_tokens: 70000 > 64000, which is the maximum allowed number of output tokens for "
         "claude-haiku-4-5-20251001"),
    ],
)  # fmt: skip
def test_each_model_rule_reaches_the_sdk_with_the_apis_words(sdk, request_body, message):
    with pytest.raises(anthropic.BadRequestError) as caught:
        sdk.messages.create(**request_body)
    assert caught.value.body["error"] == {"type": "invalid_request_error", "message": message}


def test_under_2023_06_01_the_sdk_meets_the_models_sampling_rule(mock_server):
    old = anthropic.Anthropic(
        base_url=mock_server.base_url, api_key="k", max_retries=0,
        default_headers={"anthropic-version": "2023-06-01"},
    )  # fmt: skip
    request = body(model="claude-opus-4-8") | {"extra_body": {"top_p": 0.9}}
    with pytest.raises(anthropic.BadRequestError, match="`top_p` is deprecated for this model."):
        old.messages.create(**request)
    assert old.messages.create(**body(model="claude-opus-4-8"), extra_body={"temperature": 1})


# --- beta headers -------------------------------------------------------------------------------
def test_the_beta_clients_query_string_changes_nothing(mock_server):
    response = post(mock_server, body(), path="/v1/messages?beta=true")
    assert response.status_code == 200 and response.json()["content"]


def test_a_beta_field_passes_with_its_header_and_is_an_extra_input_without(mock_server):
    request = body(context_management={"edits": []})
    assert_error(post(mock_server, request), 400, "invalid_request_error",
                 "context_management: Extra inputs are not permitted")  # fmt: skip
    headers = {**HEADERS, "anthropic-beta": "context-management-2025-06-27"}
    reply = post(mock_server, request, headers=headers).json()
    assert reply["context_management"] == {"applied_edits": []}


def test_an_empty_beta_value_is_the_apis_400(mock_server):
    response = post(mock_server, body(), headers={**HEADERS, "anthropic-beta": ""})
    assert_error(response, 400, "invalid_request_error",
                 "Unexpected value(s) `` for the `anthropic-beta` header. Please consult our "
                 "documentation at platform.claude.com/docs or try again without the "
                 "header.")  # fmt: skip


def test_a_request_shaped_like_the_coding_clis_streams(mock_server):
    # Claude Code's default request as public issue reports show it: its own beta values, the
    # beta client's path, context_management clearing no thinking, and a `role: "system"`
    # message after the first user turn (mid-conversation system messages)
    betas = ("claude-code-20250219,interleaved-thinking-2025-05-14,context-management-2025-06-27,"
             "mid-conversation-system-2026-04-07,effort-2025-11-24,fine-grained-tool-streaming-"
             "2025-05-14")  # fmt: skip
    request = {
        "model": "claude-opus-5-5", "max_tokens": 32000, "stream": True,
        "system": [{"type": "text", "text": "You are a coding agent.",
                    "cache_control": {"type": "ephemeral"}}],
        "messages": [
            {"role": "user", "content": [{"type": "text", "text": "List the files here.",
                                          "cache_control": {"type": "ephemeral"}}]},
            {"role": "system", "content": "Available skills: none."},
        ],
        "tools": [{"name": "Bash", "description": "Run a shell command.", "input_schema": {
            "type": "object", "properties": {"command": {"type": "string"}},
            "required": ["command"]}}],
        "thinking": {"type": "adaptive"}, "output_config": {"effort": "high"},
        "context_management": {"edits": [{"type": "clear_thinking_20251015", "keep": "all"}]},
        "metadata": {"user_id": "user_1"},
    }  # fmt: skip
    headers = {**HEADERS, "anthropic-version": "2026-10-21", "anthropic-beta": betas}
    response = post(mock_server, request, path="/v1/messages?beta=true", headers=headers)
    assert response.status_code == 200
    assert response.headers["content-type"] == "text/event-stream"
    assert b'"context_management": {"applied_edits": []}' in response.content


# --- answer(), in-process: what the handler would write, without a socket ----------------------

KNOWN_FAULTS = (
    "overloaded, rate_limit, server_error, overloaded_retryable, slow=<seconds>, disconnect, "
    "stream_cut"
)


def answered(
    payload: bytes = b"",
    headers: dict | None = None,
    method: str = "POST",
    path: str = "/v1/messages",
    read: Callable[[int], bytes] | None = None,
    state: State | None = None,
) -> Response:
    """answer() for these bytes, with HEADERS and their Content-Length unless `headers` says."""
    head = HEADERS | {"content-length": str(len(payload))} | (headers or {})
    return answer(
        method, path, head, read or io.BytesIO(payload).read, state or State(steady_brain)
    )


def envelope(response: Response) -> dict:
    return json.loads(response.body)["error"]


def reads(payload: bytes) -> tuple[list[int], Callable[[int], bytes]]:
    """A body reader that notes what it was asked for."""
    asked: list[int] = []

    def read(n: int) -> bytes:
        asked.append(n)
        return payload

    return asked, read


def test_the_first_of_repeated_headers_is_the_one_that_counts():
    payload = json.dumps(body()).encode()
    for first, second, status in [("bad-key", "test-key", 401), ("test-key", "bad-key", 200)]:
        headers = HTTPMessage()  # what http.server hands the handler: repeats kept, in order
        headers["X-Api-Key"], headers["x-api-key"] = first, second
        headers["anthropic-version"], headers["content-length"] = "2023-06-01", str(len(payload))
        response = answer("POST", "/v1/messages", headers, io.BytesIO(payload).read, State())
        assert response.status == status


@pytest.mark.parametrize(
    ("fault", "delay"), [("slow=0", 0.0), ("slow=2.5", 2.5), ("slow=600", 600.0)]
)
def test_slow_waits_from_0_to_600_seconds_before_the_reply(fault, delay):
    response = answered(json.dumps(body()).encode(), {"x-mock-fault": fault})
    assert (response.status, response.delay, response.close) == (200, delay, False)


@pytest.mark.parametrize("fault", ["slow=600.5", "slow=-0.1", "slow=", "slow=inf"])
def test_slow_outside_0_to_600_seconds_is_an_unknown_fault(fault):
    response = answered(json.dumps(body()).encode(), {"x-mock-fault": fault})
    assert response.status == 400
    assert (
        envelope(response)["message"]
        == f"x-mock-fault: unknown fault {fault!r}; known: {KNOWN_FAULTS}"
    )


def test_an_unknown_fault_is_named_up_to_40_characters():
    fault = "f" * 50
    response = answered(json.dumps(body()).encode(), {"x-mock-fault": fault})
    assert envelope(response)["message"] == (
        f"x-mock-fault: unknown fault {'f' * 40!r}; known: {KNOWN_FAULTS}"
    )


@pytest.mark.parametrize(
    ("fault", "status", "message", "retry"),
    [
        ("overloaded", 529, "Overloaded", {"x-should-retry": "false", "retry-after": "1"}),
        ("rate_limit", 429, "Number of request tokens has exceeded your per-minute rate limit.",
         {"x-should-retry": "false", "retry-after": "1"}),
        ("server_error", 500, "Internal server error",
         {"x-should-retry": "false", "retry-after": "1"}),
        ("overloaded_retryable", 529, "Overloaded",
         {"x-should-retry": "true", "retry-after-ms": "20"}),
    ],
)  # fmt: skip
def test_each_error_fault_has_its_status_words_and_retry_headers(fault, status, message, retry):
    response = answered(json.dumps(body()).encode(), {"x-mock-fault": fault})
    assert (response.status, envelope(response)["message"], response.delay) == (status, message, 0)
    assert response.headers.items() >= retry.items()
    assert not response.close


def test_the_retryable_overload_is_retried_by_the_sdk(mock_server):
    client, sent = counting_sdk(mock_server, "overloaded_retryable", max_retries=2)
    with pytest.raises(anthropic.OverloadedError):
        client.messages.create(**body())
    assert len(sent) == 3


def test_disconnect_is_no_answer_and_a_closed_connection():
    assert answered(json.dumps(body()).encode(), {"x-mock-fault": "disconnect"}) == Response(
        None, close=True
    )


def test_a_body_of_exactly_32_mb_is_read_and_one_byte_more_is_not():
    asked, read = reads(b"{}")
    response = answered(headers={"content-length": str(MAX_BODY_BYTES)}, read=read)
    assert asked == [MAX_BODY_BYTES] and response.status == 400
    assert envelope(response)["message"] == (
        f"The body ended after 2 of the {MAX_BODY_BYTES} bytes in Content-Length."
    )
    asked, read = reads(b"{}")
    response = answered(headers={"content-length": str(MAX_BODY_BYTES + 1)}, read=read)
    assert asked == [] and (response.status, response.close) == (413, True)
    assert envelope(response)["message"] == "Request exceeds the maximum allowed number of bytes."


def test_a_chunked_body_is_refused_unread_and_the_connection_closed():
    asked, read = reads(b"{}")
    response = answered(headers={"transfer-encoding": "chunked"}, read=read)
    assert asked == [] and (response.status, response.close) == (400, True)
    assert response.headers["connection"] == "close"
    assert envelope(response) == {
        "type": "invalid_request_error",
        "message": "Transfer-Encoding is not supported by the mock: send a Content-Length.",
    }


def test_a_content_length_is_named_up_to_40_characters():
    response = answered(headers={"content-length": "x" * 50})
    assert envelope(response)["message"] == (
        f"Content-Length must be a number of bytes, not {'x' * 40!r}."
    )


@pytest.mark.parametrize("problem", [TimeoutError("timed out"), ConnectionResetError()])
def test_a_body_that_stalls_or_breaks_off_is_a_408(problem):
    def read(n: int) -> bytes:
        raise problem

    response = answered(headers={"content-length": "10"}, read=read)
    assert (response.status, response.close) == (408, True)
    assert envelope(response) == {
        "type": "invalid_request_error",
        "message": "The request body did not arrive in time.",
    }


def test_a_crash_is_told_in_at_most_500_characters():
    def brain(request: dict) -> list[dict]:
        raise ValueError("x" * 1000)

    response = answered(json.dumps(body()).encode(), state=State(brain))
    message = envelope(response)["message"]
    assert message == ("Internal server error: the mock raised ValueError: " + "x" * 1000)[:500]
    assert (response.status, response.close) == (500, True)


def stalls(n: int) -> bytes:
    raise TimeoutError("timed out")


@pytest.mark.parametrize(
    ("headers", "read", "status"),
    [
        ({"transfer-encoding": "chunked"}, None, 400),
        ({"content-length": "abc"}, None, 400),
        ({"content-length": str(MAX_BODY_BYTES + 1)}, None, 413),
        ({"content-length": "10"}, stalls, 408),
        ({"content-length": "50"}, io.BytesIO(b"{}").read, 400),
        ({"x-mock-fault": "no-such-fault"}, None, 400),
    ],
    ids=["chunked", "not a number", "too large", "stalled", "short", "unknown fault"],
)  # fmt: skip
def test_a_refusal_before_the_body_is_judged_carries_its_request_id_too(headers, read, status):
    response = answered(json.dumps(body()).encode(), headers, read=read)
    assert response.status == status
    assert json.loads(response.body)["request_id"] == response.headers["request-id"]
    assert response.headers["request-id"].startswith("req_011C")


def test_refusals_of_bodies_of_other_declared_lengths_have_other_request_ids():
    ids = {answered(headers={"content-length": size}).headers["request-id"] for size in "123"}
    assert len(ids) == 3


def test_a_content_length_with_leading_zeros_is_the_number_it_spells():
    payload = json.dumps(body()).encode()
    asked, read = reads(payload)
    response = answered(headers={"content-length": f"{len(payload):012d}"}, read=read)
    assert (asked, response.status) == ([len(payload)], 200)
    asked, read = reads(payload)  # more zeros than int() converts: still the same number
    response = answered(headers={"content-length": "0" * 5000 + str(len(payload))}, read=read)
    assert (asked, response.status) == ([len(payload)], 200)


def test_a_stopped_mock_cannot_start_again():
    server = MockServer().start()
    server.stop()
    with pytest.raises(RuntimeError, match="cannot start again: make a new one"):
        server.start()
    server.stop()  # still harmless


def test_a_script_run_that_never_stops_its_mock_still_exits():
    script = "from handagent.mock import MockServer; MockServer().start(); print('started')"
    package = Path(handagent.__file__).parent.parent  # this handagent, not an installed one
    env = os.environ | {"PYTHONPATH": str(package)}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env
    )
    assert (done.returncode, done.stdout) == (0, "started\n")  # the serving thread is a daemon


def test_a_request_id_depends_on_the_request_only():
    first, again = (
        answered(method="GET", path="/v1/models"),
        answered(method="GET", path="/v1/models"),
    )
    other = answered(method="GET", path="/v1/models?limit=1")
    assert first.headers["request-id"] == again.headers["request-id"]
    assert other.headers["request-id"] != first.headers["request-id"]
    assert first.status == other.status == 200


@pytest.mark.parametrize(
    ("method", "path", "status", "message"),
    [
        ("POST", "/v1/nothing", 404, "Not Found"),
        ("GET", "/v1/nothing", 404, "Not Found"),
        ("DELETE", "/v1/models", 405, "Method Not Allowed"),
        ("GET", "/v1/messages/count_tokens", 405, "Method Not Allowed"),
    ],
)
def test_a_path_the_mock_does_not_serve_is_a_404_and_a_wrong_method_a_405(
    method, path, status, message
):
    response = answered(method=method, path=path)
    assert (response.status, envelope(response)["message"], response.close) == (
        status,
        message,
        False,
    )


def test_the_last_1000_valid_requests_are_kept_oldest_first():
    state = State(steady_brain)
    for n in range(1001):
        answered(json.dumps(body(max_tokens=n + 1)).encode(), state=state)
    assert [r["max_tokens"] for r in state.requests] == list(range(2, 1002))


def test_stopping_leaves_no_thread_behind_and_a_second_stop_is_harmless():
    before = set(threading.enumerate())
    server = MockServer().start()
    server.stop()
    server.stop()
    assert set(threading.enumerate()) <= before


def test_an_error_other_than_a_hang_up_is_still_printed_with_the_clients_address(
    mock_server, capfd, monkeypatch
):
    def broken(request: socket.socket, client_address: tuple) -> None:
        raise ValueError("a bug in the handler")

    monkeypatch.setattr(mock_server._server, "finish_request", broken)
    host, port = mock_server.base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=60) as connection:
        connection.sendall(b"GET /v1/models HTTP/1.1\r\n\r\n")
        address = connection.getsockname()
        assert connection.recv(1) == b""  # closed once the error is reported
    err = capfd.readouterr().err
    assert f"Exception occurred during processing of request from {address}" in err
    assert "ValueError: a bug in the handler" in err
