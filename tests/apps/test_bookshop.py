"""The bookshop: its database, its tools' answers and refusals, and the mock choosing them."""

import pytest

from handagent.apps.bookshop import REASONS, open_shop, shop_tools
from handagent.mock.model.brain import respond
from handagent.runtime.calls import run_calls
from handagent.runtime.protocol import TextBlock, ToolCall, assistant_reply


def text_of(message) -> str:
    return " ".join(block.text for block in message.content if isinstance(block, TextBlock))


@pytest.fixture
def tools():
    return {tool.name: tool for tool in shop_tools(open_shop())}


def test_the_shop_is_created_with_its_books_orders_and_no_returns():
    db = open_shop()
    counts = [db.execute(f"select count(*) from {t}").fetchone()[0]
              for t in ("books", "orders", "reasons", "returns")]  # fmt: skip
    assert counts == [4, 4, len(REASONS), 0]


def test_two_tools_are_generated_and_the_hand_written_one_reads_its_reasons_from_the_data():
    find, stock, ret = shop_tools(open_shop())
    assert find.input_schema["required"] == ["order_id"]
    assert stock.input_schema["properties"]["title"]["type"] == "string"
    assert ret.input_schema["properties"]["reason"]["enum"] == REASONS
    assert ret.input_schema["properties"]["order_id"]["minimum"] == 1001


def test_the_tools_answer_from_the_database(tools):
    assert tools["find_order"].function(order_id=1043) == (
        "Order 1043: 1 × The Hobbit for Li Wei, placed 2026-11-30, shipped."
    )
    assert tools["check_stock"].function(title="hobbit") == (
        "The Hobbit by J. R. R. Tolkien: 0 in stock, $10.50."
    )
    assert tools["start_return"].function(order_id=1042, reason="damaged") == (
        "Return R-1 opened for order 1042: 1 copy(ies), damaged."
    )


def test_what_a_schema_cannot_check_the_function_refuses_with_a_sentence(tools):
    start = tools["start_return"].function
    with pytest.raises(LookupError, match="no order 1999"):
        tools["find_order"].function(order_id=1999)
    with pytest.raises(ValueError, match="shipped, not delivered"):
        start(order_id=1043, reason="damaged")
    start(order_id=1041, reason="wrong_book")
    with pytest.raises(ValueError, match="has 0 copies to return"):
        start(order_id=1041, reason="wrong_book")


def test_a_call_that_breaks_the_hand_written_schema_is_refused_before_it_runs(tools):
    call = ToolCall("c1", "start_return", {"order_id": 7, "reason": "bored"})
    [answer] = run_calls(assistant_reply(call, model="m"), list(tools.values()))
    assert answer.is_error and "7 is less than the minimum of 1001" in text_of(answer)
    assert "'bored' is not one of" in text_of(answer)


def test_calls_made_at_once_share_the_connection_safely(tools):
    calls = [ToolCall(f"c{n}", "check_stock", {"title": "Dune"}) for n in range(8)]
    answers = run_calls(assistant_reply(*calls, model="m"), list(tools.values()))
    assert {text_of(a) for a in answers} == {"Dune by Frank Herbert: 4 in stock, $12.99."}


@pytest.mark.parametrize(
    "question, expected",
    [
        ("Where is my order 1042?", [("find_order", {"order_id": 1042})]),
        ("Do you have Dune in stock?", [("check_stock", {"title": "Dune"})]),
        ("What does Middlemarch cost?", [("check_stock", {"title": "Middlemarch"})]),
        ("Dune 还有库存吗？", [("check_stock", {"title": "Dune"})]),
        ("Where is order 1043, and is Dune in stock?",
         [("find_order", {"order_id": 1043}), ("check_stock", {"title": "Dune"})]),
    ],
)  # fmt: skip
def test_the_mock_model_answers_the_bookshop_with_the_right_calls(tools, question, expected):
    menu = [tool.menu_entry() for tool in tools.values()]
    reply = respond({"model": "m", "max_tokens": 100, "tools": menu,
                     "messages": [{"role": "user", "content": question}]})  # fmt: skip
    assert [(b["name"], b["input"]) for b in reply if b["type"] == "tool_use"] == expected
