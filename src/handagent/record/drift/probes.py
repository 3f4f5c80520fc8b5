"""The drift check's corpus: probe requests, each with where it came from and, where the API was
recorded answering it, that answer.

    recorded(Path("tests/recorded"))   -> (Probe("recorded/llm-anthropic__..._0", "2025-11-15",
                                           ..., answer={"status": 200, "body": {...}}), ...)
    cases(Path("build/drift/cases.json")) -> (Probe("tests/api/test_checks.py::test_...", "", ...),
                                             ...)

Two sources. The requests of the traffic recorded from the real API (tests/recorded), with the
API's answer kept. And the requests the API rules' own tests put to `check_request`
(tests/api), collected as data by the pytest plugin `tests/drift_cases.py`: their `said` is what
the local check answered, not the API.

A recorded request is sent as its client sent it, less what the cassette dropped: with no
`anthropic-version` kept, 2023-06-01 (what clients before SDK 2.0 sent); and where its body
holds a beta field, block, tool or option, the `anthropic-beta` value that adds it, read from the
package's own table (`betas_in`, from `api.fields.BETAS`). Each restoration is named in `notes`.

Not handled here: sending (`__main__`), today's models for old requests (`today`), comparing
answers (`compare`).
"""

import json
from dataclasses import dataclass, field
from email.utils import parsedate_to_datetime
from pathlib import Path

from ...api import API_VERSION
from ...api.fields import BETAS, BLOCKS, TOOLS, top_level

OLD_VERSION = "2023-06-01"  # what clients sent before SDK 2.0, and a cassette without the header
_COUNT_TOKENS_PATH = "/v1/messages/count_tokens"


@dataclass(frozen=True)
class Probe:
    """One request of the corpus: its name and day (the day the API answered it, "" for a
    case of the rules' tests), what to send, and the API's recorded answer if there is one."""

    name: str
    date: str
    path: str  # "/v1/messages", or with "?beta=true"
    body: object  # any JSON: a case may send a body that is not an object
    version: str = API_VERSION
    betas: tuple[str, ...] = ()
    answer: dict | None = None  # {"status", "body"} or {"status", "events": [{"data"}...]}
    notes: tuple[str, ...] = ()  # what was restored: "no version header", "beta header dropped"
    said: dict | None = field(default=None, compare=False)  # a case: what check_request said

    @property
    def model(self) -> str:
        (
            """The model the body names. Example: {"model": "claude-haiku-5-5", ...} ->
        "claude-haiku-5-5"; a body of another shape -> """
            ""
        )
        return str(self.body.get("model", "")) if isinstance(self.body, dict) else ""

    def headers(self, key: str) -> dict[str, str]:
        """The headers to send it with. Example: key "k" -> {"x-api-key": "k",
        "anthropic-version": "2026-10-21", "content-type": "application/json"}"""
        sent = {"x-api-key": key, "anthropic-version": self.version,
                "content-type": "application/json"}  # fmt: skip
        return sent | ({"anthropic-beta": ",".join(self.betas)} if self.betas else {})

    def raw(self) -> bytes:
        """The body as the SDK writes it: compact JSON. Example: None -> b"null"."""
        return json.dumps(self.body, separators=(",", ":"), ensure_ascii=False).encode()


def beta_parts(body: dict, version: str, count_tokens: bool = False) -> set[tuple[str, str]]:
    """What a body holds that only a beta value adds, by the kind of `api.fields.BETAS`' rows:
    "fields", "blocks", "tools", "options".

    Example: {"model": ..., "context_management": {...}, "tools": [{"type": "mcp_toolset"}]}
        -> {("fields", "context_management"), ("tools", "mcp_toolset")}
    """
    used = {
        ("fields", name)
        for name in set(body) - top_level(version=version, count_tokens=count_tokens)
    }
    for message in body.get("messages") or []:
        content = message.get("content") if isinstance(message, dict) else None
        if isinstance(content, list):
            kinds = {b.get("type") for b in content if isinstance(b, dict)} - set(BLOCKS)
            used |= {("blocks", kind) for kind in kinds if isinstance(kind, str)}
    tools = {t.get("type") for t in body.get("tools") or [] if isinstance(t, dict)} - set(TOOLS)
    used |= {("tools", kind) for kind in tools if isinstance(kind, str)}
    options = {option for row in BETAS.values() for option in row.get("options", ())}
    used |= {("options", option) for option in options if _holds(body, option)}
    return used


def _dict(value: object) -> dict:
    return value if isinstance(value, dict) else {}


def _holds(body: dict, option: str) -> bool:
    """Whether a body sets a beta option. Example: ({"thinking": {"display": "updates"}},
    "thinking.display.updates") -> True; "system_message.clear_at": a system message's key."""
    head, key, *value = option.split(".")
    if head == "system_message":
        holders = [m for m in body.get("messages") or [] if _dict(m).get("role") == "system"]
    else:
        holders = [_dict(body.get(head))]
    return any(key in h and (not value or h[key] == value[0]) for h in map(_dict, holders))


def betas_in(body: object, version: str = API_VERSION, count_tokens: bool = False) -> tuple:
    """The `anthropic-beta` values a body needs: for each beta part, the first value of
    `api.fields.BETAS` that adds it. Example: {"thread": {...}, ...} ->
    ("message-threads-2026-08-12",); a body with no beta part -> ()"""
    if not isinstance(body, dict):
        return ()
    found = []
    for kind, part in sorted(beta_parts(body, version, count_tokens)):
        adds = (beta for beta, row in BETAS.items() if part in row.get(kind, ()))
        found += [beta] if (beta := next(adds, None)) else []
    return tuple(dict.fromkeys(found))


def recorded_probe(path: Path) -> Probe:
    """One exchange of tests/recorded as a probe, with what its cassette dropped restored."""
    record = json.loads(path.read_text(encoding="utf-8"))
    request, response = record["request"], record["response"]
    headers, notes = request["headers"], []
    version = headers.get("anthropic-version")
    if version is None:
        version = OLD_VERSION
        notes.append("no version header")
    kept = tuple(b.strip() for b in headers.get("anthropic-beta", "").split(",") if b.strip())
    needed = betas_in(request["body"], version, request["path"] == _COUNT_TOKENS_PATH)
    if set(needed) - set(kept) and response["status"] == 200:  # the API took it: it carried them
        notes.append("beta header dropped")
    else:
        needed = ()
    stamp = response.get("date")  # the response's `date` header, where the cassette kept it
    day = parsedate_to_datetime(stamp).date().isoformat() if stamp else ""
    query = f"?{request['query']}" if request["query"] else ""
    return Probe(f"recorded/{path.stem}", day or record["source"]["committed"][:10],
                 request["path"] + query, request["body"], version,
                 tuple(dict.fromkeys(kept + needed)), response, tuple(notes))  # fmt: skip


def recorded(folder: Path) -> tuple[Probe, ...]:
    """Every exchange in a folder of recordings, as probes, by file name."""
    return tuple(recorded_probe(path) for path in sorted(folder.glob("*.json")))


def cases(path: Path) -> tuple[Probe, ...]:
    """The rules' test cases collected by tests/drift_cases.py, one probe per distinct request."""
    found: dict[str, Probe] = {}
    for case in json.loads(path.read_text(encoding="utf-8")):
        where = _COUNT_TOKENS_PATH if case["count_tokens"] else "/v1/messages"
        probe = Probe(case["test"], "", where, case["body"], case["version"],
                      tuple(case["betas"]), said=case["said"])  # fmt: skip
        found.setdefault(json.dumps([where, probe.body, probe.version, probe.betas]), probe)
    return tuple(found.values())
