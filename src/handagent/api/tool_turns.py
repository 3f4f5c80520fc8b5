"""The rules of `messages` that read the tools: references to tools, and programmatic calls.

    tool_reference     every tool a `tool_reference` names (in a `tool_result`, a client's own
                       search; in a `tool_search_tool_result`, the server's) is defined in
                       `tools` (docs, tool-search-tool: "Tool reference 'unknown_tool' not
                       found in available tools")
    programmatic call  while the latest assistant turn's `tool_use` blocks came from code
                       execution (`caller.type: "code_execution_..."`), the request carries the
                       `container`, the answer holds `tool_result` blocks only, each of text

    check_tool_turns({"tools": [weather], "messages": [..., user(result [tool_reference
                      "get_rate"])]}) -> Rejection(400, ..., "Tool reference 'get_rate' not
                      found in available tools")

A tool an MCP server lists cannot be known here unless its toolset pins them (`tools`, beta
`mcp-client-2026-09-15`): a request with an unpinned toolset may reference any name [U]; so may
one with a client toolset, whose references name the toolset [U].

Wording: `tool_refusals`. Not handled here: what a reference loads (`mock.hosted.deferred`).
"""

from .rejections import invalid
from .shapes import blocks_of, turns
from .tool_names import TOOLSETS
from .tool_refusals import (
    PROGRAMMATIC_CONTAINER,
    PROGRAMMATIC_RESULTS_ONLY,
    PROGRAMMATIC_TEXT_ONLY,
    UNKNOWN_REFERENCE,
)


def check_tool_turns(body: dict) -> None:
    """Raise the API's 400 for a reference to no tool or a programmatic call answered wrong."""
    _check_references(body)
    _check_programmatic(body)


def referenced(block: dict) -> list[str]:
    """The tool names a block references. Example: tool_result [tool_reference "a"] -> ["a"]"""
    if block.get("type") == "tool_result" and isinstance(block.get("content"), list):
        found = [b for b in block["content"] if isinstance(b, dict)]
        return [str(b.get("tool_name")) for b in found if b.get("type") == "tool_reference"]
    content = block.get("content") if block.get("type") == "tool_search_tool_result" else None
    listed = content.get("tool_references") if isinstance(content, dict) else None
    return [str(r.get("tool_name")) for r in listed or [] if isinstance(r, dict)]


def available(body: dict) -> set[str] | None:
    """The names a reference may take, or None when any may (an unpinned MCP toolset)."""
    tools = [tool for tool in body.get("tools") or [] if isinstance(tool, dict)]
    names = {tool.get("name") for tool in tools}
    for tool in tools:
        kind = str(tool.get("type"))
        if kind == "mcp_toolset" and not isinstance(tool.get("tools"), list):
            return None
        if kind == "mcp_toolset":
            names |= {t.get("name") for t in tool["tools"] if isinstance(t, dict)}
        if kind in TOOLSETS:
            return None
    for message in body.get("messages") or []:
        for block in blocks_of(message):
            tool = block.get("tool") if block.get("type") == "tool_addition" else None
            definition = tool.get("definition") if isinstance(tool, dict) else None
            if isinstance(definition, dict):  # beta inline tools: a tool defined mid-way
                names.add(definition.get("name"))
    return names


def _check_references(body: dict) -> None:
    names = available(body)
    if names is None:
        return
    for message in body.get("messages") or []:
        for block in blocks_of(message):
            for name in referenced(block):
                if name not in names:
                    raise invalid(UNKNOWN_REFERENCE.format(name=name))


def _check_programmatic(body: dict) -> None:
    messages = body.get("messages") or []
    grouped = turns(messages)
    assistant = [n for n, turn in enumerate(grouped) if messages[turn[0]]["role"] == "assistant"]
    if not assistant or assistant[-1] + 1 >= len(grouped):
        return  # nothing sent back after the latest assistant turn
    calls = [b for i in grouped[assistant[-1]] for b in blocks_of(messages[i])]
    pending = {
        b.get("id") for b in calls if b.get("type") == "tool_use"
        and str((b.get("caller") or {}).get("type", "")).startswith("code_execution")
    }  # fmt: skip
    if not pending:
        return
    if not body.get("container"):
        raise invalid(PROGRAMMATIC_CONTAINER)
    answer = [b for i in grouped[assistant[-1] + 1] for b in blocks_of(messages[i])]
    if any(b.get("type") != "tool_result" for b in answer):
        raise invalid(PROGRAMMATIC_RESULTS_ONLY)
    for block in answer:
        content = block.get("content")
        if (
            block.get("tool_use_id") in pending
            and isinstance(content, list)
            and any(part.get("type") != "text" for part in content if isinstance(part, dict))
        ):
            raise invalid(PROGRAMMATIC_TEXT_ONLY)
