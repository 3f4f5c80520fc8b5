"""Replay: what the genuine SDK recorded through the proxy (upstream: the mock) comes back byte
for byte; a request that differs is refused, naming its first difference; every exchange of
tests/recorded, made a cassette, replays with 0 mismatches."""

import json

import anthropic
import httpx
import pytest
from builders import tool, user
from paths import ROOT, TESTS

from handagent.mock import MockServer, mock_instead
from handagent.mock.http.cassettes import (
    Cassette,
    load_cassette,
    load_cassettes,
    reply_usage,
    save_cassette,
    wire,
)
from handagent.mock.http.matching import first_difference, normalise
from handagent.mock.http.replay import Replay, Replayed
from handagent.mock.http.server import State, answer
from handagent.record import PLACEHOLDER_KEY, RecordingProxy
from handagent.room import NOTEBOOK_HEADER

MODEL = "claude-haiku-5-5"
WEATHER = tool("get_weather", "Returns the weather in a city.", city="string")
THINK = {"type": "adaptive", "display": "summarized"}


def ask(base_url: str, text: str = "What is the weather in Paris?", **extra):
    """One tool round trip, one stream and a thinking reply; the raw responses, in order."""
    raw = []
    hooks = {"response": [lambda r: r.read() or raw.append(r)]}
    sdk = anthropic.Anthropic(
        base_url=base_url,
        api_key=PLACEHOLDER_KEY,
        max_retries=0,
        http_client=anthropic.DefaultHttpxClient(event_hooks=hooks),
    )
    fields = {"model": MODEL, "max_tokens": 200, "tools": [WEATHER], **extra}
    first = sdk.messages.create(messages=[user(text)], **fields)
    call = next(b for b in first.content if b.type == "tool_use")
    history = [
        user(text),
        {"role": "assistant", "content": first.content},
        user([{"type": "tool_result", "tool_use_id": call.id, "content": "Sunny"}]),
    ]
    second = sdk.messages.create(messages=history, thinking=THINK, **fields)
    with sdk.messages.stream(messages=[user("Say hello")], **fields) as stream:
        streamed = stream.get_final_message()
    sdk.models.list()
    return raw, [first, second, streamed]


@pytest.fixture(scope="module")
def recorded(tmp_path_factory):
    """The exchanges of `ask` recorded through the proxy, upstream the mock, in a cassette."""
    with MockServer() as mock, RecordingProxy(mock.base_url) as proxy:
        raw, replies = ask(proxy.base_url)
    path = tmp_path_factory.mktemp("cassettes") / "ask.json"
    save_cassette(path, "notebooks/ask.ipynb", "mock", "2026-12-03", proxy.exchanges)
    return path, raw, replies


def replayed(path, text="What is the weather in Paris?", **extra):
    with MockServer(replay=Replay((load_cassette(path),))) as server:
        return ask(server.base_url, text, **extra)


def test_a_recorded_run_replays_byte_for_byte(recorded):
    path, raw, replies = recorded
    again, again_replies = replayed(path)
    assert [r.content for r in again] == [r.content for r in raw]
    assert [r.status_code for r in again] == [r.status_code for r in raw]
    assert [r.headers["request-id"] for r in again] == [r.headers["request-id"] for r in raw]
    assert again_replies == replies  # thinking blocks and signatures as recorded


def test_the_cassette_keeps_streams_as_events_and_no_key(recorded):
    path, _, _ = recorded
    exchanges = load_cassette(path).exchanges
    streamed = next(
        e for e in exchanges if e["request"]["body"] and e["request"]["body"].get("stream")
    )
    assert [e["event"] for e in streamed["response"]["events"]][:2] == [
        "message_start",
        "content_block_start",
    ]
    assert PLACEHOLDER_KEY not in path.read_text()
    assert all("x-api-key" not in e["request"]["headers"] for e in exchanges)


@pytest.mark.parametrize(
    "edit, where, theirs, ours",
    [
        (
            {"text": "What is the weather in Rome?"},
            "body.messages[0].content",
            '"What is the weather in Paris?"',
            '"What is the weather in Rome?"',
        ),
        (
            {"tools": [tool("get_time", "Returns the time.")]},
            "body.tools[0].name",
            '"get_weather"',
            '"get_time"',
        ),
        ({"model": "claude-opus-5-5"}, "body.model", '"claude-haiku-5-5"', '"claude-opus-5-5"'),
    ],
)
def test_a_changed_request_fails_naming_its_first_difference(recorded, edit, where, theirs, ours):
    path, _, _ = recorded
    text = edit.pop("text", "What is the weather in Paris?")
    with pytest.raises(anthropic.BadRequestError) as refused:
        replayed(path, text, **edit)
    message = refused.value.body["error"]["message"]
    assert message.startswith("replay: this request is not in the cassette of ask.ipynb (")
    assert f"at {where}: the cassette has {theirs}, the request has {ours}." in message
    assert "with mock_instead():" in message and "x-replay: mock" in message


def test_mock_instead_lets_the_mock_answer_what_the_cassette_lacks(recorded):
    path, _, _ = recorded
    with mock_instead():
        raw, replies = replayed(path, "What is the weather in Rome?")
    assert replies[0].stop_reason == "tool_use"


def test_ids_are_renumbered_in_order_of_appearance():
    request = {
        "method": "POST",
        "path": "/v1/messages",
        "query": "",
        "headers": {},
        "body": {"a": "toolu_01AbCdEf", "b": ["toolu_01AbCdEf", "toolu_09ZzZzZz"]},
    }
    assert normalise(request)["body"] == {"a": "toolu_1", "b": ["toolu_1", "toolu_2"]}


def test_the_first_difference_is_a_path_with_both_values():
    assert first_difference({"a": [1, 2]}, {"a": [1, 3]}) == ("a[1]", "2", "3")
    assert first_difference({"a": 1}, {}) == ("a", "1", "nothing (left out)")
    assert first_difference([1], [1, 2]) == (" (length)", "1", "2")
    assert first_difference({"a": 1.0}, {"a": 1}) == ("a", "1.0", "1")
    assert first_difference({"a": [1]}, {"a": [1]}) == ()


def test_the_same_request_twice_gets_the_two_recorded_replies_in_order_then_the_last():
    def exchange(said: str) -> dict:
        reply = {
            "status": 200,
            "headers": {"content-type": "application/json"},
            "json": "spaced",
            "body": {"said": said},
        }
        request = {"method": "POST", "path": "/v1/messages", "query": "", "headers": {}, "body": {}}
        return {"request": request, "response": reply}

    replay = Replay((Cassette("c.json", "n", (exchange("one"), exchange("two"))),))
    said = [
        replay.find("POST", "/v1/messages", {}, b"{}").response["body"]["said"] for _ in range(3)
    ]
    assert said == ["one", "two", "two"]


RECORDED = sorted((TESTS / "recorded").glob("*.json"))


def as_cassette(recording: dict) -> Cassette:
    """A tests/recorded exchange as a one-exchange cassette: the API's compact JSON."""
    request, response = recording["request"], recording["response"]
    kept = {
        "status": response["status"],
        "json": "compact",
        "headers": {"content-type": response.get("content_type", "application/json")},
    }
    if "events" in response:
        kept["events"] = response["events"]
    else:
        kept["body"] = response.get("body")
    return Cassette(recording["name"], recording["name"], ({"request": request, "response": kept},))


def test_every_recorded_exchange_replays_as_a_cassette_with_no_mismatch():
    mismatches = []
    for path in RECORDED:
        recording = json.loads(path.read_text(encoding="utf-8"))
        cassette = as_cassette(recording)
        request = recording["request"]
        target = request["path"] + (f"?{request['query']}" if request.get("query") else "")
        raw = json.dumps(request["body"]).encode() if request.get("body") is not None else b""
        headers = {**request["headers"], "content-length": str(len(raw)), "x-api-key": "k"}
        state = State(replay=Replay((cassette,)))
        got = answer(request["method"], target, headers, lambda n, raw=raw: raw, state)
        sent = wire(cassette.exchanges[0]["response"])
        body = b"".join(got.events) if got.events else got.body
        if got.status != recording["response"]["status"] or body != b"".join(
            sent if isinstance(sent, tuple) else (sent,)
        ):
            mismatches.append(path.name)
    assert len(RECORDED) == 336
    assert mismatches == []


def test_a_replayed_stream_parses_like_the_recorded_one(recorded):
    path, _, _ = recorded
    with MockServer(replay=Replay((load_cassette(path),))) as server:
        body = {
            "model": MODEL,
            "max_tokens": 200,
            "tools": [WEATHER],
            "stream": True,
            "messages": [user("Say hello")],
        }
        headers = {"x-api-key": "any", "anthropic-version": "2026-10-21"}
        streamed = httpx.post(server.base_url + "/v1/messages", json=body, headers=headers)
    assert streamed.headers["content-type"].startswith("text/event-stream")
    assert streamed.text.endswith('event: message_stop\ndata: {"type": "message_stop"}\n\n')


def test_a_kept_replys_usage_is_a_streams_running_totals_merged():
    assert reply_usage({"status": 200, "body": {"usage": {"input_tokens": 9}}}) == {
        "input_tokens": 9
    }
    start = {"type": "message_start", "message": {"usage": {"input_tokens": 9, "output_tokens": 1}}}
    delta = {"type": "message_delta", "usage": {"output_tokens": 30, "input_tokens": None}}
    events = [{"event": e["type"], "data": e} for e in (start, {"type": "ping"}, delta)]
    assert reply_usage({"status": 200, "events": events}) == {
        "input_tokens": 9,
        "output_tokens": 30,
    }
    assert reply_usage({"status": 400, "body": {"error": {}}}) == {}


# A learner's chapter and place, on the committed cassettes (chapter 03's first request is also
# chapter 02's first, and its third is its first again).
COMMITTED = load_cassettes(ROOT / "cassettes")
CHAPTER_03 = next(c for c in COMMITTED if c.notebook.endswith("/03_feeding_results_back.ipynb"))
NAMED_03 = {NOTEBOOK_HEADER: "03_feeding_results_back.ipynb"}


def send(replay: Replay, number: int, headers: dict | None = None, **edits) -> Replayed:
    """Chapter 03's exchange `number` (from 1) as a learner sends it, with `edits` to its body."""
    request = CHAPTER_03.exchanges[number - 1]["request"]
    raw = json.dumps({**request["body"], **edits}).encode()
    return replay.find("POST", request["path"], {**request["headers"], **(headers or {})}, raw)


def test_a_request_naming_chapter_03_is_answered_from_chapter_03_from_its_first():
    outcome = send(Replay(COMMITTED), 1, NAMED_03)
    assert (outcome.notebook, outcome.position, outcome.of) == (CHAPTER_03.notebook, 1, 9)


def test_without_its_name_a_new_learner_is_placed_by_the_first_request_that_only_03_holds():
    replay = Replay(COMMITTED)
    assert send(replay, 1).notebook == "notebooks/02_tool_use.ipynb"  # the same request
    assert (send(replay, 2).notebook, replay.chapter()) == (CHAPTER_03.notebook,) * 2


def test_a_chapter_run_again_from_the_top_is_answered_from_its_own_start():
    replay = Replay(COMMITTED)
    first = [send(replay, n, NAMED_03).position for n in range(1, 10)]
    again = [send(replay, n).position for n in range(1, 10)]  # no name: its place decides
    assert first == again == list(range(1, 10))


def test_the_chapters_intended_errors_are_known_as_such():
    replay = Replay(COMMITTED)
    outcomes = [send(replay, n, NAMED_03) for n in range(1, 10)]
    assert [o.position for o in outcomes if o.intended_error] == [5, 7, 8]


@pytest.mark.parametrize(
    "edit, where",
    [
        ({"messages": [user("What time is it in Tokyo?")]}, "body.messages[0].content"),
        ({"tools": []}, "body.tools (length)"),
        ({"model": "claude-opus-5-5"}, "body.model"),
    ],
)
def test_a_miss_names_the_learners_chapter_and_the_exchange_expected_there(edit, where):
    replay = Replay(COMMITTED)
    for number in (1, 2, 3):  # part-way through chapter 03, never naming it
        send(replay, number)
    missed = send(replay, 4, **edit)
    assert missed.response is None and missed.position == 4
    assert missed.miss.startswith(
        "replay: this request is not in the cassette of chapter 03 "
        "(03_feeding_results_back.json), where exchange 4 of 9 is the nearest. To have "
        "the mock answer it, run the cell inside `with mock_instead():`"
    )
    assert f"First difference, at {where}: the cassette has" in missed.miss


def test_a_new_learners_miss_in_a_named_chapter_names_that_chapter():
    missed = send(Replay(COMMITTED), 1, NAMED_03, messages=[user("What time is it in Tokyo?")])
    assert "chapter 03" in missed.miss and missed.position == 1
    zh = send(Replay(COMMITTED), 1, {NOTEBOOK_HEADER: "zh-CN/03_feeding_results_back.ipynb"})
    assert zh.notebook == "notebooks/zh-CN/03_feeding_results_back.ipynb"
    assert "the cassette of chapter 03 (zh-CN) hold no POST /v1/messages" in zh.miss


def test_a_miss_with_x_replay_mock_is_answered_by_the_mock_and_says_so():
    with MockServer(replay=Replay((CHAPTER_03,))) as server:
        body = {"model": MODEL, "max_tokens": 100, "messages": [user("Something new")]}
        headers = {"x-api-key": "k", "anthropic-version": "2026-10-21"}
        refused = httpx.post(server.base_url + "/v1/messages", json=body, headers=headers)
        answered = httpx.post(server.base_url + "/v1/messages", json=body,
                              headers={**headers, "x-replay": "mock"})  # fmt: skip
    assert refused.status_code == 400 and "x-replay" not in refused.headers
    assert answered.status_code == 200 and answered.headers["x-replay"] == "mock"
