"""Tools generated from typed functions: what they refuse when defined, how they call the
function (the hints' types, an async function run to its end), and what they declare."""

import asyncio
import dataclasses
import enum
import functools
import threading
import warnings

import pytest
from pydantic import BaseModel

from handagent.dispatch import outcomes
from handagent.runtime.approval import allow_all
from handagent.runtime.boundary import Boundary
from handagent.runtime.calls import run_calls
from handagent.runtime.function_tools import function_tool
from handagent.runtime.protocol import TextBlock, ToolCall, assistant_reply
from handagent.tools import ToolRegistry, current_call


def find_order(order_id: int) -> str:
    """Look up one order by its number.

    Args:
        order_id: The order number, e.g. 1042.
    """
    return f"order {order_id}"


async def weather(city: str) -> str:
    """Today's weather in a city."""
    await asyncio.sleep(0)
    return f"sunny in {city}, asked by {current_call().id if current_call() else 'a cell'}"


def square(n: int, /) -> int:
    """The square of n."""
    return n * n


ALLOW = Boundary(approve=allow_all)


def answered(tools, *calls):
    """What each call's result says, and whether it is an error, through the runtime's calls
    (every call approved: these tests are about the function, not the gate)."""
    results = run_calls(assistant_reply(*calls, model="m"), tools, boundary=ALLOW)
    return [(r.is_error, " ".join(b.text for b in r.content if isinstance(b, TextBlock)))
            for r in results]  # fmt: skip


def test_the_generated_tool_runs_the_function_itself_and_declares_what_it_is_told():
    tool = function_tool(find_order)
    assert tool.function(order_id=1042) == "order 1042" and tool.name == "find_order"
    assert tool.read_only is False  # an effect unless the program says otherwise
    assert function_tool(find_order, read_only=True, name="lookup").read_only is True
    assert function_tool(find_order, name="lookup").name == "lookup"


def test_an_async_function_runs_to_completion_and_its_value_is_the_result():
    # The review's r02: the call "succeeded" with "<coroutine object weather at 0x...>".
    assert answered([function_tool(weather)], ToolCall("c1", "weather", {"city": "Oslo"})) == [
        (False, "sunny in Oslo, asked by c1")
    ]


def test_an_async_function_called_from_a_running_event_loop_still_runs_to_completion():
    async def a_cell_in_jupyter():  # Jupyter's loop runs on the thread that runs the cell
        return function_tool(weather).function(city="Oslo")

    assert asyncio.run(a_cell_in_jupyter()) == "sunny in Oslo, asked by a cell"


def test_an_async_functions_error_is_an_error_result_as_a_sync_tools_is():
    async def broken(city: str) -> str:
        """Always fails."""
        raise ValueError(f"no weather for {city}")

    [(is_error, words)] = answered([function_tool(broken)], ToolCall("c1", "broken", {"city": "X"}))
    assert is_error and words == "broken raised ValueError: no weather for X"


def test_an_async_function_past_its_timeout_is_abandoned_and_its_task_cancelled():
    cancelled = threading.Event()

    async def slow(city: str) -> str:
        """Never answers in time."""
        try:
            await asyncio.sleep(60)
        except asyncio.CancelledError:
            cancelled.set()
            raise
        return "late"

    tool = dataclasses.replace(function_tool(slow), timeout=0.2)
    [outcome] = outcomes(
        [{"id": "c1", "name": "slow", "input": {"city": "X"}}], ToolRegistry([tool])
    )
    assert outcome.is_error and "did not finish within 0.2 s" in outcome.content
    assert cancelled.wait(timeout=10)  # the coroutine was stopped, not left running a minute


def test_what_no_call_can_reach_is_refused_when_the_tool_is_defined():
    # The review's r02: a positional-only parameter made every call fail, and only then.
    with pytest.raises(TypeError, match="'n' is positional-only.*remove the '/'"):
        function_tool(square)

    def anything(*titles: str) -> str:
        """Any titles."""

    with pytest.raises(TypeError, match=r"\*titles has no schema; name each parameter"):
        function_tool(anything)


def test_a_generator_is_refused_because_a_tool_returns_one_result():
    def titles(words: str):
        """Every title with these words."""
        yield words

    async def streamed(words: str):
        """Every title, as they come."""
        yield words

    for function in (titles, streamed):
        with pytest.raises(TypeError, match="return them in a list"):
            function_tool(function)


def test_a_method_is_a_tool_and_a_partial_is_refused_naming_the_fix():
    class Shop:
        def find(self, order_id: int) -> str:
            """Find an order."""
            return f"found {order_id}"

    assert function_tool(Shop().find).function(order_id=3) == "found 3"
    with pytest.raises(TypeError, match="not a function or a method: wrap it in a def"):
        function_tool(functools.partial(find_order, order_id=1042), name="find")


def test_a_function_without_a_docstring_is_refused_naming_the_fix():
    def undocumented(order_id: int):
        pass

    with pytest.raises(ValueError, match="write one"):
        function_tool(undocumented)


class Size(enum.Enum):
    SMALL = "small"
    LARGE = "large"


class Parcel(BaseModel):
    weight: float
    size: Size = Size.SMALL


def test_the_function_gets_the_types_its_hints_promise_not_the_json():
    def ship(parcel: Parcel, express: Size) -> str:
        """Ship a parcel."""
        return f"{type(parcel).__name__} {parcel.size.name} {express.name}"

    call = ToolCall("c1", "ship", {"parcel": {"weight": 1.5}, "express": "large"})
    assert answered([function_tool(ship)], call) == [(False, "Parcel SMALL LARGE")]


def test_arguments_that_break_the_schema_never_reach_the_function():
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # nothing half-run: no coroutine left un-awaited either
        [(is_error, words)] = answered([function_tool(weather)], ToolCall("c1", "weather", {}))
    assert is_error and "'city' is a required property" in words
