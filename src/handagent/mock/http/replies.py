"""The bytes the mock provider answers with: Messages replies, error envelopes and ids.

Everything here is derived from the request, so the same request always gets the same reply,
ids and signatures included, and notebook outputs stay stable from run to run. A reply has
today's full shape, as the recorded replies in tests/recorded show it:

    {"id": "msg_01...", "type": "message", "role": "assistant", "model": <the row's dated id>,
     "content": [thinking?, text?, tool_use (with "caller": {"type": "direct"})...],
     "stop_reason", "stop_sequence", "stop_details": null,
     "usage": {"input_tokens", "cache_creation_input_tokens", "cache_read_input_tokens",
               "cache_creation": {"ephemeral_5m_input_tokens", "ephemeral_1h_input_tokens"},
               "output_tokens", "service_tier", "inference_geo",
               "output_tokens_details": {"thinking_tokens"}  (when the request could think),
               "speed" (when the request set it)}}

Server tools (`server_loop`) leave their blocks in the content, and the reply reads them:
`usage.server_tool_use` (recorded only when a server tool ran) counts the searches and fetches
that came back, `container` appears when code execution answered (the request's container id
if it gave one; `server_results`), and a reply whose last block is a call still waiting for its
result, with no client tool_use, stops with `pause_turn` (one that ends with a compaction
block, with `compaction`). Beta replies carry what `beta` passes in: `context_management` and
`usage.iterations`. `diagnostics` is left out (only with `diagnostics.previous_message_id`).

`caller: {"type": "direct"}` on tool_use: the reference leaves open whether the API sends it or
leaves it out; every client tool_use recorded since 2026-06 carries it, so the mock does.
`stop_sequences` end a text where a sequence would appear (`stop_reason: "stop_sequence"`), and
`max_tokens` cuts the reply where it runs out, thinking first: thinking tokens count toward it.

Not handled here: deciding what the model says (see `brain`) and how it thinks (`thinking`),
HTTP (`server`), signatures (`signatures`), prompt caching (what is read and written: the
server's `prompt_cache` passes its counts in `cached`; without it they are 0), refusals
(`stop_details` is null).
"""

import json
import math
import re

from ...api import models
from ...api.tokens import input_tokens, output_tokens
from ...language import HAN_RANGES
from ..hosted.results import CODE_RESULTS, SERVER_CALLS, container, server_usage
from ..ids import digest
from ..model import signatures, thinking

WIDE = HAN_RANGES + "\u3000-\u303f\uff00-\uffef"  # Chinese and its punctuation
PIECES = re.compile(rf"\s*(?:[{WIDE}]|[^\s{WIDE}]+)")  # where a cut text may end

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
DIRECT = {"type": "direct"}


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


def _stop_at_sequence(blocks: list[dict], stops: list[str]) -> tuple[list[dict], str | None]:
    """The blocks up to the first stop sequence in a text, and the sequence that fired.

    Example: [text "Paris is the capital."], ["capital"] -> [text "Paris is the "], "capital"
    """
    for index, block in enumerate(blocks):
        if block["type"] != "text":
            continue
        found = [(block["text"].find(s), n, s) for n, s in enumerate(stops) if s in block["text"]]
        if found:
            at, _, sequence = min(found)
            kept = blocks[:index] + ([{**block, "text": block["text"][:at]}] if at else [])
            return kept, sequence
    return blocks, None


def _visible(blocks: list[dict]) -> list[dict]:
    return [block for block in blocks if block["type"] != "thinking"]


def _fit(blocks: list[dict], model: str, max_tokens: float) -> tuple[list, str | None, int]:
    """Cut the reply where `max_tokens` runs out: the blocks that fit, the part of a cut tool
    call's JSON text written before the cut (a stream shows it), and the thinking tokens spent.
    """
    kept: list[dict] = []
    thought = 0

    def spent(blocks: list[dict]) -> int:
        return thought + (output_tokens(model, _visible(blocks)) if _visible(blocks) else 0)

    for block in blocks:
        if block["type"] == "thinking":
            room = max_tokens - spent(kept)
            if block["_tokens"] <= room:
                kept.append(block)
                thought += block["_tokens"]
                continue
            if room > 0:  # the reply ends inside its thinking
                share = math.floor(len(block["thinking"]) * room / block["_tokens"])
                kept.append({**block, "thinking": block["thinking"][:share]})
                thought += int(room)
            return kept, None, thought
        budget = max_tokens - thought
        if spent(kept + [block]) <= max_tokens:
            kept.append(block)
            continue
        room = budget - (output_tokens(model, _visible(kept)) if _visible(kept) else 0)
        if block["type"] == "text" and room > 0:
            text = ""
            for piece in PIECES.findall(block["text"]):  # a word, or one Chinese character
                longer = (text + piece).lstrip()
                if output_tokens(model, _visible(kept) + [{**block, "text": longer}]) > budget:
                    break
                text = longer
            if text:
                kept.append({**block, "text": text})
            return kept, None, thought
        if block["type"] == "tool_use" and budget > 0:
            arguments = json.dumps(block["input"], ensure_ascii=False)
            kept.append({**block, "input": {}})  # the arguments never finished
            # never the whole text: a cut call's arguments must not parse
            return kept, arguments[: min(len(arguments) - 1, max(0, int(room) - 8) * 4)], thought
        return kept, None, thought
    return kept, None, thought


def _usage(
    request: dict,
    row: models.Model | None,
    output: int,
    thought: int | None,
    counted: dict,
    cached: dict | None = None,
) -> dict:
    geo = request.get("inference_geo") or (row.inference_geo if row else "not_available")
    cached = cached or {}
    # the prompt cache's counts, where it gives them, hold the prompt's input_tokens already
    prompt = cached["input_tokens"] if "input_tokens" in cached else input_tokens(counted)
    usage = {
        "input_tokens": prompt,
        "cache_creation_input_tokens": 0,
        "cache_read_input_tokens": 0,
        "cache_creation": {"ephemeral_5m_input_tokens": 0, "ephemeral_1h_input_tokens": 0},
        "output_tokens": output,
        "service_tier": "standard",
        "inference_geo": geo,
    }
    usage.update(cached)  # the prompt cache's four counts, in their places
    if thought is not None:  # recorded: present whenever thinking was on, even at 0
        usage["output_tokens_details"] = {"thinking_tokens": thought}
    if request.get("speed"):
        usage["speed"] = request["speed"]
    return usage


def _stop_reason(content: list[dict], cut: bool, sequence: str | None) -> str:
    if cut:
        return "max_tokens"
    if any(block["type"] == "tool_use" for block in content):
        return "tool_use"
    answered = {block.get("tool_use_id") for block in content}
    last = content[-1] if content else {}
    if last.get("type") in SERVER_CALLS and last.get("id") not in answered:
        return "pause_turn"  # the server's loop stopped with this call waiting (§4.4)
    if last.get("type") == "compaction":
        return "compaction"
    return "stop_sequence" if sequence else "end_turn"


def message(
    request: dict,
    blocks: list[dict],
    *,
    think: bool = True,
    beta: dict | None = None,
    cached: dict | None = None,
) -> tuple[dict, str | None]:
    """A complete Messages reply for `request` whose model said `blocks`, and any cut-off JSON.

    `think=False` leaves thinking out whatever the model (a wire format without thinking
    blocks, such as OpenAI Chat Completions, asks for its reply that way). `beta` holds the
    beta reply's own fields: {"context_management": {...}, "iterations": [...]}, and
    "counted": the request as the model read it, for `input_tokens` (after context edits).
    `cached` is the prompt cache's split of the prompt (`prompt_cache.Split.usage()`).

    Example: ({"model": "m", ...}, [{"type": "tool_use", "name": "add", "input": {...}}]) ->
        {"id": "msg_01...", "type": "message", "role": "assistant", "model": "m",
         "content": [{"type": "tool_use", "id": "toolu_01...", ...}],
         "stop_reason": "tool_use", "stop_sequence": None, "stop_details": None,
         "usage": {...}}, None
    """
    found = models.find(request["model"])
    model = found.id if found else request["model"]  # an alias is answered with its dated id
    row = found if think else None
    # `stream` is left out: the same conversation gets the same reply, streamed or not
    seed = digest({key: value for key, value in request.items() if key != "stream"})
    # a compaction opens the reply and is thought about after; paused there: the block alone
    first = next((i for i, b in enumerate(blocks) if b["type"] != "compaction"), len(blocks))
    opening, rest = [dict(b) for b in blocks[:first]], [dict(b) for b in blocks[first:]]
    content = opening + (thinking.around(request, rest, row) if rest or not opening else rest)
    thought = any(block["type"] == "thinking" for block in content)
    for index, block in enumerate(content):
        if block["type"] == "tool_use":
            content[index] = {
                "type": "tool_use",
                "id": block.get("id") or signatures.tool_id(digest(seed, index), model, thought),
                "name": block["name"],
                "input": block.get("input", {}),
                "caller": DIRECT,
            }
    content, sequence = _stop_at_sequence(content, request.get("stop_sequences") or [])
    max_tokens = request.get("max_tokens", math.inf)
    fitted, partial_json, thinking_tokens = _fit(content, model, max_tokens)
    cut = fitted != content or partial_json is not None
    stop_reason = _stop_reason(content, cut, sequence)
    visible = _visible(fitted)
    output = (
        max_tokens
        if cut
        else thinking_tokens + (output_tokens(model, visible) if visible or not fitted else 0)
    )
    # recorded: reported whenever thinking is on, even when a forced tool call skipped it
    could_think = row is not None and thinking.kind(request, row) != "disabled"
    final = []
    for block in fitted:
        if block["type"] == "thinking":
            block = thinking.finish(dict(block))
            index = len(request["messages"])
            block["signature"] = signatures.sign(request, index, list(final), block, model)
        final.append(block)
    beta = beta or {}
    counted = beta.get("counted", request)
    thought_usage = thinking_tokens if could_think else None
    usage = _usage(request, found, output, thought_usage, counted, cached)
    if (servers := server_usage(final)) is not None:
        usage["server_tool_use"] = servers
    if "iterations" in beta:  # a bare {"type": "message"} stands for this reply's own counts
        steps = beta["iterations"] or [{"type": "message"}]
        usage["iterations"] = [_iteration(usage) if s == {"type": "message"} else s for s in steps]
    reply = {
        "id": f"msg_01{seed}",
        "type": "message",
        "role": "assistant",
        "model": model,
        "content": final,
        "stop_reason": stop_reason,
        "stop_sequence": None if cut else sequence,
        "stop_details": None,  # non-null only with stop_reason "refusal" (§5)
        "usage": usage,
    }
    if any(block["type"] in CODE_RESULTS for block in final):
        reply["container"] = container(request, f"container_011C{digest(seed, 'container')}")
    if "context_management" in beta:
        reply["context_management"] = beta["context_management"]
    return reply, partial_json


def _iteration(usage: dict) -> dict:
    """One sampling iteration's usage (beta `usage.iterations`), as the reply's own counts."""
    keys = ("input_tokens", "output_tokens", "cache_creation_input_tokens",
            "cache_read_input_tokens", "cache_creation")  # fmt: skip
    return {"type": "message", **{key: usage[key] for key in keys}}
