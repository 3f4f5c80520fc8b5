"""Self-checks: three questions at the end of every chapter that grade themselves.

Each chapter's exercise module offers its questions as data (`SELF_CHECK` in
`handagent.exercises.chNN`, written in `handagent.exercises.questions.chNN`). A question either
asks the learner to recall what the chapter showed (`kind="recall"`) or puts them in a situation
it did not show, where its idea must be applied (`kind="apply"`); every chapter asks at least
two of the second kind, and no right option gives itself away by being the longest
(`tests/exercises/test_selfcheck.py` holds both editions to that). A notebook's last exercise
cell is always the same:

    answers = {1: None, 2: None, 3: None}  # a letter, or a few words for an open question
    self_check("03", answers)

The result prints each question with its options and, once answered, whether the answer is
right and why, in the edition's language (`handagent.language`). A wrong answer gets a hint,
not the solution, so the learner can try again. Nothing here raises for a learner's answer: an
answer of the wrong shape is reported in the output, and the notebook stays runnable.

Not handled here: scores kept between runs, timing, questions that need code to answer (those
are the chapters' exercises).
"""

import importlib
import re
import unicodedata
from dataclasses import dataclass
from typing import Literal

from ..language import pick, wrap

Words = tuple[str, str]  # (English, Chinese); the Chinese may be "" until the zh edition has it
Kind = Literal["recall", "apply"]  # what the chapter showed, or an idea used where it did not


@dataclass(frozen=True)
class Question:
    """A multiple-choice question (options) or an open one (accept: the answers that count)."""

    prompt: Words
    hint: Words  # shown after a wrong answer: where to look, never the answer itself
    why: Words  # shown after a right answer: the reason, in one or two sentences
    options: tuple[Words, ...] = ()  # lettered a, b, c, ... in this order
    answer: str = ""  # the right letter of a multiple-choice question
    accept: tuple[str, ...] = ()  # open question: accepted answers, compared loosely
    kind: Kind = "recall"

    def __post_init__(self):
        if self.kind not in ("recall", "apply"):
            raise ValueError(f"kind {self.kind!r} is neither 'recall' nor 'apply'.")
        if bool(self.options) == bool(self.accept):
            raise ValueError("Give a question either options and an answer letter, or accept.")
        if self.options and self.answer not in self.letters:
            raise ValueError(f"answer {self.answer!r} is not one of the letters {self.letters}.")

    @property
    def letters(self) -> str:
        return "abcdefgh"[: len(self.options)]

    def is_right(self, given: str) -> bool:
        if self.options:
            return loose(given) == self.answer
        return loose(given) in {loose(text) for text in self.accept}


def loose(text: str) -> str:
    """An answer as compared: width, case, spaces and punctuation folded.

    Example: " Tool_Use。" -> "tool_use";  "Ｂ" -> "b"
    """
    folded = unicodedata.normalize("NFKC", text).casefold()
    return re.sub(r"[\s\"'`.,;:!?()\[\]（）。，；：！？、“”‘’]+", "", folded)


def _say(words: Words) -> str:
    return pick(words[0], words[1] or None)


@dataclass(frozen=True)
class Report:
    """What `self_check` found: one line per question, printed as the cell's output."""

    chapter: str
    lines: tuple[str, ...]
    right: int
    total: int

    @property
    def passed(self) -> bool:
        return self.right == self.total

    def __str__(self) -> str:
        return wrap("\n".join(self.lines))

    __repr__ = __str__


def questions(chapter: str) -> tuple[Question, ...]:
    """The self-check of a chapter, from its exercise module. Example: "03" -> (Question, ...)"""
    try:
        module = importlib.import_module(f"handagent.exercises.ch{chapter}")
    except ModuleNotFoundError:
        raise ValueError(  # noqa: B904 - the import error says nothing a learner needs
            f"No chapter {chapter!r}: use the two digits of a notebook, e.g. '03'."
        )
    if not hasattr(module, "SELF_CHECK"):
        raise ValueError(
            f"{module.__name__} has no SELF_CHECK: add its three Question(...) as SELF_CHECK."
        )
    return module.SELF_CHECK


def _shape_problem(answers: object, count: int) -> str | None:
    example = "{" + ", ".join(f'{n}: "a"' for n in range(1, count + 1)) + "}"
    if not isinstance(answers, dict):
        return pick(
            f"answers should be a dict like {example}, not a {type(answers).__name__}.",
            f"answers 应该是这样的字典：{example}，而不是 {type(answers).__name__}。",
        )
    extra = [key for key in answers if key not in range(1, count + 1)]
    if extra:
        return pick(
            f"answers has keys {extra} that are not question numbers: use 1 to {count}.",
            f"answers 里的键 {extra} 不是题号：请用 1 到 {count}。",
        )
    wrong = [n for n, given in answers.items() if given is not None and not isinstance(given, str)]
    if wrong:
        return pick(
            f'the answer to question {wrong[0]} should be text, e.g. "a", or None.',
            f'第 {wrong[0]} 题的答案应该是文字，比如 "a"，或者 None。',
        )
    return None


def self_check(chapter: str, answers: object) -> Report:
    """Grade a chapter's self-check. Example: ("03", {1: "b", 2: None, 3: "a"}) -> Report(...)"""
    asked = questions(chapter)
    title = pick(f"Self-check · chapter {chapter}", f"自测 · 第 {chapter} 章")
    problem = _shape_problem(answers, len(asked))
    given = {} if problem else {n: a for n, a in answers.items() if a is not None and a.strip()}
    lines, right = [], 0
    for number, question in enumerate(asked, 1):
        lines.append(f"{number}. {_say(question.prompt)}")
        for letter, option in zip(question.letters, question.options, strict=True):
            lines.append(f"   {letter}) {_say(option)}")
        answer = given.get(number)
        if answer is None:
            lines.append("   → " + pick("not answered yet", "还没有作答"))
        elif question.options and loose(answer) not in question.letters:
            letters = ", ".join(question.letters)
            lines.append("   → " + pick(f"{answer!r} is not one of the letters {letters}",
                                        f"{answer!r} 不是选项 {letters} 之一"))  # fmt: skip
        elif question.is_right(answer):
            right += 1
            lines.append(f"   → ✓ {pick('right: ', '答对了：')}{_say(question.why)}")
        else:
            lines.append(f"   → ✗ {pick('not yet: ', '还不对：')}{_say(question.hint)}")
    summary = pick(f"{right} of {len(asked)} right", f"答对 {right}/{len(asked)} 题")
    lines.insert(0, f"{title} · {summary}")
    if problem:
        lines.append(problem)
    elif right < len(asked):
        lines.append(pick(
            "Put a letter (or a few words) for each question in `answers`; run the cell again.",
            "把答案填进 `answers`（选项字母；开放题写几个词），然后再运行这个单元格。",
        ))  # fmt: skip
    return Report(chapter, tuple(lines), right, len(asked))
