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

Not handled here: a second round of calls after step 4 (the loop comes later in the series),
unknown tools and tools that fail (chapter 05); here such a step stops with the error shown.
"""

import html
import json
from dataclasses import dataclass

import ipywidgets as widgets

from ..blocks import message_dict, tool_uses
from ..dispatch import tool_result
from ..llm import call_model
from . import static

LABELS = (
    "1 · send the request",
    "2 · find the tool_use",
    "3 · run the tools",
    "4 · feed the results back",
)


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
        where = f"<b>messages[{self.added}]</b> added: " if self.added is not None else ""
        return where + html.escape(self.note) + "".join(static.pre(v) for v in self.values)

    def text(self) -> str:
        """Example: -> "messages[1] added: the reply\n    {"role": "assistant", ...}" """
        where = f"messages[{self.added}] added: " if self.added is not None else ""
        values = [json.dumps(v, ensure_ascii=False, default=str) for v in self.values]
        return "\n".join([where + self.note] + ["    " + v for v in values])


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
        return self._added(f"the model's reply, whole (stop_reason: {reply.stop_reason})")

    def _find_calls(self) -> Shown:
        note = f"nothing added; the program owes {len(self.calls)} answer(s):"
        return Shown(note, tuple(self.calls))

    def _run_tools(self) -> Shown:
        results = []
        for call in self.calls:
            output = self.functions[call["name"]](**call["input"])  # our code, in our process
            results.append(tool_result(call["id"], str(output)))
        self.messages.append({"role": "user", "content": results})
        return self._added("the results, in a user message, each quoting its call's id")

    def _feed_back(self) -> Shown:
        reply = call_model(self.messages, self.menu)
        self.messages.append({"role": "assistant", "content": reply.content})
        return self._added(f"the model's answer (stop_reason: {reply.stop_reason})")


def recording(trip: Steps) -> tuple[str, str]:
    """A finished round trip as an HTML table and as text: every step and what it added."""
    head = "A round trip in four steps, recorded when the cell ran (in JupyterLab, one button each)"
    rows, lines = [], [head + ":"]
    for label, shown in zip(LABELS, trip.shown, strict=False):
        rows.append([f"<b>{html.escape(label)}</b>", shown.html()])
        lines.append(f"{label}: " + shown.text().replace("\n", "\n    "))
    for label in LABELS[len(trip.shown) :]:
        rows.append([html.escape(label), "<i>not reached: the round trip ended above</i>"])
        lines.append(f"{label}: not reached")
    table = static.table(["step", "what it added to the history"], rows, "handagent-steps")
    page = f'<div class="handagent-stepper-static"><p><b>{html.escape(head)}.</b></p>{table}</div>'
    return page, "\n".join(lines)


class RoundTrip(widgets.VBox):
    """The four steps as buttons; `messages` is the history as it grows."""

    def __init__(self, messages: list, menu: list, functions: dict) -> None:
        self.start, self.trip = list(messages), Steps(messages, menu, functions)
        self._recorded: tuple[str, str] | None = None
        self.buttons = [widgets.Button(description=label) for label in LABELS]
        self.shown = [widgets.HTML() for _ in LABELS]
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
