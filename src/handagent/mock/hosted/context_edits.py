"""Beta `context_management`: the edits the server makes to what the model reads, reported back.

    clear_thinking_20251015   thinking blocks of all but the last `keep` assistant turns
                              (default 1; "all" keeps them) are not read
    clear_tool_uses_20250919  past `trigger` input tokens (default 100,000), the results of all
                              but the last `keep` tool uses (default 3) are replaced by a note,
                              `exclude_tools` spared; `clear_tool_inputs` clears their inputs too
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

Not handled here: the request's own blocks (the history is sent back as it was: only the view
changes), `clear_at_least` beyond a yes or no, compaction instructions (the mock's summary is a
list of what was asked).
"""

from dataclasses import dataclass, field

from ...api.shapes import blocks_of
from ...api.tokens import content_tokens, input_tokens

CLEARED = "[cleared by context management]"
DEFAULT_TRIGGER = {"clear_tool_uses_20250919": 100_000, "compact_20260112": 150_000}
DEFAULT_KEEP = {"clear_tool_uses_20250919": 3, "clear_thinking_20251015": 1}


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
            view, report = _clear_thinking(view, edit)
        elif kind == "clear_tool_uses_20250919":
            view, report = _clear_tool_uses(view, edit)
        else:
            before = input_tokens(view)
            if before < _value(edit.get("trigger"), DEFAULT_TRIGGER[kind]):
                continue
            summary = _summary(view)
            opening = [{"type": "compaction", "content": summary}]
            iterations.append({"type": "compaction", **_counts(before, content_tokens(summary))})
            view = {**view, "messages": [{"role": "user", "content": summary}, _last(view)]}
            stop, report = bool(edit.get("pause_after_compaction")), None
        if report:
            applied.append(report)
    beta = {"counted": view, "context_management": {"applied_edits": applied}}
    beta["iterations"] = iterations + ([{"type": "message"}] if iterations else [])
    return Edited(view, beta, opening, stop)


def _value(spec: object, default: int) -> int:
    """A trigger's or keep's number. Example: ({"type": "input_tokens", "value": 5}, 9) -> 5"""
    value = spec.get("value") if isinstance(spec, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def _counts(input_count: int, output_count: int) -> dict:
    cache = {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0}
    return {"input_tokens": input_count, "output_tokens": output_count,
            "cache_creation_input_tokens": 0, "cache_read_input_tokens": 0,
            "cache_creation": cache}  # fmt: skip


def _clear_thinking(request: dict, edit: dict) -> tuple[dict, dict | None]:
    keep = edit.get("keep", {"value": DEFAULT_KEEP["clear_thinking_20251015"]})
    if keep == "all" or (isinstance(keep, dict) and keep.get("type") == "all"):
        return request, None
    messages = request.get("messages") or []
    turns = [i for i, m in enumerate(messages) if m.get("role") == "assistant"]
    older = set(turns[: max(0, len(turns) - _value(keep, 1))])
    cleared, tokens, edited = 0, 0, []
    for i, message in enumerate(messages):
        thinking = [
            b for b in blocks_of(message) if b.get("type") in ("thinking", "redacted_thinking")
        ]
        if i in older and thinking:
            cleared, tokens = cleared + 1, tokens + content_tokens(thinking)
            message = {**message, "content": [b for b in blocks_of(message) if b not in thinking]}
        edited.append(message)
    if not cleared:
        return request, None
    report = {"type": "clear_thinking_20251015", "cleared_thinking_turns": cleared,
              "cleared_input_tokens": tokens}  # fmt: skip
    return {**request, "messages": edited}, report


def _clear_tool_uses(request: dict, edit: dict) -> tuple[dict, dict | None]:
    if input_tokens(request) < _value(edit.get("trigger"), DEFAULT_TRIGGER[edit["type"]]):
        return request, None
    messages = request.get("messages") or []
    calls = [
        (i, b) for i, m in enumerate(messages) for b in blocks_of(m) if b.get("type") == "tool_use"
    ]
    spared = set(t for t in edit.get("exclude_tools") or [] if isinstance(t, str)) if isinstance(
        edit.get("exclude_tools"), list) else set()  # fmt: skip
    keep = _value(edit.get("keep"), DEFAULT_KEEP[edit["type"]])
    old = {b["id"]: b for _, b in calls[: max(0, len(calls) - keep)] if b["name"] not in spared}
    inputs = edit.get("clear_tool_inputs")
    cleared, tokens, edited = set(), 0, []
    for message in messages:
        blocks = []
        for block in blocks_of(message):
            if block.get("type") == "tool_result" and block.get("tool_use_id") in old:
                tokens += content_tokens([block]) - content_tokens(CLEARED)
                cleared.add(block["tool_use_id"])
                block = {**block, "content": CLEARED}
            elif (
                block.get("type") == "tool_use"
                and block.get("id") in old
                and (inputs is True or (isinstance(inputs, list) and block["name"] in inputs))
            ):
                tokens += content_tokens([block])
                block = {**block, "input": {}}
            blocks.append(block)
        edited.append({**message, "content": blocks})
    at_least = _value(edit.get("clear_at_least"), 0)
    if not cleared or tokens < at_least:
        return request, None
    report = {"type": "clear_tool_uses_20250919", "cleared_tool_uses": len(cleared),
              "cleared_input_tokens": max(0, tokens)}  # fmt: skip
    return {**request, "messages": edited}, report


def _from_compaction(request: dict) -> dict:
    """The request read from its last compaction block on: what came before it is summed up."""
    messages = request.get("messages") or []
    for i in range(len(messages) - 1, -1, -1):
        found = [b for b in blocks_of(messages[i]) if b.get("type") == "compaction"]
        if found and found[-1].get("content"):
            summary = {"role": "user", "content": found[-1]["content"]}
            rest = [b for b in blocks_of(messages[i]) if b.get("type") != "compaction"]
            after = ([{**messages[i], "content": rest}] if rest else []) + messages[i + 1 :]
            return {**request, "messages": [summary, *after]}
    return request


def _summary(request: dict) -> str:
    """The mock's compaction: what the user asked, in order, each cut to 200 characters."""
    asked = []
    for message in request.get("messages") or []:
        if message.get("role") == "user":
            text = " ".join(
                b.get("text", "") for b in blocks_of(message) if b.get("type") == "text"
            )
            if text.strip():
                asked.append(" ".join(text.split())[:200])
    listed = "; ".join(f'"{a}"' for a in asked[-10:]) or "nothing yet"
    return f"Summary of the conversation so far (the mock lists what was asked): {listed}."


def _last(request: dict) -> dict:
    messages = request.get("messages") or []
    return messages[-1] if messages else {"role": "user", "content": "Go on."}
