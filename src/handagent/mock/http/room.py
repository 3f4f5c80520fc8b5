"""A room: one mock serving a workshop, each learner with their own state, and a page for the
instructor. python -m handagent.mock --room

    any API path    answered as the mock answers (`server.answer`), with the state of the
                    request's key: its threads, scripted replies, kept requests, and its place
                    in the replay cassettes (`replay`); a request the cassettes do not hold is
                    answered by the mock (`x-replay: mock` on the reply), unless `fallback` is off
    GET /room       the instructor's page (`room_page`): who is stuck first, then a row per
                    learner with their progress chapter by chapter; it polls /room.json
    GET /room.json  the same, as JSON (`Room.summary`)

A learner is a key that reaches an API path (`/v1/...`): a browser's /favicon.ico is nobody. Their
label is the key itself, cut to the shortest prefix no other key shares (give each learner a key
that is their seat, `seat-07`, and the page shows `seat-07`); a key that looks like a real one
shows as a short hash. Their chapter is the notebook their requests name (`x-handagent-notebook`,
sent from JupyterLab by `handagent.llm`), else the chapter of the exchange matched last.

Stuck: an error the chapter does not make on purpose (the cassette holds it, or the request asked
for a fault with `x-mock-fault`: those are progress) came back the same a second time, or the
learner has made no progress for `stuck_after` seconds since an error. Any answer that is not an
error is progress, and clears it.

Not handled here: authentication (anyone who can reach the port can read /room: keep it on
the room's network), forgetting learners (a room lasts a day).
"""

import hashlib
import json
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from .access import api_key
from .cassettes import Cassette
from .replay import Replay, Replayed, notebook_of
from .room_page import PAGE
from .routes import Response
from .server import Read, State, answer

STUCK_AFTER_SECONDS = 180.0  # "no progress for a few minutes" after an error
ASKED_CHARACTERS = 80  # characters of what a learner asked, on the page
SAID_CHARACTERS = 400  # characters of an error, on the page (what they asked comes first)
SECRET_LIKE = re.compile(r"^sk-[A-Za-z0-9_-]{16,}$")  # a real key sent by mistake: never shown


@dataclass
class Learner:
    """One key's state and what the instructor sees of it."""

    state: State
    seen: float
    requests: int = 0
    chapter: str | None = None  # a notebook: "notebooks/03_feeding_results_back.ipynb"
    per_chapter: dict[str, int] = field(default_factory=dict)  # "03" -> requests made there
    off_script: int = 0  # requests the cassettes did not hold, answered (not refused) by the mock
    asked: str | None = None  # what the last error answered
    error: str | None = None  # the last unintended error, until progress clears it
    repeats: int = 0  # how many times in a row that same error came
    troubled_since: float | None = None  # the first error since the last progress


class Room:
    """Learners by key; `answer` is what the server's handler calls for every request."""

    def __init__(
        self,
        cassettes: tuple[Cassette, ...] = (),
        *,
        fallback: bool = True,
        stuck_after: float = STUCK_AFTER_SECONDS,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.cassettes = cassettes
        self.replay = Replay(cassettes, fallback) if cassettes else None  # each learner's: fresh()
        self.stuck_after = stuck_after
        self.clock = clock
        self.learners: dict[str, Learner] = {}
        self.nobody = State()  # what answers requests that are no learner's
        self.lock = threading.Lock()

    def learner(self, key: str) -> Learner:
        with self.lock:
            if key not in self.learners:
                replay = self.replay.fresh() if self.replay else None
                self.learners[key] = Learner(State(replay=replay), self.clock())
            return self.learners[key]

    def answer(self, method: str, path: str, headers: Mapping[str, str], read: Read) -> Response:
        if method == "GET" and path.split("?")[0] in ("/room", "/room.json"):
            return self.page(path.split("?")[0].endswith(".json"))
        lowered = {name.lower(): value for name, value in headers.items()}
        key = api_key(lowered)
        if not key or not path.startswith("/v1/"):  # no learner's traffic
            return answer(method, path, headers, read, self.nobody)
        learner, body = self.learner(key), []
        if learner.state.replay:
            learner.state.replay.forget()
        response = answer(method, path, headers, lambda n: body.append(read(n)) or body[-1],
                          learner.state)  # fmt: skip
        taken = learner.state.replay.taken() if learner.state.replay else None
        with self.lock:
            self._note(learner, lowered, b"".join(body), response, taken)
        return response

    def _note(self, learner: Learner, headers: dict, raw: bytes, response: Response,
              taken: Replayed | None) -> None:  # fmt: skip
        now = learner.seen = self.clock()
        learner.requests += 1
        named = notebook_of(headers)
        if named:
            learner.chapter = f"notebooks/{named}"
        elif taken is not None and taken.response is not None:
            learner.chapter = taken.notebook
        if learner.chapter:
            number = Path(learner.chapter).stem[:2]
            learner.per_chapter[number] = learner.per_chapter.get(number, 0) + 1
        answered = response.status is not None and response.status < 400
        learner.off_script += answered and response.headers.get("x-replay") == "mock"
        fault = headers.get("x-mock-fault", "")
        on_purpose = (taken is not None and taken.intended_error) or (
            fault != "" and not fault.startswith("slow=")
        )
        if on_purpose or answered:
            learner.error, learner.repeats, learner.troubled_since = None, 0, None
            return
        said = _error_line(response)
        learner.repeats = learner.repeats + 1 if said == learner.error else 1
        learner.error, learner.asked = said, _asked(raw)
        learner.troubled_since = learner.troubled_since or now

    def stuck(self, learner: Learner, now: float) -> str | None:
        """Why a learner is stuck, or None. Example: "the same error 2 times in a row"."""
        if learner.error is None:
            return None
        if learner.repeats >= 2:
            return f"the same error {learner.repeats} times in a row"
        waited = now - (learner.troubled_since or now)
        if waited >= self.stuck_after:
            return f"no progress for {waited / 60:.0f} min since an error"
        return None

    def summary(self) -> dict:
        """Example: {"learners": [{"label": "seat-07", "state": "stuck", "why": "the same error 2
        times in a row", "chapter": "notebooks/03_...", "progress": {"03": "4/9"}, "requests": 6,
        "off_script": 0, "asked": "What time is it?", "last_error": "HTTP 400 ...",
        "seconds_ago": 2}, ...], "chapters": ["00", ..., "12"]}, stuck learners first."""
        now = self.clock()
        with self.lock:
            named = learner_labels(list(self.learners))
            rows = [self._row(named[key], learner, now) for key, learner in self.learners.items()]
        order = {"stuck": 0, "error": 1, "ok": 2}
        rows.sort(key=lambda row: (order[row["state"]], row["label"]))
        chapters = {Path(c.notebook).stem[:2] for c in self.cassettes}
        chapters |= {number for row in rows for number in row["progress"]}
        return {"learners": rows, "chapters": sorted(chapters)}

    def _row(self, label: str, learner: Learner, now: float) -> dict:
        why = self.stuck(learner, now)
        progress = {number: str(count) for number, count in learner.per_chapter.items()}
        for notebook, (done, of) in (learner.state.replay.progress().items()
                                     if learner.state.replay else ()):  # fmt: skip
            progress[Path(notebook).stem[:2]] = f"{done}/{of}"
        return {
            "label": label,
            "state": "stuck" if why else "error" if learner.error else "ok",
            "why": why,
            "chapter": learner.chapter,
            "progress": progress,
            "requests": learner.requests,
            "off_script": learner.off_script,
            "asked": learner.asked if learner.error else None,
            "last_error": learner.error,
            "seconds_ago": round(now - learner.seen),
        }

    def page(self, as_json: bool) -> Response:
        body = json.dumps(self.summary()).encode() if as_json else PAGE.encode()
        kind = "application/json" if as_json else "text/html; charset=utf-8"
        return Response(200, {"content-type": kind, "content-length": str(len(body)),
                              "cache-control": "no-store"}, body)  # fmt: skip


def learner_labels(keys: list[str]) -> dict[str, str]:
    """Each key's label: its shortest prefix no other key shares (at least 8 characters), the
    whole key when that is all; a key that looks real, as a hash no other shares.

    Example: ["seat-1", "seat-12", "learner-one-0001", "learner-two-0002"] -> {"seat-1":
    "seat-1", "seat-12": "seat-12", "learner-one-0001": "learner-o…", "learner-two-0002":
    "learner-t…"}
    """
    shown = {key: f"#{hashlib.sha256(key.encode()).hexdigest()}" if SECRET_LIKE.match(key) else key
             for key in keys}  # fmt: skip
    ordered = sorted(shown.values())
    unique = {}
    for index, text in enumerate(ordered):
        neighbours = ordered[max(index - 1, 0) : index] + ordered[index + 1 : index + 2]
        shared = max((_common(text, other) for other in neighbours), default=0)
        length = max(shared + 1, 7 if text.startswith("#") else 8)
        unique[text] = text if length >= len(text) else text[:length] + "…"
    return {key: "key " + unique[text] if text.startswith("#") else unique[text]
            for key, text in shown.items()}  # fmt: skip


def _common(one: str, two: str) -> int:
    count = 0
    for a, b in zip(one, two, strict=False):
        if a != b:
            break
        count += 1
    return count


def _asked(raw: bytes) -> str | None:
    """The last user message's words in a request. Example: b'{"messages": [{"role": "user",
    "content": "Hi"}]}' -> "Hi"; a tool_result -> "[tool_result]"."""
    try:
        messages = json.loads(raw).get("messages")
        content = next(m["content"] for m in reversed(messages) if m.get("role") == "user")
    except (ValueError, AttributeError, TypeError, KeyError, StopIteration):
        return None
    if isinstance(content, list):
        content = " ".join(b.get("text", "") if b.get("type") == "text" else f"[{b.get('type')}]"
                           for b in content if isinstance(b, dict))  # fmt: skip
    text = " ".join(str(content).split())
    return text if len(text) <= ASKED_CHARACTERS else text[: ASKED_CHARACTERS - 1] + "…"


def _error_line(response: Response) -> str:
    """Example: a 400 envelope -> "HTTP 400 invalid_request_error: messages: ..." (cut at 400)."""
    if response.status is None:
        return "no answer: the connection was closed"
    try:
        error = json.loads(response.body)["error"]
        words = f"{error['type']}: {error['message']}"
    except (ValueError, KeyError, TypeError):
        words = "no envelope"
    return f"HTTP {response.status} {words}"[:SAID_CHARACTERS]
