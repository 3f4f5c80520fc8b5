"""MCP servers' tools on one menu: connected, listed, named without clashes, called, answered.

`McpServers({"series": series_server(), "other": ...})` starts each server (a command over stdio,
or an SDK `Server` in the same process), lists its tools and gives each a name on the model's
menu (see `menu`). Each tool keeps the server it came from: `call()` answers a `tool_use` block by
hand with a `tool_result`, and `as_tools()` gives `Tool`s whose results carry `{"server", "tool"}`
in their details, so chapter 09's loop runs them beside the package's own tools and its log says
where each result came from.

Servers nobody here wrote are held at arm's length; what goes wrong is a warning (a Python
`McpWarning`, also kept in `.warnings`) naming the server, and the rest carry on:
- a server that cannot start, or whose first `tools/list` fails, is left out;
- `tools/list` pages are followed at most `max_pages` times and never to a cursor seen before;
- a tool the API would refuse is left off, a clashing name changed (see `menu`);
- a call always gets a result, never an exception (see `calls`), cancelled on the server
  (`notifications/cancelled`) once the program stops waiting for it.

Every MCP tool is an effect (`Tool.read_only=False`) unless the program names it:
`McpServers(servers, read_only={"time": ["get_current_time", "convert_time"]})`. A server's
`readOnlyHint` is never read for this: it is a hint from code nobody here wrote.

The official SDK's client is async; a blocking portal (a thread running its event loop) lets the
plain functions of chapters 02-09, and a notebook whose own loop is running, call it.

Not handled here: a tool list that changes while connected (`notifications/tools/list_changed`),
resources, prompts, sampling, servers that ask the user for input mid-call, reconnecting.
"""

import io
import sys
import warnings
from collections.abc import Iterable, Mapping
from contextlib import ExitStack
from functools import partial

from anyio.from_thread import start_blocking_portal
from mcp import Client, StdioServerParameters
from mcp.client.stdio import stdio_client

from ..dispatch import tool_result
from ..tools import Tool, ToolOutput
from .calls import call_tool
from .menu import RemoteTool, check_server_name, menu_names
from .results import result_content
from .wire import tool_result_of

MAX_PAGES = 100  # the SDK's own cap when it lists again (mcp.client.client._RELIST_PAGE_CAP)


class McpWarning(UserWarning):
    """Something a server did that cost it a tool or more; the other tools carry on."""


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


class McpServers:
    """Connections to MCP servers, by our name for each; a context manager (`with ... as mcp:`)."""

    def __init__(self, servers: Mapping, *, taken: Iterable[str] = (), timeout: float = 30.0,
                 read_only: Mapping[str, Iterable[str]] | None = None,
                 max_pages: int = MAX_PAGES):  # fmt: skip
        for name in servers:  # before any server starts
            check_server_name(name)
        unknown = set(read_only or {}) - set(servers)
        if unknown:
            raise ValueError(f"read_only names {sorted(unknown)}, which are not among the "
                             f"servers {sorted(servers)}; use the servers' names.")  # fmt: skip
        self._servers, self._taken, self.timeout = dict(servers), list(taken), timeout
        self._read_only = {name: list(tools) for name, tools in (read_only or {}).items()}
        self.max_pages = max_pages
        self._clients: dict[str, Client] = {}
        self.tools: list[RemoteTool] = []
        self.warnings: list[str] = []

    def _warn(self, text: str) -> None:
        self.warnings.append(text)
        warnings.warn(text, McpWarning, stacklevel=3)

    def __enter__(self) -> "McpServers":
        with ExitStack() as stack:
            self._portal = stack.enter_context(start_blocking_portal())
            listings = {}
            for name, server in self._servers.items():
                if isinstance(server, StdioServerParameters):
                    server = stdio_client(server, errlog=_errlog())
                client = Client(server, read_timeout_seconds=self.timeout)
                try:
                    stack.enter_context(self._portal.wrap_async_context_manager(client))
                    self._clients[name] = client
                    listings[name] = self._list(name, client)
                except Exception as error:  # one server's failure never takes the others
                    self._warn(f"Server {name!r} left out: it could not be started or listed "
                               f"({type(error).__name__}: {error}).")  # fmt: skip
            self.tools, warned = menu_names(listings, self._taken, self._read_only)
            for text in warned:
                self._warn(text)
            self._stack = stack.pop_all()
        return self

    def __exit__(self, *_exc) -> None:
        self._stack.close()

    def _list(self, server: str, client: Client) -> list[dict]:
        """A server's tools/list, every page up to `max_pages`, as wire dicts."""
        listed, cursor, seen = [], None, set()
        for _ in range(self.max_pages):
            page = self._portal.call(partial(client.list_tools, cursor=cursor))
            listed += [tool.model_dump(by_alias=True, exclude_none=True, mode="json")
                       for tool in page.tools]  # fmt: skip
            cursor = page.next_cursor
            if not cursor:
                return listed
            if cursor in seen:
                self._warn(f"Server {server!r}: tools/list gave the cursor {cursor!r} again; "
                           f"its listing stops there, at {len(listed)} tools.")  # fmt: skip
                return listed
            seen.add(cursor)
        self._warn(f"Server {server!r}: tools/list has more than {self.max_pages} pages; its "
                   f"listing stops there, at {len(listed)} tools.")  # fmt: skip
        return listed

    def menu(self) -> list[dict]:
        """The `tools` parameter for a request: every server's tools, named for the menu."""
        return [tool.menu_entry() for tool in self.tools]

    def find(self, menu_name: str) -> RemoteTool | None:
        return next((tool for tool in self.tools if tool.menu_name == menu_name), None)

    def result(self, tool: RemoteTool, arguments: dict) -> dict:
        """The server's CallToolResult for one call, as the wire has it, or one marked isError
        saying why there is none (see `calls`: a timeout, a crash, a refusal, a cancellation).

        Example: (add, {"a": 1, "b": 2}) -> {"content": [{"type": "text", "text": "3"}],
                                              "isError": False, ...}
        """
        client = self._clients[tool.server]
        return call_tool(self._portal, client, tool.server, tool.name, arguments, self.timeout)

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
        """Every server's tools as `Tool`s for a ToolRegistry, chapter 09's loop included; each
        an effect (`read_only=False`) unless `read_only` named it."""
        return [self._as_tool(tool) for tool in self.tools]

    def _as_tool(self, tool: RemoteTool) -> Tool:
        def run(**arguments) -> ToolOutput:
            result = self.result(tool, arguments)
            details = {"server": tool.server, "tool": tool.name}
            return ToolOutput(result_content(result), details, bool(result.get("isError")))

        entry = tool.menu_entry()
        return Tool(entry["name"], entry["description"], entry["input_schema"], run,
                    timeout=self.timeout, read_only=tool.read_only)  # fmt: skip
