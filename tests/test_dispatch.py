"""dispatch: every call answered once, in order, failures as data; decided by events, not time.

A napping tool returns only once its test is over, so it is past its timeout on any machine;
concurrency is shown by tools that meet at a barrier, which calls run one by one never reach.
"""

import threading
from datetime import date

import pytest
from builders import call, sdk_client
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from handagent.api.checks import check_tool_protocol
from handagent.dispatch import Outcome, not_run, outcomes, run_tool_calls, tool_result
from handagent.mock import MockServer
from handagent.tools import Tool, ToolOutput, ToolRegistry, current_call

NUMBERS = {
    "type": "object",
    "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
    "required": ["a", "b"],
}
EMPTY = {"type": "object", "properties": {}}
CEILING = 60.0  # seconds: for a machine that is stuck, never the time the work takes
test_over = threading.Event()


@pytest.fixture(autouse=True)
def release_naps():
    test_over.clear()
    yield
    test_over.set()  # the abandoned naps return now


def add(a, b):
    return a + b


def explode():
    raise RuntimeError("disk on fire")


def nap():
    test_over.wait(CEILING)
    return "rested"


TOOLS = [
    Tool("add", "Add two numbers.", NUMBERS, add),
    Tool("explode", "Always fails.", EMPTY, explode),
    Tool("nap", "Sleeps too long.", EMPTY, nap, timeout=0.05),
    Tool("echo", "Returns blocks.", EMPTY, lambda: ToolOutput("echoed", {"ui": 1})),
]


def test_every_call_gets_one_result_in_the_order_of_the_calls():
    content = [
        {"type": "text", "text": "Let me check."},
        call("B", "add", {"a": 1, "b": 2}),
        call("A", "echo", {}),
    ]
    message = run_tool_calls(content, TOOLS)
    assert message["role"] == "user"
    assert [r["tool_use_id"] for r in message["content"]] == ["B", "A"]
    assert [r["content"] for r in message["content"]] == ["3", "echoed"]
    assert not any(r.get("is_error") for r in message["content"])


def test_unknown_tool_produces_error_result_naming_the_available_tools():
    (result,) = run_tool_calls([call("A", "get_time", {})], TOOLS)["content"]
    assert result["is_error"] is True
    assert result["content"] == "Unknown tool 'get_time'. Available tools: add, explode, nap, echo."


def test_schema_violation_lists_every_problem_and_echoes_the_input():
    (result,) = run_tool_calls([call("A", "add", {"a": "1234"})], TOOLS)["content"]
    assert result["is_error"] is True
    assert result["content"] == (
        "Invalid input for add:\n- 'b' is a required property\n"
        "- a: '1234' is not of type 'number'\n"
        'Received: {"a": "1234"}\nFix the input and try again.'
    )


def test_tool_that_raises_produces_error_result_with_the_exception():
    (result,) = run_tool_calls([call("A", "explode", {})], TOOLS)["content"]
    assert result == tool_result("A", "explode raised RuntimeError: disk on fire", is_error=True)


def test_tool_past_its_timeout_is_abandoned_without_waiting_for_it():
    # Waiting for the nap would mean waiting for the end of this test: "rested", after CEILING.
    (result,) = run_tool_calls([call("A", "nap", {})], TOOLS)["content"]
    assert result["is_error"] is True
    assert "did not finish within 0.05 s" in result["content"]


def test_independent_calls_run_concurrently():
    # Each call waits until all four are running: one by one, the first would wait in vain.
    together = threading.Barrier(4, timeout=CEILING)

    def meet():
        together.wait()  # raises BrokenBarrierError when the others never come
        return "done"

    tool = Tool("meet", "Waits for the others.", EMPTY, meet, timeout=CEILING)
    message = run_tool_calls([call(f"c{i}", "meet", {}) for i in range(4)], [tool])
    assert [r["content"] for r in message["content"]] == ["done"] * 4


def test_a_call_not_run_still_gets_an_error_result():
    assert not_run(call("A", "rm", {}), "the user said no") == tool_result(
        "A", "Not run: the user said no", is_error=True
    )


def test_sdk_blocks_are_read_like_dicts():
    from anthropic.types import ToolUseBlock

    block = ToolUseBlock(id="toolu_1", name="add", input={"a": 2, "b": 3}, type="tool_use")
    assert run_tool_calls([block], TOOLS)["content"] == [tool_result("toolu_1", "5")]


def test_a_reply_without_tool_calls_is_a_programmer_mistake():
    words = r"^This reply has no tool_use blocks; there is nothing to answer\.$"
    with pytest.raises(ValueError, match=words):
        run_tool_calls([{"type": "text", "text": "Hi"}], TOOLS)


KINDS = st.sampled_from(["ok", "unknown", "bad_input", "raises", "slow", "not_object"])


def _make_call(index: int, kind: str) -> dict:
    arguments = {
        "ok": ("add", {"a": index, "b": 1}),
        "unknown": ("nope", {}),
        "bad_input": ("add", {"a": "x", "extra": [1]}),
        "raises": ("explode", {}),
        "slow": ("nap", {}),
        "not_object": ("add", {"a": None}),
    }[kind]
    return call(f"toolu_{index:02d}", *arguments)


@pytest.fixture(scope="module")
def mock_client():

    with MockServer() as server:
        yield sdk_client(server.base_url, "test")


@settings(
    max_examples=60,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(kinds=st.lists(KINDS, min_size=1, max_size=6))
def test_random_batches_get_exactly_one_result_per_call_and_the_mock_accepts_them(
    mock_client, kinds
):
    content = [{"type": "text", "text": "Working on it."}]
    content += [_make_call(i, kind) for i, kind in enumerate(kinds)]
    answer = run_tool_calls(content, TOOLS)
    ids = [block["id"] for block in content[1:]]
    assert [r["tool_use_id"] for r in answer["content"]] == ids
    for kind, result in zip(kinds, answer["content"], strict=True):
        assert result.get("is_error", False) == (kind != "ok")
    history = [
        {"role": "user", "content": "Do the things."},
        {"role": "assistant", "content": content},
        answer,
    ]
    check_tool_protocol(history)
    menu = [tool.menu_entry() for tool in TOOLS]
    reply = mock_client.messages.create(
        model="claude-sonnet-5", max_tokens=300, messages=history, tools=menu
    )
    assert reply.content


def test_the_input_received_is_echoed_as_written_even_in_chinese():
    (result,) = run_tool_calls([call("A", "add", {"a": "北京"})], TOOLS)["content"]
    assert 'Received: {"a": "北京"}' in result["content"]


def test_a_value_json_cannot_hold_is_shown_by_its_repr():
    tool = Tool("when", "Returns a date.", EMPTY, lambda: {"on": date(2026, 12, 1)})
    (result,) = run_tool_calls([call("A", "when", {})], [tool])["content"]
    assert result == tool_result("A", '{"on": "datetime.date(2026, 12, 1)"}')


def test_an_unknown_tool_among_no_tools_says_there_are_none():
    (result,) = run_tool_calls([call("A", "get_time", {})], [])["content"]
    assert result["content"] == "Unknown tool 'get_time'. Available tools: none."


def test_a_registry_is_taken_as_it_is():
    (result,) = run_tool_calls([call("A", "add", {"a": 1, "b": 2})], ToolRegistry(TOOLS))["content"]
    assert result == tool_result("A", "3")


def test_a_tool_output_keeps_its_error_flag_and_its_details_for_the_ui():
    failing = Tool("check", "Fails.", EMPTY, lambda: ToolOutput("2 tests failed", {"failed": 2},
                                                               is_error=True))  # fmt: skip
    registry = ToolRegistry([failing, *TOOLS])
    assert outcomes([call("A", "check", {}), call("B", "echo", {})], registry) == [
        Outcome("2 tests failed", True, {"failed": 2}),
        Outcome("echoed", False, {"ui": 1}),
    ]


def test_problems_for_other_calls_than_these_are_a_programmers_mistake():
    calls = [call("A", "add", {"a": 1, "b": 2}), call("B", "echo", {})]
    with pytest.raises(ValueError):
        outcomes(calls, ToolRegistry(TOOLS), problems=[None])


def test_every_call_of_a_reply_runs_at_once_on_a_thread_of_its_own():
    # Twenty calls wait until all twenty are running: with fewer threads, some would wait in vain.
    together = threading.Barrier(20, timeout=CEILING)

    def busy():
        together.wait()
        return "done"

    tool = Tool("busy", "Waits for the other nineteen.", EMPTY, busy, timeout=CEILING)
    message = run_tool_calls([call(f"c{i}", "busy", {}) for i in range(20)], [tool])
    assert [r["content"] for r in message["content"]] == ["done"] * 20


def test_a_calls_time_counts_from_its_start_so_the_ninth_call_gets_its_whole_timeout():
    # The review's r05: eight naps and a ninth call used to wait for a thread, and that wait
    # counted against its timeout. Each call now starts at once; the ninth finishes in time.
    late = Tool("late", "Returns at once.", EMPTY, lambda: "on time", timeout=CEILING)
    registry = ToolRegistry([*TOOLS, late])
    calls = [call(f"n{i}", "nap", {}) for i in range(8)] + [call("L", "late", {})]
    results = outcomes(calls, registry)
    assert results[-1] == Outcome("on time")


def test_a_call_past_its_timeout_is_asked_to_stop_and_the_model_told_it_may_still_run():
    seen = []

    def patient():
        context = current_call()
        seen.append(context)
        context.cancelled.wait(CEILING)  # a tool that can stop waits on this event
        return "stopped"

    tool = Tool("patient", "Stops when asked.", EMPTY, patient, timeout=0.05)
    (result,) = outcomes([call("P", "patient", {})], ToolRegistry([tool]))
    assert result == Outcome(
        "patient did not finish within 0.05 s and was abandoned; it may still be running.", True
    )
    assert seen[0].id == "P" and seen[0].cancelled.is_set()
