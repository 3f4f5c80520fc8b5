"""Calls: run the tool calls of a neutral AssistantMessage, one ToolResultMessage per call.

Chapter 05's runner (`dispatch`) answers raw `tool_use` dicts. This one answers the neutral
protocol, where a call may hold untrusted text instead of arguments and the message says why
its turn ended. Every call gets exactly one result, in order, quoting its id, on every path,
Ctrl-C included; nothing here raises for a model's mistake:

    stop_reason "length" / "window"  every call refused: its arguments may be truncated
    stop_reason "aborted" / "error"  every call answered "not run": the turn never finished
    stop_reason "refusal"            every call answered "not run": the model declined the turn
    arguments None (invalid JSON)    refused, quoting the parse error and what was received
    unknown tool, input that breaks the schema      refused, as dispatch words it
    the boundary's `before` says no (approval)      refused, never started
    otherwise                        run, each on a thread of its own (`dispatch.start`), its
                                     result made by the boundary's `after` from whatever it
                                     returned or raised (`runtime.boundary`)

A call's deadline is its tool's `timeout`, counted from when it starts: an approver's time and
another call's never count. Past it, the call is asked to stop (`tools.current_call().cancelled`
is set: an MCP call sends the server a cancellation) and given a moment; the result says whether
it stopped or may still be running, so the model knows an effect may yet happen. Ctrl-C while
calls run asks every running call to stop, keeps the real results of those that finished, and
raises `CallsInterrupted` carrying every result: the loop logs them all before it ends.

The calls of one reply run at the same time (chapter 04). Their inputs are independent, since
the model wrote them all before any ran; their effects need not be: a tool that must not run
beside another needs its own lock or transaction (the bookshop's `start_return` has one).

Not handled here: retrying a call (a call whose outcome is unknown is never run again, see
`runtime.loop`), a tool's own output policy (`runtime.truncate`), killing a thread (Python
cannot: a tool that never looks at its cancel event runs on to its end).
"""

import signal
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor, wait
from contextlib import contextmanager

from ..dispatch import Started, problem, start
from ..tools import Tool, ToolOutput, ToolRegistry
from .boundary import Boundary
from .protocol import AssistantMessage, ToolCall, ToolResultMessage, parse_arguments, tool_calls
from .repair import TRUNCATED

# Why no call of a turn is run, by the turn's stop_reason.
NOT_RUN = {
    "length": TRUNCATED,
    "window": TRUNCATED,
    "aborted": "Not run: the turn was aborted by the user before this call could run.",
    "error": "Not run: the turn failed (a provider or network error) before this call could run.",
    "refusal": "Not run: the model declined to continue this turn (stop_reason refusal).",
}
RESEND = "The tool was not run. Send the arguments again as one JSON object."
NOT_STARTED = "Not run: the user pressed stop before this call started."
GRACE = 1.0  # seconds a call asked to stop is given to stop, before "may still be running"


class CallsInterrupted(KeyboardInterrupt):
    """Ctrl-C while calls ran: `results` answers every call, the finished ones with their result."""

    def __init__(self, results: list[ToolResultMessage]):
        super().__init__("interrupted while tools ran; every call is answered in .results")
        self.results = results


def _refusal(call: ToolCall, registry: ToolRegistry, boundary: Boundary) -> str | None:
    """Why this call cannot start, in words for the model, or None if it can."""
    if call.arguments is None and registry.get(call.name) is not None:
        _, error = parse_arguments(call.raw_arguments)
        # error is None only for text that parses after all: a call kept raw by a cut stream
        error = error or f"The arguments were never parsed. Received: {call.raw_arguments[:80]!r}"
        return f"{error}\n{RESEND}"
    found = problem({"name": call.name, "input": call.arguments}, registry)  # unknown, schema
    if found is not None:
        return found
    declined = boundary.before(registry.get(call.name), call.arguments)
    return None if declined is None else f"Not run: {declined}."


def _late(started: Started) -> ToolOutput:
    """What the model reads about a call past its deadline: asked to stop, and whether it did."""
    started.context.cancelled.set()
    stopped, _ = wait([started.future], timeout=GRACE)  # returned or raised: stopped either way
    if stopped:
        fate = "it was asked to stop, and stopped"
    else:
        fate = "it was asked to stop but may still be running: an effect of it may yet happen"
    tool = started.tool
    return ToolOutput(
        f"{tool.name} did not finish within {tool.timeout:g} s; {fate}.", is_error=True
    )


def _outcome(started: Started) -> object:
    """The call's value, the exception it raised, or what the model reads about its deadline.

    Waited for with `wait`, which never raises the tool's own exception: a KeyboardInterrupt
    out of here is the user's (a signal to this thread), never a tool's (that one is data).
    """
    finished, _ = wait([started.future], timeout=max(0.0, started.deadline() - time.monotonic()))
    if not finished:
        return _late(started)
    error = started.future.exception()  # any failure of the tool is data for the model
    return error if error is not None else started.future.result()


@contextmanager
def _held(signum: int) -> Iterator[None]:
    """Hold a signal back from this thread for the body; it arrives as soon as the body ends.

    The mask is read first and blocked inside the `try`: a stop pressed just before the block
    is raised when the blocking call returns, and the `finally` still lifts the block (blocked
    outside it, that KeyboardInterrupt left the thread deaf to every later stop).
    """
    before = signal.pthread_sigmask(signal.SIG_BLOCK, ())  # reads the mask, changes nothing
    try:
        signal.pthread_sigmask(signal.SIG_BLOCK, {signum})
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _stop_all(started: dict[int, Started]) -> None:
    """Ask every running call to stop, and give them a moment to (a second Ctrl-C cuts it short)."""
    for each in started.values():
        each.context.cancelled.set()
    try:
        wait([each.future for each in started.values()], timeout=GRACE)
    except KeyboardInterrupt:
        pass


def _interrupted(started: Started) -> object:
    """After Ctrl-C: the call's real outcome if it finished, else what may have happened."""
    if started.future.done():
        return _outcome(started)
    said = (f"Interrupted: {started.tool.name} was asked to stop when the user pressed stop; it "
            "may still be running, and its effect may yet happen.")  # fmt: skip
    return ToolOutput(said, is_error=True)


def run_calls(
    message: AssistantMessage,
    tools: ToolRegistry | list[Tool],
    *,
    boundary: Boundary | None = None,
    timestamp: float | None = None,
) -> list[ToolResultMessage]:
    """Answer every call of `message`: one result per call, in order, each quoting its call's id.

    Example: AssistantMessage(content=(ToolCall("c1", "add", {"a": 1, "b": 2}), ToolCall("c2",
    "nope", {})), stop_reason="tool_use", ...) -> [ToolResultMessage(tool_call_id="c1",
    content=(TextBlock("3"),), is_error=False), ToolResultMessage(tool_call_id="c2", content=(
    TextBlock("Unknown tool 'nope'. Available tools: add."),), is_error=True)]
    """
    registry = tools if isinstance(tools, ToolRegistry) else ToolRegistry(tools)
    boundary, calls = boundary or Boundary(), tool_calls(message)
    if message.stop_reason in NOT_RUN:  # the calls of an unfinished turn are never run
        text = ToolOutput(NOT_RUN[message.stop_reason], is_error=True)
        return [boundary.after(call, text, timestamp=timestamp) for call in calls]
    outcomes: dict[int, object] = {}  # index -> what its tool returned or raised, or why not
    started: dict[int, Started] = {}
    pool = ThreadPoolExecutor(max_workers=max(1, len(calls)))  # a thread per call
    try:
        for index, call in enumerate(calls):  # approvals first, one at a time, before any starts
            refused = _refusal(call, registry, boundary)
            if refused is not None:
                outcomes[index] = ToolOutput(refused, is_error=True)
        todo = [i for i in range(len(calls)) if i not in outcomes]
        with _held(signal.SIGINT):  # a call is started and recorded as one step, never half
            for index in todo:
                started[index] = start(pool, registry.get(calls[index].name), _wire(calls[index]))
        for index in todo:
            outcomes[index] = _outcome(started[index])
        interrupted = False
    except KeyboardInterrupt:  # the stop button: every running call asked to stop
        interrupted = True
        _stop_all(started)
        for index in range(len(calls)):
            if index in started and index not in outcomes:
                outcomes[index] = _interrupted(started[index])
            outcomes.setdefault(index, ToolOutput(NOT_STARTED, is_error=True))
    finally:
        pool.shutdown(wait=False)
    results = [
        boundary.after(call, outcomes[i], timestamp=timestamp) for i, call in enumerate(calls)
    ]
    if interrupted:
        raise CallsInterrupted(results)
    return results


def _wire(call: ToolCall) -> dict:
    return {"id": call.id, "name": call.name, "input": call.arguments}
