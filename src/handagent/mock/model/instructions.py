"""What the mock model obeys in a system prompt, besides its language (`phrases.language`) and
the words it adds to the tools it names (`menu.profile`).

Two kinds of sentence, in English or Chinese:

    a refusal rule   "Never discuss politics." / "Do not answer questions about other shops."
                     "不要讨论政治。"  A request that shares a word with the topic is declined,
                     in words, whatever the tools (`declined`).
    an order rule    "Call start_return only after find_order has shown ..." /
                     "只有在 find_order 确认之后，才调用 start_return。"  A call of the first
                     tool waits until the second has answered without error since the request;
                     until then the model calls the second one instead (`in_order`).

    declined("Never discuss politics.", "What do you think of politics?") -> "politics"
    in_order([("start_return", {...})], rules, done=set(), call_for=...)
        -> [("find_order", {"order_id": 1042})]

Not handled here (the mock matches words, it does not understand): a rule stated any other
way, rules that depend on what a result said ("only if the order is delivered": any answer
without error will do), a topic that only a synonym links to the request, several rules that
contradict each other.
"""

import re
from collections.abc import Callable

from .lexicon import terms

REFUSE = re.compile(
    r"\b(?:never|do not|don't|must not|refuse to|decline to)\s+(?:ever\s+)?(?:discuss|talk about"
    r"|comment on|give advice on|answer (?:any )?(?:questions? )?(?:about|on)|help with)\s+"
    r"([^.;!?\n]+)|\b(?:refuse|decline)\s+(?:any |all )?(?:requests?|questions?)\s+(?:about|on)"
    r"\s+([^.;!?\n]+)|(?:不要|不得|不能|禁止|拒绝)(?:讨论|谈论|评论|回答)(?:任何)?(?:关于|有关)?"
    r"([^。；！？\n]+?)(?:的问题|的话题)?(?=[。；！？\n]|$)",
    re.I,
)
AFTER = re.compile(r"\bonly after\b|之后|以后", re.I)  # English names the waiting tool first


def declined(system: str, text: str) -> str | None:
    """The topic of the system prompt's refusal rule this request touches, or None."""
    asked = terms(text)
    for match in REFUSE.finditer(system or ""):
        topic = next(g for g in match.groups() if g).strip()
        if terms(topic) & asked:
            return topic
    return None


def order_rules(system: str, names: list[str]) -> list[tuple[str, str]]:
    """(tool that waits, tool it waits for), for every order rule naming two offered tools.

    Example: ("Use start_return only after find_order ...", ["find_order", "start_return"])
        -> [("start_return", "find_order")]
    """
    rules = []
    for sentence in re.split(r"(?<=[.;!?。；！？\n])", system or ""):
        if not (cue := AFTER.search(sentence)):
            continue
        before, after = (_named(part, names) for part in (sentence[: cue.start()],
                                                          sentence[cue.end() :]))  # fmt: skip
        if before and after:
            english = cue.group().isascii()  # "A only after B"; "在 B 之后 ... A"
            pair = (before[-1], after[0]) if english else (after[0], before[-1])
            if pair[0] != pair[1]:
                rules.append(pair)
    return rules


def _named(text: str, names: list[str]) -> list[str]:
    """The offered tools a text names, in the order it names them."""
    found = [(m.start(), n) for n in names for m in re.finditer(rf"(?<!\w){re.escape(n)}(?!\w)",
                                                                text)]  # fmt: skip
    return [n for _, n in sorted(found)]


def in_order(
    todo: list[tuple[str, dict]],
    rules: list[tuple[str, str]],
    done: set[str],
    call_for: Callable[[str], tuple[str, dict]],
) -> list[tuple[str, dict]]:
    """The calls to make now: a call whose tool waits for another that has not answered is held
    back, and that other tool called instead (once, with what the request gives)."""
    waiting = {waits: first for waits, first in rules if first not in done}
    now = [call for call in todo if call[0] not in waiting]
    for name, _ in todo:
        first = waiting.get(name)
        if first and all(call[0] != first for call in now):
            now.append(call_for(first))
    return now
