"""A conference tutorial's load: 100 learners at once on one server, in room mode and plain mode.

    .venv/bin/python benchmarks/room_load.py [--learners 100] [--rounds 3]

Each mode's server runs in its own process on 127.0.0.1 (loopback only, asserted):
`python -m handagent.mock --room --port 0` (room mode: each key its own state and place in the
cassettes) and `python -m handagent.mock --port 0` (plain: one state, the mock answers all).

A simulated learner is a thread with its own key and its own HTTP/1.1 connection (http.client),
sending one chapter's requests in order, as its notebook sends them, `--rounds` times; half the
learners run chapter 03, half chapter 09, each request naming its notebook as JupyterLab's kernels
do. A chapter's requests are its cassette's (chapter 09's: a resumed loop and the same question
over both wires, OpenAI Chat's with its key as a Bearer token; its deliberate faults go to a mock
of the chapter's own, never to a room); a chapter whose cassette holds none is captured by
running the notebook once against the mock, its `answer` watched. In room mode both are
replayed from their cassettes; in plain mode the mock answers both. Every reply must have the
status recorded (the chapters' deliberate 400s are right answers); any other status, or a
transport error, is an error.

Per mode: one learner alone (both chapters in turn), then all at once (started by a barrier);
p50, p99 and max latency, requests per second, errors, and the ratio of the p50s and p99s.
Client and server share the machine: on two cores the ratio is mostly queueing.
"""

import argparse
import http.client
import json
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import nbformat
from nbclient import NotebookClient

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "benchmarks"))
from mock_latency import percentile  # noqa: E402

from handagent.llm import NOTEBOOK_HEADER  # noqa: E402
from handagent.mock.http.cassettes import load_cassette  # noqa: E402

CHAPTERS = ("03_feeding_results_back", "09_agent_loop")
KEPT = ("anthropic-version", "anthropic-beta", "content-type", "x-mock-fault",
        "x-mock-obey-results", "x-mock-id-style", "x-stainless-retry-count")  # fmt: skip
CEILING = 60.0  # seconds: a socket's timeout, for a stuck machine only
WATCH = """
import handagent.mock.http.server as _server
_seen, _answer = [], _server.answer
def _watched(method, path, headers, read, state):
    body = []
    response = _answer(method, path, headers, lambda n: body.append(read(n)) or body[-1], state)
    kept = {k.lower(): v for k, v in headers.items() if k.lower() in KEPT}
    _seen.append([method, path, kept, b"".join(body).decode(), response.status,
                  "authorization" in {k.lower() for k in headers}])
    return response
_server.answer = _watched
"""

Request = tuple[
    str, str, dict, bytes, int | None, bool
]  # method, target, headers, body, status, bearer


def sequence(stem: str) -> tuple[list[Request], str]:
    """A chapter's requests in order, with the status each got, and where they came from."""
    cassette = load_cassette(ROOT / "cassettes" / f"{stem}.json")
    if cassette.exchanges:
        found = []
        for exchange in cassette.exchanges:
            asked = exchange["request"]
            target = asked["path"] + (f"?{asked['query']}" if asked["query"] else "")
            body = json.dumps(asked["body"]).encode() if asked.get("body") is not None else b""
            bearer = asked["path"] == "/v1/chat/completions"  # OpenAI clients send it so
            found.append((asked["method"], target, dict(asked["headers"]), body,
                          exchange["response"]["status"], bearer))  # fmt: skip
        return found, "its cassette"
    return capture(ROOT / "notebooks" / f"{stem}.ipynb"), "captured from a run of the notebook"


def capture(path: Path) -> list[Request]:
    """Run a notebook against the mock with the mock's `answer` watched: what it sent, in order."""
    notebook = nbformat.read(path, as_version=4)
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "seen.json"
        notebook.cells.insert(0, nbformat.v4.new_code_cell(f"KEPT = {KEPT!r}\n{WATCH}"))
        notebook.cells.append(nbformat.v4.new_code_cell(
            f"import json\njson.dump(_seen, open({str(out)!r}, 'w'))"))  # fmt: skip
        env = {**os.environ, "HANDAGENT_PROVIDER": "mock"}
        client = NotebookClient(
            notebook, timeout=300, resources={"metadata": {"path": str(path.parent)}}
        )
        client.execute(env=env)
        seen = json.loads(out.read_text())
    return [(m, p, h, b.encode(), s, bearer) for m, p, h, b, s, bearer in seen]


def start(command: list[str]) -> tuple[subprocess.Popen, str]:
    """A server in its own process; it and the URL its "listening on" line names."""
    process = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    for line in process.stdout:  # a room says what it replays first
        if line.startswith("listening on "):
            return process, line.removeprefix("listening on ").strip()
    raise SystemExit(f"{command} did not start")


def learner(host: str, port: int, key: str, plan: list[tuple[str, list[Request]]], rounds: int,
            barrier: threading.Barrier | None, results: list) -> None:  # fmt: skip
    """Send each chapter's requests in order, `rounds` times; (seconds, right) per request."""
    connection = http.client.HTTPConnection(host, port, timeout=CEILING)
    if barrier:
        barrier.wait()
    for _ in range(rounds):
        for stem, requests in plan:
            for method, target, headers, body, status, bearer in requests:
                sent = {**headers, NOTEBOOK_HEADER: f"{stem}.ipynb",
                        "content-length": str(len(body))}  # fmt: skip
                sent["authorization" if bearer else "x-api-key"] = (
                    f"Bearer {key}" if bearer else key
                )
                started = time.perf_counter()
                try:
                    connection.request(method, target, body=body, headers=sent)
                    response = connection.getresponse()
                    response.read()
                    right = response.status == status
                    if response.getheader("connection", "").lower() == "close":
                        connection.close()
                except OSError:
                    right = status is None
                    connection.close()
                results.append((time.perf_counter() - started, right))
    connection.close()


def phase(base_url: str, learners: int, rounds: int, plans: list, tag: str) -> dict:
    host, port = base_url.removeprefix("http://").split(":")
    assert host == "127.0.0.1", f"loopback only, not {host}"
    results: list = []
    barrier = threading.Barrier(learners) if learners > 1 else None
    threads = [
        threading.Thread(target=learner, args=(host, int(port), f"{tag}-seat-{n:03d}",
                                               plans[n % len(plans)], rounds, barrier, results))
        for n in range(learners)
    ]  # fmt: skip
    started = time.perf_counter()
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    seconds = time.perf_counter() - started
    times = [t for t, _ in results]
    return {"requests": len(results), "errors": sum(not right for _, right in results),
            "p50": percentile(times, 0.5) * 1000, "p99": percentile(times, 0.99) * 1000,
            "max": max(times) * 1000, "per_second": len(results) / seconds}  # fmt: skip


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--learners", type=int, default=100)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    chapters = {stem: sequence(stem) for stem in CHAPTERS}
    for stem, (requests, source) in chapters.items():
        print(f"{stem}: {len(requests)} requests, {source}")
    plans = [[(stem, chapters[stem][0])] for stem in CHAPTERS]  # one chapter per learner
    both = [[(stem, chapters[stem][0]) for stem in CHAPTERS]]  # the lone learner: both
    modes = {"room": ["--room"], "plain": []}
    print("| mode | learners | requests | errors | p50 ms | p99 ms | max ms | req/s |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|")
    ratios = {}
    for mode, flags in modes.items():
        process, base_url = start([sys.executable, "-m", "handagent.mock", *flags, "--port", "0"])
        try:
            phase(base_url, 1, 1, both, f"{mode}-warm")
            alone = phase(base_url, 1, args.rounds * 2, both, f"{mode}-alone")
            crowd = phase(base_url, args.learners, args.rounds, plans, f"{mode}-crowd")
        finally:
            process.terminate()
            process.wait()
        for count, row in ((1, alone), (args.learners, crowd)):
            print(f"| {mode} | {count} | {row['requests']} | {row['errors']} | {row['p50']:.2f} | "
                  f"{row['p99']:.2f} | {row['max']:.1f} | {row['per_second']:.0f} |")  # fmt: skip
        ratios[mode] = (crowd["p50"] / alone["p50"], crowd["p99"] / alone["p99"], crowd["errors"])
    for mode, (p50, p99, errors) in ratios.items():
        print(
            f"{mode}: {args.learners} learners / 1, p50 {p50:.1f}x, p99 {p99:.1f}x; {errors} errors"
        )
    return 0 if all(errors == 0 for _, _, errors in ratios.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
