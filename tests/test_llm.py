"""Tests for handagent.llm: one call to the configured provider, checked locally first."""

import anthropic
import httpx
import pytest
from anthropic.types import Message
from builders import BRAIN_TEXT

from handagent import llm
from handagent.api.checks import Rejection
from handagent.blocks import text_of, tool_uses

TOOLS = [{"name": "get_time", "input_schema": {"type": "object", "properties": {}}}]
QUESTION = {"role": "user", "content": "What time is it?"}
CALL = {"type": "tool_use", "id": "toolu_01A", "name": "get_time", "input": {}}
DROPPED_RESULT = [
    QUESTION,
    {"role": "assistant", "content": [CALL]},
    {"role": "user", "content": "Well?"},
]
UNANSWERED = (
    "messages.1: `tool_use` ids were found without `tool_result` blocks immediately after: "
    "toolu_01A. Each `tool_use` block must have a corresponding `tool_result` block in the next "
    "message."
)


@pytest.fixture
def mock(mock_provider, mock_server, monkeypatch):
    """The mock provider, served by this test's own server so the test can see its requests."""
    monkeypatch.setattr(llm, "_mock_base_url", lambda: mock_server.base_url)
    return mock_server


def test_call_model_returns_the_sdks_message(mock):
    reply = llm.call_model([QUESTION])
    assert isinstance(reply, Message)
    assert reply.model == llm.settings().model
    assert text_of(reply.content) == BRAIN_TEXT


def test_the_request_holds_only_what_was_given(mock):
    llm.call_model([QUESTION])
    assert mock.requests[-1] == {
        "model": llm.settings().model,
        "max_tokens": llm.MAX_TOKENS,
        "messages": [QUESTION],
    }


@pytest.mark.parametrize("tools", [None, []])
def test_no_tools_means_no_tools_parameter(mock, tools):
    llm.call_model([QUESTION], tools)
    assert "tools" not in mock.requests[-1]


def test_tools_and_options_are_sent_when_given(mock):
    choice = {"type": "tool", "name": "get_time"}
    llm.call_model(
        [QUESTION],
        TOOLS,
        system="Be brief.",
        max_tokens=77,
        model="claude-opus-4-8",
        tool_choice=choice,
    )
    sent = mock.requests[-1]
    assert (sent["tools"], sent["system"], sent["max_tokens"]) == (TOOLS, "Be brief.", 77)
    assert (sent["model"], sent["tool_choice"]) == ("claude-opus-4-8", choice)


def test_a_broken_history_is_rejected_locally_and_nothing_is_sent(mock):
    with pytest.raises(Rejection) as caught:
        llm.call_model(DROPPED_RESULT, TOOLS)
    assert (caught.value.status, caught.value.error_type) == (400, "invalid_request_error")
    assert caught.value.message == UNANSWERED
    assert mock.requests == []


def test_without_the_check_the_provider_refuses_with_the_same_wording(mock):
    with pytest.raises(anthropic.BadRequestError) as caught:
        llm.call_model(DROPPED_RESULT, TOOLS, check=False)
    assert caught.value.body["error"]["message"] == UNANSWERED
    assert caught.value.body["error"]["type"] == "invalid_request_error"


def test_a_history_holding_the_sdks_own_blocks_is_accepted(mock):
    mock.script(
        [
            {"type": "text", "text": "Let me look."},
            {"type": "tool_use", "name": "get_time", "input": {}},
        ]
    )
    first = llm.call_model([QUESTION], TOOLS)
    assert first.content[0].type == "thinking"  # the default model thinks before a tool call
    call_id = tool_uses(first.content)[0]["id"]
    history = [
        QUESTION,
        {"role": "assistant", "content": first.content},
        {
            "role": "user",
            "content": [{"type": "tool_result", "tool_use_id": call_id, "content": "noon"}],
        },
    ]
    assert text_of(llm.call_model(history, TOOLS).content) == BRAIN_TEXT
    sent = mock.requests[-1]["messages"][1]["content"]  # the SDK sends its blocks as they came
    assert sent == [block.model_dump(exclude_unset=True) for block in first.content]
    assert [block["type"] for block in sent] == ["thinking", "thinking", "tool_use"]


def test_the_sdks_own_blocks_are_checked_too(mock):
    mock.script([{"type": "tool_use", "name": "get_time", "input": {}}])
    first = llm.call_model([QUESTION], TOOLS)
    history = [
        QUESTION,
        {"role": "assistant", "content": first.content},
        {"role": "user", "content": "?"},
    ]
    call_id = tool_uses(first.content)[0]["id"]
    with pytest.raises(Rejection, match=rf"^messages\.1: .* {call_id}\. Each"):
        llm.call_model(history, TOOLS)
    assert len(mock.requests) == 1


def test_endpoint_gives_raw_httpx_the_mock_and_its_headers(mock):
    endpoint = llm.endpoint()
    assert endpoint.base_url == mock.base_url
    assert endpoint.headers == {"x-api-key": llm.MOCK_KEY, "anthropic-version": "2026-10-21"}
    assert endpoint.headers["anthropic-version"] == anthropic._constants.ANTHROPIC_API_VERSION
    body = {"model": llm.settings().model, "max_tokens": 50, "messages": [QUESTION]}
    response = httpx.post(endpoint.base_url + "/v1/messages", json=body, headers=endpoint.headers)
    assert text_of(Message.model_validate(response.json()).content) == BRAIN_TEXT


def test_thinking_is_sent_as_given(mock):
    shown = {"type": "adaptive", "display": "summarized"}
    llm.call_model([QUESTION], thinking=shown)
    assert mock.requests[-1]["thinking"] == shown


@pytest.mark.filterwarnings("ignore::DeprecationWarning")
def test_a_model_the_api_no_longer_serves_is_refused_locally_with_its_404(mock):
    with pytest.raises(Rejection) as caught:
        llm.call_model([QUESTION], model="claude-sonnet-4-5")
    assert (caught.value.status, caught.value.message) == (404, "model: claude-sonnet-4-5")
    assert mock.requests == []


def test_the_sampling_the_sdk_no_longer_has_is_refused_by_the_provider(mock):
    with pytest.raises(anthropic.BadRequestError, match="temperature: Extra inputs are not"):
        llm.client().messages.create(
            model=llm.settings().model,
            max_tokens=10,
            messages=[QUESTION],
            extra_body={"temperature": 0.5},
        )


def test_settings_and_client_are_made_once(mock):
    assert llm.settings() is llm.settings()
    assert llm.client() is llm.client()
    assert llm.settings().provider == "mock"


def test_provider_line_names_the_mock(mock):
    assert llm.provider_line().startswith("Provider: mock")


def test_the_mock_provider_starts_its_own_server_once(mock_provider):
    assert llm._mock_base_url() == llm._mock_base_url()
    assert llm._mock_base_url().startswith("http://127.0.0.1:")
    assert isinstance(llm.call_model([QUESTION], max_tokens=200), Message)


def test_the_anthropic_provider_uses_the_key_and_base_url(mock_provider, monkeypatch):
    monkeypatch.setenv("HANDAGENT_PROVIDER", "anthropic")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key-sentinel-secret")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", "http://127.0.0.1:9/")
    endpoint = llm.endpoint()
    assert endpoint.base_url == "http://127.0.0.1:9"
    assert endpoint.headers["x-api-key"] == "test-key-sentinel-secret"
    assert "test-key-sentinel-secret" not in repr(endpoint)
    assert str(llm.client().base_url).startswith("http://127.0.0.1:9")
    assert llm.client().api_key == "test-key-sentinel-secret"


def test_an_anthropic_compatible_endpoint_may_serve_models_the_catalogue_does_not_know(
    mock_provider, monkeypatch, mock_server
):
    monkeypatch.setenv("HANDAGENT_PROVIDER", "anthropic")
    monkeypatch.setenv("ANTHROPIC_API_KEY", "test-key-sentinel-secret")
    monkeypatch.setenv("ANTHROPIC_BASE_URL", mock_server.base_url)
    # checked locally as the endpoint's own model (no 404 here), then refused by the mock
    with pytest.raises(anthropic.NotFoundError, match="model: deepseek-chat"):
        llm.call_model([QUESTION], model="deepseek-chat")


def test_explain_cuts_long_provider_words_at_a_word_and_marks_the_cut():
    clip = llm.clip_words
    assert clip("one two three", 8) == "one two…"
    assert clip("short", 8) == "short" and clip("abcdefghij", 4) == "abcd…"


def test_explain_speaks_the_editions_language_around_the_providers_words():
    from handagent.api.checks import Rejection
    from handagent.language import use_language

    refused = Rejection(400, "invalid_request_error", "max_tokens: Field required")
    try:
        use_language("zh-CN")
        said = llm.explain(refused)
    finally:
        use_language("en")
    expected = "Rejection: HTTP 400 invalid_request_error: max_tokens: Field required"
    assert said == expected + "（发送前就查出来了）"
    assert llm.explain(refused).endswith("Field required (found before sending)")


def test_a_string_instead_of_a_list_of_messages_is_refused_in_the_apis_words(mock):
    with pytest.raises(Rejection, match=r"^messages: Input should be a valid list"):
        llm.call_model("hello")


def test_a_kernel_names_its_notebook_as_a_room_knows_it():
    assert llm.notebook_name("/home/ada/notebooks/zh-CN/03_x.ipynb") == "zh-CN/03_x.ipynb"
    assert llm.notebook_name("notebooks/03_x.ipynb") == "03_x.ipynb"
    assert llm.notebook_name("") is None and llm.notebook_name("/tmp/café.ipynb") is None


def test_requests_to_a_mock_name_their_notebook_and_ask_for_the_mock_inside_mock_instead(
    monkeypatch,
):
    monkeypatch.setenv("JPY_SESSION_NAME", "/srv/notebooks/03_x.ipynb")
    assert llm.room_headers() == {"x-handagent-notebook": "03_x.ipynb"}  # the mock provider
    with llm.mock_instead():
        assert llm.endpoint().headers["x-replay"] == "mock"
    monkeypatch.setattr(llm, "_target", lambda: (llm.DEFAULT_BASE_URL, "k"))
    assert llm.room_headers() == {}  # Anthropic's own API: nothing of ours
