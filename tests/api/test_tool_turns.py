"""Tests for handagent.api.tool_turns: tool references in the history, programmatic calls.

Each expected message is typed out from its source (named per test), not imported.
"""

from functools import partial

from builders import assistant_turn, call, rejected, request, result, user

from handagent.api.checks import check_request

body = partial(request, model="claude-haiku-5-5")
FINDER = {"name": "find_tools", "input_schema": {"type": "object"}}
RATE = {"name": "get_rate", "input_schema": {"type": "object"}, "defer_loading": True}
REFERENCE = [{"type": "tool_reference", "tool_name": "get_rate"}]
CODE = {"type": "code_execution_20260120", "name": "code_execution"}
QUERY = {"name": "query", "input_schema": {"type": "object"},
         "allowed_callers": ["code_execution_20260120"]}  # fmt: skip
RUN = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "code_execution",
       "input": {"code": "await query({})"}}  # fmt: skip
SERVER = [{"type": "url", "name": "w", "url": "https://w.example/mcp"}]
PINNED = {"type": "mcp_toolset", "mcp_server_name": "w", "tools": [
    {"name": "w_search", "description": "Search.", "input_schema": {}}]}  # fmt: skip
PROGRAMMATIC = {
    **call("toolu_01A", "query"),
    "caller": {"type": "code_execution_20260120", "tool_id": "srvtoolu_01A"},
}


def found(content) -> list[dict]:
    """A client-side search that returned `content` in its result."""
    return [user("What is the USD to EUR rate?"), assistant_turn([call("toolu_01S", "find_tools")]),
            user([result("toolu_01S", content)])]  # fmt: skip


def test_a_tool_reference_in_a_result_to_a_defined_tool_is_accepted():
    # docs, tool search "Custom tool search implementation": tool_reference blocks in a tool_result
    assert check_request(body(found(REFERENCE), tools=[FINDER, RATE])) is None


def test_a_tool_reference_to_a_tool_not_on_the_menu_is_refused():
    # docs, tool search, "HTTP errors (400 status)": verbatim
    assert rejected(body(found(REFERENCE), tools=[FINDER])) == (
        "Tool reference 'get_rate' not found in available tools"
    )


def test_a_server_searchs_references_are_checked_too():
    search = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    called = {"type": "server_tool_use", "id": "srvtoolu_01B", "name": "tool_search_tool_bm25",
              "input": {"query": "rate"}}  # fmt: skip
    answer = {"type": "tool_search_tool_result", "tool_use_id": "srvtoolu_01B", "content": {
        "type": "tool_search_tool_search_result", "tool_references": [
            {"type": "tool_reference", "tool_name": "get_fx"}]}}  # fmt: skip
    history = [user("Rate?"), assistant_turn([called, answer, {"type": "text", "text": "Ok."}]),
               user("Go on.")]  # fmt: skip
    assert rejected(body(history, tools=[search, RATE])) == (
        "Tool reference 'get_fx' not found in available tools"
    )


def programmatic_history(answer: list) -> list:
    return [user("Top customer?"), assistant_turn([RUN, PROGRAMMATIC]), user(answer)]


def test_a_programmatic_call_answered_with_its_container_is_accepted():
    request = body(programmatic_history([result("toolu_01A", "[1, 2]")]), tools=[CODE, QUERY],
                   container="container_01")  # fmt: skip
    assert check_request(request) is None


def test_a_programmatic_call_answered_without_the_container_is_refused():
    # docs: "The API rejects a continuation that has pending programmatic tool calls but no
    # container ID." ([U] the words)
    request = body(programmatic_history([result("toolu_01A", "[1, 2]")]), tools=[CODE, QUERY])
    assert rejected(request) == (
        "container: a container ID is required while programmatic tool calls are waiting for "
        "their results."
    )


def test_a_programmatic_call_answered_with_text_beside_the_result_is_refused():
    # docs: "your response message must contain **only** `tool_result` blocks" ([U] the words)
    answer = [result("toolu_01A", "[1, 2]"), {"type": "text", "text": "What next?"}]
    request = body(programmatic_history(answer), tools=[CODE, QUERY], container="container_01")
    assert rejected(request) == (
        "A message answering programmatic tool calls may contain only `tool_result` blocks."
    )


def test_a_programmatic_calls_result_holds_text_only():
    # docs: "must be a string or `text` blocks. Image, document, and other content block types
    # are rejected." ([U] the words)
    image = {"type": "image", "source": {"type": "url", "url": "https://a.example/x.png"}}
    request = body(programmatic_history([result("toolu_01A", [image])]), tools=[CODE, QUERY],
                   container="container_01")  # fmt: skip
    assert rejected(request) == "The result of a programmatic tool call may hold only text."


def referenced_history(name: str) -> list:
    return found([{"type": "tool_reference", "tool_name": name}])


def test_an_unpinned_mcp_toolset_or_a_client_toolset_may_be_referenced_by_any_name():
    # [U] the mock cannot know the tools a server lists, nor the name a toolset's reference takes
    toolset = {"type": "mcp_toolset", "mcp_server_name": "w"}
    request = body(referenced_history("w_search"), tools=[FINDER, toolset], mcp_servers=SERVER)
    assert check_request(request, betas=("mcp-client-2025-11-20",)) is None
    computer = {"type": "computer_toolset_20260801"}
    assert check_request(body(referenced_history("computer"), tools=[FINDER, computer])) is None


def test_a_pinned_mcp_toolsets_tools_are_the_names_a_reference_may_take():
    # docs, mcp-connector "Pin an MCP server's tool list": the toolset's tools are exactly those
    beta = ("mcp-client-2026-09-15",)
    ok = body(referenced_history("w_search"), tools=[FINDER, PINNED], mcp_servers=SERVER)
    assert check_request(ok, betas=beta) is None
    other = body(referenced_history("w_fetch"), tools=[FINDER, PINNED], mcp_servers=SERVER)
    assert rejected(other, betas=beta) == "Tool reference 'w_fetch' not found in available tools"


def test_a_tool_defined_mid_conversation_may_be_referenced():
    # SDK: a `tool_definition` "carries an inline tool definition in `definition`"
    added = {"role": "system", "content": [{"type": "tool_addition", "tool": {
        "type": "tool_definition", "definition": {**RATE, "defer_loading": False}}}]}  # fmt: skip
    history = [user("Hi"), added, *found(REFERENCE)[1:]]
    assert check_request(body(history, tools=[FINDER]), betas=("inline-tools-2026-09-15",)) is None


def test_a_programmatic_call_still_waiting_at_the_end_is_not_judged_yet():
    waiting = [user("Top customer?"), assistant_turn([RUN, PROGRAMMATIC])]
    assert check_request(body(waiting, model="claude-haiku-4-5", tools=[CODE, QUERY])) is None


def test_a_pinned_toolset_adds_its_tools_to_the_menus_own():
    request = body(found(REFERENCE), tools=[FINDER, RATE, PINNED], mcp_servers=SERVER)
    assert check_request(request, betas=("mcp-client-2026-09-15",)) is None


def test_a_programmatic_calls_result_as_text_blocks_is_accepted():
    answer = [result("toolu_01A", [{"type": "text", "text": "[1, 2]"}])]
    request = body(programmatic_history(answer), tools=[CODE, QUERY], container="container_01")
    assert check_request(request) is None
