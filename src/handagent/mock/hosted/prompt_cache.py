"""Prompt caching, as Anthropic's servers do it: a breakpoint writes a prefix, a repeat reads it.

The prompt is read in one order, tools -> system -> messages, and a `cache_control` breakpoint
on a block caches everything up to and including that block (the prompt-caching docs):

    {"type": "text", "text": ..., "cache_control": {"type": "ephemeral"}}   5 minutes (default)
    {"cache_control": {"type": "ephemeral", "ttl": "1h"}}                    one hour
    top-level `cache_control` (automatic caching, §7)                        on the last block

A breakpoint whose prefix is shorter than the model's minimum (`Model.cache_minimum`: 512 tokens
on the 5.5 models, 4,096 on Haiku 4.5, §7) caches nothing and says nothing. Otherwise the
longest prefix held for this key and model is read (`cache_read_input_tokens`): at a breakpoint,
or at one of the LOOKBACK blocks before it. The rest, up to the last breakpoint, is written
(`cache_creation_input_tokens`, split by each breakpoint's TTL in `cache_creation`), and
`input_tokens` is only what follows the last breakpoint, so the three add up to the prompt's
count (`api.tokens.input_tokens`, what count_tokens returns):

    first request, a 2,000-token system prompt marked     -> write 2,000, read 0, input 12
    the same again within 5 minutes                       -> write 0, read 2,000, input 12
    one byte of the system prompt changed                 -> write 2,000, read 0, input 12

A read refreshes its entry's TTL ("5 minutes from last use"); an entry expires unread after its
TTL. The cache is per API key (the docs isolate caches per organization; a key stands for one
here) and per model. Time comes from `clock` (seconds), so tests can move it.

Not handled here: what else the docs say invalidates a cache besides the bytes of the prefix
(`tool_choice`, thinking settings, images added), the rule that 1-hour entries come before
5-minute ones, `diagnostics.cache_miss_reason`, caches shared across workspaces, eviction
before the TTL.
"""

import hashlib
import json
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass

from ...api import tokens

LOOKBACK = 20  # blocks before a breakpoint where an earlier prefix is still found (docs)
TTL_SECONDS = {"5m": 300.0, "1h": 3600.0}
MAX_ENTRIES = 10_000  # a server's memory: the oldest entries go first past this


@dataclass(frozen=True)
class Split:
    """A prompt's tokens by how they are billed: the four counts of `usage` (§7)."""

    input_tokens: int
    read: int = 0
    written_5m: int = 0
    written_1h: int = 0

    def usage(self) -> dict:
        """The counts as `usage` carries them.

        Example: Split(12, 2000) -> {"input_tokens": 12, "cache_creation_input_tokens": 0,
            "cache_read_input_tokens": 2000, "cache_creation": {"ephemeral_5m_input_tokens": 0,
            "ephemeral_1h_input_tokens": 0}}
        """
        return {
            "input_tokens": self.input_tokens,
            "cache_creation_input_tokens": self.written_5m + self.written_1h,
            "cache_read_input_tokens": self.read,
            "cache_creation": {
                "ephemeral_5m_input_tokens": self.written_5m,
                "ephemeral_1h_input_tokens": self.written_1h,
            },
        }


def breakpoints(request: dict, found: list[tokens.Piece]) -> dict[int, str]:
    """Where the request's breakpoints are, piece index -> TTL. Example: {3: "5m", 7: "1h"}"""
    marks = {
        i: piece.mark.get("ttl", "5m")
        for i, piece in enumerate(found)
        if isinstance(piece.mark, dict)
    }
    auto = request.get("cache_control")
    if isinstance(auto, dict) and found:  # automatic caching: the last block, unless marked
        marks.setdefault(len(found) - 1, auto.get("ttl", "5m"))
    return marks


def _digests(seed: str, found: list[tokens.Piece]) -> list[str]:
    """One digest per prefix, each from the one before: the cache's keys, one pass."""
    keys, digest = [], hashlib.sha256(seed.encode()).hexdigest()
    for piece in found:
        text = json.dumps(piece.value, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        digest = hashlib.sha256((digest + text).encode()).hexdigest()
        keys.append(digest)
    return keys


class Cache:
    """The prefixes written so far: key -> (when it expires, its TTL)."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.lock = threading.Lock()
        self.entries: dict[str, tuple[float, str]] = {}

    def split(self, request: dict, api_key: str | None) -> Split:
        """Bill one checked request's prompt, reading and writing the cache as the API would."""
        total = tokens.input_tokens(request)
        found = tokens.pieces(request)
        marks = breakpoints(request, found)
        row = tokens.row(request.get("model"))
        raw, counts = tokens.REQUEST_OVERHEAD, []
        for piece in found:
            raw += piece.raw
            counts.append(tokens.prefix_tokens(request, raw))
        eligible = sorted(i for i in marks if counts[i] >= row.cache_minimum)
        if not eligible:
            return Split(total)
        keys = _digests(f"{api_key}\n{row.id}", found)
        with self.lock:
            now = self.clock()
            self.entries = {k: v for k, v in self.entries.items() if v[0] > now}
            read_at = max((self._held(keys, at) for at in eligible), default=-1)
            if read_at >= 0:  # "5 minutes from last use"
                ttl = self.entries[keys[read_at]][1]
                self.entries[keys[read_at]] = (now + TTL_SECONDS[ttl], ttl)
            written, before = {"5m": 0, "1h": 0}, counts[read_at] if read_at >= 0 else 0
            for at in eligible:
                if at <= read_at:
                    continue
                written[marks[at]] += counts[at] - before
                before = counts[at]
                self.entries[keys[at]] = (now + TTL_SECONDS[marks[at]], marks[at])
            while len(self.entries) > MAX_ENTRIES:
                self.entries.pop(next(iter(self.entries)))
        read = counts[read_at] if read_at >= 0 else 0
        return Split(total - counts[eligible[-1]], read, written["5m"], written["1h"])

    def _held(self, keys: list[str], at: int) -> int:
        """The longest held prefix at this breakpoint or up to LOOKBACK blocks before it, or -1."""
        for index in range(at, max(at - LOOKBACK, 0) - 1, -1):
            if keys[index] in self.entries:
                return index
        return -1
