"""Which server tools a request calls, in the mock: web search and fetch, code execution, advisor.

A request's server tools are read by family (`offered`: web_search_20250305 -> "web_search").
When one is called: each piece of the request (split as the brain splits clauses) is scored
against the request's own tools and the server tools' words (`PROFILES`, with `menu.Menu`); a
piece whose best tool is a server tool calls it, once per tool, and a question no tool fits
goes to web search, as the brain sends it to a lookup tool. Quoted phrases in a request for
web searches are one search each; a fetch needs a URL in the request. What the calls answer is
`server_results`; the loop that runs them, `server_loop`; tool search, `deferred`.

    planned_calls(request, "What is 3 * 4?", {"code_execution": ...}, "")
        -> [("code_execution", {"code": "print(3 * 4)"})]

Not handled here: the result blocks, ids, limits (`server_results`, `server_loop`), writing
code beyond the arithmetic in the request, MCP calls of the mock's own.
"""

import json
import re

from ...api.shapes import blocks_of, turns
from ..model.brain import GREETING, NAME_QUESTION, PRIVATE, SEPARATOR
from ..model.evidence import QUOTED, read
from ..model.lexicon import terms
from ..model.menu import QUESTION, THRESHOLD, Menu
from . import deferred

ITERATIONS = 10  # "The default limit is 10 iterations per request" (§4.4)
_QUERY = {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}
PROFILES = {  # a server tool as the mock model reads it: its words, for the brain's scoring
    "web_search": "Search the web, the internet, online: news, headlines, articles, facts, "
    "history, prices and anything current.",
    "web_fetch": "Fetch a web page or document at a URL (link, website) and read its contents.",
    "code_execution": "Run code: execute Python or bash commands and scripts in a sandbox, "
    "calculate and compute (add, subtract, multiply, divide), analyse data, and create, view "
    "or edit files with a text editor.",
    "advisor": "Consult your advisor, a stronger model, for advice, review or a second opinion.",
}
SCHEMAS = {"web_fetch": {"type": "object", "properties": {"url": {"type": "string"}}}}
EXPRESSION = re.compile(r"-?\d[\d.]*(?:\s*[-+*/×^]\s*-?\d[\d.]*)+")
FAMILY = {"web_search": "web_search", "web_fetch": "web_fetch", "code_execution": "code_execution",
          "tool_search_tool": "tool_search", "advisor": "advisor"}  # fmt: skip


def offered(request: dict) -> dict[str, dict]:
    """The server tools a request defines, by family. Example: web_search_20250305 ->
    {"web_search": {...}}"""
    found = {}
    for tool in request.get("tools") or []:
        kind = str(tool.get("type") or "") if isinstance(tool, dict) else ""
        family = next((f for prefix, f in FAMILY.items() if kind.startswith(prefix)), None)
        if family and family not in found:
            found[family] = tool
    return found


def request_turn(request: dict) -> tuple[int, str]:
    """The turn that asks (the latest user turn with text and no tool_result) and its text."""
    messages = request.get("messages") or []
    grouped = turns(messages)
    for number in range(len(grouped) - 1, -1, -1):
        turn = grouped[number]
        found = [b for i in turn for b in blocks_of(messages[i])]
        text = " ".join(b.get("text", "") for b in found if b.get("type") == "text").strip()
        if messages[turn[0]]["role"] == "user" and text:
            if not any(b.get("type") == "tool_result" for b in found) or number == 0:
                return number, text
    return -1, ""


def since(request: dict, asked: int) -> list[dict]:
    messages = request.get("messages") or []
    return [
        b for turn in turns(messages)[asked + 1 :] for i in turn for b in blocks_of(messages[i])
    ]


def waiting(since: list[dict]) -> list[dict]:
    """Server and MCP calls since the request that have no result yet."""
    answered = {b.get("tool_use_id") for b in since}
    return [
        b for b in since
        if b.get("type") in ("server_tool_use", "mcp_tool_use") and b.get("id") not in answered
    ]  # fmt: skip


def planned_calls(request: dict, text: str, tools: dict, system: str) -> list[tuple[str, dict]]:
    """(name, input) of the web, code and advisor calls a request asks for: one per tool, for
    the piece that fits it best; a fetch per URL; a search per quoted phrase, when searching.

    Example: "What is 3 * 4? Then search the web for Paris." -> [("code_execution", {"code":
    "print(3 * 4)"}), ("web_search", {"query": "search the web for Paris"})]
    """
    if not text:
        return []
    client = [t for t in deferred.visible(request) if (t.get("type") or "custom") == "custom"]
    own = [{"name": f, "description": PROFILES[f], "input_schema": SCHEMAS.get(f, _QUERY)}
           for f in PROFILES if f in tools]  # fmt: skip
    menu, best_piece = Menu(client + own, system), {}
    for piece in (p.strip(" ,") for p in SEPARATOR.split(text) if p and p.strip(" ,")):
        score, best = menu.best(piece)
        if score >= THRESHOLD and best in own and score > best_piece.get(best["name"], (0, ""))[0]:
            best_piece[best["name"]] = (score, piece)
    if not best_piece and "web_search" in tools and _factual(text, menu):
        best_piece["web_search"] = (0, text)
    calls = [c for name, (_, piece) in best_piece.items() if (c := _input(name, piece, text))]
    if "web_fetch" in best_piece:
        calls += [("web_fetch", {"url": url}) for url in read(text)["urls"][1:]]
    quoted = [a or b for a, b in QUOTED.findall(text)]
    if "web_search" in best_piece and len(quoted) > 1:
        calls = [c for c in calls if c[0] != "web_search"] + [
            ("web_search", {"query": q}) for q in quoted
        ]
    return list({(n, json.dumps(a, sort_keys=True)): (n, a) for n, a in calls}.values())


def _factual(text: str, menu: Menu) -> bool:
    """A question the web could answer that no tool fits. Example: "Who wrote Hamlet?" -> True"""
    found = terms(text) - {n.text.lower() for n in read(text).names}
    if menu.best(text)[0] >= THRESHOLD or not QUESTION.search(text) or found & PRIVATE:
        return False
    return bool(found) and not (NAME_QUESTION.search(text) or GREETING.search(text))


def _input(name: str, piece: str, text: str) -> tuple[str, dict] | None:
    """The call's input, or None when the request lacks what it needs (a fetch with no URL).

    Example: ("web_fetch", "read https://a.dev", ...) -> ("web_fetch", {"url": "https://a.dev"})
    """
    if name == "web_fetch":
        urls = read(piece)["urls"] or read(text)["urls"]
        return (name, {"url": urls[0]}) if urls else None
    if name == "code_execution":
        found = EXPRESSION.search(text)
        expression = found.group().replace("×", "*").replace("^", "**") if found else None
        return name, {"code": f"print({expression})" if expression else f"# {text[:200]}"}
    if name == "advisor":
        return name, {}
    return name, {"query": piece.strip(" ?.!")[:200] or text[:200]}
