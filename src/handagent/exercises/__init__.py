"""Exercises that check themselves: one module per chapter, one checker per exercise.

A checker takes what the learner wrote (a dict, a function) and returns a `Verdict` that says
precisely what is wrong, never just "failed". It does not raise for a wrong answer, so a notebook
stays runnable top to bottom while the exercise is unsolved.

Hints follow the edition's language, `handagent.language`: each sentence is written in English
and in Chinese where it is made, and `pick` chooses one when the Verdict is made. `wording` reads
a learner's prose (its length, when it says to use a tool) in either language.

Not handled here: grading, hints beyond the problems found.
"""

from dataclasses import dataclass, field

from ..language import pick, wrap


@dataclass(frozen=True)
class Verdict:
    """The outcome of one checker: passed, or the list of problems found."""

    exercise: str
    problems: tuple[str, ...] = ()
    heading: str = field(init=False, repr=False, compare=False)  # in the language it was made in

    def __post_init__(self):
        count, name = len(self.problems), self.exercise
        heading = (
            pick(
                f"✗ {name}: not yet, {count} problem(s):",
                f"✗ {name}：还没通过，有 {count} 个问题：",
            )
            if self.problems
            else pick(f"✓ {name}: all checks pass.", f"✓ {name}：全部检查通过。")
        )
        object.__setattr__(self, "heading", heading)

    @property
    def passed(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        return wrap("\n".join([self.heading, *(f"  - {problem}" for problem in self.problems)]))

    __repr__ = __str__


def attempt(function, *args: object) -> tuple[object, str | None]:
    """Call the learner's function; return (value, None) or (None, what it raised)."""
    try:
        return function(*args), None
    except Exception as error:  # noqa: BLE001 - a learner's exception is a finding, not a crash
        name = type(error).__name__
        raised = f"{name}: {error}" if str(error) else name  # StopIteration has no message
        return None, pick(f"raised {raised}", f"抛出了 {raised}")


def not_a_function(value: object, exercise: str) -> Verdict | None:
    """The verdict for a learner who passed something other than a function, else None.

    Example: ("answer_text()", "00 · answer_text") -> Verdict naming "got str"
    """
    if callable(value):
        return None
    kind = type(value).__name__
    return Verdict(exercise, (pick(f"pass the function itself, got {kind}.",
                                   f"请传入函数本身，收到的是 {kind}。"),))  # fmt: skip
