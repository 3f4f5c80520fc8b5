"""Tests for handagent.mock.hosted.tool_search: the regex and BM25 searches, as documented.

The documented behaviour (docs: tool-search-tool) is quoted per test: what a search reads, its
limits, its results and its errors, which are 200s.
"""

import pytest
from builders import tool

from handagent.mock.hosted.tool_search import found, loaded, pool, result
from handagent.runtime.tool_index import bm25, words_of

RATE = {**tool("get_exchange_rate", "Get the exchange rate of two currencies.",
               base="string"), "defer_loading": True}  # fmt: skip
STOCK = {**tool("stock_lookup", "Look up a stock price by ticker.", ticker="string"),
         "defer_loading": True}  # fmt: skip
WEATHER = {**tool("get_weather", "Weather for a city.", city="string"), "defer_loading": True}
WEATHER["input_schema"]["properties"]["city"]["description"] = "The city, e.g. Paris"
POOL = [RATE, STOCK, WEATHER]
REGEX = {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}
BM25 = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}


def test_a_search_reads_names_descriptions_argument_names_and_their_descriptions():
    assert words_of(WEATHER) == "get_weather Weather for a city. city The city, e.g. Paris"
    assert found("regex", {"pattern": "paris"}, POOL) == ["get_weather"]  # an argument's words


def test_regex_matches_case_insensitively_with_python_re_search():
    # docs: "Claude writes Python `re.search()` patterns ... Matching is case-insensitive."
    assert found("regex", {"pattern": "get_.*_rate|STOCK"}, POOL) == [
        "get_exchange_rate",
        "stock_lookup",
    ]


def test_bm25_ranks_by_the_querys_words_and_leaves_out_tools_sharing_none():
    assert found("bm25", {"query": "exchange rate usd eur"}, POOL) == ["get_exchange_rate"]
    scores = bm25("stock price", [words_of(t) for t in POOL])
    assert scores[1] > 0 and scores[0] == scores[2] == 0


def test_five_references_at_most_unless_the_search_sets_a_limit():
    # docs: "up to 5 by default; Claude can set a `limit`", "an integer from 1 to 10,000"
    many = [{**tool(f"t{i}", "A lookup tool."), "defer_loading": True} for i in range(8)]
    assert len(found("bm25", {"query": "lookup"}, many)) == 5
    assert len(found("bm25", {"query": "lookup", "limit": 7}, many)) == 7
    assert found("regex", {"pattern": "t", "limit": 0}, many) == (
        "limit must be an integer from 1 to 10000."
    )


def test_a_search_that_matches_nothing_returns_an_empty_list_not_an_error():
    # docs: "returns a `tool_search_tool_search_result` with an empty `tool_references` array"
    call = {"id": "srvtoolu_1", "input": {"pattern": "zebra"}}
    assert result(call, REGEX, {"tools": [REGEX, *POOL]}) == {
        "type": "tool_search_tool_result", "tool_use_id": "srvtoolu_1",
        "content": {"type": "tool_search_tool_search_result", "tool_references": []},
    }  # fmt: skip


@pytest.mark.parametrize(
    ("tool", "search", "message"),
    [(REGEX, {"pattern": "("}, "Invalid regular expression pattern: missing ), unterminated "
      "subpattern at position 0"),
     (REGEX, {"pattern": "a" * 201}, "pattern must be a string of at most 200 characters."),
     (BM25, {"query": "a " * 251}, "query must be a string of at most 500 characters.")],
)  # fmt: skip
def test_an_invalid_search_is_a_200_with_an_error_block(tool, search, message):
    # docs, "Tool result errors (200 status)": `invalid_tool_input` "for example a malformed
    # regex pattern or a pattern over the 200-character limit" ([U] the error_message texts)
    block = result({"id": "srvtoolu_1", "input": search}, tool, {"tools": [tool, *POOL]})
    assert block["content"] == {
        "type": "tool_search_tool_result_error",
        "error_code": "invalid_tool_input",
        "error_message": message,
    }


def test_a_search_whose_tool_is_gone_is_unavailable():
    block = result({"id": "srvtoolu_1", "input": {"query": "x"}}, None, {"tools": POOL})
    assert block["content"] == {"type": "tool_search_tool_result_error",
                                "error_code": "unavailable"}  # fmt: skip


def test_bm25_scores_are_okapis_worked_by_hand():
    # idf = ln(1 + (3 - 2 + 0.5) / (2 + 0.5)) = 0.4700; avgdl = 8 / 3; k1 1.2, b 0.75:
    # "a b": 0.4700 * 1 * 2.2 / (1 + 1.2 * (0.25 + 0.75 * 2 / 2.667)) = 0.5235
    # "b b b b c": 0.4700 * 4 * 2.2 / (4 + 1.2 * (0.25 + 0.75 * 5 / 2.667)) = 0.6908
    scores = bm25("b", ["a b", "b b b b c", "c"])
    assert [round(s, 4) for s in scores] == [0.5235, 0.6908, 0.0]


def test_bm25_returns_the_best_first():
    tools = [{**tool("stock_history", "Stock prices of past years."), "defer_loading": True},
             {**tool("stock_lookup", "Look up a stock price, a stock quote."),
              "defer_loading": True}]  # fmt: skip
    assert found("bm25", {"query": "stock quote"}, tools) == ["stock_lookup", "stock_history"]


def test_only_deferred_tools_with_a_name_are_searched():
    loaded = tool("get_weather_now", "Weather now.")
    request = {"tools": [loaded, {"defer_loading": True, "name": ["x"]}, WEATHER, REGEX]}
    assert pool(request) == [WEATHER]
    assert pool({}) == []


def test_a_tool_without_a_description_or_with_a_boolean_argument_schema_is_read_as_it_is():
    bare = {"name": "ping", "input_schema": {"type": "object", "properties": {"host": True}}}
    assert words_of(bare) == "ping host"


@pytest.mark.parametrize(
    ("search", "ok"),
    [({"pattern": "a", "limit": 1}, True), ({"pattern": "a", "limit": 10_000}, True),
     ({"pattern": "a", "limit": True}, False), ({"pattern": "a" * 200}, True),
     ({"query": "a" * 500}, True)],
)  # fmt: skip
def test_the_documented_limits_are_inclusive(search, ok):
    variant = "regex" if "pattern" in search else "bm25"
    assert isinstance(found(variant, search, POOL), list) == ok


def test_a_bm25_result_lists_its_references_and_loaded_reads_them_back():
    call = {"id": "srvtoolu_2", "input": {"query": "exchange rate"}}
    block = result(call, BM25, {"tools": [BM25, *POOL]})
    assert block == {"type": "tool_search_tool_result", "tool_use_id": "srvtoolu_2", "content": {
        "type": "tool_search_tool_search_result", "tool_references": [
            {"type": "tool_reference", "tool_name": "get_exchange_rate"}]}}  # fmt: skip
    assert loaded(block) == ("get_exchange_rate",)


def test_a_search_call_without_an_input_object_is_invalid_input():
    block = result({"id": "srvtoolu_3", "input": "weather"}, REGEX, {"tools": [REGEX, *POOL]})
    assert block["content"]["error_code"] == "invalid_tool_input"


def test_an_argument_without_a_description_adds_only_its_name():
    quiet = {"name": "ping", "input_schema": {"type": "object", "properties": {
        "host": {"type": "string"}}}}  # fmt: skip
    assert words_of(quiet) == "ping host"


def test_bm25_adds_up_each_query_words_share():
    # "a", in one document of three: idf ln(1 + 2.5 / 1.5) = 0.9808; "b" as worked above
    # "a b" (dl 2, avgdl 8 / 3): 0.9808 * 2.2 / 1.975 + 0.4700 * 2.2 / 1.975 = 1.0926 + 0.5235
    assert [round(s, 4) for s in bm25("a b", ["a b", "b b b b c", "c"])] == [1.6161, 0.6908, 0.0]
