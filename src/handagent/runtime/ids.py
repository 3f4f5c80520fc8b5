"""Tool-call ids at the provider boundary: rewritten per request, never in the stored history.

Providers disagree on what an id may look like: Anthropic wants `^[a-zA-Z0-9_-]+$` and at most
64 characters, OpenAI Chat Completions at most 40, while some runtimes store ids of 450
characters with `|`, `+`, `/` and `=` (their own join of an OpenAI Responses call id and item
id; no provider mints those). A conversation that switches model mid-way must rewrite the old
ids before sending them, on a copy, for this one request:

    history (kept as is in the log)          sent to Anthropic
    ToolCall          id = "call_9f|fc_6b..."    "call_9f_fc_6b..._3b1f0a2c"
    ToolResultMessage tool_call_id = the same    the same rewrite

One table, built for this conversion, maps each original id, so a call and its result are
rewritten together or not at all. Valid ids are left alone; a rewritten id keeps the readable
start, gets `_` for each bad character and ends with a hash of the original, so two long ids
sharing a prefix, or `a|b` and `a+b`, stay distinct.

Not handled here: which messages need a rewrite at all (every id is checked, whatever model
produced it), providers with fixed-length ids (Mistral's 9 alphanumerics).
"""

import hashlib
import re
from dataclasses import dataclass, replace

from .protocol import AssistantMessage, Message, ToolCall, ToolResultMessage, tool_calls


@dataclass(frozen=True)
class IdRules:
    """What one provider accepts as a tool-call id: characters from `allowed`, 1..max_len."""

    max_len: int
    allowed: str = "a-zA-Z0-9_-"  # a regex character class, without the brackets

    @property
    def pattern(self) -> str:
        return f"^[{self.allowed}]{{1,{self.max_len}}}$"

    def accepts(self, tool_call_id: str) -> bool:
        return re.fullmatch(self.pattern, tool_call_id) is not None


ANTHROPIC = IdRules(max_len=64)
# OpenAI documents only the 40-character limit; the safe characters are kept because
# OpenAI-compatible servers differ, and every one of them accepts these.
OPENAI_CHAT = IdRules(max_len=40)

HASH_CHARS = 8  # 32 bits of the original's sha256: distinct originals stay distinct


def rewrite_id(original: str, rules: IdRules, attempt: int = 0) -> str:
    """A valid id for `rules` derived from any string; `attempt` > 0 only to dodge a clash.

    Example: "call_1|fc_2", ANTHROPIC -> "call_1_fc_2_" + 8 hex characters
    """
    cleaned = re.sub(f"[^{rules.allowed}]", "_", original)
    salted = original if attempt == 0 else f"{original}#{attempt}"
    digest = hashlib.sha256(salted.encode("utf-8", "surrogatepass")).hexdigest()[:HASH_CHARS]
    suffix = "_" + digest
    return cleaned[: rules.max_len - len(suffix)] + suffix


def id_table(messages: list[Message], rules: IdRules) -> dict[str, str]:
    """Map every id in the history to the id sent for it: itself when valid, else a rewrite.

    Example: ["toolu_01A", "x|y"] -> {"toolu_01A": "toolu_01A", "x|y": "x_y_" + 8 hex}
    """
    originals = []  # ordered and unique, so the same history gives the same table
    for message in messages:
        if isinstance(message, ToolResultMessage):
            originals.append(message.tool_call_id)
        originals.extend(call.id for call in tool_calls(message))
    originals = list(dict.fromkeys(originals))
    table = {original: original for original in originals if rules.accepts(original)}
    taken = set(table)
    for original in originals:
        if original in table:
            continue
        attempt = 0
        new = rewrite_id(original, rules)
        while new in taken:  # a clash with a valid id or another rewrite: astronomically rare
            attempt += 1
            new = rewrite_id(original, rules, attempt)
        table[original] = new
        taken.add(new)
    return table


def normalise_ids(messages: list[Message], rules: IdRules) -> list[Message]:
    """A copy of the history whose ids all satisfy `rules` and are unique; the input is unchanged.

    An id that comes back in a later turn (some servers reuse ids, or send none) gets a fresh
    rewrite there, and its results follow it: a result answers the latest call with its id. The
    Messages API only checks that ids are unique within one assistant message; stricter servers
    (the mock among them) check the whole request, and a log is easier to read without repeats.

    Example: [assistant(call "a|b"), result("a|b")] -> [assistant(call "a_b_<hash>"),
    result("a_b_<hash>")]
    """
    table = id_table(messages, rules)
    taken = set(table.values())
    latest: dict[str, str] = {}  # original id -> the id sent for its latest call
    out: list[Message] = []
    for message in messages:
        if isinstance(message, ToolResultMessage):
            sent = latest.get(message.tool_call_id, table[message.tool_call_id])
            message = replace(message, tool_call_id=sent)
        elif isinstance(message, AssistantMessage) and tool_calls(message):
            content = []
            for block in message.content:
                if isinstance(block, ToolCall):
                    sent = (
                        table[block.id]
                        if block.id not in latest
                        else _fresh(block.id, rules, taken)
                    )
                    latest[block.id] = sent
                    block = replace(block, id=sent)
                content.append(block)
            message = replace(message, content=tuple(content))
        out.append(message)
    return out


def _fresh(original: str, rules: IdRules, taken: set[str]) -> str:
    """A rewrite of `original` that no other call of this request uses yet."""
    attempt = 1
    while (new := rewrite_id(original, rules, attempt)) in taken:
        attempt += 1
    taken.add(new)
    return new
