"""The instructor's page of a room, in headless Chromium, watching two learners progress.

A room server runs in its own process (`python -m handagent.mock --room --port 0`, on the
committed cassettes), as the instructor would start it. Chromium opens /room once and is never
reloaded; two learners, each with their own key, then make chapter requests through the genuine
anthropic SDK (the requests the cassettes hold, one of them a question no cassette holds), and
after each step the page must show, by itself, each key's chapter reached, requests made and
last error. The page may fetch only the room server (every other request is aborted).

Run by `make test-browser`, like every test in this folder.
"""

import json
import subprocess
import sys

import anthropic
import pytest
from offline import ROOT, chromium, offline_page, screenshot  # skips without Chromium
from playwright.sync_api import expect

from handagent.mock.http.cassettes import load_cassettes
from handagent.mock.http.matching import normalise

CEILING = 30_000  # milliseconds any wait may last (the page polls every second)
CASSETTES = ROOT / "cassettes"
ONE, TWO = "learner-one-0001", "learner-two-0002"  # shown as lea…0001, lea…0002
NOT_HELD = "HTTP 400 invalid_request_error: replay: this request is not in the cassette"


def chapter_requests(stem: str) -> tuple[str, list[dict]]:
    """A chapter's notebook and the bodies of its plain /v1/messages requests that no other
    cassette holds (so the room can only answer them from this chapter's cassette)."""
    everything = load_cassettes(CASSETTES)
    mine = next(c for c in everything if c.path.endswith(f"/{stem}.json"))
    elsewhere = [
        json.dumps(normalise(e["request"]), sort_keys=True)
        for c in everything
        if c is not mine
        for e in c.exchanges
    ]
    bodies = [
        e["request"]["body"]
        for e in mine.exchanges
        if e["request"]["path"] == "/v1/messages"
        and not e["request"]["query"]
        and not e["request"]["headers"].get("anthropic-beta")
        and not e["request"]["body"].get("stream")
        and e["response"]["status"] == 200
        and json.dumps(normalise(e["request"]), sort_keys=True) not in elsewhere
    ]
    return mine.notebook, bodies


@pytest.fixture(scope="module")
def room_url():
    """A room server in its own process on the committed cassettes: its base URL."""
    command = [sys.executable, "-m", "handagent.mock", "--room", "--port", "0",
               "--cassettes", str(CASSETTES)]  # fmt: skip
    server = subprocess.Popen(command, stdout=subprocess.PIPE, text=True, cwd=ROOT)
    lines = []
    while not (lines and lines[-1].startswith("listening on ")):  # "room: ...", then the URL
        line = server.stdout.readline()
        if not line:
            pytest.fail(f"the room did not start: {lines}")
        lines.append(line.strip())
    yield lines[-1].removeprefix("listening on ")
    server.terminate()
    server.wait(timeout=30)


def learner(base_url: str, key: str) -> anthropic.Anthropic:
    return anthropic.Anthropic(base_url=base_url, api_key=key, max_retries=0)


def test_the_instructor_page_follows_two_learners_live(room_url):
    first_notebook, first = chapter_requests("03_feeding_results_back")
    second_notebook, second = chapter_requests("01_tools_menu")
    assert len(first) >= 3 and second
    one, two = learner(room_url, ONE), learner(room_url, TWO)
    with chromium() as browser:
        page, blocked = offline_page(browser, allowed=(room_url,))
        loads = []
        page.on("load", lambda _: loads.append(1))
        page.goto(f"{room_url}/room")
        expect(page.locator("#summary")).to_have_text("0 learners", timeout=CEILING)
        rows = page.locator("#learners tr")

        def row(masked: str, chapter: str, requests: int, error: str) -> None:
            """The row of a key shows these, once the page has polled (never reloaded)."""
            cells = rows.filter(has_text=masked).locator("td")
            expect(cells).to_have_count(5, timeout=CEILING)
            expect(cells.nth(1)).to_have_text(chapter, timeout=CEILING)
            expect(cells.nth(2)).to_have_text(str(requests), timeout=CEILING)
            expect(cells.nth(3)).to_contain_text(error, timeout=CEILING)

        one.messages.create(**first[0])
        row("lea…0001", first_notebook, 1, "—")
        expect(page.locator("#summary")).to_have_text("1 learners", timeout=CEILING)

        two.messages.create(**second[0])
        with pytest.raises(anthropic.BadRequestError):  # a question no cassette holds
            two.messages.create(
                model=second[0]["model"],
                max_tokens=100,
                messages=[{"role": "user", "content": "Something the chapter never asks"}],
            )
        row("lea…0002", second_notebook, 2, NOT_HELD)
        expect(rows.filter(has_text="lea…0002")).to_have_class("stuck", timeout=CEILING)
        expect(rows.filter(has_text="lea…0001")).not_to_have_class("stuck")
        screenshot(page, "room_one_stuck")

        for body in first[1:3]:  # learner one goes on through chapter 03
            one.messages.create(**body)
        row("lea…0001", first_notebook, 3, "—")

        two.messages.create(**second[0])  # learner two asks again, and is answered
        row("lea…0002", second_notebook, 3, "—")
        expect(rows.filter(has_text="lea…0002")).not_to_have_class("stuck", timeout=CEILING)
        expect(page.locator("#summary")).to_have_text("2 learners")
        assert ONE not in page.content() and TWO not in page.content()  # keys masked
        screenshot(page, "room")
        assert loads == [1], "the page was reloaded"
        assert blocked == []
