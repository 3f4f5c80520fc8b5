"""What each request of a comparison cost, one row per request (chapter 13: a menu's price).

A large menu is paid for on every request, and caching or deferring it changes the bill. The
numbers are the reply's own `usage`, priced at list prices by the meter's rules
(`cost.call_from_usage`, `cost.dollars`): what was read fresh, written to the cache, read from
it, and the price of the request and of a thousand like it.

    costs = Costs()
    costs.add("106 tools, no cache", reply)      # an SDK Message, or a reply's JSON as a dict
    costs                                         # in Jupyter: an HTML table; print(): text

    what was sent          input  cache write  cache read  per request  per 1,000
    106 tools, no cache    11,921            0           0     $0.0012     $1.19

The HTML is the static rendering (plain tags, no script), so GitHub and the book show what the
cell computed; the text is the same table for a terminal.

Not handled here: output tokens beyond their price (they are in the price), server tools' fees,
choosing what to compare (the chapter's cells do).
"""

from ..cost import call_from_usage, dollars
from ..language import pick
from . import static


def _usage(reply: object) -> tuple[str, dict]:
    """A reply's model and usage as dicts. Example: Message(model="m", usage=Usage(...)) ->
    ("m", {"input_tokens": 12, ...})"""
    if isinstance(reply, dict):
        return reply.get("model", ""), reply.get("usage") or {}
    return reply.model, reply.usage.model_dump()


class Costs:
    """Rows of (what was sent, its usage and price); shown as a table."""

    def __init__(self) -> None:
        self.rows: list[tuple[str, int, int, int, float]] = []

    def add(self, label: str, reply: object) -> "Costs":
        model, usage = _usage(reply)
        call = call_from_usage(model, usage)
        price = dollars(call) or 0.0
        written = call.cache_write_5m_tokens + call.cache_write_1h_tokens
        self.rows.append((label, call.input_tokens, written, call.cache_read_tokens, price))
        return self

    def _head(self) -> list[str]:
        return [pick("what was sent", "发送的内容"), pick("input", "输入"),
                pick("cache write", "写入缓存"), pick("cache read", "读取缓存"),
                pick("per request", "每次请求"), pick("per 1,000", "每 1000 次")]  # fmt: skip

    def _cells(self) -> list[list[str]]:
        return [
            [label, f"{fresh:,}", f"{written:,}", f"{read:,}", f"${cost:.4f}", f"${cost * 1e3:.2f}"]
            for label, fresh, written, read, cost in self.rows
        ]

    def __str__(self) -> str:
        table = [self._head(), *self._cells()]
        widths = [max(static.columns(row[i]) for row in table) for i in range(len(table[0]))]

        def line(row: list[str]) -> str:
            first = row[0] + " " * (widths[0] - static.columns(row[0]))
            rest = [
                " " * (w - static.columns(c)) + c for c, w in zip(row[1:], widths[1:], strict=True)
            ]
            return "  ".join([first, *rest]).rstrip()

        return "\n".join(line(row) for row in table)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows = [[static.text(cell) for cell in row] for row in self._cells()]
        return static.table([static.text(h) for h in self._head()], rows, "handagent-costs")
