"""A stdio MCP server that misbehaves on purpose, written by hand (JSON lines, the 2025-11-25
handshake) so that it can do what no SDK lets a server do. Each tool does one thing wrong:

    hang     never answers          die      exits mid-call        svg      an image/svg+xml image
    weather  structuredContent that breaks its own outputSchema    echo     answers {"text"}

Environment: ROGUE_TOOLS, a JSON list of tools/list items to offer instead of those; ROGUE_PAGES,
"same" (every page names the same next cursor) or "endless" (a new cursor on every page);
ROGUE_LOG, a file each message it receives is appended to, one JSON line each.
"""

import json
import os
import sys

OBJECT = {"type": "object", "properties": {}}
WEATHER_OUT = {"type": "object", "properties": {"temperature": {"type": "number"}},
               "required": ["temperature"]}  # fmt: skip
TOOLS = [{"name": name, "description": f"The {name} tool.", "inputSchema": OBJECT}
         for name in ("hang", "die", "svg", "echo")]  # fmt: skip
TOOLS.append({"name": "weather", "description": "Weather.", "inputSchema": OBJECT,
              "outputSchema": WEATHER_OUT})  # fmt: skip
SVG = "PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4="  # <svg xmlns=".../svg"/>


def send(message: dict) -> None:
    sys.stdout.write(json.dumps(message) + "\n")
    sys.stdout.flush()


def answer(request_id, result: dict) -> None:
    send({"jsonrpc": "2.0", "id": request_id, "result": result})


def text(value: str) -> dict:
    return {"content": [{"type": "text", "text": value}]}


def call(request_id, name: str, arguments: dict) -> None:
    if name == "hang":
        return  # never answered: the client must give up, and should say so to this server
    if name == "die":
        os._exit(3)
    if name == "svg":
        image = {"type": "image", "data": SVG, "mimeType": "image/svg+xml"}
        answer(request_id, {"content": [image]})
    elif name == "weather":
        answer(request_id, {**text('{"temperature": "warm"}'),
                            "structuredContent": {"temperature": "warm"}})  # fmt: skip
    else:
        answer(request_id, text(json.dumps(arguments)))


def main() -> None:
    tools = json.loads(os.environ.get("ROGUE_TOOLS") or "null") or TOOLS
    pages, log = os.environ.get("ROGUE_PAGES"), os.environ.get("ROGUE_LOG")
    for number, line in enumerate(sys.stdin):
        message = json.loads(line)
        if log:
            with open(log, "a") as file:
                file.write(json.dumps(message) + "\n")
        method, request_id = message.get("method"), message.get("id")
        if request_id is None or method is None:
            continue  # a notification, or an answer to a request of ours
        if method == "initialize":
            answer(request_id, {"protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
                                "serverInfo": {"name": "rogue", "version": "0"}})  # fmt: skip
        elif method == "tools/list":
            cursor = {"same": "again", "endless": f"page-{number}"}.get(pages)
            answer(request_id, {"tools": tools} | ({"nextCursor": cursor} if cursor else {}))
        elif method == "tools/call":
            call(request_id, message["params"]["name"], message["params"].get("arguments") or {})
        else:
            send({"jsonrpc": "2.0", "id": request_id,
                  "error": {"code": -32601, "message": f"Method not found: {method}"}})  # fmt: skip


if __name__ == "__main__":
    main()
