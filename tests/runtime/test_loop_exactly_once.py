"""The loop's promises on the paths a real program meets: the stop button while tools run, a
crash at any line of the log, an exception after a tool ran, resumes. Every call is answered
exactly once; no effect runs twice across resumes; bounds hold across resumes, cache included.

Several tests are the code review's reproductions (r03, r06, r07, r08, r18, r22, r23 in
`reviews/2026-12-05/code-review-repros/`), named in their docstrings. The stop button is a real
SIGINT sent to the main thread, as Jupyter sends it, never an exception raised in a tool's thread.
"""

import signal
import threading
from unittest.mock import patch

import pytest
from builders import assistant
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from handagent.api import tokens
from handagent.api.checks import check_request
from handagent.api.models import DEFAULT
from handagent.llm import MOCK_KEY
from handagent.mock import MockServer
from handagent.runtime import session_log
from handagent.runtime.adapters import to_anthropic
from handagent.runtime.approval import allow_all
from handagent.runtime.boundary import Boundary
from handagent.runtime.bounds import Bounds, Spent
from handagent.runtime.loop import UNKNOWN_OUTCOME, run_loop
from handagent.runtime.protocol import (
    AssistantMessage,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    tool_calls,
    tool_result_message,
    user_text,
)
from handagent.runtime.providers import request_body
from handagent.runtime.repair import repair
from handagent.runtime.senders import scripted, sender
from handagent.tools import Tool, ToolOutput, current_call

ASK = user_text("Refund order 1042 and tell the customer.", timestamp=1.0)
ORDER = {"type": "object", "properties": {"order_id": {"type": "integer"}}}
DONE = assistant(TextBlock("Done."), stop_reason="stop")
ALLOW = Boundary(approve=allow_all)
CEILING = 60.0  # seconds: for a stuck machine, never the time the work takes
NEVER = threading.Event()


@pytest.fixture(autouse=True, scope="module")
def release_the_tools_that_never_stop():
    yield
    NEVER.set()


@pytest.fixture(autouse=True, scope="module")
def stop_is_heard():
    """SIGINT raises KeyboardInterrupt on the main thread, as in a kernel running a cell, however
    the suite was started. A shell starts a background job (`make test &`, `nohup`) with SIGINT
    ignored, and Python then leaves it ignored: every press of stop was dropped, each tool
    waiting for it waited out its 60 s, and the property test below failed and shrank for many
    minutes."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def press_stop() -> None:
    """What Jupyter's stop button does: SIGINT, handled on the main thread as KeyboardInterrupt."""
    signal.pthread_kill(threading.main_thread().ident, signal.SIGINT)


def results_of(messages) -> dict[str, str]:
    return {m.tool_call_id: m.content[0].text for m in messages if isinstance(m, ToolResultMessage)}


def test_ctrl_c_keeps_a_finished_calls_result_and_says_which_may_still_be_running(tmp_path):
    """r03: every call used to be answered "interrupted", a finished email included."""
    done, courier_running = [], threading.Event()

    def email(order_id):
        done.append(("email", order_id))
        return "email sent"

    def refund(order_id):  # presses stop, then stops when asked, as a careful tool does
        courier_running.wait(CEILING)  # every call has started: the stop finds them all running
        while not current_call().cancelled.wait(0.1):  # pressed again until it is heard: a
            press_stop()  # loaded machine may take a moment; a press after that is ignored
        done.append(("refund stopped", order_id))
        return ToolOutput("refund cancelled before it was sent", is_error=True)

    def courier(order_id):  # never looks at its cancel event
        courier_running.set()
        NEVER.wait(CEILING)

    named = (("email", email), ("refund", refund), ("courier", courier))
    tools = [Tool(name, name, ORDER, function, timeout=CEILING) for name, function in named]
    reply = assistant(*(ToolCall(f"c_{t.name}", t.name, {"order_id": 1042}) for t in tools))
    log = tmp_path / "run.jsonl"
    session_log.append(log, ASK)
    run = run_loop([ASK], tools, scripted(reply), boundary=ALLOW, log=log)
    said = results_of(run.messages)
    assert run.ending == "interrupted"
    assert said["c_email"] == "email sent"  # its real result, kept
    assert said["c_refund"] == "refund cancelled before it was sent"
    assert said["c_courier"].startswith("Interrupted: courier was asked to stop") and (
        "may still be running" in said["c_courier"]
    )
    assert session_log.load(log) == list(run.messages)


def test_nine_calls_of_one_reply_each_get_their_whole_timeout():
    """r05: the ninth call waited for a worker, and the wait counted against its timeout."""
    together = threading.Barrier(9, timeout=CEILING)
    number = {"type": "object", "properties": {"n": {"type": "integer"}}}
    lookup = Tool("lookup", "Look up.", number, lambda n: together.wait() and f"row {n}" or
                  f"row {n}", read_only=True, timeout=CEILING)  # fmt: skip
    reply = assistant(*(ToolCall(f"c{n}", "lookup", {"n": n}) for n in range(9)))
    run = run_loop([ASK], [lookup], scripted(reply, DONE))
    assert [m.is_error for m in run.messages if isinstance(m, ToolResultMessage)] == [False] * 9


@pytest.mark.parametrize("written", [0, 1], ids=["log ends on the reply", "after result A"])
def test_a_resume_never_runs_a_call_whose_outcome_is_unknown_and_logs_its_answer(tmp_path, written):
    """r06: the two crash points one line apart were treated in opposite ways (re-run, or a
    synthetic answer on the wire only)."""
    ran = []
    refund = Tool("refund_order", "Refund", ORDER, lambda order_id: ran.append(order_id) or "ok")
    a, b = ToolCall("a", "refund_order", {"order_id": 1}), ToolCall("b", "refund_order",
                                                                    {"order_id": 2})  # fmt: skip
    reply = assistant(a, b)
    log = tmp_path / "run.jsonl"
    for message in [ASK, reply, tool_result_message(a, "ok", timestamp=3.0)][: 2 + written]:
        session_log.append(log, message)
    send = scripted(DONE)
    run = run_loop(session_log.load(log), [refund], send, boundary=ALLOW, log=log)
    assert ran == []
    said = results_of(session_log.load(log))
    assert said["b"] == UNKNOWN_OUTCOME and said["a"] == ("ok" if written else UNKNOWN_OUTCOME)
    assert send.requests[0] == list(run.messages)[:-1] and run.ending == "done"


def test_an_exception_after_a_tool_ran_leaves_its_result_in_the_log_and_a_resume_never_reruns_it(
    tmp_path,
):
    """r07 and r18 (2): a block the runtime could not convert, or details JSON could not write,
    made run_loop raise with the call unanswered; the resume sent the email again."""
    sent = []

    def send_email(to):
        sent.append(to)
        return ToolOutput([{"type": "document", "source": {"type": "text", "data": "receipt"}}],
                          {"at": __import__("datetime").datetime(2026, 1, 1)})  # fmt: skip

    tool = Tool("send_email", "Send", {"type": "object", "properties": {"to": {"type": "string"}}},
                send_email)  # fmt: skip
    call = assistant(ToolCall("c1", "send_email", {"to": "ada@example.com"}))
    log = tmp_path / "run.jsonl"

    def failing_ui(step):
        raise RuntimeError("the progress bar broke")

    with pytest.raises(RuntimeError, match="progress bar"):
        run_loop([ASK], [tool], scripted(call), boundary=ALLOW, log=log, on_step=failing_ui)
    assert isinstance(session_log.load(log)[-1], ToolResultMessage)
    run_loop(session_log.load(log), [tool], scripted(DONE), boundary=ALLOW, log=log)
    assert sent == ["ada@example.com"]


def test_a_resumed_run_goes_on_spending_from_what_its_log_says_it_spent(tmp_path):
    """r08 (3): every resume started from zero: three resumes, six requests under turns=2."""
    echo = Tool("echo", "Echo", {"type": "object", "properties": {}}, lambda: "ok", read_only=True)
    log = tmp_path / "run.jsonl"
    session_log.append(log, ASK)
    requests = 0
    for _ in range(3):  # the notebook's user presses "run" again on the same log
        send = scripted(*(assistant(ToolCall(f"c{n}", "echo", {})) for n in range(4)))
        run = run_loop(session_log.load(log), [echo], send, bounds=Bounds(turns=2), log=log)
        requests += len(send.requests)
    assert (requests, run.ending, run.spent.turns) == (2, "turns", 2)


def test_a_log_whose_last_newline_was_lost_takes_the_next_message_on_a_line_of_its_own(tmp_path):
    """r18 (1): the next append glued a message onto the last line."""
    log = tmp_path / "run.jsonl"
    log.write_text(session_log.dumps(user_text("first", 1.0)), encoding="utf-8")
    session_log.append(log, user_text("second", 2.0))
    assert [m.content[0].text for m in session_log.load(log)] == ["first", "second"]


def test_a_lone_surrogate_in_a_result_or_in_the_models_own_arguments_can_be_sent():
    """r22: "Sunny \\ud83d" ended the run and every resume in UnicodeEncodeError."""
    city = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    weather = Tool("get_weather", "Returns today's weather for one city.", city,
                   lambda city: "Sunny \ud83d and 21 C", read_only=True)  # fmt: skip
    with MockServer() as mock:
        send = sender(api="anthropic", model=DEFAULT, base_url=mock.base_url, api_key=MOCK_KEY)
        run = run_loop([user_text("What's the weather in Paris?")], [weather], send)
        assert run.ending == "done", run.note
        call = ToolCall("toolu_1", "get_weather", {"city": "Paris \ud83d"})
        history = [user_text("Weather?"), assistant(call, model=DEFAULT),
                   tool_result_message(call, "Sunny")]  # fmt: skip
        assert send(history, [weather.menu_entry()], 256).stop_reason == "stop"


def test_an_mcp_servers_huge_result_is_capped_so_the_run_goes_on():
    """r23: a 20 MB MCP result made every later request "prompt is too long"."""
    from handagent.mcp.client import McpServers
    from handagent.mcp.server import server_for
    from handagent.tools import ToolRegistry

    probe = Tool("probe", "Run the probe and return its output.", {"type": "object",
                 "properties": {}}, lambda: "x" * 20_000_000, read_only=True)  # fmt: skip
    with MockServer() as mock, McpServers({"fake": server_for(ToolRegistry([probe]), "fake")}) as s:
        send = sender(api="anthropic", model=DEFAULT, base_url=mock.base_url, api_key=MOCK_KEY)
        run = run_loop([user_text("Run the probe")], s.as_tools(), send, boundary=ALLOW)
    assert run.ending == "done", run.note


# The property: random scripts (every stop reason, calls to tools that work, raise, time out,
# press stop or have an effect), random bounds, a crash at a random line of the log; the run is
# resumed from its log until it ends. The model charges exactly what the bounds estimate for the
# prompt (as the mock does), part of it as cache reads and writes, and at most max_tokens out.
REASONS = ["tool_use"] * 6 + ["stop", "length", "window", "pause", "refusal", "error"]
NAMES = ["effect", "read", "fail", "slow", "stop_button", "nope"]


REAL_APPEND = session_log.append


class Crash(BaseException):
    """The process dying: nothing after it runs, the log keeps the lines already written."""


@st.composite
def plans(draw) -> list[dict]:
    return [
        {
            "reason": draw(st.sampled_from(REASONS)),
            "calls": draw(st.lists(st.sampled_from(NAMES), max_size=3)),
            "cached": draw(st.floats(0, 1)),
            "out": draw(st.floats(0, 1)),
        }
        for _ in range(draw(st.integers(1, 6)))
    ]


def model_of(plan: list[dict], turn: list[int]):
    """A send following the plan, then "Done." forever, charging what the request costs."""

    def send(messages, menu, max_tokens):
        step = plan[turn[0]] if turn[0] < len(plan) else {"reason": "stop", "calls": [],
                                                          "cached": 0.0, "out": 0.5}  # fmt: skip
        turn[0] += 1
        body = request_body(messages, menu, api="anthropic", model=DEFAULT, max_tokens=max_tokens)
        prompt = tokens.input_tokens(body)
        read = int(prompt * step["cached"])
        usage = Usage(prompt - read, max(1, int(max_tokens * step["out"])), cache_read_tokens=read)
        reason = step["reason"] if step["calls"] or step["reason"] != "tool_use" else "stop"
        calls = [ToolCall(f"t{turn[0]}_{n}", name, {}) for n, name in enumerate(step["calls"])]
        if reason in ("error", "pause"):
            calls = []  # a failed request has no content; a pause leaves no client call waiting
        failed = {"error_message": "HTTP 500"} if reason == "error" else {}
        return assistant(TextBlock("Working."), *calls, stop_reason=reason, model=DEFAULT,
                         usage=usage, **failed)  # fmt: skip

    send.model = DEFAULT
    return send


@settings(
    max_examples=80, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(plan=plans(), crash_at=st.none() | st.integers(2, 14) | st.integers(2, 14),
       turns=st.integers(1, 8), tokens_bound=st.integers(2_000, 20_000))  # fmt: skip
def test_random_runs_with_crashes_interrupts_and_resumes_answer_every_call_once_and_never_rerun(
    tmp_path_factory, plan, crash_at, turns, tokens_bound
):
    ran: list[str] = []  # the ids of the effect calls that ran, across every resume

    def effect():
        ran.append(current_call().id)
        return "done"

    def slow():
        NEVER.wait(CEILING)

    def stop_button():
        press_stop()
        current_call().cancelled.wait(CEILING)
        return "stopped"

    empty = {"type": "object", "properties": {}}
    tools = [Tool("effect", "Has an effect.", empty, effect),
             Tool("read", "Reads.", empty, lambda: "read", read_only=True),
             Tool("fail", "Fails.", empty, lambda: 1 / 0, read_only=True),
             Tool("slow", "Never finishes.", empty, slow, timeout=0.01, read_only=True),
             Tool("stop_button", "Pressed mid-call.", empty, stop_button, read_only=True,
                  timeout=CEILING)]  # fmt: skip
    log = tmp_path_factory.mktemp("run") / "run.jsonl"
    session_log.append(log, ASK)
    bounds = Bounds(turns=turns, tokens=tokens_bound, dollars=1.0)
    appended = [0]

    def append(path, message):  # the process dies at the crash_at-th line written
        appended[0] += 1
        if appended[0] == crash_at:
            raise Crash
        REAL_APPEND(path, message)

    turn, endings = [0], []
    with patch.object(session_log, "append", append):
        for _ in range(30):  # resumed until it ends for a reason other than the stop button
            try:
                run = run_loop(session_log.load(log), tools, model_of(plan, turn), bounds=bounds,
                               boundary=ALLOW, max_tokens=256, log=log)  # fmt: skip
            except Crash:
                endings.append("crash")
                continue
            endings.append(run.ending)
            if run.ending != "interrupted":
                break
    event(f"endings: {' '.join(endings)}")
    history = session_log.load(log)
    calls = [call.id for message in history for call in tool_calls(message)]
    answered = [m.tool_call_id for m in history if isinstance(m, ToolResultMessage)]
    assert sorted(calls) == sorted(answered) and repair(history) == history  # exactly one each
    assert len(ran) == len(set(ran))  # no effect ran twice, whatever crashed or was resumed
    spent = Spent.of(history)  # replies in the log: a crash may lose a reply, never add one
    assert spent.turns <= turns and spent.tokens <= tokens_bound
    for message in history:
        if isinstance(message, AssistantMessage) and message.stop_reason == "error":
            continue
    wire = to_anthropic([m for m in history if not (isinstance(m, AssistantMessage)
                         and m.stop_reason in ("error", "length") and not tool_calls(m))],
                        model=DEFAULT)  # fmt: skip
    if wire[-1]["role"] == "user":
        check_request({"model": DEFAULT, "max_tokens": 256, "messages": wire,
                       "tools": [t.menu_entry() for t in tools]}, catalogue_only=True)  # fmt: skip
