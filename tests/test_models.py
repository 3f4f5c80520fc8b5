"""Tests for handagent.models: the catalogue against the installed SDK's own lists and types."""

import re
import typing
from datetime import date

import pytest
from anthropic.resources.messages.messages import DEPRECATED_MODELS
from anthropic.types import ModelInfo
from anthropic.types.model import Model as SDKModel

from handagent import models
from handagent.models import AS_OF, MODELS, find, get, model_info

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
    with pytest.raises(ValueError, match=r"not in handagent.models; use one of the current"):
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
