"""Tests for runtime.calls: one result per call, whatever went wrong, and a history the API
accepts (checked with the mock's copy of the API's rules).

Decided by events, not time: the napping tool waits on a gate that opens only after its result
was built, so it is past its timeout on any machine, and says when it has finished.
"""

import threading

import pytest
from builders import assistant
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import ODD_IDS, stop_reasons

from handagent.api.checks import check_request
from handagent.runtime.adapters import to_anthropic, to_openai_chat
from handagent.runtime.approval import allow_all
from handagent.runtime.boundary import Boundary
from handagent.runtime.calls import NOT_RUN, run_calls
from handagent.runtime.protocol import (
    AssistantMessage,
    ImageBlock,
    TextBlock,
    ToolCall,
    ToolResultMessage,
    call_from_text,
    user_text,
)
from handagent.runtime.repair import TRUNCATED, repair
from handagent.tools import Tool, ToolOutput, ToolRegistry

PATH = {
    "type": "object",
    "properties": {"path": {"type": "string"}},
    "required": ["path"],
    "additionalProperties": False,
}
EMPTY = {"type": "object", "properties": {}}
PNG = "iVBORw0KGgo="
CEILING = 60.0  # seconds: for a machine that is stuck, never the time the work takes
ran: list[str] = []  # which tools actually ran, to prove a refused call was not run
lock = threading.Lock()
gate = threading.Event()  # opened once the nap's result is built, and after every test
napped = threading.Event()  # set by the nap as it hands back its details, too late


@pytest.fixture(autouse=True)
def open_the_gate_after_each_test():
    gate.clear()
    napped.clear()
    yield
    gate.set()  # an abandoned nap returns now


def read_file(path):
    with lock:
        ran.append(path)
    return f"contents of {path}"


def edit_file(path):
    return ToolOutput("Replaced 2 lines.", {"diff": "-a\n+b", "path": path})


def screenshot():
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PNG}}
    return ToolOutput([{"type": "text", "text": "The screen:"}, image], {"pixels": 4})


def explode():
    raise RuntimeError("disk on fire")


def nap():
    gate.wait(CEILING)
    try:
        return ToolOutput("rested", {"never": "seen"})
    finally:
        napped.set()


# Declared read-only, so the boundary runs them unasked: approval has tests of its own below.
TOOL_LIST = [
    Tool("read_file", "Read a file.", PATH, read_file, read_only=True),
    Tool("edit_file", "Edit a file.", PATH, edit_file, read_only=True),
    Tool("screenshot", "Take a screenshot.", EMPTY, screenshot, read_only=True),
    Tool("explode", "Always fails.", EMPTY, explode, read_only=True),
    Tool("nap", "Sleeps too long.", EMPTY, nap, timeout=0.05, read_only=True),
]
TOOLS = ToolRegistry(TOOL_LIST)


def only_text(result: ToolResultMessage) -> str:
    (block,) = result.content
    return block.text


def test_every_call_gets_one_result_in_order_quoting_its_id_and_name():
    message = assistant(
        ToolCall("B", "read_file", {"path": "b.py"}), ToolCall("A", "edit_file", {"path": "a.py"})
    )
    results = run_calls(message, TOOLS, timestamp=4.0)
    assert [(r.tool_call_id, r.tool_name) for r in results] == [
        ("B", "read_file"),
        ("A", "edit_file"),
    ]
    assert [only_text(r) for r in results] == ["contents of b.py", "Replaced 2 lines."]
    assert [r.is_error for r in results] == [False, False]
    assert {r.timestamp for r in results} == {4.0}


def test_a_message_without_calls_gets_no_results():
    assert run_calls(assistant(TextBlock("Done."), stop_reason="stop"), TOOLS) == []


def test_an_unknown_tool_gets_an_error_result_naming_the_available_tools():
    (result,) = run_calls(assistant(ToolCall("A", "get_time", {})), TOOLS)
    assert result.is_error
    assert only_text(result) == (
        "Unknown tool 'get_time'. Available tools: read_file, edit_file, screenshot, explode, nap."
    )


def test_schema_problems_are_listed_with_what_was_received():
    (result,) = run_calls(assistant(ToolCall("A", "read_file", {"file": 3})), TOOLS)
    text = only_text(result)
    assert result.is_error
    assert "'path' is a required property" in text
    assert "Additional properties are not allowed ('file' was unexpected)" in text
    assert 'Received: {"file": 3}' in text


def test_a_tool_that_raises_gets_an_error_result_with_the_exception():
    (result,) = run_calls(assistant(ToolCall("A", "explode", {})), TOOLS)
    assert result.is_error and only_text(result) == "explode raised RuntimeError: disk on fire"


def test_a_tool_past_its_timeout_is_asked_to_stop_and_its_late_details_are_not_kept():
    # Waiting for the nap would mean waiting for the gate below: a result after CEILING.
    (result,) = run_calls(assistant(ToolCall("A", "nap", {})), TOOLS)
    assert result.is_error and only_text(result) == (
        "nap did not finish within 0.05 s; it was asked to stop but may still be running: "
        "an effect of it may yet happen."
    )
    gate.set()
    assert napped.wait(CEILING)  # the nap has now finished, with its details
    assert result.details is None


def test_invalid_json_gets_an_error_quoting_the_parse_error_and_an_excerpt_without_running():
    raw = '{"path": "' + "x" * 200  # a long unterminated string
    ran.clear()
    (result,) = run_calls(assistant(call_from_text("A", "read_file", raw)), TOOLS)
    text = only_text(result)
    assert result.is_error and ran == []
    assert text.startswith("Invalid JSON in tool arguments: Unterminated string")
    assert "Received: '" + raw[:77] + "...'" in text
    assert raw[:100] not in text  # an excerpt, not the whole text
    assert text.endswith("The tool was not run. Send the arguments again as one JSON object.")


def test_arguments_of_the_wrong_json_type_are_refused_the_same_way():
    (result,) = run_calls(assistant(call_from_text("A", "read_file", '["a.py"]')), TOOLS)
    assert only_text(result).startswith("Tool arguments must be a JSON object, not list.")


def test_raw_text_that_parses_after_all_is_still_not_run():
    ran.clear()
    call = ToolCall("A", "read_file", None, raw_arguments='{"path": "a.py"}')
    (result,) = run_calls(assistant(call), TOOLS)
    assert result.is_error and ran == []
    assert "never parsed" in only_text(result)


def test_invalid_json_for_an_unknown_tool_is_reported_as_the_unknown_tool():
    (result,) = run_calls(assistant(call_from_text("A", "nope", "{")), TOOLS)
    assert only_text(result).startswith("Unknown tool 'nope'.")


def test_every_call_of_a_reply_cut_by_the_token_limit_is_refused_unrun():
    ran.clear()
    message = assistant(
        ToolCall("A", "read_file", {"path": "a.py"}),
        call_from_text("B", "read_file", '{"path": "b'),
        stop_reason="length",
    )
    results = run_calls(message, TOOLS)
    assert ran == []
    assert [(r.tool_call_id, r.is_error, only_text(r)) for r in results] == [
        ("A", True, TRUNCATED),
        ("B", True, TRUNCATED),
    ]


def test_the_calls_of_an_aborted_failed_or_refused_turn_each_get_a_result_saying_so():
    ran.clear()
    calls = (ToolCall("A", "read_file", {"path": "a.py"}), ToolCall("B", "nope", {}))
    for stop_reason, word in [
        ("aborted", "aborted by the user"),
        ("error", "failed"),
        ("refusal", "declined"),
    ]:
        results = run_calls(assistant(*calls, stop_reason=stop_reason), TOOLS)
        assert [r.tool_call_id for r in results] == ["A", "B"]
        assert all(r.is_error and word in only_text(r) for r in results)
    assert ran == []


def test_a_call_in_a_paused_turn_runs_as_a_tool_use_call_would():
    ran.clear()
    paused = assistant(ToolCall("A", "read_file", {"path": "a.py"}), stop_reason="pause")
    (result,) = run_calls(paused, TOOLS)
    assert ran == ["a.py"] and not result.is_error


def test_every_stop_reason_that_ends_a_turn_unfinished_has_a_not_run_text():
    assert set(NOT_RUN) == {"length", "window", "aborted", "error", "refusal"}


def test_results_agree_with_what_repair_would_have_filled_in_for_a_cut_reply():
    message = assistant(call_from_text("A", "read_file", '{"pa'), stop_reason="length")
    ours = run_calls(message, TOOLS, timestamp=message.timestamp)
    assert repair([user_text("hi", 1.0), message]) == [user_text("hi", 1.0), message, *ours]


def test_details_go_to_the_result_and_never_to_the_wire():
    message = assistant(ToolCall("A", "edit_file", {"path": "a.py"}))
    (result,) = run_calls(message, TOOLS)
    assert result.details == {"diff": "-a\n+b", "path": "a.py"}
    history = [user_text("edit a.py"), message, result]
    assert "diff" not in str(to_anthropic(history)) and "diff" not in str(to_openai_chat(history))


def test_text_and_image_blocks_become_protocol_blocks():
    (result,) = run_calls(assistant(ToolCall("A", "screenshot", {})), TOOL_LIST)
    assert result.content == (TextBlock("The screen:"), ImageBlock("image/png", PNG))
    assert result.details == {"pixels": 4}


KNOWN = ["read_file", "edit_file", "explode"]
arguments = st.one_of(
    st.just({"path": "a.py"}),  # valid
    st.dictionaries(st.sampled_from(["path", "x"]), st.integers() | st.text(max_size=3)),
)
raw_texts = st.sampled_from(['{"path": ', "[1]", "", "nul", '{"path": "a.py"}']) | st.text(
    max_size=20
)


@st.composite
def random_calls(draw, tool_call_id: str) -> ToolCall:
    name = draw(st.sampled_from([*KNOWN, "nope", "get_time"]))
    if draw(st.booleans()):
        return ToolCall(tool_call_id, name, draw(arguments))
    if draw(st.booleans()):
        return call_from_text(tool_call_id, name, draw(raw_texts))
    return ToolCall(tool_call_id, name, None, raw_arguments=draw(raw_texts))


@st.composite
def random_assistants(draw) -> AssistantMessage:
    ids = draw(st.lists(ODD_IDS, max_size=4, unique=True))
    text = [TextBlock("Working.")] * draw(st.booleans())
    calls = [draw(random_calls(i)) for i in ids]
    return assistant(*text, *calls, stop_reason=draw(stop_reasons), model="model-a")


@settings(max_examples=150, deadline=None)
@given(message=random_assistants())
def test_random_messages_get_one_result_per_call_and_a_history_the_api_accepts(message):
    results = run_calls(message, TOOLS, timestamp=3.0)
    calls = [block for block in message.content if isinstance(block, ToolCall)]
    assert [(r.tool_call_id, r.tool_name) for r in results] == [(c.id, c.name) for c in calls]
    if message.stop_reason in NOT_RUN:
        assert all(r.is_error for r in results)
    history = [user_text("Do the things.", 1.0), message, *results]
    wire = to_anthropic(history)
    if wire[-1]["role"] == "assistant":  # no call to answer: the user speaks next, as in a loop
        wire.append({"role": "user", "content": "Go on."})
    check_request(
        {"model": "claude-sonnet-5", "max_tokens": 100, "messages": wire, "tools": TOOLS.menu()}
    )
    assert repair(history) == history  # nothing left for repair to fill or drop


def test_workspace_and_edit_tools_answer_calls_through_run_calls(tmp_path):
    from handagent.runtime.edit import edit_tool
    from handagent.runtime.workspace import READ_FILE_TOOL, Workspace

    (tmp_path / "a.ts").write_text("return a / b;\n", encoding="utf-8")
    (tmp_path / "b.ts").write_text("return a / b;\n", encoding="utf-8")
    workspace = Workspace(tmp_path)
    read, edit = workspace.tool(), edit_tool(workspace)
    assert read.menu_entry() == READ_FILE_TOOL
    # Calls of one reply run at the same time: their inputs are independent, their effects need
    # not be, so this reply reads one file and edits another.
    message = assistant(
        ToolCall("A", "read_file", {"path": "a.ts"}),
        ToolCall("B", "edit_file", {"path": "b.ts", "old_text": "a / b", "new_text": "a * b"}),
        ToolCall("C", "read_file", {"path": "../outside"}),
    )
    first, second, third = run_calls(message, [read, edit], boundary=Boundary(approve=allow_all))
    assert only_text(first) == "return a / b;\n" and not first.is_error
    assert only_text(second) == "Edited b.ts: 1 line replaced by 1." and "diff" in second.details
    assert third.is_error and "above the workspace root" in only_text(third)


def test_a_stop_pressed_as_the_calls_start_never_leaves_the_stop_button_blocked(monkeypatch):
    """A KeyboardInterrupt raised the moment the block on SIGINT begins (a press just before it,
    which Python raises when the blocking call returns) used to skip the unblock: the kernel's
    main thread then ignored every later press of the stop button."""
    import signal

    from handagent.runtime import calls

    real, blocked = signal.pthread_sigmask, []

    def pressed_as_it_blocks(how, mask):
        before = real(how, mask)
        if how == signal.SIG_BLOCK and signal.SIGINT in set(mask) and not blocked:
            blocked.append(True)
            raise KeyboardInterrupt  # what the eval loop raises right after the call
        return before

    monkeypatch.setattr(calls.signal, "pthread_sigmask", pressed_as_it_blocks)
    add = Tool("add", "Adds.", {"type": "object", "properties": {}}, lambda: 3)
    reply = assistant(ToolCall("c1", "add", {}))
    try:
        with pytest.raises(calls.CallsInterrupted) as stopped:
            run_calls(reply, [add])
        assert blocked and signal.SIGINT not in real(signal.SIG_BLOCK, ())
    finally:  # this worker's later tests keep their stop button, whatever happened here
        real(signal.SIG_UNBLOCK, {signal.SIGINT})
    assert [r.tool_call_id for r in stopped.value.results] == ["c1"]
