"""The Messages API's request rules, with the real API's status, error type and wording.

The mock provider rejects a request with exactly the 400 the real API would send, and
`check_tool_protocol` lets a program catch a broken history before it spends a request
(chapter 05). Wording is the API's own as recorded in ../shared/reference/anthropic-api.md;
paths such as `messages.1.content.0.tool_use.id` name the offending field like the API does.

Current behaviour where old docs disagree: tool blocks without a `tools` parameter are accepted,
and consecutive same-role messages are merged into one turn rather than refused.

Not handled here: limits that need the model (context length), images' bytes, documents,
thinking blocks' signatures.
"""

import json
import re
from functools import lru_cache

ID_PATTERN = r"^[a-zA-Z0-9_-]+$"
ID_MAX_LENGTH = 64
TOOL_NAME_PATTERN = r"^[a-zA-Z0-9_-]{1,128}$"

MESSAGES_FIELDS = {
    "model",
    "messages",
    "max_tokens",
    "system",
    "tools",
    "tool_choice",
    "metadata",
    "stop_sequences",
    "stream",
    "temperature",
    "top_k",
    "top_p",
    "thinking",
    "service_tier",
    "container",
    "output_config",
    "cache_control",
    "inference_geo",
    "speed",
    "diagnostics",
}
COUNT_TOKENS_FIELDS = {
    "model",
    "messages",
    "system",
    "tools",
    "tool_choice",
    "thinking",
    "output_config",
    "cache_control",
    "speed",
}
BLOCK_FIELDS = {
    "text": {"type", "text", "cache_control", "citations"},
    "image": {"type", "source", "cache_control"},
    "tool_use": {"type", "id", "name", "input", "cache_control", "caller"},
    "tool_result": {"type", "tool_use_id", "content", "is_error", "cache_control"},
    "document": {"type", "source", "title", "context", "citations", "cache_control"},
    "thinking": {"type", "thinking", "signature"},
    "redacted_thinking": {"type", "data"},
}
TOOL_FIELDS = {"name", "description", "input_schema", "type", "cache_control", "strict"}

INVALID_SCHEMA = (  # as quoted from the API in anthropics/claude-code#86665 (2026-08)
    "JSON schema is invalid. It must match JSON Schema draft 2020-12 "
    "(https://json-schema.org/draft/2020-12). Learn more about tool use at "
    "https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview."
)
UNANSWERED = (
    "`tool_use` ids were found without `tool_result` blocks immediately after: {ids}. "
    "Each `tool_use` block must have a corresponding `tool_result` block in the next message."
)
UNEXPECTED = (
    "unexpected `tool_use_id` found in `tool_result` blocks: {id}. "
    "Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
)


class Rejection(Exception):
    """A request the API refuses: HTTP status, error type and the API's message."""

    def __init__(self, status: int, error_type: str, message: str) -> None:
        super().__init__(message)
        self.status, self.error_type, self.message = status, error_type, message


def invalid(message: str) -> Rejection:
    """A 400 invalid_request_error with the given message."""
    return Rejection(400, "invalid_request_error", message)


def check_request(body: object, *, count_tokens: bool = False) -> None:
    """Raise the Rejection the real API would send for this body, or return if it is valid."""
    if not isinstance(body, dict):
        raise invalid("Input should be a valid dictionary or object to extract fields from")
    allowed = COUNT_TOKENS_FIELDS if count_tokens else MESSAGES_FIELDS
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
        if max_tokens < 1:
            raise invalid("max_tokens: Input should be greater than or equal to 1")
    _check_system(body.get("system"))
    _check_tools(body.get("tools"), body.get("tool_choice"))
    _check_messages(body["messages"])
    check_tool_protocol(body["messages"])


def _check_system(system: object) -> None:
    if system is None or isinstance(system, str):
        return
    if not isinstance(system, list):
        raise invalid("system: Input should be a valid string or list of text blocks")
    for i, block in enumerate(system):
        if not isinstance(block, dict) or block.get("type") != "text":
            raise invalid(f"system.{i}.type: Input should be 'text'")
        _check_text(block.get("text"), f"system.{i}.text")


def _check_tools(tools: object, tool_choice: object) -> None:
    if tools is not None:
        if not isinstance(tools, list):
            raise invalid("tools: Input should be a valid list")
        names = []
        for i, tool in enumerate(tools):
            where = f"tools.{i}.custom"
            if not isinstance(tool, dict):
                raise invalid(f"tools.{i}: Input should be a valid dictionary")
            for name in tool:
                if name not in TOOL_FIELDS:
                    raise invalid(f"{where}.{name}: Extra inputs are not permitted")
            for name in ("name", "input_schema"):
                if name not in tool:
                    raise invalid(f"{where}.{name}: Field required")
            if not isinstance(tool["name"], str) or not re.match(TOOL_NAME_PATTERN, tool["name"]):
                raise invalid(f"{where}.name: String should match pattern '{TOOL_NAME_PATTERN}'")
            if not isinstance(tool["input_schema"], dict):
                raise invalid(f"{where}.input_schema: Input should be a valid dictionary")
            if not _valid_schema(json.dumps(tool["input_schema"], sort_keys=True)):
                raise invalid(f"{where}.input_schema: {INVALID_SCHEMA}")
            names.append(tool["name"])
        if len(set(names)) != len(names):
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


def _check_text(text: object, where: str) -> None:
    if not isinstance(text, str):
        raise invalid(f"{where}: Input should be a valid string")
    if text == "":
        raise invalid("messages: text content blocks must be non-empty")
    if not text.strip():
        raise invalid("messages: text content blocks must contain non-whitespace text")


def _check_id(value: object, where: str) -> None:
    if not isinstance(value, str) or not re.match(ID_PATTERN, value):
        raise invalid(f"{where}: String should match pattern '{ID_PATTERN}'")
    if len(value) > ID_MAX_LENGTH:
        raise invalid(f"{where}: String should have at most {ID_MAX_LENGTH} characters")


def _check_block(block: object, where: str) -> None:
    if not isinstance(block, dict):
        raise invalid(f"{where}: Input should be a valid dictionary")
    kind = block.get("type")
    if not isinstance(kind, str) or kind not in BLOCK_FIELDS:
        tags = ", ".join(f"'{tag}'" for tag in BLOCK_FIELDS)
        raise invalid(
            f"{where}: Input tag '{kind}' found using 'type' does not match any of the "
            f"expected tags: {tags}"
        )
    for name in block:
        if name not in BLOCK_FIELDS[kind]:
            raise invalid(f"{where}.{kind}.{name}: Extra inputs are not permitted")
    if kind == "text":
        _check_text(block.get("text"), f"{where}.text.text")
    elif kind == "tool_use":
        _check_id(block.get("id"), f"{where}.tool_use.id")
        if not isinstance(block.get("name"), str) or not block["name"]:
            raise invalid(f"{where}.tool_use.name: Field required")
        if not isinstance(block.get("input"), dict):
            raise invalid(f"{where}.tool_use.input: Input should be a valid dictionary")
    elif kind == "tool_result":
        _check_id(block.get("tool_use_id"), f"{where}.tool_result.tool_use_id")
        content = block.get("content", "")
        if isinstance(content, list):
            for j, inner in enumerate(content):
                _check_block(inner, f"{where}.tool_result.content.{j}")
        elif not isinstance(content, str):
            raise invalid(f"{where}.tool_result.content: Input should be a valid string or list")
        if not isinstance(block.get("is_error", False), bool):
            raise invalid(f"{where}.tool_result.is_error: Input should be a valid boolean")


def _check_messages(messages: object) -> None:
    if not isinstance(messages, list):
        raise invalid("messages: Input should be a valid list")
    for i, message in enumerate(messages):
        if not isinstance(message, dict):
            raise invalid(f"messages.{i}: Input should be a valid dictionary")
        for name in message:
            if name not in ("role", "content"):
                raise invalid(f"messages.{i}.{name}: Extra inputs are not permitted")
        if message.get("role") not in ("user", "assistant"):
            raise invalid(f"messages.{i}.role: Input should be 'user' or 'assistant'")
        if "content" not in message:
            raise invalid(f"messages.{i}.content: Field required")
        content = message["content"]
        is_last_assistant = i == len(messages) - 1 and message["role"] == "assistant"
        if content in ("", []) and not is_last_assistant:
            raise invalid(
                f"messages.{i}: all messages must have non-empty content "
                "except for the optional final assistant message"
            )
        if isinstance(content, list):
            for j, block in enumerate(content):
                _check_block(block, f"messages.{i}.content.{j}")
        elif not isinstance(content, str):
            raise invalid(f"messages.{i}.content: Input should be a valid string or list")
        elif content:  # a string is one text block, with a text block's rules
            _check_text(content, f"messages.{i}.content")


def _turns(messages: list[dict]) -> list[list[int]]:
    """Indices of messages grouped into turns: consecutive same-role messages merge.

    Example: [user, user, assistant, user] -> [[0, 1], [2], [3]]
    """
    turns: list[list[int]] = []
    for i, message in enumerate(messages):
        if turns and messages[turns[-1][0]]["role"] == message["role"]:
            turns[-1].append(i)
        else:
            turns.append([i])
    return turns


def _blocks(message: dict) -> list[dict]:
    """A message's blocks; string content is one text block. Example: "hi" -> [text "hi"]."""
    content = message["content"]
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content else []
    return content


def check_tool_protocol(messages: list[dict]) -> None:
    """Raise the API's 400 if a tool_use goes unanswered, a tool_result has no call, or ids repeat.

    Example: [user, assistant(tool_use toolu_01A), user(text)] -> Rejection("messages.1: ...")
    """
    seen_ids: set[str] = set()
    turns = _turns(messages)
    previous_call_ids: set[str] = set()
    for turn_number, turn in enumerate(turns):
        for i in turn:
            for j, block in enumerate(_blocks(messages[i])):
                if block.get("type") == "tool_use":
                    if block["id"] in seen_ids:
                        raise invalid(f"messages.{i}.content.{j}: `tool_use` ids must be unique")
                    seen_ids.add(block["id"])
                if block.get("type") == "tool_result" and (
                    block["tool_use_id"] not in previous_call_ids
                ):
                    unexpected = UNEXPECTED.format(id=block["tool_use_id"])
                    raise invalid(f"messages.{i}.content.{j}: {unexpected}")
        if messages[turn[0]]["role"] != "assistant":
            previous_call_ids = set()
            continue
        blocks = [(i, b) for i in turn for b in _blocks(messages[i])]
        calls = [(i, b["id"]) for i, b in blocks if b["type"] == "tool_use"]
        previous_call_ids = {call_id for _, call_id in calls}
        if not calls or turn_number + 1 == len(turns):
            continue
        next_blocks = [b for i in turns[turn_number + 1] for b in _blocks(messages[i])]
        answered = set()
        for block in next_blocks:
            if block.get("type") != "tool_result":
                break  # results must come first: anything after a text block does not count
            answered.add(block["tool_use_id"])
        missing = [call_id for _, call_id in calls if call_id not in answered]
        if missing:
            where = calls[[call_id for _, call_id in calls].index(missing[0])][0]
            raise invalid(f"messages.{where}: " + UNANSWERED.format(ids=", ".join(missing)))
