"""A typed function's input_schema and description, as the SDK's `anthropic.beta_tool` makes them.

    def find_order(order_id: int, status: Literal["open", "shipped"] = "open") -> str:
        '''Look up one order by its number.

        Args:
            order_id: The order number, e.g. 1042.
        '''
    function_schema(find_order)
        -> {"type": "object", "properties": {
                "order_id": {"type": "integer", "description": "The order number, e.g. 1042."},
                "status": {"type": "string", "default": "open", "enum": ["open", "shipped"]}},
            "required": ["order_id"], "additionalProperties": False}

Two maintained libraries do the work, the two `beta_tool` uses, so the schema is the SDK's
(less the `title` pydantic gives every property, which the model does not need): pydantic turns
the signature into JSON Schema (a parameter without a default is required, `X | None` is
`anyOf`, a one-value `Literal` a `const`, `list[int]` an array, a TypedDict, an enum or a
pydantic model a `$ref` into `$defs`), and `docstring_parser` reads the docstring, in Google,
NumPy or reST style: the text before its sections is the description, each parameter's entry
(continuation lines included) is that property's description. A description on the type itself,
`Annotated[str, Field(description=...)]` or `Annotated[str, "plain words"]`, comes first; the
SDK ignores the plain string, we read it.

Refused here, with a sentence naming the fix, where the SDK makes a schema no call can satisfy:
a positional-only parameter, `*args`, `**kwargs`, a parameter without a type hint, a hint with
no JSON Schema. A bound goes on the type too (`Annotated[int, Field(ge=1001)]` -> "minimum":
1001). Not handled here: calling the function (see `function_tools`), what lives in the data
rather than the code (the reasons a shop accepts today: write that schema by hand), `strict`
(nested objects here accept keys they do not name, as pydantic makes them).
"""

import inspect
import typing
from collections.abc import Callable

import docstring_parser
import pydantic
from pydantic.errors import PydanticUserError

FIRST = ("type", "properties", "required", "additionalProperties")  # keys in the order we print
NESTED = ("items", "additionalProperties", "not")  # keywords whose value is one schema
LISTED = ("anyOf", "allOf", "oneOf", "prefixItems")  # keywords whose value is a list of schemas


def tidied(schema: object) -> object:
    """pydantic's schema without its titles, its best-known keys first.

    Example: {"properties": {"n": {"default": 1, "title": "N", "type": "integer"}},
    "title": "F", "type": "object"} -> {"type": "object", "properties": {"n": {"type":
    "integer", "default": 1}}}
    """
    if not isinstance(schema, dict):
        return schema
    out = {key: schema[key] for key in FIRST if key in schema}
    out |= {key: value for key, value in schema.items() if key not in out and key != "title"}
    for key in ("properties", "$defs"):  # name -> schema: a property may be called "title"
        if isinstance(out.get(key), dict):
            out[key] = {name: tidied(value) for name, value in out[key].items()}
    for key in NESTED:
        if isinstance(out.get(key), dict):
            out[key] = tidied(out[key])
    for key in LISTED:
        if isinstance(out.get(key), list):
            out[key] = [tidied(each) for each in out[key]]
    return out


def type_schema(hint: object) -> dict:
    """One type hint's JSON Schema. Example: Literal["a"] -> {"type": "string", "const": "a"}"""
    try:
        return tidied(pydantic.TypeAdapter(hint).json_schema())
    except (PydanticUserError, pydantic.PydanticSchemaGenerationError, TypeError) as error:
        # pydantic's own advice where it has one for us (typing_extensions' TypedDict, say)
        advice = f" ({str(error).splitlines()[0]})" if isinstance(error, PydanticUserError) else ""
        raise TypeError(
            f"No JSON Schema for the type hint {hint!r}{advice}. Use JSON's types (str, int, "
            "float, bool, list, dict, Literal, an enum, a TypedDict from typing_extensions, a "
            "pydantic model), or write that tool's schema by hand."
        ) from None


def docstring_parts(doc: str | None) -> tuple[str, dict[str, str]]:
    """The description and each parameter's entry of a Google, NumPy or reST docstring.

    Example: "Look up an order.\\n\\nArgs:\\n    order_id: Its number,\\n        e.g. 1042."
        -> ("Look up an order.", {"order_id": "Its number,\\ne.g. 1042."})
    """
    parsed = docstring_parser.parse(doc or "")
    parts = [parsed.short_description or "", parsed.long_description or ""]
    # One paragraph stays one paragraph (the SDK puts a blank line after the first line always).
    between = "\n\n" if parsed.blank_after_short_description else "\n"
    description = between.join(part for part in parts if part)
    return description, {p.arg_name: p.description for p in parsed.params if p.description}


def _refuse_parameters(function: Callable) -> None:
    """Raise, naming the fix, for a parameter a tool's named JSON arguments cannot reach."""
    if not (inspect.isfunction(function) or inspect.ismethod(function)):
        raise TypeError(f"{function!r} is not a function or a method: wrap it in a def, whose "
                        "signature and docstring are the tool's.")  # fmt: skip
    name = function.__name__
    for each in inspect.signature(function).parameters.values():
        if each.kind is each.POSITIONAL_ONLY:
            raise TypeError(
                f"{name}: {each.name!r} is positional-only, and a tool's arguments arrive by "
                "name; remove the '/' from the signature."
            )
        if each.kind in (each.VAR_POSITIONAL, each.VAR_KEYWORD):
            raise TypeError(f"{name}: *{each.name} has no schema; name each parameter instead.")
        if each.annotation is each.empty:
            raise TypeError(f"{name}: give {each.name!r} a type hint: it is the schema.")


def _words_on_the_type(hint: object) -> str | None:
    """The plain string of `Annotated[X, "words"]`, which pydantic leaves out of the schema."""
    if typing.get_origin(hint) is typing.Annotated:
        return next((each for each in hint.__metadata__ if isinstance(each, str)), None)
    return None


def function_schema(function: Callable) -> dict:
    """The input_schema of a typed function: one property per parameter, in order.

    Example: def f(city: str, days: int = 1) -> {"type": "object", "properties": {"city":
    {"type": "string"}, "days": {"type": "integer", "default": 1}}, "required": ["city"],
    "additionalProperties": False}
    """
    _refuse_parameters(function)
    try:
        hints = typing.get_type_hints(function, include_extras=True)
    except NameError as error:
        raise TypeError(
            f"{function.__name__}: a type hint names {error.name!r}, which is not defined "
            "where the function is; define or import it there first."
        ) from None
    try:
        schema = tidied(pydantic.TypeAdapter(pydantic.validate_call(function)).json_schema())
    except (PydanticUserError, pydantic.PydanticSchemaGenerationError, TypeError):
        for name in inspect.signature(function).parameters:
            type_schema(hints[name])  # raises for the hint it cannot turn into JSON Schema
        raise
    _, described = docstring_parts(function.__doc__)
    for name, prop in schema["properties"].items():  # as the SDK: the type's words come first
        words = _words_on_the_type(hints[name]) or described.get(name)
        if words and "description" not in prop:
            prop["description"] = words
    return schema
