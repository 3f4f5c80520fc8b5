"""Running the tools a reply asks for, and answering every call with exactly one result.

Two rules from chapter 05 shape everything here:

1. Every `tool_use` gets a `tool_result` in the very next user message, in order, even a call
   that was not run.
2. Failure is data. An unknown tool, input that breaks the schema, a tool that raises or one that
   runs past its timeout becomes a result with `is_error: true` that tells the model what went
   wrong and what it sent, so it can correct itself. Nothing here raises for a model's mistake.

Calls in one reply have independent inputs, so they run concurrently (chapter 04), each on a
thread of its own: a call's timeout counts from when it starts, never from a queue. Their effects
need not be independent (a write and a read of one file race), so a tool that must not run beside
another needs its own lock. Results still come back in the order of the calls. While a call runs,
its function can ask `tools.current_call()` for the call's id and for the event that is set when
the program stops waiting for it.

Not handled here: results that must be cut to size (chapter 08), id rules of other providers.
"""

import json
import threading
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass

from .blocks import tool_uses
from .tools import CallContext, Tool, ToolOutput, ToolRegistry, running
from .validation import input_problems


def tool_result(tool_use_id: str, content: str | list[dict], is_error: bool = False) -> dict:
    """One result block for the call with this id, as the wire has it (chapters 03-05; the
    neutral runtime's ToolResultMessage is runtime.protocol.tool_result_message).

    Example: ("toolu_01A", "6912") -> {"type": "tool_result", "tool_use_id": "toolu_01A",
                                       "content": "6912"}
    """
    block = {"type": "tool_result", "tool_use_id": tool_use_id, "content": content}
    if is_error:
        block["is_error"] = True
    return block


def not_run(call: dict, reason: str) -> dict:
    """The result for a call the program chose not to run: still an answer, marked as an error."""
    return tool_result(call["id"], f"Not run: {reason}", is_error=True)


def _received(data: object) -> str:
    return json.dumps(data, ensure_ascii=False, default=repr)


@dataclass(frozen=True)
class Outcome:
    """How one call went: content for the model, whether it failed, details for the UI only."""

    content: str | list[dict]
    is_error: bool = False
    details: dict | None = None


def problem(call: dict, registry: ToolRegistry) -> str | None:
    """Why this call cannot run, in words for the model, or None if it can."""
    tool = registry.get(call.get("name", ""))
    if tool is None:
        available = ", ".join(registry.names) or "none"
        return f"Unknown tool {call.get('name')!r}. Available tools: {available}."
    problems = input_problems(tool.input_schema, call.get("input"))
    if problems:
        listed = "\n".join(f"- {problem}" for problem in problems)
        return (
            f"Invalid input for {tool.name}:\n{listed}\n"
            f"Received: {_received(call.get('input'))}\nFix the input and try again."
        )
    return None


@dataclass(frozen=True)
class Started:
    """One call handed to a thread of its own: its tool, its context, its future, its start."""

    tool: Tool
    context: CallContext
    future: Future
    began: list[float]  # [time.monotonic()] once its thread runs it
    running: threading.Event

    def deadline(self) -> float:
        """When its time is up: `tool.timeout` seconds after it started, never before."""
        self.running.wait()
        return self.began[0] + self.tool.timeout


def _run(tool: Tool, context: CallContext, arguments: dict, began: list, now_running) -> object:
    began.append(time.monotonic())
    now_running.set()
    with running(context):  # what tools.current_call() returns inside the function
        return tool.function(**arguments)


def start(pool: ThreadPoolExecutor, tool: Tool, call: dict) -> Started:
    """Hand one call to the pool. Example: (pool, ADDER, {"id": "A", "input": {...}}) -> Started"""
    context, began, now_running = CallContext(call.get("id", ""), tool.name), [], threading.Event()
    future = pool.submit(_run, tool, context, call["input"], began, now_running)
    return Started(tool, context, future, began, now_running)


def collect(started: Started) -> Outcome:
    """One started call's outcome: its value, its exception or its timeout, as data."""
    tool = started.tool
    left = max(0.0, started.deadline() - time.monotonic())
    try:
        value = started.future.result(timeout=left)
    except FutureTimeout:
        # A thread cannot be killed: the call is asked to stop and abandoned, the model
        # told.
        started.context.cancelled.set()
        return Outcome(
            f"{tool.name} did not finish within {tool.timeout:g} s and was abandoned; "
            "it may still be running.",
            True,
        )
    except (Exception, SystemExit) as error:  # any failure of the tool: the model's data
        return Outcome(f"{tool.name} raised {type(error).__name__}: {error}", True)
    if isinstance(value, ToolOutput):
        return Outcome(value.content, value.is_error, value.details)
    return Outcome(value if isinstance(value, str) else _received(value))


def outcomes(
    calls: list[dict], registry: ToolRegistry, problems: list[str | None] | None = None
) -> list[Outcome]:
    """Run every call that has no problem, all at once; one Outcome per call, in call order.

    Example: [{"name": "add", "input": {"a": 1, "b": 2}}, {"name": "nope", "input": {}}] ->
        [Outcome("3"), Outcome("Unknown tool 'nope'. Available tools: add.", is_error=True)]
    """
    if problems is None:
        problems = [problem(call, registry) for call in calls]
    pool = ThreadPoolExecutor(max_workers=max(1, problems.count(None)))  # a thread per call
    started = {  # index -> Started: every valid call starts before any is awaited
        index: start(pool, registry.get(call["name"]), call)
        for index, (call, found) in enumerate(zip(calls, problems, strict=True))
        if found is None
    }
    try:
        return [
            Outcome(found, is_error=True) if found is not None else collect(started[index])
            for index, found in enumerate(problems)
        ]
    finally:  # Ctrl-C too: every call still running is asked to stop
        for each in started.values():
            if not each.future.done():
                each.context.cancelled.set()
        pool.shutdown(wait=False)


def run_tool_calls(assistant_content: list, tools: ToolRegistry | list[Tool]) -> dict:
    """Run every tool_use in a reply; return the user message that answers them all, in order.

    Example: [text, tool_use(id=A, add {a:1, b:2}), tool_use(id=B, nope {})] ->
        {"role": "user", "content": [
            {"type": "tool_result", "tool_use_id": "A", "content": "3"},
            {"type": "tool_result", "tool_use_id": "B", "is_error": True,
             "content": "Unknown tool 'nope'. Available tools: add."}]}
    """
    registry = tools if isinstance(tools, ToolRegistry) else ToolRegistry(tools)
    calls = tool_uses(assistant_content)
    if not calls:
        raise ValueError("This reply has no tool_use blocks; there is nothing to answer.")
    answers = outcomes(calls, registry)
    results = [
        tool_result(c["id"], o.content, o.is_error) for c, o in zip(calls, answers, strict=True)
    ]
    return {"role": "user", "content": results}
