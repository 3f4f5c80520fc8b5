"""The edition's language: which language the package speaks to the learner in.

Each notebook chooses it once, in its first cell, and everything the package tells the learner
from then on (the provider line, explanations, checker hints, self-check feedback) follows:

    use_language("zh-CN")
    pick("Not answered yet.", "还没有作答。")  -> "还没有作答。"

What the package tells the *model* (error results, truncation notices, "not run" answers) stays
in English whatever the edition: the model reads English instructions most reliably, and what the
package writes for the model is then the same text in both editions, so their transcripts can be
compared. The requests still differ: the questions a learner sends are in the edition's language.

A printed line is measured in columns, a Chinese character taking two (`columns`), and kept
within `BOOK_COLUMNS`, what the book's page shows of a line without scrolling: `wrap` breaks a
long line at spaces, or between Chinese characters, `fit` cuts one short.

Not handled here: translating anything (each sentence is written in both languages where it is
used), plural forms, languages beyond the two editions.
"""

import re
import unicodedata

LANGUAGES = ("en", "zh-CN")
HAN_RANGES = "\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff"  # CJK ideographs, as a class body
HAN = re.compile(f"[{HAN_RANGES}]")  # one Chinese character

# The book's code width: at a window 1,440 px wide or more, sphinx-book-theme's article is 854 px
# and an output's <pre> 790 px, 16 px padding each side, in 14 px DejaVu Sans Mono at 8.43 px a
# character (measured in Chromium): 89 columns show without scrolling (77 at 1,280 px).
BOOK_COLUMNS = 89

LIST_MARKER = re.compile(r"(?:- |→ |\d+\. |[a-z]\) )")

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


def columns(text: str) -> int:
    """How many columns a line takes in a monospace font: a CJK character takes two.

    Example: "ab" -> 2;  "没有结果" -> 8
    """
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def fit(line: str, limit: int = BOOK_COLUMNS) -> str:
    """A line cut to at most `limit` columns, "…" marking the cut.

    Example: ("abcdef", 4) -> "abc…";  ("没有结果", 5) -> "没有…"
    """
    if columns(line) <= limit:
        return line
    kept, room = [], limit - 1
    for char in line:
        room -= columns(char)
        if room < 0:
            break
        kept.append(char)
    return "".join(kept) + "…"


# Chinese line breaking: closing marks and 了 (which ends the word before it) never start a line,
# opening marks never end one.
CLOSING_MARKS = "，。、；：？！）》」』”’"
NO_LINE_START = CLOSING_MARKS + "了"
NO_LINE_END = "（《「『“‘"


def _breakable(piece: str, cut: int) -> bool:
    """Whether a line may break before piece[cut]: no closing mark or 了 starting the next line,
    no opening mark ending this one, no single Chinese character left alone before a mark.

    Example: ("运行了。", 2) -> False ("了。" would start the line);  ("运行了。", 1) -> True
    """
    rest = piece[cut:].lstrip(" ")
    if not rest or rest[0] in NO_LINE_START or piece[:cut].rstrip(" ")[-1:] in NO_LINE_END:
        return False
    return not (HAN.match(rest) and (len(rest) == 1 or rest[1] in CLOSING_MARKS))


def wrap(text: str, limit: int = BOOK_COLUMNS) -> str:
    """Every line of `text` broken to at most `limit` columns, at a space where there is one
    (between Chinese characters otherwise), each piece indented as its line was ("  - a b" goes
    on as "    b"). A break between Chinese characters moves earlier rather than start a line with
    a closing mark, end one with an opening mark, or leave one character alone (`_breakable`).

    Example: ("  - one two three", 12) -> "  - one two\n    three"
    """
    out = []
    for line in text.split("\n"):
        body = line.lstrip(" ")
        marker = LIST_MARKER.match(body)  # "- ", "→ ", "1. ", "a) ": what follows it hangs under it
        hang = " " * min(len(line) - len(body) + (marker.end() if marker else 0), limit // 2)
        piece = line
        while columns(piece) > limit:
            cut, used = 0, 0
            for i, char in enumerate(piece):
                used += columns(char)
                if used > limit:
                    break
                if char == " " and i > len(hang) and _breakable(piece, i):
                    cut = i  # the last space that fits
                elif columns(char) == 2 and i >= len(hang) and _breakable(piece, i + 1):
                    cut = i + 1  # after a Chinese character (or full-width mark) that fits
            cut = cut if cut > len(hang) else i  # a word longer than the line: cut it there
            head, piece = piece[:cut].rstrip(), hang + piece[cut:].lstrip(" ")
            out.append(head)
        out.append(piece)
    return "\n".join(out)
