"""Chapter 10 exercise: a tool's input_schema generated from a typed function, checked against
`runtime.function_tools.function_schema` on five small functions.

The learner writes `schema_of(function) -> dict`: one property per parameter, its JSON Schema
type from the hint (`int` an integer, `Literal[...]` an enum, `X | None` an anyOf, `list[X]` an
array), required unless it has a default (then the default is kept), each parameter's line of
the docstring's `Args:` as its description, and `"additionalProperties": false`.
`check_schema_of` names, in one sentence per parameter, each key that differs and the rule: a
key left out differs from a key whose value is null (`"default": None` is kept), a tuple is read
as the JSON list it becomes, and a `required` that is not a list (None, a set) is named as such.

Hints follow the edition's language, `handagent.language`.

Not handled here: the tool's description (the docstring's first part), `*args`, nested types.
"""

import json
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
        "str is a string, int an integer, float a number, bool a boolean",
        "str 是 string，int 是 integer，float 是 number，bool 是 boolean",
    ),
    "enum": (
        "a Literal is an enum of its values, typed as they are",
        "Literal 是由它的取值组成的 enum，类型跟取值一致",
    ),
    "anyOf": ("X | None is anyOf X or null", "X | None 是 anyOf X 或 null"),
    "items": ("list[X] is an array of X", "list[X] 是 X 的 array"),
    "default": (
        "a parameter with a default keeps it, None included",
        "有默认值的参数保留它的默认值，None 也一样",
    ),
    "description": ("its line under Args: is its description", "Args: 下那一行是它的 description"),
}
ABSENT = object()  # a key the schema does not have: not the same as a key whose value is null


def _json(value: object) -> object:
    """A value as the API would read it; raises for what JSON cannot hold.

    Example: (1, 2) -> [1, 2];  {1, 2} -> TypeError
    """
    return json.loads(json.dumps(value))


def _rule(key: str, want: dict) -> tuple[str, str]:
    """The reason for one key of one property: a Literal's or a list's type has its own."""
    if key == "type" and "enum" in want:
        return RULES["enum"]
    if key == "type" and want.get("type") == "array":
        return RULES["items"]
    return RULES[key]


def _part(key: str, got: object, want: object) -> tuple[str, str]:
    """One key's difference, in English and Chinese, without its reason.

    Example: ("default", ABSENT, 1) -> ("default is missing, expected 1", "缺少 default，应为 1")
    """
    if got is ABSENT:
        return f"{key} is missing, expected {want!r}", f"缺少 {key}，应为 {want!r}"
    if want is ABSENT:
        return f"{key} is {got!r}, expected none", f"{key} 是 {got!r}，不该有这一项"
    return f"{key} is {got!r}, expected {want!r}", f"{key} 是 {got!r}，应为 {want!r}"


def _property(name: str, param: str, want: dict, have: object) -> str | None:
    """What one property gets wrong, every key in one sentence; None when it is right."""
    if not isinstance(have, dict):
        example = {"type": have if isinstance(have, str) else "integer"}
        return pick(
            f"{name}.{param}: {have!r} is not a schema; each property is a dict, such as "
            f"{example!r}",
            f"{name}.{param}：{have!r} 不是 schema；每个属性都是一个 dict，比如 {example!r}",
        )
    parts, reasons = [], []
    for key in KEYS:
        if key == "type" and "anyOf" in want:
            continue  # the anyOf sentence says it
        got, expected = have.get(key, ABSENT), want.get(key, ABSENT)
        try:
            same = got is expected if ABSENT in (got, expected) else _json(got) == expected
        except (TypeError, ValueError):  # not JSON: a set, a type, a function
            same = False
        if not same:
            parts.append(_part(key, got, expected))
            reasons += [] if _rule(key, want) in reasons else [_rule(key, want)]
    if not parts:
        return None
    english = "; ".join(en for en, _ in parts) + f" ({'; '.join(en for en, _ in reasons)})"
    chinese = "；".join(zh for _, zh in parts) + f"（{'；'.join(zh for _, zh in reasons)}）"
    return pick(f"{name}.{param}: {english}", f"{name}.{param}：{chinese}")


def _required(name: str, want: list, got: object) -> str | None:
    """What `required` gets wrong: a JSON list of the parameters without a default, in order."""
    if isinstance(got, list | tuple) and list(got) == want:
        return None
    if isinstance(got, list | tuple):
        return pick(
            f"{name}: required is {list(got)!r}, expected {want!r} (required means no default, "
            "in the order of the signature)",
            f"{name}：required 是 {list(got)!r}，应为 {want!r}（没有默认值的才必填，按签名的顺序）",
        )
    if got is ABSENT:
        en, zh = "is missing", "缺少 required"
    elif got is None:
        en, zh = "is None", "required 是 None"
    else:
        en, zh = f"is a {type(got).__name__}", f"required 是一个 {type(got).__name__}"
    return pick(
        f"{name}: required {en}, expected the list {want!r} (JSON has lists, not sets or None: "
        "the parameters without a default, in the order of the signature)",
        f"{name}：{zh}，应为列表 {want!r}（JSON 里只有列表，没有 set 或 None："
        "按签名的顺序，列出没有默认值的参数）",
    )


def _differences(name: str, expected: dict, got: object) -> list[str]:
    """What `got` gets wrong about `name`'s schema: a sentence per property, then the rest."""
    if not isinstance(got, dict):
        return [pick(f"{name}: returned {got!r}, not a dict", f"{name}：返回了 {got!r}，不是 dict")]
    problems = []
    if got.get("type") != "object":
        problems.append(pick(f'{name}: "type" must be "object"', f'{name}："type" 必须是 "object"'))
    props = got.get("properties") if isinstance(got.get("properties"), dict) else {}
    for param, want in expected["properties"].items():
        if param not in props:
            problems.append(pick(f"{name}: no property {param!r}", f"{name}：没有属性 {param!r}"))
        elif said := _property(name, param, want, props[param]):
            problems.append(said)
    extra = sorted(set(props) - set(expected["properties"]))
    if extra:
        problems.append(
            pick(f"{name}: properties no parameter has: {extra}", f"{name}：多出的属性 {extra}")
        )
    if said := _required(name, expected.get("required", []), got.get("required", ABSENT)):
        problems.append(said)
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
