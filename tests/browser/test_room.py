"""The instructor's page of a room, in headless Chromium: thirty learners, three of them stuck.

A room on the committed cassettes runs in this process, on a clock the test moves (so "three
minutes without progress" takes no time). Chromium opens /room once and is never reloaded; thirty
learners, keyed by seat (`seat-01` ... `seat-30`) and naming their notebook as JupyterLab's kernels
do, then go through chapter 03 with the genuine anthropic SDK, its three deliberate 400s included,
some further than others. Three get stuck in three ways: the same refused history twice (07), an
unknown model and then nothing for three minutes (17), three different errors over three minutes
(27). One more has one fresh error (12: not stuck yet) and one asks something the cassettes do not
hold (03: the room's mock answers). The page, by itself, must name exactly the three stuck, first,
with what each asked; show each learner's chapter from its first request; and fit one 1280x900
screen. It may fetch only the room (every other request is aborted).

Run by `make test-browser`, like every test in this folder.
"""

import anthropic
import pytest
from builders import sdk_client
from offline import ROOT, new_context, offline_page, screenshot  # skips without Chromium
from playwright.sync_api import expect

from handagent.mock import MockServer
from handagent.mock.http.cassettes import load_cassettes
from handagent.mock.http.room import Room
from handagent.room import NOTEBOOK_HEADER

CEILING = 30_000  # milliseconds any wait may last (the page polls every second)
CASSETTES = load_cassettes(ROOT / "cassettes")
CHAPTER = next(c for c in CASSETTES if c.notebook.endswith("/03_feeding_results_back.ipynb"))
NAMED = {NOTEBOOK_HEADER: "03_feeding_results_back.ipynb"}
SEATS = [f"seat-{n:02d}" for n in range(1, 31)]
STUCK = ["seat-07", "seat-17", "seat-27"]


@pytest.fixture
def room():
    clock = [1000.0]
    with MockServer(room=Room(CASSETTES, clock=lambda: clock[0])) as server:
        yield server, clock


def learner(base_url: str, seat: str) -> anthropic.Anthropic:
    return sdk_client(base_url, seat, default_headers=NAMED)


def go_through(client: anthropic.Anthropic, exchanges: int) -> None:
    """Chapter 03's first requests, as its cells send them (the 400s it makes on purpose too)."""
    for exchange in CHAPTER.exchanges[:exchanges]:
        try:
            client.messages.create(**exchange["request"]["body"])
        except anthropic.BadRequestError:
            assert exchange["response"]["status"] == 400


def fails(client: anthropic.Anthropic, **changed) -> None:
    """Chapter 03's first request, changed so that the room refuses it."""
    with pytest.raises(anthropic.APIStatusError):
        client.messages.create(**{**CHAPTER.exchanges[0]["request"]["body"], **changed})


ORPHAN = [{"role": "user", "content": [
    {"type": "tool_result", "tool_use_id": "toolu_01", "content": "12:00"}]}]  # fmt: skip


def test_the_page_names_exactly_the_three_stuck_learners_first(room, browser):
    server, clock = room
    clients = {seat: learner(server.base_url, seat) for seat in SEATS}
    with new_context(browser) as context:
        page, blocked = offline_page(context, allowed=(server.base_url,))
        loads = []
        page.on("load", lambda _: loads.append(1))
        page.goto(f"{server.base_url}/room")
        summary = page.locator("#summary")
        expect(summary).to_contain_text("0 learners", timeout=CEILING)

        for number, seat in enumerate(SEATS, 1):  # seat-01 makes 1 request, seat-09 all 9...
            go_through(clients[seat], min(number, len(CHAPTER.exchanges)))
        clients["seat-03"].messages.create(  # not in the cassettes: the room's mock answers
            model=CHAPTER.exchanges[0]["request"]["body"]["model"],
            max_tokens=300,
            messages=[{"role": "user", "content": "Something the chapter never asks"}],
        )
        fails(clients["seat-17"], model="nope")  # then nothing for three minutes
        fails(clients["seat-27"], model="nope")
        clock[0] += 100
        fails(clients["seat-27"], messages=ORPHAN)
        clock[0] += 40
        fails(clients["seat-27"], extra_body={"colour": "blue"})
        clock[0] += 60
        fails(clients["seat-07"], messages=ORPHAN)
        fails(clients["seat-07"], messages=ORPHAN)
        fails(clients["seat-12"], model="nope")  # one error, just now: not stuck

        expect(summary).to_have_text(
            "30 learners · 3 stuck · 1 with an error · 1 answered off-script by the mock",
            timeout=CEILING,
        )
        rows = page.locator("#learners tr")
        expect(rows).to_have_count(30)
        stuck = page.locator("#learners tr.stuck td.label")
        assert stuck.all_inner_texts() == STUCK
        assert rows.locator("td.label").all_inner_texts()[:3] == STUCK  # stuck come first
        assert page.locator("#learners tr.error td.label").all_inner_texts() == ["seat-12"]
        why = {seat: rows.filter(has_text=seat).locator("td.state") for seat in STUCK}
        expect(why["seat-07"]).to_have_text("stuck: the same error 2 times in a row")
        expect(why["seat-17"]).to_have_text("stuck: no progress for 3 min since an error")
        expect(why["seat-27"]).to_have_text("stuck: no progress for 3 min since an error")
        said = rows.filter(has_text="seat-17").locator("td.said")
        expect(said).to_have_attribute("title", "“What time is it?” → HTTP 404 not_found_error: "
                                       "model: nope")  # fmt: skip
        expect(rows.filter(has_text="seat-03").locator("td.state")).to_have_text(
            "ok · 1 off-script"
        )
        first = rows.filter(has_text="seat-01").locator("td.here")  # at chapter 03's first request
        expect(first).to_have_text("1/9")
        expect(page.locator("thead th").nth(2 + 3)).to_have_text("03")
        expect(rows.filter(has_text="seat-09").locator("td.done")).to_have_text("9/9")
        box = page.locator("table").bounding_box()
        assert box["y"] + box["height"] <= 900 and box["x"] + box["width"] <= 1280  # one screen
        screenshot(page, "room")
        assert loads == [1], "the page was reloaded"
        assert blocked == []
    assert all(seat not in str(blocked) for seat in SEATS)
