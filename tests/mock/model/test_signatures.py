"""Tests for handagent.mock.model.signatures: thinking blocks sent back, and the API's refusals for
blocks sent back changed, through the genuine SDK over HTTP; and the chapters' own loop.

Expected wording is typed out from ../shared/reference/api-2026-12.md §2.4.
"""

import copy
import re

import anthropic
import hypothesis
import pytest
from builders import (
    ASK,
    MUST_START,
    TOOLS,
    as_dicts,
    create_reply,
    tool_request,
    tool_round_trip,
)
from hypothesis import strategies as st

from handagent.api import models
from handagent.blocks import text_of, tool_uses
from handagent.dispatch import run_tool_calls
from handagent.examples import CLOCK, WEATHER
from handagent.mock.model import signatures

pytestmark = pytest.mark.timeout(60)

MODIFIED = (
    "`thinking` or `redacted_thinking` blocks in the latest assistant message cannot be "
    "modified. These blocks must remain as they were in the original response."
)
BOUND = (
    "Invalid `signature` in `thinking` block. The block is bound to a different conversation. "
    'Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block". '
    "That setting requires the `thinking-binding-controls-2026-08-01` value in the "
    "`anthropic-beta` header. "
)


def refusal(client, history, model="claude-haiku-5-5", **extra) -> str:
    with pytest.raises(anthropic.BadRequestError) as caught:
        create_reply(client, history, model=model, **extra)
    return caught.value.body["error"]["message"]


# --- what must come back unchanged --------------------------------------------------------------


@pytest.mark.parametrize("model", ["claude-haiku-5-5", "claude-sonnet-5", "claude-opus-5-5"])
def test_the_reply_appended_whole_is_accepted_turn_after_turn(client, model):
    history = tool_round_trip(client, model=model)
    reply = create_reply(client, history, model=model)
    assert reply.stop_reason == "end_turn" and "Paris" in text_of(reply.content)
    history += [
        {"role": "assistant", "content": reply.content},
        {"role": "user", "content": "Thanks!"},
    ]
    assert create_reply(client, history, model=model).type == "message"


def test_the_same_history_as_plain_dicts_is_accepted_too(client):
    assert create_reply(client, as_dicts(tool_round_trip(client))).type == "message"


INVALID = "Invalid `signature` in `thinking` block."  # opencode#48637, the first sentence


def test_an_edited_thinking_block_in_the_latest_message_is_refused(client):
    history = as_dicts(tool_round_trip(client))
    history[1]["content"][0]["thinking"] += "x"  # one character added to the (omitted) text
    assert refusal(client, history) == "messages.1.content.0: " + MODIFIED


def test_a_changed_signature_in_the_latest_message_is_an_invalid_signature(client):
    # issue 35: a changed signature is an invalid signature, not "cannot be modified"
    history = as_dicts(tool_round_trip(client))
    block = history[1]["content"][0]
    block["signature"] = ("B" if block["signature"][0] == "A" else "A") + block["signature"][1:]
    assert refusal(client, history) == "messages.1.content.0: " + INVALID


def test_a_signature_copied_from_another_block_is_refused(client):
    history = as_dicts(tool_round_trip(client))
    first, second = history[1]["content"][:2]
    first["signature"], second["signature"] = second["signature"], first["signature"]
    assert refusal(client, history) == "messages.1.content.0: " + MODIFIED


def test_reordered_thinking_blocks_are_refused(client):
    history = as_dicts(tool_round_trip(client))
    content = history[1]["content"]
    content[0], content[1] = content[1], content[0]
    assert refusal(client, history) == "messages.1.content.0: " + MODIFIED


def test_a_thinking_block_moved_after_text_is_refused_for_its_order_first(client):
    # issue 35, anthropics/claude-code#20705: the API reads the order before any signature
    history = as_dicts(tool_round_trip(client, model="claude-sonnet-5"))
    content = history[1]["content"]
    content[0], content[1] = content[1], content[0]  # [text, thinking, tool_use, ...]
    assert refusal(client, history, model="claude-sonnet-5") == (
        "messages.1.content.0: If an assistant message contains any thinking blocks, the first "
        "block must be thinking or redacted_thinking. Found text."
    )


def test_a_thinking_block_without_its_signature_is_refused(client):
    history = as_dicts(tool_round_trip(client))
    del history[1]["content"][0]["signature"]
    assert refusal(client, history) == "messages.1.content.0.thinking.signature: Field required"


MANUAL = {
    "model": "claude-haiku-4-5-20251001",
    "thinking": {"type": "enabled", "budget_tokens": 1024},
}


def test_under_manual_thinking_dropping_the_thinking_of_a_tool_turn_is_refused(client):
    history = as_dicts(tool_round_trip(client, **MANUAL))
    history[1]["content"] = tool_uses(history[1]["content"])
    message = refusal(client, history, **MANUAL)
    assert message == "messages.1.content.0.type: " + MUST_START.format(kind="tool_use")
    manual_off = MANUAL | {"thinking": {"type": "disabled"}}
    assert create_reply(client, history, **manual_off).type == "message"


def test_under_adaptive_thinking_a_stripped_tool_turn_is_accepted(client):
    # §2.1: an adaptive turn may skip thinking, so the request alone cannot tell a stripped
    # turn from one that never thought; recorded: hand-written [tool_use] turns accepted
    history = as_dicts(tool_round_trip(client))
    assert history[1]["content"][0]["type"] == "thinking"
    history[1]["content"] = tool_uses(history[1]["content"])
    assert create_reply(client, history).type == "message"


def test_dropping_one_of_two_thinking_blocks_is_refused(client):
    history = as_dicts(tool_round_trip(client))
    del history[1]["content"][0]
    assert refusal(client, history) == "messages.1.content.0: " + MODIFIED


def test_a_thinking_block_the_mock_never_made_is_refused(client):
    history = as_dicts(tool_round_trip(client))
    history[1]["content"][0]["signature"] = "EqQBCkYIBRgCKkD" + "x" * 49
    assert refusal(client, history) == "messages.1.content.0: " + INVALID


def test_a_redacted_thinking_block_the_mock_never_made_is_refused(client):
    # the mock never redacts: such a block comes from elsewhere (the real API, say)
    history = as_dicts(tool_round_trip(client))
    history[1]["content"][0] = {
        "type": "redacted_thinking",
        "data": "EmwKAhgBEgy3va3pzix" + "x" * 45,
    }
    assert refusal(client, history) == "messages.1.content.0: " + INVALID


def test_on_a_binding_model_a_changed_system_prompt_invalidates_the_latest_blocks(client):
    history = as_dicts(tool_round_trip(client))
    assert refusal(client, history, system="Answer in French.") == (
        "messages.1.content.0: "
        + BOUND
        + "The `system` prompt differs from the one this block was created with."
    )


def test_drop_block_drops_a_block_bound_elsewhere_instead_of_refusing(client):
    # beta thinking.block_binding: "whichever you choose", a 400 or the invalid blocks dropped
    history = as_dicts(tool_round_trip(client))
    beta = {"anthropic-beta": "thinking-binding-controls-2026-08-01"}
    thinking = {"type": "adaptive", "block_binding": {"prefix_mismatch_behavior": "drop_block"}}
    reply = create_reply(client, history, system="Answer in French.", thinking=thinking,
                   extra_headers=beta)  # fmt: skip
    assert reply.stop_reason == "end_turn"
    edited = copy.deepcopy(history)  # an edited block is still refused: it is not bound elsewhere
    edited[1]["content"][0]["thinking"] = "x"
    assert refusal(client, edited, thinking=thinking, extra_headers=beta).endswith(MODIFIED)


def later(client, model: str) -> list:
    """Two tool turns: the first is an earlier turn once the second is answered."""
    history = as_dicts(tool_round_trip(client, model=model))
    second = create_reply(
        client, history + [{"role": "user", "content": "And the time again?"}], model=model
    )
    return history + [
        {"role": "user", "content": "And the time again?"},
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in second.content]},
    ]


def test_on_a_binding_model_an_edited_block_of_an_earlier_turn_is_refused(client):
    history = later(client, "claude-haiku-5-5")
    history[1]["content"][0]["thinking"] = "I changed my mind."
    assert refusal(client, history + [{"role": "user", "content": "Ok."}]) == (
        "messages.1.content.0: Invalid `signature` in `thinking` block."
    )


def test_on_a_binding_model_an_earlier_turns_changed_prefix_names_what_changed(client):
    history = later(client, "claude-haiku-5-5") + [{"role": "user", "content": "Ok."}]
    history[0] = {"role": "user", "content": "What time is it, and the weather in Paris?"}
    assert refusal(client, history) == (
        "messages.1.content.0: "
        + BOUND
        + "The messages before this block differ from the ones it was created with."
    )


def test_on_other_models_earlier_turns_are_not_checked(client):
    history = later(client, "claude-sonnet-5")
    history[1]["content"][0]["thinking"] = "I changed my mind."
    assert create_reply(
        client, history + [{"role": "user", "content": "Ok."}], model="claude-sonnet-5"
    )


def test_another_models_blocks_are_dropped_without_an_error(client):
    history = as_dicts(tool_round_trip(client, model="claude-sonnet-5"))
    reply = create_reply(client, history, model="claude-haiku-5-5")  # switched models mid-loop
    assert reply.stop_reason == "end_turn"


def test_a_model_that_binds_no_thinking_refuses_another_models_blocks_in_the_latest_turn(client):
    # before preserved thinking, a block "generated by a different model" fails the check (§2.4)
    history = as_dicts(tool_round_trip(client, model="claude-haiku-5-5"))
    latest = max(i for i, m in enumerate(history) if m["role"] == "assistant")
    assert refusal(client, history, model="claude-sonnet-5").startswith(
        f"messages.{latest}.content.0: Invalid `signature` in `thinking` block."
    )


def test_a_model_that_reads_another_models_blocks_checks_them(client):
    # §2.5: "Claude Fable 5.1 reads blocks from Claude Opus 5 and ... from Claude Opus 5.5"
    history = as_dicts(tool_round_trip(client, model="claude-opus-5-5"))
    assert create_reply(client, history, model="claude-fable-5-1").stop_reason == "end_turn"
    edited = copy.deepcopy(history)
    edited[1]["content"][0]["thinking"] = "x"
    assert refusal(client, edited, model="claude-fable-5-1") == "messages.1.content.0: " + MODIFIED


DROP_BLOCK = {
    "thinking": {"type": "adaptive", "block_binding": {"prefix_mismatch_behavior": "drop_block"}},
    "extra_headers": {"anthropic-beta": "thinking-binding-controls-2026-08-01"},
}


def test_drop_block_still_refuses_a_block_moved_in_the_latest_message(client):
    history = as_dicts(tool_round_trip(client))
    history[1]["content"].insert(1, {"type": "text", "text": "First."})
    assert refusal(client, history, **DROP_BLOCK) == "messages.1.content.2: " + MODIFIED


def test_drop_block_drops_an_earlier_turns_block_whose_preceding_blocks_changed(client):
    history = later(client, "claude-haiku-5-5") + [{"role": "user", "content": "Ok."}]
    history[1]["content"].insert(0, {"type": "text", "text": "First."})
    assert create_reply(client, history, **DROP_BLOCK).stop_reason == "end_turn"


def test_verify_hands_back_every_block_when_none_is_dropped(client):
    history = as_dicts(tool_round_trip(client))
    request = tool_request(history, "claude-haiku-5-5")
    assert signatures.verify(copy.deepcopy(request), models.get("claude-haiku-5-5")) == request


def test_verify_hands_back_an_earlier_turn_it_does_not_check_whole(client):
    history = later(client, "claude-sonnet-5") + [{"role": "user", "content": "Ok."}]
    request = tool_request(history, "claude-sonnet-5")
    assert signatures.verify(copy.deepcopy(request), models.get("claude-sonnet-5")) == request


def test_a_string_turn_earlier_does_not_stop_the_latest_from_being_checked(client):
    opening = [
        {"role": "user", "content": "Hi"},
        {"role": "assistant", "content": "Hello."},
        ASK,
    ]
    reply = create_reply(client, opening)
    history = [*opening, {"role": "assistant", "content": [
        b.model_dump(exclude_none=True) for b in reply.content]}]  # fmt: skip
    history += [run_tool_calls(reply.content, [CLOCK, WEATHER])]
    history[3]["content"][0]["thinking"] = "x"
    assert refusal(client, history) == "messages.3.content.0: " + MODIFIED


def test_verify_drops_only_another_models_thinking_blocks(client):
    history = as_dicts(tool_round_trip(client, model="claude-sonnet-5"))
    request = tool_request(history, "claude-haiku-5-5")
    read = signatures.verify(request, models.get("claude-haiku-5-5"))
    others = [b for b in history[1]["content"] if b["type"] != "thinking"]
    assert read["messages"][1]["content"] == others and len(others) >= 2
    assert read["messages"][::2] == history[::2]


def test_an_assistant_turn_sent_as_a_string_needs_no_thinking(client):
    history = [
        ASK,
        {"role": "assistant", "content": "It is noon."},
        {"role": "user", "content": "Ok."},
    ]
    assert create_reply(client, history).type == "message"


def test_a_tool_turn_that_never_thought_is_accepted_with_thinking_on(client):
    history = as_dicts(tool_round_trip(client, thinking={"type": "disabled"}))
    kinds = [b["type"] for b in history[1]["content"]]
    assert "tool_use" in kinds and "thinking" not in kinds
    assert create_reply(client, history).type == "message"


def test_under_manual_thinking_a_stripped_turn_is_named_by_its_first_block(client):
    history = as_dicts(tool_round_trip(client, **MANUAL))
    history[1]["content"] = [
        {"type": "text", "text": "Checking."},
        *tool_uses(history[1]["content"]),
    ]
    message = refusal(client, history, **MANUAL)
    assert message == "messages.1.content.0.type: " + MUST_START.format(kind="text")


def test_under_manual_thinking_a_block_moved_after_text_is_refused_for_its_order_first(client):
    # the order is read before any signature: the moved block's signature no longer verifies
    history = as_dicts(tool_round_trip(client, **MANUAL))
    content = history[1]["content"]
    history[1]["content"] = [{"type": "text", "text": "Checking."}, *content]
    assert refusal(client, history, **MANUAL) == (
        "messages.1.content.0: If an assistant message contains any thinking blocks, the first "
        "block must be thinking or redacted_thinking. Found text."
    )


def test_string_content_and_its_one_text_block_are_the_same_to_a_binding_model(client):
    history = as_dicts(tool_round_trip(client))
    answer = create_reply(client, history)  # [thinking, text]: it signs the tool results before it
    history += [
        {"role": "assistant", "content": [b.model_dump(exclude_none=True) for b in answer.content]},
        {"role": "user", "content": "Ok."},
    ]
    history[0] = {
        **ASK,
        "content": [{"type": "text", "text": ASK["content"]}],
    }
    for block in history[2]["content"]:  # each tool_result's string as one text block
        block["content"] = [{"type": "text", "text": block["content"]}]
    assert create_reply(client, history).stop_reason == "end_turn"


def test_cache_control_and_null_fields_are_not_part_of_what_a_block_is_bound_to(client):
    history = later(client, "claude-haiku-5-5") + [{"role": "user", "content": "Ok."}]
    history[0] = {"role": "user", "content": [
        {"type": "text", "text": ASK["content"], "cache_control": {"type": "ephemeral"},
         "citations": None}]}  # fmt: skip
    assert create_reply(client, history).stop_reason == "end_turn"


def test_a_system_prompt_as_a_string_or_its_one_text_block_binds_alike(client):
    history = as_dicts(tool_round_trip(client, system="Be brief."))
    as_block = [{"type": "text", "text": "Be brief.", "cache_control": {"type": "ephemeral"}}]
    assert create_reply(client, history, system=as_block).stop_reason == "end_turn"
    assert refusal(client, history, system="Be very brief.").endswith(
        "The `system` prompt differs from the one this block was created with."
    )


def test_on_a_binding_model_changed_tools_invalidate_the_latest_blocks(client):
    history = as_dicts(tool_round_trip(client))
    assert refusal(client, history, tools=TOOLS[::-1]) == (
        "messages.1.content.0: "
        + BOUND
        + "The `tools` differ from the ones this block was created with."
    )


def test_summarized_thinking_comes_back_accepted_and_its_text_is_what_was_signed(client):
    thinking = {"type": "adaptive", "display": "summarized"}
    history = as_dicts(tool_round_trip(client, thinking=thinking))
    assert history[1]["content"][0]["thinking"]  # a summary, not the omitted ""
    assert create_reply(client, history, thinking=thinking).stop_reason == "end_turn"
    history[1]["content"][0]["thinking"] = ""  # the summary dropped: the block is edited
    assert refusal(client, history, thinking=thinking) == "messages.1.content.0: " + MODIFIED


# --- the pieces ---------------------------------------------------------------------------------


def test_a_tool_id_is_its_body_and_two_characters_the_mock_never_reads_back():
    body = "Wiun8CBMq1ZsWSJt2keB7x"
    minted = signatures.tool_id(body, "claude-haiku-5-5", True)
    assert minted.startswith("toolu_01" + body) and len(minted) == 32
    assert not hasattr(signatures, "_thought")  # no check reads what the id was made from


def test_every_tool_id_has_the_apis_pattern():
    ids = [signatures.tool_id(f"{n:022d}", "claude-haiku-5-5", n % 2 == 0) for n in range(2000)]
    assert all(re.fullmatch(r"toolu_01[0-9A-Za-z]{24}", i) for i in ids)
    assert len({i[-2:] for i in ids}) > 1000  # the two characters are spread, not constant


def test_a_signature_is_64_base64_characters_that_name_their_model():
    request = {"model": "claude-haiku-5-5", "messages": [ASK]}
    block = {"type": "thinking", "thinking": ""}
    signature = signatures.sign(request, 1, [], block, "claude-haiku-5-5")
    assert len(signature) == 64 and signatures._parse(signature)["model"] == "claude-haiku-5-5"
    assert signatures._parse(signature[:-1] + ("A" if signature[-1] != "A" else "B")) is None


# --- what a saved conversation holds ------------------------------------------------------------

# A conversation saved while talking to the mock (a session log, a notebook's stored outputs, a
# learner's JSON file) must still be accepted by the mock's next release, so the bytes a
# signature and an id are made of are pinned here: what is hashed, with which labels, how it is
# encoded and masked. A change that makes other bytes fails these tests. Without them, a saved
# turn's thinking blocks would no longer verify (a 400 when sent back), and a notebook's stored
# tool ids would change; with a new layout, `_parse` must read VERSION 1's too.
SAVED_REQUEST = {
    "system": "Réponds en français.",  # not ASCII: how the hashed JSON is encoded counts
    "tools": [
        {
            "name": "get_weather",
            "description": "La météo d'une ville.",
            "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
        }
    ],
    "messages": [{"role": "user", "content": "Quel temps fait-il à Paris ?"}],
}
SAVED_BEFORE = [{"type": "text", "text": "Je regarde."}]
SAVED_BLOCK = {"type": "thinking", "thinking": "Il faut la météo de Paris : get_weather."}
SAVED_SIGNATURES = {  # made by the mock of 2026-12-01 (VERSION 1)
    "claude-haiku-5-5": "2SS01giUNsyA2azoW0AkkbvTHnjw+6otAV0FHeLcW+qET8cWoYA4zO7FbmXnYL4/",
    "claude-sonnet-5": "Ldw/NJrwGvLIi0HLqVGjmlUmBcPYcXwSizJlWfgc0zdArboLSEytRUCpbwYSggCA",
}
SAVED_IDS = {  # (body, the turn thought) -> the id claude-sonnet-5 got from the mock
    ("Wiun8CBMq1ZsWSJt2keB7x", True): "toolu_01Wiun8CBMq1ZsWSJt2keB7xoQ",
    ("Wiun8CBMq1ZsWSJt2keB7x", False): "toolu_01Wiun8CBMq1ZsWSJt2keB7xka",
    ("0000000000000000000000", True): "toolu_010000000000000000000000mc",
    ("0000000000000000000000", False): "toolu_010000000000000000000000L5",
}


@pytest.mark.parametrize("model", sorted(SAVED_SIGNATURES))  # one binds thinking, one does not
def test_a_saved_signature_is_made_again_byte_for_byte_and_still_verifies(model):
    signature = signatures.sign(SAVED_REQUEST, 1, SAVED_BEFORE, SAVED_BLOCK, model)
    assert signature == SAVED_SIGNATURES[model]
    turn = {
        "role": "assistant",
        "content": [*SAVED_BEFORE, {**SAVED_BLOCK, "signature": signature}],
    }
    saved = {**SAVED_REQUEST, "model": model}
    saved["messages"] = [*SAVED_REQUEST["messages"], turn, {"role": "user", "content": "Merci !"}]
    assert signatures.verify(saved, models.get(model)) == saved


@pytest.mark.parametrize("body, thought", sorted(SAVED_IDS))
def test_a_saved_tool_id_is_made_again_byte_for_byte(body, thought):
    assert signatures.tool_id(body, "claude-sonnet-5", thought) == SAVED_IDS[body, thought]


# --- the chapters' own loop, any transcript -----------------------------------------------------

QUESTIONS = ["What time is it?", "What's the weather in Paris?", "add 1234 and 5678",
             "weather in Tokyo and Lima", "现在几点？", "Hello!",
             "What is 1+2 and 3+4?"]  # fmt: skip
THINKING_MODELS = ["claude-haiku-5-5", "claude-sonnet-5", "claude-opus-5-5", "claude-sonnet-5-5",
                   "claude-fable-5-1", "claude-opus-5"]  # fmt: skip
B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def chapter_loop(questions: list[str], model: str) -> tuple[list, list]:
    """The loop the chapters build: call_model, run every call, append each reply whole.

    Returns the history, ending with a user turn, and the tools menu it was sent with.
    """
    from handagent.examples import ADDER
    from handagent.llm import call_model

    tools, history = [CLOCK, ADDER, WEATHER], []
    menu = [{"name": t.name, "description": t.description, "input_schema": t.input_schema}
            for t in tools]  # fmt: skip
    for question in questions:
        history.append({"role": "user", "content": question})
        reply = call_model(history, menu, model=model)  # every next request: accepted
        history.append({"role": "assistant", "content": reply.content})
        while reply.stop_reason == "tool_use":
            history.append(run_tool_calls(reply.content, tools))
            reply = call_model(history, menu, model=model)
            history.append({"role": "assistant", "content": reply.content})
    return history + [{"role": "user", "content": "Thanks!"}], menu


def one_character_off(text: str, at: int, change: str, alphabet: str) -> str:
    """`text` with one character inserted, deleted or replaced at `at` (wrapped)."""
    if change == "delete" and text:
        at %= len(text)
        return text[:at] + text[at + 1 :]
    if change == "replace" and text:
        at %= len(text)
        other = (
            alphabet[(alphabet.index(text[at]) + 1) % len(alphabet)]
            if text[at] in alphabet
            else "A"
        )
        return text[:at] + other + text[at + 1 :]
    at %= len(text) + 1
    return text[:at] + alphabet[at % len(alphabet)] + text[at:]


LOOP_SETTINGS = hypothesis.settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[
        hypothesis.HealthCheck.function_scoped_fixture,
        hypothesis.HealthCheck.too_slow,
    ],
)


@LOOP_SETTINGS
@hypothesis.given(
    questions=st.lists(st.sampled_from(QUESTIONS), min_size=1, max_size=3),
    model=st.sampled_from(THINKING_MODELS),
    pick=st.integers(0, 10**6),
    field=st.sampled_from(["thinking", "signature"]),
    change=st.sampled_from(["insert", "delete", "replace"]),
    at=st.integers(0, 200),
)
def test_the_chapters_loop_is_always_accepted_and_any_one_character_change_refused(
    mock_provider, monkeypatch, questions, model, pick, field, change, at
):
    import handagent.examples
    from handagent.llm import client as llm_client

    monkeypatch.setattr(handagent.examples, "WEATHER_DELAY_SECONDS", 0)
    history, menu = chapter_loop(questions, model)
    wire = as_dicts(history)
    binding = models.get(model).binds_thinking
    latest = max(i for i, m in enumerate(wire) if m["role"] == "assistant")
    turns = [i for i, m in enumerate(wire) if m["role"] == "assistant" and (binding or i == latest)]
    checked = [(i, j) for i in turns for j, b in enumerate(wire[i]["content"])
               if b["type"] == "thinking"]  # fmt: skip
    hypothesis.assume(checked)
    i, j = checked[pick % len(checked)]
    block = wire[i]["content"][j]
    alphabet = B64 if field == "signature" else "abc 思"
    changed = one_character_off(block[field], at, change, alphabet)
    hypothesis.assume(changed != block[field])
    block[field] = changed
    with pytest.raises(anthropic.BadRequestError) as caught:
        llm_client().messages.create(model=model, max_tokens=1024, messages=wire, tools=menu)
    words = MODIFIED if i == latest and field == "thinking" else INVALID  # a signature changed
    assert caught.value.body["error"]["message"] == f"messages.{i}.content.{j}: {words}"
