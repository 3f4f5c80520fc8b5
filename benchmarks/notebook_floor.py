"""`make test`'s notebook stage against its floor, in one run.

    .venv/bin/python benchmarks/notebook_floor.py [--repeat 2] [--target 1.5]

The series: every notebook under `pytest --nbval`, with the flags `make nbval` uses. The floor:
as many notebooks that do nothing (kernel start, one cell `1 + 1`, shutdown), under the same
runner with the same flags, in the same run. The notebooks' own intentional waits are measured
while the series runs: an IPython startup file (in a temporary IPYTHONDIR, for both runs) logs
every `time.sleep` and every wait of the main thread on a `Future`, and a wait counts for the
time the main thread was blocked on a sleep: its own sleeps, plus its waits on futures while a
tool thread slept. A tool abandoned at its timeout keeps sleeping in its thread; only the part
the notebook waited for counts. Target: series <= target x floor + waits.

Not measured here: the lint and unit stages; JupyterLab in a browser (tests/browser).
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
TARGET = 1.5
# Logs (kind, thread is main, start, end) of every sleep and Future wait, one file per kernel.
STARTUP = """
import concurrent.futures, json, os, threading, time
_log = open(os.path.join(os.environ["WAITS_DIR"], f"{os.getpid()}.jsonl"), "a", buffering=1)
_sleep, _result = time.sleep, concurrent.futures.Future.result

def _record(kind, started):
    main = threading.current_thread() is threading.main_thread()
    _log.write(json.dumps([kind, main, started, time.monotonic()]) + "\\n")

def sleep(seconds):
    started = time.monotonic()
    try:
        return _sleep(seconds)
    finally:
        _record("sleep", started)

def result(self, timeout=None):
    started = time.monotonic()
    try:
        return _result(self, timeout)
    finally:
        _record("wait", started)

time.sleep, concurrent.futures.Future.result = sleep, result
"""
NOTHING = {
    "cells": [{"cell_type": "code", "execution_count": 1, "id": "nothing", "metadata": {},
               "outputs": [{"data": {"text/plain": ["2"]}, "execution_count": 1, "metadata": {},
                            "output_type": "execute_result"}], "source": ["1 + 1"]}],
    "metadata": {"kernelspec": {"display_name": "Python 3", "language": "python",
                                "name": "python3"}},
    "nbformat": 4, "nbformat_minor": 5,
}  # fmt: skip


def union(intervals: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Overlapping intervals merged. Example: [(0, 2), (1, 3), (5, 6)] -> [(0, 3), (5, 6)]"""
    merged: list[tuple[float, float]] = []
    for start, end in sorted(intervals):
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def overlap(a: list[tuple[float, float]], b: list[tuple[float, float]]) -> list:
    """Where two sets of merged intervals overlap. Example: [(0, 3)], [(2, 5)] -> [(2, 3)]"""
    return [(max(s, t), min(e, f)) for s, e in a for t, f in b if max(s, t) < min(e, f)]


def waits(folder: Path) -> float:
    """Seconds the kernels' main threads spent blocked on an intentional sleep."""
    total = 0.0
    for log in folder.glob("*.jsonl"):
        records = [json.loads(line) for line in log.read_text().splitlines() if line]
        own = [(s, e) for kind, main, s, e in records if main and kind == "sleep"]
        waiting = union([(s, e) for kind, main, s, e in records if main and kind == "wait"])
        sleeping = union([(s, e) for kind, main, s, e in records if not main and kind == "sleep"])
        total += sum(e - s for s, e in union(own + overlap(waiting, sleeping)))
    return total


def nbval(folder: Path, ipython_dir: Path, waits_dir: Path) -> tuple[float, str]:
    """Wall time of `make nbval`'s command on the notebooks in `folder`, and its last line."""
    command = [
        sys.executable, "-m", "pytest", "-c", str(ROOT / "pyproject.toml"), "--rootdir",
        str(ROOT), "-p", "no:cacheprovider", "--nbval", "--nbval-current-env",
        "--nbval-sanitize-with", str(ROOT / "notebooks" / "sanitize.cfg"), "-q",
        "-o", f"testpaths={folder}", str(folder),
    ]  # fmt: skip
    env = dict(os.environ, HANDAGENT_PROVIDER="mock", IPYTHONDIR=str(ipython_dir))
    env["WAITS_DIR"] = str(waits_dir)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    last = (done.stdout.strip().splitlines() or ["(no output)"])[-1]
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-2000:], sep="\n")
        raise SystemExit(f"nbval failed on {folder}: {last}")
    return elapsed, last


def import_seconds() -> float:
    """What a fresh kernel's first cells import (the SDK, jsonschema, the package), in seconds."""
    code = "import time; t = time.perf_counter(); import handagent.llm, handagent.tools; "
    code += "print(time.perf_counter() - t)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each; medians count")
    parser.add_argument("--target", type=float, default=TARGET)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        tmp_path = Path(tmp)
        startup = tmp_path / "ipython" / "profile_default" / "startup"
        startup.mkdir(parents=True)
        (startup / "00_waits.py").write_text(STARTUP)
        floor_dir = tmp_path / "floor"
        floor_dir.mkdir()
        for notebook in NOTEBOOKS:
            (floor_dir / f"{notebook.stem}_nothing.ipynb").write_text(json.dumps(NOTHING))
        series, floor, waited, imports = [], [], [], []
        for round_ in range(args.repeat):
            series_waits, floor_waits = tmp_path / f"w{round_}", tmp_path / f"f{round_}"
            series_waits.mkdir(), floor_waits.mkdir()
            seconds, series_line = nbval(ROOT / "notebooks", tmp_path / "ipython", series_waits)
            series.append(seconds)
            waited.append(waits(series_waits))
            seconds, floor_line = nbval(floor_dir, tmp_path / "ipython", floor_waits)
            floor.append(seconds)
            imports.append(import_seconds())
    s, f, w = statistics.median(series), statistics.median(floor), statistics.median(waited)
    allowed = args.target * f + w
    print(f"{len(NOTEBOOKS)} notebooks under pytest --nbval, {args.repeat} round(s), median:")
    print(f"  series  {s:6.1f} s   ({series_line})")
    print(f"  floor   {f:6.1f} s   ({floor_line}: kernel start, one cell, shutdown)")
    print(f"  waits   {w:6.1f} s   (the main thread blocked on time.sleep, its own or a tool's)")
    each = statistics.median(imports)
    print(
        f"  of the rest, imports: {len(NOTEBOOKS)} kernels x {each:.1f} s (anthropic, jsonschema)"
    )
    print(f"  ratio (series - waits) / floor: {(s - w) / f:.2f}x   target <= {args.target:g}x")
    verdict = "met" if s <= allowed else "MISSED"
    print(f"  series {s:.1f} s vs {args.target:g} x floor + waits = {allowed:.1f} s: {verdict}")
    return 0 if s <= allowed else 1


if __name__ == "__main__":
    sys.exit(main())
