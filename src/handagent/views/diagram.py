"""A conversation as a sequence diagram: who hands what to whom, in order.

Four participants: the `user`, our `program`, the `model` and the `tool` (every tool is one
lane). The history holds everything needed: each assistant message was the reply to a request
carrying every message before it, each `tool_use` is an order to our program, and each
`tool_result` is a tool that our program ran (calls are numbered and paired by
`transcript.lines()`).

`sequence_diagram(messages)` carries three renderings in one output: Mermaid source
(`text/vnd.mermaid`), which JupyterLab draws; the same diagram as SVG drawn by `views.svg`
(`image/svg+xml`), which GitHub, nbconvert and the book show; and a plain-text listing for a
terminal. A step with a problem (an error result, a call with no result, a result with no call)
carries a note in both pictures. All three are plain functions of the history, so a stored
output can be compared with a fresh one. (No `text/html`: JupyterLab would prefer it to Mermaid.)

Not handled here: timing (the diagram shows order, not duration), concurrency (calls run in
parallel are drawn one after the other), which program wrote a result the model never ordered.
"""

import re
from dataclasses import dataclass, replace

from ..blocks import message_dict
from .svg import sequence_svg
from .transcript import lines

PARTICIPANTS = ("user", "program", "model", "tool")
MAX_CHARS = 60


def _short(text: str) -> str:
    text = " ".join(text.split())  # one line
    return text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 1] + "…"


@dataclass(frozen=True)
class Step:
    """One arrow: `reply` arrows answer an earlier one and are drawn dashed; `problem` a note."""

    source: str
    target: str
    text: str
    reply: bool = False
    problem: str | None = None  # "error", "no result", "no matching call": drawn as a note


def steps(messages: list) -> list[Step]:
    """The arrows of a history, in order.

    Example: [user "2+2?", assistant tool_use(add), user tool_result("4")] ->
        [user->program "2+2?", program->model "request with 1 message",
         model-->program "tool_use #1 add {...}", program->tool "run #1 add {...}",
         tool-->program "#1 4"]
    """
    history = [message_dict(m) for m in messages]
    every = lines(history)
    calls = {}  # call number -> "name {input}"
    out: list[Step] = []
    for index, message in enumerate(history):
        if message.get("role") == "assistant":
            plural = "" if index == 1 else "s"
            out.append(Step("program", "model", f"request with {index} message{plural}"))
        blocks = [line for line in every if line.message == index]
        for line in blocks:
            if line.kind == "tool_use":
                calls[line.call] = line.text
                mark = "(no result) " if line.problem else ""
                text = f"tool_use #{line.call} {mark}{line.text}"
                out.append(Step("model", "program", text, reply=True, problem=line.problem))
            elif line.kind == "tool_result" and line.call is None:
                text = f"tool_result (no matching call) {line.text}"
                out.append(Step("program", "model", text, problem=line.problem))
            elif line.kind == "tool_result":
                error = "error: " if line.problem else ""
                out.append(Step("program", "tool", f"run #{line.call} {calls[line.call]}"))
                text = f"#{line.call} {error}{line.text}"
                out.append(Step("tool", "program", text, reply=True, problem=line.problem))
            elif line.role == "assistant":
                out.append(Step("model", "program", f"{line.kind}: {line.text}", reply=True))
            else:
                out.append(Step("user", "program", line.text))
        if message.get("role") == "assistant" and not any(b.kind == "tool_use" for b in blocks):
            out.append(Step("program", "user", "shows the reply", reply=True))
    return out


def _mermaid_text(text: str) -> str:
    # Mermaid reads ';' as a line end and '#...;' as an entity: write these four as entities.
    return re.sub(r"[#;<>]", lambda found: f"#{ord(found.group())};", text)


@dataclass(frozen=True)
class SequenceDiagram:
    """A history's arrows: Mermaid for JupyterLab, SVG for static pages, a listing for text."""

    steps: tuple[Step, ...]

    def mermaid(self) -> str:
        """The Mermaid source. Example: -> "sequenceDiagram\\n    participant user\\n..." """
        out = ["sequenceDiagram"] + [f"    participant {name}" for name in PARTICIPANTS]
        for step in self.steps:
            arrow = "-->>" if step.reply else "->>"
            out.append(f"    {step.source}{arrow}{step.target}: {_mermaid_text(_short(step.text))}")
            if step.problem:
                out.append(f"    Note over {step.source}: {_mermaid_text('✗ ' + step.problem)}")
        return "\n".join(out)

    def svg(self) -> str:
        """The diagram as a standalone SVG document, drawn by `views.svg`."""
        short = [replace(step, text=_short(step.text)) for step in self.steps]
        title = f"Sequence diagram of {', '.join(PARTICIPANTS)}: {len(short)} steps"
        return sequence_svg(PARTICIPANTS, short, title)

    def __str__(self) -> str:
        width = max(map(len, PARTICIPANTS))
        return "\n".join(
            f"{step.source:>{width}} {'-->' if step.reply else '-> '} {step.target:<{width}}"
            f"  {_short(step.text)}"
            for step in self.steps
        )

    __repr__ = __str__

    def _repr_mimebundle_(self, **kwargs) -> dict:
        return {
            "text/vnd.mermaid": self.mermaid(),
            "image/svg+xml": self.svg(),
            "text/plain": str(self),
        }


def sequence_diagram(messages: list) -> SequenceDiagram:
    """The diagram of a history; the last expression of a cell displays it."""
    return SequenceDiagram(tuple(steps(messages)))
