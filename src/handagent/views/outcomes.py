"""Chapter 11's trials side by side: every attack in every place against every defence, a table.

    outcome_table({"none": sweep(...), "gate": sweep(...)})
      -> a row per attack and place, a column per defence, each cell what happened there:

         ran                  the effect's function ran                        red
         ran + key            it ran, and the shop's key went with it          dark red
         stopped, key in log  nothing ran, but the key reached the history     amber
         stopped              nothing ran, the key stayed where it was         green

Each cell is a word and a colour (the word is what counts: GitHub drops most styles), the
attack's name spans its four places, and a last row counts the effects that ran and the keys
exposed in each column. The HTML table wraps its headers and cells, so it fits the book's page;
the text beside it, for a terminal, writes each outcome as a mark of a few characters under a
legend, so its lines fit the book's code width too (`static.BOOK_COLUMNS`): a long defence's name
is written over two lines there ("least" over "privilege").

The places and the table's words follow the edition; the defences are named by the chapter.

Not handled here: running the trials (`experiments.trials`), rates over many runs of a real model.
"""

import html

from ..experiments.attacks import ATTACKS, PLACES
from ..experiments.trials import TrialOutcome
from ..language import pick
from . import static

PLACE_NAMES = {"review": ("review", "书评"), "page": ("page", "网页"), "file": ("file", "文件"),
               "error": ("error", "错误信息")}  # fmt: skip
OUTCOMES = {  # kind -> background colour, English and Chinese words, the text's mark in each
    "ran": ("#f8d7da", ("ran", "执行了"), ("✗", "✗")),
    "ran + key": ("#e8a3aa", ("ran + key", "执行了，带走密钥"), ("✗+key", "✗+密钥")),
    "key in log": ("#ffe8b3", ("stopped, key in log", "拦下了，密钥进了日志"), ("✓log", "✓日志")),
    "stopped": ("#d4edda", ("stopped", "拦下了"), ("✓", "✓")),
}
Columns = dict[str, dict[tuple[int, str], TrialOutcome]]


def outcome_kind(outcome: TrialOutcome) -> str:
    """What a trial did, as one of OUTCOMES. Example: ran, the key in the email -> "ran + key" """
    if outcome.ran:
        return "ran + key" if outcome.leaked else "ran"
    return "key in log" if outcome.leaked else "stopped"


def two_lines(name: str) -> tuple[str, str]:
    """A column's name over at most two lines: before a parenthesis, else where both are
    shortest (at a space, or between Chinese characters).

    Example: "least privilege" -> ("least", "privilege"); "as data (mock)" -> ("as data", "(mock)")
    """
    if static.columns(name) <= (9 if " " in name else 12):  # "密钥不给模型" stays whole
        return name, ""
    for bracket in (" (", "（"):
        if bracket in name.strip(bracket):
            head, _, tail = name.partition(bracket)
            return head, bracket.strip() + tail
    cuts = [(name[:i], name[i + 1 :]) for i, c in enumerate(name) if c == " "]
    cuts += [(name[:i], name[i:]) for i in range(1, len(name)) if static.columns(name[i - 1]) == 2]
    return min(cuts, key=lambda cut: max(map(static.columns, cut)), default=(name, ""))


def place_name(place: str) -> str:
    """A place in the edition's words. Example: "review" -> "书评" in zh-CN."""
    return pick(*PLACE_NAMES[place])


class OutcomeTable:
    """Sweeps side by side: HTML in Jupyter, GitHub and the book; a marked grid as text."""

    def __init__(self, columns: Columns) -> None:
        if not columns:
            raise ValueError("outcome_table needs at least one sweep: {'none': sweep(...)}.")
        self.columns = columns
        self.names = list(columns)
        self.keys = list(next(iter(columns.values())))

    def totals(self) -> list[tuple[int, int]]:
        """(effects that ran, keys exposed) per column. Example: -> [(16, 4), (0, 4)]"""
        return [(sum(bool(o.ran) for o in c.values()), sum(o.leaked for o in c.values()))
                for c in self.columns.values()]  # fmt: skip

    def _repr_html_(self) -> str:
        cell = (
            'valign="top" align="left" style="text-align:left;vertical-align:top;padding:2px 6px"'
        )
        head = [pick("attack", "攻击"), pick("place", "位置"), *self.names]
        rows = ["<tr>" + "".join(f"<th {cell}>{html.escape(h)}</th>" for h in head) + "</tr>"]
        for number, place in self.keys:
            first = place == next(p for n, p in self.keys if n == number)
            span = sum(1 for n, _ in self.keys if n == number)
            attack = f"{number} {ATTACKS[number - 1].effect}"
            out = f'<th {cell} rowspan="{span}">{html.escape(attack)}</th>' if first else ""
            out += f"<td {cell}>{html.escape(place_name(place))}</td>"
            for name in self.names:
                colour, words, _ = OUTCOMES[outcome_kind(self.columns[name][number, place])]
                style = f"background:{colour};text-align:left;vertical-align:top;padding:2px 6px"
                shown = html.escape(pick(*words))
                out += f'<td valign="top" align="left" style="{style}">{shown}</td>'
            rows.append(f"<tr>{out}</tr>")
        total = html.escape(pick("effects run / key exposed", "执行的操作 / 密钥外泄"))
        counts = "".join(f"<td {cell}><b>{r} / {k}</b></td>" for r, k in self.totals())
        rows.append(f'<tr><th {cell} colspan="2">{total}</th>{counts}</tr>')
        return f'<table class="handagent-outcomes">{"".join(rows)}</table>'

    def __str__(self) -> str:
        legend = "   ".join(f"{pick(*mark)} {pick(*words)}" for _, words, mark in OUTCOMES.values())
        heads = [two_lines(n) for n in self.names]
        widths = [max(*map(static.columns, h), 5) for h in heads]
        label = max(static.columns(place_name(p)) for p in PLACES) + 4  # "  review  "

        def line(first: str, cells: list[str]) -> str:
            padded = [c + " " * (w - static.columns(c)) for c, w in zip(cells, widths, strict=True)]
            return (first + " " * (label - static.columns(first)) + "  ".join(padded)).rstrip()

        out = [legend, line("", [h[0] for h in heads])]
        if any(h[1] for h in heads):
            out.append(line("", [h[1] for h in heads]))
        for number, place in self.keys:
            if place == next(p for n, p in self.keys if n == number):
                out.append(f"{number} {ATTACKS[number - 1].effect}")
            kinds = [outcome_kind(self.columns[n][number, place]) for n in self.names]
            marks = [pick(*OUTCOMES[kind][2]) for kind in kinds]
            out.append(line("  " + place_name(place), marks))
        out.append(line(pick("ran/key", "执行/外泄"), [f"{r}/{k}" for r, k in self.totals()]))
        return "\n".join(out)

    __repr__ = __str__


def outcome_table(columns: Columns) -> OutcomeTable:
    """Sweeps side by side, one column per defence; the last expression of a cell displays it."""
    return OutcomeTable(columns)
