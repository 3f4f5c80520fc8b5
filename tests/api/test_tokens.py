"""Tests for handagent.api.tokens: deterministic estimates and the documented tool-use overhead.

The overhead values are typed out from the reference's table (§6), so they check the catalogue
rows `tokens` reads as well as the counting.
"""

import math

import pytest
from builders import request, tool, user

from handagent.api import models
from handagent.api.tokens import (
    IMAGE_TOKENS,
    REQUEST_OVERHEAD,
    block_tokens,
    content_tokens,
    factor,
    input_tokens,
    output_tokens,
    pieces,
    prefix_tokens,
    row,
    text_tokens,
    tool_prompt,
)

WEATHER_TOOL = tool("get_weather", "Get the current weather in a given location", location="string")


def asked(model: str, **fields) -> dict:
    """The reference's weather question, asked of this model."""
    return request([user("What's the weather like in San Francisco?")], model=model, **fields)


def test_text_tokens_follow_the_docstring_examples():
    assert text_tokens("Hello, Claude") == 4
    assert text_tokens("现在几点了？") == 6
    assert text_tokens("") == 0


def test_a_model_is_counted_with_its_catalogue_row_aliases_included():
    assert row("claude-haiku-4-5") is models.get("claude-haiku-4-5-20251001")
    assert (factor("claude-haiku-4-5"), factor("claude-haiku-5-5")) == (1.0, 1.3)


@pytest.mark.parametrize("model", ["deepseek-chat", "mock-model", None])
def test_a_model_the_catalogue_does_not_know_is_counted_like_the_default_model(model):
    assert row(model) is models.get(models.DEFAULT)
    body = asked(model, tools=[WEATHER_TOOL])
    assert input_tokens(body) == input_tokens({**body, "model": models.DEFAULT})


@pytest.mark.parametrize(
    ("model", "auto", "forced"),
    [
        ("claude-opus-4-8", 290, 410),
        ("claude-opus-4-7", 675, 804),
        ("claude-opus-4-6", 497, 589),
        ("claude-sonnet-4-6", 497, 589),
        ("claude-haiku-4-5-20251001", 496, 588),
        ("claude-opus-4-1", 313, 315),
        ("claude-sonnet-5", 354, 474),
        ("claude-opus-5", 286, 406),
        ("claude-3-5-haiku-20241022", 264, 355),
    ],
)
def test_the_overhead_table_holds_the_documented_values(model, auto, forced):
    with_tool = asked(model, tools=[WEATHER_TOOL])
    assert tool_prompt(with_tool) == auto
    assert tool_prompt({**with_tool, "tool_choice": {"type": "any"}}) == forced
    assert tool_prompt(asked(model)) == 0


@pytest.mark.parametrize(
    ("model", "overhead"),
    [("claude-opus-4-5", 496), ("claude-sonnet-4-0", 313), ("claude-3-5-haiku-latest", 264)],
)
def test_one_tool_adds_the_overhead_and_its_own_tokens(model, overhead):
    without = input_tokens(asked(model))
    with_tool = input_tokens(asked(model, tools=[WEATHER_TOOL]))
    assert with_tool - without == overhead + block_tokens(WEATHER_TOOL)


@pytest.mark.parametrize(
    ("model", "overhead"), [("claude-opus-4-5", 588), ("claude-sonnet-4-0", 315)]
)
@pytest.mark.parametrize("choice", [{"type": "any"}, {"type": "tool", "name": "get_weather"}])
def test_a_forced_tool_choice_adds_the_forced_overhead(model, overhead, choice):
    without = input_tokens(asked(model))
    forced = input_tokens(asked(model, tools=[WEATHER_TOOL], tool_choice=choice))
    assert forced - without == overhead + block_tokens(WEATHER_TOOL)


def test_tool_choice_none_costs_like_auto():
    auto = input_tokens(asked("claude-opus-4-5", tools=[WEATHER_TOOL]))
    none = input_tokens(
        asked("claude-opus-4-5", tools=[WEATHER_TOOL], tool_choice={"type": "none"})
    )
    assert none == auto


@pytest.mark.parametrize(
    ("model", "overhead"), [("claude-opus-4-7", 675), ("claude-sonnet-5", 354)]
)
def test_the_overhead_is_not_scaled_by_a_newer_tokenizer(model, overhead):
    """The table counts in the model's own tokens; only our text estimate is scaled by 1.3."""
    without = input_tokens(asked(model))
    with_tool = input_tokens(asked(model, tools=[WEATHER_TOOL]))
    tool_scaled = block_tokens(WEATHER_TOOL) * 1.3
    assert tool_scaled - 1 <= with_tool - without - overhead <= tool_scaled + 1


def test_a_newer_tokenizer_counts_about_thirty_percent_more():
    old = input_tokens(asked("claude-opus-4-5"))
    new = input_tokens(asked("claude-opus-4-7"))
    assert new == math.ceil(old * 1.3)


def test_an_empty_tools_list_adds_nothing():
    assert input_tokens(asked("claude-opus-4-5", tools=[])) == input_tokens(
        asked("claude-opus-4-5")
    )


def test_the_same_request_always_costs_the_same():
    body = asked("claude-sonnet-5", tools=[WEATHER_TOOL], system="Be brief.")
    assert (
        input_tokens(body)
        == input_tokens(dict(body))
        == input_tokens(asked("claude-sonnet-5", tools=[WEATHER_TOOL], system="Be brief."))
    )


def test_system_text_and_system_blocks_cost_the_same():
    as_text = asked("claude-opus-4-5", system="You are a scientist")
    as_blocks = asked("claude-opus-4-5", system=[{"type": "text", "text": "You are a scientist"}])
    assert input_tokens(as_text) == input_tokens(as_blocks) > input_tokens(asked("claude-opus-4-5"))


def test_every_message_costs_its_content_and_role_markers():
    one = asked("claude-opus-4-5")
    two = {**one, "messages": one["messages"] + [{"role": "assistant", "content": "Sunny."}]}
    assert input_tokens(two) - input_tokens(one) == 3 + text_tokens("Sunny.")


def test_string_content_costs_like_one_text_block():
    assert content_tokens("Hello, Claude") == content_tokens(
        [{"type": "text", "text": "Hello, Claude"}]
    )


def test_tool_blocks_count_their_name_input_and_content():
    call = {"type": "tool_use", "id": "toolu_01A", "name": "add", "input": {"a": 1, "b": 2}}
    assert block_tokens(call) == 3 + text_tokens("add") + text_tokens('{"a":1,"b":2}')
    result = {"type": "tool_result", "tool_use_id": "toolu_01A", "content": "3"}
    listed = {**result, "content": [{"type": "text", "text": "3"}]}
    assert block_tokens(result) == block_tokens(listed) == 3 + 1


def test_an_image_costs_a_flat_amount():
    image = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "x"}}
    assert block_tokens(image) == IMAGE_TOKENS


def test_output_tokens_grow_with_the_reply_and_scale_with_the_tokenizer():
    short = [{"type": "text", "text": "Yes."}]
    long = [{"type": "text", "text": "Yes, and here is a much longer explanation of why."}]
    assert output_tokens("claude-opus-4-5", short) < output_tokens("claude-opus-4-5", long)
    assert output_tokens("claude-opus-4-5", short) == 1 + text_tokens("Yes.")
    assert output_tokens("claude-opus-4-7", long) == math.ceil((1 + content_tokens(long)) * 1.3)


def test_thinking_blocks_count_their_text_not_their_signature():
    block = {"type": "thinking", "thinking": "Let me see.", "signature": "x" * 64}
    assert block_tokens(block) == text_tokens("Let me see.")
    assert block_tokens({**block, "thinking": ""}) == 0


MARK = {"type": "ephemeral", "ttl": "1h"}


def test_a_cache_control_marker_adds_no_token():
    plain = asked(
        "claude-haiku-5-5", tools=[WEATHER_TOOL], system=[{"type": "text", "text": "Be brief."}]
    )
    marked = asked(
        "claude-haiku-5-5",
        tools=[{**WEATHER_TOOL, "cache_control": MARK}],
        system=[{"type": "text", "text": "Be brief.", "cache_control": MARK}],
    )
    assert input_tokens(marked) == input_tokens(plain)


def test_the_pieces_come_tools_then_system_then_messages_and_add_up_to_the_prompt():
    body = asked("claude-haiku-5-5", tools=[{**WEATHER_TOOL, "cache_control": MARK}],
                 system="Be brief.")  # fmt: skip
    body["messages"].append({"role": "assistant", "content": [{"type": "text", "text": "Sure."}]})
    found = pieces(body)
    assert [p.where for p in found] == [("tools", 0), ("system",), ("messages", 0, 0),
                                        ("messages", 1, 0)]  # fmt: skip
    assert [p.mark for p in found] == [MARK, None, None, None]
    assert found[2].value == ("user", "What's the weather like in San Francisco?")
    assert prefix_tokens(body, REQUEST_OVERHEAD + sum(p.raw for p in found)) == input_tokens(body)


def test_a_tool_result_is_marked_by_a_marker_inside_its_content():
    result = {"type": "tool_result", "tool_use_id": "t1",
              "content": [{"type": "text", "text": "18°C", "cache_control": MARK}]}  # fmt: skip
    assert pieces(request([user([result])]))[0].mark == MARK


def test_a_prefix_is_scaled_and_carries_the_hidden_tool_prompt():
    assert prefix_tokens(asked("claude-haiku-5-5"), 100) == 130
    assert prefix_tokens(asked("claude-haiku-5-5", tools=[WEATHER_TOOL]), 100) == 130 + 354


def test_a_deferred_tool_costs_nothing_until_a_reference_loads_it():
    rate = {**tool("get_rate", "The exchange rate of two currencies.", base="string"),
            "defer_loading": True}  # fmt: skip
    alone = request([user("hi")], tools=[WEATHER_TOOL])
    menu = request([user("hi")], tools=[WEATHER_TOOL, rate])
    assert input_tokens(menu) == input_tokens(alone)  # "stripped from the rendered tools section"
    search = {"type": "tool_use", "id": "toolu_1", "name": "get_weather", "input": {}}
    found = {"type": "tool_result", "tool_use_id": "toolu_1",
             "content": [{"type": "tool_reference", "tool_name": "get_rate"}]}  # fmt: skip
    history = [user("hi"), {"role": "assistant", "content": [search]},
               {"role": "user", "content": [found]}]  # fmt: skip
    loaded = input_tokens(request(history, tools=[WEATHER_TOOL, rate]))
    without = input_tokens(request(history, tools=[WEATHER_TOOL]))
    scaled = block_tokens(rate) * factor(None)  # the definition, where the reference sits
    assert scaled - 1 <= loaded - without <= scaled + 1
