"""A room: one mock serving a workshop, each learner with their own state, and a page for the
instructor. python -m handagent.mock --room

    any API path    answered as the mock answers (`server.answer`), with the state of the
                    request's key: its threads, scripted replies, kept requests, and its place
                    in the replay cassettes when the room has some (`replay`), else the mock
    GET /room       the instructor's page: per key (masked), the chapter reached, the requests
                    made, the last error returned; it polls /room.json every second
    GET /room.json  the same, as JSON

Only what the requests show is kept: no names. The chapter reached is the notebook of the
cassette exchange a learner's request matched last (so a room without cassettes shows none).

Not handled here: authentication (anyone who can reach the port can read /room: keep it on
the room's network), forgetting learners (a room lasts a day).
"""

import json
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field

from .access import api_key
from .cassettes import Cassette
from .replay import Replay
from .routes import Response
from .server import Read, State, answer

PAGE = """<!doctype html><html><head><meta charset="utf-8"><title>handagent room</title>
<style>body{font-family:sans-serif;margin:2em}td,th{padding:4px 12px;text-align:left}
tr.stuck{background:#fdd}</style></head><body><h1>The room</h1>
<p id="summary">waiting for the first request…</p>
<table><thead><tr><th>learner</th><th>chapter reached</th><th>requests</th>
<th>last error</th><th>last seen</th></tr></thead><tbody id="learners"></tbody></table>
<script>
async function refresh() {
  const room = await (await fetch("/room.json")).json();
  document.getElementById("summary").textContent = room.learners.length + " learners";
  document.getElementById("learners").replaceChildren(...room.learners.map(l => {
    const row = document.createElement("tr");
    row.className = l.last_error ? "stuck" : "";
    for (const v of [l.key, l.chapter || "—", l.requests, l.last_error || "—",
                     l.seconds_ago + " s ago"]) {
      const cell = document.createElement("td"); cell.textContent = v; row.append(cell);
    }
    return row;
  }));
}
refresh(); setInterval(refresh, 1000);
</script></body></html>"""


def mask(key: str) -> str:
    """A key as the page shows it. Example: "workshop-key-0042" -> "wor…0042"; "k1" -> "…1"."""
    return f"{key[:3]}…{key[-4:]}" if len(key) >= 12 else f"…{key[-1:]}"


@dataclass
class Learner:
    """One key's state and what the instructor sees of it."""

    state: State
    requests: int = 0
    last_error: str | None = None
    last_seen: float = field(default_factory=time.monotonic)


class Room:
    """Learners by key; `answer` is what the server's handler calls for every request."""

    def __init__(self, cassettes: tuple[Cassette, ...] = ()) -> None:
        self.cassettes = cassettes
        self.learners: dict[str, Learner] = {}
        self.lock = threading.Lock()

    def learner(self, key: str) -> Learner:
        with self.lock:
            if key not in self.learners:
                replay = Replay(self.cassettes) if self.cassettes else None
                self.learners[key] = Learner(State(replay=replay))
            return self.learners[key]

    def answer(self, method: str, path: str, headers: Mapping[str, str], read: Read) -> Response:
        if method == "GET" and path.split("?")[0] in ("/room", "/room.json"):
            return self.page(path.split("?")[0].endswith(".json"))
        key = api_key({name.lower(): value for name, value in headers.items()}) or "(no key)"
        learner = self.learner(key)
        response = answer(method, path, headers, read, learner.state)
        with self.lock:
            learner.requests += 1
            learner.last_seen = time.monotonic()
            if response.status is not None and response.status >= 400:
                learner.last_error = _error_line(response)
            elif response.status is not None:
                learner.last_error = None  # answered: no longer stuck
        return response

    def summary(self) -> dict:
        """Example: {"learners": [{"key": "…1", "chapter": "notebooks/03_...", "requests": 4,
        "last_error": None, "seconds_ago": 2}]}"""
        now = time.monotonic()
        with self.lock:
            rows = [
                {
                    "key": mask(key),
                    "chapter": learner.state.replay.chapter() if learner.state.replay else None,
                    "requests": learner.requests,
                    "last_error": learner.last_error,
                    "seconds_ago": round(now - learner.last_seen),
                }
                for key, learner in self.learners.items()
            ]
        return {"learners": rows}

    def page(self, as_json: bool) -> Response:
        body = json.dumps(self.summary()).encode() if as_json else PAGE.encode()
        kind = "application/json" if as_json else "text/html; charset=utf-8"
        return Response(200, {"content-type": kind, "content-length": str(len(body)),
                              "cache-control": "no-store"}, body)  # fmt: skip


def _error_line(response: Response) -> str:
    """Example: a 400 envelope -> "HTTP 400 invalid_request_error: messages: ..." (cut at 200)."""
    try:
        error = json.loads(response.body)["error"]
        words = f"{error['type']}: {error['message']}"
    except (ValueError, KeyError, TypeError):
        words = "no envelope"
    return f"HTTP {response.status} {words}"[:200]
