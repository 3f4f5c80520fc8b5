"""Serve the series' tools over MCP on stdio: python -m handagent.mcp [--tool NAME ...]

An MCP client starts this command and speaks JSON-RPC on its stdin and stdout (the MCP
Inspector: `npx @modelcontextprotocol/inspector --cli python -m handagent.mcp --method
tools/list`). Nothing else is printed on stdout; it stops when the client closes stdin.

Not handled here: HTTP transports, tools other than the series' own (see `server.server_for`).
"""

import argparse
import textwrap

from .server import SERVER_NAME, series_tools, serve_stdio


def _listing(registry) -> str:
    """The tools this command serves, for --help: one name and description each."""
    lines = ["tools served (each with its chapter 01 description and input schema):"]
    for entry in registry.menu():
        lines.append(f"  {entry['name']}")
        lines += textwrap.wrap(entry["description"], 88, initial_indent=" " * 6,
                               subsequent_indent=" " * 6)  # fmt: skip
    return "\n".join(lines)


def command_line(argv: list[str] | None = None) -> None:
    registry = series_tools()
    parser = argparse.ArgumentParser(
        prog="python -m handagent.mcp",
        description=__doc__.split("\n\n")[0],
        epilog=_listing(registry),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    only = "serve only this tool (repeat for more; default: every tool)"
    parser.add_argument("--tool", action="append", metavar="NAME", help=only)
    named = f"the server's name in the handshake (default {SERVER_NAME})"
    parser.add_argument("--name", default=SERVER_NAME, help=named)
    args = parser.parse_args(argv)
    if args.tool:
        unknown = [name for name in args.tool if registry.get(name) is None]
        if unknown:
            known = ", ".join(registry.names)
            parser.error(f"no tool named {', '.join(unknown)}; choose from {known}")
        registry = type(registry)(registry.get(name) for name in dict.fromkeys(args.tool))
    try:
        serve_stdio(registry, args.name)
    except KeyboardInterrupt:  # Ctrl-C in a terminal: stop without a traceback
        pass


if __name__ == "__main__":
    command_line()
