"""Tests for handagent.mock.model.quotes: how the mock model quotes the results it was given."""

import anthropic
from builders import assistant_turn, call, result, tool, user

from handagent.mock.model.quotes import part, quote_results

FINDER = tool("find_tools", "Find the tools for a task: search the tool catalogue.", query="string")
RATE = {**tool("get_exchange_rate", "Get the exchange rate of two currencies.",
               base="string", target="string"), "defer_loading": True}  # fmt: skip


def test_a_tool_reference_reads_as_the_tool_it_loads_not_as_an_image():
    # issue 35: a `tool_reference` in a result was rendered as "[image]"
    assert part({"type": "tool_reference", "tool_name": "get_exchange_rate"}) == (
        "get_exchange_rate"
    )
    assert part({"type": "image", "source": {}}) == "[image]"
    assert part({"type": "document", "source": {}}) == "[document]"


def test_results_are_quoted_one_sentence_each():
    calls = {"toolu_01A": call("toolu_01A", "add")}
    results = [result("toolu_01A", "6912")]
    assert quote_results(results, calls, "en", {id(results[0]): 0}) == "add says: 6912."


def test_a_client_search_that_returns_a_reference_loads_the_tool_for_the_next_call(client):
    # docs, tool search "Custom tool search implementation": a tool_result with tool_reference
    # blocks; "the API expands the returned `tool_reference` blocks the same way"
    asked = user("What is the exchange rate from USD to EUR?")
    searched = assistant_turn([call("toolu_01S", "find_tools", {"query": "exchange rate"})])
    returned = user([result("toolu_01S", [{"type": "tool_reference",
                                           "tool_name": "get_exchange_rate"}])])  # fmt: skip
    reply = client.messages.create(
        model="claude-haiku-5-5",
        max_tokens=300,
        tools=[FINDER, RATE],
        messages=[asked, searched, returned],
    )
    calls = [block for block in reply.content if block.type == "tool_use"]
    assert [c.name for c in calls] == ["get_exchange_rate"]
    assert isinstance(reply, anthropic.types.Message)


def test_a_long_result_is_quoted_by_its_first_line_and_how_many_more_there_are():
    calls = {"toolu_01A": call("toolu_01A", "check_stock")}
    listing = "\n".join(f"Volume {n}: 3 in stock." for n in range(1, 301))
    results = [result("toolu_01A", listing)]
    said = quote_results(results, calls, "en", {id(results[0]): 0})
    assert said == "check_stock says: Volume 1: 3 in stock. (and 299 more lines)."
    assert quote_results(results, calls, "zh", {id(results[0]): 0}) == (
        "check_stock 返回“Volume 1: 3 in stock.”（后面还有 299 行）。"
    )


def test_one_long_line_is_cut_and_a_short_result_is_quoted_whole():
    calls = {"toolu_01A": call("toolu_01A", "read_file")}
    results = [result("toolu_01A", "x" * 900), result("toolu_01A", "a\nb\nc")]
    long, short = (quote_results([r], calls, "en", {id(r): 0}) for r in results)
    assert long == "read_file says: " + "x" * 500 + "…." and short == "read_file says: a\nb\nc."
