"""Arrows between named columns, drawn three ways in one output: the drawing `views.diagram`
(a history) and `views.hops` (a run over MCP servers) share.

`Lanes(participants, steps, title)` carries Mermaid source (`text/vnd.mermaid`), which
JupyterLab draws; the same picture as SVG drawn by `views.svg` (`image/svg+xml`), which GitHub,
nbconvert and the book show; and a plain-text listing. A `Step` is one arrow; a reply is drawn
dashed and a problem as a note. Labels are cut to one line of 60 columns, a CJK character
taking two.

Not handled here: which arrows a conversation makes (`views.diagram`, `views.hops`).
"""

import re
from dataclasses import dataclass, replace

from . import static
from .svg import sequence_svg

MAX_CHARS = 60  # columns: a CJK character takes two


def _short(text: str) -> str:
    return static.fit(" ".join(text.split()), MAX_CHARS)  # one line


@dataclass(frozen=True)
class Step:
    """One arrow: `reply` arrows answer an earlier one and are drawn dashed; `problem` a note."""

    source: str
    target: str
    text: str
    reply: bool = False
    problem: str | None = None  # "error", "no result", "no matching call": drawn as a note


def _mermaid_text(text: str) -> str:
    # Mermaid reads ';' as a line end and '#...;' as an entity: write these four as entities.
    return re.sub(r"[#;<>]", lambda found: f"#{ord(found.group())};", text)


@dataclass(frozen=True)
class Lanes:
    """Arrows between named columns: Mermaid for JupyterLab, SVG for static pages, a listing.

    Example: Lanes((("model", "model"), ("runtime", "runtime")), (Step("runtime", "model",
    "request"),), "one request") -> Mermaid "sequenceDiagram\n    participant model ..."
    """

    participants: tuple[tuple[str, str], ...]  # (id the steps use, name as drawn)
    steps: tuple[Step, ...]
    title: str

    def _shown(self) -> dict[str, str]:
        return dict(self.participants)

    def mermaid(self) -> str:
        """The Mermaid source. Example: -> "sequenceDiagram\n    participant user\n..." """
        out = ["sequenceDiagram"] + [
            f"    participant {p}" + ("" if shown == p else f" as {shown}")
            for p, shown in self.participants
        ]
        for step in self.steps:
            arrow = "-->>" if step.reply else "->>"
            out.append(f"    {step.source}{arrow}{step.target}: {_mermaid_text(_short(step.text))}")
            if step.problem:
                note = _mermaid_text("✗ " + static.problem_word(step.problem))
                out.append(f"    Note over {step.source}: {note}")
        return "\n".join(out)

    def svg(self) -> str:
        """The diagram as a standalone SVG document, drawn by `views.svg`."""
        shown = self._shown()
        drawn = [
            replace(
                step,
                source=shown[step.source],
                target=shown[step.target],
                text=_short(step.text),
                problem=step.problem and static.problem_word(step.problem),
            )
            for step in self.steps
        ]
        return sequence_svg(tuple(shown.values()), drawn, self.title)

    def __str__(self) -> str:
        shown = self._shown()
        width = max(map(static.columns, shown.values()))
        gap = {p: " " * (width - static.columns(name)) for p, name in shown.items()}
        return "\n".join(
            static.fit(
                f"{gap[step.source]}{shown[step.source]} {'-->' if step.reply else '-> '} "
                f"{shown[step.target]}{gap[step.target]}  {_short(step.text)}"
            )
            for step in self.steps
        )

    __repr__ = __str__

    def _repr_mimebundle_(self, **kwargs) -> dict:
        return {
            "text/vnd.mermaid": self.mermaid(),
            "image/svg+xml": self.svg(),
            "text/plain": str(self),
        }
