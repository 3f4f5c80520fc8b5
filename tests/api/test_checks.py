"""Tests for handagent.api.checks: the request as a whole, with the API's status, type and wording.

The history's rules are in test_history, the model's in test_model_rules. Expected
messages are typed out from the reference and the recorded replies, not imported.
"""

from functools import partial

import anthropic._constants
import pytest
from builders import HI, rejected, request

from handagent.api import API_VERSION
from handagent.api.checks import Rejection, check_model, check_request
from handagent.api.fields import BETAS, TOOLS
from handagent.api.tool_names import NAMES

body = partial(request, model="claude-haiku-5-5")  # saying "Hi", unless told otherwise


def test_the_default_version_is_the_one_the_installed_sdk_sends():
    assert API_VERSION == anthropic._constants.ANTHROPIC_API_VERSION == "2026-10-21"


def test_a_version_the_api_does_not_have_is_a_programmers_mistake():
    with pytest.raises(ValueError, match=r"version='2024-10-22' is not an API version: use one"):
        check_request(body(), version="2024-10-22")


def test_an_unknown_top_level_field_is_refused_before_a_missing_one():
    assert rejected(body(frobnicate=1)) == "frobnicate: Extra inputs are not permitted"
    request = {"model": "claude-haiku-5-5", "messages": [HI], "frobnicate": 1}
    assert rejected(request) == "frobnicate: Extra inputs are not permitted"


@pytest.mark.parametrize("field", ["model", "messages", "max_tokens"])
def test_a_missing_required_field_is_refused(field):
    request = body()
    del request[field]
    assert rejected(request) == f"{field}: Field required"


@pytest.mark.parametrize("request_body", [[], "hello", None, 3])
def test_a_body_that_is_not_an_object_is_refused(request_body):
    assert rejected(request_body) == (
        "Input should be a valid dictionary or object to extract fields from"
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("100", "max_tokens: Input should be a valid integer"),
        (1.5, "max_tokens: Input should be a valid integer"),
        (True, "max_tokens: Input should be a valid integer"),
        (-1, "max_tokens: Input should be greater than or equal to 0"),
    ],
)
def test_max_tokens_must_be_a_whole_number_of_zero_or_more(value, expected):
    assert rejected(body(max_tokens=value)) == expected


def test_max_tokens_zero_is_accepted_to_fill_the_prompt_cache():
    assert check_request(body(max_tokens=0)) is None  # SDK docstring: "Set to 0 to populate..."


def test_count_tokens_needs_no_max_tokens_and_refuses_one():
    assert check_request({"model": "claude-haiku-5-5", "messages": [HI]}, count_tokens=True) is None
    assert rejected(body(), count_tokens=True) == "max_tokens: Extra inputs are not permitted"


# Every non-beta field of SDK 2.10's MessageCreateParams, with a value of its type.
SDK_FIELDS = {
    "cache_control": {"type": "ephemeral", "ttl": "5m"},
    "container": "container_011Caqgq9X3d68B2So2LZGmk",
    "diagnostics": {"previous_message_id": "msg_01A"},
    "inference_geo": "us",
    "metadata": {"user_id": "123"},
    "output_config": {"effort": "low"},
    "service_tier": "auto",
    "speed": "standard",
    "stop_sequences": ["```"],
    "stream": True,
    "system": [{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}],
    "thinking": {"type": "adaptive", "display": "summarized"},
    "tool_choice": {"type": "auto", "disable_parallel_tool_use": True},
    "tools": [
        {
            "name": "t",
            "strict": True,
            "input_schema": {"type": "object", "additionalProperties": False},
        }
    ],
    "user_profile_id": "uprof_1",
    "workspace_id": "wrkspc_011CZkZaBF1tNoB5wlCeusgy",
}


@pytest.mark.parametrize("field", sorted(SDK_FIELDS))
def test_every_field_the_sdk_defines_is_accepted(field):
    assert check_request(body(**{field: SDK_FIELDS[field]})) is None


@pytest.mark.parametrize("field", ["temperature", "top_p", "top_k"])
def test_sampling_parameters_are_unknown_fields_under_2026_10_21(field):
    # §0.1: "any temperature/top_p/top_k (even temperature: 1.0) -> 400"
    assert rejected(body(**{field: 1})) == f"{field}: Extra inputs are not permitted"
    assert check_request(body(model="claude-haiku-4-5", **{field: 1}), version="2023-06-01") is None


def test_count_tokens_refuses_sampling_parameters_under_either_version():
    request = {"model": "claude-haiku-4-5", "messages": [HI], "temperature": 0.5}
    for version in ("2023-06-01", "2026-10-21"):
        assert rejected(request, count_tokens=True, version=version) == (
            "temperature: Extra inputs are not permitted"
        )


@pytest.mark.parametrize("name", ["get weather", "get.weather", "", "a" * 129, "天气"])
def test_a_tool_name_must_match_the_pattern(name):
    tools = [{"name": name, "input_schema": {"type": "object"}}]
    expected = "tools.0.custom.name: String should match pattern '^[a-zA-Z0-9_-]{1,128}$'"
    assert rejected(body(tools=tools)) == expected


def test_a_tool_name_of_128_characters_is_allowed():
    assert check_request(body(tools=[{"name": "a" * 128, "input_schema": {}}])) is None


def test_the_path_counts_tools_from_zero():
    tools = [{"name": "ok", "input_schema": {}}, {"name": "bad name", "input_schema": {}}]
    assert rejected(body(tools=tools)).startswith("tools.1.custom.name: ")


def test_a_tool_without_input_schema_is_refused():
    assert rejected(body(tools=[{"name": "t"}])) == "tools.0.custom.input_schema: Field required"


def test_a_tools_unknown_field_names_its_path():
    tools = [{"name": "t", "input_schema": {}, "parameters": {}}]
    assert (
        rejected(body(tools=tools)) == "tools.0.custom.parameters: Extra inputs are not permitted"
    )


def test_tool_names_must_be_unique():
    tools = [{"name": "t", "input_schema": {}}] * 2
    assert rejected(body(tools=tools)) == "tools: Tool names must be unique."


@pytest.mark.parametrize("kind", sorted(set(TOOLS) - {"custom"}))
def test_every_anthropic_defined_tool_of_the_sdk_is_accepted(kind):
    required, _ = TOOLS[kind]
    tool = {"type": kind, **{name: f"my_{kind}" for name in required}}
    tool |= {"name": NAMES[kind]} if kind in NAMES else {}  # the name its type fixes
    assert check_request(body(tools=[tool])) is None


def test_an_unknown_tool_type_lists_the_known_ones():
    message = rejected(body(tools=[{"type": "computer_20251124", "name": "computer"}]))
    assert message.startswith(
        "tools.0: Input tag 'computer_20251124' found using 'type' does not match any of the "
        "expected tags: 'custom', 'bash_20250124'"
    )


def test_an_unknown_tool_choice_is_refused():
    assert rejected(body(tool_choice={"type": "required"})) == (
        "tool_choice.type: Input should be 'auto', 'any', 'tool' or 'none'"
    )


@pytest.mark.parametrize(
    ("tool_choice", "expected"),
    [
        ({"type": "auto", "disable_parallel": True},
         "tool_choice.auto.disable_parallel: Extra inputs are not permitted"),
        ({"type": "none", "disable_parallel_tool_use": True},
         "tool_choice.none.disable_parallel_tool_use: Extra inputs are not permitted"),
        ({"type": "tool", "name": "get_time", "extra": 1},
         "tool_choice.tool.extra: Extra inputs are not permitted"),
        ({"type": "tool"}, "tool_choice.tool.name: Field required"),
        ({"type": "tool", "name": 7}, "tool_choice.tool.name: Input should be a valid string"),
        ({"type": "any", "disable_parallel_tool_use": "yes"},
         "tool_choice.any.disable_parallel_tool_use: Input should be a valid boolean"),
    ],
)  # fmt: skip
def test_a_tool_choice_field_of_another_kind_or_misspelled_is_refused(tool_choice, expected):
    assert rejected(body(tool_choice=tool_choice)) == expected


@pytest.mark.parametrize(
    ("thinking", "expected"),
    [
        ({"type": "on"}, "thinking: Input tag 'on' found using 'type' does not match any of the "
         "expected tags: 'adaptive', 'enabled', 'disabled', 'between_tools'"),
        ({"type": "adaptive", "budget_tokens": 2000},
         "thinking.adaptive.budget_tokens: Extra inputs are not permitted"),
        ({"type": "adaptive", "display": "full"},
         "thinking.adaptive.display: Input should be 'summarized' or 'omitted'"),
        ({"type": "enabled"}, "thinking.enabled.budget_tokens: Field required"),
    ],
)  # fmt: skip
def test_a_thinking_config_outside_the_sdks_shapes_is_refused(thinking, expected):
    # §2.2: "There is no display: full"
    assert rejected(body(thinking=thinking)) == expected


def test_output_config_takes_the_sdks_efforts_and_fields_only():
    assert rejected(body(output_config={"effort": "extreme"})) == (
        "output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'"
    )
    assert rejected(body(output_config={"speed": "fast"})) == (
        "output_config.speed: Extra inputs are not permitted"
    )


def test_stop_sequences_are_a_list_of_strings():
    assert rejected(body(stop_sequences="STOP")) == (
        "stop_sequences: Input should be a valid list of strings"
    )


@pytest.mark.parametrize("model_id", ["claude-sonet-4-5", "claude-3-7-sonnet-latest", "gpt-4"])
def test_a_retired_or_unknown_model_is_the_apis_404(model_id):
    # §1.2: "Retired ids return 404 not_found_error with message model: <id>"
    assert rejected(body(model=model_id), 404, catalogue_only=True) == f"model: {model_id}"
    with pytest.raises(Rejection, match=f"^model: {model_id}$"):
        check_model(model_id)


def test_without_the_catalogue_an_unknown_model_gets_no_model_rule():
    # an Anthropic-compatible endpoint's own model: only the endpoint knows its rules
    assert (
        check_request(
            body(model="deepseek-chat", messages=[HI, {"role": "assistant", "content": "Hi"}])
        )
        is None
    )


def test_an_alias_finds_its_dated_row():
    assert check_model("claude-haiku-4-5").id == "claude-haiku-4-5-20251001"


# --- beta fields, blocks, tools and options: accepted with their header, refused without ------
SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"],
          "additionalProperties": False}  # fmt: skip


def _turn(*blocks) -> dict:
    """A request whose history has an assistant turn holding `blocks` (then a user turn)."""
    assistant = {"role": "assistant", "content": [*blocks, {"type": "text", "text": "Done."}]}
    return {"messages": [HI, assistant, {"role": "user", "content": "Go on."}]}


SERVER_CALL = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "advisor", "input": {}}
MCP_CALL = {"type": "mcp_tool_use", "id": "mcptoolu_01A", "name": "ask", "server_name": "wiki",
            "input": {}}  # fmt: skip
MCP_SERVERS = [{"type": "url", "name": "wiki", "url": "https://mcp.example.com/mcp"}]
WIKI_TOOLSET = {"type": "mcp_toolset", "mcp_server_name": "wiki"}
# A beta part -> (what a request carries to use it, the API's words for it without its header)
BETA_SAMPLES = {
    "context_management": ({"context_management": {"edits": []}},
                           "context_management: Extra inputs are not permitted"),
    "compaction": ({"compaction": {"type": "summarize"}},
                   "compaction: Extra inputs are not permitted"),
    "thread": ({"thread": {"type": "create"}}, "thread: Extra inputs are not permitted"),
    "output_format": ({"output_format": {"type": "json_schema", "schema": SCHEMA}},
                      "output_format: Extra inputs are not permitted"),
    "mcp_servers": ({"mcp_servers": MCP_SERVERS}, "mcp_servers: Extra inputs are not permitted"),
    "fallbacks": ({"fallbacks": ["default"]}, "fallbacks: Extra inputs are not permitted"),
    "fallback_credit_token": ({"fallback_credit_token": "fct_1"},
                              "fallback_credit_token: Extra inputs are not permitted"),
    "billing_policy": ({"billing_policy": {"type": "billing_policy", "bill_to": "self"}},
                       "billing_policy: Extra inputs are not permitted"),
    "block:compaction": (_turn({"type": "compaction", "content": "Earlier: a greeting."}),
                         "messages.1.content.0: Input tag 'compaction' found"),
    "block:fallback": (_turn({"type": "fallback", "from": {"model": "a"}, "to": {"model": "b"}}),
                       "messages.1.content.0: Input tag 'fallback' found"),
    "block:mcp_tool_use": ({**_turn(MCP_CALL, {"type": "mcp_tool_result", "tool_use_id":
                            "mcptoolu_01A", "content": "ok"}), "mcp_servers": MCP_SERVERS},
                           "mcp_servers: Extra inputs are not permitted"),
    "block:mcp_tool_listing": (_turn({"type": "mcp_tool_listing", "mcp_server_name": "wiki",
                                      "tools": []}),
                               "messages.1.content.0: Input tag 'mcp_tool_listing' found"),
    "block:advisor_tool_result": ({**_turn(SERVER_CALL, {"type": "advisor_tool_result",
                                   "tool_use_id": "srvtoolu_01A", "content": {
                                       "type": "advisor_result", "text": "Fine."}}),
                                   "tools": [{"type": "advisor_20260301", "name": "advisor",
                                              "model": "claude-opus-5-5"}]},
                                  "tools.0: Input tag 'advisor_20260301' found"),
    "block:tool_addition": ({"messages": [HI, {"role": "system", "content": [
        {"type": "tool_addition", "tool": {"type": "tool_reference", "name": "t"}}]}],
        "tools": [{"name": "t", "input_schema": {}}]},
        "messages.1.content.0: Input tag 'tool_addition' found"),
    "block:tool_removal": ({"messages": [HI, {"role": "system", "content": [
        {"type": "tool_removal", "tool": {"type": "tool_reference", "name": "t"}}]}],
        "tools": [{"name": "t", "input_schema": {}}]},
        "messages.1.content.0: Input tag 'tool_removal' found"),
    "tool:advisor_20260301": ({"tools": [{"type": "advisor_20260301", "name": "advisor",
                                          "model": "claude-opus-5-5"}]},
                              "tools.0: Input tag 'advisor_20260301' found"),
    "tool:mcp_toolset": ({"tools": [{"type": "mcp_toolset", "mcp_server_name": "wiki"}],
                          "mcp_servers": MCP_SERVERS},
                         "mcp_servers: Extra inputs are not permitted"),
    **{f"tool:{kind}": ({"tools": [{"type": kind, "name": NAMES[kind], **(
        {"display_width_px": 1024, "display_height_px": 768} if kind.startswith("computer")
        else {})}]}, f"tools.0: Input tag '{kind}' found")
       for kind in ("bash_20241022", "text_editor_20241022", "computer_20241022",
                    "computer_20250124", "computer_20251124")},
    "output_config.task_budget": ({"output_config": {"task_budget": {"type": "tokens",
                                                                     "total": 20000}}},
                                  "output_config.task_budget: Extra inputs are not permitted"),
    "thinking.block_binding": ({"thinking": {"type": "adaptive", "block_binding": {
        "prefix_mismatch_behavior": "drop_block"}}},
        "thinking.adaptive.block_binding: Extra inputs are not permitted"),
    "thinking.display.updates": ({"thinking": {"type": "adaptive", "display": "updates"}},
                                 "thinking.adaptive.display: Input should be 'summarized' or "
                                 "'omitted'"),
    "system_message.clear_at": ({"messages": [HI, {"role": "system", "content": "Be brief.",
                                                   "clear_at": "next_user_message"}]},
                                "messages.1.clear_at: Extra inputs are not permitted"),
    "system_message.output_config": ({"messages": [HI, {"role": "system", "content": "Be brief.",
                                                        "output_config": {"effort": "low"}}]},
                                     "messages.1.output_config: Extra inputs are not permitted"),
}  # fmt: skip


def _part_of(what: str, name: str) -> str:
    return name if what in ("fields", "options") else f"{what[:-1]}:{name}"


BETA_PARTS = [
    (beta, _part_of(what, name))
    for beta, adds in BETAS.items() for what, names in adds.items() for name in names
    if _part_of(what, name) in BETA_SAMPLES
]  # fmt: skip


def test_every_part_every_beta_value_adds_has_a_sample():
    parts = {_part_of(w, n) for adds in BETAS.values() for w, names in adds.items() for n in names}
    assert parts - set(BETA_SAMPLES) == {"block:mcp_tool_result"}  # sampled with mcp_tool_use


@pytest.mark.parametrize(("beta", "part"), BETA_PARTS, ids=[f"{b} {p}" for b, p in BETA_PARTS])
def test_a_beta_part_is_accepted_with_its_header_and_refused_without(beta, part):
    extra, without = BETA_SAMPLES[part]
    request = body(**extra)
    if "mcp_servers" in extra and "mcp_toolset" in BETAS[beta].get("tools", ()):
        request.setdefault("tools", [WIKI_TOOLSET])  # its server must be used by a toolset
    needs = {beta} | ({"mcp-client-2025-11-20"} if part == "tool:mcp_toolset" else set())
    assert check_request(request, betas=tuple(needs)) is None
    assert rejected(request).startswith(without)


def test_beta_fields_are_extra_inputs_under_a_header_that_does_not_add_them():
    request = body(thread={"type": "create"})
    assert rejected(request, betas=("context-management-2025-06-27",)) == (
        "thread: Extra inputs are not permitted"
    )


def test_count_tokens_takes_the_beta_fields_the_sdks_beta_count_tokens_takes():
    request = {"model": "claude-haiku-5-5", "messages": [HI], "context_management": {"edits": []}}
    beta = ("context-management-2025-06-27",)
    assert check_request(request, count_tokens=True, betas=beta) is None
    threaded = {**request, "thread": {"type": "create"}}
    assert rejected(threaded, count_tokens=True, betas=(*beta, "message-threads-2026-08-12")) == (
        "thread: Extra inputs are not permitted"
    )


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"thread": {"type": "resume"}}, "thread: Input tag 'resume' found using 'type' does not "
         "match any of the expected tags: 'create', 'continue'"),
        ({"thread": {"type": "continue"}}, "thread.continue.previous_message_id: Field required"),
        ({"mcp_servers": [{"type": "url", "name": "wiki"}]}, "mcp_servers.0.url.url: Field "
         "required"),
        ({"context_management": {"edits": [{"type": "clear_everything"}]}},
         "context_management.edits.0: Input tag 'clear_everything' found using 'type' does not "
         "match any of the expected tags: 'clear_tool_uses_20250919', 'clear_thinking_20251015', "
         "'compact_20260112'"),
        ({"output_format": {"type": "json_object"}}, "output_format.type: Input should be "
         "'json_schema'"),
        ({"output_format": {"type": "json_schema"}}, "output_format.json_schema.schema: Field "
         "required"),
    ],
)  # fmt: skip
def test_a_beta_fields_outer_shape_is_checked(extra, expected):
    every = tuple(BETAS)
    assert rejected(body(**extra), betas=every) == expected


def test_output_config_format_takes_a_json_schema():
    fmt = {"type": "json_schema", "schema": SCHEMA}
    assert check_request(body(output_config={"format": fmt})) is None
    broken = {"format": {"type": "json_schema", "schema": {"type": 5}}}
    assert rejected(body(output_config=broken)).startswith(
        "output_config.format.schema: JSON schema is invalid."
    )


def test_clear_thinking_needs_thinking_on():
    # vibeproxy#509: "`clear_thinking_20251015` strategy requires `thinking` to be enabled or
    # adaptive"; Haiku 4.5 thinks only when asked
    edits = {"edits": [{"type": "clear_thinking_20251015", "keep": "all"}]}
    beta = ("context-management-2025-06-27",)
    request = body(model="claude-haiku-4-5", context_management=edits)
    assert rejected(request, betas=beta) == (
        "`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive"
    )
    assert check_request(body(context_management=edits), betas=beta) is None  # Haiku 5.5 thinks


@pytest.mark.parametrize("field", ["thread", "context_management", "compaction"])
def test_a_beta_field_that_should_be_an_object_and_is_not_is_refused(field):
    assert rejected(body(**{field: True}), betas=tuple(BETAS)) == (
        f"{field}: Input should be a valid dictionary or object"
    )


# --- each field's outer shape, in pydantic's words (the API validates with pydantic) ----------
@pytest.mark.parametrize("model", [5, ""])
def test_a_model_that_is_not_a_non_empty_string_is_refused(model):
    assert rejected(body(model=model)) == "model: Input should be a valid string"


@pytest.mark.parametrize(
    ("system", "expected"),
    [
        (5, "system: Input should be a valid string or list of text blocks"),
        (["Be brief."], "system.0.type: Input should be 'text'"),
        ([{"type": "image"}], "system.0.type: Input should be 'text'"),
        ([{"type": "text", "text": 5}], "system.0.text: Input should be a valid string"),
        ([{"type": "text", "text": " "}],
         "messages: text content blocks must contain non-whitespace text"),
    ],
)  # fmt: skip
def test_a_system_prompt_is_a_string_or_a_list_of_text_blocks(system, expected):
    assert rejected(body(system=system)) == expected


@pytest.mark.parametrize(
    ("tools", "expected"),
    [
        ({"name": "t", "input_schema": {}}, "tools: Input should be a valid list"),
        (["get_weather"], "tools.0: Input should be a valid dictionary"),
        ([{"name": "t", "input_schema": "object"}],
         "tools.0.custom.input_schema: Input should be a valid dictionary"),
        ([{"name": "t", "input_schema": {"type": 5}}],
         "tools.0.custom.input_schema: JSON schema is invalid. It must match JSON Schema draft "
         "2020-12 (https://json-schema.org/draft/2020-12). Learn more about tool use at "
         "https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview."),
    ],
)  # fmt: skip
def test_tools_are_a_list_of_tool_objects_with_a_schema_object(tools, expected):
    assert rejected(body(tools=tools)) == expected


def test_two_tools_with_different_names_are_accepted():
    tools = [{"name": "get_time", "input_schema": {}}, {"name": "get_weather", "input_schema": {}}]
    assert check_request(body(tools=tools)) is None


def test_a_custom_tool_after_an_anthropic_defined_one_is_still_checked():
    tools = [{"type": "bash_20250124", "name": "bash"}, {"name": "bad name", "input_schema": {}}]
    assert rejected(body(tools=tools)).startswith("tools.1.custom.name: String should match")


@pytest.mark.parametrize(
    "tool_choice",
    [{"type": "auto"}, {"type": "any"}, {"type": "tool", "name": "t"}, {"type": "none"}],
)
def test_every_tool_choice_of_the_sdk_is_accepted(tool_choice):
    tools = [{"name": "t", "input_schema": {}}]
    assert check_request(body(tools=tools, tool_choice=tool_choice)) is None


def test_tool_choice_tool_needs_the_tools_name():
    assert rejected(body(tool_choice={"type": "tool"})) == "tool_choice.tool.name: Field required"


@pytest.mark.parametrize("field", ["thinking", "output_config"])
def test_thinking_and_output_config_are_objects(field):
    assert rejected(body(**{field: "adaptive"})) == (
        f"{field}: Input should be a valid dictionary or object"
    )


def test_with_the_updates_beta_the_displays_listed_are_three():
    request = body(thinking={"type": "adaptive", "display": "full"})
    assert rejected(request, betas=("thinking-display-updates-2026-08-18",)) == (
        "thinking.adaptive.display: Input should be 'summarized', 'omitted' or 'updates'"
    )


@pytest.mark.parametrize(
    ("fmt", "expected"),
    [
        ("json", "output_config.format: Input should be a valid dictionary or object"),
        ({"type": "json_schema", "schema": "object"},
         "output_config.format.schema: Input should be a valid dictionary"),
    ],
)  # fmt: skip
def test_output_config_format_is_an_object_holding_a_schema_object(fmt, expected):
    assert rejected(body(output_config={"format": fmt})) == expected


@pytest.mark.parametrize(
    ("extra", "expected"),
    [
        ({"thread": {"type": "continue", "previous_message_id": 7}},
         "thread.continue.previous_message_id: Input should be a valid string"),
        ({"mcp_servers": MCP_SERVERS[0]}, "mcp_servers: Input should be a valid list"),
        ({"mcp_servers": ["https://mcp.example.com/mcp"]}, "mcp_servers.0.type: Input should be "
         "'url'"),
        ({"mcp_servers": [{"type": "stdio"}]}, "mcp_servers.0.type: Input should be 'url'"),
        ({"compaction": {"type": "truncate"}}, "compaction.type: Input should be 'summarize'"),
        ({"context_management": {"edits": {"type": "clear_thinking_20251015"}}},
         "context_management.edits: Input should be a valid list"),
        ({"context_management": {"edits": ["clear_thinking_20251015"]}},
         "context_management.edits.0: Input tag 'None' found using 'type' does not match any of "
         "the expected tags: 'clear_tool_uses_20250919', 'clear_thinking_20251015', "
         "'compact_20260112'"),
        ({"context_management": {"edits": [{"type": "clear_thinking_20251015", "keep": "all",
                                            "when": "now"}]}},
         "context_management.edits.0.clear_thinking_20251015.when: Extra inputs are not "
         "permitted"),
    ],
)  # fmt: skip
def test_a_beta_fields_inner_shape_is_checked_where_the_sdk_types_it(extra, expected):
    assert rejected(body(**extra), betas=tuple(BETAS)) == expected


def test_a_thread_that_continues_a_message_id_is_accepted():
    request = body(thread={"type": "continue", "previous_message_id": "msg_01A"})
    assert check_request(request, betas=("message-threads-2026-08-12",)) is None


# --- check_request runs the history's and the model's rules with what the request says --------
FETCH = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_fetch",
         "input": {"url": "https://example.com"}}  # fmt: skip
WAITING = {"messages": [HI, {"role": "assistant", "content": [FETCH]}]}  # a pause_turn sent back


def test_a_server_tool_call_waiting_at_the_end_needs_its_tool_in_the_request():
    # §4.4: "... but no web_fetch tool was provided"
    assert rejected(body(**WAITING)) == (
        "messages.1.content.0: `web_fetch` tool use with id `srvtoolu_01A` is waiting for its "
        "result, but no web_fetch tool was provided"
    )
    fetch = [{"type": "web_fetch_20250910", "name": "web_fetch"}]
    assert check_request(body(**WAITING, tools=fetch)) is None


def test_an_mcp_call_waiting_at_the_end_needs_its_server_in_the_request():
    waiting = {"messages": [HI, {"role": "assistant", "content": [MCP_CALL]}]}
    beta = ("mcp-client-2025-11-20",)
    assert rejected(body(**waiting), betas=beta) == (
        "messages.1.content.0: `ask` tool use with id `mcptoolu_01A` is waiting for its result, "
        "but no wiki MCP server was provided"
    )
    with_server = body(**waiting, mcp_servers=MCP_SERVERS, tools=[WIKI_TOOLSET])
    assert check_request(with_server, betas=beta) is None


THOUGHT = {"type": "thinking", "thinking": "Hm.", "signature": "c2ln"}
TEXT_THEN_THINKING = _turn({"type": "text", "text": "Let me see."}, THOUGHT)


def test_the_latest_turn_must_open_with_its_thinking_unless_thinking_is_off():
    # §2.4 (anthropics/claude-code#20705); issue 35: under adaptive thinking too, before any
    # signature is read; with thinking disabled the blocks are not read at all [U]
    found_text = (
        "messages.1.content.0: If an assistant message contains any thinking blocks, the first "
        "block must be thinking or redacted_thinking. Found text."
    )
    manual = body(model="claude-haiku-4-5", thinking={"type": "enabled", "budget_tokens": 1024},
                  **TEXT_THEN_THINKING)  # fmt: skip
    assert rejected(manual) == found_text
    assert rejected(body(thinking={"type": "adaptive"}, **TEXT_THEN_THINKING)) == found_text
    assert rejected(body(**TEXT_THEN_THINKING)) == found_text
    assert check_request(body(thinking={"type": "disabled"}, **TEXT_THEN_THINKING)) is None


def test_the_version_decides_whether_the_models_sampling_rule_applies():
    request = body(model="claude-haiku-4-5", temperature=0.5, top_p=0.9)
    assert rejected(request, version="2023-06-01") == (
        "`temperature` and `top_p` cannot both be specified for this model. Please use only one."
    )


EPHEMERAL = {"type": "ephemeral"}


def test_five_breakpoints_are_refused_wherever_they_are():
    def marked(text: str) -> dict:
        return {"type": "text", "text": text, "cache_control": EPHEMERAL}

    result = {"type": "tool_result", "tool_use_id": "t1", "content": [marked("12:00")]}
    messages = [
        {"role": "user", "content": [marked("Time?")]},
        {"role": "assistant", "content": [{"type": "tool_use", "id": "t1", "name": "get_time",
                                           "input": {}}]},
        {"role": "user", "content": [result]},
    ]  # fmt: skip
    tools = [{"name": "get_time", "input_schema": {"type": "object"}, "cache_control": EPHEMERAL}]
    system = [{"type": "text", "text": "Be brief.", "cache_control": EPHEMERAL}]
    four = body(messages, tools=tools, system=system)
    assert check_request(four) is None
    assert rejected({**four, "cache_control": EPHEMERAL}) == (
        "A maximum of 4 blocks with cache_control may be provided. Found 5."
    )


@pytest.mark.parametrize(
    ("mark", "message"),
    [
        ({"type": "persistent"}, "cache_control.type: Input should be 'ephemeral'"),
        ({"type": "ephemeral", "ttl": "24h"}, "cache_control.ttl: Input should be '5m' or '1h'"),
        (
            {"type": "ephemeral", "scope": "org"},
            "cache_control.scope: Extra inputs are not permitted",
        ),
        ("ephemeral", "cache_control: Input should be a valid dictionary or object"),
    ],
)
def test_a_cache_control_is_ephemeral_with_a_ttl_of_5m_or_1h(mark, message):
    assert rejected(body(cache_control=mark)) == message
