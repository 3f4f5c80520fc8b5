"""Where two answers to one request differ: the API's ("theirs") and the mock's ("ours").

    differences({"status": 400, "body": {"error": {"type": "invalid_request_error",
                 "message": "a"}}}, {"status": 400, "body": {... "message": "b"}})
    -> [Difference("wording", "error.message", "a", "b")]

Compared: the status, the error's type and its words; for a reply, every field's presence and
value type at every level (the keys of `usage`, of each content block, of a stream's
`message_start` and last `message_delta`; not the values, which are generated), the reply's
`model`, which block types each side made, and for a stream its envelope (first and last
events) and the delta types of each block type. A field whose value is null on one side agrees
with any type; a tool's `input` and a block's `caller` are generated, so their insides are not
compared.

    kind     what differs                     theirs / ours
    status   the HTTP status                  "200" / "400 invalid_request_error: ..."
    type     the error's type                 "not_found_error" / "invalid_request_error"
    wording  the error's message              the two messages
    field    a key on one side only, or of    "absent" / "number", "str" / "number"
             another type (`where` names it:
             "usage.cache_creation", "text.citations", "delta.stop_details")
    model    the reply's model                the two ids
    block    a block type made by one side    "absent" / "tool_use"
    stream   streamed or not, the envelope,   "message_start, message_delta, message_stop" /
             a block type's deltas            ...

Not handled here: which differences a rule explains (tests/mock/test_recorded.py), the report.
"""

from dataclasses import dataclass
from typing import Literal

DifferenceKind = Literal["status", "type", "wording", "field", "model", "block", "stream"]
ABSENT = "absent"
OPAQUE = ("input", "caller")  # generated inside: only their presence is compared


@dataclass(frozen=True)
class Difference:
    """One way the mock's answer differs from the API's, at `where`."""

    kind: DifferenceKind
    where: str
    theirs: str
    ours: str


def json_type(value: object) -> str:
    """A JSON value's type name; whole and fractional numbers alike. Example: 1.5 -> "number\""""
    return {bool: "bool", int: "number", float: "number", str: "str", type(None): "null",
            dict: "object", list: "array"}[type(value)]  # fmt: skip


def error_line(answer: dict) -> str:
    """An answer's status and error. Example: "400 invalid_request_error: max_tokens: Field
    required"; a reply -> "200"; no answer -> "no answer\""""
    if answer.get("status") is None:
        return "no answer"
    error = (answer.get("body") or {}).get("error") if answer["status"] != 200 else None
    if not isinstance(error, dict):
        return str(answer["status"])
    return f"{answer['status']} {error.get('type')}: {error.get('message')}"


def differences(theirs: dict, ours: dict) -> list[Difference]:
    """Every way `ours` differs from `theirs` (answers as `transport` gives them), in order."""
    if theirs.get("status") != ours.get("status"):
        return [Difference("status", "", error_line(theirs), error_line(ours))]
    if theirs["status"] != 200:
        a, b = _error(theirs), _error(ours)
        found = [Difference("type", "error.type", a["type"], b["type"])] * (a["type"] != b["type"])
        return found + [Difference("wording", "error.message", a["message"], b["message"])] * (
            a["message"] != b["message"]
        )
    if ("events" in theirs) != ("events" in ours):
        said = {True: "a stream", False: "JSON"}
        return [Difference("stream", "", said["events" in theirs], said["events" in ours])]
    if "events" not in theirs:
        return _message(theirs.get("body") or {}, ours.get("body") or {})
    return _stream(_data(theirs), _data(ours))


def _error(answer: dict) -> dict:
    error = (answer.get("body") or {}).get("error")
    error = error if isinstance(error, dict) else {}
    return {"type": str(error.get("type")), "message": str(error.get("message"))}


def _data(answer: dict) -> list[dict]:
    return [e["data"] for e in answer["events"] if isinstance(e.get("data"), dict)]


def fields(where: str, theirs: dict, ours: dict) -> list[Difference]:
    """Keys on one side only, and values of another type, at every level below `where`.

    Example: ("usage", {"input_tokens": 9}, {"input_tokens": 9, "service_tier": "standard"})
        -> [Difference("field", "usage.service_tier", "absent", "str")]
    """
    found = []
    for key in [*theirs, *(k for k in ours if k not in theirs)]:
        at = f"{where}.{key}"
        a = json_type(theirs[key]) if key in theirs else ABSENT
        b = json_type(ours[key]) if key in ours else ABSENT
        if ABSENT in (a, b) or ("null" not in (a, b) and a != b):
            found.append(Difference("field", at, a, b))
        elif a == b == "object" and key not in OPAQUE:
            found += fields(at, theirs[key], ours[key])
    return found


def _message(theirs: dict, ours: dict) -> list[Difference]:
    """A reply's fields, its model and its blocks; the blocks matched by type."""
    top = [k for k in (*theirs, *ours) if k not in ("usage", "content")]
    found = fields("message", {k: theirs[k] for k in top if k in theirs},
                   {k: ours[k] for k in top if k in ours})  # fmt: skip
    found += fields("usage", theirs.get("usage") or {}, ours.get("usage") or {})
    if "model" in theirs and "model" in ours and theirs["model"] != ours["model"]:
        found.append(Difference("model", "message.model", str(theirs["model"]), str(ours["model"])))
    blocks = [b for b in theirs.get("content") or [] if isinstance(b, dict)]
    mine = [b for b in ours.get("content") or [] if isinstance(b, dict)]
    by_type = {b.get("type"): b for b in blocks}
    for block in mine:
        if block.get("type") in by_type:
            found += fields(str(block["type"]), by_type[block["type"]], block)
    sent, made = ({str(b.get("type")) for b in side} for side in (blocks, mine))
    found += [Difference("block", f"content.{kind}", kind, ABSENT) for kind in sorted(sent - made)]
    found += [Difference("block", f"content.{kind}", ABSENT, kind) for kind in sorted(made - sent)]
    return found


def _stream(theirs: list[dict], ours: list[dict]) -> list[Difference]:
    """A stream: its opening message and blocks as a reply, its last delta, envelope, grammars."""
    if not theirs or not ours:
        return [Difference("stream", "", str(len(theirs)), str(len(ours)))] * (theirs != ours)
    found = _message(*[{**events[0].get("message", {}), "content": blocks_started(events)}
                       for events in (theirs, ours)])  # fmt: skip
    last = [next((e for e in reversed(events) if e.get("type") == "message_delta"), None)
            for events in (theirs, ours)]  # fmt: skip
    if last[0] and last[1]:
        found += fields("delta", last[0].get("delta") or {}, last[1].get("delta") or {})
        found += fields("delta.usage", last[0].get("usage") or {}, last[1].get("usage") or {})
    if outline(theirs) != outline(ours):
        found.append(Difference("stream", "events", ", ".join(outline(theirs)),
                                ", ".join(outline(ours))))  # fmt: skip
    grammars = [grammars_by_type(events) for events in (theirs, ours)]
    for kind in sorted(set(grammars[0]) & set(grammars[1])):
        if grammars[0][kind] != grammars[1][kind]:
            shown = ["; ".join(", ".join(g) for g in sorted(side[kind])) for side in grammars]
            found.append(Difference("stream", f"{kind} deltas", *shown))
    return found


def grammars_by_type(events: list[dict]) -> dict[str, set[tuple[str, ...]]]:
    """The delta grammars a stream's blocks of each type followed. Example: two text blocks ->
    {"text": {("text_delta",)}}"""
    found: dict[str, set[tuple[str, ...]]] = {}
    for kind, seen in block_grammars(events):
        found.setdefault(kind, set()).add(seen)
    return found


def blocks_started(events: list[dict]) -> list[dict]:
    """The blocks a stream opens, as its `content_block_start` events carry them."""
    return [e["content_block"] for e in events if e.get("type") == "content_block_start"]


def outline(events: list[dict]) -> list[str]:
    """The envelope of a stream: first and last two events, pings and blocks left out.

    Example: [message_start, ping, block events..., message_delta, message_stop]
        -> ["message_start", "message_delta", "message_stop"]
    """
    names = [e.get("type") for e in events if e.get("type") != "ping"]
    return [str(n) for n in [names[0], *names[-2:]]] if names else []


def block_grammars(events: list[dict]) -> list[tuple[str, tuple[str, ...]]]:
    """Each block's type and its delta types in order, each run of one type counted once.

    Example: [start thinking, thinking_delta, thinking_delta, signature_delta, stop] ->
        [("thinking", ("thinking_delta", "signature_delta"))]
    """
    found, current = [], {}
    for event in events:
        if event.get("type") == "content_block_start":
            current[event["index"]] = (event["content_block"]["type"], [])
        elif event.get("type") == "content_block_delta" and event.get("index") in current:
            seen = current[event["index"]][1]
            if not seen or seen[-1] != event["delta"]["type"]:
                seen.append(event["delta"]["type"])
        elif event.get("type") == "content_block_stop" and event.get("index") in current:
            block_type, seen = current.pop(event["index"])
            found.append((block_type, tuple(seen)))
    return found
