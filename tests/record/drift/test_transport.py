"""Tests for handagent.record.drift.transport: the mock in this process and an API over HTTP
answer a probe in the same shape."""

import httpx
from builders import closed_port_url, request

from handagent.mock import MockServer
from handagent.record.drift.probes import Probe
from handagent.record.drift.transport import to_api, to_mock

ASK = Probe("case", "", "/v1/messages", request(), "2026-10-21")
STREAMED = Probe("case", "", "/v1/messages", request(stream=True), "2026-10-21")


def test_the_mock_in_this_process_answers_as_the_mock_over_http():
    with MockServer() as server:
        over_http = to_api(server.base_url, "any-key")
        for probe in (ASK, STREAMED, Probe("c", "", "/v1/messages", [], "2026-10-21")):
            assert to_mock()(probe) == over_http(probe)


def test_a_stream_arrives_as_its_events():
    answer = to_mock()(STREAMED)
    assert [e["event"] for e in answer["events"]][0] == "message_start"


def test_an_overloaded_api_is_asked_again_and_its_last_answer_kept():
    answers = iter(
        [
            httpx.Response(529, headers={"retry-after": "0"}, json={}),
            httpx.Response(200, json={"ok": True}),
        ]
    )
    client = httpx.Client(
        base_url="http://api", transport=httpx.MockTransport(lambda request: next(answers))
    )
    assert to_api("http://api", "k", client)(ASK)["body"] == {"ok": True}


def test_a_key_and_the_probes_headers_reach_the_api():
    seen = []

    def api(sent: httpx.Request) -> httpx.Response:
        seen.append(sent)
        return httpx.Response(200, json={})

    client = httpx.Client(base_url="http://api", transport=httpx.MockTransport(api))
    to_api("http://api", "sk-test", client)(
        Probe("c", "", "/v1/messages?beta=true", {}, "v", ("b-1",))
    )
    assert seen[0].url.path == "/v1/messages" and seen[0].url.query == b"beta=true"
    assert (seen[0].headers["x-api-key"], seen[0].headers["anthropic-beta"]) == ("sk-test", "b-1")


def test_an_api_that_cannot_be_reached_gives_no_answer():
    assert to_api(closed_port_url(), "k")(ASK) == {"status": None, "headers": {}}
