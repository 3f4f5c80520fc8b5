"""Token estimates: what a request costs, as the mock provider reports it in `usage`.

The real API counts with the model's tokenizer; the mock only needs counts that are deterministic,
plausible and consistent: `count_tokens` and a messages call with the same inputs give the same
`input_tokens`, and a tools menu adds the hidden tool-use system prompt the model's catalogue row
gives (`models.Model.tool_prompt_tokens`). A model the catalogue does not know (an
Anthropic-compatible endpoint's `deepseek-chat`, say) is counted like the series' default model.

The prompt is also counted piece by piece, in the order the model reads it (tools, then system,
then messages: the prompt-caching docs' prefix order), so that a prefix up to any block has a
count and the prefix through the last piece is `input_tokens` itself; the mock's prompt cache
(`mock.hosted.prompt_cache`) splits `usage` with these. A `cache_control` marker is not text
the model reads: it adds no token. A tool with `defer_loading: true` is not in the prompt (it
is "stripped from the rendered tools section", docs: prompt-caching): it counts where a
`tool_reference` loads it, as part of that block.

    pieces(request)  -> [Piece(("tools", 0), raw=38, mark=None, value={...}), ...]
    prefix_tokens(request, REQUEST_OVERHEAD + raw of the first k pieces) -> their count

Not handled here: real tokenization (the counts are estimates, like the API's own count_tokens),
what is cached (`mock.hosted.prompt_cache`), images beyond a flat cost, thinking tokens (the
mock's `thinking` decides those).
"""

import json
import math
from dataclasses import dataclass

from . import models

# Tokens per token of the older (2025) tokenizer: "approximately 30 percent more" (§1.3).
TOKENIZER_FACTORS = {"2025": 1.0, "2026": 1.3}
MESSAGE_OVERHEAD = 3  # role markers around every message
REQUEST_OVERHEAD = 4  # start and end of the conversation
IMAGE_TOKENS = 1_000  # flat: the mock does not decode images
_COMPACT_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))  # made once


def row(model: object) -> models.Model:
    """The catalogue row a model id is counted with. Example: "deepseek-chat" -> the default's."""
    return models.find(model) or models.get(models.DEFAULT)


def factor(model: object) -> float:
    """How many tokens the model's tokenizer makes of one 2025 token. Example: Haiku 5.5 -> 1.3"""
    return TOKENIZER_FACTORS[row(model).tokenizer]


def text_tokens(text: str) -> int:
    """About four ASCII characters per token, one token per other character.

    Example: "Hello, Claude" -> 4;  "现在几点了？" -> 6
    """
    ascii_chars = len(text.encode("ascii", "ignore"))  # what is left of it is its ASCII
    return math.ceil(ascii_chars / 4) + (len(text) - ascii_chars)


def unmarked(value: object) -> object:
    """A block or tool without its `cache_control`. Example: {"text": "a", "cache_control": {...}}
    -> {"text": "a"}"""
    if isinstance(value, dict) and "cache_control" in value:
        return {key: item for key, item in value.items() if key != "cache_control"}
    return value


def _value_tokens(value: object) -> int:
    # Structured values (schemas, tool inputs) count as their compact JSON text.
    if isinstance(value, str):
        return text_tokens(value)
    return text_tokens(_COMPACT_JSON.encode(unmarked(value)))


def block_tokens(block: dict | str) -> int:
    """Tokens of one content block as the model reads it."""
    if isinstance(block, str):
        return text_tokens(block)
    kind = block.get("type")
    if kind == "text":
        return text_tokens(block.get("text", ""))
    if kind == "thinking":  # the signature is not read by the model
        return text_tokens(block.get("thinking", ""))
    if kind == "image":
        return IMAGE_TOKENS
    if kind == "tool_use":
        return 3 + text_tokens(block.get("name", "")) + _value_tokens(block.get("input", {}))
    if kind == "tool_result":
        content = block.get("content", "")
        blocks = [content] if isinstance(content, str) else content
        return 3 + sum(block_tokens(b) for b in blocks)
    return _value_tokens(block)


def content_tokens(content: str | list) -> int:
    """Tokens of a message's content, a string or a list of blocks."""
    if isinstance(content, str):
        return text_tokens(content)
    return sum(block_tokens(block) for block in content)


def tool_prompt(request: dict) -> int:
    """The hidden tool-use system prompt's tokens: 0 without tools (§6).

    Example: Haiku 5.5, one tool, tool_choice auto -> 354;  tool_choice any -> 474
    """
    if not request.get("tools"):
        return 0
    auto, forced = row(request.get("model")).tool_prompt_tokens
    return forced if (request.get("tool_choice") or {}).get("type") in ("any", "tool") else auto


@dataclass(frozen=True)
class Piece:
    """One piece of the prompt: a tool, a system block, or a message's block (the first with the
    message's role markers), its tokens before the model's tokenizer factor, and its breakpoint."""

    where: tuple  # ("tools", 0), ("system", 0), ("messages", 2, 0)
    raw: int
    mark: object  # its `cache_control` (a tool_result's: its own or its content's), else None
    value: object  # what the model reads: the piece without `cache_control`, the role with it


def _mark(block: object) -> object:
    if not isinstance(block, dict):
        return None
    if block.get("cache_control") is not None:
        return block["cache_control"]
    inner = block.get("content") if block.get("type") == "tool_result" else None
    marks = (
        [b.get("cache_control") for b in inner if isinstance(b, dict)]
        if isinstance(inner, list)
        else []
    )
    return next((mark for mark in reversed(marks) if mark is not None), None)


def _deferred(tool: object) -> bool:
    return isinstance(tool, dict) and tool.get("defer_loading") is True


def _loaded(block: object, deferred: dict) -> int:
    """The deferred tools' tokens a block's tool references load. Example: tool_result
    [tool_reference "rate"] -> the tokens of rate's definition"""
    if not deferred or not isinstance(block, dict):
        return 0
    inner = block.get("content")
    if isinstance(inner, dict):  # tool_search_tool_result: {"tool_references": [...]}
        inner = inner.get("tool_references")
    names = [b.get("tool_name") for b in inner if isinstance(b, dict)] if isinstance(
        inner, list) else []  # fmt: skip
    return sum(deferred.get(name, 0) for name in names if isinstance(name, str))


def pieces(request: dict) -> list[Piece]:
    """The prompt in the order the model reads it: tools, then system, then messages."""
    tools = request.get("tools") or []
    deferred = {t.get("name"): _value_tokens(t) for t in tools if _deferred(t)}
    found = [
        Piece(("tools", i), _value_tokens(tool), _mark(tool), unmarked(tool))
        for i, tool in enumerate(tools)
        if not _deferred(tool)
    ]
    system = request.get("system") or ""
    if isinstance(system, str):
        found += [Piece(("system",), text_tokens(system), None, system)] if system else []
    else:
        found += [
            Piece(("system", i), block_tokens(b), _mark(b), unmarked(b))
            for i, b in enumerate(system)
        ]
    for m, message in enumerate(request.get("messages", [])):
        content = message.get("content", "")
        blocks = [content] if isinstance(content, str) else content
        if not blocks:
            found.append(Piece(("messages", m), MESSAGE_OVERHEAD, None, message.get("role")))
        for j, block in enumerate(blocks):
            first = MESSAGE_OVERHEAD if j == 0 else 0
            value = (message.get("role"), unmarked(block)) if j == 0 else unmarked(block)
            raw = first + block_tokens(block) + _loaded(block, deferred)
            found.append(Piece(("messages", m, j), raw, _mark(block), value))
    return found


def prefix_tokens(request: dict, raw: int) -> int:
    """The count of a prefix of `raw` unscaled tokens: scaled, with the hidden tool-use prompt.

    Example: Haiku 5.5, no tools, raw 100 -> 130
    """
    # the table's counts are already in the model's own tokens: not scaled
    return math.ceil(raw * factor(request.get("model"))) + tool_prompt(request)


def input_tokens(request: dict) -> int:
    """The `input_tokens` a Messages request costs; count_tokens returns the same number."""
    raw = REQUEST_OVERHEAD + sum(piece.raw for piece in pieces(request))
    return prefix_tokens(request, raw)


def output_tokens(model: str, content: list[dict]) -> int:
    """The `output_tokens` of a reply's text and tool_use blocks (thinking is counted apart)."""
    return math.ceil((1 + content_tokens(content)) * factor(model))
