"""Tools generated from typed functions: the function behind the menu entry, and what they
refuse when defined (their schemas: test_function_schemas)."""

from typing import Literal

import pytest

from handagent.runtime.function_tools import function_tool


def find_order(order_id: int, status: Literal["open", "shipped"] = "open") -> str:
    """Look up one order by its number.

    The shop's orders only,
    never another shop's.

    Args:
        order_id: The order number, e.g. 1042.
        status: Which orders to look in,
            open or shipped.

    Returns:
        One line about the order.
    """
    return f"{order_id} {status}"


def test_the_generated_tool_runs_the_function_itself():
    tool = function_tool(find_order)
    assert tool.function(order_id=1042) == "1042 open" and tool.name == "find_order"


def test_a_function_the_helper_cannot_describe_raises_a_sentence_naming_the_fix():
    def untyped(order_id):
        """Look up an order."""

    def undocumented(order_id: int):
        pass

    class Printer:
        pass

    def nested(printer: Printer):
        """Print on a printer."""

    with pytest.raises(TypeError, match="give 'order_id' a type hint"):
        function_tool(untyped)
    with pytest.raises(ValueError, match="write one"):
        function_tool(undocumented)
    with pytest.raises(TypeError, match="write that tool's schema by hand"):
        function_tool(nested)
