"""A real model's reply beside the mock's: one exchange recorded from the real API, and ours.

The mock's replies are formulaic by design ("get_current_time says: ..."), so a chapter shows
once what a real model wrote for a comparable request. The real side comes from the traffic
in `tests/recorded/` (one JSON file per exchange, recorded by four public projects; its README
names them): the question asked, the tools on the menu, the reply's blocks and `stop_reason`,
labelled with the project, the model and the date.

    beside("pydantic-ai__test_output__...", reply, asked=messages)
      -> two columns, "A real model (pydantic/pydantic-ai · claude-sonnet-4-5-... · 2025-11-26)"
         and "The mock (claude-haiku-5-5)", as HTML, and as plain text one after the other

The folder is found from the repository (the package is installed from `src/`), or from
`HANDAGENT_RECORDED` where the package is installed elsewhere.

Not handled here: streamed recordings (their events are not assembled into a reply), judging
which reply is better, choosing the recording (each chapter names its own).
"""

import html
import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..blocks import content_blocks, message_dict
from ..language import pick
from . import static

SHOWN_CHARS = 600


def recorded_folder() -> Path:
    """The recorded exchanges: HANDAGENT_RECORDED, else tests/recorded of this repository."""
    if os.environ.get("HANDAGENT_RECORDED"):
        return Path(os.environ["HANDAGENT_RECORDED"])
    return Path(__file__).resolve().parents[3] / "tests" / "recorded"


@dataclass(frozen=True)
class Recording:
    """One recorded exchange: who recorded it, when, and the request and reply bodies."""

    name: str
    project: str  # "pydantic/pydantic-ai"
    date: str  # the reply's Date header where recorded, else the cassette's commit: "2025-11-26"
    request: dict  # the body sent: {"model", "messages", "tools", ...}
    reply: dict  # the body received: {"model", "content", "stop_reason", ...}


def load_recording(name: str) -> Recording:
    """One exchange by its file name, without `.json`.

    Example: "pydantic-ai__test_output__test_mixed_tools_no_output__7c5e17_0"
        -> Recording(project="pydantic/pydantic-ai", date="2025-11-26", ...)
    """
    path = recorded_folder() / f"{name}.json"
    if not path.is_file():
        raise FileNotFoundError(
            f"No recorded exchange {name!r} in tests/recorded/; the names are its file names "
            "without .json (set HANDAGENT_RECORDED if the folder is elsewhere)."
        )
    data = json.loads(path.read_text(encoding="utf-8"))
    reply = data["response"].get("body")
    if not isinstance(reply, dict) or reply.get("type") != "message":
        raise ValueError(f"{name!r} holds no JSON reply (a stream or an error): pick another one.")
    date = data["response"].get("date") or data["source"]["committed"]
    return Recording(name, data["source"]["repo"], _day(date), data["request"]["body"], reply)


_MONTHS = "Jan Feb Mar Apr May Jun Jul Aug Sep Oct Nov Dec".split()


def _day(date: str) -> str:
    """Example: "Tue, 02 Sep 2025 10:00:00 GMT" -> "2025-09-02"; "2025-11-26T14:19:54-06:00" ->
    "2025-11-26"."""
    parts = date.replace(",", "").split()
    if len(parts) >= 4 and parts[2] in _MONTHS:
        return f"{parts[3]}-{_MONTHS.index(parts[2]) + 1:02}-{int(parts[1]):02}"
    return date[:10]


def _short(value: str) -> str:
    value = " ".join(value.split())  # one line: a recorded error's JSON spans many
    return value if len(value) <= SHOWN_CHARS else value[:SHOWN_CHARS] + " …"


def _result_text(content: object) -> str:
    if isinstance(content, str):
        return content
    return " ".join(b.get("text", f"[{b.get('type')}]") for b in content_blocks(content))


def one_line(block: dict) -> str:
    """One block in one line. Example: {"type": "tool_use", "name": "add", "input": {"a": 1}}
    -> 'tool_use add {"a": 1}'"""
    kind = block.get("type")
    if kind == "text":
        return f"text: {_short(block.get('text', ''))}"
    if kind == "tool_use":
        return f"tool_use {block.get('name')} {json.dumps(block.get('input'), ensure_ascii=False)}"
    if kind == "mcp_tool_use":  # the MCP connector: Anthropic's side calls the server
        arguments = json.dumps(block.get("input"), ensure_ascii=False)
        return f"mcp_tool_use {block.get('server_name')} · {block.get('name')} {arguments}"
    if kind in ("tool_result", "mcp_tool_result"):
        error = " (is_error)" if block.get("is_error") else ""
        return f"{kind}{error}: {_short(_result_text(block.get('content', '')))}"
    if kind == "thinking":
        said = block.get("thinking") or ""
        return (
            f"thinking: {_short(said)}"
            if said
            else pick("thinking (its text not returned)", "thinking（内容没有返回）")
        )
    return f"[{kind}]"


def _last_user(messages: list) -> list[dict]:
    users = [m for m in map(message_dict, messages) if m.get("role") == "user"]
    return content_blocks(users[-1]["content"]) if users else []


def column(
    asked: list, tools: list, reply: dict, servers: list = ()
) -> list[tuple[str, list[str]]]:
    """One column's rows: the last user message sent, the menu (and the MCP connector's
    servers), the reply's blocks, why it stopped.

    Example: -> [("asked", ["text: Hi"]), ("menu", ["none"]), ("reply", [...]), ...]"""
    menu = [t.get("name", t.get("type", "?")) for t in tools]
    menu += [f"mcp_servers: {server.get('name')}" for server in servers]  # the MCP connector
    menu = ", ".join(menu) or pick("none", "无")
    return [
        (pick("asked", "提问"), [one_line(b) for b in asked]),
        (pick("menu", "菜单"), [menu]),
        (pick("reply", "回复"), [one_line(b) for b in content_blocks(reply.get("content"))]),
        ("stop_reason", [str(reply.get("stop_reason"))]),
    ]


class Beside:
    """A recorded real reply and the mock's: HTML in Jupyter, plain text anywhere else."""

    def __init__(self, recording: Recording, reply: object, asked: list, tools: list) -> None:
        self.recording = recording
        if isinstance(reply, dict):
            mine = reply
        else:  # the SDK's Message
            mine = {"model": reply.model, "stop_reason": reply.stop_reason}
            mine["content"] = reply.content
        real = recording.request
        where = f"{recording.project} · {recording.reply.get('model')} · {recording.date}"
        model = mine.get("model")
        self.heads = [
            pick(f"A real model ({where})", f"真实模型（{where}）"),
            pick(f"The mock (answering as {model})", f"模拟服务（扮演 {model}）"),
        ]
        self.columns = [
            column(
                _last_user(real["messages"]),
                real.get("tools", []),
                recording.reply,
                real.get("mcp_servers", []),
            ),
            column(_last_user(asked), tools, mine),
        ]

    def __str__(self) -> str:
        out = []
        for head, rows in zip(self.heads, self.columns, strict=True):
            out.append(head)
            for label, values in rows:  # "  reply: text: ..." and the next blocks under it
                label = f"  {label}{pick(': ', '：')}"
                indent = " " * static.columns(label)
                out += [label + values[0]] + [indent + v for v in values[1:]] if values else []
        return "\n".join(out)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        cells = [
            "<br>".join(
                f"<b>{html.escape(label)}</b><br>" + "<br>".join(static.text(v) for v in values)
                for label, values in rows
            )
            for rows in self.columns
        ]
        heads = [html.escape(head) for head in self.heads]
        return static.table(heads, [cells], "handagent-recorded")


def beside(name: str, reply: object, asked: list, tools: list | None = None) -> Beside:
    """The recorded exchange `name` next to the mock's `reply` to the messages `asked`, with the
    menu `tools` it was given; the last expression of a cell displays it."""
    return Beside(load_recording(name), reply, asked, tools or [])
