"""Our MCP client against two servers at once: the series' own (`python -m handagent.mcp`) and
one written with another library (fastmcp, tests/clients/fastmcp_server.py), both over stdio.
Their tools land on one menu the API accepts, clashes prefixed, and each call goes to the server
its tool came from, whose answer becomes a tool_result (chapters 03-05) or a neutral result with
the server in its details (chapter 09's loop and log)."""

import json
import sys
import threading

import pytest
from builders import assistant, request, user
from mcp import StdioServerParameters
from paths import TESTS

from handagent.api.checks import check_request
from handagent.examples import CLOCK
from handagent.mcp.client import McpServers, series_server
from handagent.mcp.menu import RemoteTool
from handagent.runtime.approval import allow_all
from handagent.runtime.boundary import Boundary
from handagent.runtime.calls import run_calls
from handagent.runtime.protocol import ImageBlock, TextBlock, ToolCall
from handagent.tools import ToolRegistry

ALLOW = Boundary(approve=allow_all)

# McpWarning: the tests read what servers did from .warnings
pytestmark = pytest.mark.filterwarnings("ignore::handagent.mcp.client.McpWarning")
OTHER = StdioServerParameters(
    command=sys.executable, args=[str(TESTS / "clients" / "fastmcp_server.py")]
)
PIXEL = (  # the red pixel fastmcp_server.py sends
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8Dw"
    "HwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)


def listed(name: str) -> dict:
    return {"name": name, "description": f"The {name} tool.", "inputSchema": {"type": "object"}}


@pytest.fixture(scope="module")
def servers():
    with McpServers({"series": series_server(), "other": OTHER}, taken=[CLOCK.name]) as connected:
        yield connected


def use(name: str, **arguments) -> dict:
    return {"type": "tool_use", "id": f"toolu_{name}", "name": name, "input": arguments}


def test_both_servers_tools_share_one_menu_the_api_accepts(servers):
    assert [(t.server, t.name, t.menu_name) for t in servers.tools] == [
        ("series", "get_current_time", "series__get_current_time"),  # the program has a clock
        ("series", "add", "series__add"),
        ("series", "get_weather", "get_weather"),
        ("other", "add", "other__add"),
        ("other", "text.upper", "text_upper"),
        ("other", "radar", "radar"),
        ("other", "forecast", "forecast"),
        ("other", "fail", "fail"),
    ]
    check_request(request([user("Hi")], tools=servers.menu()))
    assert servers.warnings == [
        "Server 'other': tool 'text.upper' is offered as 'text_upper' (the API allows letters, "
        "digits, _ and -, names unique)."
    ]


def test_each_call_goes_to_the_server_its_tool_came_from(servers):
    ours = servers.call(use("series__add", a=0.5, b=0.25))
    assert ours["content"] == [{"type": "text", "text": "0.75"}] and "is_error" not in ours
    theirs = servers.call(use("other__add", a=0.5, b=0.25))  # fastmcp's add takes integers
    assert theirs["is_error"] is True
    assert servers.call(use("other__add", a=2, b=3))["content"] == [{"type": "text", "text": "5"}]


def test_a_tool_with_a_renamed_menu_entry_is_called_by_its_own_name(servers):
    answer = servers.call(use("text_upper", text="quiet"))
    assert answer == {
        "type": "tool_result",
        "tool_use_id": "toolu_text_upper",
        "content": [{"type": "text", "text": "QUIET"}],
    }


def test_an_image_from_another_librarys_server_reaches_the_model_as_an_image_block(servers):
    answer = servers.call(use("radar", city="Oslo"))
    assert answer["content"] == [
        {"type": "text", "text": "Radar over Oslo:"},
        {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": PIXEL}},
    ]


def test_structured_content_arrives_as_the_json_text_the_server_also_sent(servers):
    raw = servers.result(servers.find("forecast"), {"city": "Oslo"})
    assert raw["structuredContent"] == {"city": "Oslo", "high_c": 21, "low_c": 12}
    (block,) = servers.call(use("forecast", city="Oslo"))["content"]
    assert block == {"type": "text", "text": '{"city":"Oslo","high_c":21,"low_c":12}'}


def test_is_error_from_another_librarys_server_becomes_is_error(servers):
    raw = servers.result(servers.find("fail"), {"reason": "closed"})
    assert raw["isError"] is True
    answer = servers.call(use("fail", reason="closed"))
    assert (answer["content"], answer["is_error"]) == (
        [{"type": "text", "text": "refused: closed"}],
        True,
    )


def test_a_name_on_no_menu_is_answered_as_an_unknown_tool_without_asking_a_server(servers):
    answer = servers.call(use("nope"))
    assert answer["is_error"] is True
    assert answer["content"].startswith(
        "Unknown tool 'nope'. Available tools: series__get_current_time, "
    )


def test_a_protocol_error_is_answered_as_a_result_marked_is_error(servers):
    gone = RemoteTool("series", "vanished", "vanished", listed("vanished"))  # listed, then removed
    assert servers.result(gone, {}) == {
        "content": [
            {
                "type": "text",
                "text": "Server 'series' refused the call to vanished: Unknown tool: vanished. "
                "Tools: get_current_time, add, get_weather.",
            }
        ],
        "isError": True,
    }


def test_the_runtime_runs_mcp_tools_beside_its_own_and_keeps_each_results_server(servers):
    registry = ToolRegistry([CLOCK, *servers.as_tools()])
    reply = assistant(
        ToolCall("c1", "get_current_time", {}),
        ToolCall("c2", "series__get_current_time", {}),
        ToolCall("c3", "radar", {"city": "Lima"}),
        ToolCall("c4", "fail", {"reason": "no"}),
    )
    # MCP tools are effects until the program says otherwise: this test's program approves
    local, remote, radar, failed = run_calls(reply, registry, timestamp=3.0, boundary=ALLOW)
    assert (local.content, local.details) == ((TextBlock("2026-07-08 20:41:00"),), None)
    assert remote.content == local.content
    assert remote.details == {"server": "series", "tool": "get_current_time"}
    assert radar.content == (TextBlock("Radar over Lima:"), ImageBlock("image/png", PIXEL))
    assert (failed.is_error, failed.details) == (True, {"server": "other", "tool": "fail"})


NO_FILENO = """
import io, sys
sys.stderr = io.StringIO()  # as a Jupyter kernel's stream under nbval, before mcp is imported
from handagent.mcp.client import McpServers, series_server
with McpServers({"series": series_server("add")}) as connected:
    print(connected.call({"type": "tool_use", "id": "t", "name": "add", "input": {"a": 1, "b": 2}}))
"""


def test_a_stdio_server_starts_where_stderr_has_no_file_descriptor():
    import subprocess

    done = subprocess.run([sys.executable, "-c", NO_FILENO], capture_output=True, text=True,
                          timeout=60)  # fmt: skip
    assert done.stdout.strip().endswith("'content': [{'type': 'text', 'text': '3'}]}"), done.stderr


ROGUE = TESTS / "clients" / "rogue_mcp_server.py"
ECHO = [{"name": "echo", "inputSchema": {"type": "object"}}]


def rogue(**env) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=[str(ROGUE)], env=env)


def entered_within(seconds: float, servers: McpServers) -> bool:
    """Whether `with servers:` gets in within `seconds` (the review's r19 never did)."""
    entered = threading.Event()

    def connect():
        with servers:
            entered.set()

    threading.Thread(target=connect, daemon=True).start()
    return entered.wait(seconds)


def test_a_cursor_given_again_ends_the_listing_with_a_warning_naming_the_server():
    looping = McpServers({"loop": rogue(ROGUE_PAGES="same", ROGUE_TOOLS=json.dumps(ECHO))})
    assert entered_within(10, looping)
    assert [tool.menu_name for tool in looping.tools] == ["echo"]
    assert looping.warnings[0] == (
        "Server 'loop': tools/list gave the cursor 'again' again; its listing stops there, "
        "at 2 tools."
    )


def test_a_listing_with_no_end_stops_at_the_page_limit_with_a_warning():
    endless = McpServers({"pages": rogue(ROGUE_PAGES="endless")}, max_pages=3)
    assert entered_within(10, endless)
    assert endless.warnings[0] == (
        "Server 'pages': tools/list has more than 3 pages; its listing stops there, at 15 tools."
    )
    assert len(endless.tools) == 5  # each page listed the same five; the repeats left off


def test_a_server_that_cannot_start_is_left_out_and_the_others_connect():
    gone = StdioServerParameters(command=str(TESTS / "no-such-server"))
    with McpServers({"gone": gone, "series": series_server("add")}) as connected:
        assert [tool.menu_name for tool in connected.tools] == ["add"]
        (warned,) = connected.warnings
    assert warned.startswith("Server 'gone' left out: it could not be started or listed (")


def test_an_mcp_tool_is_an_effect_unless_the_program_declares_it_read_only(servers):
    # the rule that makes chapter 11's gate fail closed over MCP (the review's r10)
    assert {tool.name: tool.read_only for tool in servers.as_tools()} == dict.fromkeys(
        ["series__get_current_time", "series__add", "get_weather", "other__add", "text_upper",
         "radar", "forecast", "fail"], False)  # fmt: skip
    declared = McpServers({"series": series_server("add")}, read_only={"series": ["add"]})
    with declared:
        assert [(t.name, t.read_only) for t in declared.as_tools()] == [("add", True)]
    with pytest.raises(ValueError, match=r"read_only names \['nope'\], which are not among"):
        McpServers({"series": series_server()}, read_only={"nope": ["add"]})
