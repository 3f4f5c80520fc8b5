"""Tools generated from typed Python functions: the schema from the type hints, the words from
the docstring.

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

The schema is the one the SDK's `anthropic.beta_tool` makes for the same function, without the
`title` pydantic adds to each property: a parameter without a default is required, one with a
default carries it, `X | None` is `anyOf` X or null, `Literal[...]` an enum, `list[X]` an array.
The description is the docstring before its `Args:` section; each parameter's description is
its line there (Google style, the SDK's `docstring_parser` reads the same).

What generation cannot know, and a hand-written schema can say: the shape of a value (a
`pattern`, a `minimum`), the values that live in the data (the titles a shop stocks), and
anything a type hint does not hold. Not handled here: `*args`, `**kwargs`, nested classes
(TypedDict, dataclasses, pydantic models), other docstring styles (reST, NumPy), async functions.
"""

import inspect
import re
import types
import typing
from collections.abc import Callable

from ..tools import Tool

SIMPLE = {str: "string", int: "integer", float: "number", bool: "boolean", type(None): "null"}
SECTION = re.compile(r"^\s*(Args|Arguments|Parameters|Returns|Raises|Yields|Examples?):\s*$")


def type_schema(hint: object) -> dict:
    """The JSON Schema of a type hint.

    Example: int -> {"type": "integer"};  Literal["a", "b"] -> {"enum": ["a", "b"], "type":
    "string"};  str | None -> {"anyOf": [{"type": "string"}, {"type": "null"}]}
    """
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in SIMPLE:
        return {"type": SIMPLE[hint]}
    if origin is typing.Literal:
        kinds = {SIMPLE.get(type(value)) for value in args}
        return {"enum": list(args), **({"type": kinds.pop()} if len(kinds) == 1 else {})}
    if origin in (typing.Union, types.UnionType):
        return {"anyOf": [type_schema(arg) for arg in args]}
    if origin is list:
        return {"items": type_schema(args[0]), "type": "array"} if args else {"type": "array"}
    raise TypeError(
        f"No JSON Schema for the type hint {hint!r}: use str, int, float, bool, Literal, "
        "list or X | None, or write that tool's schema by hand."
    )


def docstring_parts(doc: str | None) -> tuple[str, dict[str, str]]:
    """The description and each parameter's line of a Google-style docstring.

    Example: "Look up an order.\\n\\nArgs:\\n    order_id: Its number." -> ("Look up an order.",
    {"order_id": "Its number."})
    """
    lines = inspect.cleandoc(doc or "").splitlines()
    heads = [i for i, line in enumerate(lines) if SECTION.match(line)]
    body = lines[: heads[0]] if heads else lines
    description = re.sub(r"\n\s*\n", "\n\n", "\n".join(body).strip())  # as the SDK keeps it
    params: dict[str, str] = {}
    for start in heads:
        if SECTION.match(lines[start]).group(1) not in ("Args", "Arguments", "Parameters"):
            continue
        name = None
        for line in lines[start + 1 :]:
            if SECTION.match(line) or (line.strip() and not line.startswith((" ", "\t"))):
                break
            if found := re.match(r"^\s+(\w+)\s*(?:\([^)]*\))?\s*:\s*(.*)$", line):
                name, params[found.group(1)] = found.group(1), found.group(2).strip()
            elif name and line.strip():
                params[name] = f"{params[name]}\n{line.strip()}"
    return description, params


def function_schema(function: Callable) -> dict:
    """The input_schema of a typed function: one property per parameter, in order.

    Example: def f(city: str, days: int = 1) -> {"type": "object", "properties": {"city":
    {"type": "string"}, "days": {"type": "integer", "default": 1}}, "required": ["city"],
    "additionalProperties": False}
    """
    hints = typing.get_type_hints(function)
    _, described = docstring_parts(function.__doc__)
    properties, required = {}, []
    for name, parameter in inspect.signature(function).parameters.items():
        if parameter.kind in (parameter.VAR_POSITIONAL, parameter.VAR_KEYWORD):
            raise TypeError(f"{function.__name__}: *{name} has no schema; name each parameter.")
        if name not in hints:
            raise TypeError(f"{function.__name__}: give {name!r} a type hint, or no schema.")
        prop = type_schema(hints[name])
        if parameter.default is parameter.empty:
            required.append(name)
        else:
            prop["default"] = parameter.default
        if name in described:
            prop["description"] = described[name]
        properties[name] = prop
    schema = {"type": "object", "properties": properties}
    return {**schema, **({"required": required} if required else {}), "additionalProperties": False}


def function_tool(function: Callable, *, name: str | None = None) -> Tool:
    """A Tool whose menu entry is generated from `function`'s signature and docstring."""
    description, _ = docstring_parts(function.__doc__)
    if not description:
        raise ValueError(
            f"{function.__name__} has no docstring: its first line is the description the "
            "model reads; write one."
        )
    return Tool(name or function.__name__, description, function_schema(function), function)
