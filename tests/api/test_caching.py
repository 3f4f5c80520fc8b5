"""Tests for handagent.api.caching: breakpoints, their TTLs, and `max_tokens: 0` pre-warming.

Each expected message is typed out from its source (named per test), not imported.
"""

from functools import partial

import pytest
from builders import rejected, request

from handagent.api.checks import check_request

body = partial(request, model="claude-haiku-5-5")
FIVE, HOUR = {"type": "ephemeral"}, {"type": "ephemeral", "ttl": "1h"}
ORDER = (
    "a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note "
    "that blocks are processed in the following order: `tools`, `system`, `messages`."
)


def text(words: str, mark: dict | None = None) -> dict:
    return {"type": "text", "text": words, **({"cache_control": mark} if mark else {})}


def test_a_1h_breakpoint_before_a_5m_one_is_accepted():
    request = body(system=[text("Rules.", HOUR)], messages=[{"role": "user", "content": [
        text("Hi", FIVE)]}])  # fmt: skip
    assert check_request(request) is None


def test_a_1h_breakpoint_after_a_5m_one_is_refused_at_its_path():
    # anthropics/claude-code#38320 (req_011CZNF4HneDEzZEVmaYG1az) quotes the API's words
    tool = {"name": "t", "input_schema": {}, "cache_control": FIVE}
    request = body(tools=[tool], system=[text("Rules.", HOUR)])
    assert rejected(request) == f"system.0.cache_control.ttl: {ORDER}"


def test_a_1h_automatic_breakpoint_after_a_5m_block_is_refused_too():
    request = body(system=[text("Rules.", FIVE)], cache_control=HOUR)
    assert rejected(request) == f"cache_control.ttl: {ORDER}"


def test_a_top_level_ttl_that_clashes_with_the_last_blocks_is_refused():
    # a public plugin's captured 400 (2026); docs: "If the last block has an explicit
    # `cache_control` with a different TTL, the API returns a 400 error."
    request = body(messages=[{"role": "user", "content": [text("Hi", FIVE)]}], cache_control=HOUR)
    assert rejected(request) == (
        "Top-level cache_control has ttl='1h' but the target block already has cache_control with "
        "ttl='5m'. When both are specified on the same block, they must have matching TTLs."
    )
    same = body(messages=[{"role": "user", "content": [text("Hi", HOUR)]}], cache_control=HOUR)
    assert check_request(same) is None  # "with the same TTL, automatic caching is a no-op"


def test_the_top_level_breakpoint_takes_one_of_the_four_slots():
    # docs: "If 4 explicit block-level breakpoints already exist, the API returns a 400 error"
    request = body(system=[text(f"Part {i}.", FIVE) for i in range(4)], cache_control=FIVE)
    assert rejected(request) == "A maximum of 4 blocks with cache_control may be provided. Found 5."


def test_a_deferred_tool_cannot_carry_a_breakpoint():
    # docs, tool search: "A tool with `defer_loading: true` can't also carry `cache_control`:
    # the API returns a 400." ([U] the words)
    tools = [
        {"name": "a", "input_schema": {}},
        {"name": "b", "input_schema": {}, "defer_loading": True, "cache_control": FIVE},
    ]
    assert rejected(body(tools=tools)) == (
        "tools.1: A tool with `defer_loading: true` cannot also set `cache_control`."
    )


@pytest.mark.parametrize(
    ("extra", "what"),
    [({"stream": True}, "`stream: true`"),
     ({"thinking": {"type": "enabled", "budget_tokens": 2000}, "model": "claude-haiku-4-5"},
      '`thinking.type: "enabled"`'),
     ({"output_config": {"format": {"type": "json_schema", "schema": {
         "type": "object", "additionalProperties": False}}}}, "`output_config.format`"),
     ({"tools": [{"name": "t", "input_schema": {}}], "tool_choice": {"type": "any"}},
      '`tool_choice` of type "any"')],
)  # fmt: skip
def test_pre_warming_with_max_tokens_0_refuses_what_needs_output(extra, what):
    # docs, prompt caching: "A `max_tokens: 0` request is rejected with an
    # `invalid_request_error` if any of the following are set" ([U] the words)
    assert rejected(body(max_tokens=0, **extra)) == (
        f"max_tokens: 0 cannot be combined with {what}: a zero-token budget produces no output."
    )
    assert check_request(body(max_tokens=0)) is None


def test_a_top_level_breakpoint_without_a_ttl_matches_a_block_without_one():
    request = body(messages=[{"role": "user", "content": [text("Hi", FIVE)]}], cache_control=FIVE)
    assert check_request(request) is None
    explicit = body(messages=[{"role": "user", "content": [text("Hi", FIVE)]}],
                    cache_control={"type": "ephemeral", "ttl": "5m"})  # fmt: skip
    assert check_request(explicit) is None


def test_the_clash_names_each_side_ttl():
    request = body(messages=[{"role": "user", "content": [text("Hi", HOUR)]}], cache_control=FIVE)
    assert rejected(request) == (
        "Top-level cache_control has ttl='5m' but the target block already has cache_control with "
        "ttl='1h'. When both are specified on the same block, they must have matching TTLs."
    )


@pytest.mark.parametrize(
    ("extra", "betas", "what"),
    [({"output_format": {"type": "json_schema", "schema": {"type": "object",
       "additionalProperties": False}}}, ("structured-outputs-2025-11-13",), "`output_format`"),
     ({"tools": [{"name": "t", "input_schema": {}}], "tool_choice": {"type": "tool", "name": "t"}},
      (), '`tool_choice` of type "tool"')],
)  # fmt: skip
def test_pre_warming_refuses_the_beta_format_and_a_named_tool_too(extra, betas, what):
    assert rejected(body(max_tokens=0, **extra), betas=betas) == (
        f"max_tokens: 0 cannot be combined with {what}: a zero-token budget produces no output."
    )
