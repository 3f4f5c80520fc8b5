"""The built book in headless Chromium, offline: every page loads, draws, and links correctly.

A local HTTP server serves the book `make book` built (HANDAGENT_BOOK names its folder); a
request to anything else fails (Chromium resolves no other host) and fails the test. Each page
must load without a request off the machine or a script error, and every link it makes to a
local page or anchor must lead somewhere. Each chapter page must draw what its stored outputs
hold: every transcript (with the text of its first call and result), every diagram as an SVG
picture of its four participants, and every widget's static rendering; and it offers a link to
run the chapter on Binder. Every page opens in one browser context, as a reader's tabs share a
cache, and the chapters one after another in one tab, as a reader follows the book: a new tab
per chapter cost Chromium a new renderer process and 1.5 CPU-s a page, the same tab 0.4
(benchmarks/README.md). Each page's requests and script errors are counted from its own load
(one a page raised while unloading would count against the next, and still fail).

Run by `make test-book` (after `make book`); without HANDAGENT_BOOK it skips.
"""

import json
import os
import re
import runpy
import threading
from functools import cache, partial
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import NamedTuple
from urllib.parse import unquote, urldefrag, urlparse

import pytest
from offline import ROOT, new_context, offline_page, screenshot
from playwright.sync_api import Page

if not os.environ.get("HANDAGENT_BOOK"):
    pytest.skip("the book is checked by `make test-book`", allow_module_level=True)
BOOK = (ROOT / os.environ["HANDAGENT_BOOK"]).resolve()
if not (BOOK / "index.html").exists():
    pytest.fail(f"no book in {BOOK}: build it with `make book`", pytrace=False)

BINDER = runpy.run_path(str(ROOT / "docs" / "conf.py"))["BINDER"]
PAGES = sorted(  # every page, not the theme's and Sphinx's own files (_static/, _sources/)
    p.relative_to(BOOK).as_posix()
    for p in BOOK.rglob("*.html")
    if not p.relative_to(BOOK).parts[0].startswith("_")
)
NOTEBOOKS = sorted(
    p.relative_to(ROOT).with_suffix("").as_posix()
    for folder in ("notebooks", "notebooks/zh-CN")
    for p in (ROOT / folder).glob("[0-9][0-9]_*.ipynb")
)
# the pages that are not chapters (a chapter's page is checked by the `chapter` fixture's tests)
OTHER_PAGES = [name for name in PAGES if name.removesuffix(".html") not in NOTEBOOKS]
WIDGET = "application/vnd.jupyter.widget-view+json"
CHECKED = {"pages": 0, "links": 0, "anchors": 0, "diagrams": 0, "transcripts": 0, "widgets": 0}


class Quiet(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@pytest.fixture(scope="module")
def site():
    server = ThreadingHTTPServer(("127.0.0.1", 0), partial(Quiet, directory=str(BOOK)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    print("\nbook checked:", json.dumps(CHECKED))


@pytest.fixture(scope="module")
def context(browser):
    """One Chromium context every page of the book opens in (its cache shared, as a reader's
    tabs share one: the theme's scripts are parsed once, not on every page)."""
    shared = new_context(browser)
    yield shared
    shared.close()


class Tab(NamedTuple):
    page: Page
    blocked: list[str]  # requests to anything but the book's server: each failed
    errors: list[str]  # script errors the page raised


def open_tab(context, site) -> Tab:
    """A new offline tab, with the lists of what it blocked and the script errors it raised."""
    page, blocked = offline_page(context, allowed=(site,))
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    return Tab(page, blocked, errors)


def fresh(tab: Tab) -> Tab:
    """The tab with its lists emptied, for the next page it loads."""
    tab.blocked.clear()
    tab.errors.clear()
    return tab


@pytest.fixture(scope="module")
def reading(context, site):
    """The tab the chapters load in, one after another."""
    tab = open_tab(context, site)
    yield tab
    tab.page.close()


@pytest.fixture(scope="module")
def browsing(context, site):
    """The tab the book's other pages load in, one test after another."""
    tab = open_tab(context, site)
    yield tab
    tab.page.close()


@pytest.fixture
def tab(browsing):
    return fresh(browsing)


class Chapter(NamedTuple):
    notebook: str  # "notebooks/zh-CN/03_feeding_results_back"
    page: Page
    blocked: list[str]  # requests to anything but the book's server since the chapter's load
    errors: list[str]  # script errors the page raised since then


@pytest.fixture(scope="module", params=NOTEBOOKS)
def chapter(request, reading, site):
    """A chapter's page, loaded once for all its tests: pytest runs them one after another (a
    module-scoped parameter), so each chapter costs one load, not four. Whatever its tests did
    to it (scrolled, fetched, took a picture), it blocked nothing and raised no script error by
    the end."""
    page, blocked, errors = fresh(reading)
    assert page.goto(f"{site}{request.param}.html").ok
    page.wait_for_load_state("load")
    yield Chapter(request.param, page, blocked, errors)
    assert (blocked, errors) == ([], []), f"{request.param}.html, while its tests ran"


@cache
def ids_in(path: Path) -> frozenset[str]:
    return frozenset(re.findall(r'\sid="([^"]+)"', path.read_text()))


def target(site: str, url: str) -> Path | None:
    """The built file a local URL names, or None for a URL off the site."""
    if not url.startswith(site):
        return None
    path = BOOK / unquote(urlparse(url).path).lstrip("/")
    return path / "index.html" if path.is_dir() else path


@pytest.mark.parametrize("name", OTHER_PAGES)
def test_every_other_page_loads_offline_and_every_local_link_leads_somewhere(tab, site, name):
    page, blocked, errors = tab
    assert page.goto(site + name).ok
    if 'http-equiv="refresh"' in (BOOK / name).read_text():  # index.html: on to the front page
        page.wait_for_url(lambda url: not url.endswith(name))
    page.wait_for_load_state("load")
    assert_loaded_offline_with_every_link_leading_somewhere(page, site, blocked, errors)


def test_every_chapter_loads_offline_and_every_local_link_leads_somewhere(chapter, site):
    page, blocked, errors = chapter.page, chapter.blocked, chapter.errors
    assert_loaded_offline_with_every_link_leading_somewhere(page, site, blocked, errors)


def assert_loaded_offline_with_every_link_leading_somewhere(page, site, blocked, errors) -> None:
    hrefs = page.eval_on_selector_all("a[href]", "links => links.map(a => a.href)")
    broken = []
    for href in hrefs:
        url, anchor = urldefrag(href)
        path = target(site, url)
        if path is None:
            continue
        CHECKED["links"] += 1
        if not path.is_file():
            broken.append(href)
        elif anchor and path.suffix == ".html":
            CHECKED["anchors"] += 1
            if unquote(anchor) not in ids_in(path):
                broken.append(href)
    CHECKED["pages"] += 1
    assert (broken, blocked, errors) == ([], [], [])


def stored(notebook: str) -> list[dict]:
    cells = json.loads((ROOT / f"{notebook}.ipynb").read_text())["cells"]
    return [o.get("data", {}) for c in cells for o in c.get("outputs", []) if "data" in o]


def participants(mermaid: str | list) -> list[str]:
    """The names a stored diagram gives its participants.

    Example: "participant user\\n participant tool as 工具" -> ["user", "工具"]
    """
    found = re.findall(r"^\s*participant (\S+)(?: as (.+))?$", "".join(mermaid), re.M)
    return [shown or name for name, shown in found]


def drawn_diagrams(page) -> list[str]:
    """The SVG documents of the diagram pictures the page shows, loaded and with a size."""
    pictures = page.locator("img[src$='.svg']")
    out = []
    for n in range(pictures.count()):
        picture = pictures.nth(n)
        if picture.evaluate("img => img.complete && img.naturalWidth") and picture.is_visible():
            svg = picture.evaluate("async img => (await fetch(img.src)).text()")
            if "handagent-diagram" in svg:
                out.append(svg)
    return out


def first_call_and_result(plain: str) -> list[str]:
    """The first lines of call #1 and of its result in a transcript's text, if it has them.

    Example: "    tool_use #1: add {}  <-- NO RESULT" -> ["add {}"]
    """
    found = [
        re.search(rf"^\s+{kind} (.*?)(?:  <--.*)?$", plain, re.M)
        for kind in ("tool_use #1:", "tool_result(?: for #1|（回应 #1）):")  # en, zh-CN
    ]
    return [" ".join(m.group(1).split()) for m in found if m and m.group(1)]


def test_every_transcript_of_a_chapter_is_drawn_with_its_calls(chapter):
    notebook, page, blocked, _ = chapter
    transcripts = [d for d in stored(notebook) if "handagent-transcript" in str(d.get("text/html"))]
    tables = page.locator("table.handagent-transcript")
    assert tables.count() == len(transcripts)
    text = " ".join(page.inner_text("main").split())
    for n, data in enumerate(transcripts):
        assert tables.nth(n).is_visible()
        shown = first_call_and_result("".join(data["text/plain"]))
        assert shown and all(part in text for part in shown)
    CHECKED["transcripts"] += len(transcripts)
    assert blocked == []


def test_every_diagram_and_widget_of_a_chapter_is_drawn_without_a_kernel(chapter):
    notebook, page, blocked, _ = chapter
    outputs = stored(notebook)
    diagrams = drawn_diagrams(page)
    assert len(diagrams) == sum("text/vnd.mermaid" in d for d in outputs)
    names = {name for d in outputs for name in participants(d.get("text/vnd.mermaid", ""))}
    # the parties of a run in its edition's words: user, program, model, tool (chapters 02-08);
    # model, runtime and MCP servers (chapter 12)
    assert (len(names) >= 3) == bool(diagrams)
    assert all(f">{name}</text>" in svg for svg in diagrams for name in names)
    statics = page.locator(".handagent-stepper-static, .handagent-inspector-static")
    assert statics.count() == sum(WIDGET in d for d in outputs)
    assert all(statics.nth(n).is_visible() for n in range(statics.count()))
    CHECKED["diagrams"] += len(diagrams)
    CHECKED["widgets"] += statics.count()
    if diagrams:
        page.locator("img[src$='.svg']").last.scroll_into_view_if_needed()
        screenshot(page, f"book_{Path(notebook).name}")
    assert blocked == []


def test_every_chapter_links_to_itself_on_binder(chapter):
    notebook, page, _, _ = chapter
    assert page.locator(f'a[href="{BINDER}{notebook}.ipynb"]').count() >= 1


def test_the_front_page_is_the_readme_with_every_chapter_in_order(tab, site):
    page, blocked, _ = tab
    page.goto(site)  # index.html sends the reader on to README.html
    page.wait_for_url(re.compile(r"README\.html$"))
    assert page.locator("h1").first.inner_text().startswith("handagent")
    sidebar = page.locator("nav.bd-links a.reference.internal")
    pages = [
        urlparse(a).path.removesuffix(".html").lstrip("/")
        for a in sidebar.evaluate_all("links => links.map(a => a.href)")
    ]
    assert [p for p in pages if p.startswith("notebooks/")] == NOTEBOOKS
    assert page.locator(f'a[href^="{BINDER}"]').count() >= 1  # the README's badge, as a link
    screenshot(page, "book_front_page")
    assert blocked == []


def test_search_finds_the_chapters_offline(tab, site):
    page, blocked, errors = tab
    page.goto(f"{site}search.html?q=tool_result")
    results = page.locator("#search-results ul.search li")
    results.first.wait_for(timeout=60_000)  # a hang guard: the index loads as it loads
    found = results.evaluate_all("items => items.map(li => li.querySelector('a').href)")
    assert any("/notebooks/03_feeding_results_back.html" in url for url in found)
    assert (blocked, errors) == ([], [])


def test_a_request_off_the_machine_is_seen_and_fails(tab, site):
    page, blocked, _ = tab
    page.goto(f"{site}README.html")
    page.wait_for_load_state("load")
    failed = page.evaluate(
        "() => fetch('https://example.com/x.js').then(() => 'reached', () => 'failed')"
    )
    assert (failed, blocked) == ("failed", ["https://example.com/x.js"])
    blocked.clear()  # what this test caused on purpose; the next page's test starts afresh
