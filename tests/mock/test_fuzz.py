"""Fuzzing the mock provider: whatever arrives, the answer is an error envelope with a 4xx status
or a valid reply; never a 500, a traceback, a hang or a dead server.

4,000 generated requests go to `server.answer` in-process (random and malformed JSON, wrong
types, unknown blocks, huge and deeply nested bodies, invalid UTF-8, odd content-types and
Content-Lengths, any method, path and fault), with the real mock model answering. Hundreds more
go over real sockets to a running MockServer, with broken framing. A request that
`checks.check_request` accepts must get a reply, and the SDK's own types must parse it.

Hypothesis draws a seed per request and `random.Random(seed)` builds it: building requests with
hypothesis's own strategies cost 15 ms each here, ten times what answering them costs. A failure
names its seed; `exchange(random.Random(seed), family)` rebuilds the request.
"""

import io
import json
import os
import random
import socket
import time

import pytest
from anthropic.types import Message
from builders import sdk_client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handagent.api import models
from handagent.api.checks import Rejection, check_request
from handagent.api.fields import BETAS
from handagent.mock import MockServer
from handagent.mock.http import access
from handagent.mock.http.server import MAX_BODY_BYTES, State, answer
from handagent.mock.model import signatures

pytestmark = pytest.mark.timeout(170)

# 4,000 in all, under half the CPU of 10,000 (7 s against 16 s here) and still enough that
# each fault, each of the 14 odd Content-Lengths, each method, path and content-type is drawn 20
# times or more, about 40 bodies are over 100 kB (deeply nested; megabytes of text have a test
# of their own), and the mock answers each of its statuses (200,
# 400, 401, 404, 405, 413, 429, 500, 529, a hang-up) dozens of times.
IN_PROCESS = {"valid": 1200, "mutated": 1200, "bytes": 800, "framing": 800}
OVER_SOCKETS = 400
CEILING = 60.0  # seconds: every client socket's timeout, for a stuck machine only
STATE = State()  # the real mock model, as a notebook gets it
SEEDS = st.integers(0, 2**64 - 1)
FUZZ = settings(deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)

# --- what a request is made of ------------------------------------------------------------------

WORDS = [
    "What time is it?", "add 1234 and 5678", "What is 834727 times 991?", "weather in Paris",
    "weather in Paris, Tokyo and Lima", "read notes/todo.txt", "my name is Ada",
    "what's my name?", "hello", "search the web for news", "send an email to Bo", "run ls -la",
    "现在几点？", "今天北京天气怎么样", "我叫小明", "1,234 + 5.5", "divide 1 by 0", "price of AAPL",
    "Multiply 2 and 3, also the weather in Oslo", "use `grep` on \"a b\" then open x.py",
]  # fmt: skip
ODD_TEXTS = ["", "   ", "\n\t", "\u200b", "a" * 300, "9" * 400, "ab\x00cd", "👩‍💻", "\ud7ff"]
TOOLS = [
    ("get_time", "Read the clock: the current time", {}),
    ("add", "Add two numbers", {"a": {"type": "number"}, "b": {"type": "number"}}),
    ("multiply", "Multiply two numbers", {"x": {"type": "integer"}, "y": {"type": "number"}}),
    ("get_weather", "Weather forecast for a city", {"city": {"type": "string"},
     "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}),
    ("read_file", "Read a file", {"path": {"type": "string"}}),
    ("search", "Search the web", {"query": {"type": "string"}}),
    ("send_email", "Send an email", {"to": {"type": "string"}, "body": {"type": "string"}}),
    ("run_command", "Run a shell command", {"command": {"type": "string"}}),
]  # fmt: skip
# Models that take every tool_choice the generator draws; thinking and not.
MODELS = ["claude-haiku-5-5", "claude-sonnet-5", "claude-opus-4-8", "claude-haiku-4-5"]
VERSIONS = ["2023-06-01", "2026-10-21"]
ODD_VERSIONS = [None, "", "2023-01-01", "2026-10-21, 2026-10-21", "latest"]
ODD_KEYS = ["bad-key", "bad-", ""]
ODD_BLOCKS = [{"type": "thinking"}, {"type": "server_tool_use"}, {"type": 7}, {"type": "text"},
              {"type": "text", "text": 5}, {"type": "image", "source": {}}, {},
              {"type": "text", "text": "a", "cache_control": {"type": "ephemeral", "ttl": "2h"}},
              {"type": "text", "text": "a" * 3000, "cache_control": {"type": "ephemeral"}},
              {"type": "text", "text": "a", "cache_control": "ephemeral"},
              {"type": "text", "text": "a", "cache_control": {"type": "ephemeral", "ttl": "1h"}},
              {"type": "tool_result", "tool_use_id": "toolu_0_0", "content": [
                  {"type": "tool_reference", "tool_name": "get_time"}]},
              {"type": "tool_result", "tool_use_id": "toolu_0_0", "content": [
                  {"type": "tool_reference", "tool_name": "nowhere"}]}]  # fmt: skip
# What the addendum's rules read (issue 35): strict schemas in and out of the subset, an output
# format, automatic caching's TTL, pre-warming, deferral, callers, examples.
OPEN = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}
CLOSED = {"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"],
          "additionalProperties": False}  # fmt: skip
RULE_EXTRAS = [
    ("cache_control", {"type": "ephemeral", "ttl": "1h"}), ("max_tokens", 0),
    ("output_config", {"format": {"type": "json_schema", "schema": CLOSED}}),
    ("output_config", {"format": {"type": "json_schema", "schema": OPEN}}),
]  # fmt: skip
TOOL_EXTRAS = [
    {"strict": True, "input_schema": CLOSED}, {"strict": True, "input_schema": OPEN},
    {"defer_loading": True}, {"defer_loading": True, "cache_control": {"type": "ephemeral"}},
    {"allowed_callers": ["code_execution_20260120"]}, {"allowed_callers": ["elsewhere"]},
    {"input_examples": [{"a": 1}]}, {"input_examples": [{"a": "one"}]},
]  # fmt: skip
FAULTS = ["", "", "", "", "overloaded", "rate_limit", "server_error", "overloaded_retryable",
          "disconnect", "stream_cut", "slow=0", "slow=0.5", "slow=-1", "slow=x", "x"]  # fmt: skip
SERVER_FAULTS = {"overloaded": 529, "server_error": 500, "overloaded_retryable": 529}
PATHS = ["/v1/messages", "/v1/messages?beta=true", "/v1/chat/completions", "/v1/complete", "/",
         "//x", "/v1/messages/", "*", "/v1/messages/count_tokens"]  # fmt: skip
CONTENT_TYPES = ["application/json", "text/plain", "", "multipart/form-data; boundary=x",
                 "application/json; charset=latin-1", "\x00"]  # fmt: skip
METHODS = ["POST"] * 6 + ["GET", "PUT", "HEAD", "DELETE", "FROB"]


def text(rnd: random.Random) -> str:
    """Mostly words the mock model knows; sometimes any unicode at all."""
    if rnd.random() < 0.8:
        return rnd.choice(WORDS)
    alphabet = [chr(rnd.randrange(0x20, 0x3000)) for _ in range(8)] + [" ", "\n", "é", "几"]
    return "".join(rnd.choice(alphabet) for _ in range(rnd.randrange(1, 40)))


def odd(rnd: random.Random, depth: int = 0) -> object:
    """Any JSON value, odd ones often: wrong types, unknown blocks, odd text."""
    kind = rnd.randrange(9 if depth < 3 else 6)
    if kind == 0:
        return rnd.choice([None, True, False, 0, -1, 2**70, 1.5, float("inf"), float("nan")])
    if kind in (1, 2):
        return rnd.choice(ODD_TEXTS + WORDS)
    if kind in (3, 4):
        return dict(rnd.choice(ODD_BLOCKS))
    if kind == 5:
        return rnd.choice(["user", "assistant", "system", "tool_result", "text"])
    if kind in (6, 7):
        return [odd(rnd, depth + 1) for _ in range(rnd.randrange(4))]
    keys = ["type", "text", "content", "id", "name", "input", "role", "x"]
    return {rnd.choice(keys): odd(rnd, depth + 1) for _ in range(rnd.randrange(4))}


def conversation(rnd: random.Random) -> dict:
    """A request the API accepts: questions, and tool calls each answered in the next message."""
    menu = rnd.sample(TOOLS, rnd.randrange(len(TOOLS) + 1))
    tools = [{"name": n, "description": d, "input_schema": {"type": "object", "properties": p}}
             for n, d, p in menu]  # fmt: skip
    names = [tool["name"] for tool in tools] or ["get_time"]
    messages = [{"role": "user", "content": rnd.choice(WORDS)}]
    for turn in range(rnd.randrange(4)):
        calls = [
            {"type": "tool_use", "id": f"toolu_{turn}_{i}", "name": rnd.choice(names),
             "input": {key: rnd.choice([1, 2.5, -3, "Paris", "a.txt", ""])
                       for key in rnd.sample(["a", "b", "x", "path", "city"], rnd.randrange(3))}}
            for i in range(rnd.randrange(1, 4))
        ]  # fmt: skip
        if rnd.random() < 0.5:
            calls.insert(0, {"type": "text", "text": rnd.choice(WORDS)})
        results = [
            {"type": "tool_result", "tool_use_id": call["id"], "is_error": rnd.random() < 0.3,
             "content": rnd.choice(["12:00", "6912", "", "Error: no such file", "晴",
                                    [{"type": "text", "text": "14°C"}]])}
            for call in calls if call["type"] == "tool_use"
        ]  # fmt: skip
        if rnd.random() < 0.3:
            results.append({"type": "text", "text": rnd.choice(WORDS)})
        messages += [{"role": "assistant", "content": calls}, {"role": "user", "content": results}]
        if rnd.random() < 0.3:
            messages.append({"role": "user", "content": rnd.choice(WORDS)})
    request = {
        "model": rnd.choice(MODELS),
        "max_tokens": rnd.randrange(1, 2000),
        "messages": messages,
    }
    if tools:
        request["tools"] = tools
        choice = rnd.choice([None, "auto", "any", "none", "tool"])
        if choice:
            request["tool_choice"] = {"type": choice}
            if choice == "tool":
                request["tool_choice"]["name"] = rnd.choice(names)
    extras = [("system", rnd.choice(WORDS)), ("stream", True),
              ("thinking", rnd.choice([{"type": "adaptive"}, {"type": "adaptive",
                                        "display": "summarized"}])),
              ("output_config", {"effort": rnd.choice(["low", "medium", "high"])})]  # fmt: skip
    if request["model"] == "claude-haiku-4-5":  # no adaptive thinking, no effort
        extras = extras[:2]
    for key, value in extras:
        if rnd.random() < 0.3:
            request[key] = value
    return request


def mutated(rnd: random.Random) -> object:
    """A valid request with one part replaced, deleted or added; with a rule's field (issue 35)
    sometimes too: some break the rule, some do not."""
    request = conversation(rnd)
    if rnd.random() < 0.2:
        key, value = rnd.choice(RULE_EXTRAS)
        request[key] = value
    for tool in request.get("tools", []) if rnd.random() < 0.2 else []:
        tool.update(rnd.choice(TOOL_EXTRAS))
    where = rnd.choice(["top", "top", "message", "block", "block", "tool", "whole"])
    value = odd(rnd)
    if where == "whole":
        return value
    if where == "top" or (where == "tool" and "tools" not in request):
        key = rnd.choice([*request, "frobnicate", "metadata", "thinking", "temperature"])
        if rnd.random() < 0.3:
            request.pop(key, None)
        else:
            request[key] = value
    elif where == "tool":
        tool = rnd.choice(request["tools"])
        key = rnd.choice(["name", "input_schema", "description", "type", "x"])
        if rnd.random() < 0.6:
            tool[key] = value
        elif isinstance(value, dict):  # a boolean subschema: see the xfail test at the end
            tool["input_schema"]["properties"] = {k: v for k, v in value.items() if v not in (
                True, False)}  # fmt: skip
        else:
            tool["input_schema"][rnd.choice(["properties", "required", "type"])] = value
    else:
        message = rnd.choice(request["messages"])
        if where == "message" or isinstance(message["content"], str):
            message[rnd.choice(["role", "content", "content", "name"])] = value
        else:
            index = rnd.randrange(len(message["content"]))
            keys = ["id", "input", "content", "tool_use_id", "is_error", "text", "type", "z"]
            if rnd.random() < 0.5:
                message["content"][index] = value
            else:
                message["content"][index] = {**message["content"][index], rnd.choice(keys): value}
    return request


def encoded(value: object, ascii_only: bool = False) -> bytes:
    return json.dumps(value, ensure_ascii=ascii_only).encode("utf-8", "surrogatepass")


def raw_body(rnd: random.Random) -> bytes:
    """Bytes that are not quite a request: cut, padded, nested, huge, not UTF-8, not JSON."""
    body = encoded(conversation(rnd))
    kind = rnd.randrange(11)
    if kind == 0:
        return rnd.randbytes(rnd.randrange(200))
    if kind == 1:
        return body[: rnd.randrange(len(body))]
    if kind == 2:
        return body + rnd.randbytes(rnd.randrange(1, 8))
    if kind == 3:
        depth = rnd.choice([10, 999, 1000, 5000, 200_000])
        return b"[" * depth + b"]" * depth
    if kind == 4:
        depth = rnd.choice([10, 500, 1000, 50_000])
        return b'{"model": ' + b'{"a": ' * depth + b"1" + b"}" * depth + b"}"
    if kind == 6:  # a lone surrogate, escaped: parses, but is not text
        return body.replace(b'"content": "', b'"content": "\\ud800', 1)
    if kind == 7:
        return body.replace(b'"', b"'")
    if kind == 8:  # Latin-1 bytes where UTF-8 belongs
        return body.replace(b"e", b"\xe9")
    if kind in (5, 9):
        return encoded(odd(rnd))
    position = rnd.randrange(len(body))
    return body[:position] + bytes([rnd.randrange(256)]) + body[position + 1 :]


# Megabytes of text, each kind in every run (test_huge_texts_...): drawn at random, about ten a
# run took 4 of the in-process families' 7 CPU-seconds. Of questions only 100 kB: the mock model
# reads each of them, about 60 µs apiece, so 3 MB of questions would take 10 s to answer.
HUGE_TEXTS = [("x", 3 * 10**6), ("天气 ", 10**6), ("What time is it? ", 10**5)]


def huge_body(unit: str, size: int) -> bytes:
    words = unit * (size // len(unit.encode()))
    return encoded({"model": "claude-sonnet-5", "max_tokens": 5, "messages": [
        {"role": "user", "content": words}]})  # fmt: skip


def exchange(rnd: random.Random, family: str) -> tuple[str, str, dict, bytes]:
    """(method, path, headers, body) for one request of a family."""
    method, path = "POST", rnd.choice(["/v1/messages"] * 4 + ["/v1/messages/count_tokens"])
    if family == "bytes":
        body = raw_body(rnd)
    else:
        request = (conversation if family == "valid" else mutated)(rnd)
        if family == "valid" and path.endswith("count_tokens"):  # it takes no max_tokens, stream
            request = {k: v for k, v in request.items() if k in ("model", "messages", "tools")}
        body = encoded(request, rnd.random() < 0.5)
    headers = {"x-api-key": "k", "content-type": "application/json"}
    headers["anthropic-version"] = rnd.choice(VERSIONS)
    if family != "valid" and rnd.random() < 0.3:
        headers["x-mock-fault"] = rnd.choice(FAULTS)
    if family != "valid" and rnd.random() < 0.05:
        headers["x-api-key"] = rnd.choice(ODD_KEYS)
    if family != "valid" and rnd.random() < 0.05:
        version = rnd.choice(ODD_VERSIONS)
        headers.pop("anthropic-version") if version is None else headers.update(
            {"anthropic-version": version})  # fmt: skip
    length = str(len(body))
    if family == "framing":
        method, path = rnd.choice(METHODS), rnd.choice(PATHS)
        odd_lengths = [
            "-1",
            "-0",
            "abc",
            "",
            " 7 ",
            "+5",
            "1e3",
            "0x10",
            "٣",
            "9" * 5000,
            "0",
            str(MAX_BODY_BYTES + 1),
            str(len(body) + 7),
            str(len(body) // 2),
        ]
        length = rnd.choice([length] * 10 + odd_lengths)
        headers["content-type"] = rnd.choice(CONTENT_TYPES)
        if rnd.random() < 0.1:
            headers.pop("x-api-key")
        if rnd.random() < 0.05:
            headers["Transfer-Encoding"] = "chunked"
        if rnd.random() < 0.1:
            headers["Authorization"] = rnd.choice(["Bearer k", "", "Basic x"])
    headers["Content-Length"] = length
    return method, path, headers, body


# --- what every answer must be ------------------------------------------------------------------


def accepted(method: str, path: str, headers: dict, body: bytes) -> bool:
    """Whether the real API's rules accept this request, so the mock must reply 200."""
    fault = headers.get("x-mock-fault", "")
    if method != "POST" or fault not in ("", "stream_cut", "slow=0", "slow=0.5"):
        return False
    if path.split("?")[0] not in ("/v1/messages", "/v1/messages/count_tokens"):
        return False
    if headers.get("Content-Length") != str(len(body)) or "Transfer-Encoding" in headers:
        return False
    lowered = {name.lower(): value for name, value in headers.items()}
    count_tokens = path.startswith("/v1/messages/count_tokens")
    try:
        access.check_key(lowered)
        version = access.version(lowered)
        request = json.loads(body.decode("utf-8"))
        json.dumps(request, ensure_ascii=False).encode()
        check_request(request, count_tokens=count_tokens, version=version, catalogue_only=True)
        if not count_tokens:
            signatures.verify(request, models.find(request["model"]))
    except (ValueError, RecursionError, Rejection):
        return False
    return True


def assert_envelope(payload: dict, headers: dict) -> None:
    assert payload["type"] == "error" and set(payload) == {"type", "error", "request_id"}
    assert set(payload["error"]) == {"type", "message"}
    assert all(isinstance(value, str) for value in payload["error"].values())
    assert payload["request_id"] == headers["request-id"]
    assert headers["request-id"].startswith("req_011C") and headers["request-id"] != "req_011C"


def assert_sound(method: str, path: str, headers: dict, body: bytes) -> None:
    """Answer one request in-process and check the answer."""
    reads: list[int] = []
    stream = io.BytesIO(body)

    def read(size: int) -> bytes:
        reads.append(size)
        assert size <= MAX_BODY_BYTES, "an over-limit body must never be read"
        return stream.read(size)

    response = answer(method, path, headers, read, STATE)
    fault = headers.get("x-mock-fault", "")
    if response.status is None:
        assert fault == "disconnect"
        return
    status, shown = response.status, response.body[:300]
    openai = path.split("?")[0] == "/v1/chat/completions" and method == "POST"
    assert 200 <= status < 500 or SERVER_FAULTS.get(fault) == status, (status, shown)
    if accepted(method, path, headers, body):
        assert status == 200, shown
    if response.events:
        assert status == 200 and response.headers["content-type"] == "text/event-stream"
        for event in response.events:
            name, data, blank = event.decode().split("\n", 2)
            assert name.startswith("event: ") and blank == "\n"
            assert json.loads(data.removeprefix("data: "))["type"] == name.removeprefix("event: ")
        return
    promised = int(response.headers["content-length"])
    if promised != len(response.body):
        assert fault == "stream_cut" and len(response.body) == promised // 2
        return
    payload = json.loads(response.body)
    if openai:
        assert ("error" in payload) == (status != 200)  # OpenAI's envelope
    elif status != 200:
        assert_envelope(payload, response.headers)
        assert status != 413 or reads == []
    elif path.split("?")[0] == "/v1/messages/count_tokens":
        assert isinstance(payload["input_tokens"], int) and payload["input_tokens"] > 0
    else:
        reply = Message.model_validate(payload)
        assert reply.stop_reason in ("end_turn", "tool_use", "max_tokens")
        assert reply.stop_details is None and reply.usage.cache_creation is not None


@pytest.mark.parametrize("family", IN_PROCESS)
def test_every_request_gets_an_envelope_or_a_reply_in_process(family):
    """4,000 in all over the four families; counts and times are printed (pytest -s)."""
    seen = []
    started = time.monotonic()

    @settings(FUZZ, max_examples=IN_PROCESS[family])
    @given(seed=SEEDS)
    def run(seed):
        seen.append(seed)
        assert_sound(*exchange(random.Random(seed), family))

    run()
    print(f"\n{family}: {len(seen)} requests in {time.monotonic() - started:.1f} s")
    assert len(seen) >= IN_PROCESS[family]


@pytest.mark.parametrize("path", ["/v1/messages", "/v1/messages/count_tokens"])
@pytest.mark.parametrize("unit, size", HUGE_TEXTS)
def test_huge_texts_get_a_reply(unit, size, path):
    body = huge_body(unit, size)
    if path.endswith("count_tokens"):
        body = body.replace(b'"max_tokens": 5, ', b"")
    headers = {"x-api-key": "k", "content-type": "application/json",
               "anthropic-version": VERSIONS[-1], "Content-Length": str(len(body))}  # fmt: skip
    assert accepted("POST", path, headers, body) and len(body) >= size
    assert_sound("POST", path, headers, body)


def test_valid_requests_are_most_of_the_valid_family():
    rnd = random.Random(0)
    valid = [accepted(*exchange(rnd, "valid")) for _ in range(200)]
    assert sum(valid) == 200  # the generator is not quietly producing refusals


def test_an_over_limit_body_is_refused_without_a_single_read():
    reads: list[int] = []
    headers = {"x-api-key": "k", "content-length": str(MAX_BODY_BYTES + 1)}
    response = answer("POST", "/v1/messages", headers, lambda n: reads.append(n) or b"", STATE)
    assert response.status == 413 and reads == []
    assert json.loads(response.body)["error"]["type"] == "request_too_large"


# --- over sockets -------------------------------------------------------------------------------

REQUEST_LINES = [
    "POST /v1/messages HTTP/1.1", "POST /v1/messages HTTP/1.0", "GET / HTTP/1.1",
    "POST /v1/messages HTTP/2.0", "POST /v1/messages HTTP/1.x", "GARBAGE", "GET /v1/messages",
    "POST  /v1/messages  HTTP/1.1", "FROB /v1/messages HTTP/1.1", "POST /v1/messages HTTP/1.1 x",
    "POST " + "/a" * 40_000 + " HTTP/1.1", "HEAD /v1/messages HTTP/1.1",
]  # fmt: skip
HEADER_BLOCKS = [
    "",
    "x-api-key: k\r\nanthropic-version: 2026-10-21\r\n",
    "x-api-key: k\r\n" + "x-pad: 1\r\n" * 150,  # too many headers
    "x-api-key: k\r\nx-long: " + "v" * 70_000 + "\r\n",  # a header line too long
    "x-api-key: k\r\nno colon here\r\n",
    "x-api-key: k\r\n continued: line\r\n",
    "x-api-key: k\r\nExpect: 100-continue\r\n",
    "x-api-key: k\r\nTransfer-Encoding: chunked\r\n",
    "x-api-key: k\r\nContent-Length: 3\r\n",  # a second Content-Length
]


def raw_request(rnd: random.Random) -> bytes:
    """A whole request as bytes; a third are well formed, the rest break the framing somewhere."""
    body = encoded(conversation(rnd))
    line, headers, length = REQUEST_LINES[0], HEADER_BLOCKS[1], str(len(body))
    fault = rnd.choice(["", "", "", "", "overloaded", "disconnect", "stream_cut", "x"])
    if rnd.random() < 0.66:
        line = rnd.choice(REQUEST_LINES * 3 + ["".join(map(chr, rnd.randbytes(12)))])
        body = rnd.choice([b"", b"{}", b"{not json", b"\xff\xfe\x00", b"[" * 5000, raw_body(rnd),
                           body, encoded(mutated(rnd))])  # fmt: skip
        odd_lengths = ["-1", "abc", "", str(len(body) + 9), str(MAX_BODY_BYTES + 1), "0"]
        length = rnd.choice([str(len(body))] * 6 + odd_lengths)
        headers = rnd.choice(HEADER_BLOCKS[1:] * 3 + HEADER_BLOCKS)
    headers += f"x-mock-fault: {fault}\r\n" if fault else ""
    head = f"{line.replace(chr(13), '').replace(chr(10), '')}\r\nHost: mock\r\n{headers}"
    return f"{head}Content-Length: {length}\r\n\r\n".encode("latin-1") + body


def send(base_url: str, payload: bytes) -> bytes:
    """Send the bytes, say we are done, read the whole answer until the server closes."""
    host, port = base_url.removeprefix("http://").split(":")
    with socket.create_connection((host, int(port)), timeout=CEILING) as connection:
        try:
            connection.sendall(payload)
            connection.shutdown(socket.SHUT_WR)
        except OSError:
            pass  # the server answered early (413, a bad line) and closed: read what it said
        answer = b""
        try:
            while chunk := connection.recv(65536):
                answer += chunk
        except ConnectionResetError:
            pass  # closed with our bytes unread, after answering
    return answer


def assert_answer(answer: bytes, payload: bytes) -> None:
    answer = answer.removeprefix(b"HTTP/1.1 100 Continue\r\n\r\n")  # an interim answer
    if not answer:  # only a hang-up fault, or no request line at all, may go unanswered
        assert b"x-mock-fault: disconnect" in payload or not payload.split(b"\r\n", 1)[0].strip()
        return
    head, _, rest = answer.partition(b"\r\n\r\n")
    status_line, *lines = head.decode("latin-1").split("\r\n")
    status = int(status_line.split()[1])
    headers = {k.lower(): v for k, v in (line.split(": ", 1) for line in lines)}
    fault_5xx = b"x-mock-fault: overloaded" in payload and status == 529
    assert status_line.startswith("HTTP/1.1 ") and (200 <= status < 500 or fault_5xx), status_line
    if headers.get("content-type") == "application/json" and not payload.startswith(b"HEAD "):
        length = int(headers["content-length"])
        if len(rest) < length:
            assert b"x-mock-fault: stream_cut" in payload
            return
        if status != 200:
            assert_envelope(json.loads(rest[:length]), headers)


def test_broken_framing_over_sockets_gets_envelopes_and_leaves_the_server_answering(capfd):
    seen = []
    with MockServer() as server:

        @settings(FUZZ, max_examples=OVER_SOCKETS)
        @given(seed=SEEDS)
        def run(seed):
            seen.append(seed)
            payload = raw_request(random.Random(seed))
            assert_answer(send(server.base_url, payload), payload)

        run()
        client = sdk_client(server.base_url, "k")
        reply = client.messages.create(
            model=models.DEFAULT, max_tokens=50, messages=[{"role": "user", "content": "hi"}]
        )
        assert reply.type == "message"
    assert len(seen) >= OVER_SOCKETS
    assert capfd.readouterr().err == ""  # no traceback from any server thread


def test_a_client_that_stalls_mid_body_is_dropped_after_the_read_timeout(monkeypatch):
    from handagent.mock.http import server as server_module

    monkeypatch.setattr(server_module._Handler, "timeout", 0.3)
    with MockServer() as server:
        host, port = server.base_url.removeprefix("http://").split(":")
        with socket.create_connection((host, int(port)), timeout=CEILING) as connection:
            connection.sendall(b"POST /v1/messages HTTP/1.1\r\nx-api-key: k\r\n"
                               b"Content-Length: 100\r\n\r\n{\"model\"")  # fmt: skip
            answer = b""
            while chunk := connection.recv(65536):  # until the server, not this client, gives up
                answer += chunk
        assert answer.startswith(b"HTTP/1.1 408 ")
        assert b'"type": "invalid_request_error"' in answer


# --- crashes found by fuzzing, now fixed: kept as regressions ---------------------------------


def test_a_boolean_property_schema_gets_a_reply():
    # `"a": true` is a valid JSON Schema (anything goes), which the API accepts
    schema = {"type": "object", "properties": {"a": True, "b": {"type": "number"}}}
    request = {"model": "claude-sonnet-5", "max_tokens": 50, "tools": [{"name": "add",
               "description": "Add two numbers", "input_schema": schema}],
               "messages": [{"role": "user", "content": "add 1 and 2"}]}  # fmt: skip
    body = encoded(request)
    headers = {
        "x-api-key": "k",
        "anthropic-version": "2026-10-21",
        "content-length": str(len(body)),
    }
    assert answer("POST", "/v1/messages", headers, io.BytesIO(body).read, STATE).status == 200


def openai_request(rnd: random.Random) -> dict:
    """An OpenAI Chat Completions request, one part of it often replaced by an odd value."""
    messages = [{"role": "user", "content": rnd.choice(WORDS)}]
    for turn in range(rnd.randrange(3)):
        calls = [{"id": f"call_{turn}_{i}", "type": "function", "function": {"name": "add",
                  "arguments": rnd.choice(['{"a": 1}', "{}", "not json", "[1]", '{"a":'])}}
                 for i in range(rnd.randrange(1, 3))]  # fmt: skip
        messages.append({"role": "assistant", "content": None, "tool_calls": calls})
        messages += [{"role": "tool", "tool_call_id": c["id"], "content": "3"} for c in calls]
    function = {"name": "add", "description": "Add numbers", "parameters": SCHEMAS_OPENAI}
    request = {"model": "gpt-x", "messages": messages, "tools": [
        {"type": "function", "function": function}]}  # fmt: skip
    if rnd.random() < 0.7:
        target = rnd.choice([request, *messages, request["tools"][0]])
        target[rnd.choice([*target, "x"])] = odd(rnd)
    return request


SCHEMAS_OPENAI = {"type": "object", "properties": {"a": {"type": "number"}}}


def test_malformed_openai_requests_get_a_4xx_not_a_500():
    rnd, statuses = random.Random(0), []
    for _ in range(300):
        body = encoded(openai_request(rnd))
        headers = {"authorization": "Bearer k", "content-length": str(len(body))}
        route = "/v1/chat/completions"
        statuses.append(answer("POST", route, headers, io.BytesIO(body).read, STATE).status)
    assert max(statuses) < 500


# --- beta requests and server tools -------------------------------------------------------------
EVERY_BETA = ",".join([*BETAS, "fine-grained-tool-streaming-2025-05-14"])  # + the legacy one
ANY = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 9000) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.sampled_from([
        "type", "name", "content", "tool", "tool_use_id", "id", "input", "edits", "keep",
        "trigger", "value", "schema", "previous_message_id", "server_name", "url",
        "definition", "tool_references", "tool_name", "pattern", "query", "limit", "configs",
        "enabled", "defer_loading", "clear_at_least", "exclude_tools"]), inner, max_size=4),
    max_leaves=10,
)  # fmt: skip
SERVER_BLOCK = st.builds(
    lambda kind, extra: {"type": kind, **extra},
    st.sampled_from(["server_tool_use", "web_search_tool_result", "mcp_tool_use",
                     "mcp_tool_result", "compaction", "tool_addition", "tool_removal",
                     "tool_result", "advisor_tool_result", "fallback", "mcp_tool_listing",
                     "tool_search_tool_result"]),
    st.dictionaries(st.sampled_from(["id", "name", "input", "content", "tool_use_id", "tool",
                                     "server_name"]), ANY, max_size=4),
)  # fmt: skip
SERVER_TOOLS = st.lists(st.sampled_from([
    {"type": "web_search_20250305", "name": "web_search", "max_uses": 1},
    {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"},
    {"name": "t", "input_schema": {"type": "object"}, "defer_loading": True},
    {"type": "code_execution_20250522", "name": "code_execution"},
    {"type": "mcp_toolset", "mcp_server_name": "w"},
    {"type": "tool_search_tool_bm25", "name": "tool_search_tool_bm25"},
    {"type": "memory_20250818", "name": "memory"}, {"type": "memory_20250818", "name": "notes"},
    {"type": "computer_toolset_20260801", "configs": {"zoom": {"enabled": False}}},
    {"type": "code_execution_20260120", "name": "code_execution"},
    {"name": "q", "input_schema": {"type": "object"}, "allowed_callers": [
        "code_execution_20260120"]},
    {"name": "s", "strict": True, "input_schema": {"type": "object", "properties": {
        "n": {"type": "integer", "minimum": 1}}}},
]), max_size=4, unique_by=lambda tool: tool.get("name", tool.get("type")))  # fmt: skip
BETA_FIELDS = st.dictionaries(st.sampled_from(
    ["context_management", "thread", "output_format", "mcp_servers", "compaction", "container"]
), ANY, max_size=2)  # fmt: skip


# The same 300 requests on every run (the repeatable profile) still draw each server block, tool
# and beta field dozens of times, for a fifth of the CPU of 1,500 (a third of the unit stage's
# slowest test); `HYPOTHESIS_PROFILE=explore` draws 1,500 new ones.
BETA_EXAMPLES = 1500 if os.environ.get("HYPOTHESIS_PROFILE") == "explore" else 300


@settings(FUZZ, max_examples=BETA_EXAMPLES)
@given(st.lists(SERVER_BLOCK, max_size=4), SERVER_TOOLS, BETA_FIELDS, st.booleans())
def test_beta_requests_with_server_tools_are_answered_or_refused_never_a_500(
    blocks, tools, fields, stream
):
    body = {"model": "claude-haiku-5-5", "max_tokens": 300, "tools": tools, "stream": stream,
            "messages": [{"role": "user", "content": 'Search the web for "x"; find the tool.'},
                         {"role": "assistant", "content": blocks or "Ok."},
                         {"role": "user", "content": "Go on."}], **fields}  # fmt: skip
    raw = json.dumps(body).encode()
    headers = {"x-api-key": "k", "anthropic-version": "2026-10-21",
               "anthropic-beta": EVERY_BETA, "content-length": str(len(raw))}  # fmt: skip
    response = answer("POST", "/v1/messages", headers, io.BytesIO(raw).read, STATE)
    assert response.status in (200, 400, 404), response.body[:300]
