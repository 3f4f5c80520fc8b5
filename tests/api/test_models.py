"""Tests for handagent.api.models: the catalogue against the installed SDK's own lists and types."""

import re
import typing
from dataclasses import replace
from datetime import date

import pytest
from anthropic.resources.messages.messages import DEPRECATED_MODELS
from anthropic.types import ModelInfo
from anthropic.types.model import Model as SDKModel

from handagent.api import models
from handagent.api.checks import Rejection, check_request
from handagent.api.models import AS_OF, MODELS, find, get, model_info

SDK_IDS = [arg for arg in typing.get_args(typing.get_args(SDKModel)[0])]
MONTHS = "January February March April May June July August September October November December"


def sdk_date(text: str) -> date:
    """The SDK's end-of-life text as a date. Example: "June 15th, 2026" -> date(2026, 6, 15)"""
    month, day, year = text.replace(",", "").split()
    return date(int(year), MONTHS.split().index(month) + 1, int(re.sub(r"\D", "", day)))


@pytest.mark.parametrize("model_id", SDK_IDS)
def test_every_model_the_sdk_lists_has_a_row(model_id):
    assert find(model_id) is not None


@pytest.mark.parametrize("model_id", [m for m in DEPRECATED_MODELS if m.startswith("claude-3-")])
def test_recently_retired_ids_the_sdk_warns_about_are_retired(model_id):
    row = find(model_id)
    assert row is not None and row.lifecycle == "retired"
    assert row.retires_on == sdk_date(DEPRECATED_MODELS[model_id])


@pytest.mark.parametrize("model_id", [m for m in DEPRECATED_MODELS if find(m)])
def test_sdk_end_of_life_dates_match_the_catalogue(model_id):
    row = find(model_id)
    assert row.retires_on == sdk_date(DEPRECATED_MODELS[model_id])
    assert row.lifecycle == ("retired" if row.retires_on <= AS_OF else "deprecated")


@pytest.mark.parametrize("row", MODELS, ids=lambda m: m.id)
def test_every_row_is_sourced_and_served_rows_are_priced(row):
    assert row.sources and all(source.strip() for source in row.sources)
    if row.served:
        assert row.prices is not None and row.prices.output > row.prices.input > 0


@pytest.mark.parametrize("row", MODELS, ids=lambda m: m.id)
def test_every_row_is_a_model_info_the_sdk_parses(row):
    info = ModelInfo.model_validate(model_info(row))
    assert (info.id, info.max_tokens, info.max_input_tokens) == (
        row.id,
        row.max_output_tokens,
        row.context_window,
    )
    assert info.lifecycle == {"legacy": "active"}.get(row.lifecycle, row.lifecycle)
    types = info.capabilities.thinking.types
    assert types.adaptive.supported == ("adaptive" in row.thinking_types)
    assert types.enabled.supported == ("enabled" in row.thinking_types)


def test_ids_and_aliases_name_one_row_each():
    names = [name for row in MODELS for name in (row.id, *row.aliases)]
    assert len(names) == len(set(names))


def test_an_alias_finds_its_dated_row():
    assert find("claude-haiku-4-5").id == "claude-haiku-4-5-20251001"
    assert find("claude-sonnet-4-5") is find("claude-sonnet-4-5-20250929")


def test_an_unknown_id_is_not_found_and_get_names_the_fix():
    assert find("claude-sonet-4-5") is None and find(None) is None
    with pytest.raises(ValueError, match=r"not in handagent.api.models; use one of the current"):
        get("claude-does-not-exist")


def test_the_cheapest_current_model_is_haiku_5_5():
    assert models.cheapest().id == "claude-haiku-5-5"


def test_replacements_are_rows_that_are_served():
    for row in MODELS:
        if row.replacement:
            assert find(row.replacement).served, row.id


def test_thinking_can_be_turned_off_only_up_to_the_models_effort_limit():
    haiku, opus = get("claude-haiku-5-5"), get("claude-opus-5-5")
    assert haiku.accepts_thinking("disabled") and haiku.accepts_thinking("disabled", "high")
    assert not haiku.accepts_thinking("disabled", "xhigh")
    assert not opus.accepts_thinking("disabled") and opus.accepts_thinking("adaptive", "max")
    assert get("claude-sonnet-5-5").accepts_thinking("between_tools", "low")
    assert not get("claude-haiku-5-5").accepts_thinking("between_tools")


def test_haiku_5_5_bills_long_prompts_at_five_times_the_price():
    prices = get("claude-haiku-5-5").prices
    assert prices.for_prompt(100_000) is prices
    assert prices.for_prompt(100_001).input == 5 * prices.input


def test_thinking_at_max_effort_is_refused_only_when_turned_off():
    haiku, sonnet = get("claude-haiku-5-5"), get("claude-sonnet-5-5")
    assert haiku.accepts_thinking("adaptive", "max")
    assert not sonnet.accepts_thinking("between_tools", "max")


def test_thinking_off_is_judged_at_the_models_default_effort_when_none_is_asked():
    # Haiku 5.5 defaults to medium (reference §2.1): a limit of medium would let it turn off
    medium_limit = replace(get("claude-haiku-5-5"), thinking_off_up_to="medium")
    assert medium_limit.accepts_thinking("disabled")
    assert not medium_limit.accepts_thinking("disabled", "high")
    no_default = replace(get("claude-haiku-5-5"), default_effort=None)  # the API's default: high
    assert no_default.accepts_thinking("disabled") and not no_default.accepts_thinking(
        "disabled", "xhigh"
    )


def test_an_id_that_is_not_a_string_is_not_found():
    assert find(["claude-haiku-5-5"]) is None and find({"id": "claude-haiku-5-5"}) is None


def test_get_lists_the_current_models_to_choose_from():
    with pytest.raises(ValueError) as caught:
        get("claude-does-not-exist")
    listed = re.search(r"current models \((.*)\) or add", str(caught.value)).group(1)
    assert set(listed.split(", ")) == {m.id for m in models.current()}


def test_served_lists_every_model_but_the_retired_newest_first():
    rows = models.served()
    assert {m.id for m in rows} == {m.id for m in MODELS if m.lifecycle != "retired"}
    assert [m.id for m in rows[:3]] == ["claude-mythos-5-2", "claude-fable-5-2", "claude-haiku-5-5"]
    assert rows[-1].id == "claude-haiku-4-5-20251001"


def test_current_lists_the_active_models_newest_first():
    rows = models.current()
    assert {m.id for m in rows} == {m.id for m in MODELS if m.lifecycle == "active"}
    assert [m.released for m in rows] == sorted((m.released for m in rows), reverse=True)
    assert rows[-1].id == "claude-haiku-4-5-20251001"


def test_cheapest_picks_among_the_models_given():
    assert models.cheapest([get("claude-opus-4-8"), get("claude-sonnet-4-6")]).id == (
        "claude-sonnet-4-6"
    )


# --- model_info against the SDK's ModelInfo docstrings ---------------------------------------
def test_deprecated_at_and_retires_at_are_set_once_a_model_is_deprecated():
    # SDK: deprecated_at "`null` while the model is `active`"; retires_at "`null` while the model
    # is `active` or while no retirement is scheduled"
    info = model_info(get("claude-opus-4-5"))
    assert (info["deprecated_at"], info["retires_at"]) == (
        "2026-11-23T00:00:00Z",
        "2027-01-22T00:00:00Z",
    )
    scheduled = replace(get("claude-haiku-5-5"), retires_on=date(2027, 10, 7))
    assert (model_info(scheduled)["deprecated_at"], model_info(scheduled)["retires_at"]) == (
        None,
        None,
    )


def test_the_line_is_the_rows_line():
    assert [model_info(get(i))["line"] for i in ("claude-haiku-5-5", "claude-opus-4-8")] == [
        "haiku",
        "opus",
    ]


REQUEST = {"max_tokens": 2000, "messages": [{"role": "user", "content": "Hi"}]}


def _accepted(row: models.Model, **extra) -> bool:
    try:
        check_request({"model": row.id, **REQUEST, **extra}, catalogue_only=True)
    except Rejection:
        return False
    return True


@pytest.mark.parametrize("row", models.served(), ids=lambda m: m.id)
def test_the_thinking_types_a_row_lists_are_the_ones_its_requests_may_send(row):
    # SDK ThinkingTypes.disabled: "False exactly when a request that sends it gets a 400"
    types = model_info(row)["capabilities"]["thinking"]["types"]
    for kind, flag in types.items():
        thinking = {"type": kind, **({"budget_tokens": 1024} if kind == "enabled" else {})}
        assert flag == {"supported": _accepted(row, thinking=thinking)}, kind


@pytest.mark.parametrize("row", models.served(), ids=lambda m: m.id)
def test_the_effort_levels_a_row_lists_are_the_ones_its_requests_may_send(row):
    effort = model_info(row)["capabilities"]["effort"]
    assert effort["supported"] == bool(row.efforts)
    for level in models.EFFORTS:
        assert effort[level] == {"supported": _accepted(row, output_config={"effort": level})}


def test_a_model_that_cannot_think_lists_disabled_only():
    # SDK ThinkingTypes.disabled: "True on a model that does not support thinking"
    thinking = model_info(replace(get("claude-haiku-4-5"), thinking_types=frozenset()))[
        "capabilities"
    ]["thinking"]
    assert thinking["supported"] is False
    assert {k for k, v in thinking["types"].items() if v["supported"]} == {"disabled"}
    assert model_info(get("claude-sonnet-4-5"))["capabilities"]["thinking"]["supported"] is False


def test_haiku_5_5_lists_every_capability_the_catalogue_gives_it():
    yes, no = {"supported": True}, {"supported": False}
    capabilities = model_info(get("claude-haiku-5-5"))["capabilities"]
    assert {k: v for k, v in capabilities.items() if k not in ("effort", "thinking")} == {
        "batch": yes,
        "citations": yes,
        "code_execution": yes,  # programmatic tool calling: the 2026 generation
        "context_management": yes,
        "image_input": yes,
        "pdf_input": yes,
        "server_tools": {"supported": True, "code_execution": yes, "web_search": yes},
        "structured_outputs": yes,
    }
    assert model_info(get("claude-haiku-4-5"))["capabilities"]["code_execution"] == no


# The minimum cacheable prefix, typed out: §7 (the 5.5 models, Haiku 4.5) and the prompt-caching
# docs' table as quoted in public (anthropic-sdk-python#1194, dev.to/creeta 2026).
CACHE_MINIMUMS = {
    "claude-fable-5-2": 512, "claude-mythos-5-2": 512, "claude-haiku-5-5": 512,
    "claude-sonnet-5-5": 512, "claude-fable-5-1": 512, "claude-opus-5-5": 512,
    "claude-mythos-5-1": 512, "claude-sonnet-5": 1_024, "claude-fable-5": 512,
    "claude-mythos-5": 512, "claude-opus-5": 512, "claude-opus-4-8": 1_024,
    "claude-opus-4-7": 2_048, "claude-opus-4-6": 4_096, "claude-sonnet-4-6": 1_024,
    "claude-haiku-4-5-20251001": 4_096, "claude-opus-4-5-20251101": 4_096,
}  # fmt: skip


def test_every_served_row_has_its_minimum_cacheable_prefix():
    assert {m.id: m.cache_minimum for m in models.served()} == CACHE_MINIMUMS


def test_a_guessed_cache_minimum_is_listed_as_unconfirmed():
    for model_id in ("claude-fable-5-2", "claude-mythos-5-2", "claude-fable-5-1"):
        assert any(u.startswith("cache_minimum") for u in get(model_id).unconfirmed)
