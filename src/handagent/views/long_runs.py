"""What a long run's requests read, and what the API cleared or compacted, request by request.

The loop's messages keep what the model said, not what the server did to the prompt: context
editing reports its edits in the reply's `context_management.applied_edits`, compaction opens
the reply with a `compaction` block (docs: context-editing, compaction). `Ledger` is a sender's
`on_reply` (chapter 14: `sender(..., on_reply=ledger)`) and keeps, for each reply:

    request  input  cleared                               compacted  stop
          1  2,310                                                   tool_use
          7  31,950 4 tool uses (24,100 tokens)                      tool_use
          9  5,120                                         yes       compaction

`input` is every prompt token the model read (fresh, cache written and cache read). Shown in
Jupyter as an HTML table (the static rendering: plain tags), and as text anywhere else.

Not handled here: what was cleared, by name (the API reports counts only), streamed replies.
"""

from ..language import pick
from . import static


def _cleared(edits: list) -> str:
    """Example: [{"type": "clear_tool_uses_20250919", "cleared_tool_uses": 4,
    "cleared_input_tokens": 24100}] -> "4 tool uses (24,100 tokens)" """
    said = []
    for edit in edits or []:
        tokens = edit.get("cleared_input_tokens", 0)
        if edit.get("type", "").startswith("clear_tool_uses"):
            count = edit.get("cleared_tool_uses", 0)
            said.append(pick(f"{count} tool uses ({tokens:,} tokens)",
                             f"{count} 次工具调用（{tokens:,} token）"))  # fmt: skip
        elif edit.get("type", "").startswith("clear_thinking"):
            turns = edit.get("cleared_thinking_turns", 0)
            said.append(pick(f"thinking of {turns} turns ({tokens:,} tokens)",
                             f"{turns} 轮的思考（{tokens:,} token）"))  # fmt: skip
    return "; ".join(said)


class Ledger:
    """Each reply of a run as one row; call it with a reply's JSON (a sender's on_reply)."""

    def __init__(self) -> None:
        self.rows: list[tuple[int, int, str, bool, str]] = []

    def __call__(self, reply: dict) -> None:
        usage = reply.get("usage") or {}
        read = sum(usage.get(k) or 0 for k in ("input_tokens", "cache_read_input_tokens",
                                                "cache_creation_input_tokens"))  # fmt: skip
        edits = (reply.get("context_management") or {}).get("applied_edits")
        compacted = any(b.get("type") == "compaction" for b in reply.get("content") or [])
        row = (len(self.rows) + 1, read, _cleared(edits), compacted, reply.get("stop_reason"))
        self.rows.append(row)

    def _head(self) -> list[str]:
        return [pick("request", "请求"), pick("input", "输入"), pick("cleared", "清除"),
                pick("compacted", "压缩"), "stop_reason"]  # fmt: skip

    def _cells(self) -> list[list[str]]:
        yes = pick("yes", "是")
        return [[str(n), f"{read:,}", cleared, yes if compacted else "", str(stop)]
                for n, read, cleared, compacted, stop in self.rows]  # fmt: skip

    def __str__(self) -> str:
        table = [self._head(), *self._cells()]
        widths = [max(static.columns(row[i]) for row in table) for i in range(len(table[0]))]
        lines = []
        for row in table:
            cells = [" " * (widths[0] - static.columns(row[0])) + row[0],
                     " " * (widths[1] - static.columns(row[1])) + row[1],
                     *(c + " " * (w - static.columns(c)) for c, w in zip(row[2:], widths[2:],
                                                                         strict=True))]  # fmt: skip
            lines.append("  ".join(cells).rstrip())
        return "\n".join(lines)

    __repr__ = __str__

    def _repr_html_(self) -> str:
        rows = [[static.text(cell) for cell in row] for row in self._cells()]
        return static.table([static.text(h) for h in self._head()], rows, "handagent-ledger")
