"""A cold `make setup` with pip against one with uv, from fresh clones, in one run.

    python3 benchmarks/setup_time.py                 # pip fallback vs uv, 1 round each
    python3 benchmarks/setup_time.py --before REV    # also REV's Makefile as it was (pip)

Cold means what a learner's first `make test` meets: a fresh `git clone` of this repository's
HEAD (committed files only), no `.venv`, no `.venv-tools`, and empty pip and uv caches
(PIP_CACHE_DIR and UV_CACHE_DIR point at new temporary folders). When uv is not on PATH the uv
case includes bootstrapping it (the Makefile installs it into `.venv-tools/`). Rounds alternate
between the cases, so a slow spell of the network or the machine hits each alike. Only the
machine's python3 and git are needed: run it before `.venv` exists.

Not measured here: a warm set-up (caches full), which takes a second either way.
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).parent.parent
TARGET = 0.5  # uv's cold set-up at most half pip's


def cold_setup(rev: str, make_args: list[str], tmp: Path) -> float:
    """Seconds `make setup` takes in a fresh clone of `rev`, with empty caches."""
    clone = tmp / "clone"
    shutil.rmtree(clone, ignore_errors=True)
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "--quiet", rev], check=True)
    caches = {name: tmp / name for name in ("pip-cache", "uv-cache")}
    for cache in caches.values():
        shutil.rmtree(cache, ignore_errors=True)
        cache.mkdir()
    env = dict(os.environ, PIP_CACHE_DIR=str(caches["pip-cache"]))
    env["UV_CACHE_DIR"] = str(caches["uv-cache"])
    started = time.perf_counter()
    done = subprocess.run(
        ["make", "-C", str(clone), "setup", *make_args], env=env, capture_output=True, text=True
    )
    elapsed = time.perf_counter() - started
    if done.returncode != 0:
        print(done.stdout[-3000:], done.stderr[-3000:], sep="\n")
        raise SystemExit(f"make setup {' '.join(make_args)} failed at {rev}")
    shutil.rmtree(clone, ignore_errors=True)
    return elapsed


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", metavar="REV", help="also time REV's Makefile, unchanged")
    parser.add_argument("--only", choices=["before", "pip", "uv"], action="append")
    parser.add_argument("--repeat", type=int, default=1, help="rounds; medians count")
    parser.add_argument("--target", type=float, default=TARGET)
    args = parser.parse_args(argv)
    head = subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"],
        capture_output=True, text=True, check=True,
    ).stdout.strip()  # fmt: skip
    cases = {"pip": (head, ["INSTALLER=pip"]), "uv": (head, [])}
    if args.before:
        cases = {"before": (args.before, []), **cases}
    cases = {name: case for name, case in cases.items() if not args.only or name in args.only}
    uv_on_path = shutil.which("uv")
    print(f"cold `make setup` from a fresh clone, empty caches, {args.repeat} round(s)")
    print(f"uv on PATH: {uv_on_path or 'no (the uv case includes bootstrapping it)'}")
    times: dict[str, list[float]] = {name: [] for name in cases}
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(args.repeat):
            for name, (rev, make_args) in cases.items():
                seconds = cold_setup(rev, make_args, Path(tmp))
                times[name].append(seconds)
                print(f"  round {round_ + 1}  {name:6}  {rev:10}  {seconds:6.1f} s", flush=True)
    median = {name: statistics.median(values) for name, values in times.items()}
    labels = {
        "before": f"{args.before}'s Makefile (pip)",
        "pip": "make setup INSTALLER=pip",
        "uv": "make setup (uv)",
    }
    for name, seconds in median.items():
        print(f"  {labels[name]:32} median {seconds:6.1f} s")
    reference = median.get("before", median.get("pip"))
    if "uv" not in median or reference is None:
        return 0
    ratio = median["uv"] / reference
    verdict = "met" if ratio <= args.target else "MISSED"
    print(f"  ratio uv / pip: {ratio:.2f}   target <= {args.target:g}: {verdict}")
    return 0 if ratio <= args.target else 1


if __name__ == "__main__":
    sys.exit(main())
