"""One round trip, a click at a time (ipywidgets): send, read the tool_use, run it, feed it back.

Chapter 03 makes the round trip by hand, cell by cell. `step_through(question, menu, functions)`
replays it as four buttons, each enabled once the one before it has run, and each showing what it
added to the history:

    1. send the request        -> the model's reply, kept whole (an assistant message)
    2. find the tool_use       -> nothing added: the calls the program now owes an answer
    3. run the tools           -> a user message of tool_result blocks, matched by id
    4. feed the results back   -> the model's next reply

The requests go through `llm.call_model`, so the widget works with the mock or a real provider;
`step()` does the next step without a click (tests, or a reader without widgets).

A page without a kernel (GitHub, nbconvert, the book) cannot click, so the output also carries a
static rendering: when the cell displays the widget, a second round trip from the same question
runs to its end, and every step with what it added is kept as an HTML table and as text. That
recording costs the same two model calls as clicking through (the meter counts them); the
buttons start afresh and make their own calls.

Its words (button labels, what each step added) are in the edition's language, chosen when a
step runs or the recording is made; the messages themselves are shown as JSON.

Not handled here: a second round of calls after step 4 (the loop comes later in the series),
unknown tools and tools that fail (chapter 05); here such a step stops with the error shown.
"""

import html
import json
from dataclasses import dataclass

import ipywidgets as widgets

from ..blocks import message_dict, tool_uses
from ..dispatch import tool_result
from ..language import pick
from ..llm import call_model
from . import static

LABELS = (
    "1 · send the request",
    "2 · find the tool_use",
    "3 · run the tools",
    "4 · feed the results back",
)
LABELS_ZH = ("1 · 发送请求", "2 · 找出 tool_use", "3 · 执行工具", "4 · 把结果送回去")


def labels() -> tuple[str, ...]:
    """The four steps' names in the edition's language. Example: -> ("1 · 发送请求", ...)"""
    return tuple(map(pick, LABELS, LABELS_ZH))


@dataclass(frozen=True)
class Shown:
    """What one step added: `added` is the index of the new message (None: nothing added)."""

    note: str
    values: tuple = ()
    added: int | None = None
    error: bool = False

    def html(self) -> str:
        """Example: Shown("the reply", ({...},), added=1) -> "<b>messages[1]</b> added: ..." """
        if self.error:
            return f'<b style="color:#c00">{html.escape(self.note)}</b>'
        where = _where(f"<b>messages[{self.added}]</b>") if self.added is not None else ""
        return where + html.escape(self.note) + "".join(static.pre(v) for v in self.values)

    def text(self) -> str:
        """Example: -> "messages[1] added: the reply\n    {"role": "assistant", ...}" """
        where = _where(f"messages[{self.added}]") if self.added is not None else ""
        values = [json.dumps(v, ensure_ascii=False, default=str) for v in self.values]
        return "\n".join([where + self.note] + ["    " + v for v in values])


def _where(message: str) -> str:
    """Example: "messages[1]" -> "messages[1] added: ";  "新增 messages[1]：" in zh-CN"""
    return pick(f"{message} added: ", f"新增 {message}：")


class Steps:
    """The round trip itself, without widgets: `step()` does the next step."""

    def __init__(self, messages: list, menu: list, functions: dict) -> None:
        self.messages, self.menu, self.functions = list(messages), menu, functions
        self.done, self.calls, self.over = 0, [], False
        self.shown: list[Shown] = []

    @property
    def finished(self) -> bool:
        return self.done == len(LABELS)

    def step(self) -> Shown:
        """Do the next step and return what it added; an error ends the round trip."""
        actions = (self._request, self._find_calls, self._run_tools, self._feed_back)
        if self.finished:
            raise RuntimeError("The round trip is over; call step_through again to start anew.")
        index, self.over = self.done, False
        try:
            shown = actions[index]()
        except Exception as error:  # shown in the widget: a click has nowhere else to report
            shown = Shown(f"{type(error).__name__}: {error}", error=True)
            self.over = True
        self.shown.append(shown)
        self.done = len(actions) if self.over else index + 1
        return shown

    def _added(self, note: str) -> Shown:
        last = message_dict(self.messages[-1])
        return Shown(note, (last,), added=len(self.messages) - 1)

    def _request(self) -> Shown:
        reply = call_model(self.messages, self.menu)
        self.messages.append({"role": "assistant", "content": reply.content})
        self.calls = tool_uses(reply.content)
        self.over = not self.calls  # no tool asked for: the round trip ends here
        stop = f"stop_reason: {reply.stop_reason}"
        return self._added(
            pick(f"the model's reply, whole ({stop})", f"模型的回复，完整保留（{stop}）")
        )

    def _find_calls(self) -> Shown:
        owed = len(self.calls)
        note = pick(f"nothing added; the program owes {owed} answer(s):",
                    f"没有新增；程序欠着 {owed} 个回应：")  # fmt: skip
        return Shown(note, tuple(self.calls))

    def _run_tools(self) -> Shown:
        results = []
        for call in self.calls:
            output = self.functions[call["name"]](**call["input"])  # our code, in our process
            results.append(tool_result(call["id"], str(output)))
        self.messages.append({"role": "user", "content": results})
        return self._added(
            pick(
                "the results, in a user message, each quoting its call's id",
                "工具结果，装在一条 user 消息里，每个都引用它那个调用的 id",
            )
        )

    def _feed_back(self) -> Shown:
        reply = call_model(self.messages, self.menu)
        self.messages.append({"role": "assistant", "content": reply.content})
        stop = f"stop_reason: {reply.stop_reason}"
        return self._added(pick(f"the model's answer ({stop})", f"模型的回答（{stop}）"))


def recording(trip: Steps) -> tuple[str, str]:
    """A finished round trip as an HTML table and as text: every step and what it added."""
    head = pick(
        "A round trip in four steps, recorded when the cell ran (in JupyterLab, one button each)",
        "一次来回的四个步骤，在单元格运行时录下（在 JupyterLab 里，每步一个按钮）",
    )
    colon, stop = pick(": ", "："), pick(".", "。")
    rows, lines = [], [head + colon.rstrip()]
    for label, shown in zip(labels(), trip.shown, strict=False):
        rows.append([f"<b>{html.escape(label)}</b>", shown.html()])
        lines.append(label + colon + shown.text().replace("\n", "\n    "))
    for label in labels()[len(trip.shown) :]:
        ended = pick("not reached: the round trip ended above", "没有走到：这次来回在上面就结束了")
        rows.append([html.escape(label), f"<i>{ended}</i>"])
        lines.append(label + colon + pick("not reached", "没有走到"))
    head_row = [pick("step", "步骤"), pick("what it added to the history", "给对话历史添了什么")]
    table = static.table(head_row, rows, "handagent-steps")
    title = f"<p><b>{html.escape(head)}{stop}</b></p>"
    page = f'<div class="handagent-stepper-static">{title}{table}</div>'
    return page, "\n".join(lines)


class RoundTrip(widgets.VBox):
    """The four steps as buttons; `messages` is the history as it grows."""

    def __init__(self, messages: list, menu: list, functions: dict) -> None:
        self.start, self.trip = list(messages), Steps(messages, menu, functions)
        self._recorded: tuple[str, str] | None = None
        self.buttons = [widgets.Button(description=label) for label in labels()]
        self.shown = [widgets.HTML() for _ in self.buttons]
        for button in self.buttons:
            button.layout.width = "220px"
            button.on_click(lambda _button: self.step())
        super().__init__(
            [widgets.HBox([b, s]) for b, s in zip(self.buttons, self.shown, strict=True)]
        )
        self.add_class("handagent-stepper")
        self._enable()

    @property
    def messages(self) -> list:
        return self.trip.messages

    @property
    def calls(self) -> list[dict]:
        return self.trip.calls

    def _enable(self) -> None:
        for number, button in enumerate(self.buttons):
            button.disabled = number != self.trip.done
            button.button_style = "primary" if number == self.trip.done else ""

    def step(self) -> str:
        """Do the next step, show what it added, and return that as HTML."""
        index = self.trip.done
        shown = self.trip.step().html()
        self.shown[index].value = shown
        self._enable()
        return shown

    def recorded(self) -> tuple[str, str]:
        """The static rendering (HTML, text): a second round trip from the start, run to its end."""
        if self._recorded is None:
            trip = Steps(self.start, self.trip.menu, self.trip.functions)
            while not trip.finished:
                trip.step()
            self._recorded = recording(trip)
        return self._recorded

    def _repr_mimebundle_(self, **kwargs):
        return static.bundle(super()._repr_mimebundle_(**kwargs), *self.recorded())


def step_through(question: str | list, menu: list, functions: dict) -> RoundTrip:
    """The stepper for a question (or a history) and a tools menu; `functions` runs each tool.

    Example: step_through("What time is it?", menu, {"get_current_time": get_current_time})
    """
    messages = [{"role": "user", "content": question}] if isinstance(question, str) else question
    return RoundTrip(messages, menu, functions)
