"""A run of the agent loop as a timeline: its turns top to bottom, each turn's calls side by side.

    run_timeline(run, since=1)
      turn 1  tool_use  500 in / 40 out   [add {"a": 2, "b": 3} -> 5] [get_current_time {} -> ...]
      turn 2  ...
      ended   turns: Stopped at the turn bound (3)

A turn is one request and its reply: the stop reason, the reply's tokens, and every call of the
reply beside the others (they ran together, chapter 04), each with its result: green when it
succeeded, red when it is an error result (a failure, a refusal, "not run"). A turn with no
call shows what the model said instead (its text, cut to fit). The last row is why the run
ended: the bound, the stop reason, or you.

Two renderings in one output: an SVG picture (`image/svg+xml`, drawn here with the same
conventions as `views.svg`: presentation attributes only, no font or script) that GitHub, the
book and JupyterLab show, and a plain-text listing whose lines fit the book's code width
(`static.BOOK_COLUMNS`). Labels follow the edition; stop reasons, tool names and arguments are
shown as the run holds them.

Not handled here: time itself (a turn's row says nothing of how long it took), the messages a
run started from (`since` skips them), what the provider did inside a turn (server tools).
"""

import json
from dataclasses import dataclass
from html import escape

from ..language import pick, wrap
from ..runtime.protocol import AssistantMessage, TextBlock, ToolResultMessage, tool_calls
from ..runtime.runs import Run
from . import static, svg

FONT, ROW, GAP, MARGIN = 12, 50, 12, 10
LEFT, CALL = 190, 230  # the turn's column, and each call's box, in px
OK, FAILED, REPLY, EDGE, INK = "#e6f4ea", "#fdecea", "#eaf1fb", "#4a6fa5", "#222"
ENDINGS = {"done": OK, "waiting": OK, "interrupted": "#eeeeee"}  # a bound, refusal, error: amber
BOUND = "#fff4e0"


@dataclass(frozen=True)
class CallShown:
    """One call of a turn and its result. Example: ("add", '{"a": 2}', "5", False)"""

    name: str
    arguments: str
    result: str
    failed: bool


@dataclass(frozen=True)
class TurnShown:
    number: int
    stop_reason: str
    tokens: str  # "500 in / 40 out"
    calls: tuple[CallShown, ...]
    said: str = ""  # the reply's text, shown where the turn has no call


def turns_of(run: Run, since: int = 1) -> list[TurnShown]:
    """The turns of a run, from the message at `since` on.

    Example: a run of [ask, reply(add, clock), 2 results, reply("5")] -> [TurnShown(1,
        "tool_use", ..., (CallShown("add", ...), CallShown("get_current_time", ...))),
        TurnShown(2, "stop", ..., ())]
    """
    messages = list(run.messages)[since:]
    results = {m.tool_call_id: m for m in messages if isinstance(m, ToolResultMessage)}
    out = []
    for message in messages:
        if not isinstance(message, AssistantMessage):
            continue
        calls = []
        for call in tool_calls(message):
            answer = results.get(call.id)
            said = " ".join(getattr(b, "text", "[image]") for b in answer.content) if answer else ""
            arguments = json.dumps(call.arguments, ensure_ascii=False)
            calls.append(CallShown(call.name, arguments, said, bool(answer and answer.is_error)))
        used = message.usage
        tokens = pick(f"{used.input_tokens:,} in / {used.output_tokens:,} out",
                      f"输入 {used.input_tokens:,} / 输出 {used.output_tokens:,}")  # fmt: skip
        said = " ".join(b.text for b in message.content if isinstance(b, TextBlock))
        turn = TurnShown(len(out) + 1, message.stop_reason, tokens, tuple(calls), said)
        out.append(turn)
    return out


def _cut(text: str, limit: int) -> str:
    text = " ".join(text.split())
    return text if static.columns(text) <= limit else static.fit(text, limit)


def in_quotes(text: str) -> str:
    """A reply's text on one line, in quotation marks; its own become the inner kind.

    Example: 'add 返回“5”。' -> '“add 返回‘5’。”'
    """
    inner = " ".join(text.split()).replace("“", "‘").replace("”", "’")
    return f"“{inner}”"


def _said(text: str, room: int) -> list[str]:
    """A reply's text in the two lines of a box. Example: ("a b c", 3) -> ["“a", "b c”"]"""
    text = in_quotes(text)
    first = wrap(text, room).split("\n")[0]
    rest = text[len(first) :].strip()
    return [first, _cut(rest, room)] if rest else [first]


def _box(x: float, y: float, w: float, fill: str, lines: list[str]) -> str:
    bold = ' font-weight="bold"'
    texts = "".join(
        f'<text x="{x + 8:.1f}" y="{y + 17 + 15 * n}"{bold * (n == 0)}>{escape(line)}</text>'
        for n, line in enumerate(lines)
    )
    return (
        f'<rect x="{x:.1f}" y="{y}" width="{w:.1f}" height="{ROW - 12}" rx="4" fill="{fill}" '
        f'stroke="{EDGE}"/>{texts}'
    )


@dataclass(frozen=True)
class Timeline:
    """A run's turns and ending: SVG where a picture is drawn, a listing where text is read."""

    turns: tuple[TurnShown, ...]
    ending: str
    why: str  # the note's first sentence: "Stopped at the turn bound (3)"

    def svg(self) -> str:
        most = max([len(t.calls) for t in self.turns] + [2])
        wide = LEFT + most * (CALL + GAP) + MARGIN
        height = MARGIN + (len(self.turns) + 1) * ROW + MARGIN
        body, y = [], MARGIN
        for turn in self.turns:
            head = pick(f"turn {turn.number} · {turn.stop_reason}",
                        f"第 {turn.number} 轮 · {turn.stop_reason}")  # fmt: skip
            body.append(_box(MARGIN, y, LEFT - MARGIN - GAP, REPLY, [head, turn.tokens]))
            for n, call in enumerate(turn.calls):
                x = LEFT + n * (CALL + GAP)
                room = int((CALL - 16) / (0.6 * FONT))  # characters that fit the box
                lines = [
                    _cut(f"{call.name} {call.arguments}", room),
                    _cut(f"→ {call.result}", room),
                ]
                body.append(_box(x, y, CALL, FAILED if call.failed else OK, lines))
                body.append(
                    f'<line x1="{x - GAP:.1f}" y1="{y + 19}" x2="{x:.1f}" y2="{y + 19}" '
                    f'stroke="{EDGE}"/>'
                )
            if not turn.calls and turn.said:  # what the model said, across the calls' room
                room = int((wide - LEFT - MARGIN - 16) / (0.6 * FONT))
                body.append(_box(LEFT, y, wide - LEFT - MARGIN, "white", _said(turn.said, room)))
            y += ROW
        room = int((wide - 2 * MARGIN - 16) / (0.6 * FONT))
        ended = _cut(
            pick(f"ended · {self.ending}: {self.why}", f"结束 · {self.ending} · {self.why}"), room
        )
        body.append(_box(MARGIN, y, wide - 2 * MARGIN, ENDINGS.get(self.ending, BOUND), [ended]))
        count = len(self.turns)
        title = pick(f"A run of the agent loop: {count} turns, ended by {self.ending}",
                     f"智能体循环的一次运行：{count} 轮，因 {self.ending} 结束")  # fmt: skip
        return svg.document("timeline", title, body, wide, height, ink=INK)

    def __str__(self) -> str:
        out = []
        for turn in self.turns:
            head = pick(f"turn {turn.number}", f"第 {turn.number} 轮")
            out.append(f"{head} · {turn.stop_reason} · {turn.tokens}")
            names = [f"{c.name} {c.arguments}" for c in turn.calls]
            pad = max([static.columns(n) for n in names] + [0])
            if not turn.calls and turn.said:
                out.append(f"  {in_quotes(turn.said)}")
            for name, call in zip(names, turn.calls, strict=True):
                mark = "✗ " if call.failed else ""
                result = " ".join(call.result.split())
                line = f"  {name}{' ' * (pad - static.columns(name))}  -> {mark}{result}"
                out.append(line)
        out.append(pick(f"ended · {self.ending}: {self.why}", f"结束 · {self.ending} · {self.why}"))
        return "\n".join(static.fit(line, static.BOOK_COLUMNS) for line in out)

    __repr__ = __str__

    def _repr_mimebundle_(self, **kwargs) -> dict:
        return {"image/svg+xml": self.svg(), "text/plain": str(self)}


def run_timeline(run: Run, since: int = 1) -> Timeline:
    """The timeline of a run whose history started with `since` messages; a cell displays it."""
    why = run.note.split("\n")[0].rstrip(".。")
    return Timeline(tuple(turns_of(run, since)), run.ending, why)
