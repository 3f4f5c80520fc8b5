"""Thinking the way current models do: thinking blocks before the reply, as the model decides.

A model that thinks by default (or a request that asks for thinking) starts a reply that needs
a tool or some reasoning with a `thinking` block; a short answer that needs neither skips it, as
adaptive thinking does ("a turn where Claude skips thinking contains no thinking block", §2.1).
At `display: "omitted"` the block's text is "" and only its signature comes back; at
`"summarized"` the text says, in the request's language, what the model is about to do (read
from the blocks the brain returned). On models with `progress_as_thinking` the brain's short
lead text before its tool calls ("Let me check that.") comes back as a thinking block too.
A forced tool_choice skips adaptive thinking ("the response starts with the tool call", §3).
Thinking tokens are the summary's tokens times the effort's depth: what the model would have
thought behind its summary, counted in `output_tokens` and toward `max_tokens` (`replies`).

Not handled here: signatures and what is checked when thinking comes back (`signatures`),
redacted_thinking (the mock never redacts), thinking inside server-tool loops.
"""

import json
import math
import re

from ...api import models
from ...api.tokens import factor, text_tokens
from ...blocks import content_blocks
from ...language import HAN

EFFORT_DEPTH = {"low": 1, "medium": 2, "high": 3, "xhigh": 4, "max": 5}  # thinking per summary
TRIVIAL_WORDS = 12  # a text-only reply this short, with no tool in sight, skips thinking
CALL_BLOCKS = (
    "tool_use",
    "server_tool_use",
)  # a call the model makes, the client's or the server's


def kind(request: dict, row: models.Model) -> str:
    """The thinking type in force: the request's, else the model's default.

    Example: Haiku 5.5, no `thinking` -> "adaptive";  Haiku 4.5, no `thinking` -> "disabled"
    """
    asked = (request.get("thinking") or {}).get("type")
    return asked or ("adaptive" if row.thinks_by_default else "disabled")


def how_it_thinks(request: dict, row: models.Model | None) -> dict | None:
    """How this request thinks, or None when it does not.

    Example: Haiku 5.5, no `thinking` -> {"kind": "adaptive", "display": "omitted", "effort":
    "medium", "progress": True, "budget": None}
    """
    if row is None:
        return None
    thinking = request.get("thinking") or {}
    mode = kind(request, row)
    forced = (request.get("tool_choice") or {}).get("type") in ("any", "tool")
    if mode == "disabled" or (forced and mode == "adaptive"):  # forced: "thinking is skipped"
        return None
    effort = (request.get("output_config") or {}).get("effort") or row.default_effort or "high"
    return {
        "kind": mode,
        "display": thinking.get("display") or row.default_display,
        "effort": effort,
        "progress": row.progress_as_thinking and mode in ("adaptive", "between_tools"),
        "budget": thinking.get("budget_tokens"),
    }


def _latest_user(request: dict) -> list[dict]:
    messages = [m for m in request.get("messages") or [] if m.get("role") != "system"]
    if not messages or messages[-1].get("role") != "user":
        return []
    return content_blocks(messages[-1].get("content"))


def _question(request: dict) -> str:
    for message in reversed(request.get("messages") or []):
        content = message.get("content") or ""
        text = (
            content
            if isinstance(content, str)
            else " ".join(
                b.get("text", "")
                for b in content
                if isinstance(b, dict) and b.get("type") == "text"
            )
        )
        if message.get("role") == "user" and text.strip():
            return " ".join(text.split())
    return ""


def _ends_a_sentence(text: str) -> bool:
    """Whether a quoted question ends its own sentence ("现在几点了？" -> True): then no 。 follows
    the quote, and the zh thoughts put a word in its place, so a thought keeps its tokens."""
    return text.rstrip().endswith(tuple("。！？!?"))


def summary(request: dict, blocks: list[dict]) -> str:
    """What the model is about to do, in the request's language.

    Example: "Weather in Paris?", [tool_use get_weather {"city": "Paris"}] -> 'The user asks:
    "Weather in Paris?". I will call get_weather with {"city": "Paris"}.'
    """
    question = _question(request)
    zh = bool(re.search(r"[\u4e00-\u9fff]", question))
    short = question if len(question) <= 80 else question[:79] + "…"
    calls = [b for b in blocks if b.get("type") in CALL_BLOCKS]
    if calls:
        said = [f"{c['name']} {json.dumps(c.get('input', {}), ensure_ascii=False)}" for c in calls]
        if zh:
            then = "我需要调用" if _ends_a_sentence(short) else "。我来调用"
            return f"用户问：“{short}”{then} " + "、".join(said) + "。"
        listed = ", then ".join(s.replace(" ", " with ", 1) for s in said)
        return f'The user asks: "{short}". I will call {listed}.'
    answered = [b for b in _latest_user(request) if b.get("type") == "tool_result"]
    if answered:
        if zh:
            if _ends_a_sentence(short):
                return f"{len(answered)} 个工具结果已经返回，我根据结果来回答：“{short}”"
            return f"{len(answered)} 个工具结果已经返回，我根据结果回答：“{short}”。"
        return f'{len(answered)} tool result(s) came back; I will answer "{short}" from them.'
    if zh:
        if _ends_a_sentence(short):
            return f"用户问：“{short}”这个我可以直接回答，不需要用工具。"
        return f"用户问：“{short}”。这个我可以直接回答，不需要工具。"
    return f'The user asks: "{short}". I can answer this directly, without a tool.'


def _trivial(request: dict, blocks: list[dict]) -> bool:
    """A short text reply with no tool called or answered: adaptive thinking skips it."""
    if any(b["type"] != "text" for b in blocks) or any(
        b.get("type") == "tool_result" for b in _latest_user(request)
    ):
        return False
    return sum(word_count(b["text"]) for b in blocks) <= TRIVIAL_WORDS


def word_count(text: str) -> int:
    """Words of a reply, Chinese included (it has no spaces): three characters count as two.

    Example: "Your name is Ada." -> 4;  "你好！有什么可以帮你的？" -> 7 (ten characters)
    """
    chinese = len(HAN.findall(text))
    spaced = [word for word in HAN.sub(" ", text).split() if re.search(r"\w", word)]
    return len(spaced) + math.ceil(chinese * 2 / 3)


def around(request: dict, blocks: list[dict], row: models.Model | None) -> list[dict]:
    """The reply's blocks with its thinking, unsigned; each thinking block carries `_tokens`.

    Example: Haiku 5.5, [text "Let me check that.", tool_use get_time] -> [thinking (the plan),
    thinking "Let me check that.", tool_use get_time]
    """
    how = how_it_thinks(request, row)
    if how is None:
        return [_scripted(block, {"display": "summarized"}) for block in blocks]
    # the text before a call, or between two, is the model's progress note
    last_call = max((i for i, b in enumerate(blocks) if b["type"] in CALL_BLOCKS), default=None)
    out = []
    if how["kind"] == "enabled" or (how["kind"] == "adaptive" and not _trivial(request, blocks)):
        plan = summary(request, blocks)
        tokens = math.ceil(text_tokens(plan) * factor(row.id)) * EFFORT_DEPTH[how["effort"]]
        if how["budget"]:
            tokens = min(tokens, how["budget"])
        out.append({"type": "thinking", "thinking": plan, "_tokens": tokens, "_shown": how})
    for index, block in enumerate(blocks):
        if (
            how["progress"]
            and last_call is not None
            and index < last_call
            and (block["type"] == "text")
        ):
            tokens = math.ceil(text_tokens(block["text"]) * factor(row.id))
            shown = {**how, "display": "summarized"} if how["kind"] == "between_tools" else how
            block = {
                "type": "thinking",
                "thinking": block["text"],
                "_tokens": tokens,
                "_shown": shown,
            }
        out.append(_scripted(block, how))
    return out


def _scripted(block: dict, how: dict) -> dict:
    """A thinking block a test scripted: counted like text, shown as the request says."""
    if block["type"] != "thinking" or "_tokens" in block:
        return block
    thought = block.get("thinking", "")
    return {"type": "thinking", "thinking": thought, "_tokens": text_tokens(thought), "_shown": how}


def finish(block: dict) -> dict:
    """A thinking block as the reply shows it: its text gone at display "omitted"."""
    shown = block.pop("_shown", {})
    block.pop("_tokens", None)
    if shown.get("display") == "omitted":
        block["thinking"] = ""
    return block
