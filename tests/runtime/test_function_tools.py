"""Tools generated from typed functions, checked against an outside reference: the SDK's own
`anthropic.beta_tool` makes the same schema for the same function (less pydantic's titles)."""

from typing import Literal

import pytest
from anthropic import beta_tool

from handagent.runtime.function_tools import (
    docstring_parts,
    function_schema,
    function_tool,
    type_schema,
)


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


def everything(
    title: str,
    copies: int,
    price: float = 9.5,
    gift: bool = False,
    note: str | None = None,
    tags: list[str] = [],  # noqa: B006 - a default the schema must carry
) -> str:
    """Every type the helper knows."""
    return title


def now() -> str:
    """The time now."""
    return "20:41"


def _untitled(schema: object) -> object:
    """The SDK's schema without the `title` pydantic gives every property."""
    if isinstance(schema, dict):
        return {k: _untitled(v) for k, v in schema.items() if k != "title" or isinstance(v, dict)}
    if isinstance(schema, list):
        return [_untitled(item) for item in schema]
    return schema


@pytest.mark.parametrize("function", [find_order, everything, now])
def test_the_menu_entry_is_the_sdks_beta_tool_for_the_same_function(function):
    assert function_tool(function).menu_entry() == _untitled(beta_tool(function).to_dict())


def test_the_description_stops_at_the_args_section_and_each_parameter_gets_its_line():
    description, params = docstring_parts(find_order.__doc__)
    assert description == "Look up one order by its number.\n\nThe shop's orders only,\nnever " \
        "another shop's."  # fmt: skip
    assert params == {
        "order_id": "The order number, e.g. 1042.",
        "status": "Which orders to look in,\nopen or shipped.",
    }


def test_a_parameter_without_a_default_is_required_and_one_with_a_default_carries_it():
    schema = function_schema(everything)
    assert schema["required"] == ["title", "copies"]
    assert schema["properties"]["price"] == {"type": "number", "default": 9.5}
    assert schema["additionalProperties"] is False


@pytest.mark.parametrize(
    "hint, expected",
    [
        (int, {"type": "integer"}),
        (Literal["a", "b"], {"enum": ["a", "b"], "type": "string"}),
        (str | None, {"anyOf": [{"type": "string"}, {"type": "null"}]}),
        (list[int], {"items": {"type": "integer"}, "type": "array"}),
    ],
)
def test_each_type_hint_has_its_json_schema(hint, expected):
    assert type_schema(hint) == expected


def test_the_generated_tool_runs_the_function_itself():
    tool = function_tool(find_order)
    assert tool.function(order_id=1042) == "1042 open" and tool.name == "find_order"


def test_a_function_the_helper_cannot_describe_raises_a_sentence_naming_the_fix():
    def untyped(order_id):
        """Look up an order."""

    def undocumented(order_id: int):
        pass

    def nested(order: dict[str, int]):
        """Take a mapping."""

    with pytest.raises(TypeError, match="give 'order_id' a type hint"):
        function_tool(untyped)
    with pytest.raises(ValueError, match="write one"):
        function_tool(undocumented)
    with pytest.raises(TypeError, match="write that tool's schema by hand"):
        function_tool(nested)
