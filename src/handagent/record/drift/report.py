"""The drift report: every difference between the API's answers and the mock's, newest first,
and which of the API's refusals the corpus reaches. Markdown, one section per run.

    write(run, Path("build/drift.md"))   # the new run on top; older runs below, KEEP_RUNS kept
    rule_of({"status": 400, "body": {"error": {"message": "messages.1: `tool_use` ids were
             found without ..."}}}) -> "UNANSWERED"

A run's section: a heading (when, against what, at which commit), a summary (probes, cost,
how many answers differ, rules reached), then two tables. Differences: one row per distinct
difference (kind, where, the API's side, the mock's side; `compare` names the kinds), with how
many probes showed it and the newest day one of them was recorded (a case of the rules' tests
counts as the day of the run), newest first. Rules: every refusal of `api.rejections` (its
constant's name), and the field errors and 404s outside it by their words, with how many
answers of the mock and of the API said it. The format is documented for maintainers in
CONTRIBUTING.md, "The drift check".

Not handled here: sending and comparing (`__main__`, `compare`).
"""

import re
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

from ...api import rejections
from .compare import Difference
from .estimate import Estimate
from .probes import Probe

KEEP_RUNS = 10
TITLE = "# Drift: the mock against the API"
INTRO = ("Written by `make drift` (`python -m handagent.record.drift`), the newest run first, "
         f"{KEEP_RUNS} kept. How to read it: CONTRIBUTING.md, \"The drift check\".")  # fmt: skip
PATH = re.compile(r"^[\w.\[\]-]+: ")  # "tools.0.custom.name: "
PLACEHOLDER = re.compile(r"\\\{\w*\\\}")  # an escaped "{name}" in a template


@dataclass(frozen=True)
class Compared:
    """One probe: the API's answer (recorded or live; None when not sent), the mock's, and
    where they differ."""

    probe: Probe
    theirs: dict | None
    ours: dict
    differences: tuple[Difference, ...] = ()


@dataclass(frozen=True)
class DriftRun:
    """One run of the drift check, as its report section shows it."""

    when: str  # "2026-12-05 14:02 UTC"
    upstream: str  # "recorded replies (no key)", or the API's address
    commit: str
    outcomes: tuple[Compared, ...]
    estimate: Estimate | None = None
    cap: float | None = None
    spent: float | None = None
    not_sent: tuple[str, ...] = ()  # probes over what was left of the cap


def _templates() -> list[tuple[str, re.Pattern]]:
    """Every refusal of `api.rejections` as a pattern, the longest first: a field's path may
    come before its words, and more advice after them (THINKING_TYPE + THINKING_ADVICE)."""
    words = {name: value for name, value in vars(rejections).items()
             if name.isupper() and isinstance(value, str)}  # fmt: skip
    found = []
    for name, value in sorted(words.items(), key=lambda item: -len(item[1])):
        pattern = PLACEHOLDER.sub(".+?", re.escape(value))
        found.append((name, re.compile(rf"(?:.*: )?{pattern}(?: .*)?", re.S)))
    return found


TEMPLATES = _templates()


def rule_of(answer: dict | None) -> str | None:
    """Which refusal an answer is: a constant of `api.rejections`, else its words with the
    field's path and quoted values left out (Example: "tools.0.custom.name: String should match
    pattern '...'" -> "field: String should match pattern '…'"); None for a reply."""
    error = ((answer or {}).get("body") or {}).get("error")
    if not isinstance(error, dict) or (answer or {}).get("status") == 200:
        return None
    message = str(error.get("message"))
    if error.get("type") == "not_found_error":
        return "not found: `model: <id>`" if message.startswith("model: ") else "not found"
    found = next((name for name, pattern in TEMPLATES if pattern.fullmatch(message)), None)
    if found:
        return found
    words = re.sub(r"'[^']*'", "'…'", PATH.sub("", message))
    return f"{'field' if PATH.match(message) else 'other'}: {words[:70]}"


def _cell(text: object) -> str:
    return str(text).replace("|", "\\|").replace("\n", " ") or "—"


def rows(run: DriftRun) -> list[tuple[str, int, Difference, str]]:
    """Distinct differences: (newest day, probes, the difference, an example probe), newest
    first, then the most often seen."""
    day = run.when[:10]
    seen: dict[Difference, list[Probe]] = {}
    for outcome in run.outcomes:
        for found in dict.fromkeys(outcome.differences):
            seen.setdefault(found, []).append(outcome.probe)
    found = [(max(p.date or day for p in probes), len(probes), difference,
              max(probes, key=lambda p: p.date or day).name)
             for difference, probes in seen.items()]  # fmt: skip
    return sorted(found, key=lambda row: (row[0], row[1]), reverse=True)


def coverage(run: DriftRun) -> dict[str, tuple[int, int]]:
    """Each refusal: how many answers of the mock and of the API said it; every constant of
    `api.rejections` is listed, reached or not."""
    mock = Counter(rule_of(o.ours) for o in run.outcomes)
    api = Counter(rule_of(o.theirs) for o in run.outcomes)
    names = [name for name, _ in sorted(TEMPLATES)]
    others = sorted((set(mock) | set(api)) - set(names) - {None})
    return {name: (mock[name], api[name]) for name in [*names, *others]}


def summary_lines(run: DriftRun) -> list[str]:
    """The lines under a run's heading: probes, cost, answers that differ, refusals reached."""
    cases = sum(1 for o in run.outcomes if not o.probe.answer)
    compared = [o for o in run.outcomes if o.theirs is not None]
    differ = sum(1 for o in compared if o.differences)
    kinds = Counter(d.kind for o in compared for d in dict.fromkeys(o.differences))
    by_kind = ", ".join(f"{kind} {count}" for kind, count in kinds.most_common()) or "none"
    table = coverage(run)
    missing = [name for name, _ in sorted(TEMPLATES) if table[name] == (0, 0)]
    if run.estimate is None:
        cost = "none (no key)"
    else:
        cost = (f"estimated ${run.estimate.dollars:.2f}, spent ${run.spent or 0:.2f}, cap "
                f"${run.cap or 0:.2f}; not sent, over what was left of the cap: "
                f"{len(run.not_sent)}")  # fmt: skip
    return [
        f"{len(run.outcomes)} probes: {cases} cases of the API rules' tests, "
        f"{len(run.outcomes) - cases} recorded exchanges. Cost: {cost}.",
        f"Compared with the API's answer: {len(compared)}; the mock's answer differs in {differ}, "
        f"agrees in {len(compared) - differ}. Differences by kind: {by_kind}.",
        f"Refusals of api.rejections the corpus reaches: {len(TEMPLATES) - len(missing)} of "
        f"{len(TEMPLATES)}" + (f"; not reached: {', '.join(missing)}." if missing else "."),
    ]


def section(run: DriftRun) -> str:
    """One run's section of the report, in Markdown."""
    lines = [f"## {run.when}: {run.upstream}, commit {run.commit}", "", *summary_lines(run), ""]
    lines += ["### Differences, newest first", ""]
    lines += ["| newest | probes | kind | where | the API | the mock | for example |"]
    lines += ["|---|---|---|---|---|---|---|"]
    for day, count, found, example in rows(run):
        cells = (day, count, found.kind, found.where, found.theirs, found.ours, example)
        lines.append("| " + " | ".join(map(_cell, cells)) + " |")
    lines += ["", "### Refusals reached", ""]
    lines += ["| refusal | the mock said it | the API said it |", "|---|---|---|"]
    lines += [f"| {_cell(name)} | {mock} | {api} |" for name, (mock, api) in coverage(run).items()]
    if run.not_sent:
        lines += ["", "### Not sent: over what was left of the cap", ""]
        lines += [f"- {name}" for name in run.not_sent]
    return "\n".join(lines) + "\n"


def write(run: DriftRun, path: Path, keep: int = KEEP_RUNS) -> None:
    """Put the run's section on top of the report at `path`, keeping the `keep` newest."""
    old = path.read_text(encoding="utf-8") if path.exists() else ""
    earlier = ["## " + part for part in old.split("\n## ")[1:]]
    sections = [section(run), *(part.rstrip("\n") + "\n" for part in earlier)][:keep]
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("\n".join([TITLE, "", INTRO, "", *sections]), encoding="utf-8")
