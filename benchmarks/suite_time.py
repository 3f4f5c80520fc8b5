"""`make test` as it runs now (stages at once, tests on xdist workers) against the same suite run
one test after another, as `make test` used to, in one run on this machine.

    .venv/bin/python benchmarks/suite_time.py                # one round each: about 5 minutes
    .venv/bin/python benchmarks/suite_time.py --repeat 2     # rounds alternate; medians count
    .venv/bin/python benchmarks/suite_time.py --double       # also: every notebook twice

One after another is the same Makefile with its parallelism turned off: `make test -j1`-style
(PARALLEL=-j1) with WORKERS=0 and NB_WORKERS=0, so pytest runs in one process per stage: lint,
then the unit tests, then the notebooks, then the browser tests, exactly the stages and tests
`make test` runs. `--double` then times `make test` in a temporary copy of the repository where
every notebook also has a twin (`NN_slug_twin.ipynb`), the size the series is growing to (three
chapters from 06, a zh-CN edition, a second model). Target: parallel / serial <= 0.55.

Not measured here: set-up (see setup_time.py); both ways start with .venv ready.
"""

import argparse
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
TARGET = 0.55
SERIAL = ["PARALLEL=-j1", "WORKERS=0", "NB_WORKERS=0"]
STAGE_END = re.compile(r"--- [\w-]+: \d+ s \(\d+ CPU-s\), (passed|FAILED)$")


def make_test(folder: Path, overrides: list[str]) -> tuple[float, str]:
    """Seconds `make test` takes in `folder`, and its last line, after each stage's seconds.

    Example: -> (208.3, "lint 0 s, ..., test-browser 209 s\n    make test passed: lint ...")
    (a stage's seconds are whole: `date +%s` in the Makefile, so one may exceed the total)"""
    env = {key: value for key, value in os.environ.items() if not key.startswith("MAKE")}
    started = time.perf_counter()
    done = subprocess.run(
        ["make", "--no-print-directory", "test", *overrides],
        cwd=folder, env=env, capture_output=True, text=True,
    )  # fmt: skip
    elapsed = time.perf_counter() - started
    lines = done.stdout.strip().splitlines() or ["(no output)"]
    if done.returncode != 0:
        print(done.stdout[-4000:], done.stderr[-2000:], sep="\n")
    # each stage's last line: "--- unit: 194 s (251 CPU-s), passed"
    ends = [line.removeprefix("--- ").split(",")[0] for line in lines if STAGE_END.match(line)]
    return elapsed, f"{', '.join(end.replace(':', '') for end in ends)}\n    {lines[-1]}"


def twin_copy(target: Path) -> Path:
    """The repository's files (as in the work tree) with every notebook twice, and our .venv."""
    listed = subprocess.run(
        ["git", "-C", str(ROOT), "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        capture_output=True, check=True,
    ).stdout.decode()  # fmt: skip
    for name in filter(None, listed.split("\0")):
        if (ROOT / name).is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, target / name)
    for notebook in sorted((target / "notebooks").glob("[0-9][0-9]_*.ipynb")):
        shutil.copy2(notebook, notebook.with_name(f"{notebook.stem}_twin.ipynb"))
    (target / ".venv").symlink_to(ROOT / ".venv")  # the same environment, set up already
    return target


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=1, help="rounds; medians count")
    parser.add_argument("--double", action="store_true", help="also time twice the notebooks")
    parser.add_argument("--target", type=float, default=TARGET)
    args = parser.parse_args(argv)
    subprocess.run(["make", "-s", "setup"], cwd=ROOT, check=True)
    times: dict[str, list[float]] = {"serial": [], "parallel": []}
    for round_ in range(args.repeat):
        for name, overrides in (("serial", SERIAL), ("parallel", [])):
            seconds, last = make_test(ROOT, overrides)
            times[name].append(seconds)
            print(f"  round {round_ + 1}  {name:8}  {seconds:6.1f} s   {last}", flush=True)
    serial, parallel = statistics.median(times["serial"]), statistics.median(times["parallel"])
    ratio = parallel / serial
    print(f"make test, {os.cpu_count()} CPUs, {args.repeat} round(s), median:")
    print(f"  one test after another   {serial:6.1f} s")
    print(f"  stages at once, xdist    {parallel:6.1f} s")
    verdict = "met" if ratio <= args.target else "MISSED"
    print(f"  ratio parallel / serial: {ratio:.2f}   target <= {args.target:g}: {verdict}")
    if args.double:
        with tempfile.TemporaryDirectory() as tmp:
            folder = twin_copy(Path(tmp))
            count = len(list((folder / "notebooks").glob("[0-9][0-9]_*.ipynb")))
            seconds, last = make_test(folder, [])
        print(f"  with every notebook twice ({count} notebooks): {seconds:6.1f} s   {last}")
    return 0 if ratio <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
