"""The bytes the mock provider answers with: Messages replies, error envelopes and ids.

Everything here is derived from the request, so the same request always gets the same reply,
ids included, and notebook outputs stay stable from run to run.

Not handled here: deciding what the model says (see `brain`), HTTP (see `server`).
"""

import hashlib
import json
import math

from ..tokens import input_tokens, output_tokens

ERROR_STATUS = {
    400: "invalid_request_error",
    401: "authentication_error",
    403: "permission_error",
    404: "not_found_error",
    405: "invalid_request_error",
    413: "request_too_large",
    429: "rate_limit_error",
    500: "api_error",
    529: "overloaded_error",
}


def digest(*parts: object) -> str:
    """A stable 24-character id body from any JSON-able parts.

    Example: ({"model": "m"}, 0) -> "Wiun8CBMq1ZsWSJt2keB7x5p"
    """
    raw = json.dumps(parts, sort_keys=True, ensure_ascii=False, default=str).encode()
    alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    number = int.from_bytes(hashlib.sha256(raw).digest()[:18], "big")
    chars = []
    for _ in range(24):
        number, rest = divmod(number, len(alphabet))
        chars.append(alphabet[rest])
    return "".join(chars)


def request_id(body: bytes) -> str:
    """The `request-id` header: `req_011C...`, derived from the raw request bytes."""
    return "req_011C" + digest(body.decode("utf-8", "replace"))


def error_body(status: int, message: str, req_id: str) -> dict:
    """The API's error envelope.

    Example: (529, "Overloaded", "req_1") ->
        {"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"},
         "request_id": "req_1"}
    """
    error = {"type": ERROR_STATUS.get(status, "api_error"), "message": message}
    return {"type": "error", "error": error, "request_id": req_id}


def _fit(blocks: list[dict], model: str, max_tokens: float) -> tuple[list[dict], str | None]:
    """Cut the reply where `max_tokens` runs out.

    Returns the blocks that fit and, when a tool call was cut mid-way, the part of its arguments'
    JSON text that was written before the cut (a stream shows it; a complete reply shows `{}`).
    """
    kept: list[dict] = []
    for block in blocks:
        candidate = kept + [block]
        if output_tokens(model, candidate) <= max_tokens:
            kept = candidate
            continue
        budget = max_tokens - output_tokens(model, kept)
        if block["type"] == "text" and budget > 0:
            words, text = block["text"].split(" "), ""
            for word in words:
                longer = f"{text} {word}" if text else word
                if output_tokens(model, kept + [{"type": "text", "text": longer}]) > max_tokens:
                    break
                text = longer
            if text:
                kept.append({"type": "text", "text": text})
            return kept, None
        if block["type"] == "tool_use":
            arguments = json.dumps(block["input"], ensure_ascii=False)
            kept.append({**block, "input": {}})  # the arguments never finished
            # never the whole text: a cut call's arguments must not parse
            return kept, arguments[: min(len(arguments) - 1, max(0, int(budget) - 8) * 4)]
        return kept, None
    return kept, None


def message(request: dict, blocks: list[dict]) -> tuple[dict, str | None]:
    """A complete Messages reply for `request` whose model said `blocks`, and any cut-off JSON.

    Example: ({"model": "m", ...}, [{"type": "tool_use", "name": "add", "input": {...}}]) ->
        {"id": "msg_01...", "type": "message", "role": "assistant", "model": "m",
         "content": [{"type": "tool_use", "id": "toolu_01...", ...}],
         "stop_reason": "tool_use", "stop_sequence": None, "usage": {...}}, None
    """
    model = request["model"]
    # `stream` is left out: the same conversation gets the same reply, streamed or not
    seed = digest({key: value for key, value in request.items() if key != "stream"})
    content = []
    for index, block in enumerate(blocks):
        if block["type"] == "tool_use":
            block = {
                "type": "tool_use",
                "id": block.get("id") or f"toolu_01{digest(seed, index)}",
                "name": block["name"],
                "input": block.get("input", {}),
            }
        content.append(block)
    max_tokens = request.get("max_tokens", math.inf)
    fitted, partial_json = _fit(content, model, max_tokens)
    cut = fitted != content or partial_json is not None
    stop_reason = "max_tokens" if cut else "end_turn"
    if not cut and any(block["type"] == "tool_use" for block in content):
        stop_reason = "tool_use"
    content = fitted
    reply = {
        "id": f"msg_01{seed}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": content,
        "stop_reason": stop_reason,
        "stop_sequence": None,
        "usage": {
            "input_tokens": input_tokens(request),
            "output_tokens": max_tokens if cut else output_tokens(model, content),
            "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 0,
            "service_tier": "standard",
        },
    }
    return reply, partial_json
