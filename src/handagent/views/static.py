"""The HTML every static rendering is made of, written for pages that run no JavaScript.

A widget draws nothing where no kernel runs: on GitHub, in nbconvert's HTML, in the book. So
each view puts a static rendering next to its live one in the same output bundle (`bundle()`),
and the front end picks: JupyterLab the widget or the Mermaid diagram, everything else the HTML.

GitHub's notebook view drops `<style>` blocks and scripts, and keeps inline styles only in
part. So the structure is carried by plain tags (`table`, `th`, `b`, `pre`, `details`) and
attributes (`align`, `valign`); styles only add colour, and a mark that matters is also a word
("✗ error"). Nothing is loaded from anywhere: no fonts, images or scripts.

The words a view shows a learner follow the edition (`language.pick`, read when the view is
drawn); code terms (`tool_use #1`, `tool_result`, `stop_reason`, field names, JSON) stay as
they are in both. A problem keeps its English name as data ("no result") and is shown in the
edition's words ("✗ 没有结果").

Not handled here: the diagram's picture (`views.svg`), choosing what to show (each view).
"""

import html
import json

from ..language import BOOK_COLUMNS, columns, fit, pick  # noqa: F401 - views measure lines here

WIDGET = "application/vnd.jupyter.widget-view+json"
COLOURS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b", "#e377c2", "#17becf")
PROBLEMS = {"error": "错误结果", "no result": "没有结果", "no matching call": "没有对应的调用"}


def problem_word(name: str) -> str:
    """A problem's name in the edition's language. Example: "no result" -> "没有结果" in zh-CN."""
    return pick(name, PROBLEMS.get(name))


def text(value: str) -> str:
    """Text that keeps its lines and indents without CSS.

    Example: "a\\n  b" -> "a<br>&nbsp;&nbsp;b"
    """
    lines = html.escape(value.rstrip("\n")).split("\n")
    return "<br>".join("&nbsp;" * (len(ln) - len(ln.lstrip(" "))) + ln.lstrip(" ") for ln in lines)


def pre(value: object) -> str:
    """A value as indented JSON in a `<pre>`."""
    shown = json.dumps(value, indent=2, ensure_ascii=False, default=str)
    return f'<pre style="margin:0;font-size:12px">{html.escape(shown)}</pre>'


def badge(label: str, call: int | None) -> str:
    """A call's label, coloured by its number where styles survive; plain text where they don't."""
    if call is None:
        return html.escape(label)
    colour = COLOURS[(call - 1) % len(COLOURS)]
    style = f"background:{colour};color:white;border-radius:3px;padding:0 4px"
    return f'<span style="{style}">{html.escape(label)}</span>'


def problem_mark(name: str | None) -> str:
    """The mark after a block that is wrong ("✗ error"), or nothing."""
    return f' <b style="color:#c00">✗ {html.escape(problem_word(name))}</b>' if name else ""


def table(head: list[str], rows: list[list[str]], css_class: str) -> str:
    """A table of already-escaped cells, each aligned top left.

    JupyterLab's stylesheet right-aligns table cells and beats the `align` attribute; an inline
    style beats the stylesheet. Where a sanitiser drops the style, the attributes still apply.
    """
    cell = 'valign="top" align="left" style="text-align:left;vertical-align:top"'
    body = "".join(
        "<tr>" + "".join(f"<{tag} {cell}>{value}</{tag}>" for value in cells) + "</tr>"
        for tag, cells in [("th", head)] + [("td", r) for r in rows]
    )
    return f'<table class="{css_class}">{body}</table>'


def bundle(live: dict, static_html: str, plain: str) -> dict:
    """A widget's output bundle with its static rendering and its text beside it.

    Example: {WIDGET: {...}, "text/plain": "VBox(...)"}, "<table>...", "[0] user ..."
        -> {WIDGET: {...}, "text/html": "<table>...", "text/plain": "[0] user ..."}
    """
    return {**live, "text/html": static_html, "text/plain": plain}
