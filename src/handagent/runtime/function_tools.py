"""Tools generated from typed Python functions: the menu entry from the signature and docstring
(`function_schemas`), the call with the arguments the type hints promise.

    def find_order(order_id: int) -> str:
        '''Look up one order by its number.

        Args:
            order_id: The order number, e.g. 1042.
        '''
    function_tool(find_order, read_only=True).menu_entry()
        -> {"name": "find_order", "description": "Look up one order by its number.",
            "input_schema": {"type": "object", "properties": {"order_id": {"type": "integer",
            "description": "The order number, e.g. 1042."}}, "required": ["order_id"],
            "additionalProperties": False}}

A call's arguments are checked against the schema before the function runs (`dispatch`); then
pydantic's `validate_call` turns that JSON into what the hints say (an enum's member, a pydantic
model, a `datetime`), as the SDK's tool runner does, so the function gets the types it declares.
`read_only=True` declares a tool that only reads; any other is an effect, which from chapter 11
on runs only when the program approves.

An `async def` is supported, not refused: the tools a learner takes to production are often
async (an HTTP client, a database driver), and a wrapper written by hand around `asyncio.run`
fails in Jupyter, whose event loop already runs. Its coroutine runs to completion in the call's
own thread, on a loop of its own, so its timeout and its errors are a sync tool's; and when the
program stops waiting (the deadline, Ctrl-C) its task is cancelled, which a thread never can be.
What it awaits must be made inside it: a client opened in a cell belongs to the cell's loop.

Refused when the tool is defined, each with a sentence naming the fix: a function without a
docstring, a generator (a tool returns one result; return a list), and what `function_schemas`
cannot describe. Not handled here: streaming a tool's progress, sync functions that never look
at `current_call().cancelled` (a thread cannot be stopped; see `tools`).
"""

import asyncio
import contextvars
import functools
import inspect
from collections.abc import Callable, Coroutine
from concurrent.futures import ThreadPoolExecutor

import pydantic

from ..tools import Tool, current_call
from .function_schemas import docstring_parts, function_schema

__all__ = ["function_tool", "function_schema"]  # function_schema, where chapter 10 meets it

LOOK = 0.05  # seconds between two looks, while a coroutine runs, at whether its call was given up


def to_completion(coroutine: Coroutine) -> object:
    """Run a coroutine to its end on this thread; cancel it if the program stops waiting.

    Example: to_completion(weather(city="Oslo")) -> "sunny" (what the coroutine returns)
    """
    call = current_call()

    async def watched() -> object:
        task = asyncio.ensure_future(coroutine)
        while call is not None and not task.done():
            await asyncio.wait({task}, timeout=LOOK)
            if call.cancelled.is_set():
                task.cancel()
        try:
            return await task
        except asyncio.CancelledError:  # a BaseException: make it the tool's failure, named
            if call is None or not call.cancelled.is_set():
                raise
            raise TimeoutError(f"{call.name} was cancelled: the program stopped waiting.") from None

    try:
        asyncio.get_running_loop()
    except RuntimeError:  # no loop on this thread: a call's own thread, a script
        return asyncio.run(watched())
    with ThreadPoolExecutor(1) as thread:  # a cell in Jupyter, whose loop runs on this thread
        return thread.submit(contextvars.copy_context().run, asyncio.run, watched()).result()


def _called(function: Callable) -> Callable:
    """`function` as a tool calls it: JSON turned into the hints' types, a coroutine finished."""
    checked = pydantic.validate_call(function)
    if not inspect.iscoroutinefunction(function):
        return checked

    @functools.wraps(function)
    def finished(**arguments: object) -> object:
        return to_completion(checked(**arguments))

    return finished


def function_tool(function: Callable, *, name: str | None = None, read_only: bool = False) -> Tool:
    """A Tool whose menu entry is generated from `function`'s signature and docstring.

    Example: function_tool(find_order, read_only=True) -> Tool(name="find_order",
    description="Look up one order by its number.", input_schema={...}, read_only=True)
    """
    label = getattr(function, "__name__", repr(function))
    if inspect.isgeneratorfunction(function) or inspect.isasyncgenfunction(function):
        raise TypeError(
            f"{label} yields its items, and a tool returns one result: return them in a list."
        )
    description, _ = docstring_parts(function.__doc__)
    if not description:
        raise ValueError(
            f"{label} has no docstring: its first line is the description the model reads; "
            "write one."
        )
    schema = function_schema(function)
    return Tool(name or label, description, schema, _called(function), read_only=read_only)
