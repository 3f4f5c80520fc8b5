"""The drift check: python -m handagent.record.drift (`make drift`)

    python -m handagent.record.drift                      # with ANTHROPIC_API_KEY: the API
    python -m handagent.record.drift --offline            # the recorded replies, even with a key
    python -m handagent.record.drift --cap 0.50 --report build/drift.md

The corpus (`probes`): the cases the API rules' tests put to `check_request` (`--cases`,
collected by `make drift` with the pytest plugin tests/drift_cases.py) and the exchanges
recorded from the real API (`--recorded`, default tests/recorded). Every probe is answered by
the mock first, in this process.

With a key (ANTHROPIC_API_KEY, from .env too) and no `--offline`: the cost of sending the corpus
is estimated and the run refuses to start above `--cap` (dollars, default `CAP`); then every
probe goes to the API (`--upstream`, else ANTHROPIC_BASE_URL, else api.anthropic.com), newest
first, while the most it can bill fits in what is left of the cap (`estimate.Budget`), and its
answer is compared with the mock's. A recorded request goes as today's API would be sent it
(`today`: a retired model's replacement); the mock gets the same request, its thinking blocks
signed as the mock signs. Without a key: each recorded exchange is replayed to the mock and
compared with the API's recorded answer, and each case is answered by the mock alone, for the
refusals it reaches. Either way the run's section goes on top of `--report` (`report`) and a
summary is printed. The exit status is 0 once a run is written (differences are the report's
to show, not a failure), 1 when it refused to start.

Not handled here: deciding which differences are deliberate (tests/mock/test_recorded.py's
RULES), sending probes in parallel.
"""

import argparse
import datetime
import os
import subprocess
import sys
from pathlib import Path

from dotenv import find_dotenv, load_dotenv

from ...mock.http.server import State
from ..__main__ import API
from . import compare, estimate, report, today
from .probes import Probe, cases, recorded
from .transport import to_api, to_mock

CAP = 2.00  # dollars: the whole corpus was estimated at $1.36 on 2026-12-05
DEFAULT_CASES = Path("build/drift/cases.json")
DEFAULT_REPORT = Path("build/drift.md")


def corpus(cases_file: Path, folder: Path) -> list[Probe]:
    """The rules' cases, then the recordings newest first (a case is as new as the run)."""
    found = list(cases(cases_file)) if cases_file.is_file() else []
    return found + sorted(recorded(folder), key=lambda p: p.date, reverse=True)


def offline(probes: list[Probe]) -> report.DriftRun:
    """Each recording replayed to the mock against its recorded answer; each case to the mock."""
    mock, outcomes = to_mock(State()), []
    for probe in probes:
        if probe.answer is None:
            outcomes.append(report.Compared(probe, None, mock(probe)))
            continue
        replayed = today.replay(probe, mock)
        found = compare.differences(probe.answer, replayed.answer)
        if "retired" in replayed.notes:  # the replacement answers: its model is not a difference
            found = [d for d in found if d.kind != "model"]
        outcomes.append(report.Compared(replayed.probe, probe.answer, replayed.answer, (*found,)))
    return _run("recorded replies (no key)", outcomes)


def online(probes: list[Probe], upstream: str, key: str, cap: float) -> report.DriftRun | str:
    """Every probe to the API and to the mock, within the cap; or why the run did not start."""
    mock = to_mock(State())
    probes = [today.with_served_model(p) for p in probes]
    mine = [mock(today.signed_by_mock(p)) for p in probes]
    guess = estimate.estimate(probes, mine)
    if guess.dollars > cap:
        return (f"the corpus is estimated at ${guess.dollars:.2f}, over the cap of ${cap:.2f}: "
                "raise it with --cap (make drift CAP=...), or send fewer probes (--offline "
                "costs nothing)")  # fmt: skip
    api, budget, outcomes, not_sent = to_api(upstream, key), estimate.Budget(cap), [], []
    for probe, ours in zip(probes, mine, strict=True):
        if not budget.allows(probe):
            not_sent.append(probe.name)
            outcomes.append(report.Compared(probe, None, ours))
            continue
        theirs = api(probe)
        budget.pay(probe, theirs)
        found = tuple(compare.differences(theirs, ours))
        outcomes.append(report.Compared(probe, theirs, ours, found))
    return _run(upstream, outcomes, guess, cap, budget.spent, tuple(not_sent))


def _run(upstream: str, outcomes: list, *costs) -> report.DriftRun:
    now = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                                text=True, check=True).stdout.strip()  # fmt: skip
    except (OSError, subprocess.CalledProcessError):
        commit = "unknown"
    return report.DriftRun(now, upstream, commit, tuple(outcomes), *costs)


def drift(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m handagent.record.drift",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--cases",
        type=Path,
        help=f"the rules' cases, collected by tests/drift_cases.py (default {DEFAULT_CASES}, "
        "if there)",
    )
    parser.add_argument("--recorded", type=Path, default=Path("tests/recorded"))
    parser.add_argument("--report", type=Path, default=DEFAULT_REPORT)
    parser.add_argument("--cap", type=float, default=CAP, help=f"dollars (default {CAP:.2f})")
    parser.add_argument(
        "--upstream", help=f"the API's address (default: ANTHROPIC_BASE_URL, else {API})"
    )
    parser.add_argument("--offline", action="store_true",
                        help="compare with the recorded replies, even with a key")  # fmt: skip
    args = parser.parse_args(argv)
    if not args.recorded.is_dir():
        parser.exit(1, f"no recordings at {args.recorded}: run it from the repository's root\n")
    if args.cases is not None and not args.cases.is_file():
        parser.exit(1, f"no cases at {args.cases}: make drift collects them from tests/api\n")
    load_dotenv(find_dotenv(usecwd=True))
    key = os.environ.get("ANTHROPIC_API_KEY") or None
    probes = corpus(args.cases or DEFAULT_CASES, args.recorded)
    if key and not args.offline:
        upstream = args.upstream or os.environ.get("ANTHROPIC_BASE_URL") or API
        run = online(probes, upstream, key, args.cap)
        if isinstance(run, str):
            parser.exit(1, f"drift: not started: {run}\n")
    else:
        run = offline(probes)
    report.write(run, args.report)
    print("drift: " + " ".join(report.summary_lines(run)) + f" Report: {args.report}")
    return 0


if __name__ == "__main__":
    sys.exit(drift())
