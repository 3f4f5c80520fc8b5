"""Tests for handagent.record.drift.estimate: the corpus priced before it is sent, and a cap
that holds whatever the API does."""

import pytest
from builders import request

from handagent.record.drift.estimate import Budget, estimate, most_dollars, probe_dollars
from handagent.record.drift.probes import Probe

OPUS = "claude-opus-5-5"  # $4 in, $20 out per million tokens


def probe(body: object, answer: dict | None = None, path: str = "/v1/messages") -> Probe:
    return Probe("p", "", path, body, "2026-10-21", answer=answer)


def reply(input_tokens: int, output_tokens: int, status: int = 200) -> dict:
    return {
        "status": status,
        "body": {"usage": {"input_tokens": input_tokens, "output_tokens": output_tokens}},
    }


def test_a_probe_the_mock_answers_is_priced_at_the_catalogues_prices():
    assert probe_dollars(probe(request(model=OPUS)), reply(1000, 100)) == pytest.approx(0.006)


def test_the_apis_recorded_output_counts_rather_than_the_mocks():
    recorded = probe(request(model=OPUS), answer=reply(900, 1000))
    assert probe_dollars(recorded, reply(1000, 100)) == pytest.approx(0.024)


def test_a_refusal_and_a_count_of_tokens_cost_nothing():
    assert probe_dollars(probe(request(model=OPUS)), reply(1000, 100, status=400)) == 0
    counted = probe(request(model=OPUS), path="/v1/messages/count_tokens")
    assert probe_dollars(counted, reply(1000, 0)) == 0


def test_the_corpus_is_summed_and_a_model_with_no_price_is_named():
    probes = [
        probe(request(model=OPUS)),
        probe(request(model="deepseek-chat")),
        probe(request(model=OPUS)),
    ]
    answers = [reply(1000, 100), reply(1000, 100), reply(0, 0, status=404)]
    found = estimate(probes, answers)
    assert (found.dollars, found.billed, found.unpriced) == (pytest.approx(0.006), 1, ("p",))


def test_the_most_a_probe_can_bill_is_its_prompt_and_its_whole_max_tokens():
    assert most_dollars(probe(request(model=OPUS, max_tokens=1000))) == pytest.approx(
        (11 * 4 + 1000 * 20) / 1e6
    )
    assert most_dollars(probe(request(model="deepseek-chat"))) == 0
    assert most_dollars(probe({"model": OPUS, "max_tokens": 10, "messages": 3})) > 0
    assert most_dollars(probe([1, 2])) == 0


def test_a_budget_sends_a_probe_only_while_the_most_it_can_bill_fits():
    budget = Budget(0.03)
    ask = probe(request(model=OPUS, max_tokens=1000))
    assert budget.allows(ask)
    budget.pay(ask, reply(1000, 1000))  # $0.024
    assert budget.spent == pytest.approx(0.024) and not budget.allows(ask)
    budget.pay(ask, reply(1000, 1000, status=400))
    assert budget.spent == pytest.approx(0.024)
