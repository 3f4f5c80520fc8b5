"""MCP servers' tools as one menu the Messages API accepts: each tool vetted, then named.

A server nobody here wrote may list a tool the API would refuse, and one such entry makes every
request fail (`tools.N.custom.input_schema: ...`), so it never reaches the menu: it is left off
with a warning naming the server, the tool and why. The rest keep their place.

    left off                                        why
    inputSchema not {"type": "object", ...}         the API's input_schema is an object schema
    oneOf, allOf or anyOf at the schema's top       the API: "input_schema does not support oneOf,
                                                    allOf, or anyOf at the top level" [1]
    a schema that is not valid draft 2020-12        the API's INVALID_SCHEMA (api/rejections)
    execution.taskSupport "required"                it runs only as a task; this client calls tools
    a name the server already listed                tools/call could not tell the two apart

Names: a tool keeps its own where it can; characters the API refuses become `_` (a warning says
so); a name two servers share (or one in `taken`, the program's own tools) becomes `server__name`
on both; a name still taken gets `_2`, `_3`, ... Read-only is the program's word, never the
server's: `read_only={"time": {"get_current_time"}}` names the tools of a server that only read;
every other tool is an effect, whatever its `readOnlyHint` says (hints from code nobody here
wrote: MCP spec, server/tools, "clients MUST consider tool annotations to be untrusted").

[1] github.com/anthropics/claude-code/issues/5319 and issues/5973, the API's 400 for MCP servers.

Not handled here: connecting and calling (see `client`), the content of results (see `results`).
"""

import re
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ..api import TOOL_NAME_PATTERN
from ..api.rejections import INVALID_SCHEMA
from ..api.schemas import is_draft_2020_12_schema
from .wire import menu_entry

_SERVER_NAME = r"[a-zA-Z0-9_-]{1,40}"
MAX_NAME = 128  # TOOL_NAME_PATTERN's limit


@dataclass(frozen=True)
class RemoteTool:
    """One tool a server offers, under the name the model's menu gives it."""

    server: str  # our name for the server it came from
    name: str  # its name on that server: what tools/call sends
    menu_name: str  # its name on the model's menu: prefixed where names clash
    listed: dict  # its tools/list item, as the server sent it
    read_only: bool = False  # declared by the program (McpServers' read_only), never the server

    def menu_entry(self) -> dict:
        return menu_entry(self.listed, self.menu_name)


def unacceptable(listed: dict) -> str | None:
    """Why the API (or this client) could not offer a listed tool, or None if it can.

    Example: {"name": "run", "inputSchema": {"oneOf": [...]}} -> "its inputSchema is not ..."
    """
    schema = listed.get("inputSchema")
    if not isinstance(schema, dict) or schema.get("type") != "object":
        return 'its inputSchema is not an object schema ({"type": "object", ...})'
    if tops := [key for key in ("oneOf", "allOf", "anyOf") if key in schema]:
        return f"input_schema does not support oneOf, allOf, or anyOf at the top level ({tops[0]})"
    if not is_draft_2020_12_schema(schema):
        return f"its inputSchema: {INVALID_SCHEMA.split(' Learn more')[0]}"
    if (listed.get("execution") or {}).get("taskSupport") == "required":
        return 'it runs only as a task (execution.taskSupport "required"), never called directly'
    return None


def check_server_name(server: str) -> None:
    """Raise unless `server` can prefix a tool name on the menu (a programmer's mistake)."""
    if not isinstance(server, str) or not re.fullmatch(_SERVER_NAME, server):
        raise ValueError(f"Server name {server!r}: use 1-40 letters, digits, _ or -.")


def _plain(name: str) -> str:
    """A name with only the characters the API allows. Example: "text.upper" -> "text_upper\""""
    return re.sub(r"[^a-zA-Z0-9_-]", "_", name)[:MAX_NAME] or "_"


def menu_names(
    listings: Mapping[str, list[dict]],
    taken: Iterable[str] = (),
    read_only: Mapping[str, Iterable[str]] | None = None,
) -> tuple[list[RemoteTool], list[str]]:
    """Every server's tools that the API accepts, named for the menu, and a warning per change.

    Example: {"a": [{"name": "add", ...}], "b": [{"name": "add", ...}, {"name": "x.echo", ...}]}
        -> ([RemoteTool("a", "add", "a__add"), RemoteTool("b", "add", "b__add"),
             RemoteTool("b", "x.echo", "x_echo")],
            ["Server 'b': tool 'x.echo' is offered as 'x_echo' (the API allows letters, ...)"])
    """
    warnings, kept = [], []
    for server, listed in listings.items():
        check_server_name(server)
        seen = set()
        for tool in listed:
            name = tool.get("name")
            why = "it has no name" if not isinstance(name, str) or not name else unacceptable(tool)
            if why is None and name in seen:
                why = "the server lists that name twice; tools/call could call only one of them"
            if why:
                warnings.append(f"Server {server!r}: tool {name!r} left off the menu: {why}.")
                continue
            seen.add(name)
            kept.append((server, tool))
    clashes = Counter(_plain(t["name"]) for _, t in kept) + Counter(set(taken))
    used, tools = Counter(set(taken)), []
    for server, tool in kept:
        plain = _plain(tool["name"])
        name = plain if clashes[plain] == 1 else f"{server}__{plain}"[:MAX_NAME]
        wanted, number = name, 1
        while used[name] or not re.fullmatch(TOOL_NAME_PATTERN, name):
            number += 1
            name = f"{wanted[: MAX_NAME - 1 - len(str(number))]}_{number}"
        used[name] += 1
        if name not in (tool["name"], f"{server}__{tool['name']}"):
            warnings.append(f"Server {server!r}: tool {tool['name']!r} is offered as {name!r} "
                            "(the API allows letters, digits, _ and -, names unique).")  # fmt: skip
        declared = tool["name"] in set((read_only or {}).get(server, ()))
        tools.append(RemoteTool(server, tool["name"], name, tool, declared))
    for server, names in (read_only or {}).items():
        for name in sorted(set(names) - {t.name for t in tools if t.server == server}):
            warnings.append(f"Server {server!r}: read_only names {name!r}, which is not on the "
                            "menu; check the name against the server's tools.")  # fmt: skip
    return tools, warnings
