"""Tests for handagent.mock.hosted.prompt_cache: breakpoints write, repeats read, a changed byte
misses, TTLs expire; through the genuine SDK against a mock whose clock the test moves.

Counts are typed out: Haiku 5.5 counts 1.3 tokens per 2025 token (§1.3) and caches a prefix of
512 tokens or more (§7); Haiku 4.5 counts one per Chinese character and caches from 4,096.
"""

import json

import anthropic
import pytest
from builders import sdk_client, steady_brain, tool
from hypothesis import given, settings
from hypothesis import strategies as st

from handagent.mock import MockServer
from handagent.mock.hosted.prompt_cache import Cache, Split
from handagent.mock.http.routes import route
from handagent.mock.http.server import State

MANUAL = "字" * 2_000  # 2,000 tokens on Haiku 4.5, 2,600 on Haiku 5.5
QUESTION = {"role": "user", "content": "现在几点?"}


class Clock:
    """Time the test moves: seconds since the mock started."""

    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
def clock() -> Clock:
    return Clock()


@pytest.fixture
def mock(clock):
    with MockServer(brain=steady_brain, clock=clock) as server:
        yield server


def sdk_for(mock, key: str = "test-key") -> anthropic.Anthropic:
    return sdk_client(mock.base_url, key)


def marked(text: str, ttl: str | None = None) -> dict:
    control = {"type": "ephemeral", **({"ttl": ttl} if ttl else {})}
    return {"type": "text", "text": text, "cache_control": control}


def counts(reply) -> tuple[int, int, int]:
    """(input, written, read) of a reply's usage."""
    usage = reply.usage
    return usage.input_tokens, usage.cache_creation_input_tokens, usage.cache_read_input_tokens


def ask(client, system=None, model="claude-haiku-5-5", **extra):
    """The question, after a 2,000-character manual marked as a breakpoint (unless told)."""
    system = [marked(MANUAL)] if system is None else list(system)
    return client.messages.create(
        model=model, max_tokens=100, system=system, messages=[QUESTION], **extra
    )


def test_a_marked_prefix_is_written_then_read_and_a_changed_byte_misses(mock):
    client = sdk_for(mock)
    assert counts(ask(client)) == (10, 2_606, 0)  # prompt 2,616: 2,606 up to the breakpoint
    assert counts(ask(client)) == (10, 0, 2_606)
    assert counts(ask(client, system=[marked("学" + MANUAL[1:])])) == (10, 2_606, 0)
    total = client.messages.count_tokens(
        model="claude-haiku-5-5", system=[marked(MANUAL)], messages=[QUESTION]
    )
    assert total.input_tokens == 2_616


def test_a_prefix_under_the_models_minimum_is_not_cached(mock):
    client = sdk_for(mock)
    for _ in range(2):  # 2,006 tokens up to the breakpoint: Haiku 4.5 caches from 4,096
        assert counts(ask(client, model="claude-haiku-4-5")) == (2_012, 0, 0)


def test_the_write_is_split_by_each_breakpoints_ttl(mock):
    reply = ask(sdk_for(mock), system=[marked(MANUAL, "1h"), marked(MANUAL)])
    assert reply.usage.cache_creation.ephemeral_1h_input_tokens == 2_606
    assert reply.usage.cache_creation.ephemeral_5m_input_tokens == 2_600
    assert counts(reply) == (10, 5_206, 0)


def test_a_5_minute_entry_expires_and_a_read_refreshes_it(mock, clock):
    client = sdk_for(mock)
    ask(client)
    clock.now = 299.0
    assert counts(ask(client))[2] == 2_606  # read at 299 s: alive until 599 s now
    clock.now = 598.0
    assert counts(ask(client))[2] == 2_606
    clock.now = 898.5  # 300.5 s after the last read
    assert counts(ask(client)) == (10, 2_606, 0)


def test_a_1_hour_entry_outlives_5_minutes_and_not_an_hour(mock, clock):
    client = sdk_for(mock)
    hour = (marked(MANUAL, "1h"),)
    ask(client, system=hour)
    clock.now = 3_599.0
    assert counts(ask(client, system=hour))[2] == 2_606
    clock.now = 3_599.0 + 3_600.5
    assert counts(ask(client, system=hour))[1] == 2_606


def test_the_cache_is_per_key_and_per_model(mock):
    ask(sdk_for(mock, "key-a"))
    assert counts(ask(sdk_for(mock, "key-b"))) == (10, 2_606, 0)
    assert counts(ask(sdk_for(mock, "key-a"), model="claude-sonnet-5-5"))[1] == 2_606
    assert counts(ask(sdk_for(mock, "key-a")))[2] == 2_606


def test_tools_come_before_system_so_a_changed_tool_misses_a_system_breakpoint(mock):
    client = sdk_for(mock)
    weather = tool("get_weather", "Get the weather for a city.", city="string")
    ask(client, tools=[weather])
    assert counts(ask(client, tools=[weather]))[1:] == (0, 3_012)  # with the tool-use prompt
    renamed = tool("get_weather", "Get the weather for a town.", city="string")
    assert counts(ask(client, tools=[renamed]))[1:] == (3_012, 0)


def test_automatic_caching_moves_the_breakpoint_and_reads_the_turn_before(mock):
    client = sdk_for(mock)
    history = [{"role": "user", "content": MANUAL}]
    automatic = {
        "model": "claude-haiku-5-5",
        "max_tokens": 100,
        "cache_control": {"type": "ephemeral"},
    }
    first = client.messages.create(**automatic, messages=history)
    assert counts(first) == (0, 2_610, 0)  # everything is before the last block's breakpoint
    history += [{"role": "assistant", "content": "好的。"}, QUESTION]
    second = client.messages.create(**automatic, messages=history)
    assert counts(second) == (0, 18, 2_610)  # the first prompt read, the two new turns written


def test_a_stream_starts_with_the_same_cache_counts_it_ends_with(mock):
    client = sdk_for(mock)
    ask(client)
    request = {"model": "claude-haiku-5-5", "max_tokens": 100, "system": [marked(MANUAL)],
               "messages": [QUESTION]}  # fmt: skip
    with client.messages.stream(**request) as stream:
        start = next(event for event in stream if event.type == "message_start")
        final = stream.get_final_message()
    assert counts(start.message) == counts(final) == (10, 0, 2_606)
    assert start.message.usage.cache_creation == final.usage.cache_creation


def test_four_breakpoints_are_the_most_a_request_may_mark(mock):
    with pytest.raises(anthropic.BadRequestError) as caught:
        ask(sdk_for(mock), system=[marked("a")] * 4, cache_control={"type": "ephemeral"})
    assert caught.value.body["error"]["message"] == (
        "A maximum of 4 blocks with cache_control may be provided. Found 5."
    )


def test_a_ttl_the_api_does_not_have_is_refused(mock):
    with pytest.raises(anthropic.BadRequestError) as caught:
        ask(sdk_for(mock), system=[marked(MANUAL, "10m")])
    assert caught.value.body["error"]["message"] == (
        "system.0.cache_control.ttl: Input should be '5m' or '1h'"
    )


def test_a_split_reads_as_usage_like_its_docstring():
    assert Split(12, 2000).usage() == {
        "input_tokens": 12, "cache_creation_input_tokens": 0, "cache_read_input_tokens": 2000,
        "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
    }  # fmt: skip


# --- the property: for random prefixes and breakpoints --------------------------------------
HEADERS = {"x-api-key": "test-key", "anthropic-version": "2026-10-21"}
MODELS = ["claude-haiku-5-5", "claude-opus-4-7", "claude-haiku-4-5"]  # minimums 512, 2048, 4096
WORDS = ["time ", "天气", "weather in Paris ", "。"]


@st.composite
def prompts(draw) -> tuple[dict, list[tuple[str, int]]]:
    """A request whose pieces (tools, system blocks, message blocks) get random breakpoints;
    also the texts' places, in the order the model reads them: [("system", 0), ...]."""
    sized = st.builds(lambda word, n: word * n, st.sampled_from(WORDS), st.integers(0, 1_500))
    texts = st.lists(sized.filter(lambda t: t.strip()), min_size=1, max_size=3)
    system, turns = draw(st.lists(sized.filter(str.strip), max_size=3)), draw(texts)
    tools = [tool(f"tool_{i}", draw(sized) or "A tool.", x="string")
             for i in range(draw(st.integers(0, 2)))]  # fmt: skip
    places = [("tools", i) for i in range(len(tools))] + [("system", i) for i in range(len(system))]
    places += [("messages", i) for i in range(len(turns))]
    chosen = draw(st.lists(st.sampled_from(range(len(places))), max_size=4, unique=True))
    ttls, after_5m = {}, False  # 1h breakpoints come before 5m ones, as the API requires
    for at in sorted(chosen):
        ttls[at] = draw(st.sampled_from([None, "5m"] if after_5m else [None, "5m", "1h"]))
        after_5m = after_5m or ttls[at] != "1h"
    pieces = [dict(t) for t in tools] + [{"type": "text", "text": t} for t in system + turns]
    for at, ttl in ttls.items():
        pieces[at]["cache_control"] = {"type": "ephemeral", **({"ttl": ttl} if ttl else {})}
    content = pieces[len(tools) + len(system) :]
    body = {"model": draw(st.sampled_from(MODELS)), "max_tokens": 50,
            "messages": [{"role": "user", "content": content}]}  # fmt: skip
    if tools:
        body["tools"] = pieces[: len(tools)]
    if system:
        body["system"] = pieces[len(tools) : len(tools) + len(system)]
    if len(chosen) < 4 and draw(st.booleans()):  # automatic caching, the last block's TTL
        last = content[-1].get("cache_control") or {}
        body["cache_control"] = {"type": "ephemeral", **({"ttl": "1h"} if last.get("ttl") == "1h"
                                                         else {})}  # fmt: skip
    return body, places


def usage_of(state: State, body: dict) -> dict:
    response = route("/v1/messages", HEADERS, json.dumps(body).encode(), "req_t", state, False)
    assert response.status == 200, response.body
    return json.loads(response.body)["usage"]


def total_of(state: State, body: dict) -> int:
    raw = json.dumps({k: v for k, v in body.items() if k != "max_tokens"}).encode()
    response = route("/v1/messages/count_tokens", HEADERS, raw, "req_t", state, False)
    assert response.status == 200, response.body
    return json.loads(response.body)["input_tokens"]


def billed(usage: dict) -> int:
    return (usage["input_tokens"] + usage["cache_creation_input_tokens"]
            + usage["cache_read_input_tokens"])  # fmt: skip


def block_at(body: dict, kind: str, i: int) -> dict:
    return body["messages"][0]["content"][i] if kind == "messages" else body[kind][i]


def first_breakpoint(body: dict, places: list) -> int | None:
    """The place of the first marked block, or None."""
    for n, (kind, i) in enumerate(places):
        if "cache_control" in block_at(body, kind, i):
            return n
    return len(places) - 1 if "cache_control" in body else None


@settings(max_examples=60)
@given(prompts(), st.floats(0, 299))
def test_usage_adds_up_a_repeat_reads_and_a_changed_byte_misses(prompt, later):
    body, places = prompt
    clock = Clock()
    state = State(steady_brain, clock)
    first = usage_of(state, body)
    assert billed(first) == total_of(state, body)
    split = first["cache_creation"]
    assert (
        split["ephemeral_5m_input_tokens"] + split["ephemeral_1h_input_tokens"]
        == (first["cache_creation_input_tokens"])
    )
    assert first["cache_read_input_tokens"] == 0  # a fresh cache has nothing to read
    clock.now = later
    again = usage_of(state, body)
    assert again["cache_read_input_tokens"] == first["cache_creation_input_tokens"]
    assert again["cache_creation_input_tokens"] == 0
    assert again["input_tokens"] == first["input_tokens"]
    at = first_breakpoint(body, places)
    kind, i = places[at] if at is not None else places[0]
    changed = json.loads(json.dumps(body))
    block = block_at(changed, kind, i)
    if kind == "tools":
        block["description"] = "#" + block["description"][1:]  # one byte, same count
    else:
        block["text"] = "#" + block["text"][1:] if block["text"][0].isascii() else "#"
    missed = usage_of(state, changed)
    assert missed["cache_read_input_tokens"] == 0
    assert billed(missed) == total_of(state, changed)


def test_a_cache_without_a_breakpoint_bills_the_whole_prompt_as_input():
    body = {"model": "claude-haiku-5-5", "max_tokens": 9, "messages": [QUESTION]}
    assert Cache().split(body, "k") == Split(16)
