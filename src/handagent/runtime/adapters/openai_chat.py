"""The OpenAI Chat Completions adapter: the same neutral messages in a second wire format.

It exists to show what a neutral protocol buys: one history, sent to either provider. The
differences from Anthropic are all on the wire. Calls sit in `tool_calls` with their arguments
as a JSON *string*; each result is its own `{"role": "tool"}` message; there is no error flag,
so this adapter starts an error result's text with "Error: " (its own convention, not part of
the wire format); and a tool message cannot carry an image, so the model is told in text that
one was left out. Thinking blocks are never sent: Chat Completions has no field for them, and
their signatures mean something only to the model that wrote them (`runtime.thinking`). Ids
are rewritten for at most 40 characters (`runtime.ids`), on a copy; `details`, `error_message`
and `stop_details` are never sent.

Not handled here: the system message (the caller prepends it), streaming, `n` > 1 choices,
logprobs, reasoning fields some compatible servers add, images sent as a follow-up user message
(pi-mono does that for vision models).
"""

import json

from ...language import pick
from ..ids import OPENAI_CHAT, normalise_ids
from ..protocol import (
    UNKNOWN_REASON,
    AssistantMessage,
    ImageBlock,
    Message,
    StopDetails,
    StopReason,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    call_from_text,
    timestamp_or_now,
    unique_call_ids,
)
from ..repair import repair

# OpenAI `finish_reason` -> ours. Total over the values the API documents; anything else is an
# "error" that names the value.
FINISH_REASONS: dict[str, StopReason] = {
    "stop": "stop",  # also said next to tool calls by some compatible servers: read as tool_use
    "tool_calls": "tool_use",
    "length": "length",
    # OpenAI's refusal: its content filter withheld (part of) the reply. The provider's decision
    # in a normal 200, as Anthropic's "refusal" is, and a retry of the same request won't help.
    "content_filter": "refusal",
    "function_call": "tool_use",  # the deprecated `functions` API: one call, in function_call
}


def _part(block: TextBlock | ImageBlock) -> dict:
    if isinstance(block, TextBlock):
        return {"type": "text", "text": block.text}
    url = f"data:{block.media_type};base64,{block.data}"
    return {"type": "image_url", "image_url": {"url": url}}


def _result_text(message: ToolResultMessage) -> str:
    parts = []
    for block in message.content:
        if isinstance(block, TextBlock):
            parts.append(block.text)
        else:
            parts.append(f"[{block.media_type} image left out: tool messages cannot carry images]")
    text = "\n".join(parts)
    # No is_error on this wire: the word says it (this adapter's convention, not OpenAI's).
    return f"Error: {text}" if message.is_error and not text.startswith("Error") else text


def _call(call: ToolCall) -> dict:
    # Invalid arguments go back as the model wrote them (raw_arguments), never as a made-up "{}".
    arguments = call.raw_arguments if call.arguments is None else json.dumps(call.arguments)
    function = {"name": call.name, "arguments": arguments}
    return {"id": call.id, "type": "function", "function": function}


def _wire(message: Message) -> dict | None:
    if isinstance(message, ToolResultMessage):
        text = _result_text(message)
        return {"role": "tool", "tool_call_id": message.tool_call_id, "content": text}
    if isinstance(message, AssistantMessage):
        # Thinking blocks stay out: this wire has no field for them, and their signatures mean
        # nothing to any model but the one that wrote them.
        text = "".join(b.text for b in message.content if isinstance(b, TextBlock))
        calls = [_call(b) for b in message.content if isinstance(b, ToolCall)]
        if not text and not calls:
            return None  # e.g. a failed turn with nothing in it
        turn = {"role": "assistant", "content": text or None}
        return turn | {"tool_calls": calls} if calls else turn
    return {"role": "user", "content": [_part(b) for b in message.content]}


def to_openai_chat(messages: list[Message]) -> list[dict]:
    """The `messages` list of a Chat Completions request.

    Example: [AssistantMessage(content=(ToolCall("c1", "f", {"a": 1}),)...), ToolResultMessage(
    tool_call_id="c1", content=(TextBlock("boom"),), is_error=True...)] -> [{"role": "assistant",
    "content": None, "tool_calls": [{"id": "c1", "type": "function", "function": {"name": "f",
    "arguments": '{"a": 1}'}}]}, {"role": "tool", "tool_call_id": "c1", "content": "Error: boom"}]
    """
    turns = (_wire(m) for m in normalise_ids(repair(messages), OPENAI_CHAT))
    return [turn for turn in turns if turn is not None]


def tools_to_openai_chat(tools: list[dict]) -> list[dict]:
    """Our canonical tool dicts wrapped as Chat Completions functions.

    Example: [{"name": "f", "description": "d", "input_schema": S}]
        -> [{"type": "function", "function": {"name": "f", "description": "d", "parameters": S}}]
    """
    return [
        {
            "type": "function",
            "function": {
                "name": t["name"],
                "description": t["description"],
                "parameters": t["input_schema"],
            },
        }
        for t in tools
    ]


def from_openai_chat(
    response: dict, *, provider: str = "openai", timestamp: float | None = None
) -> AssistantMessage:
    """The first choice of a Chat Completions response as our message; arguments parsed.

    Example: {"model": "m", "choices": [{"finish_reason": "tool_calls", "message": {"content":
    None, "tool_calls": [{"id": "c1", "function": {"name": "f", "arguments": "{oops"}}]}}]}
    -> AssistantMessage(content=(ToolCall("c1", "f", None, raw_arguments="{oops"),), ...)
    """
    choice = response["choices"][0]
    message = choice["message"]
    content: list[TextBlock | ToolCall] = []
    if message.get("content"):
        content.append(TextBlock(message["content"]))
    wire_calls = message.get("tool_calls") or []
    if message.get("function_call"):  # legacy: one call, no id
        wire_calls = [{"function": message["function_call"]}]
    for index, call in enumerate(wire_calls):
        call_id = call.get("id") or f"call_{index}"  # some servers send none: mint one
        raw = call["function"].get("arguments") or ""
        content.append(call_from_text(call_id, call["function"]["name"], raw))
    reason = choice.get("finish_reason")
    stop_reason = FINISH_REASONS.get(reason, "error")
    if stop_reason == "stop" and wire_calls:
        stop_reason = "tool_use"  # some compatible servers say "stop" next to tool calls
    error, details = None, None
    if message.get("refusal"):  # the model declined, in its own words: {"refusal": "I can't..."}
        stop_reason, details = "refusal", StopDetails("refusal", None, message["refusal"])
    elif reason == "content_filter":
        details = StopDetails("content_filter")  # the filter gives no reason
    elif reason not in FINISH_REASONS:
        error = pick(*UNKNOWN_REASON).format(
            field="finish_reason", reason=reason, table="FINISH_REASONS"
        )
    usage = response.get("usage") or {}
    # prompt_tokens counts the cached ones too: {"prompt_tokens_details": {"cached_tokens": n}}
    cached = (usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0
    prompt = usage.get("prompt_tokens") or 0
    return AssistantMessage(
        content=unique_call_ids(content),  # or send one twice
        stop_reason=stop_reason,
        model=response.get("model", ""),
        provider=provider,
        usage=Usage(prompt - cached, usage.get("completion_tokens") or 0, cache_read_tokens=cached),
        timestamp=timestamp_or_now(timestamp),
        error_message=error,
        stop_details=details,
    )
