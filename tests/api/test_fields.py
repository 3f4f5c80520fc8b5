"""Tests for handagent.api.fields: every table against the installed SDK's own TypedDicts.

The SDK (2.10.0, pinned) is the outside reference: a field it defines and the tables lack
would be a 400 from the mock for a request the real API takes, so these tests fail first.
"""

import typing

import pytest
import typing_extensions
from anthropic.types import (
    anthropic_beta_param,
    browser_toolset_configs_param,
    computer_toolset_configs_param,
    content_block_param,
    message_count_tokens_params,
    message_create_params,
    thinking_config_param,
    tool_choice_param,
    tool_result_block_param,
    tool_union_param,
)
from anthropic.types.beta import (
    beta_content_block_param,
    beta_output_config_param,
    beta_system_message_param,
    beta_thinking_config_param,
    beta_tool_union_param,
)
from anthropic.types.beta import message_count_tokens_params as beta_count_tokens_params
from anthropic.types.beta import message_create_params as beta_create_params
from anthropic.types.output_config_param import OutputConfigParam

from handagent.api import fields, tool_names


def shape(typed_dict) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """A TypedDict's (required, optional) fields besides `type`, as the tables write them."""
    hints = typing.get_type_hints(typed_dict, include_extras=True)
    required = [k for k, v in hints.items() if typing.get_origin(v) is typing_extensions.Required]
    optional = [k for k in hints if k not in required]
    return tuple(sorted(set(required) - {"type"})), tuple(sorted(set(optional) - {"type"}))


def tags(typed_dict) -> tuple[str, ...]:
    """The `type` values a TypedDict takes. Example: TextBlockParam -> ("text",)"""
    hint = typing.get_type_hints(typed_dict, include_extras=True)["type"]
    while typing.get_origin(hint) in (typing_extensions.Required, typing.Union):
        hint = next(arg for arg in typing.get_args(hint) if arg is not type(None))
    return typing.get_args(hint)


def table_of(union) -> dict:
    """The union's TypedDicts by tag (the beta block union also lists response models: skipped)."""
    members = [td for td in typing.get_args(union) if typing_extensions.is_typeddict(td)]
    return {tag: shape(td) for td in members for tag in tags(td)}


def sorted_table(table: dict) -> dict:
    return {kind: tuple(tuple(sorted(part)) for part in parts) for kind, parts in table.items()}


@pytest.mark.parametrize(
    ("ours", "union"),
    [
        (fields.BLOCKS, content_block_param.ContentBlockParam),
        (fields.RESULT_BLOCKS, tool_result_block_param.Content),
        (fields.THINKING, thinking_config_param.ThinkingConfigParam),
        (fields.TOOL_CHOICES, tool_choice_param.ToolChoiceParam),
    ],
    ids=["content blocks", "tool result blocks", "thinking configs", "tool choices"],
)
def test_each_table_matches_the_sdks_union(ours, union):
    assert sorted_table(ours) == table_of(union)


def with_docs_fields(theirs: dict) -> dict:
    """The SDK's tool table, with `type` optional on custom tools and what the docs add."""
    required, optional = theirs["custom"]
    theirs["custom"] = (required, tuple(sorted(optional + ("type",))))  # `type` may be left out
    for kind in ("browser_toolset_20260801", "computer_toolset_20260801"):  # docs: tool-reference
        theirs[kind] = ((), tuple(sorted((*theirs[kind][1], "allowed_callers"))))
    return theirs


def test_the_tools_table_matches_the_sdks_tool_union_with_type_optional_on_custom_tools():
    theirs = with_docs_fields(table_of(tool_union_param.ToolUnionParam))
    assert sorted_table(fields.TOOLS) == theirs


def test_the_top_level_fields_are_the_sdks_under_2026_10_21():
    create = typing.get_type_hints(message_create_params.MessageCreateParamsNonStreaming)
    count = typing.get_type_hints(message_count_tokens_params.MessageCountTokensParams)
    assert fields.top_level(version="2026-10-21") == set(create)
    assert fields.top_level(count_tokens=True) == set(count)


def test_2023_06_01_adds_the_sampling_parameters_and_nothing_else():
    added = fields.top_level(version="2023-06-01") - fields.top_level(version="2026-10-21")
    assert added == {"temperature", "top_p", "top_k"}


def test_output_config_and_displays_match_the_sdk():
    assert set(fields.OUTPUT_CONFIG) == set(typing.get_type_hints(OutputConfigParam))
    adaptive = thinking_config_param.ThinkingConfigAdaptiveParam
    display = typing.get_type_hints(adaptive)["display"]
    assert set(fields.DISPLAYS) == set(typing.get_args(typing.get_args(display)[0]))


def test_server_run_tools_are_the_search_fetch_code_execution_advisor_and_mcp_ones():
    assert "web_search_20260318" in fields.SERVER_RUN and "bash_20250124" not in fields.SERVER_RUN
    assert {"advisor_20260301", "mcp_toolset"} <= set(fields.SERVER_RUN)
    assert all(kind in fields.TOOLS or kind in fields.BETA_TOOLS for kind in fields.SERVER_RUN)


# --- beta -----------------------------------------------------------------------------------------
EVERY_BETA = tuple(fields.BETAS)


def test_every_beta_value_in_the_table_is_one_the_sdk_names():
    literal = next(
        a for a in typing.get_args(anthropic_beta_param.AnthropicBetaParam) if a is not str
    )
    assert set(fields.BETAS) <= set(typing.get_args(literal))


@pytest.mark.parametrize(
    ("ours", "union"),
    [
        (fields.blocks(EVERY_BETA), beta_content_block_param.BetaContentBlockParam),
        (fields.system_blocks(EVERY_BETA), beta_system_message_param.ContentBlock),
    ],
    ids=["content blocks", "system message blocks"],
)
def test_with_every_beta_the_block_tables_match_the_sdks_beta_unions(ours, union):
    assert sorted_table(ours) == table_of(union)


def test_with_every_beta_the_tools_table_matches_the_sdks_beta_tool_union():
    theirs = with_docs_fields(table_of(beta_tool_union_param.BetaToolUnionParam))
    assert sorted_table(fields.tools(EVERY_BETA)) == theirs


def test_with_every_beta_the_top_level_fields_are_the_sdks_beta_params_and_output_format():
    create = set(typing.get_type_hints(beta_create_params.MessageCreateParamsNonStreaming))
    count = set(typing.get_type_hints(beta_count_tokens_params.MessageCountTokensParams))
    # `betas` is the header, not a body field; `output_format` is what SDKs before 0.70 sent
    assert fields.top_level(betas=EVERY_BETA) == create - {"betas"} | {"output_format"}
    assert fields.top_level(count_tokens=True, betas=EVERY_BETA) == count - {"betas"}


def test_with_every_beta_the_options_are_the_sdks_beta_thinking_output_and_system_fields():
    adaptive = beta_thinking_config_param.BetaThinkingConfigAdaptiveParam
    output = set(typing.get_type_hints(beta_output_config_param.BetaOutputConfigParam))
    system = set(typing.get_type_hints(beta_system_message_param.BetaSystemMessageParam))
    display = typing.get_args(typing.get_args(typing.get_type_hints(adaptive)["display"])[0])
    assert fields.options(EVERY_BETA) == {
        *(f"output_config.{name}" for name in output - set(fields.OUTPUT_CONFIG)),
        *(
            f"thinking.{name}"
            for name in set(typing.get_type_hints(adaptive)) - {"type", "display"}
        ),
        *(f"thinking.display.{value}" for value in set(display) - set(fields.DISPLAYS)),
        *(f"system_message.{name}" for name in system - {"role", "content"}),
    }


def test_without_a_beta_value_the_tables_are_the_non_beta_ones():
    assert fields.top_level() == fields.MESSAGES and fields.blocks() == fields.BLOCKS
    assert fields.tools() == fields.TOOLS and fields.options() == frozenset()
    assert fields.top_level(betas=("claude-code-20250219",)) == fields.MESSAGES  # adds nothing


@pytest.mark.parametrize("beta", EVERY_BETA)
def test_each_beta_value_adds_only_beta_things(beta):
    adds = fields.BETAS[beta]
    assert set(adds) <= {"fields", "blocks", "tools", "options"}
    assert not set(adds.get("fields", ())) & fields.MESSAGES
    assert set(adds.get("blocks", ())) <= set(fields.BETA_BLOCKS)
    assert set(adds.get("tools", ())) <= set(fields.BETA_TOOLS)


def literal_of(hint) -> tuple:
    while typing.get_origin(hint) in (typing_extensions.Required, typing.Union):
        hint = next(arg for arg in typing.get_args(hint) if arg is not type(None))
    return typing.get_args(hint)


def test_each_anthropic_defined_tools_name_is_the_one_the_sdk_fixes():
    found = {}
    for td in typing.get_args(beta_tool_union_param.BetaToolUnionParam):
        hints = typing.get_type_hints(td, include_extras=True) if typing_extensions.is_typeddict(
            td) else {}  # fmt: skip
        if literal_of(hints.get("name")):
            found |= dict.fromkeys(tags(td), literal_of(hints["name"])[0])
    assert tool_names.NAMES == found


def test_each_toolsets_members_are_the_keys_of_its_sdk_configs():
    configs = {
        "computer_toolset_20260801": computer_toolset_configs_param.ComputerToolsetConfigsParam,
        "browser_toolset_20260801": browser_toolset_configs_param.BrowserToolsetConfigsParam,
    }
    for kind, typed in configs.items():
        assert tool_names.TOOLSETS[kind][1] == tuple(sorted(typing.get_type_hints(typed)))
