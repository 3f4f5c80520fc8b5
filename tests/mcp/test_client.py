"""Our MCP client against two servers at once: the series' own (`python -m handagent.mcp`) and
one written with another library (fastmcp, tests/clients/fastmcp_server.py), both over stdio.
Their tools land on one menu the API accepts, clashes prefixed, and each call goes to the server
its tool came from, whose answer becomes a tool_result (chapters 03-05) or a neutral result with
the server in its details (chapter 09's loop and log)."""

import sys

import pytest
from builders import assistant, request, user
from mcp import StdioServerParameters
from paths import TESTS

from handagent.api.checks import check_request
from handagent.examples import CLOCK
from handagent.mcp.client import McpServers, RemoteTool, menu_names, series_server
from handagent.runtime.calls import run_calls
from handagent.runtime.protocol import ImageBlock, TextBlock, ToolCall
from handagent.tools import ToolRegistry

OTHER = StdioServerParameters(
    command=sys.executable, args=[str(TESTS / "clients" / "fastmcp_server.py")]
)
PIXEL = (  # the red pixel fastmcp_server.py sends
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8Dw"
    "HwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)


def listed(name: str) -> dict:
    return {"name": name, "description": f"The {name} tool.", "inputSchema": {"type": "object"}}


def test_a_name_two_servers_share_is_prefixed_on_both_and_others_keep_theirs():
    tools = menu_names({"a": [listed("add")], "b": [listed("add"), listed("echo")]})
    assert [(t.server, t.name, t.menu_name) for t in tools] == [
        ("a", "add", "a__add"),
        ("b", "add", "b__add"),
        ("b", "echo", "echo"),
    ]
    assert tools[1].menu_entry() == {
        "name": "b__add",
        "description": "The add tool.",
        "input_schema": {"type": "object"},
    }


def test_a_name_the_program_already_uses_is_prefixed_on_the_server_side_only():
    (tool,) = menu_names({"series": [listed("get_current_time")]}, taken=["get_current_time"])
    assert tool.menu_name == "series__get_current_time"


def test_characters_the_api_refuses_in_a_name_become_underscores():
    (tool,) = menu_names({"b": [listed("text.upper")]})
    assert (tool.name, tool.menu_name) == ("text.upper", "text_upper")


def test_names_that_still_clash_after_prefixing_are_a_programmer_mistake_naming_the_fix():
    with pytest.raises(
        ValueError, match="The menu name 'a__x' is taken or too long; rename server 'a'"
    ):
        menu_names({"a": [listed("x")], "b": [listed("x")]}, taken=["a__x"])


def test_a_server_name_the_api_could_not_prefix_with_is_refused_at_once():
    with pytest.raises(ValueError, match="Server name 'my server': use 1-40 letters"):
        menu_names({"my server": [listed("x")]})


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
    local, remote, radar, failed = run_calls(reply, registry, timestamp=3.0)
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
