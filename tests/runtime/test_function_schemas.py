"""Schemas generated from typed functions, checked against an outside reference: the SDK's own
`anthropic.beta_tool` makes the same menu entry for the same function (less pydantic's titles),
signature by signature; where ours deliberately differs, the test says how and why."""

import dataclasses
import datetime
import enum
import typing
from typing import Annotated, Literal, Optional

import pytest
from anthropic import beta_tool
from pydantic import BaseModel, Field
from typing_extensions import TypedDict

from handagent.runtime.function_schemas import (
    docstring_parts,
    function_schema,
    tidied,
    type_schema,
)
from handagent.runtime.function_tools import function_tool


class Address(TypedDict):
    street: str
    zip: int


class Color(enum.Enum):
    RED = "red"
    BLUE = "blue"


class Line(BaseModel):
    title: str  # a field called "title": its schema stays, pydantic's titles go
    copies: int = 1


class Basket(BaseModel):
    lines: list[Line]
    gift: bool = False


@dataclasses.dataclass
class Span:
    start: int
    end: int = 0


# fmt: off
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
def everything(title: str, copies: int, price: float = 9.5, gift: bool = False,
               note: str | None = None, tags: list[str] = []) -> str:  # noqa: B006
    """Every JSON type, with and without defaults."""
def now() -> str:
    """The time now: no parameters."""
def optional_without_default(note: Optional[int]) -> str:  # noqa: UP045 - the old spelling
    """Optional, no default: still required."""
def optional_none(note: int | None = None) -> str:
    """X | None = None."""
def one_value(mode: Literal["fast"]) -> str:
    """A Literal of one value is a const."""
def mixed_literal(level: Literal[1, "high"]) -> str:
    """A Literal of an int and a string."""
def lists(ids: list[int], grid: list[list[float]] = [[0.0]]) -> str:  # noqa: B006
    """A list, and a nested list with a default."""
def typed_dict(address: Address) -> str:
    """A TypedDict from typing_extensions."""
def nested_models(basket: Basket) -> str:
    """A pydantic model holding a list of models."""
def mapping(stock: dict[str, int], extra: dict[str, list[str]] | None = None) -> str:
    """A mapping of strings to ints."""
def field_description(city: Annotated[str, Field(description="The city, e.g. Paris.")]) -> str:
    """Annotated with a pydantic Field's description."""
def field_constraints(stars: Annotated[int, Field(ge=1, le=5)] = 3) -> str:
    """A Field's bounds become minimum and maximum."""
def enums(color: Color, fallback: Color | None = None) -> str:
    """An enum, and an optional one."""
def bools_and_floats(ok: bool, ratio: float = 0.5, exact: Literal[True] = True) -> str:
    """bool, float, and a Literal of a bool."""
def tuples_sets_dates(pair: tuple[int, str], tags: set[str], day: datetime.date) -> str:
    """A tuple, a set and a date."""
def dataclass_parameter(span: Span) -> str:
    """A dataclass."""
def continuation(title: str, copies: int = 1) -> str:
    """Check stock.

    Args:
        title: The book's title, or words of it.
            Note: partial titles match too.
        copies: How many copies.
    """
def note_section(title: str) -> str:
    """Check stock.

    Note:
        Titles are matched loosely.

    Args:
        title: The book's title.
    """
def numpy_style(order_id: int, status: str = "open") -> str:
    """Look up one order.

    Parameters
    ----------
    order_id : int
        The order number,
        e.g. 1042.
    status : str, optional
        Which orders to look in.
    """
def rest_style(order_id: int, status: str = "open") -> str:
    """Look up one order.

    :param order_id: The order number,
        e.g. 1042.
    :param status: Which orders to look in.
    :returns: One line.
    """
async def asynchronous(city: str) -> str:
    """An async tool: the same schema (function_tool runs it; see test_function_tools)."""
# fmt: on

SAME = [find_order, everything, now, optional_without_default, optional_none, one_value,
        mixed_literal, lists, typed_dict, nested_models, mapping, field_description,
        field_constraints, enums, bools_and_floats, tuples_sets_dates, dataclass_parameter,
        continuation, note_section, numpy_style, rest_style, asynchronous]  # fmt: skip


def _untitled(schema: object) -> object:
    """The SDK's schema without the `title` pydantic gives every property (written here, not
    imported, so that the reference does not share our code)."""
    if isinstance(schema, dict):
        return {k: _untitled(v) for k, v in schema.items() if k != "title" or isinstance(v, dict)}
    if isinstance(schema, list):
        return [_untitled(item) for item in schema]
    return schema


def sdk_entry(function) -> dict:
    """beta_tool's menu entry, less pydantic's titles."""
    return _untitled(beta_tool(function).to_dict())


@pytest.mark.parametrize("function", SAME, ids=lambda function: function.__name__)
def test_the_menu_entry_is_the_sdks_beta_tool_for_the_same_function(function):
    assert function_tool(function).menu_entry() == sdk_entry(function)


def plain_words(city: Annotated[str, "The city, e.g. Paris."]) -> str:
    """Annotated with a plain string."""


def first_paragraph_on_two_lines(order_id: int) -> str:
    """Look up one order
    by its number."""


def test_a_plain_string_in_annotated_is_a_description_where_the_sdk_drops_it():
    # pydantic ignores metadata it does not know, so beta_tool has no description; a learner
    # who wrote the words meant them for the model.
    ours, sdk = function_tool(plain_words).menu_entry(), sdk_entry(plain_words)
    assert "description" not in sdk["input_schema"]["properties"]["city"]
    sdk["input_schema"]["properties"]["city"]["description"] = "The city, e.g. Paris."
    assert ours == sdk


def test_a_first_paragraph_on_two_lines_stays_one_paragraph_where_the_sdk_splits_it():
    # docstring_parser reads the first line as the summary; the SDK puts a blank line after it
    # even when the docstring has none, and so changes what the author wrote.
    ours, sdk = function_tool(first_paragraph_on_two_lines), sdk_entry(first_paragraph_on_two_lines)
    assert sdk["description"] == "Look up one order\n\nby its number."
    assert ours.description == "Look up one order\nby its number."
    assert ours.input_schema == sdk["input_schema"]


def positional_only(order_id: int, /) -> str:
    """Positional-only."""


def keywords(**titles: int) -> str:
    """Any keyword."""


def untyped(order_id) -> str:
    """No type hint."""


@pytest.mark.parametrize(
    "function, refused, sdk_gives",
    [  # what the SDK makes, and why no call can use it well
        (positional_only, "remove the '/'", "array"),  # no call can send an array of arguments
        (keywords, "name each parameter", "object"),  # an object with no named property
        (untyped, "give 'order_id' a type hint", "object"),  # {} for order_id: anything goes
    ],
)  # fmt: skip
def test_what_the_sdk_accepts_and_no_call_can_use_well_is_refused_naming_the_fix(
    function, refused, sdk_gives
):
    assert sdk_entry(function)["input_schema"]["type"] == sdk_gives
    with pytest.raises(TypeError, match=refused):
        function_schema(function)


def test_both_refuse_a_typing_typeddict_on_python_3_11_and_ours_names_the_fix():
    class OldAddress(typing.TypedDict):
        street: str

    def old(address: OldAddress) -> str:
        """A TypedDict from typing."""

    with pytest.raises(Exception, match="typing_extensions"):
        beta_tool(old)
    with pytest.raises(TypeError, match="typing_extensions.TypedDict.*or write that tool's"):
        function_schema(old)


def test_a_hint_with_no_json_schema_is_refused_naming_the_fix():
    class Printer:
        pass

    def report(printer: Printer) -> str:
        """Print a report."""

    with pytest.raises(TypeError, match="No JSON Schema for the type hint .*Printer.* by hand"):
        function_schema(report)


def test_a_hint_naming_something_undefined_is_refused_naming_the_fix():
    def later(order: "Undefined") -> str:  # noqa: F821 - the mistake under test
        """Names a class defined nowhere."""

    with pytest.raises(TypeError, match="'Undefined'.*define or import it"):
        function_schema(later)


@pytest.mark.parametrize("function", [find_order, numpy_style, rest_style, continuation])
def test_each_docstring_style_gives_the_description_and_every_line_of_each_parameter(function):
    description, params = docstring_parts(function.__doc__)
    assert description.startswith(("Look up one order", "Check stock."))
    assert set(params) == set(function_schema(function)["properties"])
    assert all(params.values())


def test_continuation_lines_are_kept_and_a_note_inside_a_parameter_is_no_parameter():
    assert docstring_parts(continuation.__doc__)[1] == {
        "title": "The book's title, or words of it.\nNote: partial titles match too.",
        "copies": "How many copies.",
    }
    assert docstring_parts(find_order.__doc__) == (
        "Look up one order by its number.\n\nThe shop's orders only,\nnever another shop's.",
        {"order_id": "The order number, e.g. 1042.", "status": "Which orders to look in,\nopen "
         "or shipped."},
    )  # fmt: skip


def test_a_description_on_the_type_comes_before_the_docstrings_as_in_the_sdk():
    def both(city: Annotated[str, Field(description="From the type.")]) -> str:
        """Both.

        Args:
            city: From the docstring.
        """

    assert function_schema(both)["properties"]["city"]["description"] == "From the type."
    assert sdk_entry(both)["input_schema"]["properties"]["city"]["description"] == "From the type."


def test_titles_go_but_a_property_or_a_default_called_title_stays():
    schema = function_schema(nested_models)
    assert schema["$defs"]["Line"]["properties"]["title"] == {"type": "string"}
    assert "title" not in schema["$defs"]["Line"]
    assert tidied({"type": "object", "default": {"title": "Dune"}, "title": "T"}) == {
        "type": "object", "default": {"title": "Dune"}}  # fmt: skip


def test_keys_come_in_the_order_a_reader_expects():
    assert list(function_schema(find_order)) == [
        "type", "properties", "required", "additionalProperties"]  # fmt: skip
    assert list(function_schema(everything)["properties"]["price"]) == ["type", "default"]


@pytest.mark.parametrize(
    "hint, expected",
    [
        (int, {"type": "integer"}),
        (Literal["a", "b"], {"type": "string", "enum": ["a", "b"]}),
        (Literal["a"], {"type": "string", "const": "a"}),
        (str | None, {"anyOf": [{"type": "string"}, {"type": "null"}]}),
        (list[int], {"type": "array", "items": {"type": "integer"}}),
        (dict[str, int], {"type": "object", "additionalProperties": {"type": "integer"}}),
    ],
)
def test_each_type_hint_has_its_json_schema(hint, expected):
    assert type_schema(hint) == expected


def test_a_parameter_without_a_default_is_required_and_one_with_a_default_carries_it():
    schema = function_schema(everything)
    assert schema["required"] == ["title", "copies"]
    assert schema["properties"]["price"] == {"type": "number", "default": 9.5}
    assert schema["additionalProperties"] is False
