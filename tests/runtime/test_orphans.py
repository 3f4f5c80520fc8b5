"""Every tool_use answered under faults: random transcripts where tools raise, hang past their
timeout, are unknown, get invalid input, or the run is interrupted between call and result.

Two runtimes, as the series builds them. Chapter 05's, on wire dicts: `dispatch.run_tool_calls`
answers a reply, and on Ctrl-C while it waits the loop answers every call with
`dispatch.not_run`. Chapter 06's, on neutral messages: `calls.run_calls` answers a turn (every
call "not run" when the turn was aborted, failed or cut off), and whatever is left unanswered
(Ctrl-C mid-tools, a stop between call and result, results lost) is answered by `repair` on the
way out (`adapters.to_anthropic`). After every case the next request must have 0 orphaned calls
and pass `checks.check_request`; every 25th also goes to a real mock over HTTP.

Hypothesis draws a seed per case and `random.Random(seed)` builds it (cheaper than strategies).
Nothing depends on how fast the machine is. Ctrl-C is simulated where a real one lands: the
"stop" tool raises KeyboardInterrupt, which the main thread receives from `future.result` while
it waits for that call (no signal races the threads, under pytest-xdist too). A hanging tool
waits on a gate that opens only once its batch is answered, so it is always past its timeout;
every other tool has a timeout no machine reaches.
"""

import random
import threading
import time

import httpx
import pytest
from builders import assistant
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handagent.api.checks import check_request
from handagent.blocks import tool_uses
from handagent.dispatch import not_run, run_tool_calls
from handagent.mock import MockServer
from handagent.runtime.adapters import to_anthropic
from handagent.runtime.calls import run_calls
from handagent.runtime.protocol import AssistantMessage, TextBlock, ToolCall, Usage, user_text
from handagent.tools import Tool

pytestmark = pytest.mark.timeout(170)

CASES = {"wire": 600, "neutral": 600}  # at least 1,000 in all
HTTP_EVERY = 25
HTTP = httpx.Client()  # one for the module: each new client loads the CA bundle (30 ms)
TIMEOUT = 0.001  # a hanging tool's timeout: it returns only once its batch is answered
CEILING = 60.0  # the other tools' timeout, and the HTTP client's: for a stuck machine only
NUMBERS = {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
           "required": ["a", "b"]}  # fmt: skip
EMPTY = {"type": "object", "properties": {}}
SETTINGS = settings(deadline=None, suppress_health_check=list(HealthCheck), print_blob=True)
BEHAVIOURS = ["ok", "ok", "raises", "hangs", "unknown", "invalid", "interrupt"]
counted: dict[str, int] = {"cases": 0, "calls": 0, "orphans": 0}
answered = threading.Event()  # set once the current batch of calls has its answer


def interrupt() -> str:
    """Ctrl-C while the program waits for this tool: the waiting main thread gets it."""
    raise KeyboardInterrupt


def hang() -> str:
    answered.wait(CEILING)  # past its timeout, whatever the load: it waits for the answer
    return "too late"


def batch(run, *args, **kwargs):
    """`run(*args, **kwargs)`, with hanging tools held until it returns or raises."""
    answered.clear()
    try:
        return run(*args, **kwargs)
    finally:
        answered.set()  # let the abandoned threads go


def boom() -> str:
    raise RuntimeError("disk full")


TOOLS = [
    Tool("add", "Add two numbers.", NUMBERS, lambda a, b: a + b, timeout=CEILING),
    Tool("boom", "Always fails.", EMPTY, boom, timeout=CEILING),
    Tool("hang", "Never finishes in time.", EMPTY, hang, timeout=TIMEOUT),
    Tool("stop", "The user presses Ctrl-C while it runs.", EMPTY, interrupt, timeout=CEILING),
]
MENU = [tool.menu_entry() for tool in TOOLS]
CALLS = {  # behaviour -> (tool name, input)
    "ok": ("add", {"a": 2, "b": 3}),
    "raises": ("boom", {}),
    "hangs": ("hang", {}),
    "unknown": ("nope", {"x": 1}),
    "invalid": ("add", {"a": "two"}),
    "interrupt": ("stop", {}),
}


def orphans(messages: list[dict]) -> list[str]:
    """Ids of tool_use blocks not answered by the tool_results that open the next message.

    Example: [assistant(tool_use A, tool_use B), user(tool_result B)] -> ["A"]
    """
    missing = []
    for i, message in enumerate(messages):
        if message["role"] != "assistant" or isinstance(message["content"], str):
            continue
        following = messages[i + 1]["content"] if i + 1 < len(messages) else []
        answered = set()
        for block in following if isinstance(following, list) else []:
            if block.get("type") != "tool_result":
                break
            answered.add(block["tool_use_id"])
        missing += [b["id"] for b in tool_uses(message["content"]) if b["id"] not in answered]
    return missing


def next_request(messages: list[dict]) -> dict:
    return {"model": "claude-sonnet-5", "max_tokens": 100, "messages": messages, "tools": MENU}


def assert_accepted(request: dict, number: int, mock: MockServer) -> None:
    counted["cases"] += 1
    counted["calls"] += sum(len(tool_uses(m["content"])) for m in request["messages"]
                            if m["role"] == "assistant")  # fmt: skip
    found = orphans(request["messages"])
    counted["orphans"] += len(found)
    assert found == []
    check_request(request)  # raises the API's 400 if anything is off
    if number % HTTP_EVERY == 0:
        headers = {"x-api-key": "k", "anthropic-version": "2023-06-01"}
        response = HTTP.post(
            mock.base_url + "/v1/messages", json=request, headers=headers, timeout=CEILING
        )
        assert response.status_code == 200, response.text


# --- chapter 05: wire dicts ---------------------------------------------------------------------


def wire_case(rnd: random.Random) -> list[dict]:
    """A conversation of 1-3 rounds of tool calls, each answered by the chapter 05 loop."""
    messages = [{"role": "user", "content": "Do some sums and some risky things."}]
    for turn in range(rnd.randrange(1, 4)):
        behaviours = [rnd.choice(BEHAVIOURS) for _ in range(rnd.randrange(1, 5))]
        calls = [
            {
                "type": "tool_use",
                "id": f"toolu_{turn}_{i}",
                "name": CALLS[b][0],
                "input": CALLS[b][1],
            }
            for i, b in enumerate(behaviours)
        ]
        lead = [{"type": "text", "text": "Let me run those."}] if rnd.random() < 0.5 else []
        messages.append({"role": "assistant", "content": lead + calls})
        try:
            answer = batch(run_tool_calls, lead + calls, TOOLS)
        except KeyboardInterrupt:  # the user stopped the tools: every call still gets an answer
            reason = "the user interrupted the run before this call finished."
            answer = {"role": "user", "content": [not_run(call, reason) for call in calls]}
        messages.append(answer)
        if rnd.random() < 0.3:
            messages.append({"role": "user", "content": "And then?"})
    messages.append({"role": "user", "content": "Thanks. What next?"})
    return messages


# --- chapter 06: neutral messages ---------------------------------------------------------------


def random_assistant(rnd: random.Random, turn: int) -> AssistantMessage:
    behaviours = [rnd.choice(BEHAVIOURS + ["raw"]) for _ in range(rnd.randrange(1, 5))]
    content: list = [TextBlock("Running them.")] if rnd.random() < 0.5 else []
    for i, behaviour in enumerate(behaviours):
        call_id = rnd.choice([f"call_{turn}_{i}", f"call|{turn}.{i}", f"fc-{turn}+{i}="])
        if behaviour == "raw":  # arguments that never parsed: cut off, or not JSON
            content.append(ToolCall(call_id, "add", None, raw_arguments='{"a": 1, "b'))
        else:
            content.append(ToolCall(call_id, *CALLS[behaviour]))
    stop = rnd.choice(["tool_use", "tool_use", "tool_use", "aborted", "error", "length"])
    lost = "lost" if stop == "error" else None
    return assistant(
        *content, stop_reason=stop, model="claude-sonnet-5", provider="anthropic",
        usage=Usage(0, 0), timestamp=1.0, error_message=lost,
    )  # fmt: skip


def neutral_case(rnd: random.Random) -> list[dict]:
    """A neutral history of 1-3 turns answered, or not, in every way a run can go; its wire."""
    history: list = [user_text("Do some sums and some risky things.", timestamp=1.0)]
    for turn in range(rnd.randrange(1, 4)):
        message = random_assistant(rnd, turn)
        history.append(message)
        how = rnd.choice(["run", "run", "stopped before the tools", "some results lost"])
        if how == "stopped before the tools":
            pass  # the user pressed stop between the call and its result
        else:
            try:
                results = batch(run_calls, message, TOOLS, timestamp=1.0)
            except KeyboardInterrupt:  # Ctrl-C while the tools ran: nothing came back
                results = []
            if how == "some results lost":
                results = rnd.sample(results, rnd.randrange(len(results) + 1))
            history += results
        if rnd.random() < 0.3:
            history.append(user_text("And then?", timestamp=1.0))
    history.append(user_text("Thanks. What next?", timestamp=1.0))
    return to_anthropic(history)


@pytest.fixture(scope="module")
def mock():
    with MockServer() as server:
        yield server


@pytest.mark.parametrize("runtime", CASES)
def test_every_call_is_answered_and_the_next_request_is_accepted(mock, runtime):
    build = wire_case if runtime == "wire" else neutral_case
    seen = []

    @settings(SETTINGS, max_examples=CASES[runtime])
    @given(seed=st.integers(0, 2**64 - 1))
    def run(seed):
        seen.append(seed)
        assert_accepted(next_request(build(random.Random(seed))), len(seen), mock)

    started = time.monotonic()
    run()
    print(
        f"\n{runtime}: {len(seen)} cases in {time.monotonic() - started:.1f} s; so far "
        f"{counted['calls']} calls, {counted['orphans']} orphaned"
    )
    assert len(seen) >= CASES[runtime]


def test_the_cases_do_meet_every_fault():
    rnd, texts = random.Random(1), []
    for _ in range(40):
        texts += [str(m["content"]) for m in wire_case(rnd) + neutral_case(rnd)]
    everything = " ".join(texts)
    expected = [
        "raised RuntimeError: disk full", "did not finish within", "Unknown tool 'nope'",
        "Invalid input for add", "interrupted the run", "Invalid JSON in tool arguments",
        "the turn was aborted", "Not run: the reply was cut off", "No result provided",
    ]  # fmt: skip
    for words in expected:
        assert words in everything, words


def test_the_orphan_count_finds_an_unanswered_call():
    call = {"type": "tool_use", "id": "A", "name": "add", "input": {}}
    result = {"type": "tool_result", "tool_use_id": "B"}
    messages = [{"role": "assistant", "content": [call, {**call, "id": "B"}]},
                {"role": "user", "content": [result]}]  # fmt: skip
    assert orphans(messages) == ["A"]
