"""Token estimates: what a request costs, as the mock provider reports it in `usage`.

The real API counts with the model's tokenizer; the mock only needs counts that are deterministic,
plausible and consistent: `count_tokens` and a messages call with the same inputs give the same
`input_tokens`, and a tools menu adds the hidden tool-use system prompt of the model's family.

Not handled here: real tokenization (the counts are estimates, like the API's own count_tokens),
prompt caching, images beyond a flat cost.
"""

import json
import math
from dataclasses import dataclass

# Tokens the API adds for its hidden tool-use system prompt when `tools` is non-empty.
# Source: Anthropic's tool-use pricing table, crawled 2026-07 (../shared/reference).
# (model id prefix, tool_choice auto/none, tool_choice any/tool, tokenizer factor)
# Models from 4.7 on use a tokenizer that gives about 30% more tokens for the same text.
TOOL_OVERHEAD_AS_OF = "2026-07"
TOOL_OVERHEAD: tuple[tuple[str, int, int, float], ...] = (
    ("claude-opus-4-8", 290, 410, 1.3),
    ("claude-opus-4-7", 675, 804, 1.3),
    ("claude-opus-4-6", 497, 589, 1.0),
    ("claude-sonnet-4-6", 497, 589, 1.0),
    ("claude-opus-4-5", 496, 588, 1.0),
    ("claude-sonnet-4-5", 496, 588, 1.0),
    ("claude-haiku-4-5", 496, 588, 1.0),
    ("claude-opus-4", 313, 315, 1.0),
    ("claude-sonnet-4", 313, 315, 1.0),
    ("claude-sonnet-5", 354, 474, 1.3),
    ("claude-3-5-haiku", 264, 355, 1.0),
)
# A model the table does not know is priced like the newest row we trust.
FALLBACK_PREFIX = "claude-sonnet-5"

MESSAGE_OVERHEAD = 3  # role markers around every message
REQUEST_OVERHEAD = 4  # start and end of the conversation
IMAGE_TOKENS = 1_000  # flat: the mock does not decode images


@dataclass(frozen=True)
class ModelFamily:
    """The row of the overhead table that applies to one model id."""

    prefix: str
    tools_auto: int
    tools_forced: int
    tokenizer_factor: float


def family(model: str) -> ModelFamily:
    """The table row for a model id, by longest prefix.

    Example: "claude-sonnet-4-5-20250929" -> ModelFamily("claude-sonnet-4-5", 496, 588, 1.0)
    """
    rows = [row for row in TOOL_OVERHEAD if model.startswith(row[0])]
    if not rows:
        rows = [row for row in TOOL_OVERHEAD if row[0] == FALLBACK_PREFIX]
    return ModelFamily(*max(rows, key=lambda row: len(row[0])))


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


def input_tokens(request: dict) -> int:
    """The `input_tokens` a Messages request costs; count_tokens returns the same number."""
    model = request.get("model", "")
    row = family(model)
    count = REQUEST_OVERHEAD + content_tokens(request.get("system") or "")
    for message in request.get("messages", []):
        count += MESSAGE_OVERHEAD + content_tokens(message.get("content", ""))
    tools = request.get("tools") or []
    hidden_prompt = 0  # the table's counts are already in the model's own tokens: not scaled
    if tools:
        forced = (request.get("tool_choice") or {}).get("type") in ("any", "tool")
        hidden_prompt = row.tools_forced if forced else row.tools_auto
        count += sum(_value_tokens(tool) for tool in tools)
    return math.ceil(count * row.tokenizer_factor) + hidden_prompt


def output_tokens(model: str, content: list[dict]) -> int:
    """The `output_tokens` of a reply's content blocks."""
    return math.ceil((1 + content_tokens(content)) * family(model).tokenizer_factor)
