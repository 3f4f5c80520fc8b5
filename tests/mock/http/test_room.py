"""The room: each key its own state and place in the cassettes, and the instructor's summary."""

import anthropic
import httpx
import pytest
from builders import sdk_client, user
from paths import ROOT

from handagent.mock import MockServer
from handagent.mock.http.cassettes import load_cassette
from handagent.mock.http.room import Room, learner_labels
from handagent.room import NOTEBOOK_HEADER

CASSETTE = load_cassette(ROOT / "cassettes" / "03_feeding_results_back.json")


@pytest.fixture
def room():
    with MockServer(room=Room((CASSETTE,))) as server:
        yield server


def sdk(server, key):
    return sdk_client(server.base_url, key)


def ask_first(server, key):
    body = CASSETTE.exchanges[0]["request"]["body"]
    return sdk(server, key).messages.create(**body)


def test_each_key_replays_the_cassette_from_its_own_start(room):
    first = CASSETTE.exchanges[0]["response"]["body"]["id"]
    assert ask_first(room, "learner-one-0001").id == first
    assert ask_first(room, "learner-two-0002").id == first


def rows(server) -> dict:
    return {r["label"]: r for r in httpx.get(server.base_url + "/room.json").json()["learners"]}


def test_the_summary_shows_chapter_requests_and_the_last_error_with_what_was_asked(room):
    ask_first(room, "learner-one-0001")
    with pytest.raises(anthropic.NotFoundError):
        sdk(room, "learner-two-0002").messages.create(
            model="nope", max_tokens=20, messages=[user("Something new")]
        )
    seen = rows(room)
    assert seen["learner-o…"]["chapter"] == "notebooks/03_feeding_results_back.ipynb"
    assert seen["learner-o…"]["requests"] == 1 and seen["learner-o…"]["last_error"] is None
    assert seen["learner-o…"]["progress"] == {"03": "1/9"}
    assert seen["learner-t…"]["last_error"] == "HTTP 404 not_found_error: model: nope"
    assert seen["learner-t…"]["asked"] == "Something new"
    assert seen["learner-t…"]["state"] == "error"


def test_a_request_the_cassettes_do_not_hold_is_answered_by_the_rooms_mock_and_says_so(room):
    asked = {"model": "claude-haiku-5-5", "max_tokens": 300, "messages": [user("Something new")]}
    raw = sdk(room, "seat-01").messages.with_raw_response.create(**asked)
    assert raw.headers["x-replay"] == "mock" and raw.parse().stop_reason == "end_turn"
    assert rows(room)["seat-01"] | {"seconds_ago": 0} == {
        "label": "seat-01", "state": "ok", "why": None, "chapter": None, "progress": {},
        "requests": 1, "off_script": 1, "asked": None, "last_error": None, "seconds_ago": 0,
    }  # fmt: skip


def test_a_strict_room_refuses_it_naming_the_learners_chapter():
    with MockServer(room=Room((CASSETTE,), fallback=False)) as server:
        named = {NOTEBOOK_HEADER: "03_feeding_results_back.ipynb"}
        with pytest.raises(anthropic.BadRequestError, match="not in the cassette of chapter 03"):
            sdk(server, "seat-01").messages.create(
                model="claude-haiku-5-5", max_tokens=20, messages=[user("Something new")],
                extra_headers=named,
            )  # fmt: skip
        assert rows(server)["seat-01"]["chapter"] == "notebooks/03_feeding_results_back.ipynb"


def test_a_room_without_cassettes_answers_with_the_mock():
    with MockServer(room=Room()) as server:
        reply = sdk(server, "k1").messages.create(
            model="claude-haiku-5-5", max_tokens=20, messages=[user("Hi")]
        )
        assert reply.stop_reason == "end_turn"
        assert list(rows(server)) == ["k1"]


def test_a_browsers_favicon_and_a_keyless_request_are_no_learner(room):
    assert httpx.get(room.base_url + "/favicon.ico").status_code == 404
    assert httpx.post(room.base_url + "/v1/messages", json={}).status_code == 401
    assert rows(room) == {}


def test_labels_are_seats_as_given_or_the_shortest_prefix_no_other_key_shares():
    seats = [f"seat-{n}" for n in (2, 12, 22)] + [f"seat-{n:02d}" for n in range(1, 31)]
    assert learner_labels(seats) == {seat: seat for seat in seats}
    assert learner_labels(["learner-one-0001", "learner-two-0002", "room-01-room-seat",
                   "room-02-room-seat"]) == {  # fmt: skip
        "learner-one-0001": "learner-o…", "learner-two-0002": "learner-t…",
        "room-01-room-seat": "room-01-…", "room-02-room-seat": "room-02-…",
    }  # fmt: skip
    real = "sk-ant-api03-" + "x" * 40
    assert (
        learner_labels([real])[real].startswith("key #")
        and "sk-ant" not in learner_labels([real])[real]
    )


def advance(clock: list[float], seconds: float) -> None:
    clock[0] += seconds


@pytest.fixture
def timed_room():
    clock = [1000.0]
    with MockServer(room=Room((CASSETTE,), clock=lambda: clock[0], stuck_after=180)) as server:
        yield server, clock


def broken(server, key):
    """A history the API refuses (a tool_result answering no call): an unintended 400."""
    answer = [{"type": "tool_result", "tool_use_id": "toolu_01", "content": "12:00"}]
    with pytest.raises(anthropic.BadRequestError):
        sdk(server, key).messages.create(
            model="claude-haiku-5-5", max_tokens=20, messages=[user(answer)]
        )


def test_the_chapters_own_errors_never_make_a_learner_stuck(timed_room):
    server, _ = timed_room
    client = sdk(server, "seat-01")
    for exchange in CASSETTE.exchanges:
        try:
            client.messages.create(**exchange["request"]["body"])
        except anthropic.BadRequestError:
            assert exchange["response"]["status"] == 400  # exchanges 5, 7, 8: on purpose
    row = rows(server)["seat-01"]
    assert (row["state"], row["progress"], row["requests"]) == ("ok", {"03": "9/9"}, 9)


def test_the_same_unintended_error_twice_is_stuck_and_an_answer_clears_it(timed_room):
    server, _ = timed_room
    broken(server, "seat-01")
    assert rows(server)["seat-01"]["state"] == "error"
    broken(server, "seat-01")
    assert rows(server)["seat-01"]["why"] == "the same error 2 times in a row"
    ask_first(server, "seat-01")
    assert rows(server)["seat-01"]["state"] == "ok"


def test_an_error_then_no_progress_for_three_minutes_is_stuck_and_stuck_come_first(timed_room):
    server, clock = timed_room
    ask_first(server, "seat-01")
    broken(server, "seat-02")
    advance(clock, 179)
    assert [r["state"] for r in rows(server).values()] == ["error", "ok"]
    advance(clock, 1)
    assert [(r["label"], r["why"]) for r in rows(server).values()] == [
        ("seat-02", "no progress for 3 min since an error"), ("seat-01", None)
    ]  # fmt: skip


def test_thirty_learners_replay_chapter_03_at_once_with_no_error(room):
    """30 keys at once, each sending chapter 03's requests in order: each its recorded reply."""
    import threading

    plain = [e for e in CASSETTE.exchanges if "id" in (e["response"].get("body") or {})]
    bodies = [e["request"]["body"] for e in plain]
    wanted = [e["response"]["body"]["id"] for e in plain]
    got, errors = {}, []

    def learner(number: int) -> None:
        key = f"learner-{number:04d}-key"
        try:
            got[key] = [sdk(room, key).messages.create(**body).id for body in bodies]
        except anthropic.APIError as error:  # counted, never raised in the thread
            errors.append(error)

    threads = [threading.Thread(target=learner, args=(n,)) for n in range(30)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    assert errors == []
    assert len(got) == 30 and all(ids == wanted for ids in got.values())
    rows = httpx.get(room.base_url + "/room.json").json()["learners"]
    assert len(rows) == 30 and {r["requests"] for r in rows} == {len(bodies)}
    assert {r["chapter"] for r in rows} == {"notebooks/03_feeding_results_back.ipynb"}
