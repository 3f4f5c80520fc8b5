"""Tests for handagent.mock.hosted.loop: the server's tool loop around the mock model, over HTTP
with the genuine SDK: tool search then the found tool's call in one reply, a mixed turn whose
server call waits for the client's results, the loop's limit (`pause_turn`) and its resumption.
"""

import io
import json

import pytest
from anthropic.types.beta import BetaMessage
from builders import assistant_turn, result, steady_brain, tool, user
from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from handagent.llm import settings
from handagent.mock.hosted.loop import model_view, respond_with_server_tools
from handagent.mock.http.server import State, answer

pytestmark = pytest.mark.timeout(60)
STATE = State()  # the mock model itself, answering in-process

SEARCH = {"type": "web_search_20250305", "name": "web_search"}
BM25 = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
REGEX = {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}
RATE = tool(
    "get_exchange_rate", "Get the exchange rate between two currencies.",
    from_currency="string", to_currency="string",
) | {"defer_loading": True}  # fmt: skip
WEATHER = {
    "name": "get_weather",
    "description": "Get the weather for a city.",
    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
    "defer_loading": True,
}
ADD = tool("add", "Add two numbers.", a="number", b="number")


def create(client, messages: list, tools: list, **extra):
    return client.messages.create(
        model=settings().model, max_tokens=2000, tools=tools, messages=messages, **extra
    )


def first_of(reply, kind: str):
    return next(b for b in reply.content if b.type == kind)


def answered(question: list, reply, said: str) -> list:
    """The conversation after `reply`, its client call answered with `said`."""
    call = first_of(reply, "tool_use")
    return [*question, assistant_turn(reply.content), user([result(call.id, said)])]


def kinds(reply) -> list[str]:
    return [b.type for b in reply.content if b.type != "thinking"]


@pytest.mark.parametrize("search", [BM25, REGEX], ids=["bm25", "regex"])
def test_a_tool_search_finds_the_deferred_tool_and_the_model_calls_it(client, search):
    question = [{"role": "user", "content": "What is the exchange rate from USD to EUR?"}]
    reply = create(client, question, [search, RATE, WEATHER])
    assert kinds(reply) == ["server_tool_use", "tool_search_tool_result", "tool_use"]
    found = next(b for b in reply.content if b.type == "tool_search_tool_result")
    assert [r.tool_name for r in found.content.tool_references] == ["get_exchange_rate"]
    call = next(b for b in reply.content if b.type == "tool_use")
    assert (call.name, reply.stop_reason) == ("get_exchange_rate", "tool_use")
    assert call.input == {"from_currency": "USD", "to_currency": "EUR"}
    search_call = next(b for b in reply.content if b.type == "server_tool_use")
    key = "pattern" if search is REGEX else "query"
    assert search_call.name == search["name"] and key in search_call.input


def test_the_found_tool_stays_loaded_for_the_rest_of_the_conversation(client):
    question = [{"role": "user", "content": "What is the exchange rate from USD to EUR?"}]
    tools = [BM25, RATE, WEATHER]
    first = create(client, question, tools)
    final = create(client, answered(question, first, "0.92"), tools)
    assert kinds(final) == ["text"] and "get_exchange_rate says: 0.92" in final.content[-1].text


def test_a_deferred_tool_is_hidden_from_the_model_until_a_reference_loads_it():
    request = {"tools": [BM25, RATE, ADD], "messages": [{"role": "user", "content": "Hi"}]}
    assert [t["name"] for t in model_view(request)["tools"]] == ["add"]
    reference = {"type": "tool_reference", "tool_name": "get_exchange_rate"}
    referenced = {"type": "tool_result", "tool_use_id": "toolu_01A", "content": [reference]}
    request["messages"] += [
        {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01A",
                                           "name": "add", "input": {}}]},
        {"role": "user", "content": [referenced]},
    ]  # fmt: skip
    assert [t["name"] for t in model_view(request)["tools"]] == ["get_exchange_rate", "add"]


def test_a_mixed_turn_leaves_its_server_call_waiting_for_the_client_results(client):
    # §4.4: "the API returns without running the server tool so that you can run the client
    # tools first"; recorded: the reply to the tool_results starts with the search's result
    question = [{"role": "user", "content": "Look up the 10-year Treasury duration, then add 2 "
                                            "and 2."}]  # fmt: skip
    tools = [SEARCH, ADD]
    first = create(client, question, tools)
    assert kinds(first)[-2:] == ["server_tool_use", "tool_use"]
    assert first.stop_reason == "tool_use" and first.usage.server_tool_use is not None
    second = create(client, answered(question, first, "4"), tools)
    waiting = next(b for b in first.content if b.type == "server_tool_use")
    assert first_of(second, "web_search_tool_result").tool_use_id == waiting.id
    assert second.stop_reason == "end_turn" and "add says: 4." in second.content[-1].text


def test_past_the_loops_limit_the_turn_pauses_and_goes_on_when_sent_back(client):
    # §4.4: "Returned when the server-side sampling loop reaches its iteration limit ... The
    # default limit is 10 iterations per request"; recorded: 10 searches, the 11th call waiting
    queries = ", ".join(f'"topic {n}"' for n in range(1, 16))
    messages = [{"role": "user", "content": f"Run these web searches: {queries}."}]
    first = create(client, messages, [SEARCH])
    assert (
        first.stop_reason == "pause_turn" and first.usage.server_tool_use.web_search_requests == 10
    )
    assert kinds(first)[-1] == "server_tool_use"
    messages.append({"role": "assistant", "content": first.content})
    second = create(client, messages, [SEARCH])  # sent back as it is (no prefill refused)
    assert kinds(second)[0] == "web_search_tool_result"
    assert first_of(second, "web_search_tool_result").tool_use_id == first.content[-1].id
    assert (
        second.stop_reason == "end_turn" and second.usage.server_tool_use.web_search_requests == 5
    )


def test_the_same_request_gets_the_same_server_tool_ids(client):
    question = [{"role": "user", "content": "Who won the 2022 World Cup?"}]
    ids = [[b.id for b in create(client, question, [SEARCH]).content if b.type == "server_tool_use"]
           for _ in range(2)]  # fmt: skip
    assert ids[0] == ids[1] and ids[0][0].startswith("srvtoolu_01")


def test_a_request_without_server_tools_is_the_brains_alone():
    request = {"tools": [ADD], "messages": [{"role": "user", "content": "Hi"}]}
    assert respond_with_server_tools(request, steady_brain) == steady_brain(request)


OFFERED = st.lists(st.sampled_from([
    SEARCH, {**SEARCH, "max_uses": 2}, {"type": "web_fetch_20260209", "name": "web_fetch"}, BM25,
    RATE, WEATHER, ADD, {"type": "code_execution_20260120", "name": "code_execution"},
    {"type": "advisor_20260301", "name": "advisor", "model": "claude-opus-5-5"},
]), max_size=5, unique_by=lambda tool: tool["name"]).filter(
    lambda tools: not tools or not all(t.get("defer_loading") for t in tools)  # else a 400
)  # fmt: skip
ASKED = st.sampled_from([
    'Search the web for "a", "b" and "c".', "Who wrote Hamlet?", "What is 3 * 4?", "Hello!",
    "Read https://example.com", "What is the USD to EUR rate?", "Consult your advisor.",
    "Look it up, then add 2 and 2.",
])  # fmt: skip


@hypothesis_settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(OFFERED, ASKED)
def test_the_mock_accepts_every_history_it_produced_with_server_tools(tools, asked):
    # four turns: each reply appended whole, its tool calls answered, a pause sent back as it is
    messages = [{"role": "user", "content": asked}]
    for _ in range(4):
        body = {"model": "claude-haiku-5-5", "max_tokens": 2000, "tools": tools,
                "messages": messages}  # fmt: skip
        raw = json.dumps(body).encode()
        headers = {
            "x-api-key": "k",
            "anthropic-version": "2026-10-21",
            "anthropic-beta": "advisor-tool-2026-03-01",
            "content-length": str(len(raw)),
        }
        response = answer("POST", "/v1/messages", headers, io.BytesIO(raw).read, STATE)
        assert response.status == 200, response.body[:300]
        reply = json.loads(response.body)
        BetaMessage.model_validate(reply)
        messages.append({"role": "assistant", "content": reply["content"]})
        calls = [b for b in reply["content"] if b["type"] == "tool_use"]
        if calls:
            messages.append(
                {
                    "role": "user",
                    "content": [
                        {"type": "tool_result", "tool_use_id": b["id"], "content": "ok"}
                        for b in calls
                    ],
                }
            )
        elif reply["stop_reason"] != "pause_turn":
            messages.append({"role": "user", "content": "And again?"})
