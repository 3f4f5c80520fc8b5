"""Prompt caching's request rules: breakpoints, their TTLs, and `max_tokens: 0` pre-warming.

`check_caching` reads every `cache_control` of a request in the order the API processes blocks,
tools -> system -> messages (a tool_result's own blocks after it), plus the top-level one of
automatic caching, which lands on the last block (docs: prompt-caching):

    shape              {"type": "ephemeral", "ttl"?: "5m" | "1h"}
    at most four       the top-level one takes one of the four slots
    the last block     marked with another TTL than the top-level one: "Top-level cache_control
                       has ttl='1h' but the target block already has cache_control with ..."
    TTL order          a 1h breakpoint after a 5m one: "<path>.ttl: a ttl='1h' cache_control
                       block must not come after a ttl='5m' cache_control block. ..."
    deferred tools     `defer_loading: true` with `cache_control` (docs, tool search: "the API
                       returns a 400")
    pre-warming        `max_tokens: 0` with `stream: true`, manual thinking, an output format,
                       or a forced tool_choice

    check_caching({..., "tools": [{..., "cache_control": {"type": "ephemeral"}}],
                   "system": [{..., "cache_control": {"type": "ephemeral", "ttl": "1h"}}]})
    -> Rejection(400, ..., "system.0.cache_control.ttl: a ttl='1h' cache_control block must ...")

Wording: `request_refusals`. Not handled here: what the breakpoints cache (the mock's
`hosted.prompt_cache`), the 20-block lookback, a breakpoint on a block that cannot hold one.
"""

from .rejections import invalid
from .request_refusals import (
    CACHE_TTLS,
    MAX_BREAKPOINTS,
    PREWARM,
    TOO_MANY_BREAKPOINTS,
    TTL_CLASH,
    TTL_ORDER,
)
from .shapes import one_of
from .tool_refusals import DEFERRED_CACHED


def marks(body: dict):
    """Every block-level `cache_control`, in processing order: ("tools.0", {...}), ..."""
    places = [(f"tools.{i}", tool) for i, tool in enumerate(body.get("tools") or [])]
    if isinstance(body.get("system"), list):
        places += [(f"system.{i}", block) for i, block in enumerate(body["system"])]
    for m, message in enumerate(body["messages"]):
        content = message.get("content")
        for j, block in enumerate(content if isinstance(content, list) else []):
            places.append((f"messages.{m}.content.{j}", block))
            inner = block.get("content") if block.get("type") == "tool_result" else None
            for k, part in enumerate(inner if isinstance(inner, list) else []):
                places.append((f"messages.{m}.content.{j}.content.{k}", part))
    for where, place in places:
        if isinstance(place, dict) and place.get("cache_control") is not None:
            yield f"{where}.cache_control", place["cache_control"]


def check_caching(body: dict, *, count_tokens: bool = False) -> None:
    """Raise the API's 400 for a breakpoint or a pre-warming request it refuses, or return."""
    top = body.get("cache_control")
    found = list(marks(body))
    for where, mark in ([("cache_control", top)] if top is not None else []) + found:
        _check_shape(where, mark)
    if len(found) + (top is not None) > MAX_BREAKPOINTS:
        raise invalid(TOO_MANY_BREAKPOINTS.format(found=len(found) + (top is not None)))
    ttls = [(where, mark.get("ttl", "5m")) for where, mark in found]
    if top is not None:
        ttl, last = top.get("ttl", "5m"), _last_block(body)
        marked = (last or {}).get("cache_control")
        if isinstance(marked, dict) and marked.get("ttl", "5m") != ttl:
            raise invalid(TTL_CLASH.format(top=ttl, block=marked.get("ttl", "5m")))
        if not isinstance(marked, dict):
            ttls.append(("cache_control", ttl))
    after_5m = False
    for where, ttl in ttls:
        if ttl == "1h" and after_5m:
            raise invalid(f"{where}.ttl: {TTL_ORDER}")
        after_5m = after_5m or ttl == "5m"
    for i, tool in enumerate(body.get("tools") or []):
        if tool.get("defer_loading") is True and tool.get("cache_control") is not None:
            raise invalid(f"tools.{i}: {DEFERRED_CACHED}")
    if not count_tokens and body.get("max_tokens") == 0:
        _check_prewarm(body)


def _check_shape(where: str, mark: object) -> None:
    """`cache_control` markers: {"type": "ephemeral", "ttl"?: "5m" | "1h"}."""
    if not isinstance(mark, dict):
        raise invalid(f"{where}: Input should be a valid dictionary or object")
    if mark.get("type") != "ephemeral":
        raise invalid(f"{where}.type: Input should be 'ephemeral'")
    for name in mark:
        if name not in ("type", "ttl"):
            raise invalid(f"{where}.{name}: Extra inputs are not permitted")
    if mark.get("ttl", "5m") not in CACHE_TTLS:
        raise invalid(f"{where}.ttl: Input should be {one_of(CACHE_TTLS)}")


def _last_block(body: dict) -> dict | None:
    """The block automatic caching lands on: the last message's last block, when a list."""
    messages = body["messages"]
    content = messages[-1].get("content") if messages else None
    return content[-1] if isinstance(content, list) and content else None


def _check_prewarm(body: dict) -> None:
    """`max_tokens: 0` fills the cache without generating: nothing that needs output."""
    choice = body.get("tool_choice") or {}
    refused = [
        ("`stream: true`", body.get("stream") is True),
        ('`thinking.type: "enabled"`', (body.get("thinking") or {}).get("type") == "enabled"),
        ("`output_config.format`", bool((body.get("output_config") or {}).get("format"))),
        ("`output_format`", bool(body.get("output_format"))),
        (f'`tool_choice` of type "{choice.get("type")}"', choice.get("type") in ("any", "tool")),
    ]
    for what, present in refused:
        if present:
            raise invalid(PREWARM.format(what=what))
