"""How the mock model fills a tool's input: one value per property, read from the request by schema.

A property's name (then its description) says what kind of value it wants (`kinds`: an email, a
place, an id, free text...); the request offers candidates of each kind (`evidence.read`); the
first unused one of that kind is taken, from the clause that asked, else from the whole request
("weather and time in San Francisco" gives both calls the city). Then it is shaped to the
schema: type, enum, minimum and maximum, lengths, items. A required property always gets a
value; an optional one only when the request says something for it. When a required name, place,
id, email, path, date or such is nowhere in the request, `fill` reports it as missing (a careful
model asks) and puts in the best guess it has (a forced call must still be complete). Every input
made here validates against its schema (Draft 2020-12; see tests/mock/model/test_arguments.py).

Not handled here: world knowledge (Tokyo's time zone, Apple's ticker), dates relative to a clock
("tomorrow" stays the word), `pattern`, `$ref`, `allOf`; `anyOf` and `oneOf` take their first
branch; SQL is a plain SELECT over a table the request names.
"""

import math
import re

from .evidence import Evidence
from .kinds import Context, context, fit_string, guess, kind_of, kinds_required, string, strings
from .lexicon import ALSO, LANGUAGE_NAMES, STOP_WORDS, SYNONYMS, stem, terms, words

__all__ = ["Context", "context", "fill", "kinds_required"]
BROAD = {"arithmetic", *ALSO.values()}  # groups too wide to tell enum values apart


def fill(schema: object, ctx: Context) -> tuple[dict, list[str]]:
    """Arguments for a tool's input_schema, and the required properties the request never gave.

    Example: get_weather(city required), "weather in Paris" -> ({"city": "Paris"}, [])
    """
    missing: list[str] = []
    value = _object(schema if isinstance(schema, dict) else {}, ctx, missing, "", set())
    return (value if isinstance(value, dict) else {}), missing


def _object(spec: dict, ctx: Context, missing: list, path: str, used: set) -> dict:
    """An object's properties; `used` holds the strings already taken anywhere in the input."""
    properties = spec.get("properties") if isinstance(spec.get("properties"), dict) else {}
    required = [r for r in spec.get("required") or [] if r in properties]
    numbers = _numbers_for(properties, required, ctx)
    args: dict = {}
    for name, prop in properties.items():
        if prop is False:  # a schema no value meets: a model leaves it out
            continue
        prop = prop if isinstance(prop, dict) else {}
        must = name in required or len(args) < spec.get("minProperties", 0)
        value = _value(name, prop, ctx, must, missing, f"{path}{name}", numbers.get(name), used)
        if value is not _NOTHING:
            args[name] = value
    return args


_NOTHING = object()


def _value(name, spec, ctx, must, missing, path, number, used):
    """One property's value, or _NOTHING for an optional property the request says nothing for."""
    spec = _branch(spec)
    kind = _types(spec)[0]
    if "const" in spec:
        return spec["const"]
    if "enum" in spec and spec["enum"]:
        said = _said_enum(spec["enum"], ctx.clause) or _said_enum(spec["enum"], ctx.request)
        if said is not None or must:
            return said if said is not None else spec.get("default", spec["enum"][0])
        return _NOTHING
    if kind == "object":
        inner: list = []
        value = _object(spec, ctx, inner, path + ".", used)
        if not must and len(inner) == len(spec.get("required") or []) and not value:
            return _NOTHING
        missing.extend(inner)
        return value
    if kind == "array":
        return _array(name, spec, ctx, must, missing, path)
    if kind in ("number", "integer"):
        if number is None and not must:
            return _NOTHING
        return _number(spec, number if number is not None else _default_number(spec), kind)
    if kind == "boolean":
        said = _said_flag(name, ctx.clause.text, ctx.tool_words)
        if said is None:
            return bool(spec.get("default", False)) if must else _NOTHING
        return said
    if kind == "null":
        return None
    found = string(name, spec, ctx, used, must)
    if found is None and not must:
        return _NOTHING
    if found is None:
        missing.append(path)
        found = guess(spec, ctx)
    used.add(found)
    return fit_string(found, spec)


def _branch(spec: dict) -> dict:
    """The schema a value is made for: the first branch of anyOf/oneOf, merged with the rest."""
    for key in ("anyOf", "oneOf"):
        if isinstance(spec.get(key), list) and spec[key]:
            rest = {k: v for k, v in spec.items() if k != key}
            return _branch({**rest, **spec[key][0]})
    return spec


def _types(spec: dict) -> list[str]:
    kind = spec.get("type")
    kinds = [kind] if isinstance(kind, str) else [k for k in kind or [] if isinstance(k, str)]
    kinds = sorted(kinds, key=lambda k: k == "null")  # ["null", "string"] -> a string
    if kinds:
        return kinds
    return ["object"] if "properties" in spec else ["array"] if "items" in spec else ["string"]


def _said_enum(options: list, evidence: Evidence) -> object | None:
    """The enum value a text mentions, by word, stem or synonym. Example: (["add", "multiply"],
    "5 times 3") -> "multiply"."""
    text, said = evidence.text, terms(evidence.text)
    codes = {LANGUAGE_NAMES.get(name.lower()) for name, _ in evidence.languages} | {
        code for code, _ in evidence.currencies}  # fmt: skip
    for option in options:
        if isinstance(option, str) and option.strip():
            if re.search(rf"(?<!\w){re.escape(option)}(?!\w)", text, re.I) or option in codes:
                return option
    for option in options:  # all its words, or its own synonym group: "times" for "multiply"
        wanted = terms(str(option), numeric=True) if isinstance(option, str) else set()
        groups = wanted & SYNONYMS.keys() - BROAD
        if (wanted and wanted <= said) or (groups and groups <= said):
            return option
    numbers = [n for n, _ in evidence.numbers]
    return next((o for o in options if not isinstance(o, bool | str) and o in numbers), None)


def _array(name: str, spec: dict, ctx: Context, must: bool, missing: list, path: str) -> object:
    """A list from every candidate of the items' kind. Example: cities, "Paris and Oslo" ->
    ["Paris", "Oslo"]"""
    items = _branch(spec.get("items") if isinstance(spec.get("items"), dict) else {})
    kind = _types(items)[0]
    if "enum" in items and items["enum"]:
        found = [o for o in items["enum"] if _said_enum([o], ctx.clause) is not None]
    elif kind in ("number", "integer"):
        found = [_number(items, n, kind) for n, _ in ctx.clause.numbers]
    elif kind == "string" and "const" not in items:
        found = [fit_string(s, items) for s in strings(name, items, ctx)]
    else:
        found = []
    if not found and not must:
        return _NOTHING
    low, high = spec.get("minItems", 0), spec.get("maxItems", math.inf)
    if not found and (low or kind in ("object", "array", "boolean", "null") or "const" in items):
        found = [_value(name, items, ctx, True, missing, path + "[0]", None, set())]
    if spec.get("uniqueItems"):
        found = [v for i, v in enumerate(found) if not any(_same(v, w) for w in found[:i])]
    while len(found) < low:  # repeat the last one, made distinct if items must be unique
        found.append(_distinct(found, items) if spec.get("uniqueItems") else found[-1])
    return found[: int(min(high, len(found)))]


def _same(a: object, b: object) -> bool:
    return a == b and isinstance(a, bool) == isinstance(b, bool)


def _distinct(found: list, items: dict) -> object:
    """Another value for a unique list: the next enum value, number or numbered string."""
    last = found[-1]
    if items.get("enum"):
        return next((o for o in items["enum"] if not any(_same(o, f) for f in found)), last)
    if isinstance(last, bool):
        return not last
    if isinstance(last, int | float):
        step = items.get("multipleOf", 1)
        options = [last + step * k for k in range(1, 50)] + [last - step * k for k in range(1, 50)]
        ok = [o for o in options if _number(items, o, _types(items)[0]) == o]
        return next((o for o in ok if o not in found), last)
    if isinstance(last, str):
        base = fit_string(last, {**items, "maxLength": max(0, items.get("maxLength", 99) - 3)})
        return fit_string(f"{base} {len(found) + 1}", items)
    return last


def _numbers_for(properties: dict, required: list, ctx: Context) -> dict:
    """Numbers for the numeric properties: first by the words beside them ("for 3 days" -> days),
    then the rest in order (operands a, b). Example: {a, b}, "1234 + 5678" -> {"a": 1234, "b":
    5678}"""
    numeric = [n for n, p in properties.items() if isinstance(p, dict)
               and {"number", "integer"} & set(_types(_branch(p)))]  # fmt: skip
    pool = list(ctx.clause.numbers) or list(ctx.request.numbers)
    if re.search(r"\bsubtract\w*\s+\S+\s+from\b", ctx.clause.text, re.I):
        pool.reverse()  # "subtract 7 from 20" is 20 - 7
    given: dict = {}
    for name in numeric:  # an integer id: "user 1042"
        digits = [i for i in ctx.clause["ids"] + ctx.request["ids"] if i.isdigit()]
        if kind_of(name, properties[name]) == "ids" and digits:
            given[name] = int(digits[0])
    for name in (n for n in numeric if n not in given):
        spec = properties[name]
        mine = {stem(w) for w in words(f"{name} {spec.get('description', '')}")} - STOP_WORDS
        near = [i for i, (_, nearby) in enumerate(pool) if mine & nearby - {"number"}]
        if near:
            given[name] = pool.pop(near[0])[0]
    for name in sorted(numeric, key=lambda n: n not in required):
        plain = [i for i, (n, _) in enumerate(pool) if name in required or not 1900 <= n <= 2100]
        if name not in given and plain:
            given[name] = pool.pop(plain[0])[0]
    return given


def _default_number(spec: dict) -> float:
    if "default" in spec and isinstance(spec["default"], int | float):
        return spec["default"]
    if "minimum" in spec or "exclusiveMinimum" in spec:
        return spec.get("minimum", spec.get("exclusiveMinimum"))
    return 1


def _number(spec: dict, value: float, kind: str) -> int | float:
    """A number inside the schema's bounds. Example: ({"maximum": 10}, 25, "integer") -> 10."""
    low, high = spec.get("minimum", -math.inf), spec.get("maximum", math.inf)
    value = min(max(value, low), high)
    step = spec.get("multipleOf") or (1 if kind == "integer" else None)
    if "exclusiveMinimum" in spec and value <= spec["exclusiveMinimum"]:
        value = spec["exclusiveMinimum"] + (step or 1) / (1 if step else 2**10)
    if "exclusiveMaximum" in spec and value >= spec["exclusiveMaximum"]:
        value = spec["exclusiveMaximum"] - (step or 1) / (1 if step else 2**10)
    if step:  # the nearest multiple that stays in bounds
        low = max(low, spec.get("exclusiveMinimum", -math.inf) + 1e-12)
        high = min(high, spec.get("exclusiveMaximum", math.inf) - 1e-12)
        near = round(value / step) * step
        value = next((v for v in (near, near + step, near - step) if low <= v <= high), near)
        value = round(value, 10)
    if kind == "integer" or float(value).is_integer():
        return int(round(value)) if math.isfinite(value) else 0
    return value


def _said_flag(name: str, text: str, tool_words: frozenset[str]) -> bool | None:
    """True when the request names what a flag turns on: "with the forecast", include_forecast."""
    generic = {"include", "enable", "show", "is", "has", "with", "flag", "allow", "only", "use"}
    wanted = {stem(w) for w in words(name) if w not in generic | STOP_WORDS}
    wanted -= {stem(w) for w in tool_words}
    said = [stem(w) for w in words(text)]
    if not wanted or not wanted <= set(said):
        return None
    where = said.index(sorted(wanted)[0])
    return not {"no", "not", "without", "don't", "exclud", "never"} & set(
        said[max(0, where - 3) : where]
    )
