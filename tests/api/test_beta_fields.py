"""Tests for handagent.api.beta_fields: context edits and the MCP connector's servers.

Each expected message is typed out from its source (named per test), not imported.
"""

from functools import partial

import pytest
from builders import rejected, request

from handagent.api.checks import check_request

body = partial(request, model="claude-haiku-5-5")
EDITING = ("context-management-2025-06-27",)
MCP = ("mcp-client-2025-11-20",)
WIKI = {"type": "url", "name": "wiki", "url": "https://wiki.example/mcp"}
TOOLSET = {"type": "mcp_toolset", "mcp_server_name": "wiki"}
THINKING = {"type": "clear_thinking_20251015", "keep": {"type": "thinking_turns", "value": 1}}
TOOL_USES = {"type": "clear_tool_uses_20250919", "keep": {"type": "tool_uses", "value": 2}}


def edits(*edit) -> dict:
    return body(context_management={"edits": list(edit)})


def test_clear_thinking_listed_first_is_accepted_and_after_another_edit_refused():
    # docs, context editing: "When using multiple strategies, the `clear_thinking_20251015`
    # strategy must be listed first in the `edits` array." ([U] as the API's words)
    assert check_request(edits(THINKING, TOOL_USES), betas=EDITING) is None
    assert rejected(edits(TOOL_USES, THINKING), betas=EDITING) == (
        "context_management.edits: When using multiple strategies, the `clear_thinking_20251015` "
        "strategy must be listed first in the `edits` array."
    )


@pytest.mark.parametrize("value", [0, -1])
def test_keeping_thinking_turns_needs_a_value_above_zero(value):
    # docs: `{type: "thinking_turns", value: N}` "where N must be > 0" ([U] pydantic's words)
    edit = {**THINKING, "keep": {"type": "thinking_turns", "value": value}}
    assert rejected(edits(edit), betas=EDITING) == (
        "context_management.edits.0.clear_thinking_20251015.keep.thinking_turns.value: Input "
        "should be greater than 0"
    )


@pytest.mark.parametrize(
    ("edit", "expected"),
    [({**TOOL_USES, "trigger": {"type": "turns", "value": 3}},
      "context_management.edits.0.clear_tool_uses_20250919.trigger.type: Input should be "
      "'input_tokens' or 'tool_uses'"),
     ({**TOOL_USES, "keep": {"type": "tool_uses", "value": "3"}},
      "context_management.edits.0.clear_tool_uses_20250919.keep.tool_uses.value: Input should "
      "be a valid integer"),
     ({**TOOL_USES, "exclude_tools": "web_search"},
      "context_management.edits.0.clear_tool_uses_20250919.exclude_tools: Input should be a "
      "valid list of strings")],
)  # fmt: skip
def test_an_edits_options_have_the_sdks_shapes(edit, expected):
    # SDK: BetaInputTokensTriggerParam | BetaToolUsesTriggerParam, BetaToolUsesKeepParam
    assert rejected(edits(edit), betas=EDITING) == expected


def test_keep_all_and_a_tool_uses_trigger_are_accepted():
    trigger = {**TOOL_USES, "trigger": {"type": "tool_uses", "value": 5}}
    assert check_request(edits({**THINKING, "keep": "all"}, trigger), betas=EDITING) is None


def test_every_mcp_server_must_be_used_by_exactly_one_toolset():
    # verbatim: anthropics/anthropic-sdk-csharp#255 (2026-09-01)
    assert rejected(body(mcp_servers=[WIKI]), betas=MCP) == (
        "MCP server 'wiki' is defined but not referenced by any `mcp_toolset` in `tools`."
    )
    assert check_request(body(mcp_servers=[WIKI], tools=[TOOLSET]), betas=MCP) is None


def test_a_toolset_naming_an_unknown_server_or_a_server_twice_is_refused():
    # docs, "Validation rules": "Server must exist", "Unique toolset per server" ([U] words)
    other = {"type": "mcp_toolset", "mcp_server_name": "maps"}
    assert rejected(body(mcp_servers=[WIKI], tools=[TOOLSET, other]), betas=MCP) == (
        "MCP server 'maps' is referenced by an `mcp_toolset` in `tools` but not defined in "
        "`mcp_servers`."
    )
    assert rejected(body(mcp_servers=[WIKI], tools=[TOOLSET, TOOLSET]), betas=MCP) == (
        "MCP server 'wiki' is referenced by more than one `mcp_toolset` in `tools`."
    )


def test_an_mcp_server_needs_an_https_url_and_a_name_of_its_own():
    # docs: "The URL of the MCP server. Must start with https://."; "A unique identifier"
    plain = {**WIKI, "url": "http://wiki.example/mcp"}
    assert rejected(body(mcp_servers=[plain], tools=[TOOLSET]), betas=MCP) == (
        "mcp_servers.0.url.url: URL must start with https://"
    )
    assert rejected(body(mcp_servers=[WIKI, WIKI], tools=[TOOLSET]), betas=MCP) == (
        "mcp_servers: MCP server names must be unique."
    )


def test_the_deprecated_connector_configures_tools_on_the_server_without_a_toolset():
    # docs: mcp-client-2025-04-04 has `tool_configuration` in the server definition
    server = {**WIKI, "tool_configuration": {"enabled": True}}
    assert check_request(body(mcp_servers=[server]), betas=("mcp-client-2025-04-04",)) is None


@pytest.mark.parametrize(
    ("edit", "expected"),
    [({**THINKING, "keep": 5}, "context_management.edits.0.clear_thinking_20251015.keep.type: "
      "Input should be 'thinking_turns' or 'all'"),
     ({**TOOL_USES, "exclude_tools": ["web_search", 3]}, "context_management.edits.0."
      "clear_tool_uses_20250919.exclude_tools: Input should be a valid list of strings")],
)  # fmt: skip
def test_a_keep_that_is_no_object_and_an_excluded_name_that_is_no_string_are_refused(
    edit, expected
):
    assert rejected(edits(edit), betas=EDITING) == expected


def test_keep_all_as_an_object_is_accepted():
    # SDK: BetaAllThinkingTurnsParam {"type": "all"}
    assert check_request(edits({**THINKING, "keep": {"type": "all"}}), betas=EDITING) is None


def test_a_toolset_added_mid_conversation_uses_its_server():
    # SDK: a `tool_addition`'s `tool_definition` may define an `mcp_toolset` (with
    # mcp-client-2026-09-15)
    added = {"role": "system", "content": [{"type": "tool_addition", "tool": {
        "type": "tool_definition", "definition": TOOLSET}}]}  # fmt: skip
    request = body(messages=[{"role": "user", "content": "Hi"}, added], mcp_servers=[WIKI])
    betas = ("mcp-client-2026-09-15", "inline-tools-2026-09-15")
    assert check_request(request, betas=betas) is None
