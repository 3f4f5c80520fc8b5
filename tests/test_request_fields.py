"""Tests for handagent.request_fields: every table against the installed SDK's own TypedDicts.

The SDK (2.10.0, pinned) is the outside reference: a field it defines and the tables lack
would be a 400 from the mock for a request the real API takes, so these tests fail first.
"""

import typing

import pytest
import typing_extensions
from anthropic.types import (
    content_block_param,
    message_count_tokens_params,
    message_create_params,
    thinking_config_param,
    tool_choice_param,
    tool_result_block_param,
    tool_union_param,
)
from anthropic.types.output_config_param import OutputConfigParam

from handagent import request_fields as fields


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
    return {tag: shape(td) for td in typing.get_args(union) for tag in tags(td)}


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


def test_the_tools_table_matches_the_sdks_tool_union_with_type_optional_on_custom_tools():
    theirs = table_of(tool_union_param.ToolUnionParam)
    required, optional = theirs["custom"]
    theirs["custom"] = (required, tuple(sorted(optional + ("type",))))  # `type` may be left out
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


def test_server_run_tools_are_the_search_fetch_and_code_execution_ones():
    assert "web_search_20260318" in fields.SERVER_RUN and "bash_20250124" not in fields.SERVER_RUN
    assert all(kind in fields.TOOLS for kind in fields.SERVER_RUN)
