"""Chapters 03 and 05 as GitHub shows them: nbconvert's HTML, no widget state, no JavaScript.

GitHub shows the committed notebooks, as `make notebooks` stored them (no widget state; nbval
proves in every run that the code makes those outputs now), so nbconvert writes HTML of the
committed files, and the page then gets GitHub's rules at their strictest: no scripts, no
`<style>`, no inline styles, no classes. Chromium opens it with JavaScript off and the network
out of reach; any request but file:// fails the test. What must still be drawn: each
transcript's call and result, the stepper's recorded steps, the inspector's rows with their ids,
and the sequence diagram as an SVG picture with its four participants.

Run by `make test-browser`, like every test in this folder.
"""

import base64
import re

import nbformat
import pytest
from nbconvert import HTMLExporter
from offline import ROOT, new_context, offline_page, screenshot

from handagent.views.diagram import PARTICIPANTS
from handagent.views.stepper import LABELS

CHAPTERS = ("03_feeding_results_back", "05_error_results")
WIDGET = "application/vnd.jupyter.widget-view+json"


def github_rules(page: str) -> str:
    """What GitHub's notebook view keeps of a page, at the strictest: markup and text only."""
    for element in ("script", "style"):
        page = re.sub(rf"<{element}\b.*?</{element}>", "", page, flags=re.S | re.I)
    page = re.sub(r"<link\b[^>]*>", "", page, flags=re.I)
    return re.sub(r'\s(?:style|class|on\w+)="[^"]*"', "", page, flags=re.I)


@pytest.fixture(scope="module")
def chapters(tmp_path_factory) -> dict:
    """Each committed chapter: {name: (notebook, path of its page under GitHub's rules)}."""
    folder = tmp_path_factory.mktemp("static")
    out = {}
    for name in CHAPTERS:
        notebook = nbformat.read(ROOT / "notebooks" / f"{name}.ipynb", as_version=4)
        assert "widgets" not in notebook.metadata  # as stored: no widget state to embed
        page, _ = HTMLExporter(template_name="lab").from_notebook_node(notebook)
        (folder / f"{name}.html").write_text(github_rules(page))
        out[name] = (notebook, folder / f"{name}.html")
    return out


def outputs(notebook, has: str) -> list[dict]:
    """The execute results whose data holds `has` (a MIME type or a piece of text)."""
    found = []
    for cell in notebook.cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if has in data or any(has in str(value) for value in data.values()):
                found.append(data)
    return found


@pytest.fixture(scope="module")
def static(browser):
    """A context with scripts off, as GitHub shows a notebook; its pages close with it."""
    context = new_context(browser, javascript=False)
    yield context
    context.close()


def opened(static, path):
    page, blocked = offline_page(static)
    page.goto(path.as_uri())
    return page, blocked, " ".join(page.inner_text("body").split())


def test_transcripts_show_each_call_and_its_result(chapters, static):
    notebook, path = chapters["03_feeding_results_back"]
    page, blocked, text = opened(static, path)
    transcripts = outputs(notebook, 'class="handagent-transcript"')
    assert len(transcripts) >= 3
    for data in transcripts:
        plain = data["text/plain"]
        call = re.search(r"tool_use #1: (.*?)(?:  <--.*)?$", plain, re.M).group(1)
        result = re.search(r"tool_result for #1: (.*?)(?:  <--.*)?$", plain, re.M)
        assert call in text and (result is None or result.group(1) in text)
    assert "get_current_time {}" in text and "2026-07-08 20:41:00" in text
    screenshot(page, "static_03_feeding_results_back", full=True)
    assert blocked == []


def test_the_stepper_shows_every_step_it_recorded(chapters, static):
    notebook, path = chapters["03_feeding_results_back"]
    (data,) = outputs(notebook, WIDGET)
    assert "handagent-stepper-static" in data["text/html"]
    page, blocked, text = opened(static, path)
    assert all(label in text for label in LABELS)
    assert "messages[3] added: the model's answer (stop_reason: end_turn)" in text
    assert "Error displaying widget" not in text and blocked == []


def test_the_diagram_is_an_svg_picture_of_its_four_participants(chapters, static):
    notebook, path = chapters["03_feeding_results_back"]
    (data,) = outputs(notebook, "text/vnd.mermaid")
    page, blocked, _ = opened(static, path)
    pictures = page.locator('img[src^="data:image/svg+xml;base64,"]')
    drawn = []
    for n in range(pictures.count()):
        svg = base64.b64decode(pictures.nth(n).get_attribute("src").split(",", 1)[1]).decode()
        if "handagent-diagram" in svg:
            drawn.append((pictures.nth(n), svg))
    ((picture, svg),) = drawn
    assert svg == data["image/svg+xml"]
    assert all(f">{name}</text>" in svg for name in PARTICIPANTS)
    assert picture.is_visible() and picture.evaluate("img => img.naturalWidth") > 400
    picture.scroll_into_view_if_needed()
    screenshot(page, "static_03_diagram")
    assert blocked == []


def test_the_inspector_shows_every_row_with_the_id_that_pairs_it(chapters, static):
    notebook, path = chapters["05_error_results"]
    (data,) = outputs(notebook, WIDGET)
    ids = re.findall(r"<code>(toolu_[^<]+)</code>", data["text/html"])
    assert len(ids) >= 4 and len(set(ids)) * 2 == len(ids)  # each id twice: call and result
    page, blocked, text = opened(static, path)
    summary = re.search(r"<b>(\d+ messages · \d+ calls · \d+ marked)</b>", data["text/html"])
    assert summary.group(1) in text and "✗ error" in text
    assert all(text.count(i) >= 2 for i in set(ids))
    assert '"is_error": true' not in text  # the wire JSON stays folded until clicked
    page.get_by_text("the JSON the API receives").click()
    assert '"is_error": true' in page.inner_text("body")
    screenshot(page, "static_05_error_results", full=True)
    assert blocked == []
