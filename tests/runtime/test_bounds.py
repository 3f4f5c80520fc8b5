"""Bounds: a run's turns, tokens and money, counted from each reply's usage."""

import pytest
from builders import assistant

from handagent.llm import settings
from handagent.runtime.bounds import Bounds, Spent, exceeded
from handagent.runtime.protocol import Usage


def test_spent_counts_a_turn_and_the_replys_tokens_in_and_out():
    spent = Spent().add(assistant(usage=Usage(900, 60)))
    assert (spent.turns, spent.tokens) == (1, 960)


def test_a_model_with_no_price_on_file_costs_nothing_on_the_money_bound():
    assert Spent().add(assistant(model="no-such-model", usage=Usage(10**6, 0))).dollars == 0.0


def test_a_priced_model_costs_its_list_price():
    spent = Spent().add(assistant(model=settings().model, usage=Usage(10**6, 0)))
    assert spent.dollars > 0


@pytest.mark.parametrize(
    ("spent", "bound"),
    [
        (Spent(turns=3), "turns"),
        (Spent(turns=1, tokens=500), "tokens"),
        (Spent(turns=1, tokens=1, dollars=0.5), "dollars"),
        (Spent(turns=2, tokens=499, dollars=0.49), None),
    ],
)
def test_exceeded_names_the_first_bound_reached(spent, bound):
    assert exceeded(spent, Bounds(turns=3, tokens=500, dollars=0.5)) == bound


def test_a_bound_of_zero_is_refused_with_a_sentence_naming_the_fix():
    with pytest.raises(ValueError, match="Every bound must be positive"):
        Bounds(turns=0)
