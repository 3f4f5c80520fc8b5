"""A tool search of your own (chapter 13): a menu's tools ranked for a query, found by BM25.

A menu of a hundred tools costs its tokens on every request. With `defer_loading: true` on
most of them, the model sees only a search tool; it asks that tool for what it needs, and the
program answers with `tool_reference` blocks, each naming a tool the API then loads from the
request's own `tools` (docs: tool-search-tool, "custom tool search"):

    tool_result {"tool_use_id": ..., "content": [{"type": "tool_reference", "tool_name": "x"}]}

The ranking is Okapi BM25 (k1 1.2, b 0.75, Lucene's IDF, never negative) over what a search
reads of a tool: its name, description, argument names and argument descriptions, in words of
letters and digits, lower case, snake_case split into its words. A tool that shares no word with
the query scores 0 and is never returned. The mock's server-side BM25 search uses these same
functions (`mock.hosted.tool_search`).

    index = ToolIndex(menu); index.search("track my parcel") -> ["track_shipment", ...]
    index.answer(tool_use) -> the tool_result above, or an is_error one naming what was wrong

Not handled here: stemming and synonyms ("parcel" does not find "package"), embeddings (a search
that understands, at the price of a model: the docs' other custom search), the search tool's
place on the menu (`search_entry`: never deferred itself).
"""

import math
import re
from collections import Counter

K1, B = 1.2, 0.75
DEFAULT_LIMIT = 5  # as the API's own search: "up to 5 by default"
TOKEN = re.compile(r"[a-z0-9]+")
SEARCH_NAME = "search_tools"


def words_of(tool: dict) -> str:
    """What a search reads of a tool. Example: get_weather(city: "The city") -> "get_weather
    Get the weather. city The city" """
    parts = [str(tool.get("name", "")), str(tool.get("description", ""))]
    properties = (tool.get("input_schema") or {}).get("properties")
    for name, spec in (properties or {}).items() if isinstance(properties, dict) else ():
        parts += [name, str(spec.get("description", "")) if isinstance(spec, dict) else ""]
    return " ".join(part for part in parts if part)


def tokens(text: str) -> list[str]:
    """Example: "get_exchange_rate USD" -> ["get", "exchange", "rate", "usd"]"""
    return TOKEN.findall(text.lower())


def bm25(query: str, documents: list[str]) -> list[float]:
    """Each document's Okapi BM25 score for the query (Lucene's IDF, never negative).

    Example: ("rate", ["exchange rate", "weather"]) -> [0.98, 0.0]
    """
    docs = [tokens(d) for d in documents]
    average = sum(map(len, docs)) / len(docs) if docs else 0
    counts = [Counter(d) for d in docs]
    scores = []
    for doc, count in zip(docs, counts, strict=True):
        score = 0.0
        for term in set(tokens(query)):
            having = sum(1 for c in counts if term in c)
            if not count[term]:
                continue
            idf = math.log(1 + (len(docs) - having + 0.5) / (having + 0.5))
            saturation = count[term] + K1 * (1 - B + B * len(doc) / (average or 1))
            score += idf * count[term] * (K1 + 1) / saturation
        scores.append(score)
    return scores


def ranked(query: str, tools: list[dict], limit: int = DEFAULT_LIMIT) -> list[str]:
    """The names of the tools that share a word with the query, best first, at most `limit`;
    ties keep the menu's order. Example: ("exchange rate", [weather, rate]) -> ["rate"]"""
    scores = bm25(query, [words_of(tool) for tool in tools])
    order = sorted((-score, i) for i, score in enumerate(scores) if score > 0)
    return [tools[i]["name"] for _, i in order[:limit]]


def search_entry(name: str = SEARCH_NAME) -> dict:
    """The search tool's menu entry: a plain tool, never deferred (one tool must stay loaded)."""
    return {
        "name": name,
        "description": "Search the catalogue of tools by keywords and load the best matches. "
        "Use it whenever no tool you can see fits the task.",
        "input_schema": {
            "type": "object",
            "properties": {
                "query": {"type": "string", "description": "Keywords for the tool you need."}
            },
            "required": ["query"],
        },
    }


class ToolIndex:
    """The deferred tools of a menu, searchable. Example: ToolIndex(menu).search("refund")"""

    def __init__(self, menu: list[dict], limit: int = DEFAULT_LIMIT):
        self.tools = [t for t in menu if isinstance(t, dict) and t.get("defer_loading")]
        self.limit = limit

    def search(self, query: str) -> list[str]:
        return ranked(query, self.tools, self.limit)

    def answer(self, tool_use: dict) -> dict:
        """The tool_result for a call of the search tool: references, or an error to read.

        Example: {"id": "toolu_1", "input": {"query": "parcel tracking"}} -> {"type":
        "tool_result", "tool_use_id": "toolu_1", "content": [{"type": "tool_reference",
        "tool_name": "track_shipment"}]}
        """
        query = (tool_use.get("input") or {}).get("query")
        answer: dict = {"type": "tool_result", "tool_use_id": tool_use["id"]}
        if not isinstance(query, str) or not query.strip():
            return {**answer, "content": "query must be a non-empty string.", "is_error": True}
        found = self.search(query)
        if not found:  # no reference to give: words the model can act on instead
            return {**answer, "content": f"No tool matches {query!r}; try other words."}
        return {**answer, "content": [{"type": "tool_reference", "tool_name": n} for n in found]}
