"""The series' tools served over MCP, asked by the official SDK's own client (not ours): in the
same process, and as `python -m handagent.mcp` over stdio in both protocol eras (the initialize
handshake, and 2026-07-28's per-request envelope the client probes for first)."""

import subprocess
import sys

import anyio
import pytest
from mcp import Client, MCPError, StdioServerParameters

from handagent.examples import ADDER, CLOCK, WEATHER
from handagent.mcp.series import series_tools
from handagent.mcp.server import server_for


def ask(server, *steps, mode="auto"):
    """What the SDK's client gets back for each step, `("list",)` or `("call", name, arguments)`;
    a protocol error is returned as the MCPError."""

    async def session():
        answers = []
        async with Client(server, mode=mode, read_timeout_seconds=60) as client:
            for step in steps:
                try:
                    if step[0] == "list":
                        answers.append((await client.list_tools()).tools)
                    else:
                        answers.append(await client.call_tool(step[1], step[2]))
                except MCPError as error:
                    answers.append(error)
        return answers

    return anyio.run(session)


def text_of(result) -> str:
    (block,) = result.content
    return block.text


def test_tools_list_offers_the_series_tools_with_their_chapter_01_descriptions_and_schemas():
    (listed,) = ask(server_for(series_tools()), ("list",))
    assert [(t.name, t.description, t.input_schema) for t in listed] == [
        (tool.name, tool.description, tool.input_schema) for tool in (CLOCK, ADDER, WEATHER)
    ]


def test_tools_call_runs_the_tool_and_sends_its_output_as_text():
    added, clock = ask(
        server_for(series_tools()),
        ("call", "add", {"a": 1234, "b": 5678}),
        ("call", "get_current_time", {}),
    )
    assert (text_of(added), added.is_error) == ("6912", False)
    assert text_of(clock) == "2026-07-08 20:41:00"  # the series' clock stands still


def test_a_tool_that_fails_is_a_result_marked_is_error_the_model_can_read():
    (failed,) = ask(server_for(series_tools()), ("call", "get_weather", {"city": "Atlantis"}))
    assert failed.is_error
    assert text_of(failed) == "get_weather raised LookupError: no forecast for 'Atlantis'"


def test_input_that_breaks_the_schema_is_a_result_marked_is_error_listing_the_problems():
    (refused,) = ask(server_for(series_tools()), ("call", "add", {"a": "1"}))
    assert refused.is_error
    assert text_of(refused) == (
        "Invalid input for add:\n- 'b' is a required property\n- a: '1' is not of type 'number'\n"
        'Received: {"a": "1"}\nFix the input and try again.'
    )


def test_an_unknown_tool_is_a_protocol_error_as_the_spec_asks():
    (error,) = ask(server_for(series_tools()), ("call", "nope", {}))
    assert isinstance(error, MCPError) and error.code == -32602
    assert error.message == "Unknown tool: nope. Tools: get_current_time, add, get_weather."


def command(*args: str) -> StdioServerParameters:
    return StdioServerParameters(command=sys.executable, args=["-m", "handagent.mcp", *args])


@pytest.mark.parametrize("mode", ["legacy", "auto"])
def test_python_m_handagent_mcp_serves_over_stdio_in_both_protocol_eras(mode):
    listed, added = ask(command(), ("list",), ("call", "add", {"a": 1, "b": 2}), mode=mode)
    assert [t.name for t in listed] == ["get_current_time", "add", "get_weather"]
    assert text_of(added) == "3"


def test_the_tool_option_serves_only_the_tools_named():
    (listed,) = ask(command("--tool", "get_weather", "--tool", "add"), ("list",))
    assert [t.name for t in listed] == ["get_weather", "add"]


def run(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "handagent.mcp", *args], capture_output=True, text=True, timeout=60
    )


def test_help_lists_every_tool_served_with_its_description():
    shown = run("--help")
    assert shown.returncode == 0
    flat = " ".join(shown.stdout.split())
    for tool in (CLOCK, ADDER, WEATHER):
        assert f" {tool.name} {tool.description}" in flat


def test_an_unknown_tool_option_is_refused_with_the_tools_to_choose_from():
    refused = run("--tool", "nope")
    assert refused.returncode == 2
    assert "no tool named nope; choose from get_current_time, add, get_weather" in refused.stderr
