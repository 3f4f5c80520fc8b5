"""Token estimates: what a request costs, as the mock provider reports it in `usage`.

The real API counts with the model's tokenizer; the mock only needs counts that are deterministic,
plausible and consistent: `count_tokens` and a messages call with the same inputs give the same
`input_tokens`, and a tools menu adds the hidden tool-use system prompt the model's catalogue row
gives (`models.Model.tool_prompt_tokens`). A model the catalogue does not know (an
Anthropic-compatible endpoint's `deepseek-chat`, say) is counted like the series' default model.

Not handled here: real tokenization (the counts are estimates, like the API's own count_tokens),
prompt caching, images beyond a flat cost, thinking tokens (the mock's `thinking` decides those).
"""

import json
import math

from . import models

# Tokens per token of the older (2025) tokenizer: "approximately 30 percent more" (§1.3).
TOKENIZER_FACTORS = {"2025": 1.0, "2026": 1.3}
MESSAGE_OVERHEAD = 3  # role markers around every message
REQUEST_OVERHEAD = 4  # start and end of the conversation
IMAGE_TOKENS = 1_000  # flat: the mock does not decode images


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
    ascii_chars = sum(1 for ch in text if ord(ch) < 128)
    return math.ceil(ascii_chars / 4) + (len(text) - ascii_chars)


def _value_tokens(value: object) -> int:
    # Structured values (schemas, tool inputs) count as their compact JSON text.
    if isinstance(value, str):
        return text_tokens(value)
    return text_tokens(json.dumps(value, ensure_ascii=False, separators=(",", ":")))


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


def input_tokens(request: dict) -> int:
    """The `input_tokens` a Messages request costs; count_tokens returns the same number."""
    count = REQUEST_OVERHEAD + content_tokens(request.get("system") or "")
    for message in request.get("messages", []):
        count += MESSAGE_OVERHEAD + content_tokens(message.get("content", ""))
    count += sum(_value_tokens(tool) for tool in request.get("tools") or [])
    # the table's counts are already in the model's own tokens: not scaled
    return math.ceil(count * factor(request.get("model"))) + tool_prompt(request)


def output_tokens(model: str, content: list[dict]) -> int:
    """The `output_tokens` of a reply's text and tool_use blocks (thinking is counted apart)."""
    return math.ceil((1 + content_tokens(content)) * factor(model))
