"""A local HTTP server that speaks the Anthropic Messages API, so the series runs with no key.

The genuine `anthropic` SDK (with its default headers: `anthropic-version: 2026-10-21`,
`Authorization: Bearer`) and raw `httpx` reach it through `base_url`, exactly as they reach the
real API. Routes (`routes`): `POST /v1/messages` (also `stream: true`),
`POST /v1/messages/count_tokens`, `GET /v1/models` and `GET /v1/models/{id}`, and
`POST /v1/chat/completions`, which speaks OpenAI Chat Completions instead (`openai_chat`), so
chapter 07 can switch provider offline. Requests are checked with the real API's rules and
wording for their `anthropic-version` (`handagent.api.checks`); only the catalogue's models
are served (`handagent.api.models`; a retired or unknown id is a 404 `model: <id>`); thinking
blocks sent back must be the ones the mock signed (`model.signatures`). Replies are decided by
the mock model (`model.brain`) unless a test scripted them, and think as the model does; every
response carries a `request-id` header.

Keys: any key works, in `x-api-key` or `Authorization: Bearer`, except one that starts with
`bad-` (say `bad-key-for-the-demo`): that one gets the API's 401 `invalid x-api-key`, as a
revoked key would (`access`).

`answer` decides the response to one request without touching a socket, so it can be tested (and
fuzzed) in-process; the HTTP handler only reads the request and writes what `answer` returns.
Whatever a client sends, the answer is an error envelope or a reply, never an HTML page or a
dropped connection; a crash inside the mock is a 500 `api_error`.

Faults on request, for teaching and tests: send the header `x-mock-fault` with
    overloaded            529 overloaded_error
    rate_limit            429 rate_limit_error, with retry-after
    server_error          500 api_error
    overloaded_retryable  529 that the SDK may retry (x-should-retry: true, retry-after-ms: 20)
    slow=<s>              answer after <s> seconds (0 to 600)
    disconnect            close the connection without answering
    stream_cut            the reply stops mid-way: a stream inside its last block, after some
                          deltas; a JSON body half-way through its content-length
The first three carry `x-should-retry: false`, so the SDK reports them at once instead of
retrying. An unknown fault is a 400 that lists the known ones. `x-mock-obey-results: true` plays
a model that follows instructions found in tool results (`model.obedience`, chapter 11).

Beta headers (`anthropic-beta`) open the beta fields, blocks and tools their values name
(`handagent.api.fields.BETAS`); server tools answer as a server without internet would
(`server_tools`); MCP servers are called on this machine only, over https (`mcp_trust=` names
the certificate to trust: `hosted.mcp_connector`).

Not handled here: accounts and workspaces, rate limiting, batches, files, chunked request
bodies (send a Content-Length).
"""

import selectors
import socket
import sys
import threading
import time
from collections import deque
from collections.abc import Callable, Mapping
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from ...room import REPLAY_HEADER
from ..hosted import loop as server_loop
from ..hosted import prompt_cache, threads
from ..hosted.mcp_connector import Connector
from ..model import structured
from ..model.brain import Brain, respond
from ..model.obedience import obedient
from . import replies, routes
from .replay import Replay, answer_from
from .routes import Response, closing, error

MAX_BODY_BYTES = 32 * 1024 * 1024  # the API's documented request size limit
MAX_SLOW_SECONDS = 600.0
READ_TIMEOUT_SECONDS = 60.0  # a client that stalls mid-request (or idles) longer is dropped
NO_RETRY = {"x-should-retry": "false", "retry-after": "1"}
FAULTS = {  # x-mock-fault -> status, message, retry headers
    "overloaded": (529, "Overloaded", NO_RETRY),
    "rate_limit": (
        429,
        "Number of request tokens has exceeded your per-minute rate limit.",
        NO_RETRY,
    ),
    "server_error": (500, "Internal server error", NO_RETRY),
    "overloaded_retryable": (529, "Overloaded", {"x-should-retry": "true", "retry-after-ms": "20"}),
}
OTHER_FAULTS = ("slow=<seconds>", "disconnect", "stream_cut")
Read = Callable[[int], bytes]  # read(n) -> up to n bytes of the request body


class State:
    """What the mock keeps between requests: scripted replies, the last valid requests, the
    conversations beta `thread` requests asked it to hold, each key's prompt cache, and with
    `replay`, its place in the cassettes it answers from."""

    def __init__(self, brain: Brain = respond, clock: Callable[[], float] = time.monotonic,
                 replay: Replay | None = None, mcp_trust: str | None = None) -> None:  # fmt: skip
        self.brain = brain
        self.cache = prompt_cache.Cache(clock)  # per key; `clock` moves time for tests
        self.replay = replay
        self.mcp = Connector(mcp_trust)  # MCP servers it may reach: loopback, this certificate
        self.lock = threading.Lock()
        self.scripted: deque[list[dict]] = deque()
        self.requests: deque[dict] = deque(maxlen=1000)
        self.threads = threads.Store()

    def record(self, body: dict) -> None:
        with self.lock:
            self.requests.append(body)

    def next_reply(self, body: dict, obey: bool = False) -> list[dict]:
        """A scripted reply as it was scripted, else the brain's inside the server's tool loop;
        `obey` (header `x-mock-obey-results: true`) makes it follow instructions in results."""
        with self.lock:
            if self.scripted:
                return self.scripted.popleft()
        brain = obedient(self.brain) if obey else self.brain
        said = server_loop.respond_with_server_tools(body, brain, self.mcp)
        return structured.shape(body, said)


def _fault_delay(fault: str) -> float | None:
    """Seconds to wait for `slow=<s>`, 0 for any other known fault, None for an unknown one."""
    if fault.startswith("slow="):
        try:
            seconds = float(fault.removeprefix("slow="))
        except ValueError:
            return None
        return seconds if 0 <= seconds <= MAX_SLOW_SECONDS else None  # nan fails both
    return 0.0 if fault in ("", *FAULTS, "disconnect", "stream_cut") else None


def answer(
    method: str, path: str, headers: Mapping[str, str], read: Read, state: State
) -> Response:
    """The response to one request; it never raises: a crash is a 500 api_error envelope.

    Example: ("GET", "/v1/messages", {}, read, state) -> Response(405, {..., "request-id":
    "req_011C..."}, b'{"type": "error", "error": {"type": "invalid_request_error", "message":
    "Method Not Allowed"}, "request_id": "req_011C..."}')
    """
    lowered: dict[str, str] = {}
    for name, value in headers.items():
        lowered.setdefault(name.lower(), value)  # the first of repeated headers, as http.client
    try:
        return _answer(method, path, lowered, read, state)
    except Exception as crash:  # a bug in the mock (a brain that raises, say): still an envelope
        req_id = replies.request_id(f"{method} {path} crash".encode())
        message = f"Internal server error: the mock raised {type(crash).__name__}: {crash}"
        return closing(error(500, message[:500], req_id))


def _answer(method: str, target: str, headers: dict, read: Read, state: State) -> Response:
    path = target.split("?")[0]

    # Before the body is read, the request id comes from the request line (made only for an
    # error sent before the body is read).
    def early_id() -> str:
        return replies.request_id(f"{method} {path} {headers.get('content-length')}".encode())

    declared = headers.get("content-length", "0").strip()
    if "transfer-encoding" in headers:
        message = "Transfer-Encoding is not supported by the mock: send a Content-Length."
        return closing(error(400, message, early_id()))
    if not (declared.isascii() and declared.isdigit()):
        message = f"Content-Length must be a number of bytes, not {declared[:40]!r}."
        return closing(error(400, message, early_id()))
    declared = declared.lstrip("0") or "0"  # leading zeros spell the same number
    # never read: the connection is spent (a number of over ten digits is not even converted)
    if len(declared) > 10 or int(declared) > MAX_BODY_BYTES:
        message = "Request exceeds the maximum allowed number of bytes."
        return closing(error(413, message, early_id()))
    try:
        raw = read(int(declared))
    except OSError:  # the client stalled past the read timeout, or hung up mid-body
        return closing(error(408, "The request body did not arrive in time.", early_id()))
    if len(raw) < int(declared):
        message = f"The body ended after {len(raw)} of the {declared} bytes in Content-Length."
        return closing(error(400, message, early_id()))
    refused = routes.allowed(method, path)
    if refused == 405:
        return error(405, "Method Not Allowed", early_id())
    if refused == 404:
        return error(404, "Not Found", early_id())

    req_id = replies.request_id(raw or f"{method} {target}".encode())  # a GET has no body
    fault = headers.get("x-mock-fault", "")
    delay = _fault_delay(fault)
    if delay is None:
        known = ", ".join([*FAULTS, *OTHER_FAULTS])
        return error(400, f"x-mock-fault: unknown fault {fault[:40]!r}; known: {known}", req_id)
    if fault == "disconnect":
        return Response(None, close=True)
    if fault in FAULTS:
        status, message, retry = FAULTS[fault]
        return error(status, message, req_id, retry)
    obey = headers.get("x-mock-obey-results", "false").strip().lower()
    if obey not in ("true", "false"):
        return error(400, f"x-mock-obey-results must be true or false, not {obey[:40]!r}", req_id)
    missed = False
    if state.replay is not None and (not fault or fault.startswith("slow=")):
        replayed = answer_from(state.replay, method, target, headers, raw, req_id)
        if replayed is not None:
            return replace(replayed, delay=delay) if delay else replayed
        missed = True  # no cassette holds it: the mock answers, and says so
    response = routes.route(target, headers, raw, req_id, state, cut=fault == "stream_cut")
    if missed:
        response = replace(response, headers={**response.headers, REPLAY_HEADER: "mock"})
    return replace(response, delay=delay) if delay else response  # no copy without a delay


class _Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"  # keep-alive, as the SDK expects
    default_request_version = "HTTP/1.0"  # a bare "GET /" line still gets a status line
    disable_nagle_algorithm = True  # headers and body leave at once, no 40 ms ACK wait
    # A response is written whole, then sent in one go when the handler returns (http.server
    # flushes `wfile` then): one system call and one wake-up of the client, not one for the
    # head and one for the body.
    wbufsize = 64 * 1024
    timeout = READ_TIMEOUT_SECONDS
    server: "_Server"

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass  # quiet: a notebook should not fill with access logs

    def __getattr__(self, name: str) -> Callable[[], None]:
        # http.server calls do_<METHOD>: every method, even an unknown one, goes to `answer`
        if name.startswith("do_"):
            return self._answer
        raise AttributeError(name)

    def _answer(self) -> None:
        if self.server.room is not None:  # a room: each key its own state (`room`)
            self._send(
                self.server.room.answer(self.command, self.path, self.headers, self.rfile.read)
            )
            return
        state = self.server.state
        self._send(answer(self.command, self.path, self.headers, self.rfile.read, state))

    def send_error(self, code: int, message: str | None = None, explain: str | None = None) -> None:
        """A request line or headers http.server cannot parse: an envelope, never an HTML page."""
        words = message or self.responses[code][0]  # http.server sends only codes it names
        req_id = replies.request_id(self.requestline.encode())  # decoded from latin-1: encodes
        self._send(closing(error(400 if code == 505 else code, words, req_id)))  # 505: HTTP/2.0

    def _send(self, response: Response) -> None:
        if response.delay:
            time.sleep(response.delay)
        self.close_connection = self.close_connection or response.close
        if response.status is None:
            return
        self.send_response(response.status)
        for name, value in response.headers.items():
            self.send_header(name, value)
        self.end_headers()
        if self.command == "HEAD":
            return  # a HEAD response has headers only
        for piece in response.events or (response.body,):
            self.wfile.write(piece)


class _Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128  # a workshop room connecting at once (the default of 5 drops some)
    timeout = 1.0  # handle_request() on a connection given up before it was accepted

    def __init__(self, address: tuple[str, int], state: State, room=None) -> None:
        if ":" in address[0]:  # an IPv6 address: ::1, say
            self.address_family = socket.AF_INET6
        super().__init__(address, _Handler)
        self.state = state
        self.room = room

    def handle_error(self, request: object, client_address: object) -> None:
        """A client that hangs up mid-answer is not an error; anything else still prints."""
        if not isinstance(sys.exc_info()[1], ConnectionError | TimeoutError):
            super().handle_error(request, client_address)


class MockServer:
    """The mock provider on a background thread; a context manager.

    Example:
        with MockServer() as mock:
            client = anthropic.Anthropic(base_url=mock.base_url, api_key="any")
    """  # MockServer(mcp_trust="tls/cert.pem"): it calls the MCP servers that certificate serves

    def __init__(self, host: str = "127.0.0.1", port: int = 0, *, brain: Brain = respond,
                 clock: Callable[[], float] = time.monotonic, replay: Replay | None = None,
                 room=None, mcp_trust: str | None = None) -> None:  # fmt: skip
        self.state = State(brain, clock, replay, mcp_trust)
        self._server = _Server((host, port), self.state, room)
        self._thread: threading.Thread | None = None
        self._stopping = threading.Event()
        self._waker = socket.socketpair()  # a byte on it wakes the serving loop to stop

    @property
    def base_url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://[{host}]:{port}" if ":" in host else f"http://{host}:{port}"

    @property
    def requests(self) -> list[dict]:
        """The bodies of the last 1000 valid requests, oldest first (tests, chapters 06-07)."""
        with self.state.lock:
            return list(self.state.requests)

    def script(self, *replies: list[dict]) -> None:
        """Answer the next requests with exactly these content blocks, in order.

        Example: script([{"type": "text", "text": "Hi"}], [{"type": "tool_use", ...}])
            -> the next reply says Hi, the one after calls a tool.
        """
        for number, reply in enumerate(replies, 1):
            if not isinstance(reply, list) or not all(
                isinstance(block, dict) and isinstance(block.get("type"), str) for block in reply
            ):
                raise TypeError(
                    f"script() takes one list of content blocks per reply; reply {number} is "
                    f"{type(reply).__name__} {reply!r:.80}. Write script([{{'type': 'text', "
                    "'text': 'Hi'}]) for a reply of one text block."
                )
        with self.state.lock:
            self.state.scripted.extend(replies)

    def start(self) -> "MockServer":
        if self._stopping.is_set():
            raise RuntimeError("this MockServer was stopped and cannot start again: make a new one")
        if self._thread is None:
            self._thread = threading.Thread(target=self._serve, daemon=True)
            self._thread.start()
        return self

    def _serve(self) -> None:
        # One wait on the listening socket and the waker, so stop() returns at once
        # (serve_forever() polls, and stop() would wait out a poll: 0.05 s per server, most of
        # the time of the tests that start one each).
        with selectors.DefaultSelector() as waiting:
            waiting.register(self._server, selectors.EVENT_READ)
            waiting.register(self._waker[0], selectors.EVENT_READ)
            while not self._stopping.is_set():
                if waiting.select() and not self._stopping.is_set():
                    self._server.handle_request()  # accepts; answers on a thread of its own

    def stop(self) -> None:
        self._stopping.set()
        if self._thread is not None:
            self._waker[1].send(b"!")
            self._thread.join()
            self._thread = None
        self._server.server_close()
        for end in self._waker:
            end.close()

    def __enter__(self) -> "MockServer":
        return self.start()

    def __exit__(self, *exc_info: object) -> None:
        self.stop()
