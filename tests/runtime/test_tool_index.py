"""Tests for handagent.runtime.tool_index: chapter 13's own tool search, BM25 over what a search
reads of a tool, answered with tool_reference blocks; checked against BM25 worked by hand."""

import math

import pytest

from handagent.runtime.tool_index import ToolIndex, bm25, ranked, search_entry, tokens, words_of

RATE = {"name": "get_exchange_rate", "description": "Exchange rate of two currencies.",
        "input_schema": {"type": "object", "properties": {"base": {"description": "From."}}},
        "defer_loading": True}  # fmt: skip
WEATHER = {"name": "get_weather", "description": "Weather in a city.",
           "input_schema": {"type": "object"}, "defer_loading": True}  # fmt: skip
LOADED = {"name": "search_tools", "description": "Weather and rates.",
          "input_schema": {"type": "object"}}  # fmt: skip


def test_a_search_reads_names_descriptions_and_arguments_in_lower_case_words():
    assert words_of(RATE) == "get_exchange_rate Exchange rate of two currencies. base From."
    assert tokens("get_exchange_rate USD") == ["get", "exchange", "rate", "usd"]


def test_bm25_agrees_with_the_formula_worked_by_hand():
    documents = ["exchange rate rate", "weather"]
    idf = math.log(1 + (2 - 1 + 0.5) / (1 + 0.5))  # "rate" in one of two documents
    length = 3 / 2  # the document's length over the average
    expected = idf * 2 * 2.2 / (2 + 1.2 * (1 - 0.75 + 0.75 * length))
    assert bm25("rate", documents) == pytest.approx([expected, 0.0])


def test_a_tool_sharing_no_word_is_never_returned_and_ties_keep_the_menu_order():
    assert ranked("weather", [RATE, WEATHER]) == ["get_weather"]
    assert ranked("get", [RATE, WEATHER]) == ["get_weather", "get_exchange_rate"]  # shorter first
    assert ranked("get", [WEATHER, dict(WEATHER, name="get_climate")]) == [
        "get_weather",
        "get_climate",
    ]
    assert ranked("nothing here", [RATE, WEATHER]) == []


def test_the_index_holds_only_deferred_tools_and_answers_with_references():
    index = ToolIndex([LOADED, RATE, WEATHER], limit=1)
    assert [t["name"] for t in index.tools] == ["get_exchange_rate", "get_weather"]
    use = {"type": "tool_use", "id": "toolu_1", "name": "search_tools", "input": {"query": "rate"}}
    assert index.answer(use) == {"type": "tool_result", "tool_use_id": "toolu_1",
        "content": [{"type": "tool_reference", "tool_name": "get_exchange_rate"}]}  # fmt: skip


@pytest.mark.parametrize(
    ("given", "said"),
    [
        ({}, "query must be"),
        ({"query": " "}, "query must"),
        ({"query": "zebra"}, "No tool matches 'zebra'"),
    ],
)
def test_a_query_that_finds_nothing_is_answered_in_words_the_model_can_use(given, said):
    answer = ToolIndex([RATE]).answer({"id": "toolu_2", "input": given})
    assert isinstance(answer["content"], str) and answer["content"].startswith(said)


def test_the_search_tool_itself_is_never_deferred():
    assert "defer_loading" not in search_entry() and search_entry()["name"] == "search_tools"
