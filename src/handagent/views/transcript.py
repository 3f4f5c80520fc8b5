"""A readable view of a conversation: each tool call next to its result, matched by id.

`show(messages)` returns an object that Jupyter draws as HTML and anything else prints as plain
text. Calls are numbered in order (#1, #2, ...) and each result carries the number of the call it
answers, so a reader can pair them without comparing ids by eye. Error results are marked, and so
are calls with no result and results with no call: the two mistakes the API refuses. The
headers and marks are in the edition's language when the view is drawn (`<-- NO RESULT`,
`<-- 没有结果`); block types and the contents stay as they are.

Every view reads a history through `wire_messages`: Anthropic-shaped messages (dicts, or the
SDK's blocks) as they are, and chapter 06's neutral messages converted to what the API receives.

Not handled here: interactive inspection (widgets).
"""

import json
from dataclasses import dataclass, replace

from ..blocks import content_blocks, message_dict
from ..language import pick
from . import static

PREVIEW_CHARS = 300


def _short(value: object) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    return text if len(text) <= PREVIEW_CHARS else text[:PREVIEW_CHARS] + " …"


def _result_text(block: dict) -> str:
    content = block.get("content", "")
    if isinstance(content, str):
        return content
    return " ".join(b.get("text", f"[{b.get('type')}]") for b in content if isinstance(b, dict))


def wire_messages(messages: list) -> tuple[list[dict], dict]:
    """Any history as the API receives it, and the UI details of its results by the id sent.

    Example: [UserMessage(...), AssistantMessage(... ToolCall), ToolResultMessage(details=D)]
        -> ([{"role": "user", ...}, {"role": "assistant", ...}, {"role": "user", ...}],
            {"toolu_...": D})
    """
    if not isinstance(messages, (list, tuple)):
        raise TypeError(
            f"A view takes a list of messages, not {type(messages).__name__}: "
            "pass the whole history, e.g. show(messages)."
        )
    if all(isinstance(m, dict) for m in messages):
        return [message_dict(m) for m in messages], {}
    from ..runtime.protocol import Message

    if not all(isinstance(m, Message) for m in messages):
        strays = sorted({type(m).__name__ for m in messages if not isinstance(m, (dict, Message))})
        raise TypeError(
            f"A view reads dicts ({{'role': ..., 'content': ...}}) or chapter 06's neutral "
            f"messages, not {', '.join(strays)}; a history mixing the two is converted first "
            "with runtime.adapters.anthropic.to_anthropic."
        )
    return _from_protocol(messages)


def _from_protocol(messages: list) -> tuple[list[dict], dict]:
    """Neutral messages (chapter 06) as the API receives them, and their details by sent id."""
    from ..runtime.adapters.anthropic import to_anthropic
    from ..runtime.ids import ANTHROPIC, id_table
    from ..runtime.protocol import ToolResultMessage
    from ..runtime.repair import repair

    sent = id_table(repair(messages), ANTHROPIC)
    details = {
        sent.get(m.tool_call_id, m.tool_call_id): m.details
        for m in messages
        if isinstance(m, ToolResultMessage) and m.details is not None
    }
    model = next((m.model for m in reversed(messages) if m.role == "assistant"), None)
    return to_anthropic(messages, model=model), details  # thinking as its own model gets it


def dict_blocks(message: dict) -> list[dict]:
    """A wire message's blocks, each a dict. Example: {"content": "hi"} -> [text "hi"]"""
    return [
        b if isinstance(b, dict) else {"type": "?"} for b in content_blocks(message.get("content"))
    ]


@dataclass(frozen=True)
class Line:
    """One block of the conversation, ready to draw."""

    message: int
    role: str
    kind: str  # "text" | "tool_use" | "tool_result" | other block types
    text: str
    call: int | None = None  # the number of the call this block is or answers
    problem: str | None = None  # "error", "no result", "no matching call"
    id: str | None = None  # a tool_use's id, or the tool_use_id a tool_result quotes


def lines(messages: list) -> list[Line]:
    """The conversation as lines, calls numbered and paired with their results.

    Example: [user "2+2?", assistant tool_use(add, id A), user tool_result(A, "4")] ->
        [Line(0, "user", "text", "2+2?"), Line(1, "assistant", "tool_use", "add {...}", call=1),
         Line(2, "user", "tool_result", "4", call=1)]
    """
    number: dict[str, int] = {}
    answered: set[str] = set()
    out: list[Line] = []
    for index, message in enumerate(wire_messages(messages)[0]):
        role = message.get("role", "?")
        for block in dict_blocks(message):
            kind = block.get("type", "?")
            if kind == "tool_use":
                number.setdefault(block.get("id"), len(number) + 1)
                text = f"{block.get('name')} {_short(block.get('input'))}"
                call = number[block.get("id")]
                out.append(Line(index, role, kind, text, call, id=block.get("id")))
            elif kind == "tool_result":
                call_id = block.get("tool_use_id")
                answered.add(call_id)
                problem = "error" if block.get("is_error") else None
                if call_id not in number:
                    problem = "no matching call"
                text = _short(_result_text(block))
                out.append(Line(index, role, kind, text, number.get(call_id), problem, call_id))
            else:
                out.append(Line(index, role, kind, _short(block.get("text", f"[{kind}]"))))
    unanswered = {n for call_id, n in number.items() if call_id not in answered}
    return [
        replace(x, problem="no result") if x.kind == "tool_use" and x.call in unanswered else x
        for x in out
    ]


def _label(line: Line) -> str:
    if line.kind == "tool_use":
        return f"tool_use #{line.call}"
    if line.kind == "tool_result":
        call = f"#{line.call}" if line.call else "?"
        return pick(f"tool_result for {call}", f"tool_result（回应 {call}）")
    return line.kind


def html_table(lines: list[Line], *, ids: bool = False, notes: dict | None = None) -> str:
    """The lines as an HTML table; `ids` adds a column of ids, `notes` a row under line i.

    Example: lines(HISTORY) -> '<table class="handagent-transcript"><tr><th>#</th>...'
    """
    role, block = pick("role", "角色"), pick("block", "内容块")
    head = ["#", role, block, *(["id"] if ids else []), pick("content", "内容")]
    rows = []
    for number, line in enumerate(lines):
        badge = static.badge(_label(line), line.call)
        content = static.text(line.text) + static.problem_mark(line.problem)
        rows.append(
            [str(line.message), static.text(line.role), badge]
            + ([f"<code>{static.text(line.id)}</code>" if line.id else ""] if ids else [])
            + [content]
        )
        if notes and number in notes:
            rows.append(["", "", "", *([""] if ids else []), notes[number]])
    return static.table(head, rows, "handagent-transcript")


class Transcript:
    """A conversation to look at: HTML in Jupyter, plain text anywhere else."""

    def __init__(self, messages: list) -> None:
        self.lines = lines(messages)

    def __str__(self) -> str:
        out, current = [], None
        for line in self.lines:
            if line.message != current:
                current = line.message
                out.append(f"[{line.message}] {line.role}")
            mark = f"  <-- {static.problem_word(line.problem).upper()}" if line.problem else ""
            named = _label(line)  # a Chinese label ends in "）" and takes a full-width colon
            label = f"    {named}{': ' if named.isascii() else '：'}"
            first, *rest = line.text.rstrip("\n").split("\n")  # continuation lines stay aligned
            indent = " " * static.columns(label)
            text = "\n".join([first] + [indent + r if r else r for r in rest])
            out.append(f"{label}{text}{mark}")
        return "\n".join(out)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        return html_table(self.lines)


def show(messages: list) -> Transcript:
    """The view of a conversation; the last expression of a cell displays it."""
    return Transcript(messages)
