"""A conversation to explore with the mouse (ipywidgets): click a call to find its result.

`inspect_transcript(messages)` draws one row per block, numbered and paired by
`transcript.lines()`. Clicking a `tool_use` or a `tool_result` highlights both halves of the pair
and shows the two blocks in full, ids included. Error results and unanswered calls are marked. A
toggle switches to the JSON the API receives, and `details` (UI-only data such as a diff or an
exit code, which never reaches the model) is shown under its result, apart from the content.

Anthropic-shaped histories (dicts or the SDK's blocks) are read as they are; a history of
chapter 06's neutral messages is first converted (`transcript.wire_messages`), and the
`details` of its ToolResultMessages are picked up on the way.

Where no kernel runs (GitHub, nbconvert, the book), the same output carries a static rendering:
the rows as a table with each block's id beside it (a call and its result share one), the
details under their results, and the wire JSON folded under a `<details>`; `text/plain` is the
transcript of `transcript.show`.

The inspector's words (toggle, buttons, summary, notes) are in the edition's language: the
widget's when it is built, the static rendering's when it is drawn.

Not handled here: editing a history, images (shown as `[image]`).
"""

import html

import ipywidgets as widgets

from ..language import pick
from . import static
from .transcript import Line, dict_blocks, html_table, lines, show, wire_messages

SELECTED, ERROR, PLAIN = "warning", "danger", "info"  # ipywidgets button styles
DETAILS = (
    "details (for the UI and the log only, never sent to the model):",
    "details（只给界面和日志看，从不发给模型）：",
)
BORDER = {True: "2px solid #f0ad4e", False: "2px solid transparent"}
HOW = (
    " (in JupyterLab, click a call to light up its result; here a call and its result share an id)",
    "（在 JupyterLab 里，点一个调用就会点亮它的结果；这里调用和它的结果共用一个 id）",
)
RECEIVED = ("the JSON the API receives", "传输格式 JSON（API 实际收到的内容）")


class Inspector(widgets.VBox):
    """The widget: rows of blocks, a readable/wire toggle, and the selected pair in full."""

    def __init__(self, messages: list, tools: object = None, details: dict | None = None):
        wire, found = wire_messages(messages)  # chapter 06's neutral messages carry details
        self.wire, self.details, self.selected = wire, {**found, **(details or {})}, None
        self.lines = lines(wire)
        self.blocks = [block for message in wire for block in dict_blocks(message)]
        self.rows = [self._row(line) for line in self.lines]
        menu = tools.menu() if hasattr(tools, "menu") else tools  # a ToolRegistry or a list
        self.body = {"messages": wire, **({"tools": menu} if menu else {})}
        self.wire_view = widgets.HTML(static.pre(self.body), layout={"display": "none"})
        self.readable = widgets.VBox([self._boxed(row, block) for row, block in self._pairs()])
        click = pick("Click a tool_use or a tool_result to see the pair.",
                     "点一个 tool_use 或 tool_result，看配成一对的两个块。")  # fmt: skip
        self.pair = widgets.HTML(f"<i>{click}</i>")
        options = [
            (pick("readable", "易读"), "readable"),
            (pick("wire JSON", "传输格式 JSON"), "wire"),
        ]
        self.view = widgets.ToggleButtons(options=options)
        self.view.observe(self._switch, names="value")
        summary = widgets.HTML(html.escape(self.summary()))
        header = widgets.HBox([self.view, summary])
        super().__init__([header, self.readable, self.wire_view, self.pair])
        self.add_class("handagent-inspector")

    def summary(self) -> str:
        """Example: -> "3 messages · 2 calls · 1 marked" (zh-CN "3 条消息 · 2 个调用 · 1 处标记")"""
        calls = sum(1 for line in self.lines if line.kind == "tool_use")
        marked = sum(1 for line in self.lines if line.problem)
        return pick(
            f"{len(self.wire)} messages · {calls} calls · {marked} marked",
            f"{len(self.wire)} 条消息 · {calls} 个调用 · {marked} 处标记",
        )

    def _pairs(self) -> zip:
        return zip(self.rows, self.blocks, strict=True)

    def _row(self, line: Line) -> widgets.HBox:
        where = widgets.HTML(f"<code>[{line.message}] {line.role}</code>")
        where.layout.width = "110px"
        text = f'<span style="white-space:pre-wrap">{html.escape(line.text)}</span>'
        text += static.problem_mark(line.problem)
        if line.call is None:
            label = widgets.HTML(line.kind)
        else:
            call = f"#{line.call}"
            result = pick(f"result for {call}", f"{call} 的结果")
            label = widgets.Button(
                description=f"tool_use {call}" if line.kind == "tool_use" else result
            )
            label.button_style = ERROR if line.problem else PLAIN
            label.on_click(lambda _button, call=line.call: self.select(call))
        label.layout.width = "170px"
        row = widgets.HBox([where, label, widgets.HTML(text)], layout={"border": BORDER[False]})
        row.line = line
        for name in (
            "row",
            line.kind,
            line.call and f"call-{line.call}",
            line.problem and "problem",
        ):
            if name:
                row.add_class(f"handagent-{name}")
        return row

    def _boxed(self, row: widgets.HBox, block: dict) -> widgets.Box:
        extra = self._details(row.line, block)
        if extra is None:
            return row
        note = widgets.HTML(extra, layout={"margin": "0 0 0 280px"})
        note.add_class("handagent-details")
        return widgets.VBox([row, note])

    def _details(self, line: Line, block: dict) -> str | None:
        """The details shown under a result, as HTML; None for blocks without any."""
        extra = self.details.get(block.get("tool_use_id")) if line.kind == "tool_result" else None
        if extra is None:
            return None
        return f"<small>{html.escape(pick(*DETAILS))}</small>" + static.pre(extra)

    def static_html(self) -> str:
        """The inspector for pages without a kernel: every row with its id, details, wire JSON."""
        notes = {
            number: note
            for number, (line, block) in enumerate(zip(self.lines, self.blocks, strict=True))
            if (note := self._details(line, block)) is not None
        }
        return (
            '<div class="handagent-inspector-static">'
            f"<p><b>{html.escape(self.summary())}</b>{html.escape(pick(*HOW))}</p>"
            + html_table(self.lines, ids=True, notes=notes)
            + f"<details><summary>{pick(*RECEIVED)}</summary>"
            + static.pre(self.body)
            + "</details></div>"
        )

    def _switch(self, change: dict) -> None:
        wire = change["new"] == "wire"
        self.readable.layout.display = "none" if wire else None
        self.wire_view.layout.display = None if wire else "none"

    def select(self, call: int) -> None:
        """Highlight call `call` and its result, and show both blocks in full."""
        self.selected = call
        for row in self.rows:
            chosen = row.line.call == call
            row.layout.border = BORDER[chosen]
            (row.add_class if chosen else row.remove_class)("handagent-selected")
            if isinstance(row.children[1], widgets.Button):
                plain = ERROR if row.line.problem else PLAIN
                row.children[1].button_style = SELECTED if chosen else plain
        pair = [block for row, block in self._pairs() if row.line.call == call]
        head = pick(f"<b>Call #{call}</b>, matched by id:", f"<b>调用 #{call}</b>，按 id 配对：")
        self.pair.value = head + "".join(map(static.pre, pair))

    def _repr_mimebundle_(self, **kwargs):
        live = super()._repr_mimebundle_(**kwargs)
        return static.bundle(live, self.static_html(), str(show(self.wire)))


def inspect_transcript(messages: list, *, tools: object = None, details: dict | None = None):
    """The inspector for a history; `details` maps a tool_use_id to UI-only data for its result.

    Example: inspect_transcript(messages, details={"toolu_01A": {"exit_code": 1}})
    """
    return Inspector(messages, tools=tools, details=details)
