"""The series' own tools served over MCP, with the official `mcp` SDK doing the protocol.

`server_for(registry)` answers `tools/list` with each tool's menu entry and `tools/call` by
running the call through chapter 05's `dispatch.outcomes`, so a call served over MCP meets the
same rules as one run in the notebook: its input checked against the schema, a failure returned
as data (`isError: true`) the model can read. An unknown tool is a protocol error instead, as the
spec asks (JSON-RPC -32602, "Unknown tool: ..."). `python -m handagent.mcp` serves
`series.series_tools()` over stdio.

Not handled here: resources, prompts, HTTP transports, notifications of a changed tool list
(the menu is fixed when the server starts), authentication.
"""

import anyio
import mcp_types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server
from mcp.shared.exceptions import MCPError

from ..dispatch import outcomes
from ..tools import ToolRegistry
from .series import SERVER_NAME
from .wire import listed_tool, mcp_content


def server_for(registry: ToolRegistry, name: str = SERVER_NAME) -> Server:
    """An MCP server (the SDK's low-level one) offering these tools, not yet connected."""

    async def list_tools(_context, _params) -> types.ListToolsResult:
        # {"tools": [{"name", "description", "inputSchema"}, ...]}
        tools = [types.Tool.model_validate(listed_tool(entry)) for entry in registry.menu()]
        return types.ListToolsResult(tools=tools)

    async def call_tool(_context, params: types.CallToolRequestParams) -> types.CallToolResult:
        if registry.get(params.name) is None:
            known = ", ".join(registry.names)
            raise MCPError(types.INVALID_PARAMS, f"Unknown tool: {params.name}. Tools: {known}.")
        call = {"name": params.name, "input": params.arguments or {}}
        # Blocking tools (the weather waits) run in a worker thread, as chapter 04 runs them.
        (outcome,) = await anyio.to_thread.run_sync(outcomes, [call], registry)
        # {"content": [{"type": "text", "text": "..."}], "isError": false}
        result = {"content": mcp_content(outcome.content), "isError": outcome.is_error}
        return types.CallToolResult.model_validate(result)

    return Server(name, on_list_tools=list_tools, on_call_tool=call_tool)


async def _serve_stdio(server: Server) -> None:
    async with stdio_server() as (read_stream, write_stream):
        await server.run(read_stream, write_stream, server.create_initialization_options())


def serve_stdio(registry: ToolRegistry, name: str = SERVER_NAME) -> None:
    """Serve these tools on stdin and stdout until the client closes them."""
    anyio.run(_serve_stdio, server_for(registry, name))
