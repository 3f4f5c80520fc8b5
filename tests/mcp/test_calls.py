"""A call to a server nobody here wrote always comes back as a result, never an exception, and
says what happened: a server that hangs, dies, sends an image the API cannot take or breaks its
own output schema (tests/clients/rogue_mcp_server.py does each). These are the review's r11,
r12 (the client's part) and r13, and its L3: a crash or a timeout is never "refused"."""

import dataclasses
import json
import sys
import threading
import time

import pytest
from builders import accepted_result
from mcp import StdioServerParameters
from paths import TESTS

from handagent.dispatch import outcomes
from handagent.mcp.client import McpServers
from handagent.tools import CallContext, ToolRegistry, running

# McpWarning: the tests read what servers did from .warnings
pytestmark = pytest.mark.filterwarnings("ignore::handagent.mcp.client.McpWarning")
ROGUE = TESTS / "clients" / "rogue_mcp_server.py"


def rogue(log=None, **env) -> StdioServerParameters:
    settings = {"ROGUE_LOG": str(log)} if log else {}
    return StdioServerParameters(command=sys.executable, args=[str(ROGUE)], env=settings | env)


def received(log, method: str, within: float = 5.0) -> list[dict]:
    """The messages of this method the rogue server has logged, waiting up to `within` s."""
    deadline = time.monotonic() + within
    while True:
        lines = log.read_text().splitlines() if log.exists() else []
        found = [m for m in map(json.loads, lines) if m.get("method") == method]
        if found or time.monotonic() > deadline:
            return found
        time.sleep(0.05)


@pytest.fixture(scope="module")
def log(tmp_path_factory):
    return tmp_path_factory.mktemp("rogue") / "received.jsonl"


@pytest.fixture(scope="module")
def servers(log):
    with McpServers({"rogue": rogue(log)}, timeout=30.0) as connected:
        yield connected


def use(name: str, **arguments) -> dict:
    return {"type": "tool_use", "id": f"toolu_{name}", "name": name, "input": arguments}


def error_text(answer: dict) -> str:
    """The one text block of a tool_result marked is_error."""
    assert answer["is_error"] is True
    (block,) = answer["content"]
    assert block["type"] == "text"
    return block["text"]


def cancels_for(log, tool: str) -> list[dict]:
    (sent,) = [m for m in received(log, "tools/call") if m["params"]["name"] == tool]
    cancels = received(log, "notifications/cancelled")
    return [c for c in cancels if c["params"]["requestId"] == sent["id"]]


def test_a_call_past_its_deadline_is_cancelled_on_the_server_at_once(servers, log):
    hang = next(t for t in servers.as_tools() if t.name == "hang")
    quick = dataclasses.replace(hang, timeout=0.5)  # the program's deadline, well before 30 s
    began = time.monotonic()
    (outcome,) = outcomes([{"id": "toolu_1", "name": "hang", "input": {}}], ToolRegistry([quick]))
    assert outcome.is_error and "abandoned" in outcome.content
    (cancel,) = cancels_for(log, "hang")  # sent once the program stopped waiting, not at 30 s
    assert cancel["params"]["reason"] == "caller cancelled"
    assert time.monotonic() - began < 5.0


def test_a_cancelled_call_says_so_and_that_it_may_have_run(log):
    with McpServers({"rogue": rogue(log)}, timeout=30.0) as connected:
        (hang,) = [t for t in connected.as_tools() if t.name == "hang"]
        context = CallContext("toolu_2", "hang")
        threading.Timer(0.3, context.cancelled.set).start()  # as dispatch does at the deadline
        with running(context):
            output = hang.function()
    assert output.is_error and output.details == {"server": "rogue", "tool": "hang"}
    ((said,),) = [[block["text"] for block in output.content]]
    assert said.startswith("hang on server 'rogue' was cancelled: the program stopped waiting")
    assert said.endswith("told the server to stop (notifications/cancelled); it may have run in "
                         "part or in full: check before asking for it again.")  # fmt: skip


def test_a_call_the_server_never_answers_times_out_and_is_never_called_refused(tmp_path):
    log = tmp_path / "received.jsonl"
    with McpServers({"rogue": rogue(log)}, timeout=1.0) as connected:
        answer = accepted_result(connected.call(use("hang")))
    assert error_text(answer) == (
        "hang on server 'rogue' timed out: no answer within 1 s. The server was told to stop "
        "(notifications/cancelled); it may have run in part or in full: check before asking "
        "for it again."
    )
    assert cancels_for(log, "hang")


def test_a_server_that_dies_mid_call_failed_and_the_other_servers_carry_on():
    with McpServers({"rogue": rogue(), "other": rogue()}, timeout=10.0) as connected:
        first = accepted_result(connected.call(use("rogue__die")))
        again = accepted_result(connected.call(use("rogue__echo", said="hi")))
        other = connected.call(use("other__echo", said="hi"))
    assert error_text(first) == (
        "The call to die on server 'rogue' failed: the server closed the connection (Connection "
        "closed); it may have crashed, and it may have run in part or in full: check before "
        "asking for it again."
    )
    assert "refused" not in error_text(again)
    assert other["content"] == [{"type": "text", "text": '{"said": "hi"}'}]


def test_an_svg_image_reaches_the_model_as_a_line_saying_it_was_left_out(servers):
    answer = accepted_result(servers.call(use("svg")))
    said = "[image/svg+xml image left out: a tool_result holds PNG, JPEG, GIF or WebP images only]"
    assert answer["content"] == [{"type": "text", "text": said}]


def test_a_result_that_breaks_its_tools_output_schema_is_an_error_the_model_reads(servers):
    assert error_text(accepted_result(servers.call(use("weather")))) == (
        "weather on server 'rogue' returned a result that breaks the tool's declared output "
        "schema, so it was withheld: Invalid structured content returned by tool weather: "
        "'warm' is not of type 'number'"
    )
