"""Exercises that check themselves: one module per chapter, one checker per exercise.

A checker takes what the learner wrote (a dict, a function) and returns a `Verdict` that says
precisely what is wrong, never just "failed". It does not raise for a wrong answer, so a notebook
stays runnable top to bottom while the exercise is unsolved.

Not handled here: grading, hints beyond the problems found.
"""

from dataclasses import dataclass


@dataclass(frozen=True)
class Verdict:
    """The outcome of one checker: passed, or the list of problems found."""

    exercise: str
    problems: tuple[str, ...] = ()

    @property
    def passed(self) -> bool:
        return not self.problems

    def __str__(self) -> str:
        if self.passed:
            return f"✓ {self.exercise}: all checks pass."
        listed = "\n".join(f"  - {problem}" for problem in self.problems)
        return f"✗ {self.exercise}: not yet, {len(self.problems)} problem(s):\n{listed}"

    __repr__ = __str__


def attempt(function, *args: object) -> tuple[object, str | None]:
    """Call the learner's function; return (value, None) or (None, what it raised)."""
    try:
        return function(*args), None
    except Exception as error:  # noqa: BLE001 - a learner's exception is a finding, not a crash
        return None, f"raised {type(error).__name__}: {error}"
