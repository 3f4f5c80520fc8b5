"""Tests for handagent.mock.hosted.deferred: which tools the mock model sees (deferred ones once a
tool_reference loads them), when it searches for one, and what a search finds."""

from handagent.mock.hosted.deferred import hidden, pattern, search_input, visible, wanted

RATE = {"name": "get_exchange_rate", "description": "Get the exchange rate of two currencies.",
        "input_schema": {"type": "object"}, "defer_loading": True}  # fmt: skip
STOCK = {"name": "stock_lookup", "description": "Look up a stock price by ticker.",
         "input_schema": {"type": "object"}, "defer_loading": True}  # fmt: skip
WEATHER = {"name": "get_weather", "description": "Weather for a city.",
           "input_schema": {"type": "object"}}  # fmt: skip
ASK = "What is the exchange rate from USD to EUR?"


def request(*messages, tools=(WEATHER, RATE, STOCK)) -> dict:
    return {"tools": list(tools), "messages": [{"role": "user", "content": ASK}, *messages]}


def names(tools: list[dict]) -> list[str]:
    return [t["name"] for t in tools]


def test_deferred_tools_are_hidden_until_something_references_them():
    assert names(visible(request())) == ["get_weather"]
    assert names(hidden(request())) == ["get_exchange_rate", "stock_lookup"]


def test_a_tool_search_result_a_tool_result_or_a_tool_addition_loads_a_tool():
    found = {
        "type": "tool_search_tool_result",
        "tool_use_id": "srvtoolu_01A",
        "content": {
            "type": "tool_search_tool_search_result",
            "tool_references": [{"type": "tool_reference", "tool_name": "get_exchange_rate"}],
        },
    }
    returned = {
        "type": "tool_result",
        "tool_use_id": "toolu_01A",
        "content": [{"type": "tool_reference", "tool_name": "stock_lookup"}],
    }
    added = {"type": "tool_addition", "tool": {"type": "tool_reference", "name": "stock_lookup"}}
    for block, loaded in ((found, "get_exchange_rate"), (returned, "stock_lookup"),
                          (added, "stock_lookup")):  # fmt: skip
        seen = visible(request({"role": "assistant", "content": [block]}))
        assert loaded in names(seen)


def test_a_tool_removal_takes_a_tool_away_again():
    removed = {"type": "tool_removal", "tool": {"type": "tool_reference", "name": "get_weather"}}
    assert names(visible(request({"role": "system", "content": [removed]}))) == []


def test_the_model_searches_when_a_hidden_tool_fits_and_no_visible_one_does():
    assert wanted(request(), ASK, "")
    assert not wanted(request(), "What's the weather in Paris?", "")  # get_weather fits
    assert not wanted(request(tools=(WEATHER,)), ASK, "")  # nothing is deferred


def test_the_model_searches_when_asked_to_find_a_tool():
    assert wanted(request(), "Find the weather tool.", "")


def test_the_model_writes_a_pattern_of_stems_to_regex_and_its_words_to_bm25():
    regex = {"type": "tool_search_tool_regex_20251119", "name": "tool_search_tool_regex"}
    bm25 = {"type": "tool_search_tool_bm25_20251119", "name": "tool_search_tool_bm25"}
    assert pattern(ASK) == "(?i)exchang|rat|usd|eur"
    assert search_input(ASK, regex) == {"pattern": "(?i)exchang|rat|usd|eur"}
    assert search_input(ASK, bm25) == {"query": "exchange rate usd eur"}


def test_a_tool_named_by_something_other_than_a_string_loads_nothing_and_breaks_nothing():
    # found by test_fuzz_mock: {"name": [None]} was a 500 (unhashable list) instead of a reply
    strange = [
        {"type": "tool_addition", "tool": {"name": [None]}},
        {"type": "tool_removal", "tool": {"name": {"a": 1}}},
        {"type": "tool_addition", "tool": {"definition": {"name": ["x"], "input_schema": {}}}},
    ]
    seen = visible(request({"role": "assistant", "content": strange}))
    assert names(seen) == ["get_weather"]
