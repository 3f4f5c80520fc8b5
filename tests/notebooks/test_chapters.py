"""Every chapter as a learner meets it: its language, recap and time, its self-check, its twin.

The English chapters are `notebooks/NN_slug.ipynb`; the Chinese edition has the same files under
`notebooks/zh-CN/`. The two editions of a chapter run the same code: their code cells differ only
in the strings they hold (the questions sent to the model, the language set in the first cell),
so a change made to one edition and not the other fails here.
"""

import ast
import functools
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from paths import ROOT

from handagent.exercises.selfcheck import questions

NOTEBOOKS = ROOT / "notebooks"
ENGLISH = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb"))
CHINESE = sorted((NOTEBOOKS / "zh-CN").glob("[0-9][0-9]_*.ipynb"))
EVERY = ENGLISH + CHINESE
STATED = {"en": re.compile(r"\*\*Time:\*\* about (\d+) minutes"),
          "zh-CN": re.compile(r"\*\*时间：\*\* 约 (\d+) 分钟")}  # fmt: skip

HOUR = 60  # minutes: no chapter needs more


@functools.cache
def measured_minutes() -> dict[str, int]:
    """Each chapter's time as benchmarks/reading_time.py prints it for docs/instructors.md; run,
    not imported, as no test imports from benchmarks/. Example: {"03_...ipynb": 55, ...}"""
    script = ROOT / "benchmarks" / "reading_time.py"
    done = subprocess.run(
        [sys.executable, str(script), "--markdown"], capture_output=True, text=True, timeout=60
    )
    rows = re.findall(r"^\| (\S+\.ipynb) \| (\d+) min \|$", done.stdout, re.M)
    assert rows, f"reading_time.py printed no table: {done.stderr[-300:]}"
    return {name: int(minutes) for name, minutes in rows}


def cells(path: Path) -> list[dict]:
    return json.loads(path.read_text(encoding="utf-8"))["cells"]


def code(path: Path) -> list[str]:
    return ["".join(c["source"]) for c in cells(path) if c["cell_type"] == "code"]


def language(path: Path) -> str:
    return "zh-CN" if path.parent.name == "zh-CN" else "en"


def label(path: Path) -> str:
    return path.relative_to(NOTEBOOKS).as_posix()


class _Strings(ast.NodeTransformer):
    """Every string constant and f-string becomes one placeholder: only strings may differ."""

    def visit_Constant(self, node: ast.Constant) -> ast.AST:
        return ast.Constant("…") if isinstance(node.value, str) else node

    def visit_JoinedStr(self, node: ast.JoinedStr) -> ast.AST:
        return ast.Constant("…")


def shape(source: str) -> str:
    """A code cell's syntax tree with its strings and comments taken out, as text."""
    python = "\n".join(line for line in source.splitlines() if not line.lstrip().startswith("%"))
    return ast.dump(_Strings().visit(ast.parse(python)))


@pytest.mark.parametrize("path", EVERY, ids=label)
def test_the_first_cell_sets_the_editions_language_then_names_the_provider(path):
    first = code(path)[0]
    assert f'use_language("{language(path)}")' in first and "print(provider_line())" in first


@pytest.mark.parametrize("path", EVERY, ids=label)
def test_the_opening_states_the_chapters_time_and_it_is_at_most_an_hour(path):
    opening = "".join(cells(path)[0]["source"])
    stated = STATED[language(path)].search(opening)
    assert stated, f"the first cell should say {STATED[language(path)].pattern}"
    measured = measured_minutes()[label(path)]
    assert int(stated[1]) == measured, f"states {stated[1]} min, measures {measured}"
    assert measured <= HOUR


@pytest.mark.parametrize("path", EVERY, ids=label)
def test_the_chapter_ends_with_its_own_three_question_self_check(path):
    number = path.name[:2]
    calls = [c for c in code(path) if "self_check(" in c]
    assert len(calls) == 1 and f'self_check("{number}", answers)' in calls[0]
    assert "answers = {1: None, 2: None, 3: None}" in calls[0]
    # the questions themselves, three in both languages: tests/exercises/test_selfcheck.py
    assert len(questions(number)) == 3


MOST_CELLS = {"04": 40}  # issue 19: the parallel-calls chapter had grown into two (55 cells)


@pytest.mark.parametrize("path", [p for p in EVERY if p.name[:2] in MOST_CELLS], ids=label)
def test_a_chapter_kept_short_stays_within_its_number_of_cells(path):
    most = MOST_CELLS[path.name[:2]]
    assert len(cells(path)) <= most, f"{len(cells(path))} cells; at most {most}"


RULES_BOX = {"en": "> **The rules to take away**", "zh-CN": "> **要记住的规则**"}
CLOSE = {"en": ("## Exercise", "## Self-check"), "zh-CN": ("## 练习", "## 自测")}


@pytest.mark.parametrize("path", EVERY, ids=label)
def test_the_chapters_rules_stand_in_one_box_before_its_exercise(path):
    texts = ["".join(c["source"]) for c in cells(path) if c["cell_type"] == "markdown"]
    boxes = [n for n, text in enumerate(texts) if RULES_BOX[language(path)] in text]
    close = next(n for n, text in enumerate(texts) if text.startswith(CLOSE[language(path)]))
    assert len(boxes) == 1 and boxes[0] < close, "one rules box, before the exercise"
    box = texts[boxes[0]].split(RULES_BOX[language(path)])[1]
    rules = re.findall(r"^> (\d)\. \*\*", box, re.M)
    assert 2 <= len(rules) <= 4 and rules == [str(n) for n in range(1, len(rules) + 1)], box


def test_every_english_chapter_has_its_chinese_twin_and_no_other():
    if not CHINESE:
        pytest.skip("the zh-CN edition has no chapters yet")
    assert [p.name for p in CHINESE] == [p.name for p in ENGLISH]


@pytest.mark.parametrize("path", CHINESE, ids=label)
def test_the_two_editions_of_a_chapter_run_the_same_code(path):
    english, chinese = code(NOTEBOOKS / path.name), code(path)
    assert len(chinese) == len(english), "the editions have different numbers of code cells"
    for number, (ours, theirs) in enumerate(zip(english, chinese, strict=True)):
        assert shape(ours) == shape(theirs), f"code cell {number} differs beyond its strings"
