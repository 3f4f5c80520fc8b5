"""Replay: answer a request with the reply a cassette recorded for it, or say where it differs.

A request matches an exchange when their normalised forms are equal (`normalise`): the method,
path and query, the headers that change an answer (`cassettes.REQUEST_HEADERS`, not the key,
user-agent or x-stainless-*), and the body with its ids renumbered in order of appearance
(`toolu_01AbC...` -> `toolu_1`), since a notebook that makes its own ids makes new ones each run.
Exchanges are used in order: the first unused exchange that matches answers, so the same
request asked twice gets the two recorded replies; once all are used, the last one used again
(a cell run twice). The reply is the recorded bytes (thinking blocks and their signatures
included), so a replayed conversation verifies like the real one.

A request no exchange holds is the API's 400 `invalid_request_error`, naming the first
difference from the exchange expected next (path in the JSON, the cassette's value, the
request's), and how to have the mock answer instead: `with mock_instead():` around the call in
this process, or the header `x-replay: mock` from anywhere.

Not handled here: faults (`x-mock-fault` is the mock's, answered before replay), recording.
"""

import json
import re
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from .cassettes import REQUEST_HEADERS, Cassette, load_cassettes, request_record, wire
from .routes import Response, error

RENUMBERED = re.compile(  # ids a run makes anew: toolu_01AbC...
    r"^(toolu|srvtoolu|msg|call|req|thr|thread|file|mcptoolu)_[A-Za-z0-9_-]{4,}$"
)
CUT = 80  # characters of each value shown in a difference
_MOCKED = {"open": 0}  # `mock_instead()` blocks open in this process (the server is a thread)


@contextmanager
def mock_instead() -> Iterator[None]:
    """Requests the cassette does not hold are answered by this process's mock meanwhile.

    Example: with mock_instead(): reply = call_model([user("something new")])
    """
    _MOCKED["open"] += 1
    try:
        yield
    finally:
        _MOCKED["open"] -= 1


def mocked(headers: dict) -> bool:
    """Whether a miss goes to the mock: a `mock_instead()` block open, or `x-replay: mock`."""
    return _MOCKED["open"] > 0 or headers.get("x-replay", "") == "mock"


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


class Replay:
    """One learner's place in a set of cassettes (each learner of a room has their own)."""

    def __init__(self, cassettes: tuple[Cassette, ...]) -> None:
        self.cassettes = cassettes
        self.keys = [[normalise(e["request"]) for e in c.exchanges] for c in cassettes]
        self.used: set[tuple[int, int]] = set()
        self.last: dict[str, tuple[int, int]] = {}  # a normalised request -> the last it got
        self.cursor: tuple[int, int] | None = None  # the exchange used last
        self.lock = threading.Lock()

    def find(self, method: str, target: str, headers: dict, raw: bytes) -> dict | str:
        """The recorded response for a request (a dict), or the miss, worded (a str)."""
        asked = normalise(request_record(method, target, headers, raw))
        text = json.dumps(asked, sort_keys=True)
        with self.lock:
            for c, keys in enumerate(self.keys):
                for e, key in enumerate(keys):
                    if (c, e) not in self.used and key == asked:
                        self.used.add((c, e))
                        self.last[text] = self.cursor = (c, e)
                        return self.cassettes[c].exchanges[e]["response"]
            if text in self.last:
                c, e = self.cursor = self.last[text]
                return self.cassettes[c].exchanges[e]["response"]
            return self._miss(asked)

    def chapter(self) -> str | None:
        """The notebook of the exchange used last. Example: "notebooks/03_feeding_...ipynb"."""
        return None if self.cursor is None else self.cassettes[self.cursor[0]].notebook

    def _expected(self, asked: dict) -> tuple[int, int] | None:
        """The exchange expected next: after the one used last, the first unused on its path."""
        same = [(c, e) for c, keys in enumerate(self.keys) for e, key in enumerate(keys)
                if key["path"] == asked["path"]]  # fmt: skip
        after = [at for at in same if self.cursor is None or at > self.cursor]
        unused = [at for at in after if at not in self.used] or after or same
        return unused[0] if unused else None

    def _miss(self, asked: dict) -> str:
        at = self._expected(asked)
        where = ", ".join(c.path for c in self.cassettes) or "no cassette"
        if at is None:
            said = f"the cassette ({where}) holds no {asked['method']} {asked['path']}."
        else:
            path, theirs, ours = first_difference(self.keys[at[0]][at[1]], asked)
            said = (
                f"first difference from exchange {at[1] + 1} of {self.cassettes[at[0]].path}, at "
                f"{path}: the cassette has {theirs}, the request has {ours}."
            )
        return (
            f"replay: this request is not in the cassette; {said} To have the mock answer this "
            "cell instead, run it inside `with mock_instead():` (from handagent.mock import "
            "mock_instead), or set HANDAGENT_PROVIDER=mock in .env and restart the kernel."
        )


def replaying(where: str | Path) -> Replay:
    """A fresh place in the cassettes at `where` (a file, or a folder of them)."""
    return Replay(load_cassettes(Path(where)))


def answer_from(replay: Replay, method: str, target: str, headers: dict, raw: bytes, req_id: str):
    """The recorded response as the server sends it; None when the mock should answer instead.

    Example: a request exchange 3 holds -> Response(200, {"content-type": ..., "request-id":
    <recorded>}, <recorded bytes>); one no exchange holds -> the 400 naming the difference.
    """
    found = replay.find(method, target, headers, raw)
    if isinstance(found, str):
        return None if mocked(headers) else error(400, found, req_id)
    if found["status"] is None:  # the upstream hung up without a word
        return Response(None, close=True)
    sent = wire(found)
    head = {"request-id": req_id, **found["headers"]}
    if isinstance(sent, tuple):  # a stream ends with the connection, as the mock's do
        return Response(found["status"], {**head, "connection": "close"}, events=sent, close=True)
    return Response(found["status"], {**head, "content-length": str(len(sent))}, sent)
