"""Orphan repair: before a request, every tool call gets exactly one result, right after it.

Providers refuse a history in which a tool call has no result in the next message, or a result
answers no call. Such histories are common: the network drops mid-turn, the user presses stop,
a tool crashes before reporting. `repair` returns a copy the provider will accept:

- a call left unanswered gets a synthetic error result the model can read;
- so does every unanswered call of a turn that ended in "aborted", "error" or "refusal";
- an unanswered call of a turn cut off by "length" is refused: its arguments may be truncated;
- a result whose call is not in the assistant message just before it is dropped;
- of two results for one call, the first is kept;
- results are put in the order of their calls, right after the assistant message.

A result the caller supplied always wins: repair runs no tool and only fills gaps, so a call
that did run (even one from a "length" turn) keeps its real outcome.

The last message of the history is the one exception: an assistant message whose turn may go on
("tool_use", "stop" or "pause") and has no result yet is left alone, because the loop is about
to run those tools (a "pause" turn has none: it is sent back as it is). `unanswered_calls` lists
them.

Synthetic results carry their assistant message's timestamp, so the same history always gives
the same request bytes.

Not handled here: dropping failed turns altogether (newer pi does), id rules (`runtime.ids`).
"""

from .protocol import AssistantMessage, Message, TextBlock, ToolCall, ToolResultMessage, tool_calls

INTERRUPTED = "No result provided: the tool call was interrupted before a result was produced."
TRUNCATED = (
    "Not run: the reply was cut off by the output token limit, so these arguments may be "
    "truncated. Call the tool again with complete arguments."
)

Turn = tuple[Message, list[ToolResultMessage]]


def _turns(messages: list[Message]) -> list[Turn]:
    """Pair each user or assistant message with the tool results that follow it.

    Example: [user, assistant, result r1, result r2] -> [(user, []), (assistant, [r1, r2])]
    """
    turns: list[Turn] = []
    for message in messages:
        if not isinstance(message, ToolResultMessage):
            turns.append((message, []))
        elif turns:
            turns[-1][1].append(message)
        # else: a result before any message answers nothing and is dropped
    return turns


def _synthetic(call: ToolCall, message: AssistantMessage) -> ToolResultMessage:
    text = TRUNCATED if message.stop_reason == "length" else INTERRUPTED
    return ToolResultMessage(
        tool_call_id=call.id,
        tool_name=call.name,
        content=(TextBlock(text),),
        is_error=True,
        timestamp=message.timestamp,
    )


GOES_ON = ("tool_use", "stop", "pause")  # turns the loop may still act on


def _awaits_tools(message: Message) -> bool:
    return isinstance(message, AssistantMessage) and message.stop_reason in GOES_ON


def repair(messages: list[Message]) -> list[Message]:
    """A copy of the history with exactly one result for each call, right after its message.

    Example: [user, assistant(call A, call B), result(B), result(Z), user]
        -> [user, assistant(call A, call B), error result(A), result(B), user]
    """
    turns = _turns(messages)
    out: list[Message] = []
    for index, (message, results) in enumerate(turns):
        out.append(message)
        calls = tool_calls(message)
        if not calls:
            continue  # results after a user message, or after a reply without calls, are orphans
        if index == len(turns) - 1 and not results and _awaits_tools(message):
            continue  # the loop is about to run these
        first: dict[str, ToolResultMessage] = {}
        for result in results:
            first.setdefault(result.tool_call_id, result)
        out.extend(first.get(call.id) or _synthetic(call, message) for call in calls)
    return out


def unanswered_calls(messages: list[Message]) -> list[ToolCall]:
    """Calls with no result right after their assistant message, in history order.

    Example: [assistant(call A, call B), result(B)] -> [call A]
    """
    missing = []
    for message, results in _turns(messages):
        answered = {result.tool_call_id for result in results}
        missing.extend(call for call in tool_calls(message) if call.id not in answered)
    return missing
