"""Tests for runtime.providers: the mock server for Anthropic and each of its faults, a tiny
fake server for OpenAI Chat Completions, and a sentinel key that must never come back out."""

import json
import logging
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import httpx
import pytest
from builders import assistant, closed_port_url, tool

from handagent.runtime import providers, streaming
from handagent.runtime.adapters import to_anthropic, tools_to_anthropic, tools_to_openai_chat
from handagent.runtime.protocol import (
    AssistantMessage,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    tool_calls,
    tool_result_message,
    user_text,
)
from handagent.runtime.providers import complete, request_body

MODEL = "claude-sonnet-5"
KEY = "sk-SENTINEL-key-never-shown-0123456789"
READ_TOOL = tool("read_file", "Read a UTF-8 text file under the workspace.", path="string")
TEXT_THEN_CALL = [
    {"type": "text", "text": "Let me read the file for you now."},
    {"type": "tool_use", "name": "read_file", "input": {"path": "notes.txt"}},
]
HELLO = [user_text("Read notes.txt", timestamp=1.0)]


def texts(message: AssistantMessage) -> list[str]:
    return [block.text for block in message.content if isinstance(block, TextBlock)]


def ask(server_url: str, stream: bool = False, **options) -> AssistantMessage:
    options = {"api": "anthropic", "model": MODEL, "api_key": KEY, **options}
    return complete(HELLO, [READ_TOOL], base_url=server_url, stream=stream, **options)


class FakeProvider:
    """An HTTP server answering every POST with `status` and `reply`; it records the requests."""

    def __init__(self) -> None:
        self.status, self.reply, self.requests = 200, b"{}", []
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, *args: object) -> None:
                pass

            def do_POST(self) -> None:  # noqa: N802
                raw = self.rfile.read(int(self.headers["content-length"]))
                fake.requests.append((self.path, dict(self.headers), json.loads(raw)))
                self.send_response(fake.status)
                self.send_header("content-type", "application/json")
                self.send_header("content-length", str(len(fake.reply)))
                self.end_headers()
                self.wfile.write(fake.reply)

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.base_url = f"http://127.0.0.1:{self.server.server_address[1]}"

    def answer(self, status: int, reply: dict | bytes) -> None:
        self.status = status
        self.reply = reply if isinstance(reply, bytes) else json.dumps(reply).encode()


@pytest.fixture
def fake():
    provider = FakeProvider()
    thread = threading.Thread(target=provider.server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    yield provider
    provider.server.shutdown()
    provider.server.server_close()


CHAT_REPLY = {
    "id": "chatcmpl-1",
    "object": "chat.completion",
    "model": "gpt-test",
    "choices": [
        {
            "index": 0,
            "finish_reason": "tool_calls",
            "message": {
                "role": "assistant",
                "content": None,
                "tool_calls": [
                    {
                        "id": "call_1",
                        "type": "function",
                        "function": {"name": "read_file", "arguments": '{"path": "notes.txt"}'},
                    }
                ],
            },
        }
    ],
    "usage": {"prompt_tokens": 12, "completion_tokens": 5},
}


@pytest.mark.parametrize("stream", [False, True])
def test_a_reply_comes_back_as_a_neutral_message(mock_server, stream):
    mock_server.script(TEXT_THEN_CALL)
    message = ask(mock_server.base_url, stream=stream)
    assert message.stop_reason == "tool_use" and message.error_message is None
    # read by type: the mock, like the API, may start a reply with thinking blocks
    assert texts(message) == ["Let me read the file for you now."]
    (call,) = tool_calls(message)
    assert (call.name, call.arguments) == ("read_file", {"path": "notes.txt"})
    assert (message.model, message.provider) == (MODEL, "anthropic")
    assert message.usage.output_tokens > 0


def test_the_request_is_the_adapter_output_so_odd_ids_and_orphans_are_fixed_on_the_way(
    mock_server,
):
    odd = ToolCall("call_9f|fc_6b+/=", "read_file", {"path": "a.py"})
    unanswered = assistant(odd, model="other-model", provider="openai_chat")
    history = [*HELLO, unanswered, user_text("Never mind, say hello.", timestamp=3.0)]
    message = complete(
        history,
        [READ_TOOL],
        api="anthropic",
        model=MODEL,
        base_url=mock_server.base_url,
        api_key=KEY,
    )
    assert message.stop_reason == "stop", message.error_message  # the mock checked the request
    sent = mock_server.requests[-1]
    assert sent["messages"] == to_anthropic(history)
    assert sent["tools"] == tools_to_anthropic([READ_TOOL])
    assert "call_9f|fc_6b+/=" not in json.dumps(sent)


@pytest.mark.parametrize("stream", [False, True])
@pytest.mark.parametrize(
    ("fault", "status", "words"),
    [
        ("overloaded", 529, "overloaded_error: Overloaded"),
        ("rate_limit", 429, "rate_limit_error: Number of request tokens has exceeded"),
        ("server_error", 500, "api_error: Internal server error"),
    ],
)
def test_an_error_status_becomes_an_error_message_with_the_status_and_the_provider_words(
    mock_server, fault, status, words, stream
):
    message = ask(mock_server.base_url, stream=stream, headers={"x-mock-fault": fault})
    assert message.stop_reason == "error" and message.content == ()
    assert message.error_message.startswith(
        f"anthropic ({mock_server.base_url.removeprefix('http://')}): HTTP"
    )
    assert f"HTTP {status} {words}" in message.error_message
    assert "request-id req_011C" in message.error_message
    assert "\n" not in message.error_message


@pytest.mark.parametrize("stream", [False, True])
def test_a_server_that_hangs_up_without_answering_is_an_error(mock_server, stream):
    message = ask(mock_server.base_url, stream=stream, headers={"x-mock-fault": "disconnect"})
    assert message.stop_reason == "error"
    assert "RemoteProtocolError: Server disconnected" in message.error_message


@pytest.mark.parametrize("stream", [False, True])
def test_a_slow_server_past_the_timeout_is_an_error_naming_the_timeout(mock_server, stream):
    message = ask(
        mock_server.base_url, stream=stream, timeout=0.3, headers={"x-mock-fault": "slow=2"}
    )
    assert message.stop_reason == "error"
    assert "no answer within 0.3 s (ReadTimeout)" in message.error_message


@pytest.mark.parametrize("stream", [False, True])
def test_a_refused_connection_is_an_error_naming_where_it_tried(stream):
    url = closed_port_url()
    message = ask(url, stream=stream)
    assert message.stop_reason == "error"
    assert message.error_message.startswith(
        f"anthropic ({url.removeprefix('http://')}): cannot connect"
    )


def test_a_stream_the_server_cuts_is_an_error(mock_server):
    mock_server.script(TEXT_THEN_CALL)
    message = ask(mock_server.base_url, stream=True, headers={"x-mock-fault": "stream_cut"})
    assert message.stop_reason == "error"
    assert "without message_stop" in message.error_message


def test_ctrl_c_mid_stream_returns_an_aborted_message_holding_the_text_so_far(
    mock_server, monkeypatch
):
    def interrupted_after_first_text(lines):
        for name, data in streaming.parse_sse(lines):
            yield name, data
            if name == "content_block_delta" and data["delta"]["type"] == "text_delta":
                raise KeyboardInterrupt

    monkeypatch.setattr(providers, "parse_sse", interrupted_after_first_text)
    mock_server.script(TEXT_THEN_CALL)
    message = ask(mock_server.base_url, stream=True)  # returns: the interrupt is not re-raised
    assert message.stop_reason == "aborted" and not tool_calls(message)
    (text,) = texts(message)
    assert text and "Let me read the file for you now.".startswith(text)
    assert text != "Let me read the file for you now."


@pytest.mark.parametrize("stream", [False, True])
def test_ctrl_c_while_waiting_returns_an_empty_aborted_message(mock_server, monkeypatch, stream):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(httpx.Client, "send", interrupted)
    message = ask(mock_server.base_url, stream=stream)
    assert (message.stop_reason, message.content) == ("aborted", ())


def test_a_body_that_is_not_json_is_an_error(fake):
    fake.answer(200, b"<html>Bad gateway</html>")
    message = ask(fake.base_url)
    assert message.stop_reason == "error"
    assert "JSONDecodeError" in message.error_message


def test_json_of_another_shape_is_an_error_saying_what_a_reply_needs(fake):
    fake.answer(200, b'{"status": "ok"}')
    message = ask(fake.base_url)
    assert message.stop_reason == "error"
    assert "not a Messages API response: it needs a 'content' list" in message.error_message


def test_a_stream_event_that_is_not_json_is_an_error_keeping_what_arrived(fake):
    start = {"type": "content_block_start", "index": 0, "content_block": {"type": "text"}}
    delta = {"type": "content_block_delta", "index": 0}
    delta["delta"] = {"type": "text_delta", "text": "Half a"}
    events = [
        ("content_block_start", json.dumps(start)),
        ("content_block_delta", json.dumps(delta)),
    ]
    events.append(("content_block_delta", "{broken"))
    fake.answer(200, "".join(f"event: {name}\ndata: {data}\n\n" for name, data in events).encode())
    message = ask(fake.base_url, stream=True)
    assert message.stop_reason == "error" and "JSONDecodeError" in message.error_message
    assert message.content == (TextBlock("Half a"),)


def test_an_error_page_that_is_not_the_usual_envelope_is_quoted(fake):
    fake.answer(502, b"<html>Bad gateway</html>")
    message = ask(fake.base_url)
    assert "HTTP 502 <html>Bad gateway</html>" in message.error_message


def test_openai_chat_sends_the_adapter_output_with_a_bearer_key_and_reads_the_reply(fake):
    fake.answer(200, CHAT_REPLY)
    message = ask(fake.base_url, api="openai_chat", model="gpt-test", system="Be brief.")
    path, headers, body = fake.requests[-1]
    assert path == "/v1/chat/completions"
    assert headers["authorization"] == f"Bearer {KEY}" and "x-api-key" not in headers
    assert body["messages"][0] == {"role": "system", "content": "Be brief."}
    assert body["tools"] == tools_to_openai_chat([READ_TOOL])
    assert message.stop_reason == "tool_use" and message.provider == "openai_chat"
    assert message.content == (ToolCall("call_1", "read_file", {"path": "notes.txt"}),)


def test_openai_chat_errors_quote_the_provider_message(fake):
    error = {"message": "Rate limit reached for gpt-test", "type": "requests", "code": "rate"}
    fake.answer(429, {"error": error})
    message = ask(fake.base_url, api="openai_chat", model="gpt-test")
    assert "openai_chat (127.0.0.1" in message.error_message
    assert "HTTP 429 requests: Rate limit reached for gpt-test" in message.error_message


def test_openai_chat_against_the_mock_when_it_serves_that_route(mock_server):
    mock_server.script(TEXT_THEN_CALL)
    message = ask(mock_server.base_url, api="openai_chat", model=MODEL)
    if message.error_message and "HTTP 404" in message.error_message:
        pytest.skip("the mock does not route /v1/chat/completions yet")
    assert message.stop_reason == "tool_use", message.error_message
    assert [call.arguments for call in tool_calls(message)] == [{"path": "notes.txt"}]


def test_the_api_key_never_appears_in_messages_reprs_or_logs(mock_server, fake, caplog, capsys):
    caplog.set_level(logging.DEBUG)
    messages = [ask(mock_server.base_url), ask(mock_server.base_url, stream=True)]
    for fault in ["overloaded", "disconnect", "stream_cut", "slow=1"]:
        for stream in (False, True):
            headers = {"x-mock-fault": fault}
            timeout = 0.3 if fault.startswith("slow=") else 60  # short only for the slow one
            messages.append(ask(mock_server.base_url, stream, timeout=timeout, headers=headers))
    messages.append(ask(closed_port_url()))
    # a server that echoes the key back in its error, as some do
    fake.answer(401, {"error": {"type": "authentication_error", "message": f"bad key {KEY}"}})
    echoed = ask(fake.base_url, api="openai_chat")
    assert "bad key [api key]" in echoed.error_message
    messages.append(echoed)
    assert "HTTP Request: POST" in caplog.text  # httpx's own log was captured
    seen = " ".join(f"{m!r} {m}" for m in messages) + caplog.text + "".join(capsys.readouterr())
    assert "SENTINEL" not in seen


def test_a_short_key_is_left_in_place_rather_than_blanking_common_words(fake):
    fake.answer(401, {"error": {"type": "authentication_error", "message": "bad key"}})
    message = ask(fake.base_url, api_key="k")
    assert "bad key" in message.error_message


def test_request_body_puts_system_and_stream_where_each_api_expects_them():
    anthropic = request_body(
        HELLO, [], api="anthropic", model="m", max_tokens=5, system="S", stream=True
    )
    assert anthropic == {
        "model": "m",
        "max_tokens": 5,
        "messages": to_anthropic(HELLO),
        "system": "S",
        "stream": True,
    }
    chat = request_body(HELLO, [], api="openai_chat", model="m", max_tokens=5, system="S")
    assert chat["messages"][0] == {"role": "system", "content": "S"} and "tools" not in chat


def test_programmer_mistakes_raise_before_any_request():
    with pytest.raises(ValueError, match="api must be one of"):
        complete(HELLO, [], api="gemini", model="m", base_url="http://x", api_key=KEY)
    with pytest.raises(ValueError, match="stream=True is implemented for api='anthropic' only"):
        complete(
            HELLO, [], api="openai_chat", model="m", base_url="http://x", api_key=KEY, stream=True
        )


THINKING_REPLY = {
    "id": "msg_01",
    "type": "message",
    "role": "assistant",
    "model": MODEL,
    "content": [
        {"type": "thinking", "thinking": "", "signature": "EqQBCkYIBxgCKkBdT0mKvJ3q"},
        {"type": "tool_use", "id": "toolu_01A", "name": "read_file", "input": {"path": "a"}},
    ],
    "stop_reason": "tool_use",
    "stop_sequence": None,
    "stop_details": None,
    "usage": {"input_tokens": 20, "output_tokens": 30,
              "output_tokens_details": {"thinking_tokens": 22}},
}  # fmt: skip


def test_thinking_comes_back_in_the_message_and_goes_out_again_only_to_its_model(fake):
    fake.answer(200, THINKING_REPLY)
    reply = ask(fake.base_url)
    assert reply.content[0] == ThinkingBlock("", "EqQBCkYIBxgCKkBdT0mKvJ3q", MODEL)
    history = [*HELLO, reply, tool_result_message(tool_calls(reply)[0], "ok", timestamp=3.0)]
    for model, kinds in [(MODEL, ["thinking", "tool_use"]), ("claude-opus-5-5", ["tool_use"])]:
        complete(history, [READ_TOOL], api="anthropic", model=model, base_url=fake.base_url,
                 api_key=KEY)  # fmt: skip
        sent = fake.requests[-1][2]["messages"][1]["content"]
        assert [block["type"] for block in sent] == kinds


def test_request_body_sends_thinking_to_the_model_it_names():
    reply = assistant(
        ThinkingBlock("", "sig", "m"), TextBlock("hi"), stop_reason="stop", provider="anthropic"
    )
    history = [*HELLO, reply, user_text("and?", 3.0)]
    body = request_body(history, [], api="anthropic", model="m", max_tokens=5)
    assert body["messages"] == to_anthropic(history, model="m")
    assert body["messages"][1]["content"][0]["type"] == "thinking"


def test_a_refusal_is_not_a_failure_it_comes_back_with_its_details(fake):
    details = {"type": "refusal", "category": "cyber", "explanation": "Declined."}
    refused = THINKING_REPLY | {
        "content": [{"type": "text", "text": "I can't"}],
        "stop_reason": "refusal",
        "stop_details": details,
    }
    fake.answer(200, refused)
    message = ask(fake.base_url)
    assert message.stop_reason == "refusal" and message.error_message is None
    assert message.stop_details.category == "cyber"
