"""Tests for handagent.api.model_rules: what each catalogue row lets a request do, in the API's
words.

Expected messages are typed out from ../shared/reference/api-2026-12.md (§2.1, §2.6, §3) and
from the recorded replies; the models are the reference's examples for each rule.
"""

import anthropic
import pytest
from builders import HI, rejected, request

from handagent.api import model_rules, models
from handagent.api.checks import Rejection, check_request

ADAPTIVE_ADVICE = (
    ' Use "thinking.type.adaptive" and "output_config.effort" to control thinking behavior.'
)


def body(model: str, **fields) -> dict:
    """A request to this model, saying "Hi" unless told otherwise."""
    return request(model=model, **fields)


PREFILL = (
    "This model does not support assistant message prefill. "
    "The conversation must end with a user message."
)


@pytest.mark.parametrize("model", ["claude-haiku-5-5", "claude-opus-5-5", "claude-sonnet-4-6"])
def test_a_prefill_is_refused_where_the_model_takes_none(model):
    messages = [HI, {"role": "assistant", "content": "The answer is ("}]
    assert rejected(body(model, messages=messages)) == PREFILL


def test_an_empty_final_assistant_message_is_a_prefill_too():
    assert rejected(body("claude-haiku-5-5", messages=[HI, {"role": "assistant", "content": ""}]))


def test_haiku_4_5_still_takes_a_prefill():
    messages = [HI, {"role": "assistant", "content": "The answer is ("}]
    assert check_request(body("claude-haiku-4-5", messages=messages)) is None


def test_a_system_message_after_the_prefill_does_not_end_the_conversation():
    messages = [HI, {"role": "assistant", "content": "So"}, {"role": "system", "content": "Go."}]
    assert rejected(body("claude-opus-5-5", messages=messages)) == PREFILL


TOOLS = [{"name": "get_time", "input_schema": {"type": "object"}}]


@pytest.mark.parametrize("model", ["claude-opus-5-5", "claude-sonnet-5-5", "claude-fable-5-1"])
@pytest.mark.parametrize("choice", [{"type": "any"}, {"type": "tool", "name": "get_time"}])
def test_forced_tool_choice_is_refused_where_the_model_takes_none(model, choice):
    message = rejected(body(model, tools=TOOLS, tool_choice=choice))
    assert message == 'tool_choice: type "tool" and "any" are not supported for this model.'


def test_forced_tool_choice_with_manual_thinking_is_refused():
    request = body(
        "claude-haiku-4-5",
        max_tokens=4000,
        tools=TOOLS,
        tool_choice={"type": "any"},
        thinking={"type": "enabled", "budget_tokens": 2000},
    )
    assert rejected(request) == "Thinking may not be enabled when tool_choice forces tool use."


def test_forced_tool_choice_with_adaptive_thinking_is_accepted_where_forcing_is():
    request = body("claude-haiku-5-5", tools=TOOLS, tool_choice={"type": "any"})
    assert check_request(request) is None


@pytest.mark.parametrize(
    ("model", "kind"),
    [
        ("claude-opus-5-5", "disabled"),
        ("claude-opus-5-5", "enabled"),
        ("claude-sonnet-5", "enabled"),
        ("claude-haiku-5-5", "enabled"),
    ],
)
def test_a_thinking_type_the_model_refuses_gets_the_documented_words(model, kind):
    thinking = {"type": kind, "budget_tokens": 2000} if kind == "enabled" else {"type": kind}
    message = rejected(body(model, max_tokens=4000, thinking=thinking))
    assert message == f'"thinking.type.{kind}" is not supported for this model.' + ADAPTIVE_ADVICE


@pytest.mark.parametrize(
    "model", ["claude-fable-5", "claude-fable-5-1", "claude-mythos-5-1", "claude-fable-5-2"]
)
def test_disabled_thinking_on_an_always_on_model_gets_the_docs_own_words(model):
    # docs, errors page and thinking troubleshooting, verbatim ("On Claude Fable 5.1, Claude
    # Mythos 5.1, Claude Fable 5, Claude Mythos 5 ... thinking is always on"); [U] Fable 5.2
    assert rejected(body(model, thinking={"type": "disabled"})) == (
        '"thinking.type.disabled" is not supported for this model. Thinking defaults to adaptive '
        'mode when not specified; use "thinking.type.enabled" with "budget_tokens" for extended '
        "thinking."
    )


def test_adaptive_thinking_on_a_model_with_only_extended_thinking_gets_the_apis_sentence():
    # docs, errors page: "Models that support only extended thinking (Claude 4.5 and earlier
    # models) reject `thinking: {"type": "adaptive"}`"; docker/docker-agent#3362
    assert rejected(body("claude-haiku-4-5", thinking={"type": "adaptive"})) == (
        "adaptive thinking is not supported on this model"
    )


def test_sonnet_5_5_points_from_disabled_to_between_tools():
    message = rejected(body("claude-sonnet-5-5", thinking={"type": "disabled"}))
    assert message.startswith('"thinking.type.disabled" is not supported for this model. Use ')
    assert '"thinking.type.between_tools"' in message


def test_thinking_can_be_turned_off_only_up_to_the_models_effort():
    off = {"type": "disabled"}
    assert (
        check_request(body("claude-haiku-5-5", thinking=off, output_config={"effort": "high"}))
        is None
    )
    assert rejected(body("claude-haiku-5-5", thinking=off, output_config={"effort": "xhigh"}))
    between = {"type": "between_tools"}
    assert check_request(body("claude-sonnet-5-5", thinking=between)) is None
    assert rejected(body("claude-sonnet-5-5", thinking=between, output_config={"effort": "max"}))


def test_manual_thinking_needs_a_budget_of_1024_below_max_tokens():
    small = body("claude-haiku-4-5", thinking={"type": "enabled", "budget_tokens": 1000})
    assert rejected(small) == (
        "thinking.enabled.budget_tokens: Input should be greater than or equal to 1024"
    )
    over = body(
        "claude-haiku-4-5", max_tokens=2000, thinking={"type": "enabled", "budget_tokens": 2000}
    )
    assert rejected(over) == (  # §2.6, ProfSynapse/nexus#17
        "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our "
        "documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
        "#max-tokens-and-context-window-size"
    )


def test_an_effort_the_model_lacks_lists_the_ones_it_has_in_the_recorded_words():
    # recorded: pydantic-ai test_anthropic_explicit_effort_xhigh_unsupported (Opus 4.6)
    request = body("claude-opus-4-6", output_config={"effort": "xhigh"})
    assert rejected(request) == (
        "This model does not support effort level 'xhigh'. "
        "Supported levels: high, low, max, medium."
    )


def test_max_tokens_over_the_models_maximum_names_the_dated_model():
    message = rejected(body("claude-haiku-4-5", max_tokens=64_001))
    assert message == (
        "max_tokens: 64001 > 64000, which is the maximum allowed number of output tokens for "
        "claude-haiku-4-5-20251001"
    )
    assert check_request(body("claude-haiku-4-5", max_tokens=64_000)) is None


@pytest.mark.parametrize(
    ("model", "sampling", "expected"),
    [
        ("claude-opus-4-8", {"temperature": 0.5}, "`temperature` is deprecated for this model."),
        ("claude-opus-4-8", {"top_p": 1}, "`top_p` is deprecated for this model."),
        ("claude-haiku-5-5", {"top_k": 40}, "`top_k` is deprecated for this model."),
        ("claude-haiku-4-5", {"temperature": 0.5, "top_p": 0.9},
         "`temperature` and `top_p` cannot both be specified for this model. Please use only one."),
    ],
)  # fmt: skip
def test_sampling_under_2023_06_01_follows_the_models_rule(model, sampling, expected):
    assert rejected(body(model, **sampling), version="2023-06-01") == expected


@pytest.mark.parametrize(
    ("model", "sampling"),
    [
        ("claude-opus-4-8", {"temperature": 1}),  # the one value a default-only model takes
        ("claude-haiku-4-5", {"temperature": 0.2, "top_k": 40}),  # recorded: a 200
    ],
)
def test_sampling_the_model_takes_under_2023_06_01_is_accepted(model, sampling):
    assert check_request(body(model, **sampling), version="2023-06-01") is None


def test_count_tokens_checks_what_it_takes_and_no_prefill():
    request = {"model": "claude-opus-5-5", "messages": [HI, {"role": "assistant", "content": "So"}]}
    assert check_request(request, count_tokens=True) is None
    forced = {**request, "tools": TOOLS, "tool_choice": {"type": "any"}}
    assert rejected(forced, count_tokens=True).startswith('tool_choice: type "tool" and "any"')


def test_a_paused_server_tool_turn_sent_back_to_finish_is_not_a_prefill():
    # §4.4 "continue the conversation by sending the response back as-is"; recorded:
    # pydantic-ai test_pause_turn_web_search (a 200)
    paused = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_search",
              "input": {"query": "news"}}  # fmt: skip
    messages = [
        HI,
        {"role": "assistant", "content": [{"type": "text", "text": "Searching."}, paused]},
    ]
    search = [{"type": "web_search_20250305", "name": "web_search"}]
    assert check_request(body("claude-opus-5-5", messages=messages, tools=search)) is None


def test_a_paused_turn_sent_back_after_earlier_turns_is_not_a_prefill_either():
    paused = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_search",
              "input": {"query": "news"}}  # fmt: skip
    messages = [
        HI,
        {"role": "assistant", "content": "Hello."},
        {"role": "user", "content": "Any news?"},
        {"role": "assistant", "content": [{"type": "text", "text": "Searching."}, paused]},
    ]
    search = [{"type": "web_search_20250305", "name": "web_search"}]
    assert check_request(body("claude-opus-5-5", messages=messages, tools=search)) is None


def test_an_effort_on_a_model_without_efforts_gets_the_apis_sentence():
    # public projects quote the API's 400, probed live on Haiku 4.5 (2026-08-28, 2026-10-08)
    request = body("claude-haiku-4-5", output_config={"effort": "low"})
    assert rejected(request) == "This model does not support the effort parameter."


# vibeproxy#509: "`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive"
CLEAR_THINKING = {"edits": [{"type": "clear_thinking_20251015", "keep": "all"}]}
CONTEXT_BETA = ("context-management-2025-06-27",)


@pytest.mark.parametrize(
    ("model", "thinking"),
    [("claude-haiku-4-5", None), ("claude-haiku-5-5", {"type": "disabled"})],
)
def test_clearing_thinking_is_refused_where_thinking_is_off(model, thinking):
    extra = {"thinking": thinking} if thinking else {}
    request = body(model, context_management=CLEAR_THINKING, **extra)
    assert rejected(request, betas=CONTEXT_BETA) == (
        "`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive"
    )


@pytest.mark.parametrize(
    ("model", "thinking"),
    [
        ("claude-haiku-5-5", None),  # thinks unless told not to
        ("claude-haiku-5-5", {"type": "adaptive"}),
        ("claude-haiku-4-5", {"type": "enabled", "budget_tokens": 1024}),
    ],
)
def test_clearing_thinking_is_accepted_where_thinking_is_on(model, thinking):
    extra = {"thinking": thinking} if thinking else {}
    request = body(model, max_tokens=2000, context_management=CLEAR_THINKING, **extra)
    assert check_request(request, betas=CONTEXT_BETA) is None


def test_clearing_tool_uses_needs_no_thinking():
    edits = {"edits": [{"type": "clear_tool_uses_20250919"}]}
    request = body("claude-haiku-4-5", context_management=edits)
    assert check_request(request, betas=CONTEXT_BETA) is None


def test_manual_thinking_with_a_budget_of_1024_below_max_tokens_is_accepted():
    request = body("claude-haiku-4-5", max_tokens=1025,
                   thinking={"type": "enabled", "budget_tokens": 1024})  # fmt: skip
    assert check_request(request) is None


def test_count_tokens_takes_manual_thinking_without_max_tokens():
    request = {"model": "claude-haiku-4-5", "messages": [HI],
               "thinking": {"type": "enabled", "budget_tokens": 2000}}  # fmt: skip
    assert check_request(request, count_tokens=True) is None


@pytest.mark.parametrize(
    ("model", "thinking", "advice"),
    [
        ("claude-sonnet-5-5", {"type": "enabled", "budget_tokens": 2000}, ADAPTIVE_ADVICE),
        ("claude-opus-5-5", {"type": "disabled"}, ADAPTIVE_ADVICE),
    ],
)  # fmt: skip
def test_the_advice_names_a_thinking_type_the_model_has(model, thinking, advice):
    kind = thinking["type"]
    message = rejected(body(model, max_tokens=4000, thinking=thinking))
    assert message == f'"thinking.type.{kind}" is not supported for this model.' + advice


def test_between_tools_above_its_effort_points_to_adaptive_not_to_itself():
    request = body("claude-sonnet-5-5", thinking={"type": "between_tools"},
                   output_config={"effort": "max"})  # fmt: skip
    assert rejected(request) == (
        '"thinking.type.between_tools" is not supported for this model.' + ADAPTIVE_ADVICE
    )


def test_a_row_with_no_other_thinking_type_refuses_without_advice():
    # the retired rows think not at all; `check` takes any row, served or not
    row = models.find("claude-3-opus-20240229")
    assert row.thinking_types == {"disabled"}
    request = body(row.id, max_tokens=4000, thinking={"type": "enabled", "budget_tokens": 2000})
    with pytest.raises(Rejection) as caught:
        model_rules.check(request, row, version="2023-06-01", count_tokens=False)
    assert caught.value.message == '"thinking.type.enabled" is not supported for this model.'


# --- the context window: every served row's, typed out from the reference's table (§1.1) ----
WINDOWS = {
    "claude-fable-5-2": 1_000_000, "claude-mythos-5-2": 1_000_000,
    "claude-haiku-5-5": 1_000_000, "claude-sonnet-5-5": 1_000_000,
    "claude-fable-5-1": 1_000_000, "claude-opus-5-5": 1_000_000,
    "claude-mythos-5-1": 1_000_000, "claude-sonnet-5": 1_000_000,
    "claude-fable-5": 1_000_000, "claude-mythos-5": 1_000_000, "claude-opus-5": 1_000_000,
    "claude-opus-4-8": 1_000_000, "claude-opus-4-7": 1_000_000,
    "claude-opus-4-6": 200_000, "claude-sonnet-4-6": 200_000,
    "claude-haiku-4-5-20251001": 200_000, "claude-opus-4-5-20251101": 200_000,
}  # fmt: skip


def test_every_served_row_has_its_window_typed_out_here():
    assert {m.id: m.context_window for m in models.served()} == WINDOWS


def test_a_prompt_one_token_over_the_window_is_refused_with_its_count():
    # Haiku 4.5 counts one token per Chinese character; 7 tokens frame one message
    over = body("claude-haiku-4-5", messages=[{"role": "user", "content": "字" * 199_994}])
    assert rejected(over) == "prompt is too long: 200001 tokens > 200000 maximum"
    fits = body("claude-haiku-4-5", messages=[{"role": "user", "content": "字" * 199_993}])
    assert check_request(fits) is None


def test_max_tokens_is_not_counted_against_the_window():
    fits = body("claude-haiku-4-5", max_tokens=64_000,
                messages=[{"role": "user", "content": "字" * 199_993}])  # fmt: skip
    assert check_request(fits) is None


def test_count_tokens_counts_a_prompt_over_the_window():
    over = {"model": "claude-haiku-4-5", "messages": [{"role": "user", "content": "字" * 300_000}]}
    assert check_request(over, count_tokens=True) is None


@pytest.mark.parametrize(("model", "window"), WINDOWS.items())
def test_the_sdk_gets_the_apis_400_for_a_prompt_over_each_models_window(sdk, model, window):
    messages = [{"role": "user", "content": "字" * window}]  # at least one token per character
    counted = sdk.messages.count_tokens(model=model, messages=messages).input_tokens
    assert counted > window
    with pytest.raises(anthropic.BadRequestError) as caught:
        sdk.messages.create(model=model, max_tokens=100, messages=messages)
    assert caught.value.status_code == 400
    assert caught.value.body["error"] == {
        "type": "invalid_request_error",
        "message": f"prompt is too long: {counted} tokens > {window} maximum",
    }
