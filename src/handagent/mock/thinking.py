"""Thinking the way current models do: thinking blocks before the reply, and their signatures.

A model that thinks by default (or a request that asks for thinking) starts a reply that needs
a tool or some reasoning with a `thinking` block; a short answer that needs neither skips it, as
adaptive thinking does ("a turn where Claude skips thinking contains no thinking block", §2.1).
At `display: "omitted"` the block's text is "" and only its signature comes back; at
`"summarized"` the text says, in the request's language, what the model is about to do (read
from the blocks the brain returned). On models with `progress_as_thinking` the brain's short
lead text before its tool calls ("Let me check that.") comes back as a thinking block too.

Signatures are real: a keyed hash (HMAC-SHA256, key fixed below, so outputs are stable) of the
model, the block's text, the blocks before it in its message, and the conversation before that
message (system, tools, earlier messages), each part hashed on its own, plus a hash of the whole.
So `verify` can tell which part of a block sent back differs, and answer with the API's words
(§2.4, wording in `rejections`):

    latest assistant message  every block checked; edited, re-signed or moved: "cannot be
                              modified"; on a model that binds thinking to its conversation
                              (`binds_thinking`), a changed prefix: "bound to a different
                              conversation", naming what changed
    earlier assistant turns   checked only on those binding models (§2.5: enforced by default
                              for accounts created from 2026-08-31, as a learner's new key is)
    another model's block     dropped without an error, unless the catalogue's
                              `reads_thinking_of` says this model reads it (§2.5)

A tool_use id the mock minted carries two characters of hash that say whether its turn started
with thinking, so a history whose thinking blocks were stripped is told apart from a turn that
never thought ("a final assistant message must start with a thinking block").

Not handled here: redacted_thinking (the mock never redacts; one sent back is checked like a
thinking block, its `data` as the signature), beta `block_binding` settings, thinking within
the tool-use turns of server tools.
"""

import base64
import hashlib
import hmac
import json
import math
import re

from .. import models
from ..history_checks import THINKING_BLOCKS
from ..rejections import (
    BOUND_ELSEWHERE,
    BOUND_WHY,
    INVALID_SIGNATURE,
    MODIFIED,
    MUST_START_WITH_THINKING,
    invalid,
)
from ..tokens import factor, text_tokens

KEY = b"handagent mock thinking: a fixed key, so the same request gets the same signature"
VERSION = 1
# signature bytes: integrity | (masked) version, model, text, preceding blocks, system, tools,
# messages
PARTS = (("version", 1), ("model", 4), ("text", 8), ("preceding", 6), ("system", 5),
         ("tools", 5), ("messages", 7))  # fmt: skip
INTEGRITY = 12  # 36 + 12 bytes: 64 base64 characters, no padding, every character counts
EFFORT_DEPTH = {"low": 1, "medium": 2, "high": 3, "xhigh": 4, "max": 5}  # thinking per summary
TRIVIAL_WORDS = 12  # a text-only reply this short, with no tool in sight, skips thinking
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_BY_TAG = {hashlib.sha256(m.id.encode()).digest()[:4]: m.id for m in models.MODELS}


def _mac(*parts: object) -> bytes:
    raw = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hmac.new(KEY, raw.encode(), hashlib.sha256).digest()


# --- what the model thinks ----------------------------------------------------------------------


def kind(request: dict, row: models.Model) -> str:
    """The thinking type in force: the request's, else the model's default.

    Example: Haiku 5.5, no `thinking` -> "adaptive";  Haiku 4.5, no `thinking` -> "disabled"
    """
    asked = (request.get("thinking") or {}).get("type")
    return asked or ("adaptive" if row.thinks_by_default else "disabled")


def settings(request: dict, row: models.Model | None) -> dict | None:
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
    content = messages[-1].get("content") or []
    return [{"type": "text", "text": content}] if isinstance(content, str) else content


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


def summary(request: dict, blocks: list[dict]) -> str:
    """What the model is about to do, in the request's language.

    Example: "Weather in Paris?", [tool_use get_weather {"city": "Paris"}] -> 'The user asks:
    "Weather in Paris?". I will call get_weather with {"city": "Paris"}.'
    """
    question = _question(request)
    zh = bool(re.search(r"[\u4e00-\u9fff]", question))
    short = question if len(question) <= 80 else question[:79] + "…"
    calls = [b for b in blocks if b.get("type") == "tool_use"]
    if calls:
        said = [f"{c['name']} {json.dumps(c.get('input', {}), ensure_ascii=False)}" for c in calls]
        if zh:
            return f"用户问：“{short}”。我来调用 " + "、".join(said) + "。"
        listed = ", then ".join(s.replace(" ", " with ", 1) for s in said)
        return f'The user asks: "{short}". I will call {listed}.'
    answered = [b for b in _latest_user(request) if b.get("type") == "tool_result"]
    if answered:
        if zh:
            return f"{len(answered)} 个工具结果已经返回，我根据结果回答：“{short}”。"
        return f'{len(answered)} tool result(s) came back; I will answer "{short}" from them.'
    if zh:
        return f"用户问：“{short}”。这个我可以直接回答，不需要工具。"
    return f'The user asks: "{short}". I can answer this directly, without a tool.'


def _trivial(request: dict, blocks: list[dict]) -> bool:
    """A short text reply with no tool called or answered: adaptive thinking skips it."""
    if any(b["type"] != "text" for b in blocks) or any(
        b.get("type") == "tool_result" for b in _latest_user(request)
    ):
        return False
    return sum(len(b["text"].split()) for b in blocks) <= TRIVIAL_WORDS


def around(request: dict, blocks: list[dict], row: models.Model | None) -> list[dict]:
    """The reply's blocks with its thinking, unsigned; each thinking block carries `_tokens`.

    Example: Haiku 5.5, [text "Let me check that.", tool_use get_time] -> [thinking (the plan),
    thinking "Let me check that.", tool_use get_time]
    """
    how = settings(request, row)
    if how is None:
        return [_scripted(block, {"display": "summarized"}) for block in blocks]
    first_call = next((i for i, b in enumerate(blocks) if b["type"] == "tool_use"), None)
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
            and first_call is not None
            and index < first_call
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


# --- signatures ---------------------------------------------------------------------------------


def _canonical(value: object) -> object:
    """Blocks as the model read them: no cache_control, no nulls, strings as text blocks."""
    if isinstance(value, dict):
        if "role" in value and isinstance(value.get("content"), str):
            value = {**value, "content": [{"type": "text", "text": value["content"]}]}
        return {
            k: _canonical(v) for k, v in value.items() if k != "cache_control" and v is not None
        }
    if isinstance(value, list):
        return [_canonical(v) for v in value]
    return value


def _system(request: dict) -> object:
    system = request.get("system") or []
    return _canonical([{"type": "text", "text": system}] if isinstance(system, str) else system)


def _prefix_parts(request: dict, index: int, before: list[dict], model_id: str) -> dict:
    """The hashed parts of a block at `messages[index]`, after the blocks `before` it."""
    return {
        "model": hashlib.sha256(model_id.encode()).digest(),
        "preceding": _mac("preceding", model_id, _canonical(before)),
        "system": _mac("system", model_id, _system(request)),
        "tools": _mac("tools", model_id, _canonical(request.get("tools") or [])),
        "messages": _mac("messages", model_id, _canonical(request["messages"][:index])),
    }


def sign(request: dict, index: int, before: list[dict], block: dict, model_id: str) -> str:
    """The signature of a thinking block that will sit at `messages[index]` after `before`."""
    parts = _prefix_parts(request, index, before, model_id)
    parts["version"] = bytes([VERSION])
    parts["text"] = _mac("text", model_id, block["type"], block.get("thinking", ""))
    payload = b"".join(parts[name][:size] for name, size in PARTS)
    check = _mac("integrity", payload.hex())[:INTEGRITY]
    return base64.b64encode(check + _masked(payload, check)).decode()


def _masked(payload: bytes, check: bytes) -> bytes:
    """The payload XOR a keystream of its check: opaque on the wire, as a real signature is."""
    stream = hmac.new(KEY, b"mask" + check, hashlib.sha512).digest()  # 64 bytes: enough
    return bytes(a ^ b for a, b in zip(payload, stream, strict=False))


def _parse(signature: object) -> dict | None:
    """The parts of a signature the mock made, or None for any other text."""
    if not isinstance(signature, str) or not re.fullmatch(r"[A-Za-z0-9+/]{64}", signature):
        return None
    raw = base64.b64decode(signature)
    check = raw[:INTEGRITY]
    payload = _masked(raw[INTEGRITY:], check)
    if payload[0] != VERSION or not hmac.compare_digest(
        _mac("integrity", payload.hex())[:INTEGRITY], check
    ):
        return None
    parts, at = {}, 0
    for name, size in PARTS:
        parts[name], at = payload[at : at + size], at + size
    parts["model"] = _BY_TAG.get(parts["model"])
    return parts if parts["model"] else None


def _difference(request: dict, index: int, position: int, parts: dict | None) -> str | None:
    """What differs for the block at messages[index].content[position]; None: nothing."""
    content = request["messages"][index]["content"]
    block = content[position]
    if parts is None:
        return "modified"
    model_id = parts["model"]
    text = block.get("thinking", "") if block["type"] == "thinking" else ""
    if parts["text"] != _mac("text", model_id, block["type"], text)[:8]:
        return "modified"
    now = _prefix_parts(request, index, content[:position], model_id)
    for name in ("preceding", "system", "tools", "messages"):
        if parts[name] != now[name][: dict(PARTS)[name]]:
            return name
    return None


def verify(request: dict, row: models.Model) -> dict:
    """Raise the API's 400 for a thinking block sent back changed; return the request the model
    reads (blocks of models it cannot read dropped, as the API drops them)."""
    messages = request["messages"]
    assistants = [i for i, m in enumerate(messages) if m.get("role") == "assistant"]
    latest = assistants[-1] if assistants else None
    kept_messages = list(messages)
    for i in assistants:
        content = messages[i]["content"]
        if not isinstance(content, list):
            continue
        kept = []
        for j, block in enumerate(content):
            if block.get("type") not in THINKING_BLOCKS:
                kept.append(block)
                continue
            parts = _parse(block.get("signature") if block["type"] == "thinking" else block["data"])
            if parts and parts["model"] != row.id and parts["model"] not in row.reads_thinking_of:
                continue  # another model's block: dropped without an error (§2.5)
            kept.append(block)
            if i == latest or row.binds_thinking:
                _refuse(_difference(request, i, j, parts), i, j, latest=i == latest, row=row)
        kept_messages[i] = {**messages[i], "content": kept}
    if latest is not None and settings(request, row) is not None:
        _check_not_stripped(messages[latest], latest, row)
    return {**request, "messages": kept_messages}


def _refuse(difference: str | None, i: int, j: int, *, latest: bool, row: models.Model) -> None:
    if difference is None:
        return
    where = f"messages.{i}.content.{j}: "
    if latest and difference in ("modified", "preceding"):  # edited, re-signed, moved
        raise invalid(where + MODIFIED)
    if difference == "modified":
        raise invalid(where + INVALID_SIGNATURE)
    if row.binds_thinking:
        raise invalid(where + BOUND_ELSEWHERE.format(why=BOUND_WHY[difference]))
    raise invalid(where + MODIFIED)  # only the latest message is checked on other models


# --- tool_use ids that remember their turn ------------------------------------------------------


def tool_id(body: str, model_id: str, thought: bool) -> str:
    """A tool_use id: `toolu_01` + 22 characters + 2 that say whether the turn thought.

    Example: ("Wiun8CBMq1ZsWSJt2keB7x", <model>, True) -> "toolu_01Wiun8CBMq1ZsWSJt2keB7x" + 2
    """
    number = int.from_bytes(_mac("tool_id", model_id, body[:22], thought)[:4], "big")
    return f"toolu_01{body[:22]}{ALPHABET[number % 62]}{ALPHABET[number // 62 % 62]}"


def _thought(call_id: object, model_id: str) -> bool:
    """Whether the mock minted this id for `model_id` in a turn that started with thinking."""
    if not isinstance(call_id, str) or not re.fullmatch(r"toolu_01[0-9A-Za-z]{24}", call_id):
        return False
    body = call_id[8:30]
    return call_id == tool_id(body, model_id, True) != tool_id(body, model_id, False)


def _check_not_stripped(message: dict, i: int, row: models.Model) -> None:
    content = message["content"] if isinstance(message["content"], list) else []
    if any(b.get("type") in THINKING_BLOCKS for b in content):
        return
    if any(b.get("type") == "tool_use" and _thought(b.get("id"), row.id) for b in content):
        kind = content[0]["type"]
        raise invalid(f"messages.{i}.content.0.type: " + MUST_START_WITH_THINKING.format(kind=kind))
