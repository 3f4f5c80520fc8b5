"""One `tools/call` to a server nobody here wrote, answered whatever happens.

The answer is always a CallToolResult as the wire has it: the server's own, or one marked
`isError` whose text says what happened, in words the model (and the log) can act on:

    what happened                                 the result says
    the server answered                           its content; its isError
    its structuredContent breaks the tool's       the result was withheld, and why (the SDK
      declared outputSchema                         checks it: "Invalid structured content ...")
    the program stopped waiting                   cancelled; the server was sent
      (`current_call().cancelled` was set)          notifications/cancelled; it may have run
    no answer within the timeout                  timed out; the SDK sent notifications/cancelled
    the connection closed (a crash)               failed; whether it ran is unknown
    a JSON-RPC error: unknown tool, bad params    the server refused it, in its own words
    any other error                               failed, with the error's type and message

A call that was sent and not answered may have run in part or in full: the words say so, because
an effect (a file written, a commit) must be checked before it is asked for again.

Not handled here: what the content becomes for the model (see `results`), which server a tool
lives on (see `client`).
"""

import threading
import time
from concurrent.futures import wait

from mcp import Client
from mcp.shared.exceptions import MCPError
from mcp_types import (
    CONNECTION_CLOSED,
    INVALID_PARAMS,
    INVALID_REQUEST,
    METHOD_NOT_FOUND,
    REQUEST_TIMEOUT,
)
from pydantic import ValidationError

from ..tools import current_call

POLL = 0.05  # seconds between two looks at the cancelled event while a call runs
REFUSALS = (INVALID_REQUEST, METHOD_NOT_FOUND, INVALID_PARAMS)
UNKNOWN = "it may have run in part or in full: check before asking for it again"


def failed(text: str) -> dict:
    """A result saying what went wrong. Example: "x" -> {"content": [...], "isError": True}"""
    return {"content": [{"type": "text", "text": text}], "isError": True}


def said(error: Exception, server: str, tool: str, timeout: float) -> dict:
    """What an error raised by the SDK's call means, as a result marked isError.

    Example: (MCPError(-32001, "Request 'tools/call' timed out"), "fs", "write_file", 30.0)
        -> failed("write_file on server 'fs' timed out: no answer within 30 s. ...")
    """
    where = f"{tool} on server {server!r}"
    if isinstance(error, MCPError) and error.code == REQUEST_TIMEOUT:
        return failed(f"{where} timed out: no answer within {timeout:g} s. The server was told "
                      f"to stop (notifications/cancelled); {UNKNOWN}.")  # fmt: skip
    if isinstance(error, MCPError) and error.code == CONNECTION_CLOSED:
        return failed(f"The call to {where} failed: the server closed the connection "
                      f"({error.message}); it may have crashed, and {UNKNOWN}.")  # fmt: skip
    if isinstance(error, MCPError) and error.code in REFUSALS:
        return failed(f"Server {server!r} refused the call to {tool}: {error.message}")
    if isinstance(error, RuntimeError) and "structured content" in str(error).lower():
        first_line = str(error).splitlines()[0]  # jsonschema's own detail follows
        return failed(f"{where} returned a result that breaks the tool's declared output "
                      f"schema, so it was withheld: {first_line}")  # fmt: skip
    if isinstance(error, ValidationError):
        first = error.errors()[0]
        where_in = ".".join(map(str, first["loc"]))
        return failed(f"The call to {where} failed: its answer is not a valid CallToolResult "
                      f"({where_in}: {first['msg']}).")  # fmt: skip
    text = error.message if isinstance(error, MCPError) else str(error)
    return failed(f"The call to {where} failed: {type(error).__name__}: {text}")


def _dump(model) -> dict:
    """An SDK object as wire JSON. Example: CallToolResult(is_error=True) -> {"isError": True}"""
    return model.model_dump(by_alias=True, exclude_none=True, mode="json")


def call_tool(portal, client: Client, server: str, tool: str, arguments: dict, timeout: float):
    """The server's CallToolResult for one call, as a wire dict, or one saying why there is none.

    Inside a tool function run by dispatch, `current_call().cancelled` is watched: once the
    program stops waiting, the call's task is cancelled, and the SDK sends the server
    `notifications/cancelled` for that request before this returns.

    Example: (portal, client, "fs", "list_directory", {"path": "/tmp"}, 30.0)
        -> {"content": [{"type": "text", "text": "[FILE] a.txt"}], "isError": False, ...}
    """
    context = current_call()
    cancelled = context.cancelled if context else threading.Event()
    began = time.monotonic()
    future = portal.start_task_soon(
        lambda: client.call_tool(tool, arguments, read_timeout_seconds=timeout)
    )
    while not wait([future], timeout=POLL).done:
        if cancelled.is_set():
            future.cancel()  # the portal cancels the task; the SDK tells the server
            return failed(f"{tool} on server {server!r} was cancelled: the program stopped "
                          f"waiting after {time.monotonic() - began:.1f} s and told the server "
                          f"to stop (notifications/cancelled); {UNKNOWN}.")  # fmt: skip
    try:
        return _dump(future.result())
    except Exception as error:  # whatever the server or the SDK did, the model gets words
        return said(error, server, tool, timeout)
