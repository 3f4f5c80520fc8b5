"""Tools generated from typed Python functions: the menu entry from the signature and the
docstring (`function_schemas`).

    def find_order(order_id: int) -> str:
        '''Look up one order by its number.

        Args:
            order_id: The order number, e.g. 1042.
        '''
    function_tool(find_order).menu_entry()
        -> {"name": "find_order", "description": "Look up one order by its number.",
            "input_schema": {"type": "object", "properties": {"order_id": {"type": "integer",
            "description": "The order number, e.g. 1042."}}, "required": ["order_id"],
            "additionalProperties": False}}

Not handled here: async functions.
"""

from collections.abc import Callable

from ..tools import Tool
from .function_schemas import docstring_parts, function_schema

__all__ = ["function_tool", "function_schema"]  # function_schema, where chapter 10 meets it


def function_tool(function: Callable, *, name: str | None = None) -> Tool:
    """A Tool whose menu entry is generated from `function`'s signature and docstring."""
    description, _ = docstring_parts(function.__doc__)
    if not description:
        raise ValueError(
            f"{function.__name__} has no docstring: its first line is the description the "
            "model reads; write one."
        )
    return Tool(name or function.__name__, description, function_schema(function), function)
