"""Bounds: how much one run of the agent loop may spend, in turns, tokens and money.

A loop that trusts the model to stop will one day run all night. `Bounds` holds three limits;
`Spent` counts, from each reply's `usage`, what a run has used; `exceeded` says which bound is
reached. The loop asks before every request, so no request starts once a bound is reached:

    Bounds(turns=3)    after 3 replies, no 4th request
    Bounds(tokens=N)   once the replies' input + output tokens reach N, no further request
    Bounds(dollars=D)  once the price at list prices (`handagent.cost.dollars`) reaches D, none

A request's tokens are known only when its reply comes back, so the last reply may take the
token and money totals past their bound by its own size, never further.

Not handled here: a bound on wall time (a tool has its own timeout; a request, the provider's),
a model with no price on file (it counts $0: the token bound still holds), cache tokens.
"""

from dataclasses import dataclass, replace
from typing import Literal

from ..cost import Call, dollars
from .protocol import AssistantMessage

Bound = Literal["turns", "tokens", "dollars"]


@dataclass(frozen=True)
class Bounds:
    """The most one run may spend. Example: Bounds(turns=5, tokens=20_000, dollars=0.05)"""

    turns: int = 10  # model requests
    tokens: int = 200_000  # input + output, summed over the run's replies
    dollars: float = 1.00  # estimated at list prices (handagent.cost)

    def __post_init__(self):
        if self.turns < 1 or self.tokens < 1 or self.dollars <= 0:
            raise ValueError(f"Every bound must be positive, got {self}; raise the one at 0.")


@dataclass(frozen=True)
class Spent:
    """What a run has used so far. Example: Spent(turns=2, tokens=1_930, dollars=0.0004)"""

    turns: int = 0
    tokens: int = 0
    dollars: float = 0.0

    def add(self, reply: AssistantMessage) -> "Spent":
        """This and one reply. Spent() + a reply of 900 in / 60 out -> Spent(1, 960, ...)"""
        usage = reply.usage
        price = dollars(Call(reply.model, usage.input_tokens, usage.output_tokens)) or 0.0
        return replace(
            self,
            turns=self.turns + 1,
            tokens=self.tokens + usage.input_tokens + usage.output_tokens,
            dollars=self.dollars + price,
        )


def exceeded(spent: Spent, bounds: Bounds) -> Bound | None:
    """The first bound reached, or None if another request may start.

    Example: (Spent(turns=3), Bounds(turns=3)) -> "turns";  (Spent(), Bounds()) -> None
    """
    if spent.turns >= bounds.turns:
        return "turns"
    if spent.tokens >= bounds.tokens:
        return "tokens"
    if spent.dollars >= bounds.dollars:
        return "dollars"
    return None
