"""The bookshop: its database, its tools' answers and refusals, one transaction per effect, its
idempotency key, and the mock choosing its tools."""

import re
import sqlite3
import sys

import pytest

from handagent.apps.bookshop import REASONS, open_shop, shop_tools
from handagent.dispatch import outcomes
from handagent.mock.model.brain import respond
from handagent.runtime.calls import run_calls
from handagent.runtime.protocol import TextBlock, ToolCall, assistant_reply
from handagent.tools import ToolRegistry


def text_of(message) -> str:
    return " ".join(block.text for block in message.content if isinstance(block, TextBlock))


@pytest.fixture
def tools():
    return {tool.name: tool for tool in shop_tools(open_shop())}


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


def test_what_only_reads_says_so_and_the_effect_does_not(tools):
    assert [(name, tool.read_only) for name, tool in tools.items()] == [
        ("find_order", True), ("check_stock", True), ("start_return", False)]  # fmt: skip


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


def at_once(db, *inputs: dict, first_id: int = 0, tools: ToolRegistry | None = None) -> list:
    """Start one return per input, all at once, as chapter 04 runs a reply's calls: outcomes."""
    calls = [{"id": f"c{first_id + n}", "name": "start_return", "input": each}
             for n, each in enumerate(inputs)]  # fmt: skip
    return outcomes(calls, tools or ToolRegistry(shop_tools(db)))


def returned(db) -> int:
    return db.execute("select coalesce(sum(copies), 0) from returns").fetchone()[0]


@pytest.fixture
def busy_interpreter():
    """Threads switched every microsecond, as a busier process would (the review's r17)."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


OPENED = re.compile(r"Return (R-\d+) opened for order 1042: (\d+) copy\(ies\), damaged\.")


@pytest.mark.parametrize("copies", [[2, 2], [1] * 8, [1, 2, 1, 2]])
def test_returns_asked_at_once_never_return_more_than_was_ordered(busy_interpreter, copies):
    # The review's r17: check and insert under separate locks gave 4 of an order's 2 copies,
    # and two calls both answered R-2 (read from max(id) after the insert).
    db = open_shop()
    tools = ToolRegistry(shop_tools(db))
    for _ in range(100):
        db.execute("delete from returns")
        asked = ({"order_id": 1042, "reason": "damaged", "copies": n} for n in copies)
        answers = at_once(db, *asked, tools=tools)
        opened = [OPENED.fullmatch(o.content).groups() for o in answers if not o.is_error]
        assert returned(db) == sum(int(n) for _, n in opened) == 2  # every copy, never more
        assert len({number for number, _ in opened}) == len(opened)  # one number per return
        refused = [o.content for o in answers if o.is_error]
        assert all(words.endswith("copies to return.") for words in refused)


def test_the_same_call_run_twice_opens_one_return_and_answers_as_the_first_time():
    db = open_shop()
    first = at_once(db, {"order_id": 1042, "reason": "damaged", "copies": 2})
    again = at_once(db, {"order_id": 1042, "reason": "damaged", "copies": 2})  # id c0 again
    assert first == again and not first[0].is_error
    assert first[0].content == "Return R-1 opened for order 1042: 2 copy(ies), damaged."
    assert returned(db) == 2
    other = at_once(db, {"order_id": 1042, "reason": "damaged"}, first_id=1)  # a new call
    assert other[0].is_error and "has 0 copies to return" in other[0].content


def test_the_key_survives_the_program_a_resume_after_a_crash_opens_no_second_return(tmp_path):
    path = str(tmp_path / "shop.db")
    before = at_once(open_shop(path), {"order_id": 1041, "reason": "wrong_book"})
    after = at_once(open_shop(path), {"order_id": 1041, "reason": "wrong_book"})  # reopened
    assert before == after and returned(open_shop(path)) == 1


def test_called_directly_with_no_call_each_call_opens_a_return(tools):
    start = tools["start_return"].function
    assert (
        start(order_id=1042, reason="damaged")
        == "Return R-1 opened for order 1042: 1 copy(ies), damaged."
    )
    assert (
        start(order_id=1042, reason="damaged")
        == "Return R-2 opened for order 1042: 1 copy(ies), damaged."
    )


@pytest.mark.parametrize("words", ["%", "_", "%%", "D_ne", "\\", "Dune%"])
def test_like_wildcards_in_a_title_are_letters_not_wildcards(tools, words):
    # The review's r20: "%" or "_" listed every book.
    with pytest.raises(LookupError, match="no book titled like"):
        tools["check_stock"].function(title=words)


def test_a_title_holding_a_wildcard_or_the_escape_is_found_by_it():
    db = open_shop()
    db.executemany("insert into books values (?, ?, ?, ?)",
                   [("100% Sure", "A", 1.0, 1), ("C:\\Books_2", "B", 2.0, 2)])  # fmt: skip
    stock = {t.name: t for t in shop_tools(db)}["check_stock"].function
    assert stock(title="100%") == "100% Sure by A: 1 in stock, $1.00."
    assert stock(title="\\Books_") == "C:\\Books_2 by B: 2 in stock, $2.00."
    with pytest.raises(ValueError, match="empty title"):
        stock(title="  ")


def test_sql_in_an_argument_stays_a_value(tools):
    # The review's r20: every query is parameterised; this keeps it so.
    for title in ("Dune' OR '1'='1", "Dune'; drop table orders; --"):
        with pytest.raises(LookupError, match="no book titled like"):
            tools["check_stock"].function(title=title)
    with pytest.raises(ValueError, match="needs one of the reasons"):
        tools["start_return"].function(order_id=1042, reason="damaged'); delete from orders; --")
    assert tools["find_order"].function(order_id=1042).startswith("Order 1042: 2 × Dune")


def test_a_direct_call_the_schema_would_refuse_is_refused_by_the_function(tools):
    start = tools["start_return"].function
    for reason, copies in (("bored", 1), ("damaged", 0), ("damaged", -3)):
        with pytest.raises(ValueError, match="needs one of the reasons.*copies >= 1"):
            start(order_id=1042, reason=reason, copies=copies)
    assert tools["find_order"].function(order_id=1042)  # nothing was half-written


def test_the_tools_want_the_shops_own_connection():
    with pytest.raises(TypeError, match="open_shop"):
        shop_tools(sqlite3.connect(":memory:"))
