"""What kind of value a tool's property asks for, and the request's candidates of that kind.

A property's name, then its description, names its kind (`KINDS`): "customer_id" wants an id,
"to" described as "the recipient's email address" an email, "query" free text. `candidates`
lists the request's values of that kind, likeliest first: the place after "in", the currency
after a number for "from_currency", the words after "saying" for a message body, else the
request's subject (`freetext`).

Not handled here: shaping a value to its schema, numbers, enums and flags (see `arguments`).
"""

import re
from dataclasses import dataclass

from . import freetext
from .evidence import Evidence, read
from .lexicon import LANGUAGE_NAMES, remembered, stem, words

# kind -> words of a property's name or description that ask for it; the first kind found wins
KINDS = {
    "emails": "email mail", "urls": "url uri link website webpage href site domain",
    "paths": "path file filename filepath dir directory folder", "usernames": "username handle",
    "phones": "phone mobile telephone",
    "dates": "date day deadline birthday dob timestamp datetime when",
    "times": "time hour", "language": "language lang locale", "currency": "currency",
    "codes": "symbol ticker", "channels": "channel",
    "unit": "unit units",
    "ids": "id ids identifier sku isbn code number ref reference key uuid zip postal",
    "place": "city location place address country region state destination origin town area "
             "venue airport where",
    "person": "name person recipient author assignee owner contact customer attendee member "
              "employee",
    "expression": "expression formula equation calculation", "sql": "sql",
    "source": "snippet script program source python javascript", "tags": "tags keywords labels",
    "query": "query q search question prompt keyword term topic",
    "title": "title subject heading headline",
    "text": "text message body content note comment description summary input sentence review",
}  # fmt: skip
_KIND_OF = {stem(w): k for k, ws in reversed(KINDS.items()) for w in ws.split()}
FREE = ("expression", "sql", "source", "tags", "query", "title", "text", None)  # never "missing"
FROM = {"from", "source", "origin", "start", "base", "departure", "sender"}
TO = {"to", "target", "destination", "end", "arrival", "into", "recipient"}
PLACE_WORDS = {"in", "at", "near", "for", "from", "to", "of", "around", "visit"}
PERSON_WORDS = {"to", "for", "with", "by", "from", "named", "called", "cc", "invite", "email"}


@dataclass(frozen=True)
class Context:
    """What a call's arguments come from: the clause, the whole request, the tool's own words."""

    clause: Evidence
    request: Evidence
    tool_words: frozenset[str]  # its name's words
    tool_text: str  # its description and its schema's descriptions


def context(clause: str, request: str, tool: dict) -> Context:
    described = f"{tool.get('description', '')} {tool.get('input_schema', '')}"
    return Context(read(clause), read(request), frozenset(words(tool.get("name", ""))), described)


def kinds_required(schema: object) -> tuple[set[str], list[str]]:
    """The kinds of a schema's required top-level properties, and the ids its descriptions give
    as examples. Example: {"ticket_id": "Ticket, e.g. TCK-1001"} -> ({"ids"}, ["TCK-1001"])"""
    schema = schema if isinstance(schema, dict) else {}
    properties = schema.get("properties") if isinstance(schema.get("properties"), dict) else {}
    kinds, examples = set(), []
    for name in schema.get("required") or []:
        spec = properties.get(name) if isinstance(properties.get(name), dict) else {}
        kinds.add(kind_of(name, spec))
        examples += read(spec.get("description", ""))["ids"]
    return kinds, examples


@remembered
def _first_kind(text: str) -> str | None:
    """The first kind of KINDS a text's words name. Example: "Recipient email" -> "emails"."""
    found = {_KIND_OF[stem(w)] for w in words(text) if stem(w) in _KIND_OF}
    return next((kind for kind in KINDS if kind in found), None)


def kind_of(name: str, spec: dict) -> str | None:
    """What a property asks for. Example: ("to", {"description": "Recipient email"}) -> "emails"."""
    by_name, described = _first_kind(name), _first_kind(spec.get("description", ""))
    code = by_name in FREE or name == "code"  # "code": an id, unless described as a program
    if described in ("sql", "expression", "source") and code:
        return described
    if by_name == "person" and described in ("emails", "usernames", "ids", "place", "phones"):
        return described  # "recipient": "the recipient's email address"
    return by_name or described


def ordered(found: list, before: set[str], key=lambda c: c[1]) -> list[str]:
    """Candidates whose word before is one of `before` first. Example: ([("Bob", "with"),
    ("Paris", "in")], {"in"}) -> ["Paris", "Bob"]"""
    return [c[0] for c in sorted(found, key=lambda c: key(c) not in before)]


def candidates(kind: str | None, name: str, spec: dict, e: Evidence, ctx: Context) -> list[str]:
    """Every string of `kind` in one text, likeliest first."""
    mine = set(words(name))
    way = FROM if mine & FROM else TO if mine & TO else set()
    names = [(n.text, n.before) for n in e.names]
    described = f"{name} {spec.get('description', '')}".lower()
    if kind == "language":
        langs = ordered(list(e.languages), way or {"to", "into", "in"})
        wants_code = re.search(r"\bcode|\biso\b|639|two-letter|2-letter", described)
        return [LANGUAGE_NAMES[n.lower()] if wants_code else n for n in langs]
    if kind in ("currency", "unit"):
        found = list(e.currencies if kind == "currency" else e.units)
        return ordered(found, way if way != TO else TO | {"in"})
    if kind == "place":
        return ordered(names, way or PLACE_WORDS) + e["places"] + e["codes"]
    if kind == "person":
        return ordered(names, PERSON_WORDS) + e["usernames"]
    if kind == "ids":
        return e["ids"] + e["quoted"] + e["codes"] + [str(n) for n, _ in e.numbers]
    if kind == "paths":  # "my notes.md" quoted, over the notes.md inside it
        return [q for q in e["quoted"] if re.search(r"[./]", q)] + e["paths"] + e["quoted"]
    if kind in ("usernames", "codes"):
        return e[kind] + e["quoted"] + (e["ids"] if kind == "usernames" else [])
    if kind in ("emails", "urls", "phones", "dates", "times", "channels"):
        return e[kind]
    made = None
    if kind == "expression":
        made = freetext.expression(e.text)
    elif kind == "sql":
        made = freetext.sql(e.text, ctx.tool_text)
    elif kind in ("title", "text"):
        made = freetext.after_cue(kind, e.text)
    elif kind == "source":  # code it cannot write: the sum it can, else the task as a comment
        sum_ = freetext.expression(e.text)
        made = f"print({sum_})" if sum_ else f"# {freetext.subject(e.text, ctx.tool_words)}"
    others = [n for n, _ in names] + e["ids"] + e["emails"] + e["paths"] if kind is None else []
    if kind == "title" and re.search(r"\b(?:book|novel)s?\b", f"{described} {ctx.tool_text}", re.I):
        others = [n for n, _ in names]  # a book's title is a name ("Dune"), an article's a topic
    first = [made] if kind in ("expression", "sql") else []
    return (
        first
        + e["quoted"]
        + ([made] if made else [])
        + others
        + [freetext.subject(e.text, ctx.tool_words)]
    )


def string(name: str, spec: dict, ctx: Context, used: set, must: bool) -> str | None:
    """The first unused candidate, from the clause then the whole request. An optional free-text
    property takes only what the request marks out: quoted text, an expression, "saying ..."."""
    kind = kind_of(name, spec)
    for evidence in (ctx.clause, ctx.request) if kind not in FREE else (ctx.clause,):
        found = candidates(kind, name, spec, evidence, ctx)
        if kind in FREE and not must:
            found = found[:-1] if kind else evidence["quoted"]  # no subject, no loose names
        for candidate in found:
            if candidate and candidate not in used:
                return candidate
    return None


def strings(name: str, spec: dict, ctx: Context) -> list[str]:
    """Every candidate for a list of strings. Example: "emails", "cc a@x.io and b@y.io" -> both."""
    kind = kind_of(name, spec) or kind_of(name.rstrip("s"), spec)
    if kind in FREE:
        quoted = ctx.clause["quoted"]
        return quoted or [s for s in [freetext.subject(ctx.clause.text, ctx.tool_words)] if s]
    found = candidates(kind, name, spec, ctx.clause, ctx)
    return list(dict.fromkeys(f for f in found if f))


def guess(spec: dict, ctx: Context) -> str:
    """A value for a required string the request never gave: the schema's example, else the
    request's subject. Example: {"description": "A city, e.g. Paris."} -> "Paris"."""
    for key in ("default", "examples"):
        value = spec.get(key)
        value = value[0] if isinstance(value, list) and value else value
        if isinstance(value, str):
            return value
    example = re.search(r"(?:e\.g\.|for example|such as|like)[,:]?\s+[\"'`“]?([^\"'`”,.;)]+)",
                        spec.get("description", ""))  # fmt: skip
    if example:
        return example.group(1).strip()
    return freetext.subject(ctx.clause.text, ctx.tool_words) or "unknown"


def fit_string(value: object, spec: dict) -> str:
    """A string within the schema's lengths. Example: ("Paris", {"maxLength": 3}) -> "Par"."""
    text = str(value)[: spec.get("maxLength", None)]
    return text + "_" * max(0, spec.get("minLength", 0) - len(text))
