"""Which of a request's own tools the model can see: deferred tools, tool search and references.

A tool with `defer_loading: true` is "not included in initial system prompt. Only loaded when
returned via tool_reference from tool search" (SDK: ToolParam.defer_loading). So the mock model
sees a request's tools less the deferred ones, plus every deferred tool a `tool_reference`
names anywhere in the history: in a `tool_search_tool_result` (the server's tool search), in a
`tool_result` (a client's own search tool returning references), or in a beta `tool_addition`
block; a `tool_removal` block takes one away again.

    visible({"tools": [weather, rate (deferred)], "messages": [...]}) -> [weather]
    search_input("What is the USD to EUR rate?", <bm25 tool>) -> {"query": "usd eur rate"}

The model searches when the request asks it to find a tool, or when a hidden tool fits the
request and no tool it can see does (the brain's scoring, `menu.Menu`). It writes what a model
would: to the regex tool a pattern of the request's word stems, to the BM25 tool its words;
the search itself is the server's (`tool_search`).

Not handled here: the search (`tool_search`), tools that MCP servers list, `allowed_callers`.
"""

import re

from ...api.shapes import blocks_of
from ..model.lexicon import STOP_WORDS, stem, words
from ..model.menu import THRESHOLD, Menu
from .tool_search import MAX_QUERY

FIND_TOOL = re.compile(r"\b(?:find|search for|look (?:up|for)|discover)\b.{0,60}\btools?\b", re.I)


def _references(block: dict) -> list[str]:
    """The tool names a block makes available. Example: tool_result [tool_reference add] ->
    ["add"]; a name that is not a string ({"name": [None]}) names no tool."""
    return [name for name in _referenced(block) if isinstance(name, str)]


def _referenced(block: dict) -> list:  # what the block names, strings or not
    kind = block.get("type")
    if kind == "tool_search_tool_result":
        content = block.get("content") if isinstance(block.get("content"), dict) else {}
        listed = content.get("tool_references")
        return [r.get("tool_name") for r in listed if isinstance(r, dict)] if isinstance(
            listed, list) else []  # fmt: skip
    if kind == "tool_result" and isinstance(block.get("content"), list):
        return [b.get("tool_name") for b in block["content"] if b.get("type") == "tool_reference"]
    if kind == "tool_addition":
        tool = block.get("tool") if isinstance(block.get("tool"), dict) else {}
        return [tool.get("name") or (tool.get("definition") or {}).get("name")]
    return []


def _inline(messages: list[dict]) -> list[dict]:
    """Tools defined inline by `tool_addition` blocks (beta inline-tools-2026-09-15)."""
    found = []
    for message in messages:
        for block in blocks_of(message):
            tool = block.get("tool") if block.get("type") == "tool_addition" else None
            if isinstance(tool, dict) and isinstance(tool.get("definition"), dict):
                found.append(tool["definition"])
    return found


def visible(request: dict, also: tuple[str, ...] = ()) -> list[dict]:
    """The request's own tools the model sees now; `also`: names a search just loaded."""
    loaded, removed = set(also), set()
    for message in request.get("messages") or []:
        for block in blocks_of(message):
            tool = block.get("tool") if isinstance(block.get("tool"), dict) else {}
            if block.get("type") == "tool_removal" and isinstance(tool.get("name"), str):
                removed.add(tool["name"])
            for name in _references(block):
                loaded.add(name)
                removed.discard(name)
    tools = [*(request.get("tools") or []), *_inline(request.get("messages") or [])]
    return [
        tool for tool in tools
        if isinstance(tool, dict) and isinstance(tool.get("name"), str)
        and tool["name"] not in removed
        and (not tool.get("defer_loading") or tool.get("name") in loaded)
    ]  # fmt: skip


def hidden(request: dict) -> list[dict]:
    """The deferred client tools no reference has loaded yet."""
    seen = {id(tool) for tool in visible(request)}
    return [
        tool for tool in request.get("tools") or []
        if isinstance(tool, dict) and tool.get("defer_loading") and id(tool) not in seen
        and (tool.get("type") or "custom") == "custom"
    ]  # fmt: skip


def wanted(request: dict, text: str, system: str) -> bool:
    """Whether the model would search for a tool: the request asks to find one, or a hidden
    tool fits it and no tool the model can see does (it searches when it has none for the job).

    Example: [weather, rate (deferred)], "What is the USD to EUR rate?" -> True
    """
    if not text or not [t for t in request.get("tools") or [] if t.get("defer_loading")]:
        return False
    if FIND_TOOL.search(text):
        return True
    seen = [t for t in visible(request) if (t.get("type") or "custom") == "custom"]
    if not hidden(request) or (seen and Menu(seen, system).best(text)[0] >= THRESHOLD):
        return False
    score, best = Menu(seen + hidden(request), system).best(text)
    return score >= THRESHOLD and best in hidden(request)


def pattern(text: str) -> str:
    """The regex a search writes from a request. Example: "USD to EUR rate?" ->
    "(?i)usd|eur|rat"."""
    stems = [stem(w) for w in words(text) if w not in STOP_WORDS and len(w) > 2]
    return "(?i)" + "|".join(re.escape(s) for s in dict.fromkeys(stems)) if stems else "(?i)."


def query(text: str) -> str:
    """The words a BM25 search sends. Example: "What is the USD to EUR rate?" -> "usd eur rate"."""
    kept = [w for w in words(text) if w not in STOP_WORDS and len(w) > 1]
    return " ".join(dict.fromkeys(kept))[:MAX_QUERY] or text[:MAX_QUERY]


def search_input(text: str, tool: dict) -> dict:
    """What the model sends its tool search: a pattern to the regex tool, words to BM25."""
    regex = "regex" in str(tool.get("type"))
    return {"pattern": pattern(text)} if regex else {"query": query(text)}
