"""The MCP connector, as Anthropic's servers run it: the API is the MCP client (docs:
mcp-connector).

A request names its servers in `mcp_servers` (`{"type": "url", "url": "https://...", "name",
"authorization_token"?}`) and puts one `{"type": "mcp_toolset", "mcp_server_name": ...}` per
server in `tools`. The server side, not the program, then lists each server's tools
(`tools/list` over Streamable HTTP), offers them to the model under their own names, and when the
model calls one, calls the server (`tools/call`) and puts both in the reply, in the API's blocks:

    {"type": "mcp_tool_use", "id": "mcptoolu_01...", "name": "add", "server_name": "series",
     "input": {"a": 1, "b": 2}}
    {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_01...", "is_error": false,
     "content": [{"type": "text", "text": "3"}]}

then lets the model go on reading the result, as the server's loop does for its own tools. A
toolset's `default_config` and `configs` (`{"enabled": false}` leaves a tool off, `{"defer_loading":
true}` puts it in tool search's pool) apply per tool; a toolset's pinned `tools` (beta
mcp-client-2026-09-15) are used instead of a listing. A later request reads `mcp_tool_use` and
`mcp_tool_result` as the call and result they are (`as_calls`).

The mock has no internet: it reaches a server only on this machine's loopback (127.0.0.1,
localhost, ::1), over https, with a certificate it was told to trust (`Connector(trust=file)`,
`MockServer(mcp_trust=...)`, `python -m handagent.mock --mcp-trust FILE`). Any other server is
not reached: its tools are not listed, and a call of it the history left waiting gets an error
result saying why (`results`).

[U] the API's words when a server cannot be reached or a call fails (the docs give none: here an
`is_error` result naming the server and the failure); whether an image a server returns reaches
the model (`mcp_tool_result` holds text blocks in the SDK's types: here a line says one came).

Not handled here: the MCP tools' definitions in `usage.input_tokens`, `mcp_tool_listing` blocks
(beta mcp-client-2026-09-15), SSE transports, OAuth.
"""

import ssl
from dataclasses import dataclass
from urllib.parse import urlsplit

from ...api.shapes import blocks_of
from ...mcp.wire import menu_entry


@dataclass(frozen=True)
class Connector:
    """How the mock reaches MCP servers: the certificate file it trusts (None: no server)."""

    trust: str | None = None
    timeout: float = 30.0

    def reaches(self, url: object) -> bool:
        """Example: "https://127.0.0.1:8443/mcp" with a trusted file -> True; any other host,
        or http -> False"""
        parts = urlsplit(url) if isinstance(url, str) else None
        if not (self.trust and parts and parts.scheme == "https"):
            return False
        from ...mcp.https import LOOPBACK  # imported late, as the SDK below (0.7 s to import)

        return parts.hostname in LOOPBACK

    def _run(self, server: dict, work):
        """`work(client)` on a connection to the server, from this (a request's) thread."""
        import anyio  # imported here: most requests name no MCP server, and the SDK is slow to load
        import httpx2
        from mcp import Client
        from mcp.client.streamable_http import streamable_http_client

        async def session():
            context = ssl.create_default_context(cafile=self.trust)
            token = server.get("authorization_token")
            headers = {"authorization": f"Bearer {token}"} if token else {}
            async with httpx2.AsyncClient(
                verify=context, headers=headers, timeout=self.timeout
            ) as h:
                async with Client(streamable_http_client(server["url"], http_client=h)) as client:
                    return await work(client)

        return anyio.run(session)

    def listing(self, server: dict) -> list[dict]:
        """The server's tools/list as wire dicts, or [] where it cannot be reached."""
        if not self.reaches(server.get("url")):
            return []

        async def listed(client):
            page = await client.list_tools()
            return [t.model_dump(by_alias=True, exclude_none=True, mode="json") for t in page.tools]

        try:
            return self._run(server, listed)
        except Exception:  # noqa: BLE001 - a server that fails to list offers no tools
            return []

    def call(self, server: dict, name: str, arguments: dict) -> dict:
        """The server's CallToolResult for one call, as the wire has it; a failure as isError."""
        if not self.reaches(server.get("url")):
            said = (
                f"The mock cannot reach the MCP server {server.get('name')!r}: it has no internet."
            )
            return {"content": [{"type": "text", "text": said}], "isError": True}

        async def called(client):
            result = await client.call_tool(name, arguments)
            return result.model_dump(by_alias=True, exclude_none=True, mode="json")

        try:
            return self._run(server, called)
        except Exception as error:  # noqa: BLE001 - the model reads what went wrong
            said = f"Error calling {name} on MCP server {server.get('name')!r}: {error}"
            return {"content": [{"type": "text", "text": said}], "isError": True}


def _configured(tool: dict, toolset: dict) -> dict | None:
    """A listed tool as the toolset configures it, or None when it is not enabled."""
    configs = toolset.get("configs") if isinstance(toolset.get("configs"), dict) else {}
    config = {**(toolset.get("default_config") or {}), **(configs.get(tool["name"]) or {})}
    if config.get("enabled") is False:
        return None
    entry = menu_entry({**tool, "inputSchema": tool.get("inputSchema") or tool.get("input_schema")})
    return {**entry, "defer_loading": True} if config.get("defer_loading") else entry


def expanded(request: dict, connector: Connector) -> tuple[dict, dict[str, dict]]:
    """The request with each toolset replaced by its server's tools, and which server each
    tool's name belongs to. Example: {"tools": [mcp_toolset "series"], ...} -> ({"tools": [add,
    ...], ...}, {"add": {"name": "series", "url": ...}, ...})"""
    servers = {s.get("name"): s for s in request.get("mcp_servers") or [] if isinstance(s, dict)}
    tools, owners = [], {}
    own = {t.get("name") for t in request.get("tools") or [] if isinstance(t, dict)}
    for tool in request.get("tools") or []:
        if not (isinstance(tool, dict) and tool.get("type") == "mcp_toolset"):
            tools.append(tool)
            continue
        server = servers.get(tool.get("mcp_server_name"), {})
        pinned = tool.get("tools") if isinstance(tool.get("tools"), list) else None
        for listed in pinned if pinned is not None else connector.listing(server):
            entry = _configured(listed, tool)
            if entry and entry["name"] not in own and entry["name"] not in owners:
                tools.append(entry)
                owners[entry["name"]] = server
    return ({**request, "tools": tools} if owners else request), owners


def as_calls(request: dict) -> dict:
    """The request as the model reads it: MCP calls and results as tool_use and tool_result."""
    messages = []
    for message in request.get("messages") or []:
        blocks = [_plain(b) for b in blocks_of(message)]
        messages.append({**message, "content": blocks} if blocks != blocks_of(message) else message)
    return {**request, "messages": messages}


def _plain(block: dict) -> dict:
    if block.get("type") == "mcp_tool_use":
        return {"type": "tool_use", "id": block.get("id"), "name": block.get("name"),
                "input": block.get("input") or {}}  # fmt: skip
    if block.get("type") == "mcp_tool_result":
        answered = {"tool_use_id": block.get("tool_use_id"), "content": block.get("content") or []}
        return {"type": "tool_result", **answered, "is_error": bool(block.get("is_error"))}
    return block


def mcp_result(call: dict, result: dict) -> dict:
    """A CallToolResult as the mcp_tool_result that answers an mcp_tool_use, in text blocks.

    Example: (mcp_tool_use "mcptoolu_1", {"content": [{"type": "text", "text": "3"}]}) ->
    {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_1", "is_error": False, "content":
    [{"type": "text", "text": "3"}]}
    """
    content = []
    for item in result.get("content") or []:
        kind = item.get("type") if isinstance(item, dict) else None
        text = item.get("text") if kind == "text" else f"[{kind or 'content'} not shown]"
        content.append({"type": "text", "text": str(text)})
    return {"type": "mcp_tool_result", "tool_use_id": call["id"],
            "is_error": bool(result.get("isError")), "content": content}  # fmt: skip
