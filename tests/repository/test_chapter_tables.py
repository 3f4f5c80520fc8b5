"""The tables that list the chapters keep up with notebooks/: both READMEs' chapter tables, the
README's cost table and the instructors' timing table each have a row for every chapter.

CONTRIBUTING.md's "Add a chapter" names these files; a chapter added without its rows fails here,
and the message says which row to write and how to make it.
"""

import json
import re

import pytest
from paths import ROOT

ENGLISH = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
CHINESE = sorted((ROOT / "notebooks" / "zh-CN").glob("[0-9][0-9]_*.ipynb"))
README = (ROOT / "README.md").read_text(encoding="utf-8")
README_ZH = (ROOT / "README.zh-CN.md").read_text(encoding="utf-8")
INSTRUCTORS = (ROOT / "docs" / "instructors.md").read_text(encoding="utf-8")
STATED = re.compile(r"\*\*Time:\*\* about (\d+) minutes")


def rows(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("| ")]


@pytest.mark.parametrize("path", ENGLISH, ids=lambda p: p.name)
def test_the_readme_chapter_table_links_every_english_chapter(path):
    link = f"](notebooks/{path.name})"
    assert any(row.startswith(f"| {path.name[:2]} |") and link in row for row in rows(README)), (
        f"README.md's chapter table has no row `| {path.name[:2]} | [title]({link[2:-1]}) | ...`"
    )


@pytest.mark.parametrize("path", CHINESE, ids=lambda p: p.name)
def test_the_chinese_readme_chapter_table_links_every_chinese_chapter(path):
    link = f"](notebooks/zh-CN/{path.name})"
    assert any(row.startswith(f"| {path.name[:2]} |") and link in row for row in rows(README_ZH)), (
        f"README.zh-CN.md's chapter table has no row `| {path.name[:2]} | [标题]({link[2:-1]}) |`"
    )


@pytest.mark.parametrize("path", ENGLISH, ids=lambda p: p.name)
def test_the_readme_cost_table_prices_every_chapter(path):
    assert any(row.startswith(f"| {path.stem} |") for row in rows(README)), (
        f"README.md's cost table has no row for {path.stem}: run "
        "`.venv/bin/python benchmarks/series_cost.py` and paste its table"
    )


@pytest.mark.parametrize("path", ENGLISH, ids=lambda p: p.name)
def test_the_instructors_timing_table_gives_every_chapter_its_stated_time(path):
    opening = "".join(json.loads(path.read_text(encoding="utf-8"))["cells"][0]["source"])
    stated = STATED.search(opening)
    assert stated, f"{path.name}'s first cell states no time (see test_chapters)"
    timed = [row for row in rows(INSTRUCTORS) if row.startswith(f"| {path.name[:2]} ")]
    assert timed, f"docs/instructors.md's timing table has no row `| {path.name[:2]} <title> |`"
    assert timed[0].endswith(f"| {stated[1]} min |"), (
        f"docs/instructors.md times {path.name[:2]} as {timed[0].rsplit('|', 2)[-2].strip()}, the "
        f"chapter states {stated[1]} min: `benchmarks/reading_time.py --markdown` gives both"
    )
