"""How long each chapter takes a learner, from what the chapter holds, at a calibrated pace.

A learner reads the prose, reads and runs each code cell, reads its output, and does the
exercise and the self-check. The pace below was calibrated on an expert's timed read of the
whole series (about 7.5 hours; the old chapter 06, 132 cells, 2.5 to 3 hours): with these
constants the old chapters come to 7.1 hours, and the old chapter 06 to 2 h 45 min.

    .venv/bin/python benchmarks/reading_time.py            # a table, English and zh-CN chapters
    .venv/bin/python benchmarks/reading_time.py --markdown # the table for docs/instructors.md

Each chapter states its time in its opening cell ("about 45 minutes", "约 45 分钟");
tests/notebooks/test_chapters.py checks that statement against `minutes()` and that no chapter
needs more than an hour. It is a model, not a stopwatch: a room of learners should be timed once.
"""

import argparse
import json
import math
import re
import sys
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parent.parent / "notebooks"
ENGLISH_WORDS_PER_MINUTE = 120  # technical prose, read closely, sometimes twice
CHINESE_CHARACTERS_PER_MINUTE = 250
CODE_LINES_PER_MINUTE = 10  # read, run, and understand
OUTPUT_LINES_PER_MINUTE = 20
EXERCISE_MINUTES = 15  # a chapter's exercise, with a wrong try or two
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
    """A chapter's time at the calibrated pace. Example: notebooks/03_*.ipynb -> 41.7"""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    prose = sum(_prose_minutes(_text(c)) for c in cells if c["cell_type"] == "markdown")
    code = [c for c in cells if c["cell_type"] == "code"]
    total = prose + sum(len(_text(c).splitlines()) for c in code) / CODE_LINES_PER_MINUTE
    total += sum(_output_lines(c) for c in code) / OUTPUT_LINES_PER_MINUTE
    sources = "\n".join(_text(c) for c in code)
    if "handagent.exercises.ch" in sources:
        total += EXERCISE_MINUTES
    if "self_check(" in sources:
        total += SELF_CHECK_MINUTES
    return total


def rounded(value: float) -> int:
    """Minutes as a chapter states them: up to the next multiple of 5. Example: 41.7 -> 45"""
    return 5 * math.ceil(value / 5)


def chapters() -> list[Path]:
    """Every chapter notebook, English then zh-CN."""
    return sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted(
        NOTEBOOKS.glob("zh-CN/[0-9][0-9]_*.ipynb")
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markdown", action="store_true", help="print a markdown table")
    args = parser.parse_args(argv)
    rows = [(p.relative_to(NOTEBOOKS).as_posix(), minutes(p)) for p in chapters()]
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
