"""The one place the series calls a model.

`call_model` sends a conversation (and, from chapter 01, a tools menu) to whichever provider the
settings name, and returns the SDK's own `Message`. With the mock provider, the mock server starts
on a free port of 127.0.0.1 the first time it is needed and lives as long as the Python process;
the client is the genuine `anthropic.Anthropic` with its own defaults (`anthropic-version:
2026-10-21`, `Authorization: Bearer`), only its `base_url` differs. A reply may start with
thinking blocks: read it by block type (`handagent.blocks`), and send its content back whole. A
failed call raises the SDK's own exception; `explain` says in one line what went wrong.

To a room or a mock (any host but Anthropic's), every request also names its notebook
(`x-handagent-notebook`, from JupyterLab's JPY_SESSION_NAME), so a room knows each learner's
chapter; inside `with mock_instead():` it carries `x-replay: mock`, so a request the room's
cassettes do not hold is answered by its mock. In IPython, such a miss shows as one line.

Not handled here: running tools (see `handagent.tools`), retries beyond the SDK's own, streaming
(chapter 07).
"""

from dataclasses import dataclass, field
from functools import cache

import anthropic
import httpx2  # the SDK's HTTP library: its errors are the causes of the SDK's own
from anthropic.types import Message

from .api import API_VERSION
from .api.checks import Rejection, check_request
from .blocks import message_dict
from .config import Settings, describe, load_settings, redact
from .cost import http_client
from .language import pick
from .room import (
    MOCK_KEY,  # a learner's import too: `from handagent.llm import MOCK_KEY`
    NOTEBOOK_HEADER,
    REPLAY_HEADER,
    mock_instead,  # noqa: F401  (a learner's import: `from handagent.llm import ...`)
    mock_instead_open,
    notebook_name,
)

MAX_TOKENS = 1024  # thinking counts toward it too: enough for a thinking model's short replies
TIMEOUT_SECONDS = 60.0
EXPLAIN_CHARACTERS = 300  # of the provider's words: one line, and no echo of a whole request
DEFAULT_BASE_URL = "https://api.anthropic.com"  # the SDK's own default


def room_headers() -> dict[str, str]:
    """The headers a request to a room or a mock carries now; none to Anthropic's own API."""
    if _target()[0] == DEFAULT_BASE_URL:
        return {}
    named = notebook_name()
    headers = {NOTEBOOK_HEADER: named} if named else {}
    return {**headers, REPLAY_HEADER: "mock"} if mock_instead_open() else headers


@dataclass(frozen=True)
class Endpoint:
    """Where raw HTTP requests go: the host root and the headers the API requires."""

    base_url: str
    headers: dict = field(repr=False)


@cache
def settings() -> Settings:
    """The settings of this process, read once from the environment and `.env`."""
    return load_settings()


@cache
def _mock_base_url() -> str:
    from .mock import MockServer, replaying  # imported late: the real provider never needs them

    cassettes = settings().cassettes  # provider `replay`: the mock answers from them
    return MockServer(replay=replaying(cassettes) if cassettes else None).start().base_url


def _target() -> tuple[str, str | None]:
    """The configured provider's host root and key: the mock's, else the settings' (the SDK's
    default host when no ANTHROPIC_BASE_URL is set)."""
    current = settings()
    if current.provider in ("mock", "replay"):
        return _mock_base_url(), MOCK_KEY
    return (current.base_url or DEFAULT_BASE_URL).rstrip("/"), current.api_key


def endpoint() -> Endpoint:
    """The URL and headers for a raw `httpx` request to the configured provider."""
    base_url, key = _target()
    headers = {"x-api-key": key, "anthropic-version": API_VERSION}  # what the SDK sends
    return Endpoint(base_url=base_url, headers={**headers, **room_headers()})


@cache
def client() -> anthropic.Anthropic:
    """The SDK client for the configured provider (one per process); every call is metered."""
    base_url, key = _target()
    http = http_client()
    http.event_hooks = {**http.event_hooks, "request": [_add_room_headers]}
    _show_misses_in_one_line()
    return anthropic.Anthropic(base_url=base_url, api_key=key, timeout=TIMEOUT_SECONDS,
                               http_client=http)  # fmt: skip


def _add_room_headers(request: httpx2.Request) -> None:
    request.headers.update(room_headers())


def _show_misses_in_one_line() -> None:
    """In IPython, a request the cassettes do not hold shows as one line naming the remedy, not
    the SDK's traceback; every other exception shows as before."""
    try:
        shell = get_ipython()  # type: ignore[name-defined]  # noqa: F821  (IPython's builtin)
    except NameError:
        return

    def one_line(shell, kind, error, trace, tb_offset=None):
        if "replay: this request is not in" not in str(error):
            return shell.showtraceback(running_compiled_code=True)
        shell._showtraceback(kind, error, [explain(error, limit=None)])

    shell.set_custom_exc((anthropic.APIStatusError,), one_line)


def provider_line() -> str:
    """The first output of every notebook: who we talk to, and how to switch."""
    return describe(settings())


def clip_words(text: str, limit: int = EXPLAIN_CHARACTERS) -> str:
    """The provider's words cut at a word boundary for `explain`, marked when cut (a display
    line of chapter 06 is views.neutral.clip). Example: ("one two three", 8) -> "one two…" """
    if len(text) <= limit:
        return text
    cut = text[:limit].rsplit(" ", 1)[0] if " " in text[:limit] else text[:limit]
    return cut.rstrip(" ,;:") + "…"


def explain(error: BaseException, limit: int | None = EXPLAIN_CHARACTERS) -> str:
    """A failed call in one line: the SDK's exception name, the status and the provider's words.

    The SDK's own exceptions are raised as they are; this is what to print or log about one.
    Example: OverloadedError(529 ...) -> "OverloadedError: HTTP 529 overloaded_error: Overloaded
    (request-id req_011C...)"
    """
    name = type(error).__name__
    if isinstance(error, Rejection):
        before = pick(" (found before sending)", "（发送前就查出来了）")
        detail = f"HTTP {error.status} {error.error_type}: {error.message}{before}"
    elif isinstance(error, anthropic.APIStatusError):
        words = f"{error.type}: {error.api_message}" if error.api_message else error.response.text
        request_id = f" (request-id {error.request_id})" if error.request_id else ""
        words = words or error.response.reason_phrase
        detail = f"HTTP {error.status_code} {clip_words(words, limit) if limit else words}"
        detail += request_id
    elif isinstance(error, anthropic.APIConnectionError):
        where, cause = error.request.url.netloc.decode(), error.__cause__
        why = f"{type(cause).__name__}: {cause}" if cause else error.message
        if isinstance(error, anthropic.APITimeoutError):
            seconds = (error.request.extensions.get("timeout") or {}).get("read")
            if seconds is None:
                detail = pick(f"no answer from {where} ({why})", f"{where} 没有回应（{why}）")
            else:
                detail = pick(f"no answer from {where} within {seconds:g} s ({why})",
                              f"{where} 在 {seconds:g} 秒内没有回应（{why}）")  # fmt: skip
        elif isinstance(cause, httpx2.ConnectError):
            detail = pick(f"cannot connect to {where} ({why})", f"连不上 {where}（{why}）")
        else:
            detail = pick(
                f"the connection to {where} broke ({why})", f"与 {where} 的连接断了（{why}）"
            )
    else:
        detail = str(error)
    line = " ".join(f"{name}: {detail}".split())
    request = getattr(error, "request", None)
    sent = request.headers if request is not None else {}
    return redact(line, sent.get("x-api-key"), sent.get("authorization", "")[len("Bearer ") :])


def call_model(
    messages: list,
    tools: list | None = None,
    *,
    system: str | None = None,
    max_tokens: int = MAX_TOKENS,
    model: str | None = None,
    tool_choice: dict | None = None,
    thinking: dict | None = None,
    check: bool = True,
) -> Message:
    """Send the conversation (and the tools menu, if any); return the model's reply.

    `thinking` is sent as given (`{"type": "adaptive", "display": "summarized"}`,
    say). With `check`, a request the API would refuse (a tool_use left unanswered,
    a retired model) raises `api.checks.Rejection` locally, in the API's own words,
    before a request is spent (chapter 05); `check=False` sends it anyway.
    """
    request: dict = {
        "model": model or settings().model,
        "max_tokens": max_tokens,
        "messages": messages,
    }
    if tools:
        request["tools"] = tools
    if system:
        request["system"] = system
    if tool_choice:
        request["tool_choice"] = tool_choice
    if thinking:
        request["thinking"] = thinking
    if check:
        # The catalogue knows the models of the API itself (and of the mock), not an
        # Anthropic-compatible endpoint's: there an unknown model is its business.
        official = settings().provider == "mock" or not settings().base_url
        # The SDK's own blocks are read as dicts; anything else is the check's to word.
        listed = isinstance(messages, list)
        as_dicts = [message_dict(m) for m in messages] if listed else messages
        check_request({**request, "messages": as_dicts}, catalogue_only=official)
    return client().messages.create(**request)
