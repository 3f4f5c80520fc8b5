"""`make test`'s notebook stage against its floor, in one run.

    .venv/bin/python benchmarks/notebook_floor.py [--repeat 2] [--target 1.5]

The series: every notebook, run by `make nbval` itself. The floor: as many notebooks whose one
cell imports the SDK (kernel start, `import anthropic`, shutdown: what no notebook can do
without), run by the same `make nbval` (NB_PATHS pointing at them), in the same run. Both are
timed twice: one kernel at a time (NB_WORKERS=0), and as `make test` runs them (its
NB_WORKERS). The notebooks' own intentional waits are measured while the series runs: an IPython
startup file (in a temporary IPYTHONDIR, for both runs) logs every `time.sleep` and every wait of
the main thread on a `Future`, and a wait counts for the time the main thread was blocked on a
sleep: its own sleeps, plus its waits on futures while a tool thread slept. A tool abandoned at
its timeout keeps sleeping in its thread; only the part the notebook waited for counts.
Targets: one at a time, series <= target x floor + waits; as make runs them, series <= target x
floor, waits included (they overlap other kernels' work there, so they are not subtracted).

Not measured here: the lint and unit stages; JupyterLab in a browser (tests/browser).
"""

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
# What `make nbval` runs: both editions (as the Makefile's NOTEBOOKS), one floor notebook each
NOTEBOOKS = sorted(
    notebook
    for folder in (ROOT / "notebooks", ROOT / "notebooks" / "zh-CN")
    for notebook in folder.glob("[0-9][0-9]_*.ipynb")
)
FLOOR = ROOT / "build" / "notebook-floor"  # inside the repository: the same pytest config
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
               "outputs": [], "source": ["import anthropic"]}],
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


def nbval(folder: Path, workers: str, ipython_dir: Path, waits_dir: Path) -> tuple[float, str]:
    """Wall time of `make nbval` on the notebooks in `folder`, and pytest's last line."""
    paths = folder.relative_to(ROOT)
    command = [
        "make",
        "--no-print-directory",
        "nbval",
        f"NB_PATHS={paths}",
        f"NB_WORKERS={workers}",
    ]
    env = {key: value for key, value in os.environ.items() if not key.startswith("MAKE")}
    env.update(IPYTHONDIR=str(ipython_dir), WAITS_DIR=str(waits_dir))
    started = time.perf_counter()
    done = subprocess.run(command, cwd=ROOT, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - started
    summaries = [line for line in done.stdout.splitlines() if " in " in line and "passed" in line]
    last = (summaries or ["(no summary)"])[-1].strip("= ")
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-2000:], sep="\n")
        raise SystemExit(f"nbval failed on {folder}: {last}")
    return elapsed, last


def import_seconds() -> float:
    """What a fresh kernel's first cells import (the SDK, the package), in seconds."""
    code = "import time; t = time.perf_counter(); import handagent.llm, handagent.tools; "
    code += "print(time.perf_counter() - t)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    return float(done.stdout)


def make_workers() -> str:
    """NB_WORKERS as the Makefile sets it for `make test`."""
    makefile = (ROOT / "Makefile").read_text()
    return re.search(r"^NB_WORKERS \?= (\d+)$", makefile, re.M).group(1)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="runs of each; medians count")
    parser.add_argument("--target", type=float, default=TARGET)
    args = parser.parse_args(argv)
    subprocess.run(["make", "-s", "setup"], cwd=ROOT, check=True)
    ways = {"one at a time": "0", "as make test runs them": make_workers()}
    runs: dict[tuple[str, str], list[float]] = {}
    lines: dict[tuple[str, str], str] = {}
    waited, imports = [], []
    shutil.rmtree(FLOOR, ignore_errors=True)
    FLOOR.mkdir(parents=True)
    try:
        for notebook in NOTEBOOKS:  # notebooks/zh-CN/00_x.ipynb -> FLOOR/zh-CN/00_x_floor.ipynb
            floor = FLOOR / notebook.relative_to(ROOT / "notebooks").parent
            floor.mkdir(parents=True, exist_ok=True)
            (floor / f"{notebook.stem}_floor.ipynb").write_text(json.dumps(NOTHING))
        with tempfile.TemporaryDirectory() as tmp:
            tmp_path = Path(tmp)
            startup = tmp_path / "ipython" / "profile_default" / "startup"
            startup.mkdir(parents=True)
            (startup / "00_waits.py").write_text(STARTUP)
            for round_ in range(args.repeat):
                for way, workers in ways.items():
                    for name, folder in (("series", ROOT / "notebooks"), ("floor", FLOOR)):
                        logs = tmp_path / f"{round_}-{workers}-{name}"
                        logs.mkdir()
                        seconds, lines[way, name] = nbval(
                            folder, workers, tmp_path / "ipython", logs
                        )
                        runs.setdefault((way, name), []).append(seconds)
                        if name == "series" and workers == "0":
                            waited.append(waits(logs))
                imports.append(import_seconds())
    finally:
        shutil.rmtree(FLOOR, ignore_errors=True)
    median = {key: statistics.median(values) for key, values in runs.items()}
    w = statistics.median(waited)
    editions = "both editions, " if any(n.parent != ROOT / "notebooks" for n in NOTEBOOKS) else ""
    rounds = f"{args.repeat} round(s), median"
    print(f"{len(NOTEBOOKS)} notebooks ({editions}as make nbval runs them), {rounds}:")
    print(f"  each kernel's first imports: {statistics.median(imports):.2f} s (SDK, package)")
    print(f"  waits {w:5.1f} s (the main thread blocked on time.sleep, its own or a tool's)")
    met = True
    for way, workers in ways.items():
        s, f = median[way, "series"], median[way, "floor"]
        print(f"  {way} (NB_WORKERS={workers}):")
        print(f"    series {s:6.1f} s   ({lines[way, 'series']})")
        print(f"    floor  {f:6.1f} s   ({lines[way, 'floor']}: start, import anthropic, stop)")
        allowed = args.target * f + (w if workers == "0" else 0.0)
        rest = s - w if workers == "0" else s
        verdict = "met" if s <= allowed else "MISSED"
        met = met and s <= allowed
        label = "(series - waits) / floor" if workers == "0" else "series / floor"
        print(f"    ratio {label}: {rest / f:.2f}x   target <= {args.target:g}x: {verdict}")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
