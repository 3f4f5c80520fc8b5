"""The recording proxy: the genuine SDK reaches the upstream through it, gets the upstream's own
bytes, and what it keeps holds no key."""

import json

import anthropic
import pytest
from builders import sdk_client, user

from handagent.mock import MockServer
from handagent.record import PLACEHOLDER_KEY, RecordingProxy

REAL_KEY = "sk-ant-" + "fake-key-for-the-test-0123456789"


@pytest.fixture
def upstream():
    with MockServer() as mock:
        yield mock


def sdk(base_url: str, key: str = PLACEHOLDER_KEY) -> anthropic.Anthropic:
    return sdk_client(base_url, key)


def test_the_placeholder_key_is_swapped_for_the_real_one_and_never_kept(upstream, monkeypatch):
    seen = []
    monkeypatch.setattr(
        "handagent.mock.http.access.check_key",
        lambda headers: seen.append(headers.get("x-api-key") or headers.get("authorization")),
    )
    with RecordingProxy(upstream.base_url, REAL_KEY) as proxy:
        sdk(proxy.base_url).messages.create(
            model="claude-haiku-5-5", max_tokens=50, messages=[user(f"Repeat {REAL_KEY}")]
        )
    assert REAL_KEY in seen[0]
    kept = json.dumps(proxy.exchanges)
    assert REAL_KEY not in kept and PLACEHOLDER_KEY not in kept
    assert "Repeat [api key]" in kept


def test_another_key_is_sent_as_it_is(upstream):
    with RecordingProxy(upstream.base_url, REAL_KEY) as proxy:
        with pytest.raises(anthropic.AuthenticationError):
            sdk(proxy.base_url, "bad-key-for-the-demo").messages.create(
                model="claude-haiku-5-5", max_tokens=50, messages=[user("Hi")]
            )
    assert proxy.exchanges[0]["response"]["status"] == 401


def test_a_stream_passes_through_whole_and_is_kept_as_its_events(upstream):
    with RecordingProxy(upstream.base_url) as proxy:
        with sdk(proxy.base_url).messages.stream(
            model="claude-haiku-5-5", max_tokens=50, messages=[user("Hi")]
        ) as stream:
            final = stream.get_final_message()
    events = proxy.exchanges[0]["response"]["events"]
    assert final.stop_reason == "end_turn"
    assert [e["event"] for e in events][-1] == "message_stop"


def test_an_upstream_that_cannot_be_reached_is_kept_as_a_hang_up(upstream):
    with RecordingProxy("http://127.0.0.1:9") as proxy:
        with pytest.raises(anthropic.APIConnectionError):
            sdk(proxy.base_url).messages.create(
                model="claude-haiku-5-5", max_tokens=50, messages=[user("Hi")]
            )
    assert proxy.exchanges[0]["response"] == {"status": None, "headers": {}}
