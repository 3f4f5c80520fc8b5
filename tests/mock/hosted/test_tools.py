"""Tests for handagent.mock.hosted.tools: each server tool's call and result, as the genuine SDK
parses them (the GA client and `client.beta`, streamed and not), in the API's recorded shapes.
"""

import pytest
from anthropic.types import Message
from anthropic.types.beta import BetaMessage

from handagent.llm import settings
from handagent.mock.hosted.results import NO_CODE
from handagent.mock.hosted.tools import offered, planned_calls

SEARCH = {"type": "web_search_20250305", "name": "web_search", "max_uses": 5}
FETCH = {"type": "web_fetch_20250910", "name": "web_fetch"}
CODE = {"type": "code_execution_20250825", "name": "code_execution"}
OLD_CODE = {"type": "code_execution_20250522", "name": "code_execution"}
ADVISOR = {"type": "advisor_20260301", "name": "advisor", "model": "claude-opus-5-5"}
# question, tools, beta values, the server tool call it makes, its result block's type
CASES = {
    "web search": ("Who won the 2022 World Cup?", [SEARCH], (), "web_search",
                   "web_search_tool_result"),
    "web fetch": ("What is the first sentence on the page https://example.com?", [FETCH], (),
                  "web_fetch", "web_fetch_tool_result"),
    "code execution": ("How much is 3 * 12390?", [CODE], (), "bash_code_execution",
                       "bash_code_execution_tool_result"),
    "code execution 20250522": ("How much is 3 * 12390?", [OLD_CODE], (), "code_execution",
                                "code_execution_tool_result"),
    "advisor": ("What's 2+2? Consult your advisor first.", [ADVISOR],
                ("advisor-tool-2026-03-01",), "advisor", "advisor_tool_result"),
}  # fmt: skip


def ask(client, case: str, *, beta: bool, stream: bool):
    question, tools, betas, _, _ = CASES[case]
    request = {"model": settings().model, "max_tokens": 1000, "tools": tools,
               "messages": [{"role": "user", "content": question}]}  # fmt: skip
    messages = client.beta.messages if beta else client.messages
    if betas and not beta:
        request["extra_headers"] = {"anthropic-beta": ",".join(betas)}
    elif betas:
        request["betas"] = list(betas)
    if stream:
        with messages.stream(**request) as events:
            return events.get_final_message()
    return messages.create(**request)


@pytest.mark.parametrize("stream", [False, True], ids=["json", "stream"])
@pytest.mark.parametrize("beta", [False, True], ids=["ga", "beta"])
@pytest.mark.parametrize("case", list(CASES))
def test_a_server_tool_call_and_its_result_parse_with_the_genuine_sdk(client, case, beta, stream):
    reply = ask(client, case, beta=beta, stream=stream)
    _, _, _, name, result_type = CASES[case]
    assert isinstance(reply, BetaMessage if beta else Message)
    calls = [b for b in reply.content if b.type == "server_tool_use"]
    results = [b for b in reply.content if b.type == result_type]
    assert [c.name for c in calls] == [name] and calls[0].id.startswith("srvtoolu_01")
    assert [r.tool_use_id for r in results] == [calls[0].id]
    assert reply.stop_reason == "end_turn"
    said = " ".join(b.text for b in reply.content if b.type == "text")
    assert "mock" in said  # the reply says why nothing came back
    assert reply.usage.server_tool_use is not None


def test_a_search_comes_back_as_an_empty_list_and_is_counted(client):
    reply = ask(client, "web search", beta=False, stream=False)
    result = next(b for b in reply.content if b.type == "web_search_tool_result")
    assert result.content == []  # a list, as every search result is: clients loop over it
    assert reply.usage.server_tool_use.web_search_requests == 1
    said = " ".join(b.text for b in reply.content if b.type == "text")
    assert 'the web search for "Who won the 2022 World Cup" found nothing' in said


def test_a_fetch_is_unavailable_and_not_counted(client):
    reply = ask(client, "web fetch", beta=False, stream=False)
    result = next(b for b in reply.content if b.type == "web_fetch_tool_result")
    assert (result.content.type, result.content.error_code) == (
        "web_fetch_tool_result_error",
        "unavailable",
    )
    call = next(b for b in reply.content if b.type == "server_tool_use")
    assert call.input == {"url": "https://example.com"}
    assert reply.usage.server_tool_use.web_fetch_requests == 0


@pytest.mark.parametrize("stream", [False, True], ids=["json", "stream"])
def test_code_runs_nowhere_and_the_reply_names_a_container(client, stream):
    reply = ask(client, "code execution", beta=False, stream=stream)
    call = next(b for b in reply.content if b.type == "server_tool_use")
    result = next(b for b in reply.content if b.type == "bash_code_execution_tool_result")
    assert call.input == {"command": "python3 -c 'print(3 * 12390)'"}
    assert (result.content.return_code, result.content.stdout) == (1, "")
    assert result.content.stderr == NO_CODE
    assert reply.container.id.startswith("container_011C")


def test_the_container_a_request_names_is_the_one_the_reply_names(client):
    request = {"model": settings().model, "max_tokens": 500, "tools": [CODE],
               "container": "container_011Cmine",
               "messages": [{"role": "user", "content": "How much is 6 * 7?"}]}  # fmt: skip
    assert client.messages.create(**request).container.id == "container_011Cmine"


def test_a_reply_without_server_tools_counts_none(client):
    # recorded: usage.server_tool_use only when a server tool ran
    plain = client.messages.create(
        model=settings().model, max_tokens=100, tools=[SEARCH],
        messages=[{"role": "user", "content": "Hello!"}],
    )  # fmt: skip
    assert plain.usage.server_tool_use is None
    assert [b.type for b in plain.content if b.type != "thinking"] == ["text"]


def test_the_tools_a_request_offers_are_read_by_family():
    tools = [SEARCH, CODE, {"type": "tool_search_tool_bm25_20251119", "name": "s"}, ADVISOR]
    assert list(offered({"tools": tools})) == ["web_search", "code_execution", "tool_search",
                                               "advisor"]  # fmt: skip


@pytest.mark.parametrize(
    ("text", "tools", "expected"),
    [
        ("Who wrote Hamlet?", [SEARCH], [("web_search", {"query": "Who wrote Hamlet"})]),
        ("What time is it?", [SEARCH], []),  # the clock is not the web's (the brain's rule)
        ("Hello!", [SEARCH], []),
        ("Read https://a.dev and https://b.dev", [FETCH],
         [("web_fetch", {"url": "https://a.dev"}), ("web_fetch", {"url": "https://b.dev"})]),
        ("Summarise the page you fetched.", [FETCH], []),  # no URL: nothing to fetch
        ('Search the web for "red", "green" and "blue".', [SEARCH],
         [("web_search", {"query": q}) for q in ("red", "green", "blue")]),
        ("What is 12 * 34?", [CODE], [("code_execution", {"code": "print(12 * 34)"})]),
    ],
)  # fmt: skip
def test_the_calls_a_request_asks_for(text, tools, expected):
    request = {"tools": tools, "messages": [{"role": "user", "content": text}]}
    assert planned_calls(request, text, offered(request), "") == expected


def test_the_advisor_is_the_mock_model_itself_and_its_advice_an_advisor_result(client):
    reply = ask(client, "advisor", beta=True, stream=False)
    result = next(b for b in reply.content if b.type == "advisor_tool_result")
    assert result.content.type == "advisor_result" and result.content.text
    assert result.content.stop_reason == "end_turn"


def test_a_fable_advisors_words_come_back_encrypted_as_one_recording_shows(client):
    fable = {**ADVISOR, "model": "claude-fable-5"}
    reply = client.beta.messages.create(
        model=settings().model, max_tokens=1000, tools=[fable], betas=["advisor-tool-2026-03-01"],
        messages=[{"role": "user", "content": "What's 2+2? Consult your advisor first."}],
    )  # fmt: skip
    result = next(b for b in reply.content if b.type == "advisor_tool_result")
    assert result.content.type == "advisor_redacted_result" and result.content.encrypted_content
