"""Replay: answer a request with the reply a cassette recorded for it, or say where it differs.

A request matches an exchange when their normalised forms are equal (`matching`: ids renumbered,
only the headers that change an answer).

Each learner has a place: a chapter (a cassette) and a position in it. A request that names its
notebook (the header `x-handagent-notebook`, which `handagent.llm` sends from JupyterLab) is
matched in that chapter's cassette only; one that does not is matched in the chapter of the
place first, then in the others, a chapter's earliest exchange first (the first request of
chapter 03 is also chapter 02's first: only the header tells them apart for a new learner).
Within a chapter the first match after the place answers, so the same request asked twice gets
the two recorded replies; none after it, the place itself (a cell run again), else the chapter's
first match (a notebook run again from the top). The reply is the recorded bytes (thinking
blocks and their signatures included), so a replayed conversation verifies like the real one.

A request no exchange holds is a miss: the API's 400 `invalid_request_error` naming the chapter,
the exchange expected there and the first difference from it (path in the JSON, the cassette's
value, the request's), and the remedy: `with mock_instead():` around the cell (from any
process: inside it `handagent.llm` sends the header `x-replay: mock`). With `fallback` (a room's
default) or that header, the mock answers a miss instead, marked with the response header
`x-replay: mock`.

Not handled here: faults (`x-mock-fault` is the mock's, answered before replay), recording.
"""

import json
import threading
from dataclasses import dataclass
from pathlib import Path

from ...room import NOTEBOOK_HEADER, REPLAY_HEADER, mock_instead, mock_instead_open
from .cassettes import Cassette, load_cassettes, request_record, wire
from .matching import chapter_label, first_difference, likeness, named_as, normalise
from .routes import Response, error

__all__ = ["Replayed", "Replay", "answer_from", "mock_instead", "replaying"]


def mocked(headers: dict) -> bool:
    """Whether a miss goes to the mock: a `mock_instead()` block open here, or `x-replay: mock`."""
    return mock_instead_open() or headers.get(REPLAY_HEADER, "") == "mock"


def notebook_of(headers: dict) -> str | None:
    """The notebook a request says it comes from. Example: "zh-CN/03_x.ipynb" -> the same."""
    named = headers.get(NOTEBOOK_HEADER, "").strip()
    return named if named.endswith(".ipynb") else None


@dataclass(frozen=True)
class Replayed:
    """What replay made of one request: the recorded response, or a miss; where, in which
    chapter. Example: Replayed(response={"status": 400, ...}, notebook="notebooks/03_...ipynb",
    position=4, of=9) is an error the chapter makes on purpose."""

    response: dict | None  # None: a miss
    notebook: str | None = None  # the chapter matched, or the one expected
    position: int | None = None  # the exchange in its cassette, from 1
    of: int = 0  # the exchanges that cassette holds
    miss: str = ""  # a miss, worded

    @property
    def intended_error(self) -> bool:
        """An error the cassette itself holds: a cell that fails on purpose."""
        return self.response is not None and (self.response["status"] or 400) >= 400


class Replay:
    """One learner's place in a set of cassettes (each learner of a room has their own)."""

    def __init__(self, cassettes: tuple[Cassette, ...], fallback: bool = False) -> None:
        self.cassettes = cassettes
        self.fallback = fallback  # a miss is answered by the mock, not refused
        self.keys = [[normalise(e["request"]) for e in c.exchanges] for c in cassettes]
        self.where: dict[str, list[tuple[int, int]]] = {}  # a request, as text -> its exchanges
        for c, keys in enumerate(self.keys):
            for e, key in enumerate(keys):
                self.where.setdefault(json.dumps(key, sort_keys=True), []).append((c, e))
        self._start()

    def _start(self) -> None:
        self.place: tuple[int, int] | None = None  # (cassette, exchange) answered last
        self.reached: dict[int, set[int]] = {}  # per cassette, the exchanges answered
        self.lock = threading.Lock()
        self._local = threading.local()

    def fresh(self) -> "Replay":
        """Another learner's place in the same cassettes (nothing is normalised again)."""
        other = object.__new__(Replay)
        other.__dict__.update(self.__dict__)
        other._start()
        return other

    def find(self, method: str, target: str, headers: dict, raw: bytes) -> Replayed:
        """The recorded response for a request, or the miss, worded, with the chapter."""
        asked = normalise(request_record(method, target, headers, raw))
        named = notebook_of({name.lower(): value for name, value in headers.items()})
        scope = [c for c, cassette in enumerate(self.cassettes)
                 if named is None or named_as(cassette.notebook) == named]  # fmt: skip
        with self.lock:
            at = self._match(json.dumps(asked, sort_keys=True), scope)
            if at is None:
                outcome = self._miss(asked, scope, named)
            else:
                self.place = at
                self.reached.setdefault(at[0], set()).add(at[1])
                cassette = self.cassettes[at[0]]
                outcome = Replayed(cassette.exchanges[at[1]]["response"], cassette.notebook,
                                  at[1] + 1, len(cassette.exchanges))  # fmt: skip
        self._local.outcome = outcome
        return outcome

    def taken(self) -> Replayed | None:
        """What this thread's last `find` gave (the room reads it after answering)."""
        return getattr(self._local, "outcome", None)

    def forget(self) -> None:
        self._local.outcome = None

    def chapter(self) -> str | None:
        """The notebook of the exchange answered last. Example: "notebooks/03_feeding_...ipynb"."""
        return None if self.place is None else self.cassettes[self.place[0]].notebook

    def progress(self) -> dict[str, tuple[int, int]]:
        """Per notebook, the exchanges answered and those recorded. Example: {"notebooks/03_...":
        (4, 9)}"""
        with self.lock:
            return {self.cassettes[c].notebook: (len(done), len(self.cassettes[c].exchanges))
                    for c, done in self.reached.items()}  # fmt: skip

    def _match(self, text: str, scope: list[int]) -> tuple[int, int] | None:
        found = [at for at in self.where.get(text, ()) if at[0] in scope]
        if not found:
            return None
        if self.place is not None:  # the chapter of the place first: the next after the place,
            c, e = self.place  # else the place itself (a cell run again), else the first (a
            here = [at for at in found if at[0] == c]  # notebook run again from the top)
            later = [at for at in here if at[1] > e]
            if here:
                return later[0] if later else self.place if self.place in here else here[0]
        start = -1 if self.place is None else self.place[0]
        count = len(self.cassettes)
        return min(found, key=lambda at: (at[1], (at[0] - start - 1) % count))

    def _expected(self, asked: dict, scope: list[int]) -> tuple[int, int] | None:
        """The exchange a miss is compared with: in the learner's chapter, the next on the same
        path after the place; with no chapter known, the most alike of all."""
        same = [(c, e) for c in scope for e, key in enumerate(self.keys[c])
                if (key["method"], key["path"]) == (asked["method"], asked["path"])]  # fmt: skip
        if self.place is not None and (len(scope) > 1 or self.place[0] in scope):
            mine = [at for at in same if at[0] == self.place[0]]
            return next((at for at in mine if at[1] > self.place[1]), mine[0] if mine else None)
        if len(scope) == 1 or not same:
            return same[0] if same else None
        return max(same, key=lambda at: (likeness(self.keys[at[0]][at[1]], asked), -at[1]))

    def _miss(self, asked: dict, scope: list[int], named: str | None) -> Replayed:
        at = self._expected(asked, scope)
        remedy = (
            "To have the mock answer it, run the cell inside `with mock_instead():` (from "
            "handagent.llm import mock_instead), or send the header x-replay: mock."
        )
        if at is None:
            where = f"notebooks/{named}" if named else None
            kept = f"the cassette of {chapter_label(where)}" if where else "the cassettes"
            said = f"{kept} hold no {asked['method']} {asked['path']}"
            return Replayed(None, where, miss=f"replay: this request is not in {said}. {remedy}")
        cassette, of = self.cassettes[at[0]], len(self.cassettes[at[0]].exchanges)
        path, theirs, ours = first_difference(self.keys[at[0]][at[1]], asked)
        return Replayed(
            None, cassette.notebook, at[1] + 1, of,
            f"replay: this request is not in the cassette of {chapter_label(cassette.notebook)} "
            f"({Path(cassette.path).name}), where exchange {at[1] + 1} of {of} is the nearest. "
            f"{remedy} First difference, at {path}: the cassette has {theirs}, the request has "
            f"{ours}.",
        )  # fmt: skip


def replaying(where: str | Path, fallback: bool = False) -> Replay:
    """A fresh place in the cassettes at `where` (a file, or a folder of them)."""
    return Replay(load_cassettes(Path(where)), fallback)


def answer_from(replay: Replay, method: str, target: str, headers: dict, raw: bytes, req_id: str):
    """The recorded response as the server sends it; None when the mock should answer instead.

    Example: a request exchange 3 holds -> Response(200, {"content-type": ..., "request-id":
    <recorded>}, <recorded bytes>); one no exchange holds -> the 400 naming the difference.
    """
    found = replay.find(method, target, headers, raw)
    if found.response is None:
        return None if replay.fallback or mocked(headers) else error(400, found.miss, req_id)
    if found.response["status"] is None:  # the upstream hung up without a word
        return Response(None, close=True)
    sent = wire(found.response)
    head = {"request-id": req_id, **found.response["headers"]}
    if isinstance(sent, tuple):  # a stream ends with the connection, as the mock's do
        return Response(found.response["status"], {**head, "connection": "close"}, events=sent,
                        close=True)  # fmt: skip
    return Response(found.response["status"], {**head, "content-length": str(len(sent))}, sent)
