"""Chapter 00: the exercise (read a reply's answer by block type, and know when there is none)
and the self-check.

The exercise: `answer_text(reply)` takes a reply as the wire has it (the JSON of section 1, a
dict) and returns its answer, the text of its `text` blocks joined, or None when there is no
whole answer to give: `stop_reason` "max_tokens" means only a beginning came back, and on a
thinking model that beginning may be thinking alone. `check_answer_text` runs it on five
replies and names each one it gets wrong.

The three self-check questions are written in `questions/ch00.py` (every text a pair of English
and 简体中文): a reply is a list of typed blocks that may start with thinking, thinking is spent
out of `max_tokens`, and a model remembers only the history a request sends.

Not handled here: how answers are graded and shown (`selfcheck`).
"""

import copy

from ..language import pick
from . import Verdict, attempt, not_a_function
from .questions.ch00 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = "00 · answer_text(reply)"  # code: the same in both editions

THINKING = {"type": "thinking", "thinking": "", "signature": "EqQBCkYIBxgC"}


def _reply(stop_reason: str, *blocks: dict) -> dict:
    return {"type": "message", "role": "assistant", "content": list(blocks),
            "stop_reason": stop_reason}  # fmt: skip


def _text(text: str) -> dict:
    return {"type": "text", "text": text}


# (what the reply is, in both editions), the reply, the answer expected
CASES = (
    (("thinking, then the answer", "先思考，再回答"),
     _reply("end_turn", THINKING, _text("Hello, Ada.")), "Hello, Ada."),
    (("an answer in two text blocks", "回答分在两个文本块里"),
     _reply("end_turn", _text("Hello,"), _text(" Ada.")), "Hello, Ada."),
    (("no thinking at all (a model may skip it)", "完全没有思考（模型可以跳过）"),
     _reply("end_turn", _text("Hi.")), "Hi."),
    (("cut at max_tokens while it thought", "还在思考时到了 max_tokens"),
     _reply("max_tokens", THINKING), None),
    (("cut at max_tokens after two words", "写了两个词就到了 max_tokens"),
     _reply("max_tokens", THINKING, _text("Hello, A")), None),
)  # fmt: skip


def _problem(answer_text, reply: dict, expected: str | None) -> str | None:
    """What goes wrong on one reply, or None if the answer is right."""
    got, error = attempt(answer_text, copy.deepcopy(reply))
    if error:
        hint = pick(
            "read each block by its 'type'; a reply may start with thinking, or hold no text",
            "按每个块的 'type' 读：回复可能以思考开头，也可能一个文本块都没有",
        )
        return pick(f"{error}. Hint: {hint}", f"{error}。提示：{hint}")
    if got == expected:
        return None
    if expected is None:
        return pick(
            f"returned {got!r}: stop_reason is 'max_tokens', so this is only a beginning, not "
            "the model's answer; return None",
            f"返回了 {got!r}：stop_reason 是 'max_tokens'，这只是个开头，不是模型的回答；"
            "应该返回 None",
        )
    return pick(
        f"expected {expected!r}, got {got!r}: join the text of every text block, in order",
        f"应该得到 {expected!r}，实际得到 {got!r}：把每个文本块的文字按顺序连起来",
    )


def check_answer_text(answer_text) -> Verdict:
    """Run `answer_text` on every reply of CASES and report each one it gets wrong."""
    if (wrong := not_a_function(answer_text, EXERCISE)) is not None:
        return wrong
    problems = []
    for what, reply, expected in CASES:
        problem = _problem(answer_text, reply, expected)
        if problem:
            problems.append(pick(f"on {pick(*what)}: {problem}", f"{pick(*what)}：{problem}"))
    return Verdict(EXERCISE, tuple(problems))
