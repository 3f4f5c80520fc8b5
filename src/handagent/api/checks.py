"""The Messages API's request rules, with the real API's status, error type and wording.

`check_request` raises the `Rejection` the API would send for a request body, or returns: the
mock provider answers with it, and `call_model` refuses such a request locally before a request
is spent (chapter 05). The order is the API's as far as it shows: unknown fields, missing
fields, each field's shape, the history (`history`), then what the model allows
(`model_rules`). Which fields exist depends on the `anthropic-version` header and the
`anthropic-beta` values (`fields`): under SDK 2.10's 2026-10-21 `temperature` is an
unknown field, and so is `thread` without `message-threads-2026-08-12`.

    check_request({"model": models.DEFAULT, "max_tokens": 9, "messages": [...],
                   "temperature": 0.5})
    -> Rejection(400, "invalid_request_error", "temperature: Extra inputs are not permitted")

Wording and sources: `rejections` (../shared/reference/api-2026-12.md). Paths such as
`tools.0.custom.name` name the offending field like the API does.

Beta fields get their outer shape checked (`thread`, `mcp_servers`, `output_format`, the edit
types of `context_management`), not every option inside them.

`cache_control` markers are checked for their shape and number (at most four, the top-level
one included [U]); what they cache is the mock's (`mock.hosted.prompt_cache`).

Not handled here: images' bytes, documents' contents, thinking blocks' signatures (only the
server that made them can check those: see `mock.model.signatures`), what a beta field does
(the mock's business).
"""

import json
import re
from functools import lru_cache

from . import API_VERSION, API_VERSIONS, TOOL_NAME_PATTERN, fields, model_rules, models
from .history import check_messages, check_server_tools, check_thinking_first, check_tool_protocol
from .rejections import (
    CACHE_TTLS,
    INVALID_SCHEMA,
    MAX_BREAKPOINTS,
    TOO_MANY_BREAKPOINTS,
    UNANSWERED,
    UNEXPECTED,
    Rejection,
    invalid,
    not_found,
)
from .shapes import check_fields, check_text, one_of, tag_error

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
    _check_options(body, fields.options(betas))
    _check_beta_fields(body)
    check_messages(body["messages"], betas)
    check_tool_protocol(body["messages"])
    check_server_tools(body["messages"], body.get("tools") or [], body.get("mcp_servers") or [])
    _check_breakpoints(body)
    if (body.get("thinking") or {}).get("type") == "enabled":
        check_thinking_first(body["messages"])
    row = check_model(body["model"]) if catalogue_only else models.find(body["model"])
    if row is not None and row.served:
        model_rules.check(body, row, version=version, count_tokens=count_tokens)


def _marks(body: dict):
    """Every `cache_control` of a request, with where it is: ("tools.0", {...}), ..."""
    if body.get("cache_control") is not None:  # automatic caching: one breakpoint, placed for us
        yield "cache_control", body["cache_control"]
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


def _check_breakpoints(body: dict) -> None:
    """`cache_control` markers: {"type": "ephemeral", "ttl"?: "5m" | "1h"}, at most four."""
    marks = list(_marks(body))
    for where, mark in marks:
        if not isinstance(mark, dict):
            raise invalid(f"{where}: Input should be a valid dictionary or object")
        if mark.get("type") != "ephemeral":
            raise invalid(f"{where}.type: Input should be 'ephemeral'")
        for name in mark:
            if name not in ("type", "ttl"):
                raise invalid(f"{where}.{name}: Extra inputs are not permitted")
        if mark.get("ttl", "5m") not in CACHE_TTLS:
            raise invalid(f"{where}.ttl: Input should be {one_of(CACHE_TTLS)}")
    if len(marks) > MAX_BREAKPOINTS:
        raise invalid(TOO_MANY_BREAKPOINTS.format(found=len(marks)))


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
            if not _valid_schema(json.dumps(tool["input_schema"], sort_keys=True)):
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


@lru_cache(maxsize=1024)  # a notebook sends the same menu again and again; a check costs 1 ms
def _valid_schema(schema: str) -> bool:
    """Whether a JSON text is a draft 2020-12 JSON Schema. Example: '{"properties": 5}' -> False"""
    from .schemas import is_draft_2020_12_schema  # late: chapter 00 sends no tools

    return is_draft_2020_12_schema(json.loads(schema))


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
        _check_format(config.get("format"), "output_config.format")
        if config.get("effort") not in (None, *models.EFFORTS):
            raise invalid(f"output_config.effort: Input should be {one_of(models.EFFORTS)}")
    stops = body.get("stop_sequences")
    if stops is not None and not (
        isinstance(stops, list) and all(isinstance(s, str) for s in stops)
    ):
        raise invalid("stop_sequences: Input should be a valid list of strings")


def _check_format(spec: object, where: str) -> None:
    """A structured-output format: {"type": "json_schema", "schema": {...}} (SDK:
    JSONOutputFormatParam)."""
    if spec is None:
        return
    if not isinstance(spec, dict):
        raise invalid(f"{where}: Input should be a valid dictionary or object")
    if spec.get("type") != "json_schema":
        raise invalid(f"{where}.type: Input should be 'json_schema'")
    check_fields(spec, where, "json_schema", {"json_schema": (("schema",), ())})
    if not isinstance(spec["schema"], dict):
        raise invalid(f"{where}.schema: Input should be a valid dictionary")
    if not _valid_schema(json.dumps(spec["schema"], sort_keys=True)):
        raise invalid(f"{where}.schema: {INVALID_SCHEMA}")


def _check_beta_fields(body: dict) -> None:
    """The outer shapes of the beta fields a request's headers allowed (SDK: their params)."""
    _check_format(body.get("output_format"), "output_format")
    for name in ("thread", "context_management", "compaction"):
        if body.get(name) is not None and not isinstance(body[name], dict):
            raise invalid(f"{name}: Input should be a valid dictionary or object")
    thread = body.get("thread")
    if thread is not None:
        if not isinstance(thread.get("type"), str) or thread["type"] not in THREADS:
            raise tag_error("thread", thread.get("type"), THREADS)
        check_fields(thread, "thread", thread["type"], THREADS)
        if thread["type"] == "continue" and not isinstance(thread["previous_message_id"], str):
            raise invalid("thread.continue.previous_message_id: Input should be a valid string")
    servers = body.get("mcp_servers")
    if servers is not None:
        if not isinstance(servers, list):
            raise invalid("mcp_servers: Input should be a valid list")
        for i, server in enumerate(servers):
            if not isinstance(server, dict) or server.get("type") != "url":
                raise invalid(f"mcp_servers.{i}.type: Input should be 'url'")
            check_fields(server, f"mcp_servers.{i}", "url", MCP_SERVER)
    compaction = body.get("compaction")
    if compaction is not None and compaction.get("type") != "summarize":
        raise invalid("compaction.type: Input should be 'summarize'")
    edits = (body.get("context_management") or {}).get("edits") or []
    if not isinstance(edits, list):
        raise invalid("context_management.edits: Input should be a valid list")
    for i, edit in enumerate(edits):
        kind = edit.get("type") if isinstance(edit, dict) else None
        if not isinstance(kind, str) or kind not in EDITS:
            raise tag_error(f"context_management.edits.{i}", kind, EDITS)
        check_fields(edit, f"context_management.edits.{i}", kind, EDITS)


# Beta shapes checked here (SDK: types/beta/beta_thread_*_params.py, beta_request_mcp_server_
# url_definition_param.py, beta_*_edit_param.py).
THREADS = {"create": ((), ()), "continue": (("previous_message_id",), ())}
MCP_SERVER = {"url": (("name", "url"), ("authorization_token", "tool_configuration"))}
EDITS = {
    "clear_tool_uses_20250919": (
        (), ("clear_at_least", "clear_tool_inputs", "exclude_tools", "keep", "trigger"),
    ),
    "clear_thinking_20251015": ((), ("keep",)),
    "compact_20260112": ((), ("instructions", "pause_after_compaction", "trigger")),
}  # fmt: skip
