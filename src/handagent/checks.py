"""The Messages API's request rules, with the real API's status, error type and wording.

`check_request` raises the `Rejection` the API would send for a request body, or returns: the
mock provider answers with it, and `call_model` refuses such a request locally before a request
is spent (chapter 05). The order is the API's as far as it shows: unknown fields, missing
fields, each field's shape, the history (`history_checks`), then what the model allows
(`model_rules`). Which fields exist depends on the `anthropic-version` header
(`request_fields`): under SDK 2.10's 2026-10-21 `temperature` is an unknown field.

    check_request({"model": models.DEFAULT, "max_tokens": 9, "messages": [...],
                   "temperature": 0.5})
    -> Rejection(400, "invalid_request_error", "temperature: Extra inputs are not permitted")

Wording and sources: `rejections` (../shared/reference/api-2026-12.md). Paths such as
`tools.0.custom.name` name the offending field like the API does.

Not handled here: limits that need the tokenizer (context length), images' bytes, documents'
contents, thinking blocks' signatures (only the server that made them can check those: see
`mock.thinking`), beta fields.
"""

import json
import re
from functools import lru_cache

from . import model_rules, models
from . import request_fields as fields
from .history_checks import (
    check_messages,
    check_text,
    check_thinking_first,
    check_tool_protocol,
    tag_error,
)
from .rejections import (
    INVALID_SCHEMA,
    UNANSWERED,
    UNEXPECTED,
    Rejection,
    invalid,
    not_found,
)

__all__ = [
    "API_VERSION", "TOOL_NAME_PATTERN", "UNANSWERED", "UNEXPECTED", "Rejection",
    "check_model", "check_request", "check_tool_protocol", "invalid",
]  # fmt: skip

# What SDK 2.10 sends as `anthropic-version` (tests/test_checks.py compares it with the SDK).
API_VERSION = "2026-10-21"
TOOL_NAME_PATTERN = r"^[a-zA-Z0-9_-]{1,128}$"


def check_model(model_id: object) -> models.Model:
    """The catalogue row a request may use, or the API's 404 for a retired or unknown id.

    Example: an alias -> the row of its dated id;
             "gpt-4" -> Rejection(404, "not_found_error", "model: gpt-4")
    """
    row = models.find(model_id)
    if row is None or not row.served:
        raise not_found(model_id)
    return row


def check_request(
    body: object,
    *,
    count_tokens: bool = False,
    version: str = API_VERSION,
    catalogue_only: bool = False,
) -> None:
    """Raise the Rejection the real API would send for this body, or return if it is valid.

    `version` is the request's `anthropic-version`. With `catalogue_only`, a model the catalogue
    does not serve is a 404 (as at api.anthropic.com); without it, an unknown model (an
    Anthropic-compatible endpoint's own) gets no per-model rule.
    """
    if version not in fields.API_VERSIONS:
        raise ValueError(
            f"version={version!r} is not an API version: use one of {fields.API_VERSIONS}"
        )
    if not isinstance(body, dict):
        raise invalid("Input should be a valid dictionary or object to extract fields from")
    allowed = fields.top_level(count_tokens=count_tokens, version=version)
    required = ("model", "messages") if count_tokens else ("model", "max_tokens", "messages")
    for name in body:
        if name not in allowed:
            raise invalid(f"{name}: Extra inputs are not permitted")
    for name in required:
        if name not in body:
            raise invalid(f"{name}: Field required")
    if not isinstance(body["model"], str) or not body["model"]:
        raise invalid("model: Input should be a valid string")
    if not count_tokens:
        max_tokens = body["max_tokens"]
        if not isinstance(max_tokens, int) or isinstance(max_tokens, bool):
            raise invalid("max_tokens: Input should be a valid integer")
        if max_tokens < 0:  # 0 is allowed: it fills the prompt cache without generating (SDK)
            raise invalid("max_tokens: Input should be greater than or equal to 0")
    _check_system(body.get("system"))
    _check_tools(body.get("tools"), body.get("tool_choice"))
    _check_options(body)
    check_messages(body["messages"])
    check_tool_protocol(body["messages"])
    if (body.get("thinking") or {}).get("type") == "enabled":
        check_thinking_first(body["messages"])
    row = check_model(body["model"]) if catalogue_only else models.find(body["model"])
    if row is not None and row.served:
        model_rules.check(body, row, version=version, count_tokens=count_tokens)


def _check_system(system: object) -> None:
    if system is None or isinstance(system, str):
        return
    if not isinstance(system, list):
        raise invalid("system: Input should be a valid string or list of text blocks")
    for i, block in enumerate(system):
        if not isinstance(block, dict) or block.get("type") != "text":
            raise invalid(f"system.{i}.type: Input should be 'text'")
        check_text(block.get("text"), f"system.{i}.text")


def _check_tools(tools: object, tool_choice: object) -> None:
    if tools is not None:
        if not isinstance(tools, list):
            raise invalid("tools: Input should be a valid list")
        names = []
        for i, tool in enumerate(tools):
            if not isinstance(tool, dict):
                raise invalid(f"tools.{i}: Input should be a valid dictionary")
            kind = tool.get("type") or "custom"  # the caller's own tool has no type, or "custom"
            if not isinstance(kind, str) or kind not in fields.TOOLS:
                raise tag_error(f"tools.{i}", kind, fields.TOOLS)
            where = f"tools.{i}.{kind}"
            for name in tool:
                if name != "type" and name not in sum(fields.TOOLS[kind], ()):
                    raise invalid(f"{where}.{name}: Extra inputs are not permitted")
            for name in fields.TOOLS[kind][0]:
                if name not in tool:
                    raise invalid(f"{where}.{name}: Field required")
            if "name" in tool:
                names.append(tool["name"])
            if kind != "custom":
                continue
            if not isinstance(tool["name"], str) or not re.match(TOOL_NAME_PATTERN, tool["name"]):
                raise invalid(f"{where}.name: String should match pattern '{TOOL_NAME_PATTERN}'")
            if not isinstance(tool["input_schema"], dict):
                raise invalid(f"{where}.input_schema: Input should be a valid dictionary")
            if not _valid_schema(json.dumps(tool["input_schema"], sort_keys=True)):
                raise invalid(f"{where}.input_schema: {INVALID_SCHEMA}")
        if len(set(map(str, names))) != len(names):
            raise invalid("tools: Tool names must be unique.")
    if tool_choice is not None:
        kinds = ("auto", "any", "tool", "none")
        if not isinstance(tool_choice, dict) or tool_choice.get("type") not in kinds:
            raise invalid("tool_choice.type: Input should be 'auto', 'any', 'tool' or 'none'")
        if tool_choice["type"] == "tool" and not isinstance(tool_choice.get("name"), str):
            raise invalid("tool_choice.tool.name: Field required")


@lru_cache(maxsize=1024)  # a notebook sends the same menu again and again; a check costs 1 ms
def _valid_schema(schema: str) -> bool:
    """Whether a JSON text is a draft 2020-12 JSON Schema. Example: '{"properties": 5}' -> False"""
    from .validation import is_draft_2020_12_schema  # late: chapter 00 sends no tools

    return is_draft_2020_12_schema(json.loads(schema))


def _check_options(body: dict) -> None:
    """The shapes of `thinking`, `output_config` and `stop_sequences` (SDK: their params)."""
    thinking = body.get("thinking")
    if thinking is not None:
        if not isinstance(thinking, dict):
            raise invalid("thinking: Input should be a valid dictionary or object")
        kind = thinking.get("type")
        if not isinstance(kind, str) or kind not in fields.THINKING:
            raise tag_error("thinking", kind, fields.THINKING)
        for name in thinking:
            if name != "type" and name not in sum(fields.THINKING[kind], ()):
                raise invalid(f"thinking.{kind}.{name}: Extra inputs are not permitted")
        if kind == "enabled" and not isinstance(thinking.get("budget_tokens"), int):
            raise invalid("thinking.enabled.budget_tokens: Field required")
        if thinking.get("display") not in (None, *fields.DISPLAYS):
            raise invalid(f"thinking.{kind}.display: Input should be 'summarized' or 'omitted'")
    config = body.get("output_config")
    if config is not None:
        if not isinstance(config, dict):
            raise invalid("output_config: Input should be a valid dictionary or object")
        for name in config:
            if name not in fields.OUTPUT_CONFIG:
                raise invalid(f"output_config.{name}: Extra inputs are not permitted")
        if config.get("effort") not in (None, *models.EFFORTS):
            raise invalid(
                "output_config.effort: Input should be 'low', 'medium', 'high', 'xhigh' or 'max'"
            )
    stops = body.get("stop_sequences")
    if stops is not None and not (
        isinstance(stops, list) and all(isinstance(s, str) for s in stops)
    ):
        raise invalid("stop_sequences: Input should be a valid list of strings")
