"""Serve the series' tools over MCP on stdio: python -m handagent.mcp [--tool NAME ...]

An MCP client starts this command and speaks JSON-RPC on its stdin and stdout (the MCP
Inspector: `npx @modelcontextprotocol/inspector --cli python -m handagent.mcp --method
tools/list`). Nothing else is printed on stdout; it stops when the client closes stdin.

With `--https HOST:PORT --tls DIR` it serves Streamable HTTP over TLS instead (chapter 13,
`https`): the certificate in DIR (made there if missing) is the one a client must trust, and
the first line printed is the URL (`--https 127.0.0.1:0` picks a free port). Ctrl-C stops it.

Not handled here: SSE, tools other than the series' own (see `server.server_for`).
"""

import argparse
import textwrap
from pathlib import Path

from .series import SERVER_NAME, series_tools


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
    where = "serve Streamable HTTP over TLS on HOST:PORT (this machine only) instead of stdio"
    parser.add_argument("--https", metavar="HOST:PORT", help=where)
    tls = "with --https: the folder of the certificate and key (made there if missing)"
    parser.add_argument("--tls", type=Path, metavar="DIR", help=tls)
    args = parser.parse_args(argv)
    if args.https is not None:
        # late: uvicorn and cryptography cost every stdio server a quarter of a second
        from .https import LOOPBACK, https_server, local_certificate, url_of

        host, _, port = args.https.rpartition(":")
        host = host.strip("[]")
        if host not in LOOPBACK or not port.isdigit() or args.tls is None:
            parser.error(f"--https takes this machine's address and a port, and --tls a folder: "
                         f"--https 127.0.0.1:8443 --tls tls (got {args.https!r})")  # fmt: skip
    if args.tool:
        unknown = [name for name in args.tool if registry.get(name) is None]
        if unknown:
            known = ", ".join(registry.names)
            parser.error(f"no tool named {', '.join(unknown)}; choose from {known}")
        registry = type(registry)(registry.get(name) for name in dict.fromkeys(args.tool))
    try:
        if args.https is None:
            # late, as for --https: --help and a wrong argument end before the mcp SDK's 0.85 s
            from .server import serve_stdio

            serve_stdio(registry, args.name)
            return
        certificate = local_certificate(args.tls)
        server, listening = https_server(registry, certificate, host, int(port), args.name)
        print(url_of(listening), flush=True)  # the first line: where a client connects
        server.run(sockets=[listening])
    except KeyboardInterrupt:  # Ctrl-C in a terminal: stop without a traceback
        pass


if __name__ == "__main__":
    command_line()
