"""Cassettes: one notebook's traffic with a provider, as readable JSON a reviewer can diff.

    {"cassette": 1, "notebook": "notebooks/03_feeding_results_back.ipynb", "upstream": "mock",
     "recorded": "2026-12-03", "exchanges": [
        {"request": {"method": "POST", "path": "/v1/messages", "query": "",
                     "headers": {"anthropic-version": "2026-10-21"}, "body": {...}},
         "response": {"status": 200, "headers": {"content-type": "application/json", ...},
                      "json": "spaced", "body": {...}}},          # or "events": [{"event",
        ...]}                                                     #  "data"}, ...], or "text"

The shape of an exchange is the one `tests/recorded` uses. A response is kept so that `wire`
gives back its bytes exactly: JSON bodies and event data are stored parsed, with the `json` style
that reproduces them (the mock's `", "` spacing, the API's compact form); anything that style
does not reproduce is stored as `text`, or an event as `raw`. Only the headers that say what
the API did are kept (`RESPONSE_HEADERS`); keys are replaced by "[api key]" and the account id
header is dropped (`scrub`), so a cassette can be committed.

Not handled here: matching a request to an exchange (`replay`), recording (`handagent.record`).
"""

import json
import re
from dataclasses import dataclass
from pathlib import Path

CASSETTE_VERSION = 1
CASSETTES = Path("cassettes")  # where `make record` writes them, beside notebooks/
# Request headers that change what the API answers; the rest (user-agent, x-stainless-*, keys,
# content-length) vary between runs and machines and are not kept.
REQUEST_HEADERS = ("anthropic-version", "anthropic-beta", "content-type", "x-mock-fault",
                   "x-mock-obey-results", "x-mock-id-style")  # fmt: skip
RESPONSE_HEADERS = ("content-type", "request-id", "x-request-id", "retry-after", "retry-after-ms",
        "x-should-retry", "cache-control")  # fmt: skip
ACCOUNT_HEADERS = ("anthropic-organization-id",)
STYLES = {  # json style -> json.dumps arguments
    "spaced": {"ensure_ascii": False},  # the mock's
    "compact": {"ensure_ascii": False, "separators": (",", ":")},  # the API's
    "ascii": {},
    "ascii-compact": {"separators": (",", ":")},
}
SCRUBBED = "[api key]"
KEY_LIKE = re.compile(r"sk-ant-[A-Za-z0-9_-]{8,}")  # a real key, wherever it hides


def cassette_path(notebook: Path, out: Path = CASSETTES) -> Path:
    """Where a notebook's cassette sits: its path under notebooks/, under `out`.

    Example: notebooks/zh-CN/03_x.ipynb -> cassettes/zh-CN/03_x.json
    """
    parts = notebook.with_suffix(".json").parts
    under = parts[parts.index("notebooks") + 1 :] if "notebooks" in parts else parts[-1:]
    return out.joinpath(*under)


@dataclass(frozen=True)
class Cassette:
    """One notebook's exchanges, in the order they happened."""

    path: str  # where it was read from, for the error a miss gets
    notebook: str
    exchanges: tuple[dict, ...]
    upstream: str = "mock"  # what answered: "mock", or the API's address


def write_json(data: object, style: str) -> str:
    return json.dumps(data, **STYLES[style])


def _style_of(texts: list[str]) -> str | None:
    """The first style that writes every text back exactly. Example: ['{"a":1}'] -> "compact"."""
    try:
        parsed = [json.loads(text) for text in texts]
    except ValueError:
        return None
    for style in STYLES:
        if all(write_json(data, style) == text for data, text in zip(parsed, texts, strict=True)):
            return style
    return None


def split_events(raw: str) -> list[str]:
    """A stream's text as its events. Example: "event: a\\ndata: 1\\n\\n" -> ["event: a\\n..."]"""
    return [chunk for chunk in raw.split("\n\n") if chunk]


def response_record(status: int | None, headers: dict, raw: bytes) -> dict:
    """A response as the cassette keeps it: exactly rebuilt by `wire`."""
    kept = {k.lower(): v for k, v in headers.items() if k.lower() in RESPONSE_HEADERS}
    record: dict = {"status": status, "headers": kept}
    text = raw.decode("utf-8", errors="surrogateescape")
    if kept.get("content-type", "").startswith("text/event-stream"):
        events = []
        for chunk in split_events(text):
            head, _, data = chunk.partition("\ndata: ")
            style = _style_of([data]) if head.startswith("event: ") else None
            if style is None or f"{head}\ndata: {write_json(json.loads(data), style)}" != chunk:
                events.append({"raw": chunk})
            else:
                events.append({"event": head.removeprefix("event: "), "data": json.loads(data)})
                record.setdefault("json", style)
                if record["json"] != style:  # mixed styles: this event keeps its own text
                    events[-1] = {"raw": chunk}
        record["events"] = events
        record["ends"] = text.endswith("\n\n")
        return record
    style = _style_of([text]) if text else None
    if style is None:
        record["text"] = text
    else:
        record["json"], record["body"] = style, json.loads(text)
    return record


def wire(response: dict) -> bytes | tuple[bytes, ...]:
    """The bytes of a kept response: a body, or a stream's events (each with its blank line)."""
    if "events" in response:
        style = response.get("json", "spaced")
        pieces = [
            (
                e["raw"]
                if "raw" in e
                else f"event: {e['event']}\ndata: {write_json(e['data'], style)}"
            )
            + "\n\n"
            for e in response["events"]
        ]
        if pieces and not response.get("ends", True):
            pieces[-1] = pieces[-1][:-2]
        return tuple(p.encode("utf-8", errors="surrogateescape") for p in pieces)
    if "text" in response:
        return response["text"].encode("utf-8", errors="surrogateescape")
    return write_json(response["body"], response["json"]).encode()


def reply_usage(response: dict) -> dict:
    """A kept reply's `usage`; a stream's merged from its events (each delta's running totals
    replace the ones before). Example: {"body": {"usage": {"input_tokens": 9, ...}}} -> {...}"""
    usage: dict = dict((response.get("body") or {}).get("usage") or {})
    for event in response.get("events", []):
        data = event.get("data") or {}
        usage.update((data.get("message") or {}).get("usage") or {})
        usage.update({k: v for k, v in (data.get("usage") or {}).items() if v is not None})
    return usage


def request_record(method: str, target: str, headers: dict, raw: bytes) -> dict:
    """A request as the cassette keeps it. Example: ("POST", "/v1/messages?beta=true", ...) ->
    {"method": "POST", "path": "/v1/messages", "query": "beta=true", "headers": ..., "body": ...}"""
    path, _, query = target.partition("?")
    lowered = {k.lower(): v for k, v in headers.items()}
    kept = {name: lowered[name] for name in REQUEST_HEADERS if name in lowered}
    record = {"method": method, "path": path, "query": query, "headers": kept}
    try:
        record["body"] = json.loads(raw) if raw else None
    except ValueError:
        record["text"] = raw.decode("utf-8", errors="replace")
    return record


def scrub(exchange: dict, *secrets: str | None) -> dict:
    """The exchange with every secret (keys, account ids) of 8 characters or more blanked."""
    text = json.dumps(exchange, ensure_ascii=False)
    for secret in secrets:
        if secret and len(secret) >= 8:
            text = text.replace(json.dumps(secret, ensure_ascii=False)[1:-1], SCRUBBED)
    return json.loads(KEY_LIKE.sub(SCRUBBED, text))


def save_cassette(
    path: Path, notebook: str, upstream: str, recorded: str, exchanges: list[dict]
) -> None:
    """Write a cassette: two-space indents, keys in the order recorded, a final newline."""
    document = {"cassette": CASSETTE_VERSION, "notebook": notebook, "upstream": upstream,
                "recorded": recorded, "exchanges": exchanges}  # fmt: skip
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(document, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")


def load_cassette(path: Path) -> Cassette:
    document = json.loads(path.read_text(encoding="utf-8"))
    if document.get("cassette") != CASSETTE_VERSION:
        raise ValueError(
            f"{path} is not a cassette of version {CASSETTE_VERSION}: record it again."
        )
    exchanges = tuple(document["exchanges"])
    return Cassette(str(path), document["notebook"], exchanges, document.get("upstream", "mock"))


def load_cassettes(where: Path) -> tuple[Cassette, ...]:
    """One cassette file, or every `*.json` under a folder (both editions), sorted by path."""
    if where.is_file():
        return (load_cassette(where),)
    if not where.is_dir():
        raise ValueError(f"no cassette at {where}: record one with python -m handagent.record.")
    return tuple(load_cassette(path) for path in sorted(where.rglob("*.json")))
