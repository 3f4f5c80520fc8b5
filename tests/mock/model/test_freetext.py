"""Free-text argument values: a request's subject, arithmetic, SQL, the words after a cue."""

import pytest

from handagent.mock.model.freetext import after_cue, expression, sql, subject


@pytest.mark.parametrize(
    "text, expected",
    [("Please search the web for recent news about Mars?", "recent news about Mars"),
     ("Can you look up Alan Turing on Wikipedia", "Alan Turing"),
     ("Who wrote Pride and Prejudice?", "Who wrote Pride and Prejudice"),
     ("Tell me about black holes, please", "black holes")],
)  # fmt: skip
def test_the_subject_is_the_request_less_its_polite_and_question_words(text, expected):
    assert subject(text) == expected


def test_the_subject_leaves_out_the_tools_own_name():
    assert subject("Search Wikipedia for Alan Turing", frozenset({"search", "wikipedia"})) == (
        "Alan Turing"
    )


@pytest.mark.parametrize(
    "text, expected",
    [("What is 834,727 × 991?", "834727 * 991"), ("multiply 6 by 7", "6 * 7"),
     ("subtract 7 from 20", "20 - 7"), ("Compute 15 * 23 + 7", "15 * 23 + 7"),
     ("What's 5-3?", "5 - 3"), ("What is -2.5 plus 1", "-2.5 + 1"),
     ("square root of 144", "sqrt(144)"), ("15% of 80", "15 / 100 * 80"), ("hello", None)],
)  # fmt: skip
def test_an_expression_is_the_numbers_with_the_operators_between_them(text, expected):
    assert expression(text) == expected


def test_sql_selects_from_a_table_the_description_lists_and_the_request_names():
    tables = "Tables: users(id, email), orders(id, total)"
    assert sql("How many users signed up?", tables) == "SELECT COUNT(*) FROM users"
    assert sql("Show me the orders", tables) == "SELECT * FROM orders LIMIT 10"
    assert sql("Run this: SELECT 1", tables) == "SELECT 1"
    assert sql("How are you?", tables) is None


def test_a_title_and_a_message_start_after_their_cue_words():
    text = "Email Bob about the budget saying it is approved"
    assert (after_cue("title", text), after_cue("text", text)) == ("the budget", "it is approved")
    assert after_cue("text", "Email Bob") is None
