"""A conversation as a sequence diagram: who hands what to whom, in order.

Four participants: the `user`, our `program`, the `model` and the `tool` (every tool is one
lane). The history holds everything needed: each assistant message was the reply to a request
carrying every message before it, each `tool_use` is an order to our program, and each
`tool_result` is a tool that our program ran (calls are numbered and paired by
`transcript.lines()`).

`sequence_diagram(messages)` is drawn by JupyterLab from the MIME type `text/vnd.mermaid`, and
falls back to a plain-text listing where Mermaid is not rendered (GitHub, nbviewer, a terminal).
Both are plain functions of the history, so a stored output can be compared with a fresh one.

Not handled here: timing (the diagram shows order, not duration), concurrency (calls run in
parallel are drawn one after the other), which program wrote a result the model never ordered.
"""

import re
from dataclasses import dataclass

from ..blocks import message_dict
from .transcript import lines

PARTICIPANTS = ("user", "program", "model", "tool")
MAX_CHARS = 60


def _short(text: str) -> str:
    text = " ".join(text.split())  # one line
    return text if len(text) <= MAX_CHARS else text[: MAX_CHARS - 1] + "…"


@dataclass(frozen=True)
class Step:
    """One arrow: `reply` arrows answer an earlier one and are drawn dashed."""

    source: str
    target: str
    text: str
    reply: bool = False


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
                out.append(Step("model", "program", text, reply=True))
            elif line.kind == "tool_result" and line.call is None:
                out.append(Step("program", "model", f"tool_result (no matching call) {line.text}"))
            elif line.kind == "tool_result":
                error = "error: " if line.problem else ""
                out.append(Step("program", "tool", f"run #{line.call} {calls[line.call]}"))
                out.append(Step("tool", "program", f"#{line.call} {error}{line.text}", reply=True))
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
    """A history's arrows, as Mermaid for JupyterLab and as a listing for everything else."""

    steps: tuple[Step, ...]

    def mermaid(self) -> str:
        """The Mermaid source. Example: -> "sequenceDiagram\\n    participant user\\n..." """
        out = ["sequenceDiagram"] + [f"    participant {name}" for name in PARTICIPANTS]
        for step in self.steps:
            arrow = "-->>" if step.reply else "->>"
            out.append(f"    {step.source}{arrow}{step.target}: {_mermaid_text(_short(step.text))}")
        return "\n".join(out)

    def __str__(self) -> str:
        width = max(map(len, PARTICIPANTS))
        return "\n".join(
            f"{step.source:>{width}} {'-->' if step.reply else '-> '} {step.target:<{width}}"
            f"  {_short(step.text)}"
            for step in self.steps
        )

    __repr__ = __str__

    def _repr_mimebundle_(self, **kwargs) -> dict:
        return {"text/vnd.mermaid": self.mermaid(), "text/plain": str(self)}


def sequence_diagram(messages: list) -> SequenceDiagram:
    """The diagram of a history; the last expression of a cell displays it."""
    return SequenceDiagram(tuple(steps(messages)))
