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

Not handled here: a second round of calls after step 4 (the loop comes later in the series),
unknown tools and tools that fail (chapter 05); here such a step stops with the error shown.
"""

import html
import json

import ipywidgets as widgets

from ..blocks import message_dict, tool_uses
from ..dispatch import tool_result
from ..llm import call_model

LABELS = (
    "1 · send the request",
    "2 · find the tool_use",
    "3 · run the tools",
    "4 · feed the results back",
)


def _pre(value: object) -> str:
    text = json.dumps(message_dict(value), indent=2, ensure_ascii=False, default=str)
    return f'<pre style="margin:0;font-size:12px">{html.escape(text)}</pre>'


class RoundTrip(widgets.VBox):
    """The four steps as buttons; `messages` is the history as it grows."""

    def __init__(self, messages: list, menu: list, functions: dict) -> None:
        self.messages, self.menu, self.functions = list(messages), menu, functions
        self.done, self.calls, self.over = 0, [], False
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

    def _enable(self) -> None:
        for number, button in enumerate(self.buttons):
            button.disabled = number != self.done
            button.button_style = "primary" if number == self.done else ""

    def step(self) -> str:
        """Do the next step, show what it added, and return that as HTML."""
        actions = (self._request, self._find_calls, self._run_tools, self._feed_back)
        if self.done == len(actions):
            raise RuntimeError("The round trip is over; call step_through again to start anew.")
        index, self.over = self.done, False
        try:
            shown = actions[index]()
        except Exception as error:  # shown in the widget: a click has nowhere else to report
            shown = f'<b style="color:#c00">{html.escape(f"{type(error).__name__}: {error}")}</b>'
            self.over = True
        self.shown[index].value = shown
        self.done = len(actions) if self.over else index + 1
        self._enable()
        return shown

    def _added(self, note: str) -> str:
        index = len(self.messages) - 1
        return f"<b>messages[{index}]</b> added: {note}" + _pre(self.messages[-1])

    def _request(self) -> str:
        reply = call_model(self.messages, self.menu)
        self.messages.append({"role": "assistant", "content": reply.content})
        self.calls = tool_uses(reply.content)
        self.over = not self.calls  # no tool asked for: the round trip ends here
        return self._added(f"the model's reply, whole (stop_reason: {reply.stop_reason})")

    def _find_calls(self) -> str:
        listed = "".join(_pre(call) for call in self.calls)
        return f"nothing added; the program owes {len(self.calls)} answer(s):" + listed

    def _run_tools(self) -> str:
        results = []
        for call in self.calls:
            output = self.functions[call["name"]](**call["input"])  # our code, in our process
            results.append(tool_result(call["id"], str(output)))
        self.messages.append({"role": "user", "content": results})
        return self._added("the results, in a user message, each quoting its call's id")

    def _feed_back(self) -> str:
        reply = call_model(self.messages, self.menu)
        self.messages.append({"role": "assistant", "content": reply.content})
        return self._added(f"the model's answer (stop_reason: {reply.stop_reason})")

    def _repr_mimebundle_(self, **kwargs):
        data = super()._repr_mimebundle_(**kwargs)
        data["text/plain"] = "A round trip in four buttons: " + "; ".join(LABELS)
        return data


def step_through(question: str | list, menu: list, functions: dict) -> RoundTrip:
    """The stepper for a question (or a history) and a tools menu; `functions` runs each tool.

    Example: step_through("What time is it?", menu, {"get_current_time": get_current_time})
    """
    messages = [{"role": "user", "content": question}] if isinstance(question, str) else question
    return RoundTrip(messages, menu, functions)
