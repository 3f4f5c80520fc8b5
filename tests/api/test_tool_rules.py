"""Tests for handagent.api.tool_rules: names, toolsets, callers, examples, deferral, tool_choice.

Each expected message is typed out from its source (the docs page named per test, or [U] where
the docs give only the status), not imported.
"""

from functools import partial

import pytest
from builders import rejected, request

from handagent.api.checks import check_request

body = partial(request, model="claude-haiku-5-5")
CODE = {"type": "code_execution_20260120", "name": "code_execution"}
SEARCH = {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}
COMPUTER = {"type": "computer_toolset_20260801"}


def tool(name: str = "t", **extra) -> dict:
    return {"name": name, "input_schema": {"type": "object"}, **extra}


def test_the_memory_tool_must_be_named_memory():
    # docs, memory tool: "the `name` must be `memory`" ([U] pydantic's words for a Literal)
    assert rejected(body(tools=[{"type": "memory_20250818", "name": "notes"}])) == (
        "tools.0.memory_20250818.name: Input should be 'memory'"
    )
    assert check_request(body(tools=[{"type": "memory_20250818", "name": "memory"}])) is None


def test_every_tool_deferred_is_refused_and_one_left_loaded_is_enough():
    # docs, tool search, "HTTP errors (400 status)": verbatim
    assert rejected(body(tools=[{**SEARCH, "defer_loading": True}, tool(defer_loading=True)])) == (
        "At least one tool must have defer_loading=false. All tools cannot be deferred."
    )
    assert check_request(body(tools=[SEARCH, tool(defer_loading=True)])) is None


def test_an_mcp_toolset_deferred_by_its_default_config_counts_as_deferred():
    # docs, tool search "MCP integration": set `defer_loading` on the toolset's default_config
    toolset = {"type": "mcp_toolset", "mcp_server_name": "w",
               "default_config": {"defer_loading": True}}  # fmt: skip
    server = [{"type": "url", "name": "w", "url": "https://w.example/mcp"}]
    request = body(tools=[toolset], mcp_servers=server)
    assert rejected(request, betas=("mcp-client-2025-11-20",)).startswith("At least one tool")


def test_tool_choice_may_not_force_a_tool_only_code_may_call():
    # docs, programmatic tool calling: `invalid_request_error` (on `tool_choice`) when it "names
    # a tool whose `allowed_callers` does not include "direct"" ([U] the words)
    coded = tool("query", allowed_callers=["code_execution_20260120"])
    request = body(tools=[CODE, coded], tool_choice={"type": "tool", "name": "query"})
    assert rejected(request) == (
        "tool_choice names tool 'query', whose `allowed_callers` does not include \"direct\"."
    )


def test_a_recursive_schema_cannot_be_called_from_code_but_can_directly():
    # docs: a code execution caller with a recursive `$ref` "causes the request to fail with a
    # `400 invalid_request_error` whose message contains `Circular $ref detected`"
    schema = {
        "type": "object",
        "$defs": {"n": {"type": "object", "properties": {"next": {"$ref": "#/$defs/n"}}}},
        "properties": {"head": {"$ref": "#/$defs/n"}},
    }
    coded = {"name": "walk", "input_schema": schema, "allowed_callers": ["code_execution_20260120"]}
    assert "Circular $ref detected" in rejected(body(tools=[CODE, coded]))
    assert check_request(body(tools=[{**coded, "allowed_callers": ["direct"]}])) is None


@pytest.mark.parametrize(
    ("extra", "expected"),
    [({"strict": True}, "tools.1.custom: Tools with `strict: true` are not supported with "
      "programmatic tool calling."),
     ({"tool_choice": {"type": "auto", "disable_parallel_tool_use": True}},
      "`disable_parallel_tool_use: true` is not supported with programmatic tool calling.")],
)  # fmt: skip
def test_what_programmatic_calling_does_not_support_is_refused(extra, expected):
    # docs, "Feature incompatibilities" ([U] the words)
    extra = dict(extra)  # the parameter is shared between runs: leave it as it was
    choice = extra.pop("tool_choice", None)
    coded = {**tool("q", allowed_callers=["code_execution_20260120"]), **extra}
    if extra.get("strict"):
        coded["input_schema"] = {"type": "object", "additionalProperties": False}
    request = body(tools=[CODE, coded], **({"tool_choice": choice} if choice else {}))
    assert rejected(request) == expected


def test_an_allowed_caller_the_sdk_does_not_name_is_refused():
    assert rejected(body(tools=[tool(allowed_callers=["python"])])) == (
        "tools.0.custom.allowed_callers.0: Input should be 'direct', 'code_execution_20250825', "
        "'code_execution_20260120' or 'code_execution_20260521'"
    )


def test_an_input_example_that_breaks_the_schema_is_refused():
    # docs, define tools: "Each example must be valid according to the tool's `input_schema`.
    # Invalid examples return a 400 error." ([U] the words)
    schema = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
    good = {"name": "w", "input_schema": schema, "input_examples": [{"city": "Paris"}]}
    assert check_request(body(tools=[good])) is None
    bad = {**good, "input_examples": [{"city": "Paris"}, {"town": "Lyon"}]}
    assert rejected(body(tools=[bad])) == (
        "tools.0.custom.input_examples.1: the example does not match the tool's input_schema: "
        "'city' is a required property"
    )


@pytest.mark.parametrize(
    ("configs", "expected"),
    [({"teleport": {"enabled": True}},
      "tools.0.computer_toolset_20260801.configs.teleport: Extra inputs are not permitted"),
     ({"zoom": {"enabled": True, "strict": True}},
      "tools.0.computer_toolset_20260801.configs.zoom.strict: Extra inputs are not permitted")],
)  # fmt: skip
def test_a_toolsets_configs_take_its_members_and_their_two_settings(configs, expected):
    # docs, tool reference "Client toolsets": "An unknown member name or any other field in a
    # member's value is rejected" ([U] pydantic's words)
    assert rejected(body(tools=[{**COMPUTER, "configs": configs}])) == expected


def test_a_toolset_cannot_disable_every_member_or_defer_only_some():
    # docs: "as is a `configs` that disables every member"; "give every enabled member the same
    # value" ([U] the words)
    from handagent.api.tool_names import TOOLSETS

    off = {member: {"enabled": False} for member in TOOLSETS["computer_toolset_20260801"][1]}
    assert rejected(body(tools=[{**COMPUTER, "configs": off}])) == (
        "configs disables every member of `computer_toolset_20260801`: omit the entry instead."
    )
    mixed = {"zoom": {"defer_loading": True}}
    assert rejected(body(tools=[{**COMPUTER, "configs": mixed}])) == (
        "The enabled members of `computer_toolset_20260801` must all have the same `defer_loading`."
    )


def test_a_toolset_beside_its_name_twice_with_the_legacy_header_or_forced_is_refused():
    # docs, "Not supported on toolset entries" ([U] the words)
    assert rejected(body(tools=[COMPUTER, COMPUTER])) == (
        "tools: `computer_toolset_20260801` may appear only once."
    )
    assert rejected(body(tools=[COMPUTER, tool("computer")])) == (
        "tools: a tool named 'computer' cannot be declared beside `computer_toolset_20260801`."
    )
    legacy = ("fine-grained-tool-streaming-2025-05-14",)
    assert rejected(body(tools=[COMPUTER]), betas=legacy) == (
        "The `fine-grained-tool-streaming-2025-05-14` beta header cannot be combined with "
        "`computer_toolset_20260801`."
    )
    forced = body(tools=[COMPUTER], tool_choice={"type": "tool", "name": "screenshot"})
    assert rejected(forced) == (
        "tool_choice cannot name the toolset `computer_toolset_20260801` or one of its members: "
        "'screenshot'."
    )


def test_a_toolset_takes_allowed_callers_direct_and_nothing_else():
    # docs: "`allowed_callers` (which accepts only ["direct"])"
    assert check_request(body(tools=[{**COMPUTER, "allowed_callers": ["direct"]}])) is None
    coded = {**COMPUTER, "allowed_callers": ["code_execution_20260120"]}
    assert rejected(body(tools=[coded])) == (
        'allowed_callers: `computer_toolset_20260801` accepts only ["direct"].'
    )


def test_more_than_10000_deferred_tools_are_refused():
    # docs, tool search "Limits": "Maximum deferred tools: 10,000" ([U] the words)
    hidden = [tool(f"t{i}", defer_loading=True) for i in range(10_001)]
    assert rejected(body(tools=[SEARCH, *hidden])) == (
        "Too many deferred tools (10001). The maximum number is 10000."
    )
    assert check_request(body(tools=[SEARCH, *hidden[:10_000]])) is None


@pytest.mark.parametrize(
    ("entry", "expected"),
    [({**COMPUTER, "configs": {"zoom": {"enabled": "yes"}}},
      "tools.0.computer_toolset_20260801.configs.zoom.enabled: Input should be a valid boolean"),
     ({**COMPUTER, "configs": "all"},
      "tools.0.computer_toolset_20260801.configs: Input should be a valid dictionary"),
     ({**COMPUTER, "configs": {"zoom": True}},
      "tools.0.computer_toolset_20260801.configs.zoom: Input should be a valid dictionary"),
     (tool(allowed_callers="direct"), "tools.0.custom.allowed_callers: Input should be a valid "
      "list"),
     (tool(input_examples={"a": 1}), "tools.0.custom.input_examples: Input should be a valid "
      "list"),
     (tool(input_examples=["a"]), "tools.0.custom.input_examples.0: Input should be a valid "
      "dictionary")],
)  # fmt: skip
def test_the_new_fields_have_the_sdks_shapes(entry, expected):
    # [U] pydantic's words, as for every other field's shape
    assert rejected(body(tools=[entry])) == expected


def test_a_forced_tool_that_code_may_also_call_directly_is_accepted():
    both = tool("query", allowed_callers=["direct", "code_execution_20260120"])
    plain = tool("plain")
    for target in ("query", "plain"):
        request = body(tools=[CODE, both, plain], tool_choice={"type": "tool", "name": target})
        assert check_request(request) is None


def test_a_custom_tool_named_like_a_member_may_be_forced_without_its_toolset():
    request = body(tools=[tool("screenshot")], tool_choice={"type": "tool", "name": "screenshot"})
    assert check_request(request) is None


def test_programmatic_calling_with_parallel_calls_left_on_is_accepted():
    coded = tool("q", allowed_callers=["code_execution_20260120"])
    assert check_request(body(tools=[CODE, coded], tool_choice={"type": "auto"})) is None
