"""Tool search as the API runs it: a regex or BM25 search over the deferred tools' own words.

Both variants search "tool names, descriptions, argument names, and argument descriptions" of
the request's tools with `defer_loading: true`, loaded already or not (docs: tool-search-tool):

    regex  `input.pattern`: Python's `re.search`, case-insensitive, at most 200 characters
    bm25   `input.query`: natural language, at most 500 characters, ranked by Okapi BM25
           (k1 1.2, b 0.75) over the same words, as chapter 13's own search ranks them
           (`runtime.tool_index`); a tool sharing no word with the query scores 0
    limit  `input.limit`, "an integer from 1 to 10,000", default 5: the best first

A search answers 200 in every case (`result`): the references it found, best first, or none
("not an error"), or a `tool_search_tool_result_error` with `invalid_tool_input` (a pattern that
does not compile or is too long, a query too long, a bad limit).

    result({"type": "server_tool_use", "id": "srvtoolu_1", "name": "tool_search_tool_regex",
            "input": {"pattern": "weather"}}, <the regex tool>, request)
    -> {"type": "tool_search_tool_result", "tool_use_id": "srvtoolu_1", "content": {"type":
        "tool_search_tool_search_result", "tool_references": [{"type": "tool_reference",
        "tool_name": "get_weather"}]}}

[U] the `error_message` texts (the docs show one: "Invalid regular expression pattern: missing
) at position 1"; the others say what the docs' limits say), and the API's tokenizer for BM25
(words of letters and digits, lower case; snake_case split into its words).

Not handled here: when the model searches and what it writes (`deferred`), tools that an MCP
server lists (the mock reaches no server), client toolsets' deferred members, the errors a
server under load returns (`unavailable`, `too_many_requests`, `execution_time_exceeded`).
"""

import re

from ...runtime.tool_index import bm25, words_of

MAX_PATTERN, MAX_QUERY, DEFAULT_LIMIT, MAX_LIMIT = 200, 500, 5, 10_000


def pool(request: dict) -> list[dict]:
    """The tools a search looks through: the request's own with `defer_loading: true`."""
    return [
        tool for tool in request.get("tools") or [] if isinstance(tool, dict)
        and tool.get("defer_loading") is True and isinstance(tool.get("name"), str)
    ]  # fmt: skip


def found(variant: str, search: dict, tools: list[dict]) -> list[str] | str:
    """The names a search finds, best first, or the error message of an invalid input."""
    limit = search.get("limit", DEFAULT_LIMIT)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_LIMIT:
        return f"limit must be an integer from 1 to {MAX_LIMIT}."
    texts = [words_of(tool) for tool in tools]
    if variant == "regex":
        pattern = search.get("pattern")
        if not isinstance(pattern, str) or len(pattern) > MAX_PATTERN:
            return f"pattern must be a string of at most {MAX_PATTERN} characters."
        try:
            compiled = re.compile(pattern, re.IGNORECASE)
        except re.error as problem:
            return f"Invalid regular expression pattern: {problem}"
        matched = [t["name"] for t, text in zip(tools, texts, strict=True) if compiled.search(text)]
        return matched[:limit]
    query = search.get("query")
    if not isinstance(query, str) or len(query) > MAX_QUERY:
        return f"query must be a string of at most {MAX_QUERY} characters."
    scored = zip(bm25(query, texts), range(len(tools)), tools, strict=False)
    ranked = sorted(((-score, i, tool) for score, i, tool in scored if score > 0))
    return [tool["name"] for _, _, tool in ranked[:limit]]


def result(call: dict, tool: dict | None, request: dict) -> dict:
    """The `tool_search_tool_result` for a search call; `tool` None: its tool is gone."""
    if tool is None:
        content: dict = {"type": "tool_search_tool_result_error", "error_code": "unavailable"}
    else:
        variant = "regex" if "regex" in str(tool.get("type")) else "bm25"
        search = call.get("input") if isinstance(call.get("input"), dict) else {}
        names = found(variant, search, pool(request))
        content = (
            {"type": "tool_search_tool_result_error", "error_code": "invalid_tool_input",
             "error_message": names} if isinstance(names, str)
            else {"type": "tool_search_tool_search_result", "tool_references": [
                {"type": "tool_reference", "tool_name": name} for name in names]}
        )  # fmt: skip
    return {"type": "tool_search_tool_result", "tool_use_id": call.get("id"), "content": content}


def loaded(block: dict) -> tuple[str, ...]:
    """The tool names a search result loads. Example: [ref "get_weather"] -> ("get_weather",)"""
    content = block.get("content") or {}
    return tuple(r["tool_name"] for r in content.get("tool_references") or [])
