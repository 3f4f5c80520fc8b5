"""A local HTTP server that speaks the Anthropic Messages API, so the series runs with no key.

The genuine `anthropic` SDK and raw `httpx` reach it through `base_url`, exactly as they reach the
real API. Routes: `POST /v1/messages` (also `stream: true`) and `POST /v1/messages/count_tokens`.
`POST /v1/chat/completions` speaks OpenAI Chat Completions instead (`openai_chat`), so chapter 06
can switch provider offline. Requests are checked with the real API's rules and wording
(`handagent.checks`); replies are decided by the mock model (`brain`) unless a test scripted
them; every response carries a `request-id` header.

Faults on request, for teaching and tests: send the header `x-mock-fault` with
    overloaded     529 overloaded_error        rate_limit    429 rate_limit_error (retry-after)
    server_error   500 api_error               slow=<s>      answer after <s> seconds
    disconnect     close without answering     stream_cut    a stream that stops mid-way
Error faults carry `x-should-retry: false`, so the SDK reports them at once instead of retrying.

Not handled here: authentication beyond "some key was sent", rate limiting, batches, files.
"""

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ..checks import Rejection, check_request
from ..tokens import input_tokens
from . import openai_chat, replies, stream
from .brain import respond

MAX_BODY_BYTES = 32 * 1024 * 1024  # the API's documented request size limit
KNOWN_MODEL_PREFIXES = ("claude-", "mock")
FAULTS = {
    "overloaded": (529, "Overloaded"),
    "rate_limit": (429, "Number of request tokens has exceeded your per-minute rate limit."),
    "server_error": (500, "Internal server error"),
}
Brain = Callable[[dict], list[dict]]


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the SDK expects
    disable_nagle_algorithm = True  # headers and body leave at once, no 40 ms ACK wait
    server: "_Server"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass  # quiet: a notebook should not fill with access logs

    def _send(self, status: int, body: dict, req_id: str, headers: dict | None = None) -> None:
        payload = json.dumps(body, ensure_ascii=False).encode()
        self.send_response(status)
        self.send_header("content-type", "application/json")
        self.send_header("content-length", str(len(payload)))
        self.send_header("request-id", req_id)
        for name, value in (headers or {}).items():
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(payload)

    def _error(self, status: int, message: str, req_id: str, **headers: str) -> None:
        self._send(status, replies.error_body(status, message, req_id), req_id, headers)

    def do_GET(self) -> None:  # noqa: N802
        self._error(405 if self.path.startswith("/v1/messages") else 404, "Not Found", "req_011C")

    def do_POST(self) -> None:  # noqa: N802
        length = int(self.headers.get("content-length") or 0)
        if length > MAX_BODY_BYTES:
            self.close_connection = True  # the body is never read, so the connection is spent
            self._error(413, "Request exceeds the maximum allowed number of bytes.", "req_011C")
            return
        raw = self.rfile.read(length)
        req_id = replies.request_id(raw)
        fault = self.headers.get("x-mock-fault", "")
        if fault == "disconnect":
            self.close_connection = True
            return
        if fault.startswith("slow="):
            time.sleep(float(fault.removeprefix("slow=")))
        if fault in FAULTS:
            status, message = FAULTS[fault]
            self._error(status, message, req_id, **{"x-should-retry": "false", "retry-after": "1"})
            return
        if self.path.split("?")[0] == "/v1/chat/completions":  # the OpenAI side (chapter 06)
            status, reply = openai_chat.answer(raw, self.headers, self.server.next_reply)
            self._send(status, reply, req_id)
            return
        if not (self.headers.get("x-api-key") or self.headers.get("authorization")):
            self._error(401, "x-api-key header is required", req_id)
            return
        routes = {"/v1/messages": False, "/v1/messages/count_tokens": True}
        path = self.path.split("?")[0]
        if path not in routes:
            self._error(404, "Not Found", req_id)
            return
        try:
            body = json.loads(raw.decode("utf-8"))
            check_request(body, count_tokens=routes[path])
        except (UnicodeDecodeError, json.JSONDecodeError) as error:
            message = f"There was an error parsing the body of your request: {error}"
            self._error(400, message, req_id)
            return
        except RecursionError:
            self._error(400, "The request body is nested too deeply.", req_id)
            return
        except Rejection as rejection:
            self._error(rejection.status, rejection.message, req_id)
            return
        if not body["model"].startswith(KNOWN_MODEL_PREFIXES):
            self._error(404, f"model: {body['model']}", req_id)
            return
        self.server.record(body)
        if routes[path]:
            self._send(200, {"input_tokens": input_tokens(body)}, req_id)
            return
        blocks = self.server.next_reply(body)
        reply, partial_json = replies.message(body, blocks)
        if body.get("stream"):
            self._stream(reply, partial_json, req_id, cut=fault == "stream_cut")
        else:
            self._send(200, reply, req_id)

    def _stream(self, reply: dict, partial_json: str | None, req_id: str, cut: bool) -> None:
        self.send_response(200)
        self.send_header("content-type", "text/event-stream")
        self.send_header("cache-control", "no-cache")
        self.send_header("request-id", req_id)
        self.send_header("connection", "close")
        self.end_headers()
        self.close_connection = True
        for number, event in enumerate(stream.events(reply, partial_json)):
            if cut and number == 3:
                return  # the server dies mid-stream: no message_stop ever comes
            self.wfile.write(event)
            self.wfile.flush()


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, address: tuple[str, int], brain: Brain) -> None:
        super().__init__(address, _Handler)
        self.brain = brain
        self.lock = threading.Lock()
        self.scripted: deque[list[dict]] = deque()
        self.requests: deque[dict] = deque(maxlen=1000)

    def record(self, body: dict) -> None:
        with self.lock:
            self.requests.append(body)

    def next_reply(self, body: dict) -> list[dict]:
        with self.lock:
            if self.scripted:
                return self.scripted.popleft()
        return self.brain(body)


class MockServer:
    """The mock provider on a background thread; a context manager.

    Example:
        with MockServer() as mock:
            client = anthropic.Anthropic(base_url=mock.base_url, api_key="any")
    """

    def __init__(self, host: str = "127.0.0.1", port: int = 0, *, brain: Brain = respond) -> None:
        self._server = _Server((host, port), brain)
        self._thread: threading.Thread | None = None

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def requests(self) -> list[dict]:
        """The bodies of the last 1000 valid requests, oldest first (for tests and chapter 06)."""
        with self._server.lock:
            return list(self._server.requests)

    def script(self, *replies: list[dict]) -> None:
        """Answer the next requests with exactly these content blocks, in order."""
        with self._server.lock:
            self._server.scripted.extend(replies)

    def start(self) -> "MockServer":
        if self._thread is None:
            # poll every 0.05 s: `stop()`, the end of a `with` block, waits for one poll
            serve = self._server.serve_forever
            self._thread = threading.Thread(target=serve, args=(0.05,), daemon=True)
            self._thread.start()
        return self

    def stop(self) -> None:
        if self._thread is not None:
            self._server.shutdown()
            self._thread.join()
            self._thread = None
        self._server.server_close()

    def __enter__(self) -> "MockServer":
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
