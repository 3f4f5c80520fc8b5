"""Tools: a Python function plus the description and schema the model reads.

The model never sees the function, only the menu entry `{"name", "description", "input_schema"}`
sent with each request (chapter 01). A `ToolRegistry` holds the tools by name, so the program can
find the function a `tool_use` block names (chapter 03).

What the program knows of a tool and the model does not: whether it only reads (`read_only`:
from chapter 11 on, any other tool runs only when the program approves), and, while it runs, the
call it runs for (`current_call()`): the call's id, which a tool with an effect keeps as its
idempotency key, and an event set when the program stops waiting, so a tool that can stop does.

Not handled here: running tools and turning failures into results (see `dispatch`).
"""

import re
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field

from .api import TOOL_NAME_PATTERN
from .language import pick
from .validation import check_schema


@dataclass(frozen=True)
class ToolOutput:
    """What a tool hands back: content for the model, details for the UI only."""

    content: str | list[dict]
    details: dict | None = None
    is_error: bool = False  # a tool that ran but failed (a command's non-zero exit, say)


@dataclass(frozen=True)
class Tool:
    """A function the program runs when the model asks, and the menu entry the model reads."""

    name: str
    description: str
    input_schema: dict
    function: Callable[..., object] = field(repr=False)
    timeout: float = 10.0  # seconds it may run, from when it starts, before it is given up on
    # Declared by the program, never by the model or a server: a tool that only reads runs without
    # approval; any other is an effect, run only when the program's approver says yes (chapter 11).
    read_only: bool = False
    # An Anthropic-defined tool's own entry, sent instead of the three above, which the program
    # keeps to check the model's input (chapter 14: {"type": "memory_20250818", "name": "memory"}).
    definition: dict | None = None

    def __post_init__(self) -> None:
        # Programmer mistakes: fail here, not when the model first asks for the tool.
        if not re.fullmatch(TOOL_NAME_PATTERN, self.name):
            raise ValueError(pick(
                f"Tool name {self.name!r} must match {TOOL_NAME_PATTERN}; rename it.",
                f"工具名 {self.name!r} 不符合 {TOOL_NAME_PATTERN}，请改名。",
            ))  # fmt: skip
        if self.input_schema.get("type") != "object":
            raise ValueError(f'{self.name}: input_schema must have "type": "object".')
        check_schema(self.input_schema)
        if not callable(self.function):
            raise TypeError(f"{self.name}: function must be callable, got {self.function!r}.")

    def menu_entry(self) -> dict:
        """The wire form of this tool, for the request's `tools` list.

        Example: Tool("add", "Add two numbers...", {...}, add)
            -> {"name": "add", "description": "Add two numbers...", "input_schema": {...}}
        """
        if self.definition is not None:
            return dict(self.definition)
        return {
            "name": self.name,
            "description": self.description,
            "input_schema": self.input_schema,
        }


@dataclass(frozen=True)
class CallContext:
    """The call a tool's function is running for, as the function sees it.

    Example: inside a call {"id": "toolu_01A", "name": "start_return", ...}: current_call() ->
    CallContext(id="toolu_01A", name="start_return", cancelled=<Event: set when given up on>)
    """

    id: str  # the tool_use id: the same call run twice has the same id (an idempotency key)
    name: str
    # Set when the program stops waiting (the deadline passed, Ctrl-C): stop if you can, and say
    # so. A thread cannot be killed, so a function that never looks runs on to its end.
    cancelled: threading.Event = field(default_factory=threading.Event, compare=False)


_CURRENT: ContextVar[CallContext | None] = ContextVar("handagent_current_call", default=None)


def current_call() -> CallContext | None:
    """The call this tool function is running for, or None when called directly (a test, a cell)."""
    return _CURRENT.get()


@contextmanager
def running(context: CallContext) -> Iterator[CallContext]:
    """Run the body as the function of `context`'s call: what `current_call()` returns there."""
    token = _CURRENT.set(context)
    try:
        yield context
    finally:
        _CURRENT.reset(token)


class ToolRegistry:
    """The tools a program offers, by name."""

    def __init__(self, tools: Iterable[Tool] = ()) -> None:
        self._tools: dict[str, Tool] = {}
        for tool in tools:
            self.add(tool)

    def add(self, tool: Tool) -> Tool:
        if not isinstance(tool, Tool):
            raise TypeError(f"ToolRegistry holds Tool objects; wrap {tool!r} in Tool(...) first.")
        if tool.name in self._tools:
            raise ValueError(f"A tool named {tool.name!r} is already registered; rename one.")
        self._tools[tool.name] = tool
        return tool

    def get(self, name: str) -> Tool | None:
        return self._tools.get(name)

    @property
    def names(self) -> list[str]:
        return list(self._tools)

    def menu(self) -> list[dict]:
        """The `tools` parameter for a request: every tool's menu entry."""
        return [tool.menu_entry() for tool in self._tools.values()]

    def __len__(self) -> int:
        return len(self._tools)

    def __repr__(self) -> str:
        return f"ToolRegistry({', '.join(self._tools)})"
