"""The room: each key its own state and place in the cassettes, and the instructor's summary."""

import anthropic
import httpx
import pytest
from builders import user
from paths import ROOT

from handagent.mock import MockServer
from handagent.mock.http.cassettes import load_cassette
from handagent.mock.http.room import Room, mask

CASSETTE = load_cassette(ROOT / "cassettes" / "03_feeding_results_back.json")


@pytest.fixture
def room():
    with MockServer(room=Room((CASSETTE,))) as server:
        yield server


def sdk(server, key):
    return anthropic.Anthropic(base_url=server.base_url, api_key=key, max_retries=0)


def ask_first(server, key):
    body = CASSETTE.exchanges[0]["request"]["body"]
    return sdk(server, key).messages.create(**body)


def test_each_key_replays_the_cassette_from_its_own_start(room):
    first = CASSETTE.exchanges[0]["response"]["body"]["id"]
    assert ask_first(room, "learner-one-0001").id == first
    assert ask_first(room, "learner-two-0002").id == first


def test_the_summary_shows_chapter_requests_and_the_last_error_per_masked_key(room):
    ask_first(room, "learner-one-0001")
    with pytest.raises(anthropic.BadRequestError):
        sdk(room, "learner-two-0002").messages.create(
            model="claude-haiku-5-5", max_tokens=20, messages=[user("Something new")]
        )
    rows = {r["key"]: r for r in httpx.get(room.base_url + "/room.json").json()["learners"]}
    assert rows["lea…0001"]["chapter"] == "notebooks/03_feeding_results_back.ipynb"
    assert rows["lea…0001"]["requests"] == 1 and rows["lea…0001"]["last_error"] is None
    assert rows["lea…0002"]["last_error"].startswith(
        "HTTP 400 invalid_request_error: replay: this request is not in the cassette"
    )
    assert "learner-one-0001" not in httpx.get(room.base_url + "/room").text


def test_a_room_without_cassettes_answers_with_the_mock():
    with MockServer(room=Room()) as server:
        reply = sdk(server, "k1").messages.create(
            model="claude-haiku-5-5", max_tokens=20, messages=[user("Hi")]
        )
        assert reply.stop_reason == "end_turn"
        assert httpx.get(server.base_url + "/room.json").json()["learners"][0]["key"] == "…1"


def test_a_key_is_masked_to_its_ends():
    assert mask("workshop-key-0042") == "wor…0042"
    assert mask("short") == "…t"


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
