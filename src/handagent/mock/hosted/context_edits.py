"""Beta `context_management`: the edits the server makes to what the model reads, reported back.

    clear_thinking_20251015   thinking blocks of all but the last `keep` assistant turns that
                              think are not read (`clearing`)
    clear_tool_uses_20250919  past `trigger`, the results of all but the last `keep` tool uses
                              read as a note, as the docs describe it (`clearing`)
    compact_20260112          past `trigger` (default 150,000), the reply opens with a
                              `compaction` block summing up the conversation (and stops there,
                              `stop_reason: "compaction"`, with `pause_after_compaction`); a later
                              request that sends the block back is read from it on

A beta `compaction` request (`compact-2026-09-04`: "the response holds only the resulting
`compaction` block (`stop_reason` `"compaction"`)", SDK) gets that block and nothing else.

The reply carries `context_management: {"applied_edits": [...]}` (an edit that cleared nothing
is not listed, as recorded: `[]`) and `usage.iterations` (a compaction's own, then the
message's). Input tokens are counted on what the model read.

    apply(request) -> Edited(view=<the request as the model reads it>, beta={...}, opening=[])

On count_tokens the edits are made too, and `context_management.original_input_tokens` says
what the prompt counted before them (docs: "Token counting"; `counted`).

Not handled here: the request's own blocks (the history is sent back as it was: only the view
changes), compaction instructions (the mock's summary is a list of what was asked).
"""

from dataclasses import dataclass, field

from ...api.shapes import blocks_of
from ...api.tokens import content_tokens, input_tokens
from ..model.phrases import language
from .clearing import clear_thinking, clear_tool_uses, number

COMPACT_TRIGGER = 150_000  # compact_20260112's default


@dataclass(frozen=True)
class Edited:
    view: dict  # the request as the model reads it
    beta: dict = field(default_factory=dict)  # replies.message's `beta`
    opening: list = field(default_factory=list)  # blocks the reply starts with (compaction)
    stop: bool = False  # pause_after_compaction: nothing after the compaction block


def apply(request: dict) -> Edited:
    """The edits of `request["context_management"]`, applied to what the model reads."""
    view = _from_compaction(request)
    if isinstance(request.get("compaction"), dict):  # a compaction request: the block alone
        summary = _summary(view)
        step = {"type": "compaction", **_counts(input_tokens(view), content_tokens(summary))}
        opening = [{"type": "compaction", "content": summary}]
        return Edited(view, {"counted": view, "iterations": [step]}, opening, stop=True)
    config = request.get("context_management")
    if not isinstance(config, dict):
        return Edited(view, {"counted": view} if view is not request else {})
    applied, opening, iterations, stop = [], [], [], False
    for edit in config.get("edits") or []:
        kind = edit["type"]
        if kind == "clear_thinking_20251015":
            view, report = clear_thinking(view, edit)
        elif kind == "clear_tool_uses_20250919":
            view, report = clear_tool_uses(view, edit)
        else:
            before = input_tokens(view)
            if before <= (number(edit.get("trigger"), COMPACT_TRIGGER) or 0):
                continue
            summary = _summary(view)
            opening = [{"type": "compaction", "content": summary}]
            iterations.append({"type": "compaction", **_counts(before, content_tokens(summary))})
            view = {**view, "messages": [_summed(summary), _last(view)]}
            stop, report = bool(edit.get("pause_after_compaction")), None
        if report:
            applied.append(report)
    beta = {"counted": view, "context_management": {"applied_edits": applied}}
    beta["iterations"] = iterations + ([{"type": "message"}] if iterations else [])
    return Edited(view, beta, opening, stop)


def _counts(input_count: int, output_count: int) -> dict:
    cache = {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0}
    return {"input_tokens": input_count, "output_tokens": output_count,
            "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
            "cache_creation": cache}  # fmt: skip


def _from_compaction(request: dict) -> dict:
    """The request read from its last compaction block on: what came before it is summed up."""
    messages = request.get("messages") or []
    for i in range(len(messages) - 1, -1, -1):
        found = [b for b in blocks_of(messages[i]) if b.get("type") == "compaction"]
        if found and found[-1].get("content"):
            rest = [b for b in blocks_of(messages[i]) if b.get("type") != "compaction"]
            after = ([{**messages[i], "content": rest}] if rest else []) + messages[i + 1 :]
            if not after:  # a turn paused at its compaction goes on: with the question it answers
                after = [m for m in messages[:i] if m.get("role") == "user" and _asks(m)][-1:]
            return {**request, "messages": [_summed(found[-1]["content"]), *after]}
    return request


def _summed(summary: str) -> dict:
    """The summary as the model reads it: what came before, not a question asked again."""
    return {"role": "assistant", "content": [{"type": "text", "text": summary}]}


def _asks(message: dict) -> bool:
    return any(b.get("type") == "text" and b.get("text", "").strip() for b in blocks_of(message))


def _summary(request: dict) -> str:
    """The mock's compaction: what the user asked, in order, each cut to 200 characters; in
    Chinese when the questions are (as the mock model answers them)."""
    asked = []
    for message in request.get("messages") or []:
        if message.get("role") == "user":
            text = " ".join(
                b.get("text", "") for b in blocks_of(message) if b.get("type") == "text"
            )
            if text.strip():
                asked.append(" ".join(text.split())[:200])
    if language(None, " ".join(asked)) == "zh":  # a Chinese conversation gets a Chinese summary
        listed = "；".join(f"“{a}”" for a in asked[-10:]) or "还没有"
        return f"到目前为止的对话摘要（模拟服务只列出问过什么）：{listed}。"
    listed = "; ".join(f'"{a}"' for a in asked[-10:]) or "nothing yet"
    return f"Summary of the conversation so far (the mock lists what was asked): {listed}."


def _last(request: dict) -> dict:
    messages = request.get("messages") or []
    return messages[-1] if messages else {"role": "user", "content": "Go on."}


def counted(request: dict) -> dict:
    """count_tokens' answer for a request with context edits (docs: context-editing).

    Example: (3 long results cleared to 1) -> {"input_tokens": 2100, "context_management":
    {"original_input_tokens": 6100}}
    """
    before, view = input_tokens(request), apply(request).view
    if not isinstance(request.get("context_management"), dict):
        return {"input_tokens": input_tokens(view)}
    return {"input_tokens": input_tokens(view),
            "context_management": {"original_input_tokens": before}}  # fmt: skip
