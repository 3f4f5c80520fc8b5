"""Running the tools a reply asks for, and answering every call with exactly one result.

Two rules from chapter 05 shape everything here:

1. Every `tool_use` gets a `tool_result` in the very next user message, in order, even a call
   that was not run.
2. Failure is data. An unknown tool, input that breaks the schema, a tool that raises or one that
   runs past its timeout becomes a result with `is_error: true` that tells the model what went
   wrong and what it sent, so it can correct itself. Nothing here raises for a model's mistake.

Calls in one reply have independent inputs, so they run concurrently (chapter 04); their effects
need not be independent (a write and a read of one file race), so a tool that must not run beside
another needs its own lock. Results still come back in the order of the calls.

Not handled here: results that must be cut to size (chapter 08), id rules of other providers.
"""

import json
import time
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from dataclasses import dataclass

from .blocks import tool_uses
from .tools import Tool, ToolOutput, ToolRegistry
from .validation import input_problems

MAX_WORKERS = 8


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


def collect(tool: Tool, future: Future, deadline: float) -> Outcome:
    """The outcome of one started call: its value, its exception, or its timeout, as data."""
    try:
        value = future.result(timeout=max(0.0, deadline - time.monotonic()))
    except FutureTimeout:
        # A thread cannot be killed: it is abandoned, and the model is told so.
        return Outcome(
            f"{tool.name} did not finish within {tool.timeout:g} s and was abandoned.", True
        )
    except (Exception, SystemExit) as error:  # any failure of the tool is data for the model
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
    pool = ThreadPoolExecutor(max_workers=max(1, min(MAX_WORKERS, len(calls))))
    started = {}  # index -> (tool, future, deadline): every valid call starts before any is awaited
    for index, (call, found) in enumerate(zip(calls, problems, strict=True)):
        if found is None:
            tool = registry.get(call["name"])
            future = pool.submit(tool.function, **call["input"])
            started[index] = (tool, future, time.monotonic() + tool.timeout)
    results = [
        Outcome(found, is_error=True) if found is not None else collect(*started[index])
        for index, found in enumerate(problems)
    ]
    pool.shutdown(wait=False, cancel_futures=True)
    return results


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
