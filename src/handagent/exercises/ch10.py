"""Chapter 10 exercise: a tool's input_schema generated from a typed function, checked against
`runtime.function_tools.function_schema` on five small functions.

The learner writes `schema_of(function) -> dict`: one property per parameter, its JSON Schema
type from the hint (`int` an integer, `Literal[...]` an enum, `X | None` an anyOf, `list[X]` an
array), required unless it has a default (then the default is kept), each parameter's line of
the docstring's `Args:` as its description, and `"additionalProperties": false`.
`check_schema_of` names, per function and parameter, each thing that differs, with the rule.

Hints follow the edition's language, `handagent.language`.

Not handled here: the tool's description (the docstring's first part), `*args`, nested types.
"""

import typing

from ..language import pick
from ..runtime.function_tools import function_schema
from . import Verdict, attempt
from .questions.ch10 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("10 · a schema from a typed function", "10 · 从带类型的函数生成 schema")


def find_order(order_id: int) -> str:
    """Look up one order by its number.

    Args:
        order_id: The order number, e.g. 1042.
    """
    return f"order {order_id}"


def check_stock(title: str, copies: int = 1) -> str:
    """Whether the shop has enough copies of a book.

    Args:
        title: Words of the book's title.
        copies: How many copies the customer wants.
    """
    return title


def rate_order(order_id: int, stars: typing.Literal[1, 2, 3, 4, 5]) -> str:
    """Record the customer's rating of an order."""
    return f"{order_id}: {stars}"


def search_books(words: list[str], author: str | None = None) -> str:
    """Find books by words of their title, and by their author if one is given."""
    return " ".join(words)


def set_gift(order_id: int, wrapped: bool, note: float = 0.0) -> str:
    """Mark an order as a gift."""
    return str(order_id)


FUNCTIONS = (find_order, check_stock, rate_order, search_books, set_gift)
KEYS = ("type", "enum", "anyOf", "items", "default", "description")
RULES = {  # (English, Chinese): why that key is what it is
    "type": (
        "int is an integer, float a number, bool a boolean",
        "int 是 integer，float 是 number",
    ),
    "enum": ("a Literal's values are an enum", "Literal 的取值是 enum"),
    "anyOf": ("X | None is anyOf X or null", "X | None 是 anyOf X 或 null"),
    "items": ("list[X] is an array of X", "list[X] 是 X 的 array"),
    "default": ("a parameter with a default keeps it", "有默认值的参数保留它的默认值"),
    "description": ("its line under Args: is its description", "Args: 下那一行是它的 description"),
}


def _differences(name: str, expected: dict, got: object) -> list[str]:
    """What `got` gets wrong about `name`'s schema, one sentence per rule."""
    if not isinstance(got, dict):
        return [pick(f"{name}: returned {got!r}, not a dict", f"{name}：返回了 {got!r}，不是 dict")]
    problems = []
    if got.get("type") != "object":
        problems.append(pick(f'{name}: "type" must be "object"', f'{name}："type" 必须是 "object"'))
    props = got.get("properties") if isinstance(got.get("properties"), dict) else {}
    for param, want in expected["properties"].items():
        have = props.get(param)
        if not isinstance(have, dict):
            problems.append(pick(f"{name}: no property {param!r}", f"{name}：没有属性 {param!r}"))
            continue
        for key in KEYS:
            if key == "type" and "anyOf" in want:
                continue  # the anyOf sentence says it
            if have.get(key) != want.get(key):
                problems.append(
                    pick(
                        f"{name}.{param}: {key} is {have.get(key)!r}, expected {want.get(key)!r}"
                        f" ({RULES[key][0]})",
                        f"{name}.{param}：{key} 是 {have.get(key)!r}，应为 {want.get(key)!r}"
                        f"（{RULES[key][1]}）",
                    )
                )
    extra = sorted(set(props) - set(expected["properties"]))
    if extra:
        problems.append(
            pick(f"{name}: properties no parameter has: {extra}", f"{name}：多出的属性 {extra}")
        )
    want_required, got_required = expected.get("required", []), got.get("required", [])
    if list(got_required) != want_required:
        problems.append(
            pick(
                f"{name}: required is {got_required!r}, expected {want_required!r} (required "
                "means no default, in the order of the signature)",
                f"{name}：required 是 {got_required!r}，应为 {want_required!r}"
                "（没有默认值的才必填，按签名的顺序）",
            )
        )
    if got.get("additionalProperties") is not False:
        problems.append(
            pick(
                f'{name}: "additionalProperties" must be false (the function takes no other '
                "argument)",
                f'{name}："additionalProperties" 必须是 false（函数不接受别的参数）',
            )
        )
    return problems


def check_schema_of(learner_schema_of) -> Verdict:
    """Run the learner's schema_of(function) on each function; name what differs, and why."""
    problems = []
    for function in FUNCTIONS:
        got, raised = attempt(learner_schema_of, function)
        if raised:
            problems.append(f"{function.__name__}: {raised}")
            continue
        problems += _differences(function.__name__, function_schema(function), got)
    return Verdict(pick(*EXERCISE), tuple(problems))
