"""How long each chapter takes a learner, from what the chapter holds, at a measured pace.

What it measures: a learner who reads the prose closely (130 English words, or 270 Chinese
characters, a minute), reads every code cell (20 lines a minute) and runs it (30 s a cell), reads
its output (40 lines a minute), does the exercise (10 min) and the self-check (3 min). It does
not count opening the package code a chapter points at, or a second try at the exercise.

Where the pace comes from: the two outside reads of 2026-12-05 (chapters 09-12, English). At
200 words a minute they measured 29-31 min a chapter and at 130, 34-36; with the code and outputs
read, 38-46 min. These constants give 40-45 min for those chapters. An earlier timed read of
the whole series, package code included, ran about 1.5 times longer: a learner who opens every
module a chapter names should plan on an hour.

    .venv/bin/python benchmarks/reading_time.py            # a table, English and zh-CN chapters
    .venv/bin/python benchmarks/reading_time.py --markdown # the table for docs/instructors.md
    .venv/bin/python benchmarks/reading_time.py --write    # restate every chapter's time, and
                                                           # the instructors' table and total

Each chapter states its time in its opening cell ("about 45 minutes", "约 45 分钟");
tests/notebooks/test_chapters.py checks that statement against `minutes()` and that no chapter
needs more than an hour. It is a model, not a stopwatch: a room of learners should be timed once.
"""

import argparse
import json
import re
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ENGLISH_WORDS_PER_MINUTE = 130  # technical prose, read closely (the outside reads' slower pace)
CHINESE_CHARACTERS_PER_MINUTE = 270  # the same pace: a Chinese chapter holds ~2.1 Hanzi a word
CODE_LINES_PER_MINUTE = 20  # read and understood
RUN_MINUTES = 0.5  # a code cell run and waited for
OUTPUT_LINES_PER_MINUTE = 40
EXERCISE_MINUTES = 10  # a chapter's exercise, written and checked
SELF_CHECK_MINUTES = 3
LIMIT_MINUTES = 60
CJK = re.compile(r"[\u3400-\u9fff\uf900-\ufaff]")


def _text(cell: dict) -> str:
    return "".join(cell.get("source", []))


def _output_lines(cell: dict) -> int:
    lines = 0
    for output in cell.get("outputs", []):
        text = output.get("text") or output.get("data", {}).get("text/plain", "")
        lines += len("".join(text).splitlines())
    return lines


def _prose_minutes(text: str) -> float:
    chinese = len(CJK.findall(text))
    words = len(re.findall(r"[A-Za-z0-9_`'.-]+", CJK.sub(" ", text)))
    return words / ENGLISH_WORDS_PER_MINUTE + chinese / CHINESE_CHARACTERS_PER_MINUTE


def minutes(path: Path) -> float:
    """A chapter's time at the measured pace. Example: notebooks/09_*.ipynb -> 45.9"""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    prose = sum(_prose_minutes(_text(c)) for c in cells if c["cell_type"] == "markdown")
    code = [c for c in cells if c["cell_type"] == "code"]
    lines = sum(1 for c in code for line in _text(c).splitlines() if line.strip())
    total = prose + lines / CODE_LINES_PER_MINUTE + len(code) * RUN_MINUTES
    total += sum(_output_lines(c) for c in code) / OUTPUT_LINES_PER_MINUTE
    sources = "\n".join(_text(c) for c in code)
    if "handagent.exercises.ch" in sources:
        total += EXERCISE_MINUTES
    if "self_check(" in sources:
        total += SELF_CHECK_MINUTES
    return total


def rounded(value: float) -> int:
    """Minutes as a chapter states them: the nearest multiple of 5 ("about"). Example: 45.9 -> 45"""
    return 5 * round(value / 5)


STATED = {  # each edition's words for a chapter's time, as its opening cell says them
    "en": (re.compile(r"\*\*Time:\*\* about \d+ minutes"), "**Time:** about {} minutes"),
    "zh-CN": (re.compile(r"\*\*时间：\*\* 约 \d+ 分钟"), "**时间：** 约 {} 分钟"),
}
INSTRUCTORS = NOTEBOOKS.parent / "docs" / "instructors.md"
TOTAL = re.compile(r"The whole series is about \d+ h( \d+ min)?")


def restate(path: Path, minutes_: int) -> bool:
    """Put `minutes_` in the chapter's opening statement; True if the file changed. The notebook
    is written as Jupyter writes it (one-space indent, UTF-8, a final newline)."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    pattern, words = STATED["zh-CN" if path.parent.name == "zh-CN" else "en"]
    source = notebook["cells"][0]["source"]
    lines = [pattern.sub(words.format(minutes_), line) for line in source]
    if lines == source:
        return False
    notebook["cells"][0]["source"] = lines
    text = json.dumps(notebook, indent=1, ensure_ascii=False) + "\n"
    path.with_suffix(".tmp").write_text(text, encoding="utf-8")
    path.with_suffix(".tmp").replace(path)  # never a half-written notebook
    return True


def write(rows: list[tuple[str, float]]) -> None:
    """Every chapter states its time; docs/instructors.md's table and total follow the English."""
    for name, value in rows:
        if restate(NOTEBOOKS / name, rounded(value)):
            print(f"restated {name}: about {rounded(value)} minutes")
    doc = INSTRUCTORS.read_text(encoding="utf-8").splitlines(keepends=True)
    english = {name[:2]: rounded(value) for name, value in rows if "/" not in name}
    for i, line in enumerate(doc):
        number = line[2:4]
        if line.startswith("| ") and number in english and line.rstrip().endswith(" min |"):
            doc[i] = re.sub(r"\| \d+ min \|$", f"| {english[number]} min |", line.rstrip()) + "\n"
    total = sum(english.values())
    hours = f"{total // 60} h" + (f" {total % 60} min" if total % 60 else "")
    INSTRUCTORS.write_text(TOTAL.sub(f"The whole series is about {hours}", "".join(doc)))


def chapters() -> list[Path]:
    """Every chapter notebook, English then zh-CN."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted(
        NOTEBOOKS.glob("zh-CN/[0-9][0-9]_*.ipynb")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    parser.add_argument(
        "--write", action="store_true", help="restate the times in the chapters and instructors.md"
    )
    args = parser.parse_args(argv)
    rows = [(p.relative_to(NOTEBOOKS).as_posix(), minutes(p)) for p in chapters()]
    if args.write:
        write(rows)
    if args.markdown:
        print("| chapter | time |\n|---|---:|")
        for name, value in rows:
            print(f"| {name} | {rounded(value)} min |")
    else:
        for name, value in rows:
            print(f"{name:45} {value:6.1f} min  (stated: about {rounded(value)})")
    over = [name for name, value in rows if rounded(value) > LIMIT_MINUTES]
    english = sum(value for name, value in rows if "/" not in name)
    print(
        f"English chapters: {english / 60:.1f} h in all; over {LIMIT_MINUTES} min: {over or 'none'}"
    )
    return 1 if over else 0


if __name__ == "__main__":
    sys.exit(main())
