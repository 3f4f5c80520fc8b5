"""Tests for handagent.mock.hosted.mcp_connector: the mock as the MCP client the API is. A request
with `mcp_servers` reaches chapter 13's own server over HTTPS on loopback (a certificate the mock
is told to trust), and the reply holds the blocks the API documents, read by the genuine SDK."""

import pytest
from builders import sdk_client

from handagent.mcp.https import local_certificate, serving
from handagent.mcp.series import series_tools
from handagent.mock import MockServer
from handagent.mock.hosted.mcp_connector import Connector, as_calls, expanded, mcp_result

BETA = ["mcp-client-2025-11-20"]
SUM = "What is 1234 + 5678?"


@pytest.fixture(scope="module")
def tls(tmp_path_factory):
    return local_certificate(tmp_path_factory.mktemp("tls"))


@pytest.fixture(scope="module")
def url(tls):
    with serving(series_tools(), tls, name="series") as found:
        yield found


@pytest.fixture(scope="module")
def api(tls):
    with MockServer(mcp_trust=str(tls.cert)) as mock:
        yield sdk_client(mock.base_url, "test-key")


def ask(api, url, text=SUM, toolset=None, messages=None, name="series"):
    return api.beta.messages.create(
        model="claude-haiku-5-5", max_tokens=1024, betas=BETA,
        mcp_servers=[{"type": "url", "url": url, "name": name}],
        tools=[toolset or {"type": "mcp_toolset", "mcp_server_name": name}],
        messages=messages or [{"role": "user", "content": text}],
    )  # fmt: skip


def test_a_request_reaches_the_server_over_https_and_returns_the_documented_blocks(api, url):
    reply = ask(api, url)
    kinds = [block.type for block in reply.content]
    assert kinds[-3:] == ["mcp_tool_use", "mcp_tool_result", "text"]
    use, result = reply.content[-3], reply.content[-2]
    assert (use.name, use.server_name, use.input) == ("add", "series", {"a": 1234, "b": 5678})
    assert use.id.startswith("mcptoolu_") and result.tool_use_id == use.id
    assert result.is_error is False and [b.text for b in result.content] == ["6912"]
    assert "6912" in reply.content[-1].text and reply.stop_reason == "end_turn"


def test_a_history_holding_the_calls_is_sent_back_and_nothing_is_called_again(api, url):
    first = ask(api, url)
    history = [
        {"role": "user", "content": SUM},
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in first.content]},
        {"role": "user", "content": "Thanks. And what time is it?"},
    ]
    again = ask(api, url, messages=history)
    assert [b.name for b in again.content if b.type == "mcp_tool_use"] == ["get_current_time"]


def test_a_tool_the_toolset_disables_is_not_offered(api, url):
    toolset = {"type": "mcp_toolset", "mcp_server_name": "series",
               "configs": {"add": {"enabled": False}}}  # fmt: skip
    reply = ask(api, url, toolset=toolset)
    assert "mcp_tool_use" not in [block.type for block in reply.content]


def test_deferred_mcp_tools_are_found_by_tool_search_then_called(tls, url):
    toolset = {"type": "mcp_toolset", "mcp_server_name": "series",
               "default_config": {"defer_loading": True}}  # fmt: skip
    search = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    request = {"model": "claude-haiku-5-5", "max_tokens": 1024, "tools": [search, toolset],
               "mcp_servers": [{"type": "url", "url": url, "name": "series"}],
               "messages": [{"role": "user", "content": "Add 1234 and 5678."}]}  # fmt: skip
    with MockServer(mcp_trust=str(tls.cert)) as mock:
        said = mock.state.next_reply(request)
    kinds = [block["type"] for block in said]
    assert kinds[:2] == ["server_tool_use", "tool_search_tool_result"]
    assert "mcp_tool_use" in kinds


def test_a_server_off_this_machine_or_without_trust_is_not_reached(tls, url):
    away = {"name": "wiki", "url": "https://mcp.example.com/mcp"}
    plain = {"name": "series", "url": url.replace("https", "http")}
    assert not Connector(str(tls.cert)).reaches(away["url"])
    assert not Connector(str(tls.cert)).reaches(plain["url"])
    assert not Connector(None).reaches(url)
    assert Connector(str(tls.cert)).listing(away) == []
    refused = Connector(str(tls.cert)).call(away, "add", {})
    assert refused["isError"] and "no internet" in refused["content"][0]["text"]


def test_a_certificate_the_mock_was_not_told_to_trust_lists_nothing(tmp_path, url):
    other = local_certificate(tmp_path / "other")
    assert Connector(str(other.cert)).listing({"name": "series", "url": url}) == []


def test_pinned_tools_are_used_without_asking_the_server():
    pinned = {"name": "lookup", "description": "Look up a word.",
              "input_schema": {"type": "object", "properties": {}}}  # fmt: skip
    request = {
        "mcp_servers": [{"type": "url", "url": "https://x.dev/mcp", "name": "dict"}],
        "tools": [{"type": "mcp_toolset", "mcp_server_name": "dict", "tools": [pinned]}],
    }
    found, owners = expanded(request, Connector())
    assert [t["name"] for t in found["tools"]] == ["lookup"] and owners["lookup"]["name"] == "dict"


def test_mcp_blocks_read_as_the_call_and_result_they_are():
    use = {"type": "mcp_tool_use", "id": "mcptoolu_1", "name": "add", "server_name": "s",
           "input": {"a": 1}}  # fmt: skip
    result = mcp_result(
        use,
        {
            "content": [
                {"type": "text", "text": "3"},
                {"type": "image", "data": "", "mimeType": "x"},
            ]
        },
    )
    assert result == {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_1", "is_error": False,
                      "content": [{"type": "text", "text": "3"},
                                  {"type": "text", "text": "[image not shown]"}]}  # fmt: skip
    read = as_calls({"messages": [{"role": "assistant", "content": [use, result]}]})
    assert [b["type"] for b in read["messages"][0]["content"]] == ["tool_use", "tool_result"]
