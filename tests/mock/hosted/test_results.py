"""Tests for handagent.mock.hosted.results: what each server tool answers in the mock (the
replies as the SDK parses them are in hosted/test_tools), and what the reply reads back."""

from handagent.mock.hosted.results import call_block, container, result_block, server_usage

SEARCH = {"type": "web_search_20250305", "name": "web_search", "max_uses": 5}
CODE = {"type": "code_execution_20250825", "name": "code_execution"}
OLD_CODE = {"type": "code_execution_20250522", "name": "code_execution"}


def test_code_is_called_as_the_tools_version_names_it():
    assert call_block("code_execution", {"code": "print(1+2)"}, CODE, "srvtoolu_1") == {
        "type": "server_tool_use", "id": "srvtoolu_1", "name": "bash_code_execution",
        "input": {"command": "python3 -c 'print(1+2)'"},
    }  # fmt: skip
    old = call_block("code_execution", {"code": "print(1+2)"}, OLD_CODE, "srvtoolu_1")
    assert (old["name"], old["input"]) == ("code_execution", {"code": "print(1+2)"})


def test_past_max_uses_a_search_gets_the_apis_error():
    call = call_block("web_search", {"query": "q"}, SEARCH, "srvtoolu_01A")
    block, note = result_block(call, SEARCH, uses=5, lang="en")
    assert block == {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01A",
                     "content": {"type": "web_search_tool_result_error",
                                 "error_code": "max_uses_exceeded"}}  # fmt: skip
    assert note is None


def test_a_waiting_mcp_call_gets_an_error_result_that_says_why():
    call = {"type": "mcp_tool_use", "id": "mcptoolu_01A", "name": "ask", "server_name": "wiki"}
    block, _ = result_block(call, None, uses=0, lang="en")
    assert (block["type"], block["is_error"]) == ("mcp_tool_result", True)
    assert "cannot reach the MCP server 'wiki'" in block["content"][0]["text"]


def test_the_notes_follow_the_requests_language():
    call = call_block("web_search", {"query": "天气"}, SEARCH, "srvtoolu_01A")
    _, note = result_block(call, SEARCH, uses=0, lang="zh")
    assert note == "模拟服务器没有网络，所以网页搜索“天气”什么也没找到。"


def test_usage_counts_the_searches_that_came_back_and_no_failed_fetch():
    found = {"type": "web_search_tool_result", "tool_use_id": "a", "content": []}
    error = {"type": "web_fetch_tool_result_error", "error_code": "unavailable"}
    failed = {"type": "web_fetch_tool_result", "tool_use_id": "b", "content": error}
    assert server_usage([found, failed]) == {"web_search_requests": 1, "web_fetch_requests": 0}
    assert server_usage([{"type": "text", "text": "Hi."}]) is None


def test_the_container_is_the_requests_own_when_it_names_one():
    assert container({"container": "container_011Cmine"}, "x")["id"] == "container_011Cmine"
    assert container({}, "container_011Cnew") == {"id": "container_011Cnew",
                                                  "expires_at": "2099-12-31T00:00:00Z"}  # fmt: skip
