"""runtime.target: `configured()` sends `complete` and `sender` where the settings say, whichever
provider they name: the mock by default, an endpoint with a key, a room that tells learners apart.
"""

import httpx
import pytest
from builders import steady_brain

from handagent import llm
from handagent.mock import MockServer
from handagent.mock.http.room import Room
from handagent.runtime.protocol import user_text
from handagent.runtime.providers import complete
from handagent.runtime.senders import sender
from handagent.runtime.target import configured

HI = [user_text("Hi")]
KEY = "sk-ant-" + "sentinel-configured-0123456789"  # built: no committed file holds a key's shape


@pytest.fixture
def mock(mock_provider, mock_server, monkeypatch):
    """The mock provider, served by this test's own server so the test can see its requests."""
    monkeypatch.setattr(llm, "_mock_base_url", lambda: mock_server.base_url)
    return mock_server


@pytest.fixture
def keyed(mock_provider, monkeypatch):
    """Provider `anthropic` with a key; each test names its ANTHROPIC_BASE_URL."""
    monkeypatch.setenv("HANDAGENT_PROVIDER", "anthropic")
    monkeypatch.setenv("ANTHROPIC_API_KEY", KEY)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    return monkeypatch


def test_by_default_it_is_the_mock_provider_with_the_mocks_key_and_the_settings_model(mock):
    assert configured() == {"model": llm.settings().model, "base_url": mock.base_url,
                            "api_key": llm.MOCK_KEY, "headers": {}}  # fmt: skip
    reply = complete(HI, [], api="anthropic", **configured())
    assert reply.stop_reason == "stop" and mock.requests[-1]["messages"][0]["role"] == "user"


def test_another_model_replaces_the_settings_one_and_nothing_else(mock):
    assert configured(model="claude-opus-5-5") == {**configured(), "model": "claude-opus-5-5"}


@pytest.mark.parametrize("api", ["anthropic", "openai_chat"])
def test_sender_takes_the_same_arguments_on_either_wire(mock, api):
    reply = sender(api=api, **configured())(HI, [], 256)
    assert (reply.stop_reason, reply.provider) == ("stop", api)
    assert mock.requests[-1]["model"] == llm.settings().model


def test_a_key_and_base_url_in_the_settings_are_where_it_sends(keyed):
    keyed.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9/")
    assert configured() == {"model": llm.settings().model, "base_url": "http://127.0.0.1:9",
                            "api_key": KEY, "headers": {}}  # fmt: skip


def test_anthropics_own_api_gets_none_of_the_rooms_headers(keyed):
    keyed.delenv("ANTHROPIC_BASE_URL", raising=False)
    keyed.setenv("JPY_SESSION_NAME", "/home/ada/notebooks/09_agent_loop.ipynb")
    where = configured()
    assert (where["base_url"], where["headers"]) == ("https://api.anthropic.com", {})
    with llm.mock_instead():
        assert configured()["headers"] == {}


def test_the_headers_are_read_when_it_is_called_so_mock_instead_applies(keyed):
    keyed.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")
    keyed.setenv("JPY_SESSION_NAME", "/home/ada/notebooks/09_agent_loop.ipynb")
    named = {llm.NOTEBOOK_HEADER: "09_agent_loop.ipynb"}
    assert configured()["headers"] == named
    with llm.mock_instead():
        assert configured()["headers"] == {**named, llm.REPLAY_HEADER: "mock"}
    assert configured()["headers"] == named


def test_a_room_tells_the_learner_apart_by_key_and_places_them_in_their_notebook(keyed):
    keyed.setenv("ANTHROPIC_API_KEY", "seat-07")
    keyed.setenv("JPY_SESSION_NAME", "/home/ada/notebooks/09_agent_loop.ipynb")
    with MockServer(brain=steady_brain, room=Room()) as room:
        keyed.setenv("ANTHROPIC_BASE_URL", room.base_url)
        complete(HI, [], api="anthropic", **configured())
        sender(api="openai_chat", **configured())(HI, [], 256)
        (row,) = httpx.get(room.base_url + "/room.json").json()["learners"]
    assert (row["label"], row["requests"], row["state"]) == ("seat-07", 2, "ok")
    assert row["chapter"] == "notebooks/09_agent_loop.ipynb"


def test_the_key_is_sent_but_never_shown_in_a_repr_a_string_or_ipythons_display(keyed):
    from IPython.lib.pretty import pretty

    keyed.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9")
    where = configured()
    assert where["api_key"] == KEY
    for shown in (repr(where), str(where), f"{where}", pretty(where), repr([where])):
        assert KEY not in shown and "'api_key': '[api key]'" in shown
