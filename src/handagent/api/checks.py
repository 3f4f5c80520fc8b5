"""The Messages API's request rules, with the real API's status, error type and wording.

`check_request` raises the `Rejection` the API would send for a request body, or returns: the
mock provider answers with it, and `call_model` refuses such a request locally before a request
is spent (chapter 05). The order is the API's as far as it shows: unknown fields, missing
fields, each field's shape (the tools' own rules with them, `tool_rules`; the beta fields',
`beta_fields`), the history (`history`, then `tool_turns`), the breakpoints (`caching`), what
the grammar of strict tools and output formats can hold (`strict`), then what the model allows
(`model_rules`). [U] the order among the newer rules (tools, caching, strict): the docs name
each rule, not when it is checked. Which fields exist depends on the `anthropic-version`
header and the `anthropic-beta` values (`fields`): under SDK 2.10's 2026-10-21 `temperature`
is an unknown field, and so is `thread` without `message-threads-2026-08-12`.

    check_request({"model": models.DEFAULT, "max_tokens": 9, "messages": [...],
                   "temperature": 0.5})
    -> Rejection(400, "invalid_request_error", "temperature: Extra inputs are not permitted")

Wording and sources: `rejections` (../shared/reference/api-2026-12.md), `tool_refusals` and
`request_refusals` (the docs and public reports of the API's 400s). Paths such as
`tools.0.custom.name` name the offending field like the API does.

Not handled here: images' bytes, documents' contents, thinking blocks' signatures (only the
server that made them can check those: see `mock.model.signatures`), what a beta field does
(the mock's business).
"""

import re

from . import API_VERSION, API_VERSIONS, TOOL_NAME_PATTERN, fields, model_rules, models
from .beta_fields import check_beta_fields
from .caching import check_caching
from .history import check_messages, check_server_tools, check_thinking_first, check_tool_protocol
from .rejections import INVALID_SCHEMA, UNANSWERED, UNEXPECTED, Rejection, invalid, not_found
from .shapes import check_fields, check_format, check_text, one_of, tag_error, valid_schema
from .strict import check_structured
from .tool_rules import check_tool_rules
from .tool_turns import check_tool_turns

__all__ = [
    "UNANSWERED", "UNEXPECTED", "Rejection",
    "check_model", "check_request", "check_tool_protocol", "invalid",
]  # fmt: skip


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
    betas: tuple[str, ...] = (),
) -> None:
    """Raise the Rejection the real API would send for this body, or return if it is valid.

    `version` is the request's `anthropic-version`, `betas` its `anthropic-beta` values. With
    `catalogue_only`, a model the catalogue does not serve is a 404 (as at api.anthropic.com);
    without it, an unknown model (an Anthropic-compatible endpoint's own) gets no per-model rule.
    """
    if version not in API_VERSIONS:
        raise ValueError(f"version={version!r} is not an API version: use one of {API_VERSIONS}")
    if not isinstance(body, dict):
        raise invalid("Input should be a valid dictionary or object to extract fields from")
    allowed = fields.top_level(count_tokens=count_tokens, version=version, betas=betas)
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
    _check_tools(body.get("tools"), body.get("tool_choice"), fields.tools(betas))
    check_tool_rules(body, betas)
    _check_options(body, fields.options(betas))
    check_beta_fields(body, betas)
    check_messages(body["messages"], betas)
    check_tool_protocol(body["messages"])
    check_tool_turns(body)  # a programmatic call's answer, before its code_execution call pairs
    check_server_tools(body["messages"], body.get("tools") or [], body.get("mcp_servers") or [])
    check_caching(body, count_tokens=count_tokens)
    check_structured(body)
    row = check_model(body["model"]) if catalogue_only else models.find(body["model"])
    thinking = (body.get("thinking") or {}).get("type")  # left out: the model's default
    if thinking in ("adaptive", "enabled") or (thinking is None and row and row.thinks_by_default):
        check_thinking_first(body["messages"], manual=thinking == "enabled")
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


def _check_tools(tools: object, tool_choice: object, table: dict) -> None:
    if tools is not None:
        if not isinstance(tools, list):
            raise invalid("tools: Input should be a valid list")
        names = []
        for i, tool in enumerate(tools):
            if not isinstance(tool, dict):
                raise invalid(f"tools.{i}: Input should be a valid dictionary")
            kind = tool.get("type") or "custom"  # the caller's own tool has no type, or "custom"
            if not isinstance(kind, str) or kind not in table:
                raise tag_error(f"tools.{i}", kind, table)
            where = f"tools.{i}.{kind}"
            for name in tool:
                if name != "type" and name not in sum(table[kind], ()):
                    raise invalid(f"{where}.{name}: Extra inputs are not permitted")
            for name in table[kind][0]:
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
            if not valid_schema(tool["input_schema"]):
                raise invalid(f"{where}.input_schema: {INVALID_SCHEMA}")
        if len(set(map(str, names))) != len(names):
            raise invalid("tools: Tool names must be unique.")
    if tool_choice is not None:
        kinds = tuple(fields.TOOL_CHOICES)
        if not isinstance(tool_choice, dict) or tool_choice.get("type") not in kinds:
            raise invalid(f"tool_choice.type: Input should be {one_of(kinds)}")
        kind = tool_choice["type"]
        check_fields(tool_choice, "tool_choice", kind, fields.TOOL_CHOICES)
        if kind == "tool" and not isinstance(tool_choice["name"], str):
            raise invalid("tool_choice.tool.name: Input should be a valid string")
        if not isinstance(tool_choice.get("disable_parallel_tool_use", False), bool):
            where = f"tool_choice.{kind}.disable_parallel_tool_use"
            raise invalid(f"{where}: Input should be a valid boolean")


def _check_options(body: dict, beta: frozenset[str]) -> None:
    """The shapes of `thinking`, `output_config` and `stop_sequences` (SDK: their params), with
    the options their beta values add (`fields.options`)."""
    thinking = body.get("thinking")
    if thinking is not None:
        if not isinstance(thinking, dict):
            raise invalid("thinking: Input should be a valid dictionary or object")
        kind = thinking.get("type")
        if not isinstance(kind, str) or kind not in fields.THINKING:
            raise tag_error("thinking", kind, fields.THINKING)
        binding = ("block_binding",) if "thinking.block_binding" in beta else ()
        for name in thinking:
            if name != "type" and name not in sum(fields.THINKING[kind], binding):
                raise invalid(f"thinking.{kind}.{name}: Extra inputs are not permitted")
        if kind == "enabled" and not isinstance(thinking.get("budget_tokens"), int):
            raise invalid("thinking.enabled.budget_tokens: Field required")
        displays = (*fields.DISPLAYS, *(("updates",) if "thinking.display.updates" in beta else ()))
        if thinking.get("display") not in (None, *displays):
            raise invalid(f"thinking.{kind}.display: Input should be {one_of(displays)}")
    config = body.get("output_config")
    if config is not None:
        if not isinstance(config, dict):
            raise invalid("output_config: Input should be a valid dictionary or object")
        budget = ("task_budget",) if "output_config.task_budget" in beta else ()
        for name in config:
            if name not in (*fields.OUTPUT_CONFIG, *budget):
                raise invalid(f"output_config.{name}: Extra inputs are not permitted")
        check_format(config.get("format"), "output_config.format")
        if config.get("effort") not in (None, *models.EFFORTS):
            raise invalid(f"output_config.effort: Input should be {one_of(models.EFFORTS)}")
    stops = body.get("stop_sequences")
    if stops is not None and not (
        isinstance(stops, list) and all(isinstance(s, str) for s in stops)
    ):
        raise invalid("stop_sequences: Input should be a valid list of strings")
