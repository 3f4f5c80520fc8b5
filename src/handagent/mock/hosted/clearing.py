"""Context editing's two clearing strategies, as the docs describe them (docs: context-editing).

    clear_thinking_20251015   keeps the thinking of the last `keep` assistant turns that have
                              any ({"type": "thinking_turns", "value": N}, or "all"); by default
                              the model's own ("Opus 4.5 and later ... all turns", "all Haiku:
                              last turn only": `Model.keeps_thinking`)
    clear_tool_uses_20250919  once the prompt exceeds `trigger` (100,000 input tokens, or a
                              number of tool uses), "clears the oldest tool results in
                              chronological order" but the last `keep` tool uses (3), never
                              those of `exclude_tools`; `clear_tool_inputs` (true, or a list of
                              tool names) clears the calls' inputs too; a clearing that frees
                              fewer than `clear_at_least` input tokens "will not be applied"

Tool uses are the client's (`tool_use` and its `tool_result`) and the server's
(`server_tool_use` and its result block): the docs' own example keeps `web_search` with
`exclude_tools`. A cleared result reads as CLEARED [U: the API's placeholder text is not
published]; a cleared server result as an empty list.

    clear_tool_uses(request, {"type": "clear_tool_uses_20250919", "trigger": {"type":
                    "input_tokens", "value": 1}, "keep": {"type": "tool_uses", "value": 1}})
    -> (<the request, all but the last result cleared>, {"type": "clear_tool_uses_20250919",
        "cleared_tool_uses": 2, "cleared_input_tokens": 2004})

Each returns the edited request and the report the reply lists in `applied_edits`, or the
request unchanged and None when nothing was cleared. Not handled here: compaction, the reply
(`context_edits`), the memory tool's warning before a clearing (the model's business).
"""

from ...api import models
from ...api.history import THINKING_BLOCKS
from ...api.shapes import blocks_of, turns
from ...api.tokens import content_tokens, input_tokens
from .results import SERVER_CALLS

CLEARED = "[cleared by context management]"
TRIGGER, KEEP = 100_000, 3  # clear_tool_uses_20250919's defaults


def number(spec: object, default: int | None) -> int | None:
    """A trigger's, keep's or clear_at_least's value. Example: ({"value": 5}, 9) -> 5"""
    value = spec.get("value") if isinstance(spec, dict) else None
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def clear_thinking(request: dict, edit: dict) -> tuple[dict, dict | None]:
    row = models.find(request.get("model"))
    keep = edit.get("keep", "all" if row is None or row.keeps_thinking else {"value": 1})
    if keep == "all" or (isinstance(keep, dict) and keep.get("type") == "all"):
        return request, None
    messages = request.get("messages") or []
    thinking = [
        turn for turn in turns(messages) if messages[turn[0]].get("role") == "assistant"
        and any(b.get("type") in THINKING_BLOCKS for i in turn for b in blocks_of(messages[i]))
    ]  # fmt: skip
    older = {i for turn in thinking[: max(0, len(thinking) - (number(keep, 1) or 1))] for i in turn}
    if not older:
        return request, None
    edited, tokens = [], 0
    for i, message in enumerate(messages):
        if i in older:
            dropped = [b for b in blocks_of(message) if b.get("type") in THINKING_BLOCKS]
            tokens += content_tokens(dropped)
            message = {**message, "content": [b for b in blocks_of(message) if b not in dropped]}
        edited.append(message)
    report = {"type": "clear_thinking_20251015", "cleared_input_tokens": tokens,
              "cleared_thinking_turns": len([t for t in thinking if t[0] in older])}  # fmt: skip
    return {**request, "messages": edited}, report


def _uses(messages: list[dict]) -> list[dict]:
    """The tool uses of a conversation, oldest first: client calls and server calls."""
    kinds = ("tool_use", *SERVER_CALLS)
    return [b for m in messages for b in blocks_of(m) if b.get("type") in kinds]


def clear_tool_uses(request: dict, edit: dict) -> tuple[dict, dict | None]:
    messages = request.get("messages") or []
    uses = _uses(messages)
    trigger = edit.get("trigger") if isinstance(edit.get("trigger"), dict) else {}
    if trigger.get("type") == "tool_uses":
        if len(uses) <= (number(trigger, 0) or 0):
            return request, None
    elif input_tokens(request) <= (number(trigger, TRIGGER) or 0):
        return request, None
    spared = edit.get("exclude_tools") if isinstance(edit.get("exclude_tools"), list) else []
    keep = max(0, number(edit.get("keep"), KEEP) or 0)
    old = {b.get("id"): b for b in uses[: max(0, len(uses) - keep)] if b.get("name") not in spared}
    inputs = edit.get("clear_tool_inputs")
    cleared, tokens, edited = set(), 0, []
    for message in messages:
        blocks = []
        for block in blocks_of(message):
            answered = block.get("tool_use_id") if "tool_use_id" in block else None
            if answered in old:
                empty = CLEARED if block.get("type") == "tool_result" else []
                tokens += content_tokens([block]) - content_tokens([{**block, "content": empty}])
                cleared.add(answered)
                block = {**block, "content": empty}
            elif block.get("id") in old and (
                inputs is True or (isinstance(inputs, list) and block.get("name") in inputs)
            ):
                tokens += content_tokens([block]) - content_tokens([{**block, "input": {}}])
                block = {**block, "input": {}}
            blocks.append(block)
        edited.append({**message, "content": blocks})
    if not cleared or tokens < (number(edit.get("clear_at_least"), 0) or 0):
        return request, None
    report = {"type": "clear_tool_uses_20250919", "cleared_tool_uses": len(cleared),
              "cleared_input_tokens": max(0, tokens)}  # fmt: skip
    return {**request, "messages": edited}, report
