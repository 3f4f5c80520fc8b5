"""Thinking blocks' signatures, and what the mock checks when thinking blocks come back.

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

Not handled here: beta `block_binding` settings (the default, a 400, is what happens), the
API's own signatures (only its key verifies them: tests/test_recorded re-signs them).
"""

import base64
import hashlib
import hmac
import json
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
from .thinking import settings

KEY = b"handagent mock thinking: a fixed key, so the same request gets the same signature"
VERSION = 1
# signature bytes: integrity | (masked) version, model, text, preceding blocks, system, tools,
# messages
PARTS = (("version", 1), ("model", 4), ("text", 8), ("preceding", 6), ("system", 5),
         ("tools", 5), ("messages", 7))  # fmt: skip
INTEGRITY = 12  # 36 + 12 bytes: 64 base64 characters, no padding, every character counts
ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
_BY_TAG = {hashlib.sha256(m.id.encode()).digest()[:4]: m.id for m in models.MODELS}


def _mac(*parts: object) -> bytes:
    raw = json.dumps(parts, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hmac.new(KEY, raw.encode(), hashlib.sha256).digest()


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
