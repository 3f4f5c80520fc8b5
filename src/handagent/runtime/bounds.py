"""Bounds: how much one run of the agent loop may spend, in turns, tokens and money.

A loop that trusts the model to stop will one day run all night. `Bounds` holds three limits;
`Spent` counts, from each reply's `usage`, what a run has used; `room` says whether the next
request fits. The loop asks before every request, with that request's worst case, so no reply
can take a run past a bound:

    Bounds(turns=3)    after 3 replies, no 4th request
    Bounds(tokens=N)   a request is sent only if what was spent, plus its prompt (estimated,
                       `api.tokens`) and its whole `max_tokens`, stays within N
    Bounds(dollars=D)  the same in dollars at list prices (`handagent.cost`), every prompt token
                       priced as the dearest it can be (a 1-hour cache write)

Every prompt token counts: cache reads and writes too (a cached prompt is still read, and a
write costs more than plain input), priced as the meter prices them. A run is the replies since
the history's last user message, so a run resumed from its log (`Spent.of(history)`) goes on
spending from what it had spent, never from zero; a new user message starts a new run.

Not handled here: a bound on wall time (a tool has its own timeout; a request, the provider's),
a model with no price on file (it counts $0: the token bound still holds), server tools' fees
(web search is billed per search), the exact tokenizer (the estimate is about 3 characters a token).
"""

from dataclasses import dataclass, replace
from typing import Literal

from ..api import tokens
from ..cost import Call, dollars, price
from .protocol import AssistantMessage, Message, UserMessage

Bound = Literal["turns", "tokens", "dollars"]


@dataclass(frozen=True)
class Bounds:
    """The most one run may spend. Example: Bounds(turns=5, tokens=20_000, dollars=0.05)"""

    turns: int = 10  # model requests
    tokens: int = 200_000  # prompt (cache reads and writes included) + output, over the run
    dollars: float = 1.00  # estimated at list prices (handagent.cost)

    def __post_init__(self):
        if self.turns < 1 or self.tokens < 1 or self.dollars <= 0:
            raise ValueError(f"Every bound must be positive, got {self}; raise the one at 0.")


def billed(reply: AssistantMessage) -> Call:
    """A reply's usage as the meter bills it. Example: Usage(9, 3, 100) -> Call(m, 9, 3, 100)"""
    u = reply.usage
    return Call(reply.model, u.input_tokens, u.output_tokens, u.cache_read_tokens,
                u.cache_write_5m_tokens, u.cache_write_1h_tokens)  # fmt: skip


@dataclass(frozen=True)
class Spent:
    """What a run has used so far. Example: Spent(turns=2, tokens=1_930, dollars=0.0004)"""

    turns: int = 0
    tokens: int = 0
    dollars: float = 0.0

    def add(self, reply: AssistantMessage) -> "Spent":
        """This and one reply. Spent() + 900 in, 100 read, 60 out -> Spent(1, 1060, ...)"""
        call = billed(reply)
        return replace(
            self,
            turns=self.turns + 1,
            tokens=self.tokens + call.prompt_tokens + call.output_tokens,
            dollars=self.dollars + (dollars(call) or 0.0),  # no price on file: $0
        )

    @classmethod
    def of(cls, history: list[Message]) -> "Spent":
        """What the run the history ends in has spent: its replies since the last user message.

        Example: [user, reply(500 in, 40 out), result, reply(600 in, 30 out)] -> Spent(2, 1170, ..)
        """
        start = max((i for i, m in enumerate(history) if isinstance(m, UserMessage)), default=-1)
        spent = cls()
        for message in history[start + 1 :]:
            if isinstance(message, AssistantMessage):
                spent = spent.add(message)
        return spent


def worst_case(request: dict) -> tuple[int, float]:
    """The most a request can cost: its prompt (estimated) and all of its max_tokens, in tokens
    and in dollars (every prompt token at the dearest rate it can have; 0 with no price on file).

    Example: {"model": <Haiku 5.5>, "max_tokens": 1024, "messages": [...]} -> (1_530, 0.0071)
    """
    prompt, output = tokens.input_tokens(request), request["max_tokens"]
    listed = price(request["model"])
    if listed is None:
        return prompt + output, 0.0
    rate = listed.for_prompt(prompt)
    dearest = max(rate.input, rate.cache_write_5m, rate.cache_write_1h)
    return prompt + output, (prompt * dearest + output * rate.output) / 1_000_000


def room(spent: Spent, bounds: Bounds, request: dict | None = None) -> Bound | None:
    """The first bound the next request could break, or None if it may be sent.

    Example: (Spent(turns=3), Bounds(turns=3)) -> "turns";  (Spent(), Bounds(), request) -> None
    """
    if spent.turns >= bounds.turns:
        return "turns"
    most_tokens, most_dollars = worst_case(request) if request is not None else (0, 0.0)
    if spent.tokens + most_tokens > bounds.tokens or spent.tokens >= bounds.tokens:
        return "tokens"
    if spent.dollars + most_dollars > bounds.dollars or spent.dollars >= bounds.dollars:
        return "dollars"
    return None
