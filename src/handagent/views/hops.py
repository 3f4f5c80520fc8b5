"""A run over MCP servers as a sequence diagram: the model, the runtime and each server.

Chapter 12's point in one picture: the model only ever talks to the runtime, and the runtime
alone talks to the servers. `server_hops(messages)` reads a neutral history (chapter 06) whose
tool results carry `details={"server": ..., "tool": ...}` (what `mcp.client.McpServers.as_tools`
writes) and draws each request, each call, each `tools/call` to the server that owns the tool,
and the answer coming back. A result with no server in its details is a tool of the program's
own: the runtime runs it in its process, drawn as an arrow from the runtime to itself.

    server_hops(run.messages)
      -> lanes "model", "runtime", "MCP server maps", "MCP server series", in the order the
         servers first answer; Mermaid, SVG and a text listing in one output (`lanes.Lanes`)

The words around the data follow the edition ("request with 3 messages", "请求（3 条消息）").

Not handled here: the JSON-RPC ids and the handshake (chapter 12 prints those by hand), timing
and concurrency (calls run together are drawn one after the other), a server's own messages.
"""

import json

from ..language import pick
from ..runtime.protocol import AssistantMessage, TextBlock, ToolResultMessage, tool_calls
from .lanes import Lanes, Step

MODEL, RUNTIME = "model", "runtime"


def _server_id(server: str) -> str:
    return "server_" + "".join(ch if ch.isalnum() else "_" for ch in server)  # a Mermaid id


def _result_text(message: ToolResultMessage) -> str:
    texts = [b.text if isinstance(b, TextBlock) else f"[{b.media_type}]" for b in message.content]
    return " ".join(texts)


def hop_steps(messages: list) -> tuple[list[str], list[Step]]:
    """The servers in the order they first answer, and the arrows of a history.

    Example: [user, assistant(call radar), tool_result(radar, details server=maps), assistant]
        -> (["maps"], [runtime->model "request with 1 message", model-->runtime "tool_use radar
            {...}", runtime->server_maps "tools/call radar · {...}", server_maps-->runtime
            "result: Radar over Oslo: [image/png]", runtime->model "request with 3 messages", ...])
    """
    servers: list[str] = []
    arguments: dict[str, dict | None] = {}
    out: list[Step] = []
    for index, message in enumerate(messages):
        if isinstance(message, AssistantMessage):
            plural = "" if index == 1 else "s"
            request = pick(f"request with {index} message{plural}", f"请求（{index} 条消息）")
            out.append(Step(RUNTIME, MODEL, request))
            calls = tool_calls(message)
            for call in calls:
                arguments[call.id] = call.arguments
                shown = json.dumps(call.arguments, ensure_ascii=False)
                out.append(Step(MODEL, RUNTIME, f"tool_use {call.name} {shown}", reply=True))
            if not calls:
                said = " ".join(b.text for b in message.content if isinstance(b, TextBlock))
                ended = pick(f"{message.stop_reason}: {said}", f"{message.stop_reason}：{said}")
                out.append(Step(MODEL, RUNTIME, ended, reply=True))
        elif isinstance(message, ToolResultMessage):
            details = message.details or {}
            given = json.dumps(arguments.get(message.tool_call_id), ensure_ascii=False)
            error = pick("error: ", "出错：") if message.is_error else ""
            answer = f"{error}{_result_text(message)}"
            if "server" not in details:  # the program's own tool, run in its own process
                run = pick(f"runs its own {message.tool_name}", f"自己运行 {message.tool_name}")
                out.append(Step(RUNTIME, RUNTIME, pick(f"{run}: {answer}", f"{run}：{answer}")))
                continue
            server = str(details["server"])
            if server not in servers:
                servers.append(server)
            call = f"tools/call {details.get('tool', message.tool_name)} · {given}"
            out.append(Step(RUNTIME, _server_id(server), call))
            result = pick("result: ", "结果：") + answer
            out.append(Step(_server_id(server), RUNTIME, result, reply=True))
    return servers, out


def server_hops(messages: list) -> Lanes:
    """The diagram of a run over MCP servers; the last expression of a cell displays it."""
    servers, steps = hop_steps(list(messages))
    lanes = [(MODEL, pick("model", "模型")), (RUNTIME, pick("runtime", "运行时"))]
    lanes += [(_server_id(s), pick(f"MCP server {s}", f"MCP 服务器 {s}")) for s in servers]
    title = pick(
        f"The model, the runtime and {len(servers)} MCP server(s): {len(steps)} steps",
        f"模型、运行时和 {len(servers)} 个 MCP 服务器：共 {len(steps)} 步",
    )
    return Lanes(tuple(lanes), tuple(steps), title)
