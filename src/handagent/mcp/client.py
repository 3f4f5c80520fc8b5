"""MCP servers' tools on one menu: listed, named without clashes, called, answered.

`McpServers({"series": series_server(), "other": ...})` starts each server (a command over stdio,
or an SDK `Server` in the same process), lists its tools and gives each a name on the model's
menu: its own, or `server__name` where two servers (or a tool of the program's own) share one.
Each tool keeps the server it came from: `call()` answers a `tool_use` block by hand with a
`tool_result`, and `as_tools()` gives `Tool`s whose results carry `{"server", "tool"}` in their
details, so chapter 09's loop runs them beside the package's own tools and its log says where
each result came from.

The official SDK's client is async; a blocking portal (a thread running its event loop) lets the
plain functions of chapters 02-09, and a notebook whose own loop is running, call it.

Not handled here: a tool list that changes while connected (`notifications/tools/list_changed`),
resources, prompts, sampling, servers that ask the user for input mid-call, reconnecting.
"""

import io
import re
import sys
from collections import Counter
from collections.abc import Iterable
from contextlib import ExitStack
from dataclasses import dataclass

from anyio.from_thread import start_blocking_portal
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.shared.exceptions import MCPError

from ..api import TOOL_NAME_PATTERN
from ..dispatch import tool_result
from ..tools import Tool, ToolOutput
from .wire import call_params, menu_entry, result_content, tool_result_of


def series_server(*tools: str) -> StdioServerParameters:
    """The command that serves the series' tools (`python -m handagent.mcp`), all or only these."""
    args = ["-m", "handagent.mcp", *(part for name in tools for part in ("--tool", name))]
    return StdioServerParameters(command=sys.executable, args=args)


def _errlog():
    """Where a stdio server's stderr goes: ours, or the process's own where ours has no file
    descriptor (a Jupyter kernel's stream under nbval: the SDK's default would then fail)."""
    try:
        sys.stderr.fileno()
        return sys.stderr
    except (AttributeError, io.UnsupportedOperation):
        return sys.__stderr__


@dataclass(frozen=True)
class RemoteTool:
    """One tool a server offers, under the name the model's menu gives it."""

    server: str  # our name for the server it came from
    name: str  # its name on that server: what tools/call sends
    menu_name: str  # its name on the model's menu: prefixed where names clash
    listed: dict  # its tools/list item, as the server sent it

    def menu_entry(self) -> dict:
        return menu_entry(self.listed, self.menu_name)


def menu_names(listings: dict[str, list[dict]], taken: Iterable[str] = ()) -> list[RemoteTool]:
    """Every server's tools, named for the menu: a name two servers share (or one in `taken`,
    the program's own tools) becomes `server__name`; characters the API refuses become `_`.

    Example: {"a": [{"name": "add", ...}], "b": [{"name": "add", ...}, {"name": "x.echo", ...}]}
        -> [RemoteTool("a", "add", "a__add"), RemoteTool("b", "add", "b__add"),
            RemoteTool("b", "x.echo", "x_echo")]
    """
    for server in listings:
        if not re.fullmatch(r"[a-zA-Z0-9_-]{1,40}", server):
            raise ValueError(f"Server name {server!r}: use 1-40 letters, digits, _ or -.")
    plain = {(server, t["name"]): re.sub(r"[^a-zA-Z0-9_-]", "_", t["name"]) for server, tools in
             listings.items() for t in tools}  # fmt: skip
    counts = Counter(plain.values()) + Counter(set(taken))
    tools = [
        RemoteTool(server, t["name"], name if counts[name] == 1 else f"{server}__{name}", t)
        for server, listed in listings.items()
        for t in listed
        for name in [plain[server, t["name"]]]
    ]
    names = Counter(tool.menu_name for tool in tools) + Counter(set(taken))
    for tool in tools:
        if names[tool.menu_name] > 1 or not re.fullmatch(TOOL_NAME_PATTERN, tool.menu_name):
            raise ValueError(f"The menu name {tool.menu_name!r} is taken or too long; rename "
                             f"server {tool.server!r}.")  # fmt: skip
    return tools


def _wire(model) -> dict:
    """An SDK object as wire JSON. Example: Tool(input_schema={...}) -> {"inputSchema": {...}}"""
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


class McpServers:
    """Connections to MCP servers, by our name for each; a context manager (`with ... as mcp:`)."""

    def __init__(self, servers: dict, *, taken: Iterable[str] = (), timeout: float = 30.0):
        self._servers, self._taken, self.timeout = dict(servers), list(taken), timeout
        self._clients: dict[str, Client] = {}
        self.tools: list[RemoteTool] = []

    def __enter__(self) -> "McpServers":
        with ExitStack() as stack:
            self._portal = stack.enter_context(start_blocking_portal())
            for name, server in self._servers.items():
                if isinstance(server, StdioServerParameters):
                    server = stdio_client(server, errlog=_errlog())
                client = Client(server, read_timeout_seconds=self.timeout)
                stack.enter_context(self._portal.wrap_async_context_manager(client))
                self._clients[name] = client
            listings = {name: self._list(client) for name, client in self._clients.items()}
            self.tools = menu_names(listings, self._taken)
            self._stack = stack.pop_all()
        return self

    def __exit__(self, *_exc) -> None:
        self._stack.close()

    def _list(self, client: Client) -> list[dict]:
        """Every page of a server's tools/list, as wire dicts."""
        listed, cursor = [], None
        while True:
            page = self._portal.call(lambda: client.list_tools(cursor=cursor))
            listed += [_wire(tool) for tool in page.tools]
            if not (cursor := page.next_cursor):
                return listed

    def menu(self) -> list[dict]:
        """The `tools` parameter for a request: every server's tools, named for the menu."""
        return [tool.menu_entry() for tool in self.tools]

    def find(self, menu_name: str) -> RemoteTool | None:
        return next((tool for tool in self.tools if tool.menu_name == menu_name), None)

    def result(self, tool: RemoteTool, arguments: dict) -> dict:
        """The server's CallToolResult for one call, as the wire has it, or its protocol error
        as a result marked isError (the spec lets a client show those to the model too).

        Example: (add, {"a": 1, "b": 2}) -> {"content": [{"type": "text", "text": "3"}],
                                              "isError": False, ...}
        """
        params = call_params({"name": tool.name, "input": arguments})
        client = self._clients[tool.server]
        try:
            return _wire(self._portal.call(lambda: client.call_tool(**params)))
        except MCPError as error:  # an unknown tool, arguments the server refuses
            text = f"Server {tool.server!r} refused the call to {tool.name}: {error.message}"
            return {"content": [{"type": "text", "text": text}], "isError": True}

    def call(self, tool_use: dict) -> dict:
        """The tool_result answering one tool_use block, from the server the tool came from.

        Example: {"type": "tool_use", "id": "toolu_01A", "name": "b__add", "input": {"a": 1, ...}}
            -> {"type": "tool_result", "tool_use_id": "toolu_01A",
                "content": [{"type": "text", "text": "3"}]}
        """
        tool = self.find(tool_use["name"])
        if tool is None:
            known = ", ".join(t.menu_name for t in self.tools) or "none"
            return tool_result(tool_use["id"], f"Unknown tool {tool_use['name']!r}. "
                               f"Available tools: {known}.", is_error=True)  # fmt: skip
        return tool_result_of(tool_use["id"], self.result(tool, tool_use.get("input") or {}))

    def as_tools(self) -> list[Tool]:
        """Every server's tools as `Tool`s for a ToolRegistry, chapter 09's loop included."""
        return [self._as_tool(tool) for tool in self.tools]

    def _as_tool(self, tool: RemoteTool) -> Tool:
        def run(**arguments) -> ToolOutput:
            result = self.result(tool, arguments)
            details = {"server": tool.server, "tool": tool.name}
            return ToolOutput(result_content(result), details, bool(result.get("isError")))

        entry = tool.menu_entry()
        return Tool(entry["name"], entry["description"], entry["input_schema"], run,
                    timeout=self.timeout)  # fmt: skip
