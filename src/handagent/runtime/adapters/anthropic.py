"""The Anthropic Messages API adapter: neutral messages to wire dicts and back, both pure.

On the way out the history is repaired (every call gets one result, `runtime.repair`) and its
ids rewritten for Anthropic's rules (`runtime.ids`), on a copy: the stored history keeps its
original ids. Tool results become `tool_result` blocks, grouped into one user message. Thinking
blocks go back unmodified, in their place, to the model that wrote them, and are left out for
any other (`runtime.thinking`), so `to_anthropic` takes the target model. `details`,
`error_message` and `stop_details` stay home: they are for the UI and the log, never a model.
Blocks of the server's own work (a server tool's call and result, an MCP connector call, a
compaction) are kept whole as `ServerBlock`s and go back unchanged, so a paused turn can be sent
back to finish and later thinking blocks keep the prefix they were written after. A reply's
`usage` is read with its cache reads and writes (`cost.call_from_usage`, the meter's reading).

Not handled here: the system prompt and other request fields (the caller adds them), citations
(a text block's text is kept, its citations are not), streaming (`runtime.streaming`).
"""

import json

from ...cost import call_from_usage
from ...language import pick
from ..ids import ANTHROPIC, normalise_ids
from ..protocol import (
    UNKNOWN_REASON,
    AssistantMessage,
    ImageBlock,
    Message,
    ServerBlock,
    StopDetails,
    StopReason,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    call_from_text,
    timestamp_or_now,
    unique_call_ids,
)
from ..repair import repair
from ..thinking import sendable

# Anthropic `stop_reason` -> ours. Total over the values the API documents; anything else is an
# "error" that names the value, so a new one is noticed rather than misread.
STOP_REASONS: dict[str, StopReason] = {
    "end_turn": "stop",
    "stop_sequence": "stop",  # one of the request's stop_sequences matched: a normal end
    "tool_use": "tool_use",
    "max_tokens": "length",
    "model_context_window_exceeded": "window",  # the window, not max_tokens, ran out
    # Not "stop": a server-tool loop (web search...) hit its iteration limit mid-turn. Sending the
    # content back as it is continues the turn; it never leaves a client tool_use waiting.
    "pause_turn": "pause",
    # The server compacted the context and paused after the compaction block, as the request's
    # `pause_after_compaction` asked: sent back as it is, the turn goes on (as "pause_turn").
    "compaction": "pause",
    # Not "error": the model (its safety classifiers) declined, in a normal HTTP 200 whose
    # stop_details says why. Partial content may precede it; retrying the same request won't help.
    "refusal": "refusal",
}


def _block(block: ThinkingBlock | TextBlock | ImageBlock | ToolCall | ServerBlock) -> dict:
    if isinstance(block, ServerBlock):  # exactly as the server sent it
        return dict(block.data)
    if isinstance(block, ThinkingBlock):  # exactly as it arrived: the signature covers it all
        if block.redacted_data is not None:
            return {"type": "redacted_thinking", "data": block.redacted_data}
        return {"type": "thinking", "thinking": block.text, "signature": block.signature}
    if isinstance(block, TextBlock):
        return {"type": "text", "text": block.text}
    if isinstance(block, ImageBlock):
        source = {"type": "base64", "media_type": block.media_type, "data": block.data}
        return {"type": "image", "source": source}
    # A call whose arguments were invalid JSON still needs an object here; its error result
    # quotes what the model sent, and the log keeps raw_arguments.
    arguments = {} if block.arguments is None else block.arguments
    return {"type": "tool_use", "id": block.id, "name": block.name, "input": arguments}


def _sent(block, model: str | None) -> bool:
    if isinstance(block, ThinkingBlock):
        return sendable(block, model)  # only to a model that can read it: runtime.thinking
    # The API refuses empty or whitespace-only text blocks; an aborted stream can leave one.
    return not (isinstance(block, TextBlock) and not block.text.strip())


def _wire(message: Message, model: str | None) -> dict:
    blocks = [_block(b) for b in message.content if _sent(b, model)]
    if isinstance(message, ToolResultMessage):
        result = {"type": "tool_result", "tool_use_id": message.tool_call_id}
        if blocks:
            result["content"] = blocks
        result["is_error"] = message.is_error
        return {"role": "user", "content": [result]}
    return {"role": message.role, "content": blocks}


def translate(messages: list[Message], *, model: str | None = None) -> list[dict]:
    """Each message in the Messages API's shape, and nothing more: no repair, no id rewrite.

    This is what a naive adapter sends; `to_anthropic` repairs and rewrites first.
    Example: [user_text("hi"), tool_result(...)] -> [{"role": "user", "content": [{"type":
    "text", "text": "hi"}, {"type": "tool_result", ...}]}]
    """
    wire: list[dict] = []
    for message in messages:
        turn = _wire(message, model)
        if not turn["content"]:
            continue  # e.g. a failed turn with nothing in it: the API refuses empty messages
        if wire and wire[-1]["role"] == turn["role"]:
            # Same role twice: one turn. Results come first in their user message, as required;
            # the API would merge the turns itself, older compatible servers would refuse them.
            wire[-1]["content"].extend(turn["content"])
        else:
            wire.append(turn)
    return wire


def to_anthropic(messages: list[Message], *, model: str | None = None) -> list[dict]:
    """The `messages` list of a Messages API request to `model` (None: thinking is left out).

    Example: [user_text("hi"), AssistantMessage(content=(ToolCall("c|1", "f", {}),)...),
    ToolResultMessage(tool_call_id="c|1", ...)] -> [{"role": "user", "content": [{"type": "text",
    "text": "hi"}]}, {"role": "assistant", "content": [{"type": "tool_use", "id": "c_1_<hash>",
    "name": "f", "input": {}}]}, {"role": "user", "content": [{"type": "tool_result",
    "tool_use_id": "c_1_<hash>", "content": [...], "is_error": false}]}]
    """
    return translate(normalise_ids(repair(messages), ANTHROPIC), model=model)


def tools_to_anthropic(tools: list[dict]) -> list[dict]:
    """Our tool dicts, already Anthropic's shape, copied; an Anthropic-defined one as it is.
    Example: [{"name": "read_file", ...}, {"type": "memory_20250818", "name": "memory"}] -> same"""
    return [
        dict(t) if t.get("type", "custom") != "custom" else
        {"name": t["name"], "description": t["description"], "input_schema": t["input_schema"]}
        for t in tools
    ]  # fmt: skip


def _call(block: dict) -> ToolCall:
    if isinstance(block["input"], dict):
        return ToolCall(block["id"], block["name"], block["input"])
    # Compatible servers have sent `input` as a JSON string: parse it as untrusted text.
    raw = block["input"] if isinstance(block["input"], str) else json.dumps(block["input"])
    return call_from_text(block["id"], block["name"], raw)


def read_block(block: dict, model: str) -> ThinkingBlock | TextBlock | ToolCall | ServerBlock:
    """One content block of a reply as ours; any type not ours is the server's, kept whole.

    Example: {"type": "thinking", "thinking": "", "signature": "Eq"}, "m"
        -> ThinkingBlock("", "Eq", "m")
    Example: {"type": "web_search_tool_result", ...}, "m" -> ServerBlock({"type": ...})
    """
    kind = block.get("type")
    if kind == "thinking":  # {"type", "thinking", "signature"}
        return ThinkingBlock(block.get("thinking") or "", block.get("signature") or "", model)
    if kind == "redacted_thinking":  # {"type", "data"}
        return ThinkingBlock.redacted(block["data"], model)
    if kind == "text":
        return TextBlock(block["text"])
    if kind == "tool_use":
        return _call(block)
    return ServerBlock(dict(block))


def read_usage(usage: dict) -> Usage:
    """A reply's `usage` as ours, cache reads and writes apart.

    Example: {"input_tokens": 9, "output_tokens": 3, "cache_read_input_tokens": 100,
    "cache_creation_input_tokens": 20} -> Usage(9, 3, cache_read_tokens=100,
    cache_write_5m_tokens=20)
    """
    call = call_from_usage("", usage)
    return Usage(
        call.input_tokens,
        call.output_tokens,
        call.cache_read_tokens,
        call.cache_write_5m_tokens,
        call.cache_write_1h_tokens,
    )


def read_stop(response: dict) -> tuple[StopReason, str | None, StopDetails | None]:
    """A reply's stop reason as ours, the error text if it is unknown, and any refusal details.

    Example: {"stop_reason": "refusal", "stop_details": {"type": "refusal", "category": "bio",
    "explanation": None}} -> ("refusal", None, StopDetails("refusal", "bio", None))
    """
    reason = response.get("stop_reason")
    if reason not in STOP_REASONS:
        error = pick(*UNKNOWN_REASON).format(
            field="stop_reason", reason=reason, table="STOP_REASONS"
        )
        return "error", error, None
    details = None
    if reason == "refusal":  # stop_details is null for every other stop reason
        found = response.get("stop_details") or {}
        details = StopDetails(
            found.get("type") or "refusal", found.get("category"), found.get("explanation")
        )
    return STOP_REASONS[reason], None, details


def from_anthropic(
    response: dict, *, provider: str = "anthropic", timestamp: float | None = None
) -> AssistantMessage:
    """A Messages API response (the JSON, or an SDK Message's model_dump()) as our message.

    Example: {"content": [{"type": "thinking", "thinking": "", "signature": "Eq"}, {"type":
    "tool_use", "id": "toolu_01", "name": "f", "input": {}}], "stop_reason": "tool_use", "model":
    "m", "usage": {"input_tokens": 9, "output_tokens": 3}} -> AssistantMessage(content=(
    ThinkingBlock("", "Eq", "m"), ToolCall("toolu_01", "f", {})), stop_reason="tool_use", ...)
    """
    if not isinstance(response, dict):
        raise TypeError("from_anthropic takes the response JSON as a dict; for an SDK Message "
                        "pass message.model_dump().")  # fmt: skip
    if not isinstance(response.get("content"), list) or not isinstance(response.get("model"), str):
        raise ValueError(
            "not a Messages API response: it needs a 'content' list and a 'model'; it has "
            f"{sorted(response)[:8]}"
        )
    blocks = [read_block(block, response["model"]) for block in response["content"]]
    stop_reason, error, details = read_stop(response)
    return AssistantMessage(
        content=unique_call_ids(blocks),
        stop_reason=stop_reason,
        model=response["model"],
        provider=provider,
        usage=read_usage(response.get("usage") or {}),
        timestamp=timestamp_or_now(timestamp),
        error_message=error,
        stop_details=details,
    )
