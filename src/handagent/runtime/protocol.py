"""The neutral message protocol: what a conversation is, whichever provider produced it.

A tool call is a message protocol, not a function call: the model *declares* a call in an
assistant message; the runtime runs the tool and answers with a tool-result message quoting the
call's id. The runtime stores these records; adapters translate them to and from each wire
format (`runtime.adapters`). Contracts sit beside the types.

A reply may hold `ThinkingBlock`s, with the signature the provider checks and the model that
wrote them (`runtime.thinking`), and `ServerBlock`s, the provider's own work, kept as they came.
A turn ends for one of eight reasons, `StopReason`. `Usage` counts cache reads and writes apart.

Not handled here: wire formats, id rules, orphan repair (`adapters`, `ids`, `repair`), streaming
deltas, what a server block means, cost (`handagent.cost`).
"""

import json
import time
from dataclasses import dataclass, field, replace
from typing import Literal

# Why a turn ended. The loop runs the calls in the content; this says what else to do.
StopReason = Literal[
    "stop",  # the model considers the turn done: task finished, or waiting for the user
    "tool_use",  # the model asked for one or more tools; calls are in the content
    # Cut at max_tokens: calls may hold cut arguments. Ask again with more, never go on.
    "length",
    "window",  # the context window ran out before max_tokens: shrink the history first
    # Not an end: the provider paused a turn of its own (server-tool limit, compaction).
    # Send the content back as it is, ServerBlocks included; ask again. No call waits.
    "pause",
    # The model declined: its choice, not a failure (HTTP 200); stop_details says why.
    # Don't build on it: reset the context or ask another model. Its calls are not run.
    "refusal",
    "error",  # provider or network failure; error_message says why, retries decide next
    "aborted",  # stopped by the user; the partial content received so far is kept
]

# The error_message of a reply whose reason is missing from an adapter's table. An error_message
# is written for a person, not the model, so it follows the edition (language.pick).
UNKNOWN_REASON = (
    "unknown {field} {reason!r}: update {table} in handagent.runtime.adapters",
    "未知的 {field} {reason!r}：请在 handagent.runtime.adapters 的 {table} 里加上它",
)


@dataclass(frozen=True)
class TextBlock:
    text: str
    type: Literal["text"] = field(default="text", init=False)


@dataclass(frozen=True)
class ImageBlock:
    media_type: str  # "image/png", "image/jpeg", "image/gif" or "image/webp"
    data: str  # base64, no "data:" prefix
    type: Literal["image"] = field(default="image", init=False)


@dataclass(frozen=True)
class ThinkingBlock:
    """The model's reasoning as the provider sent it, with the model that wrote it.

    Example: {"type": "thinking", "thinking": "", "signature": "EqQB..."} from model m
        -> ThinkingBlock("", "EqQB...", "m")
    """

    # The provider signs each block and checks the signature when it comes back: a block is never
    # edited, merged or moved, and goes back only to a model that can read it (runtime.thinking).
    text: str  # "" when the provider returns the signature only (display "omitted")
    signature: str  # opaque; "" if the stream stopped before it came: then never sent
    model: str  # the model that produced it
    redacted_data: str | None = None  # a `redacted_thinking` block's `data`: encrypted, opaque
    type: Literal["thinking"] = field(default="thinking", init=False)

    def __post_init__(self):
        if self.redacted_data is not None and (self.text or self.signature):
            raise ValueError("A redacted block has only redacted_data: use ThinkingBlock.redacted.")

    @classmethod
    def redacted(cls, data: str, model: str) -> "ThinkingBlock":
        """A `redacted_thinking` block. Example: ("Em", "m") -> ThinkingBlock("", "", "m", "Em")"""
        return cls("", "", model, redacted_data=data)

    @property
    def signed(self) -> bool:
        """Whether the block is complete: a signature, or the data of a redacted block."""
        return bool(self.signature) or self.redacted_data is not None


@dataclass(frozen=True)
class ServerBlock:
    """Work the provider did on its own servers, as it sent it: opaque to the runtime.

    Example: {"type": "server_tool_use", "id": "srvtoolu_01", ...} -> ServerBlock({...})
    """

    # Sent back unchanged, in its place, by the Anthropic adapter: a paused turn continues from
    # it, and later thinking is bound to it. OpenAI Chat has no place for it and leaves it out.
    data: dict
    type: Literal["server"] = field(default="server", init=False)


@dataclass(frozen=True)
class ToolCall:
    # An opaque correlation key: never assume a format or give it a meaning. Unique within its
    # message (the Messages API checks no more than that; ids from different turns may repeat).
    # Adapters rewrite it per request for a provider's rules; the log keeps the original.
    id: str
    name: str
    # Arguments are untrusted text until complete and parsed. Exactly one of the two is set:
    # arguments when the text was a JSON object, else raw_arguments keeps the text as received.
    arguments: dict | None
    raw_arguments: str | None = None
    type: Literal["tool_call"] = field(default="tool_call", init=False)

    def __post_init__(self):
        if (self.arguments is None) == (self.raw_arguments is None):
            raise ValueError("Set exactly one of arguments and raw_arguments: use call_from_text.")


@dataclass(frozen=True)
class Usage:
    """Tokens of one reply, as billed. Example: Usage(9, 3, cache_read_tokens=100)"""

    input_tokens: int  # the prompt's tokens neither read from the cache nor written to it
    output_tokens: int  # thinking included: it is billed as output even when its text is ""
    cache_read_tokens: int = 0  # the prompt cache's reads and writes (5 minutes, an hour)
    cache_write_5m_tokens: int = 0
    cache_write_1h_tokens: int = 0


@dataclass(frozen=True)
class StopDetails:
    """Why a provider declined, in its own words.

    Example: {"type": "refusal", "category": "cyber", "explanation": "This request was declined
    ..."} -> StopDetails("refusal", "cyber", "This request was declined ...")
    """

    type: str  # "refusal"; "content_filter" for OpenAI's filter, which gives no reason
    category: str | None = None  # Anthropic: "cyber", "bio", "frontier_llm", "general_harms"...
    explanation: str | None = None


class _TupleContent:
    def __post_init__(self):
        if not isinstance(self.content, tuple):
            name = type(self).__name__
            raise TypeError(f"{name}.content must be a tuple; pass tuple(blocks), not a list.")


@dataclass(frozen=True, kw_only=True)
class UserMessage(_TupleContent):
    content: tuple[TextBlock | ImageBlock, ...]
    timestamp: float  # seconds since the epoch, as time.time() gives
    role: Literal["user"] = field(default="user", init=False)


class RepeatedCallId(ValueError):
    """Two calls of one assistant message share an id: their results could not be told apart."""


@dataclass(frozen=True, kw_only=True)
class AssistantMessage(_TupleContent):
    # Each ToolCall needs exactly one ToolResultMessage before the next request, whatever the
    # stop_reason (`runtime.repair` makes sure of it). Blocks stay in the order they came: thinking
    # usually first, but it may also sit between calls.
    content: tuple[ThinkingBlock | TextBlock | ToolCall | ServerBlock, ...]
    stop_reason: StopReason
    model: str  # which model and provider answered: needed months later to explain a failure
    provider: str
    usage: Usage
    timestamp: float
    error_message: str | None = None  # set when stop_reason is "error"; never sent to a model
    stop_details: StopDetails | None = None  # set when stop_reason is "refusal"; never sent
    role: Literal["assistant"] = field(default="assistant", init=False)

    def __post_init__(self):
        super().__post_init__()
        ids = [call.id for call in tool_calls(self)]
        if len(ids) != len(set(ids)):
            raise RepeatedCallId(
                f"Tool call ids repeat in one message: {ids}; give each call its own."
            )


@dataclass(frozen=True, kw_only=True)
class ToolResultMessage(_TupleContent):
    tool_call_id: str  # the ToolCall's id, returned unchanged
    tool_name: str
    content: tuple[TextBlock | ImageBlock, ...]  # what the model reads
    is_error: bool  # not decoration: tells the model the call failed, so it tries another way
    timestamp: float
    details: dict | None = None  # for the UI and the log only (diff, exit code): never sent
    role: Literal["tool_result"] = field(default="tool_result", init=False)


Message = UserMessage | AssistantMessage | ToolResultMessage


def tool_calls(message: Message) -> list[ToolCall]:
    """Every tool call of an assistant message, in order; [] for any other message."""
    if not isinstance(message, AssistantMessage):
        return []
    return [block for block in message.content if isinstance(block, ToolCall)]


def unique_call_ids(content: list) -> tuple:
    """The blocks, each call whose id repeats an earlier one's renamed `<id>_<n>` (n its place
    among the calls): a compatible server may repeat an id; each result goes back under its own.

    Example: [ToolCall("a", ...), ToolCall("a", ...)] -> (ToolCall("a", ...), ToolCall("a_1", ...))
    """
    seen: set[str] = set()
    out = []
    calls = 0
    for block in content:
        if isinstance(block, ToolCall):
            while block.id in seen:  # ["a_1", "a", "a"]: the third is "a_2"; ["a_2", ...]: "a_2_2"
                block = replace(block, id=f"{block.id}_{calls}")
            seen.add(block.id)
            calls += 1
        out.append(block)
    return tuple(out)


def parse_arguments(raw: str) -> tuple[dict | None, str | None]:
    """Parse a model's argument text; on failure return None and an error the model can read.

    Example: '{"path": "a.py"}' -> ({"path": "a.py"}, None)
    Example: '{"path": ' -> (None, "Invalid JSON in tool arguments: Expecting value ...")
    """
    if not raw.strip():
        return {}, None  # some servers send "" for a tool without parameters
    excerpt = raw if len(raw) <= 80 else raw[:77] + "..."
    try:
        value = json.loads(raw, parse_constant=_reject_constant)
    except ValueError as error:
        return None, f"Invalid JSON in tool arguments: {error}. Received: {excerpt!r}"
    if not isinstance(value, dict):
        kind = type(value).__name__  # list, str, int...: the model sent the wrong shape
        return None, f"Tool arguments must be a JSON object, not {kind}. Received: {excerpt!r}"
    return value, None


def _reject_constant(name: str):
    raise ValueError(f"{name} is not valid JSON")  # Python's json would accept NaN and Infinity


def call_from_text(tool_call_id: str, name: str, raw: str) -> ToolCall:
    """A call from the model's argument text: parsed if it is a JSON object, else kept raw.

    Example: ("c1", "f", '{"a": 1}') -> ToolCall("c1", "f", {"a": 1})
    Example: ("c1", "f", '{"a": ') -> ToolCall("c1", "f", None, raw_arguments='{"a": ')
    """
    arguments, _error = parse_arguments(raw)  # the runner reports the error in the result
    return ToolCall(tool_call_id, name, arguments, None if arguments is not None else raw)


def user_text(text: str, timestamp: float | None = None) -> UserMessage:
    """A user message holding one text block, stamped now unless a timestamp is given."""
    return UserMessage(content=(TextBlock(text),), timestamp=timestamp_or_now(timestamp))


def tool_result_message(
    call: ToolCall,
    content: str | tuple[TextBlock | ImageBlock, ...],
    *,
    is_error: bool = False,
    details: dict | None = None,
    timestamp: float | None = None,
) -> ToolResultMessage:
    """The answer to one call, quoting its id and name: a text, or blocks (text and images).

    Example: (ToolCall("toolu_1", "add", {...}), "3") -> ToolResultMessage(tool_call_id="toolu_1",
        tool_name="add", content=(TextBlock("3"),), is_error=False, ...)
    """
    return ToolResultMessage(
        tool_call_id=call.id,
        tool_name=call.name,
        content=(TextBlock(content),) if isinstance(content, str) else tuple(content),
        is_error=is_error,
        details=details,
        timestamp=timestamp_or_now(timestamp),
    )


def assistant_reply(
    *content: ThinkingBlock | TextBlock | ToolCall | ServerBlock,
    model: str,
    stop_reason: StopReason = "tool_use",
    provider: str = "anthropic",
    usage: Usage | None = None,
    timestamp: float | None = None,
) -> AssistantMessage:
    """A reply written by hand (a test, a notebook, a replayed transcript), stamped now by default.

    Example: (ToolCall("c1", "f", {}), model="m") -> AssistantMessage(content=(ToolCall(...),),
    stop_reason="tool_use", model="m", provider="anthropic", usage=Usage(0, 0), ...)
    """
    return AssistantMessage(
        content=content,
        stop_reason=stop_reason,
        model=model,
        provider=provider,
        usage=usage or Usage(0, 0),
        timestamp=timestamp_or_now(timestamp),
    )


def assistant_from_error(
    error: BaseException | str, model: str, provider: str, timestamp: float | None = None
) -> AssistantMessage:
    """A failed request as a message: stop_reason "error", empty content, the reason kept."""
    text = error if isinstance(error, str) else f"{type(error).__name__}: {error}"
    return AssistantMessage(
        content=(),
        stop_reason="error",
        model=model,
        provider=provider,
        usage=Usage(0, 0),
        timestamp=timestamp_or_now(timestamp),
        error_message=text,
    )


def assistant_aborted(
    partial: list[ThinkingBlock | TextBlock | ToolCall],
    model: str,
    provider: str,
    timestamp: float | None = None,
) -> AssistantMessage:
    """A turn the user stopped: stop_reason "aborted", whatever content had arrived kept."""
    return AssistantMessage(
        content=tuple(partial),
        stop_reason="aborted",
        model=model,
        provider=provider,
        usage=Usage(0, 0),  # unknown: the stream stopped before the final count
        timestamp=timestamp_or_now(timestamp),
    )


def timestamp_or_now(timestamp: float | None) -> float:
    """The timestamp given, else the time now. Example: None -> 1767225600.0 (time.time())"""
    return time.time() if timestamp is None else timestamp
