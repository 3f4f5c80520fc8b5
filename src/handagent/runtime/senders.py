"""Senders: the model as the agent loop calls it, with the SDKs' own retries.

`sender(api=..., model=..., base_url=..., api_key=...)` returns `send(messages, tools_menu,
max_tokens) -> AssistantMessage`, which, like `providers.complete`, never raises: the body is
`providers.request_body`'s (the same adapters, repair, id and thinking rules), the reply goes
through the same `from_anthropic` / `from_openai_chat`. What differs is who sends it: the
genuine SDK (`anthropic.Anthropic`, `openai.OpenAI`) with `max_retries`, because the SDK
already decides what to retry and how long to wait, and `complete()` keeps no headers to decide
it with. Both SDKs (anthropic 2.10, openai 3.57, `_base_client.py`) do the same:

    retried     408, 409, 429 and every 5xx (529 overloaded included), a connection error or a
                timeout, unless the response says `x-should-retry: false`; and any status
                whose response says `x-should-retry: true`
    not         every other status: 400 (a prompt too long for the window, say), 401, 404, ...
    the wait    what `retry-after-ms` / `retry-after` ask for, else 0.5 s doubling up to 8 s,
                less up to a quarter at random; max_retries retries (the SDK's default is 2)

What still fails after the retries becomes stop_reason "error", its line naming the provider,
the status and the provider's words; Ctrl-C, during a request or a wait, stop_reason "aborted".

`extra` adds fields the body does not hold (chapter 14's `context_management`, sent with the
beta header in `headers`), and `on_reply` sees each reply's JSON before it becomes a message, for
what the message does not keep (the edits the API reports it made: `views.long_runs`).

`scripted(*replies)` is a model written in advance: it answers with these replies in order, and
keeps each request it was sent in `.requests` (and its max_tokens in `.max_tokens`), for tests,
exercises and a chapter's demos.

Not handled here: streaming (`complete(stream=True)` streams, without retries), retrying a
refusal on another model, a total deadline over all the retries.
"""

from collections.abc import Callable

import anthropic
import httpx
import openai

from ..config import redact
from ..cost import METER, tls_context
from ..language import pick
from .adapters import from_anthropic, from_openai_chat
from .loop import Send
from .protocol import AssistantMessage, Message, assistant_aborted, assistant_from_error
from .providers import Api, request_body

SDK_ERRORS = (anthropic.APIError, openai.APIError)


def _words(error: Exception) -> str:
    """A failed request in the provider's words.

    Example: an APIStatusError of 529 {"error": {"type": "overloaded_error", "message":
    "Overloaded"}} -> "HTTP 529 overloaded_error: Overloaded"
    """
    status = getattr(error, "status_code", None)
    if status is None:  # no answer at all: connection refused, timed out
        return f"{type(error).__name__}: {error}"
    body = getattr(error, "body", None)
    inner = body.get("error", body) if isinstance(body, dict) else None  # openai: the inner one
    if isinstance(inner, dict) and inner.get("message"):
        return f"HTTP {status} {inner.get('type') or inner.get('code')}: {inner['message']}"
    return f"HTTP {status} {error}"


def sender(
    *,
    api: Api,
    model: str,
    base_url: str,
    api_key: str,
    max_retries: int = 2,
    timeout: float = 60,
    system: str | None = None,
    headers: dict | None = None,
    extra: dict | None = None,
    on_reply: Callable[[dict], None] | None = None,
) -> Send:
    """The model at `base_url` as a `send` for `run_loop`, retried by the SDK.

    Example: sender(api="anthropic", model=settings().model, base_url=mock.base_url,
    api_key=MOCK_KEY)([user_text("hi")], [], 1024) -> AssistantMessage(stop_reason="stop", ...)
    """
    root = base_url.rstrip("/")
    where = httpx.URL(root).netloc.decode()  # host:port, never a user:password@
    attempts = []  # one entry per HTTP request the SDK sends: retries show as more than one
    hooks = {"request": [attempts.append], "response": [METER.on_response]}  # metered
    http = {"verify": tls_context(), "event_hooks": hooks}
    if api == "anthropic":
        client = anthropic.Anthropic(
            base_url=root, api_key=api_key, max_retries=max_retries, timeout=timeout,
            default_headers=headers, http_client=anthropic.DefaultHttpxClient(**http),
        )  # fmt: skip
    elif api == "openai_chat":
        client = openai.OpenAI(
            base_url=root + "/v1", api_key=api_key, max_retries=max_retries, timeout=timeout,
            default_headers=headers, http_client=openai.DefaultHttpxClient(**http),
        )  # fmt: skip
    else:
        raise ValueError(f"api must be 'anthropic' or 'openai_chat', not {api!r}.")

    def send(messages: list[Message], tools: list[dict], max_tokens: int):
        body = request_body(
            messages, tools, api=api, model=model, max_tokens=max_tokens, system=system
        )
        attempts.clear()
        try:
            if api == "anthropic":
                raw = client.messages.with_raw_response.create(**body, extra_body=extra)
            else:
                raw = client.chat.completions.with_raw_response.create(**body, extra_body=extra)
            reply = raw.http_response.json()
            message = (from_anthropic if api == "anthropic" else from_openai_chat)(
                reply, provider=api
            )
        except KeyboardInterrupt:  # the stop button, while waiting or between retries
            return assistant_aborted([], model, api)
        except (*SDK_ERRORS, ValueError, LookupError, TypeError) as error:
            tries = pick(f" ({len(attempts)} attempts)", f"（共尝试 {len(attempts)} 次）")
            line = redact(f"{api} ({where}): {_words(error)}{tries * (len(attempts) > 1)}", api_key)
            return assistant_from_error(line, model, api)
        if on_reply is not None:  # outside the try: a failing callback is the program's to see
            on_reply(reply)
        return message

    send.model = model  # the loop estimates a request's worst case with this model's tokenizer
    return send


def scripted(*replies: AssistantMessage) -> Send:
    """A `send` that answers with these replies in order; what it was sent is in `.requests`.

    Example: scripted(reply_1, reply_2) -> send; send([...], [], 1024) -> reply_1, then reply_2
    """
    queue = list(replies)

    def send(messages: list[Message], tools: list[dict], max_tokens: int) -> AssistantMessage:
        if not queue:
            raise ValueError(f"Only {len(replies)} replies were scripted; script one more.")
        send.requests.append(list(messages))
        send.max_tokens.append(max_tokens)
        return queue.pop(0)

    send.requests, send.max_tokens = [], []
    return send
