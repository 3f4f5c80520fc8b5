"""Bounds: a run's turns, tokens and money, counted from each reply's usage (cache included),
rebuilt from a history, and asked before a request with its worst case."""

import pytest
from builders import assistant

from handagent.cost import Call, dollars
from handagent.llm import settings
from handagent.runtime.bounds import Bounds, Spent, room, worst_case
from handagent.runtime.protocol import Usage, user_text


def test_spent_counts_a_turn_and_every_prompt_token_in_and_out_cache_included():
    usage = Usage(900, 60, cache_read_tokens=100, cache_write_1h_tokens=5)
    spent = Spent().add(assistant(usage=usage))
    assert (spent.turns, spent.tokens) == (1, 1065)


def test_a_model_with_no_price_on_file_costs_nothing_on_the_money_bound():
    assert Spent().add(assistant(model="no-such-model", usage=Usage(10**6, 0))).dollars == 0.0


def test_a_priced_model_costs_what_the_meter_says_cache_writes_and_reads_included():
    model = settings().model
    usage = Usage(1_000, 200, cache_read_tokens=50_000, cache_write_5m_tokens=3_000)
    spent = Spent().add(assistant(model=model, usage=usage))
    assert spent.dollars == pytest.approx(dollars(Call(model, 1_000, 200, 50_000, 3_000)))


def test_a_history_says_what_its_last_run_spent_since_the_last_user_message():
    first, second = assistant(usage=Usage(500, 40)), assistant(usage=Usage(600, 30))
    history = [user_text("a"), first, user_text("b"), second, assistant(usage=Usage(10, 5))]
    assert Spent.of(history) == Spent(turns=2, tokens=645, dollars=0.0)
    assert Spent.of([]) == Spent()


@pytest.mark.parametrize(
    ("spent", "bound"),
    [
        (Spent(turns=3), "turns"),
        (Spent(turns=1, tokens=500), "tokens"),
        (Spent(turns=1, tokens=1, dollars=0.5), "dollars"),
        (Spent(turns=2, tokens=499, dollars=0.49), None),
    ],
)
def test_room_names_the_first_bound_reached(spent, bound):
    assert room(spent, Bounds(turns=3, tokens=500, dollars=0.5)) == bound


def test_room_refuses_a_request_whose_worst_case_would_pass_a_bound():
    question = {"role": "user", "content": "Hello there."}
    request = {"model": settings().model, "max_tokens": 400, "messages": [question]}
    most_tokens, most_dollars = worst_case(request)
    assert most_tokens > 400 and most_dollars > 0
    assert room(Spent(), Bounds(tokens=most_tokens), request) is None
    assert room(Spent(tokens=1), Bounds(tokens=most_tokens), request) == "tokens"
    assert room(Spent(), Bounds(dollars=most_dollars * 0.99), request) == "dollars"


def test_a_bound_of_zero_is_refused_with_a_sentence_naming_the_fix():
    with pytest.raises(ValueError, match="Every bound must be positive"):
        Bounds(turns=0)
