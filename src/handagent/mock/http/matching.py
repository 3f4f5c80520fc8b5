"""Matching: what a request is compared on with a cassette's exchanges, and how a difference and
a chapter are named.

A request matches an exchange when their normalised forms are equal (`normalise`): the method,
path and query, the headers that change an answer (`cassettes.REQUEST_HEADERS`, not the key,
user-agent or x-stainless-*), and the body with its ids renumbered in order of appearance
(`toolu_01AbC...` -> `toolu_1`), since a notebook that makes its own ids makes new ones each run.

Not handled here: which exchange answers (`replay`: a learner's chapter and place).
"""

import json
import re
from pathlib import Path

from .cassettes import REQUEST_HEADERS

RENUMBERED = re.compile(  # ids a run makes anew: toolu_01AbC...
    r"^(toolu|srvtoolu|msg|call|req|thr|thread|file|mcptoolu)_[A-Za-z0-9_-]{4,}$"
)
CUT = 80  # characters of each value shown in a difference


def _renumber(value: object, seen: dict[str, str]) -> object:
    if isinstance(value, str) and RENUMBERED.match(value):
        prefix = value.split("_", 1)[0]
        return seen.setdefault(value, f"{prefix}_{len(seen) + 1}")
    if isinstance(value, dict):
        return {key: _renumber(item, seen) for key, item in value.items()}
    if isinstance(value, list):
        return [_renumber(item, seen) for item in value]
    return value


def normalise(request: dict) -> dict:
    """What a match compares. Example: {"method": "POST", ..., "body": {"messages": [... "id":
    "toolu_01XyZ" ...]}} -> {"method": "POST", ..., "body": {"messages": [... "toolu_1" ...]}}"""
    headers = {k: v for k, v in request.get("headers", {}).items() if k in REQUEST_HEADERS}
    headers.pop("content-type", None)  # the SDK and raw httpx word it differently
    headers.pop("x-mock-fault", None)
    shown = {key: request.get(key) for key in ("method", "path", "query")}
    shown["headers"] = headers
    return {**shown, **{k: _renumber(request[k], {}) for k in ("body", "text") if k in request}}


def first_difference(expected: object, got: object, where: str = "") -> tuple[str, str, str]:
    """The first place two JSON values differ, as (path, expected, got); () when equal.

    Example: ({"a": [1, 2]}, {"a": [1, 3]}) -> ("a[1]", "2", "3")
    """
    if isinstance(expected, dict) and isinstance(got, dict):
        for key in [*expected, *(k for k in got if k not in expected)]:
            inner = f"{where}.{key}" if where else key
            if key not in got:
                return inner, _show(expected[key]), "nothing (left out)"
            if key not in expected:
                return inner, "nothing (not sent)", _show(got[key])
            found = first_difference(expected[key], got[key], inner)
            if found:
                return found
        return ()
    if isinstance(expected, list) and isinstance(got, list):
        for index, (a, b) in enumerate(zip(expected, got, strict=False)):
            found = first_difference(a, b, f"{where}[{index}]")
            if found:
                return found
        if len(expected) != len(got):
            return f"{where} (length)", str(len(expected)), str(len(got))
        return ()
    if expected == got and type(expected) is type(got):
        return ()
    return where or "(the whole request)", _show(expected), _show(got)


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= CUT else text[: CUT - 1] + "…"


def likeness(a: dict, b: dict) -> int:
    """How many top-level body fields two requests share (a miss's nearest exchange)."""
    one, two = a.get("body"), b.get("body")
    if not (isinstance(one, dict) and isinstance(two, dict)):
        return 0
    return sum(one.get(key) == two.get(key) for key in {*one, *two})


def chapter_label(notebook: str) -> str:
    """Example: "notebooks/zh-CN/03_feeding_results_back.ipynb" -> "chapter 03 (zh-CN)"."""
    path = Path(notebook)
    edition = "" if path.parent.name in ("notebooks", "") else f" ({path.parent.name})"
    return f"chapter {path.stem[:2]}{edition}" if path.stem[:2].isdigit() else path.name


def named_as(notebook: str) -> str:
    """A cassette's notebook as a request names it. Example: "notebooks/03_x.ipynb" -> "03_x.ipynb";
    "notebooks/zh-CN/03_x.ipynb" -> "zh-CN/03_x.ipynb"."""
    return notebook.split("notebooks/", 1)[-1]
