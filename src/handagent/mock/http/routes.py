"""What each path of the mock answers, once a request has arrived whole and passed the faults.

    POST /v1/messages               a reply (JSON, or events with `stream: true`)
    POST /v1/messages/count_tokens  {"input_tokens": N}
    GET  /v1/models[/{id}]          the model catalogue (`catalogue`)
    POST /v1/chat/completions       OpenAI Chat Completions (`openai_chat`, its own auth)

For the Anthropic routes the headers are checked first (`access`: the key, the version, the
beta values), then the body with the real API's rules for that version and those betas
(`handagent.api.checks`, with the catalogue: a retired or unknown model is a 404; a beta `thread`
that continues a kept conversation is expanded first, `threads`), then the thinking blocks sent
back (`signatures.verify`). Only then does the model say something: a scripted reply, or the
brain inside the server's tool loop (`server_loop`), with beta context edits made to what it
reads (`context_edits`) and a structured output's JSON (`structured`); the prompt is billed
through the key's prompt cache (`prompt_cache`). `?beta=true`, which the
SDK's beta client adds, is accepted and changes nothing: the headers decide.

Not handled here: the bytes on the socket and the fault switch (`server`).
"""

import json
import re
from dataclasses import dataclass, field, replace

from ...api import models
from ...api.checks import Rejection, check_request
from ...api.fields import top_level
from ...api.request_refusals import NOT_JSON
from ..hosted import context_edits, threads
from ..model import signatures
from . import access, openai_chat, replies, stream
from . import models_route as catalogue

ROUTES = {"/v1/messages": False, "/v1/messages/count_tokens": True}  # path -> count_tokens?
OPENAI_ROUTE = "/v1/chat/completions"
MODELS_ROUTE = "/v1/models"


@dataclass(frozen=True)
class Response:
    """What to send back. `status` None: hang up without a word (fault `disconnect`)."""

    status: int | None
    headers: dict = field(default_factory=dict)
    body: bytes = b""  # JSON; shorter than its content-length when the fault cuts it
    events: tuple[bytes, ...] = ()  # server-sent events, for `stream: true`
    delay: float = 0.0  # seconds to wait before answering (fault slow=<s>)
    close: bool = False  # close the connection after answering


_JSON = json.JSONEncoder(ensure_ascii=False)  # json.dumps(..., ensure_ascii=False), made once
# Valid UTF-8 holds no surrogate: a lone one can only come as a JSON escape ("\udc80").
ESCAPED_SURROGATE = re.compile(rb"\\u[dD][89a-fA-F]")


def json_bytes(body: dict) -> bytes:
    return _JSON.encode(body).encode()


def reply_json(status: int, body: dict, req_id: str, headers: dict | None = None) -> Response:
    """JSON. Example: (200, {"input_tokens": 9}, "req_1") -> Response(200, ..., b"{...}")"""
    payload = json_bytes(body)
    head = {"content-type": "application/json", "content-length": str(len(payload))}
    return Response(status, {**head, "request-id": req_id, **(headers or {})}, payload)


def error(status: int, message: str, req_id: str, headers: dict | None = None) -> Response:
    """The API's error envelope. Example: (529, "Overloaded", "req_1") -> Response(529, ...)"""
    body = replies.error_body(status, message, req_id)
    if status not in replies.ERROR_STATUS and status < 500:  # 408, 414, 431: still the client's
        body["error"]["type"] = "invalid_request_error"
    return reply_json(status, body, req_id, headers)


def refusal(rejection: Rejection, req_id: str) -> Response:
    body = replies.error_body(rejection.status, rejection.message, req_id)
    body["error"]["type"] = rejection.error_type
    if rejection.details:
        body["error"]["details"] = rejection.details
    return reply_json(rejection.status, body, req_id)


def closing(response: Response) -> Response:
    """The same response, after which the connection is closed (its framing can't be trusted)."""
    return replace(response, headers={**response.headers, "connection": "close"}, close=True)


def allowed(method: str, path: str) -> int | None:
    """None when the method fits the path; else 405 (known path) or 404."""
    if path in ROUTES or path == OPENAI_ROUTE:
        return None if method == "POST" else 405
    if path == MODELS_ROUTE or path.startswith(MODELS_ROUTE + "/"):
        return None if method in ("GET", "HEAD") else 405
    return None if method == "POST" else 404


def route(target: str, headers: dict, raw: bytes, req_id: str, state, cut: bool) -> Response:
    """The response to a request that arrived whole, to a method `allowed` admits for its path
    (an unknown path is POSTed: a key is checked before its 404). `target` has the query."""
    path, _, query = target.partition("?")
    if path == OPENAI_ROUTE:  # the OpenAI side (chapter 07)
        status, reply = openai_chat.answer_chat(raw, headers, state.next_reply)
        if status == 200:  # a valid request: kept like the Messages ones (MockServer.requests)
            state.record(json.loads(raw))
        if isinstance(reply, tuple):  # stream: true -> the chunks' server-sent events
            return event_stream(reply, req_id)
        return reply_json(status, reply, req_id)
    try:
        access.check_key(headers)
        listing = path == MODELS_ROUTE or path.startswith(MODELS_ROUTE + "/")
        if path not in ROUTES and not listing:
            return error(404, "Not Found", req_id)
        version = access.version(headers)
        betas = access.betas(headers)
        if listing:
            found = path.removeprefix(MODELS_ROUTE).strip("/")
            return reply_json(
                200, catalogue.retrieve(found) if found else catalogue.page(query), req_id
            )
        obey = headers.get("x-mock-obey-results", "").strip().lower() == "true"
        return _messages(
            path, raw, req_id, state, cut, version, betas, access.api_key(headers), obey
        )
    except Rejection as rejection:
        return refusal(rejection, req_id)


def _messages(
    path: str, raw: bytes, req_id: str, state, cut: bool, version: str, betas, key, obey=False
):
    count_tokens = ROUTES[path]
    try:
        body = json.loads(raw.decode("utf-8"))
        if ESCAPED_SURROGATE.search(raw):
            json_bytes(body)  # a lone surrogate ("\ud800") parses but is not text: refused here
        if isinstance(body, dict) and "thread" in top_level(betas=betas) and not count_tokens:
            body = threads.expand(body, state.threads)
        check_request(
            body, count_tokens=count_tokens, version=version, catalogue_only=True, betas=betas
        )
    except ValueError as problem:  # not UTF-8, not JSON
        return error(400, NOT_JSON.format(why=problem), req_id)
    except RecursionError:
        return error(400, "The request body is nested too deeply.", req_id)
    if count_tokens:
        state.record(body)
        return reply_json(200, context_edits.counted(body), req_id)
    readable = signatures.verify(body, models.find(body["model"]))
    state.record(body)
    reply, partial_json = _reply(body, readable, state, key, obey)
    threads.remember(state.threads, body, reply)
    if not body.get("stream"):
        response = reply_json(200, reply, req_id)
        if cut:  # the content-length promises the whole body; half of it arrives
            return closing(replace(response, body=response.body[: len(response.body) // 2]))
        return response
    events = list(stream.events(reply, partial_json))
    return event_stream(tuple(cut_stream(events) if cut else events), req_id)


def _reply(
    body: dict, readable: dict, state, key: str | None, obey: bool = False
) -> tuple[dict, str | None]:
    """The reply to a checked request: context edits, then the model, then the reply's shape,
    its prompt billed through the key's prompt cache."""
    edited = context_edits.apply(readable)
    beta = dict(edited.beta)
    budget = "task_budget" in (body.get("output_config") or {})
    advisor = any(str(t.get("type", "")).startswith("advisor_") for t in body.get("tools") or [])
    if budget or advisor:
        beta.setdefault("iterations", [])  # recorded: replies to both carry usage.iterations
    said = [] if edited.stop else state.next_reply(edited.view, obey)
    cached = state.cache.split(beta.get("counted", body), key).usage()
    return replies.message(body, edited.opening + said, beta=beta, cached=cached)


def event_stream(events: tuple[bytes, ...], req_id: str) -> Response:
    """A 200 of server-sent events, in either wire format: the stream ends with the connection."""
    head = {
        "content-type": "text/event-stream",
        "cache-control": "no-cache",
        "request-id": req_id,
        "connection": "close",  # no length, no chunks: the stream ends when the connection does
    }
    return Response(200, head, events=events, close=True)


def cut_stream(events: list[bytes]) -> list[bytes]:
    """The events up to half-way through the last content block's deltas: a server that died.

    Example: [message_start, block_start, ping, delta "This reply never", delta " arrives in
    full.", block_stop, message_delta, message_stop] -> [message_start, block_start, ping, delta]
    """
    names = [event.split(b"\n", 1)[0] for event in events]  # b"event: content_block_delta"
    starts = [i for i, name in enumerate(names) if name == b"event: content_block_start"]
    if not starts:
        return events[:1]
    deltas = [
        i for i in range(starts[-1], len(events)) if names[i] == b"event: content_block_delta"
    ]
    return events[: (deltas[(len(deltas) - 1) // 2] if deltas else starts[-1]) + 1]
