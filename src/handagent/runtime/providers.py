"""Providers: one neutral call, `complete`, that returns an AssistantMessage and never raises.

Once a request has started, whatever goes wrong comes back as a message. An HTTP error status, a
refused connection, a timeout, a stream cut off, a body that is not JSON: stop_reason "error",
with a one-line error_message naming the provider, the status and the provider's own words.
Ctrl-C while waiting or streaming: stop_reason "aborted", with whatever content had arrived.
The interrupt is *not* re-raised: the aborted message is the record of what happened, and the
caller (an agent loop, a notebook cell) decides what next: log it, answer its calls, stop.

    api           POST                   key header              adapter
    anthropic     /v1/messages           x-api-key               adapters.anthropic
    openai_chat   /v1/chat/completions   Authorization: Bearer   adapters.openai_chat

A refusal is not a failure: the provider answered (HTTP 200), and the message says "refusal".

The body is built by the adapters, so orphan repair, id rules and the thinking rules (blocks go
back only to the model that can read them: the request's `model`) apply to every request. The key
goes into one header and nowhere else: no object holds it, and an error text that quotes it
(some servers echo it back) gets it blanked out.

Not handled here: retries (a retry policy reads stop_reason "error" and decides), streaming for
openai_chat, a total deadline (`timeout` bounds each connect and each read, not the whole call),
tool_choice, `thinking` and `output_config` (the model's defaults apply) and other request
fields, prompt caching.
"""

import json
from collections.abc import Callable
from typing import Literal

import httpx

from ..api import API_VERSION
from ..config import redact
from ..cost import METER, tls_context
from .adapters import (
    from_anthropic,
    from_openai_chat,
    to_anthropic,
    to_openai_chat,
    tools_to_anthropic,
    tools_to_openai_chat,
)
from .protocol import AssistantMessage, Message, assistant_aborted, assistant_from_error
from .results import fold_surrogates
from .streaming import Assembler, parse_sse

Api = Literal["anthropic", "openai_chat"]
PATHS = {"anthropic": "/v1/messages", "openai_chat": "/v1/chat/completions"}
# How a provider's failure shows up: a transport error, a body that is not JSON (ValueError),
# JSON of another shape than the adapter reads (LookupError, TypeError).
FAILURES = (httpx.HTTPError, ValueError, LookupError, TypeError)


def request_body(
    messages: list[Message],
    tools: list[dict],
    *,
    api: Api,
    model: str,
    max_tokens: int,
    system: str | None = None,
    stream: bool = False,
) -> dict:
    """The JSON body for `api`: the history through its adapter, the tools in its shape.

    Example: ([user_text("hi")], [], api="anthropic", model="m", max_tokens=64) -> {"model": "m",
    "max_tokens": 64, "messages": [{"role": "user", "content": [{"type": "text", "text": "hi"}]}]}
    """
    if api == "anthropic":
        wire = to_anthropic(messages, model=model)  # thinking goes back only to its model
        body: dict = {"model": model, "max_tokens": max_tokens, "messages": wire}
        if system:
            body["system"] = system
        if tools:
            body["tools"] = tools_to_anthropic(tools)
    else:
        system_turn = [{"role": "system", "content": system}] if system else []
        wire = system_turn + to_openai_chat(messages)
        body = {"model": model, "max_tokens": max_tokens, "messages": wire}
        if tools:
            body["tools"] = tools_to_openai_chat(tools)
    if stream:
        body["stream"] = True
    # A lone surrogate (a model's broken "\ud83d" escape, kept as it came in the log) cannot be
    # encoded: folded here, on a copy, or the whole session could never be sent again. The usual
    # body has none, which the C encoder tells faster than walking every string; it is sent as
    # built, sharing its tools' schemas and its calls' arguments: copy it before editing it.
    try:
        json.dumps(body, ensure_ascii=False).encode()
        return body
    except (UnicodeEncodeError, TypeError, ValueError):
        return fold_surrogates(body)


def _status_error(response: httpx.Response) -> str:
    """A refused request in the provider's own words.

    Example: 529 {"error": {"type": "overloaded_error", "message": "Overloaded"}}
        -> "HTTP 529 overloaded_error: Overloaded (request-id req_011C...)"
    """
    try:
        error = response.json()["error"]  # both APIs: {"error": {"type", "message", ...}}
        words = f"{error.get('type') or error.get('code')}: {error['message']}"
    except FAILURES:
        words = response.text[:200] or response.reason_phrase  # a proxy's HTML page, say
    request_id = response.headers.get("request-id") or response.headers.get("x-request-id")
    tail = f" (request-id {request_id})" if request_id else ""
    return f"HTTP {response.status_code} {words}{tail}"


def _describe(error: Exception, timeout: float) -> str:
    if isinstance(error, httpx.TimeoutException):
        return f"no answer within {timeout:g} s ({type(error).__name__})"
    if isinstance(error, httpx.ConnectError):
        return f"cannot connect ({type(error).__name__}: {error})"
    return f"{type(error).__name__}: {error}"


def _line(api: str, base_url: str, detail: str, api_key: str) -> str:
    """One line naming the provider and what went wrong; the key blanked if a server echoed it."""
    where = httpx.URL(base_url).netloc.decode()  # host:port, never a user:password@
    return redact(" ".join(f"{api} ({where}): {detail}".split()), api_key)


def _read_stream(
    response: httpx.Response, assembler: Assembler, why: Callable[[str | Exception], str]
) -> AssistantMessage:
    """Feed the response's events to the assembler; a failure or Ctrl-C keeps what arrived."""
    if response.is_error:
        response.read()
        return assembler.fail(why(_status_error(response)))
    try:
        for event, data in parse_sse(response.iter_lines()):
            assembler.feed(event, data)
    except KeyboardInterrupt:  # the user stopped reading
        return assembler.aborted()
    except FAILURES as error:
        return assembler.fail(why(error))
    return assembler.message()


def complete(
    messages: list[Message],
    tools: list[dict],
    *,
    api: Api,
    model: str,
    base_url: str,
    api_key: str,
    stream: bool = False,
    timeout: float = 60,
    max_tokens: int = 1024,
    headers: dict | None = None,
    system: str | None = None,
) -> AssistantMessage:
    """Send the history and tools menu to `api`; the reply, a failure or an abort, as a message.

    Example: ([user_text("hi")], [], api="anthropic", model="claude-...", base_url=mock.base_url,
    api_key="k") -> AssistantMessage(content=(TextBlock("Hello..."),), stop_reason="stop", ...)
    """
    if api not in PATHS:
        raise ValueError(f"api must be one of {sorted(PATHS)}, not {api!r}.")
    if stream and api != "anthropic":
        raise ValueError("stream=True is implemented for api='anthropic' only; pass stream=False.")
    body = request_body(
        messages, tools, api=api, model=model, max_tokens=max_tokens, system=system, stream=stream
    )
    if api == "anthropic":
        auth = {"x-api-key": api_key, "anthropic-version": API_VERSION}
    else:
        auth = {"authorization": f"Bearer {api_key}"}
    sent = {**(headers or {}), **auth}
    url = base_url.rstrip("/") + PATHS[api]

    def why(problem: str | Exception) -> str:
        detail = problem if isinstance(problem, str) else _describe(problem, timeout)
        return _line(api, base_url, detail, api_key)

    try:
        hooks = {"response": [METER.on_response]}  # every reply is metered (handagent.cost)
        with httpx.Client(timeout=timeout, event_hooks=hooks, verify=tls_context(httpx)) as client:
            if stream:
                with client.stream("POST", url, json=body, headers=sent) as response:
                    return _read_stream(response, Assembler(model=model, provider=api), why)
            response = client.post(url, json=body, headers=sent)
            if response.is_error:
                return assistant_from_error(why(_status_error(response)), model, api)
            read = from_anthropic if api == "anthropic" else from_openai_chat
            return read(response.json(), provider=api)
    except KeyboardInterrupt:  # the user stopped waiting: nothing had arrived
        return assistant_aborted([], model, api)
    except FAILURES as error:
        return assistant_from_error(why(error), model, api)
