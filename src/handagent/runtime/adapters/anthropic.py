"""The Anthropic Messages API adapter: neutral messages to wire dicts and back, both pure.

On the way out the history is repaired (every call gets one result, `runtime.repair`) and its
ids rewritten for Anthropic's rules (`runtime.ids`), on a copy: the stored history keeps its
original ids. Tool results become `tool_result` blocks, grouped into one user message. `details`
and `error_message` stay home: they are for the UI and the log, never for a model.

Not handled here: the system prompt and other request fields (the caller adds them), thinking
and server-tool blocks (skipped on the way in), cache tokens, streaming.
"""

import json
import time

from ..ids import ANTHROPIC, normalise_ids
from ..protocol import (
    AssistantMessage,
    ImageBlock,
    Message,
    StopReason,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    call_from_text,
)
from ..repair import repair

# Anthropic `stop_reason` -> ours. Total over the values the API documents.
STOP_REASONS: dict[str, StopReason] = {
    "end_turn": "stop",
    "stop_sequence": "stop",  # one of the request's stop_sequences matched: a normal end
    "tool_use": "tool_use",
    "max_tokens": "length",
    "model_context_window_exceeded": "length",  # the window, not max_tokens, ran out: same remedy
    # Server tools (web search...) paused a long turn; sending the reply back resumes it. The
    # turn is not broken, and with no tool call in it the loop has nothing to run: stop.
    "pause_turn": "stop",
    # The model declined for safety reasons. Not a normal end the loop should build on, and
    # retrying the same request will not help: an error whose message starts with "refusal".
    "refusal": "error",
}


def _block(block: TextBlock | ImageBlock | ToolCall) -> dict:
    if isinstance(block, TextBlock):
        return {"type": "text", "text": block.text}
    if isinstance(block, ImageBlock):
        source = {"type": "base64", "media_type": block.media_type, "data": block.data}
        return {"type": "image", "source": source}
    # A call whose arguments were invalid JSON still needs an object here; its error result
    # quotes what the model sent, and the log keeps raw_arguments.
    arguments = {} if block.arguments is None else block.arguments
    return {"type": "tool_use", "id": block.id, "name": block.name, "input": arguments}


def _blocks(content: tuple) -> list[dict]:
    # The API refuses empty or whitespace-only text blocks; an aborted stream can leave one.
    return [_block(b) for b in content if not (isinstance(b, TextBlock) and not b.text.strip())]


def _wire(message: Message) -> dict:
    if isinstance(message, ToolResultMessage):
        result = {"type": "tool_result", "tool_use_id": message.tool_call_id}
        if blocks := _blocks(message.content):
            result["content"] = blocks
        result["is_error"] = message.is_error
        return {"role": "user", "content": [result]}
    return {"role": message.role, "content": _blocks(message.content)}


def to_anthropic(messages: list[Message]) -> list[dict]:
    """The `messages` list of a Messages API request.

    Example: [user_text("hi"), AssistantMessage(content=(ToolCall("c|1", "f", {}),)...),
    ToolResultMessage(tool_call_id="c|1", ...)] -> [{"role": "user", "content": [{"type": "text",
    "text": "hi"}]}, {"role": "assistant", "content": [{"type": "tool_use", "id": "c_1_<hash>",
    "name": "f", "input": {}}]}, {"role": "user", "content": [{"type": "tool_result",
    "tool_use_id": "c_1_<hash>", "content": [...], "is_error": false}]}]
    """
    wire: list[dict] = []
    for message in normalise_ids(repair(messages), ANTHROPIC):
        turn = _wire(message)
        if not turn["content"]:
            continue  # e.g. a failed turn with nothing in it: the API refuses empty messages
        if wire and wire[-1]["role"] == turn["role"]:
            # Same role twice: one turn. Results come first in their user message, as required;
            # the API would merge the turns itself, older compatible servers would refuse them.
            wire[-1]["content"].extend(turn["content"])
        else:
            wire.append(turn)
    return wire


def tools_to_anthropic(tools: list[dict]) -> list[dict]:
    """Our canonical tool dicts are already Anthropic's shape; copies, so callers can't share.

    Example: [{"name": "read_file", "description": "...", "input_schema": {...}}] -> the same
    """
    return [
        {"name": t["name"], "description": t["description"], "input_schema": t["input_schema"]}
        for t in tools
    ]


def _call(block: dict) -> ToolCall:
    if isinstance(block["input"], dict):
        return ToolCall(block["id"], block["name"], block["input"])
    # Compatible servers have sent `input` as a JSON string: parse it as untrusted text.
    raw = block["input"] if isinstance(block["input"], str) else json.dumps(block["input"])
    return call_from_text(block["id"], block["name"], raw)


def from_anthropic(
    response: dict, *, provider: str = "anthropic", timestamp: float | None = None
) -> AssistantMessage:
    """A Messages API response (the JSON, or an SDK Message's model_dump()) as our message.

    Example: {"content": [{"type": "tool_use", "id": "toolu_01", "name": "f", "input": {}}],
    "stop_reason": "tool_use", "model": "m", "usage": {"input_tokens": 9, "output_tokens": 3}}
    -> AssistantMessage(content=(ToolCall("toolu_01", "f", {}),), stop_reason="tool_use", ...)
    """
    if not isinstance(response, dict):
        raise TypeError("from_anthropic takes the response JSON as a dict; for an SDK Message "
                        "pass message.model_dump().")  # fmt: skip
    content: list[TextBlock | ToolCall] = []
    for block in response["content"]:
        if block["type"] == "text":
            content.append(TextBlock(block["text"]))
        elif block["type"] == "tool_use":
            content.append(_call(block))
    reason = response.get("stop_reason")
    stop_reason = STOP_REASONS.get(reason, "error")
    error = None
    if reason == "refusal":
        error = "refusal: the model declined to answer (stop_reason refusal)"
    elif reason not in STOP_REASONS:
        error = f"unknown stop_reason {reason!r}: update STOP_REASONS in handagent.runtime.adapters"
    usage = response.get("usage") or {}
    return AssistantMessage(
        content=tuple(content),
        stop_reason=stop_reason,
        model=response["model"],
        provider=provider,
        usage=Usage(usage.get("input_tokens", 0), usage.get("output_tokens", 0)),
        timestamp=time.time() if timestamp is None else timestamp,
        error_message=error,
    )
