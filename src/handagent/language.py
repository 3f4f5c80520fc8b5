"""The edition's language: which language the package speaks to the learner in.

Each notebook chooses it once, in its first cell, and everything the package tells the learner
from then on (the provider line, explanations, checker hints, self-check feedback) follows:

    use_language("zh-CN")
    pick("Not answered yet.", "还没有作答。")  -> "还没有作答。"

What the package tells the *model* (error results, truncation notices, "not run" answers) stays
in English whatever the edition: the model reads English instructions most reliably, and what the
package writes for the model is then the same text in both editions, so their transcripts can be
compared. The requests still differ: the questions a learner sends are in the edition's language.

Not handled here: translating anything (each sentence is written in both languages where it is
used), plural forms, languages beyond the two editions.
"""

import re

LANGUAGES = ("en", "zh-CN")
HAN_RANGES = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs, as a class body
HAN = re.compile(f"[{HAN_RANGES}]")  # one Chinese character

_current = "en"


def use_language(language: str) -> str:
    """Set the language of this notebook's edition; returns it. Example: "zh-CN" -> "zh-CN"."""
    global _current
    if language not in LANGUAGES:
        raise ValueError(
            f"{language!r} is not an edition of the series; use one of {', '.join(LANGUAGES)}."
        )
    _current = language
    return language


def current_language() -> str:
    """The language set by `use_language` ("en" until a notebook sets another)."""
    return _current


def pick(english: str, chinese: str | None = None) -> str:
    """The sentence in the edition's language; the English one where no translation is given.

    Example: ("Hello", "你好") -> "你好" while the language is "zh-CN"
    """
    if _current == "zh-CN" and chinese is not None:
        return chinese
    return english
