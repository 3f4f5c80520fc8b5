"""The two wires side by side: an MCP server's tools and results as the Messages API has them.

MCP's `tools/list` is chapter 01's tools menu under other key names, and `tools/call` is the
`tool_use`/`tool_result` round trip of chapters 02-05, one hop further: the runtime, not the
model, sends it to the server. Everything here is a plain dict on both sides, as the wires carry
them (MCP spec, server/tools: Tool, CallToolResult, content types).

    MCP (JSON-RPC to the server)            Messages API (to and from the model)
    {"name", "description", "inputSchema"}  {"name", "description", "input_schema"}
    tools/call {"name", "arguments"}        tool_use {"id", "name", "input"}
    {"content": [...], "isError": true}     tool_result {"tool_use_id", "content", "is_error"}
    {"type": "text", "text"}                {"type": "text", "text"}
    {"type": "image", "data", "mimeType"}   {"type": "image", "source": {"type": "base64", ...}}

Not handled here: every other content type, an image the API cannot take, `structuredContent`
(see `results`, which maps a CallToolResult's content); talking to a server (see `client`) and
serving one (see `server`).
"""

from ..dispatch import tool_result
from .results import result_content


def menu_entry(listed: dict, name: str | None = None) -> dict:
    """One tool of a `tools/list` result as a tools-menu entry, renamed to `name` if given.

    Example: {"name": "add", "description": "Adds...", "inputSchema": {"type": "object", ...}}
        -> {"name": "add", "description": "Adds...", "input_schema": {"type": "object", ...}}
    """
    return {
        "name": name or listed["name"],
        "description": listed.get("description") or "",
        "input_schema": listed["inputSchema"],
    }


def listed_tool(entry: dict) -> dict:
    """A tools-menu entry as a `tools/list` item: what the series' server says of its tools.

    Example: {"name": "add", "description": "Adds...", "input_schema": {...}}
        -> {"name": "add", "description": "Adds...", "inputSchema": {...}}
    """
    return {
        "name": entry["name"],
        "description": entry["description"],
        "inputSchema": entry["input_schema"],
    }


def call_params(tool_use: dict, name: str | None = None) -> dict:
    """A `tool_use` block as the params of `tools/call`, to the server's own `name` if given.

    Example: {"type": "tool_use", "id": "toolu_01A", "name": "add", "input": {"a": 1, "b": 2}}
        -> {"name": "add", "arguments": {"a": 1, "b": 2}}
    """
    return {"name": name or tool_use["name"], "arguments": tool_use.get("input") or {}}


def tool_result_of(tool_use_id: str, result: dict) -> dict:
    """A CallToolResult as the `tool_result` block that answers the call; `isError` -> `is_error`.

    Example: ("toolu_01A", {"content": [{"type": "text", "text": "no forecast"}], "isError": true})
        -> {"type": "tool_result", "tool_use_id": "toolu_01A",
            "content": [{"type": "text", "text": "no forecast"}], "is_error": True}
    """
    return tool_result(tool_use_id, result_content(result), bool(result.get("isError")))


def mcp_content(content: str | list[dict]) -> list[dict]:
    """A tool's output (chapter 08's text, or text and base64 images) as MCP content blocks.

    Example: "6912" -> [{"type": "text", "text": "6912"}]
    """
    if isinstance(content, str):
        return [{"type": "text", "text": content}]
    blocks = []
    for block in content:
        if block["type"] == "image":
            source = block["source"]  # {"type": "base64", "media_type", "data"}
            image = {"type": "image", "data": source["data"], "mimeType": source["media_type"]}
            blocks.append(image)
        else:
            blocks.append({"type": "text", "text": block["text"]})
    return blocks
