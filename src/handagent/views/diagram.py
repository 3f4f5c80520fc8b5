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
The participants' names and the arrows' words are in the edition's language, chosen each time
the diagram is drawn ("request with 3 messages", "请求（3 条消息）"); what the history holds is
quoted as it is. Labels are cut to 60 columns, a CJK character taking two.

Not handled here: timing (the diagram shows order, not duration), concurrency (calls run in
parallel are drawn one after the other), which program wrote a result the model never ordered.
"""

from dataclasses import dataclass

from ..language import pick
from .lanes import Lanes, Step
from .transcript import lines, wire_messages

PARTICIPANTS = ("user", "program", "model", "tool")  # as steps name them
NAMES_ZH = {"user": "用户", "program": "程序", "model": "模型", "tool": "工具"}


def name(participant: str) -> str:
    """A participant as the edition calls it. Example: "program" -> "程序" in zh-CN."""
    return pick(participant, NAMES_ZH[participant])


def steps(messages: list) -> list[Step]:
    """The arrows of a history, in order.

    Example: [user "2+2?", assistant tool_use(add), user tool_result("4")] ->
        [user->program "2+2?", program->model "request with 1 message",
         model-->program "tool_use #1 add {...}", program->tool "run #1 add {...}",
         tool-->program "#1 4"]
    """
    history = wire_messages(messages)[0]
    every = lines(history)
    calls = {}  # call number -> "name {input}"
    out: list[Step] = []
    for index, message in enumerate(history):
        if message.get("role") == "assistant":
            plural = "" if index == 1 else "s"
            request = pick(f"request with {index} message{plural}", f"请求（{index} 条消息）")
            out.append(Step("program", "model", request))
        blocks = [line for line in every if line.message == index]
        for line in blocks:
            if line.kind == "tool_use":
                calls[line.call] = line.text
                mark = pick(" (no result) ", "（没有结果）") if line.problem else " "
                text = f"tool_use #{line.call}{mark}{line.text}"
                out.append(Step("model", "program", text, reply=True, problem=line.problem))
            elif line.kind == "tool_result" and line.call is None:
                text = pick("tool_result (no matching call) ", "tool_result（没有对应的调用）")
                text += line.text
                out.append(Step("program", "model", text, problem=line.problem))
            elif line.kind == "tool_result":
                error = pick("error: ", "出错：") if line.problem else ""
                run = pick(f"run #{line.call} ", f"执行 #{line.call} ") + calls[line.call]
                out.append(Step("program", "tool", run))
                text = f"#{line.call} {error}{line.text}"
                out.append(Step("tool", "program", text, reply=True, problem=line.problem))
            elif line.role == "assistant":
                said = pick(f"{line.kind}: {line.text}", f"{line.kind}：{line.text}")
                out.append(Step("model", "program", said, reply=True))
            else:
                out.append(Step("user", "program", line.text))
        if message.get("role") == "assistant" and not any(b.kind == "tool_use" for b in blocks):
            out.append(Step("program", "user", pick("shows the reply", "显示回复"), reply=True))
    return out


@dataclass(frozen=True)
class SequenceDiagram:
    """A history's arrows: Mermaid for JupyterLab, SVG for static pages, a listing for text."""

    history: tuple[dict, ...]  # read again each time it is drawn, in that moment's language

    @property
    def steps(self) -> tuple[Step, ...]:
        return tuple(steps(list(self.history)))

    def lanes(self) -> Lanes:
        """The history's arrows between user, program, model and tool, in this edition."""
        names = tuple(map(name, PARTICIPANTS))
        title = pick(
            f"Sequence diagram of {', '.join(names)}: {len(self.steps)} steps",
            f"时序图：{'、'.join(names)}，共 {len(self.steps)} 步",
        )
        return Lanes(tuple(zip(PARTICIPANTS, names, strict=True)), self.steps, title)

    def mermaid(self) -> str:
        """The Mermaid source. Example: -> "sequenceDiagram\n    participant user\n..." """
        return self.lanes().mermaid()

    def svg(self) -> str:
        """The diagram as a standalone SVG document, drawn by `views.svg`."""
        return self.lanes().svg()

    def __str__(self) -> str:
        return str(self.lanes())

    __repr__ = __str__

    def _repr_mimebundle_(self, **kwargs) -> dict:
        return self.lanes()._repr_mimebundle_()


def sequence_diagram(messages: list) -> SequenceDiagram:
    """The diagram of a history; the last expression of a cell displays it."""
    return SequenceDiagram(tuple(wire_messages(messages)[0]))
