"""Calls: run the tool calls of a neutral AssistantMessage, one ToolResultMessage per call.

Chapter 05's runner (`dispatch`) answers raw `tool_use` dicts. This one answers the neutral
protocol, where a call may hold untrusted text instead of arguments and the message says why
its turn ended. Every call gets exactly one result, in order, quoting its id; nothing here raises
for a model's mistake:

    stop_reason "length"             every call refused: its arguments may be truncated
    stop_reason "aborted" / "error"  every call answered "not run": the turn never finished
    stop_reason "refusal"            every call answered "not run": the model declined the turn
    arguments None (invalid JSON)    refused, quoting the parse error and what was received
    otherwise                        dispatch's checks and runner: unknown tool, input that
                                     breaks the schema, a tool that raises or times out

The "length" text is `repair`'s own, so a gap reads the same whoever fills it; for the others
the text says which, where repair's INTERRUPTED (a gap nobody explained) cannot. A "pause" turn
has no client calls; should a server send some anyway, they run as "tool_use" calls do.
A tool's `ToolOutput.details` go to the result's `details`, for the UI and the log (no adapter
sends them); its content becomes TextBlock and ImageBlock.

The calls of one reply run at the same time (chapter 04's `outcomes`). Their inputs are
independent, since the model wrote them all before any ran; their effects need not be: a read
and an edit of one file in one reply race. A tool that must not run beside another needs its
own lock.

Not handled here: cutting long output to size (the tools do, `runtime.truncate`), permission
prompts, stopping a running tool (a thread cannot be killed: at its timeout it is abandoned).
"""

from ..dispatch import outcomes, problem
from ..tools import Tool, ToolRegistry
from .protocol import (
    AssistantMessage,
    ImageBlock,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    parse_arguments,
    tool_calls,
    tool_result_message,
)
from .repair import TRUNCATED

# Why no call of a turn is run, by the turn's stop_reason.
NOT_RUN = {
    "length": TRUNCATED,
    "aborted": "Not run: the turn was aborted by the user before this call could run.",
    "error": "Not run: the turn failed (a provider or network error) before this call could run.",
    "refusal": "Not run: the model declined to continue this turn (stop_reason refusal).",
}
RESEND = "The tool was not run. Send the arguments again as one JSON object."


def _refusal(call: ToolCall, registry: ToolRegistry) -> str | None:
    """Why this call cannot run, in words for the model, or None if it can."""
    if call.arguments is None and registry.get(call.name) is not None:
        _, error = parse_arguments(call.raw_arguments)
        # error is None only for text that parses after all: a call kept raw by a cut stream
        error = error or f"The arguments were never parsed. Received: {call.raw_arguments[:80]!r}"
        return f"{error}\n{RESEND}"
    return problem({"name": call.name, "input": call.arguments}, registry)  # unknown, schema


def _blocks(content: str | list) -> tuple[TextBlock | ImageBlock, ...]:
    """A tool's output as protocol blocks.

    Example: [{"type": "text", "text": "ok"}, {"type": "image", "source": {"type": "base64",
    "media_type": "image/png", "data": "iVBO..."}}] -> (TextBlock("ok"), ImageBlock("image/png",
    "iVBO..."))
    """
    if isinstance(content, str):
        return (TextBlock(content),)
    blocks: list[TextBlock | ImageBlock] = []
    for block in content:
        if isinstance(block, TextBlock | ImageBlock):
            blocks.append(block)
        elif block.get("type") == "text":
            blocks.append(TextBlock(block["text"]))
        elif block.get("type") == "image" and block["source"].get("type") == "base64":
            blocks.append(ImageBlock(block["source"]["media_type"], block["source"]["data"]))
        else:
            raise ValueError(
                f"A tool returned the block {block!r}; return text, or text and base64 images."
            )
    return tuple(blocks)


def run_calls(
    message: AssistantMessage, tools: ToolRegistry | list[Tool], *, timestamp: float | None = None
) -> list[ToolResultMessage]:
    """Answer every call of `message`: one result per call, in order, each quoting its call's id.

    Example: AssistantMessage(content=(ToolCall("c1", "add", {"a": 1, "b": 2}), ToolCall("c2",
    "nope", {})), stop_reason="tool_use", ...) -> [ToolResultMessage(tool_call_id="c1",
    content=(TextBlock("3"),), is_error=False), ToolResultMessage(tool_call_id="c2", content=(
    TextBlock("Unknown tool 'nope'. Available tools: add."),), is_error=True)]
    """
    registry = tools if isinstance(tools, ToolRegistry) else ToolRegistry(tools)
    calls = tool_calls(message)
    if message.stop_reason in NOT_RUN:  # the calls of an unfinished turn are never run
        text = NOT_RUN[message.stop_reason]
        return [
            tool_result_message(call, text, is_error=True, timestamp=timestamp) for call in calls
        ]
    refusals = [_refusal(call, registry) for call in calls]
    wire = [{"id": call.id, "name": call.name, "input": call.arguments} for call in calls]
    return [
        tool_result_message(
            call,
            _blocks(outcome.content),
            is_error=outcome.is_error,
            details=outcome.details,
            timestamp=timestamp,
        )
        for call, outcome in zip(calls, outcomes(wire, registry, refusals), strict=True)
    ]
