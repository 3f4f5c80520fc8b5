"""Tests for runtime.ids: tool-call ids rewritten per request, in pairs, without collisions."""

import copy
import hashlib
import json
import re

import pytest
from builders import assistant
from hypothesis import given
from hypothesis import strategies as st
from strategies import ODD_IDS, histories

from handagent.runtime.ids import ANTHROPIC, OPENAI_CHAT, id_table, normalise_ids, rewrite_id
from handagent.runtime.protocol import (
    ThinkingBlock,
    ToolCall,
    ToolResultMessage,
    tool_calls,
    tool_result_message,
    user_text,
)


def turn(*call_ids: str) -> list:
    """An assistant message with one call per id, followed by a result for each."""
    calls = tuple(ToolCall(i, "read_file", {"path": "a"}) for i in call_ids)
    reply = assistant(*calls, model="model-a", provider="provider-a", timestamp=1.0)
    return [reply] + [tool_result_message(call, "ok", timestamp=2.0) for call in calls]


def call_ids(history: list) -> list[str]:
    return [call.id for message in history for call in tool_calls(message)]


def sent_ids(history: list) -> list[str]:
    ids = [call.id for message in history for call in tool_calls(message)]
    return ids + [m.tool_call_id for m in history if isinstance(m, ToolResultMessage)]


def test_the_anthropic_rule_is_the_documented_pattern():
    assert ANTHROPIC.pattern == "^[a-zA-Z0-9_-]{1,64}$"
    assert OPENAI_CHAT.max_len == 40


def test_valid_ids_are_left_as_they_are():
    history = [user_text("hi", 0.0), *turn("toolu_01A", "call_0")]
    assert normalise_ids(history, ANTHROPIC) == history


@pytest.mark.parametrize(
    "original",
    ["", "call_a1b2c3|fc_" + "Zm9v+/=" * 70, "fc_+/==", "读取文件", "a b", "x" * 65, "🙂"],
)
def test_any_id_is_rewritten_into_a_valid_one(original):
    new = rewrite_id(original, ANTHROPIC)
    assert re.fullmatch(ANTHROPIC.pattern, new)
    assert re.fullmatch(OPENAI_CHAT.pattern, rewrite_id(original, OPENAI_CHAT))


def test_a_rewritten_id_keeps_its_readable_start():
    assert rewrite_id("call_a1b2|verbose", ANTHROPIC).startswith("call_a1b2_verbose_")


def test_two_long_ids_sharing_a_prefix_stay_distinct():
    prefix = "call_" + "7" * 100
    table = id_table(turn(prefix + "A", prefix + "B"), ANTHROPIC)
    assert len(set(table.values())) == 2  # plain cutting to 64 would merge them


def test_ids_that_sanitise_to_the_same_string_stay_distinct():
    table = id_table(turn("a|b", "a+b", "a/b"), ANTHROPIC)
    assert len(set(table.values())) == 3


def test_a_rewrite_never_takes_an_id_another_call_already_has():
    squatter = rewrite_id("x|y", ANTHROPIC)  # a valid id that happens to equal the rewrite
    table = id_table(turn(squatter, "x|y"), ANTHROPIC)
    assert table[squatter] == squatter
    assert table["x|y"] != squatter


def test_a_call_and_its_result_are_rewritten_as_a_pair():
    history = turn("call_a1b2c3|verbose")
    assistant, result = normalise_ids(history, ANTHROPIC)
    assert tool_calls(assistant)[0].id == result.tool_call_id != "call_a1b2c3|verbose"


def test_a_result_with_no_call_gets_the_same_rewrite_its_call_would_have():
    # an orphan (repair drops it later): still an id the server's pattern accepts
    orphan = turn("call_a1b2c3|verbose")[1]
    (sent,) = normalise_ids([user_text("hi", 0.0), orphan], ANTHROPIC)[1:]
    assert sent.tool_call_id == rewrite_id("call_a1b2c3|verbose", ANTHROPIC)


def test_the_stored_history_keeps_its_original_ids():
    history = [user_text("hi", 0.0), *turn("call_a1b2c3|verbose", "")]
    before = copy.deepcopy(history)
    normalise_ids(history, ANTHROPIC)
    assert history == before


def test_an_id_repeated_in_a_later_turn_is_sent_unique_and_its_result_follows_it():
    history = turn("call|0") + [user_text("again", 3.0)] + turn("call|0")
    normalised = normalise_ids(history, ANTHROPIC)
    ids = call_ids(normalised)
    assert len(set(ids)) == 2 and all(ANTHROPIC.accepts(i) for i in ids)
    answers = [m.tool_call_id for m in normalised if isinstance(m, ToolResultMessage)]
    assert answers == ids  # each result answers the call just before it


def test_a_valid_id_repeated_in_a_later_turn_is_rewritten_the_second_time():
    ids = call_ids(normalise_ids(turn("toolu_1") + turn("toolu_1"), ANTHROPIC))
    assert ids[0] == "toolu_1" and ids[1] != "toolu_1" and ANTHROPIC.accepts(ids[1])


def test_a_turn_of_valid_ids_keeps_its_thinking_and_every_block_exactly():
    thought = ThinkingBlock("", "EqQB", "model-a")
    call = ToolCall("toolu_01A", "read_file", {"path": "a"})
    reply = assistant(
        thought,
        call,
        ThinkingBlock.redacted("EmwK", "model-a"),
        model="model-a",
        provider="anthropic",
        timestamp=1.0,
    )
    history = [user_text("hi", 0.0), reply, tool_result_message(call, "ok", timestamp=2.0)]
    assert normalise_ids(history, ANTHROPIC) == history  # nothing in a signed turn changes


def test_anthropic_ids_are_kept_within_64_characters_as_production_runtimes_do():
    assert ANTHROPIC.accepts("t" * 64) and not ANTHROPIC.accepts("t" * 65)


def test_an_id_valid_for_anthropic_may_be_too_long_for_openai_chat():
    original = "toolu_" + "A" * 50
    assert id_table(turn(original), ANTHROPIC)[original] == original
    assert len(id_table(turn(original), OPENAI_CHAT)[original]) == 40


@given(histories(), st.sampled_from([ANTHROPIC, OPENAI_CHAT]))
def test_every_id_becomes_valid_and_distinct_originals_stay_distinct(history, rules):
    before = copy.deepcopy(history)
    table = id_table(history, rules)
    assert all(rules.accepts(new) for new in table.values())
    assert len(set(table.values())) == len(table)  # one-to-one
    assert all(new == old for old, new in table.items() if rules.accepts(old))
    normalised = normalise_ids(history, rules)
    sent, originals = call_ids(normalised), call_ids(history)
    assert len(set(sent)) == len(sent) and all(rules.accepts(i) for i in sent)
    first = {original: new for original, new in reversed(list(zip(originals, sent, strict=True)))}
    assert first == {original: table[original] for original in originals}
    assert history == before
    assert normalise_ids(history, rules) == normalised  # deterministic


@given(st.lists(ODD_IDS, unique=True, min_size=2, max_size=6))
def test_rewrites_of_distinct_ids_do_not_collide(originals):
    rewrites = {rewrite_id(original, ANTHROPIC) for original in originals}
    assert len(rewrites) == len(originals)


def sha8(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def test_the_rewrite_ends_with_the_sha256_of_the_original():
    # a pure function of the id: another process, or another run, sends the same rewrite
    assert rewrite_id("call_1|fc_2", ANTHROPIC) == "call_1_fc_2_" + sha8("call_1|fc_2")


def test_a_retry_hashes_the_original_with_its_attempt_number():
    assert rewrite_id("x|y", ANTHROPIC, 2) == "x_y_" + sha8("x|y#2")


def test_an_id_holding_a_lone_surrogate_is_rewritten_not_a_crash():
    original = json.loads('"call_\\ud800"')  # JSON may escape half a surrogate pair
    assert rewrite_id(original, ANTHROPIC) == "call___" + sha8(original)


def test_a_rewrite_that_clashes_takes_the_first_free_attempt():
    squatters = [rewrite_id("x|y", ANTHROPIC, attempt) for attempt in (0, 1)]
    assert id_table(turn(squatters[0], "x|y"), ANTHROPIC)["x|y"] == rewrite_id("x|y", ANTHROPIC, 1)
    table = id_table(turn(*squatters, "x|y"), ANTHROPIC)
    assert table["x|y"] == rewrite_id("x|y", ANTHROPIC, 2)


def test_two_ids_whose_rewrites_collide_are_sent_distinct():
    first, second = "call_|||+//|+||", "call_|+=|/=|/|+"  # found by search: same sha256 start
    assert rewrite_id(first, ANTHROPIC) == rewrite_id(second, ANTHROPIC)
    table = id_table(turn(first, second), ANTHROPIC)
    assert table[first] != table[second]


def test_an_id_reused_in_three_turns_is_sent_three_ways_counting_attempts_up():
    history = turn("call|0") + turn("call|0") + turn("call|0")
    ids = call_ids(normalise_ids(history, ANTHROPIC))
    assert ids == [rewrite_id("call|0", ANTHROPIC, attempt) for attempt in (0, 1, 2)]
