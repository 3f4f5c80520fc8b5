"""What sending the corpus to the API would cost, before anything is sent; and the cap.

    estimate(probes, mock_answers) -> Estimate(dollars=0.41, billed=520, unpriced=())
    budget = Budget(0.50); budget.allows(probe) -> True; budget.pay(probe, api_answer)

Every probe is first answered by the mock, which costs nothing. A probe the mock refuses counts
nothing: the API bills no refused request. A probe the mock answers is priced at the
catalogue's list prices (`handagent.cost`) for its prompt as the mock counted it (`api.tokens`,
in its reply's usage, cache writes and reads included) and for the output tokens of the API's
recorded reply to it, else of the mock's (thinking included, as the mock thinks).

The cap holds whatever the API does: `Budget` counts what the API's replies really cost, from
their usage, and a probe is sent only while what was spent plus the most it can bill (its prompt
and its whole `max_tokens`, `most_dollars`) stays within the cap; the others are reported as not
sent. A probe the mock refuses and the API answers is billed beyond the estimate, within the cap.

Not handled here: server tools' own fees (a web search, an hour of code execution), batch and
priority-tier prices, count_tokens (free).
"""

from dataclasses import dataclass

from ...api.tokens import input_tokens
from ...cost import Call, call_from_usage, dollars
from ...mock.http.cassettes import reply_usage
from .probes import Probe


@dataclass(frozen=True)
class Estimate:
    """The corpus's cost: dollars, how many probes are billed, and those with no price."""

    dollars: float
    billed: int
    unpriced: tuple[str, ...]


def _billed(probe: Probe, answer: dict) -> bool:
    return answer.get("status") == 200 and "count_tokens" not in probe.path


def probe_dollars(probe: Probe, mock_answer: dict) -> float | None:
    """A probe's estimated cost; None when its model has no price on file.

    Example: Haiku 5.5, a 20-token prompt, the mock's 12-token reply -> 0.000008
    """
    if not _billed(probe, mock_answer):
        return 0.0
    recorded = probe.answer if probe.answer and probe.answer.get("status") == 200 else None
    out = reply_usage(recorded or mock_answer).get("output_tokens") or 0
    return dollars(call_from_usage(probe.model, {**reply_usage(mock_answer), "output_tokens": out}))


def most_dollars(probe: Probe) -> float:
    """The most a probe can bill: its prompt at the input price and its whole `max_tokens`.

    Example: Haiku 5.5, a 20-token prompt, max_tokens 100 -> 0.000052; a body with no model,
    or a model with no price: 0 (the API answers those with a 400 or a 404)
    """
    body = probe.body if isinstance(probe.body, dict) else {}
    most = body.get("max_tokens")
    most = most if isinstance(most, int) and not isinstance(most, bool) and most > 0 else 0
    try:
        prompt = input_tokens(body)
    except (AttributeError, KeyError, TypeError, ValueError):  # a body of another shape
        prompt = len(probe.raw())  # never more tokens than bytes
    return dollars(Call(probe.model, prompt, most)) or 0.0


def estimate(probes: list[Probe], mock_answers: list[dict]) -> Estimate:
    """The whole corpus's estimate, each probe with the mock's answer to it."""
    costs = [probe_dollars(p, a) for p, a in zip(probes, mock_answers, strict=True)]
    unpriced = tuple(p.name for p, c in zip(probes, costs, strict=True) if c is None)
    return Estimate(sum(c or 0.0 for c in costs), sum(1 for c in costs if c), unpriced)


class Budget:
    """What the API's replies cost so far, against a cap in dollars."""

    def __init__(self, cap: float) -> None:
        self.cap, self.spent = cap, 0.0

    def allows(self, probe: Probe) -> bool:
        """Whether a probe may still be sent: the most it can bill fits in what is left."""
        return self.spent + most_dollars(probe) <= self.cap

    def pay(self, probe: Probe, answer: dict) -> None:
        """Count what the API billed for one answer (nothing for a refusal)."""
        if _billed(probe, answer):
            self.spent += dollars(call_from_usage(probe.model, reply_usage(answer))) or 0.0
