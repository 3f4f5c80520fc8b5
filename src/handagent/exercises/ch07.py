"""Chapter 07 exercise: rewrite a history's tool-call ids for a provider's rules, in pairs.

The learner hands in `normalise(history, max_len)`: a new history in which every tool-call id
matches `^[a-zA-Z0-9_-]{1,max_len}$`, each result quotes the new id of its call, ids that were
distinct stay distinct, ids that were already valid are kept, and the history passed in is left
exactly as it was (the log keeps the originals). `check_normalise` runs it on fixed histories,
for Anthropic's 64 characters and OpenAI Chat's 40: a 203-character id joined with `|` by a
runtime, two such ids that share their first 200 characters, `a|b` next to `a+b`, and a valid
`toolu_` id. Hints follow the edition's language, `handagent.language`.

Not handled here: ids repeated across turns (the package's `runtime.ids` does that too).
"""

import copy
import re

from ..language import pick
from ..runtime.ids import ANTHROPIC, OPENAI_CHAT
from ..runtime.protocol import (
    AssistantMessage,
    Message,
    RepeatedCallId,
    ToolCall,
    ToolResultMessage,
    assistant_reply,
    tool_result_message,
    user_text,
)
from . import Verdict, attempt
from .questions.ch07 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("07 · ids rewritten in pairs", "07 · 成对改写 id")
T0 = 1_767_225_600.0
# A runtime's join of an OpenAI Responses call id and item id: long, with "|", "+", "/", "=".
LONG = "call_Qx7Vb2Lr9Tm4Kd8Wn3Hs6Pj1|fc_" + "dGhlIGlkIGlzIG9wYXF1ZQ+/" * 7 + "=="
TWIN = LONG[:200] + "ABC"  # the same first 200 characters, another end
LIMITS = (ANTHROPIC.max_len, OPENAI_CHAT.max_len)  # Messages: 64, Chat Completions: 40


def _turn(*call_ids: str, at: float) -> list[Message]:
    calls = [ToolCall(i, "read_file", {"path": f"f{n}.ts"}) for n, i in enumerate(call_ids)]
    reply = assistant_reply(*calls, model="mock-transcript", provider="other", timestamp=T0 + at)
    return [
        reply,
        *(
            tool_result_message(c, f"text of {c.arguments['path']}", timestamp=T0 + at)
            for c in calls
        ),
    ]


def histories() -> dict[str, list[Message]]:
    """The fixed histories, by what they test."""
    return {
        "one long id": [user_text("Read f0.ts", T0), *_turn(LONG, at=1)],
        "two long ids sharing 200 characters": [
            user_text("Read both", T0),
            *_turn(LONG, TWIN, at=1),
        ],
        "'a|b' next to 'a+b'": [user_text("Read both", T0), *_turn("a|b", "a+b", at=1)],
        "a valid id, then a long one": [
            user_text("Read f0.ts", T0),
            *_turn("toolu_01A", at=1),
            user_text("And again", T0 + 2),
            *_turn(LONG, at=3),
        ],
    }


# What each history tests, in Chinese (the keys of `histories()` are the English).
IN_CHINESE = {
    "one long id": "一个长 id",
    "two long ids sharing 200 characters": "两个前 200 个字符相同的长 id",
    "'a|b' next to 'a+b'": "并排的 'a|b' 和 'a+b'",
    "a valid id, then a long one": "先一个合法的 id、再一个长 id",
}


def _ids(history: list) -> tuple[list[str], list[str]]:
    """(each call's id, the id each result quotes), in history order."""
    calls, results = [], []
    for message in history:
        if isinstance(message, AssistantMessage):
            calls += [b.id for b in message.content if isinstance(b, ToolCall)]
        elif isinstance(message, ToolResultMessage):
            results.append(message.tool_call_id)
    return calls, results


COLLIDE = (
    "end each rewrite with a short hash of the whole original, so that ids which start alike, "
    "or differ only in characters that become '_', stay distinct.",
    "在每个改写后的 id 末尾加上整个原 id 的短哈希，这样开头相同的 id，或者只差在会变成 '_' "
    "的字符上的 id，改写后仍然各不相同。",
)


def _problem(normalise, what: str, history: list, max_len: int) -> str | None:
    before = copy.deepcopy(history)
    got, raised = attempt(normalise, history, max_len)
    where = pick(
        f"For {what} (max_len {max_len}), normalise ",
        f"对于{IN_CHINESE[what]}（max_len {max_len}），normalise ",
    )
    collide = pick(*COLLIDE)
    if raised and RepeatedCallId.__name__ in raised:  # AssistantMessage refused the clash
        return where + pick(
            f"gave two calls of one message the same id: {collide}",
            f"给同一条消息里的两个调用改出了同一个 id。{collide}",
        )
    if raised:
        return where + pick(
            f"{raised}. Never raise: every id can be rewritten into a valid one.",
            f"{raised}。不要抛异常：每个 id 都能改写成合法的 id。",
        )
    if history != before:
        return where + pick(
            "changed the history it was given; work on a copy (dataclasses.replace).",
            "改动了传给它的历史；要在副本上改（dataclasses.replace）。",
        )
    if not isinstance(got, list) or len(got) != len(history):
        kind = type(got).__name__
        return where + pick(
            f"returned {kind}; return a new list, one per message.",
            f"返回了 {kind}；应该返回一个新列表，每条消息一项。",
        )
    old_calls, _ = _ids(history)
    calls, results = _ids(got)
    pattern = f"^[a-zA-Z0-9_-]{{1,{max_len}}}$"
    if bad := [i for i in calls if not re.fullmatch(pattern, i)]:
        return where + pick(
            f"sent the call id {bad[0][:70]!r}, which breaks {pattern}: replace the bad "
            "characters and cut to the limit.",
            f"发出的调用 id 是 {bad[0][:70]!r}，不符合 {pattern}：把不合法的字符换掉，"
            "再截到长度上限。",
        )
    if mismatch := [(c, r) for c, r in zip(calls, results, strict=True) if c != r]:
        call, result = mismatch[0]
        return where + pick(
            f"sent a call as {short(call)!r}, but its result still quotes {short(result)!r}: "
            "rewrite each result with the same table as its call, or the provider refuses both.",
            f"把调用改成了 {short(call)!r}，它的结果却还引用 {short(result)!r}：结果要和它的"
            "调用用同一张映射表改写，否则提供方两个都不收。",
        )
    if len(set(calls)) < len(set(old_calls)):
        return where + pick(
            f"made two different ids into one: {collide}",
            f"把两个不同的 id 改成了同一个：{collide}",
        )
    valid = [
        (old, new) for old, new in zip(old_calls, calls, strict=True) if re.fullmatch(pattern, old)
    ]
    if changed := [old for old, new in valid if old != new]:
        return where + pick(
            f"changed {changed[0]!r}, which was valid already: leave valid ids alone.",
            f"改动了 {changed[0]!r}，可它本来就合法：合法的 id 不要动。",
        )
    again, _ = attempt(normalise, copy.deepcopy(history), max_len)
    if again != got:
        return where + pick(
            "gave another answer the second time: make the rewrite deterministic.",
            "第二次给出了不一样的结果：改写必须是确定的，同一个 id 每次都改成同一个。",
        )
    return None


def short(call_id: str) -> str:
    """An id short enough for a hint. Example: a 203-character id -> "call_Qx7V…(203 chars)" """
    return call_id if len(call_id) <= 24 else f"{call_id[:16]}…({len(call_id)} chars)"


def check_normalise(normalise) -> Verdict:
    """Check `normalise(history, max_len)` on every fixed history, for both providers' limits."""
    problems = []
    for what, history in histories().items():
        found = (_problem(normalise, what, history, max_len) for max_len in LIMITS)
        problems.append(next((problem for problem in found if problem), None))  # the first only
    return Verdict(pick(*EXERCISE), tuple(problem for problem in problems if problem))
