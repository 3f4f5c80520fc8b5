"""What a stored output looks like on a page of the book and on GitHub, which run no kernel.

Three rules, over every chapter of both editions:
- no line of a stored output is wider than the book's code width (`language.BOOK_COLUMNS`,
  a CJK character taking two columns): a wider line scrolls sideways, and a table's last
  columns cannot be read;
- no stream output (what `print` wrote) holds a Markdown table: printed, it is text, and a
  reader meets pipes; a table is shown as HTML, with its text beside it;
- chapters 06 on each hold at least one rich output (an HTML table, an SVG, Mermaid or a
  widget) whose static rendering sits in the same output, so the book shows the picture.

A rich output's `text/plain` is not measured: a page shows its HTML or SVG instead.
Not checked here: how wide an HTML table or an SVG draws (tests/test_book.py's browser test
looks at the built book).
"""

import json
import re

import pytest
from paths import ROOT

from handagent.language import BOOK_COLUMNS, columns

NOTEBOOKS = ROOT / "notebooks"
CHAPTERS = sorted(NOTEBOOKS.glob("[0-9][0-9]_*.ipynb")) + sorted(
    (NOTEBOOKS / "zh-CN").glob("[0-9][0-9]_*.ipynb")
)
STATIC = ("text/html", "image/svg+xml", "image/png")  # what a page without a kernel can draw
LIVE = ("text/vnd.mermaid", "application/vnd.jupyter.widget-view+json")
TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
TABLE_RULE = re.compile(r"^\s*\|(\s*:?-{3,}:?\s*\|)+\s*$")


def label(path) -> str:
    return path.relative_to(NOTEBOOKS).as_posix()


def outputs(path) -> list[tuple[int, dict]]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [(i, o) for i, cell in enumerate(cells) for o in cell.get("outputs", [])]


def shown_text(output: dict) -> str:
    """The text a page shows for an output: a stream, or text/plain with nothing richer."""
    if output["output_type"] == "stream":
        return "".join(output["text"])
    data = output.get("data", {})
    if any(kind in data for kind in STATIC + LIVE):
        return ""
    return "".join(data.get("text/plain", ""))


def is_table(text: str) -> bool:
    return any(TABLE_RULE.match(line) for line in text.splitlines())


@pytest.mark.parametrize("path", CHAPTERS, ids=label)
def test_no_stored_line_is_wider_than_the_books_code_width(path):
    wide = [
        f"cell {i}: {columns(line)} columns: {line[:60]}…"
        for i, output in outputs(path)
        for line in shown_text(output).splitlines()
        if columns(line) > BOOK_COLUMNS
    ]
    assert not wide, f"{len(wide)} line(s) past {BOOK_COLUMNS} columns: wrap them\n" + "\n".join(
        wide[:10]
    )


@pytest.mark.parametrize("path", CHAPTERS, ids=label)
def test_no_stream_output_holds_a_markdown_table(path):
    tables = [
        i for i, o in outputs(path) if o["output_type"] == "stream" and is_table("".join(o["text"]))
    ]
    assert not tables, f"cells {tables} print a Markdown table: show it as HTML (views.static)"


@pytest.mark.parametrize("path", [p for p in CHAPTERS if int(p.name[:2]) >= 6], ids=label)
def test_the_chapter_shows_at_least_one_picture_a_page_can_draw(path):
    rich = [
        i for i, output in outputs(path) if any(kind in output.get("data", {}) for kind in STATIC)
    ]
    assert rich, "no HTML, SVG or image output: a page without a kernel shows only text"


@pytest.mark.parametrize(
    "text, table",
    [("| a | b |\n|---|---:|\n| 1 | 2 |", True), ("| a |\n", False), ("a | b", False)],
)
def test_a_markdown_table_is_told_by_its_rule_line(text, table):
    assert is_table(text) is table
