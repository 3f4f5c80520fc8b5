"""`make test` again and again on a clean clone while other processes keep every core busy.

    .venv/bin/python benchmarks/busy_machine.py              # 5 runs, a hog per core
    .venv/bin/python benchmarks/busy_machine.py --runs 2 --hogs 1

A test that passes on a quiet machine and fails on a busy one depends on timing luck: a sleep
used as synchronisation, a bound near the time the work takes. This clones the repository's HEAD
into a temporary folder (what CI checks out: committed files only), starts one busy loop per core
(`while True: pass`, in processes of their own), and runs `make test` there `--runs` times in a
row, the first one setting up .venv from nothing. It prints one line per run and stops at the
first red run, printing its end. Exit status 0 only if every run passed.

Not measured here: how long `make test` takes on a quiet machine (suite_time.py does that).
"""

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
HOG = "while True: pass"


def clean_clone(target: Path) -> str:
    """Clone HEAD into `target`; the commit's short id."""
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(target)], check=True)
    return subprocess.run(
        ["git", "-C", str(target), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip


def make_test(folder: Path) -> tuple[int, float, str]:
    """`make test` in `folder`: exit status, seconds, and the output's last lines."""
    env = {key: value for key, value in os.environ.items() if not key.startswith("MAKE")}
    started = time.perf_counter()
    done = subprocess.run(
        ["make", "--no-print-directory", "test"], cwd=folder, env=env,
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
    )  # fmt: skip
    return done.returncode, time.perf_counter() - started, done.stdout


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--hogs", type=int, default=os.cpu_count() or 2, help="busy loops")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="handagent-busy-") as folder:
        clone = Path(folder) / "handagent"
        commit = clean_clone(clone)
        hogs = [subprocess.Popen([sys.executable, "-c", HOG]) for _ in range(options.hogs)]
        print(f"commit {commit}, {options.hogs} busy loop(s) on {os.cpu_count()} CPU(s)")
        try:
            for run in range(1, options.runs + 1):
                load = os.getloadavg()[0]
                status, seconds, output = make_test(clone)
                last = output.strip().splitlines()[-1] if output.strip() else "(no output)"
                note = " (set-up included)" if run == 1 else ""
                print(f"  run {run}  {seconds:6.1f} s{note}  load {load:4.1f}  {last}", flush=True)
                if status != 0:
                    print(output[-6000:])
                    return 1
        finally:
            for hog in hogs:
                hog.kill()
                hog.wait()
    print(f"{options.runs} of {options.runs} runs green")
    return 0


if __name__ == "__main__":
    sys.exit(main())
