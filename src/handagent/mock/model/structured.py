"""Structured outputs: a reply whose text is JSON that validates against the request's schema.

    output_config: {"format": {"type": "json_schema", "schema": {...}}}   (GA)
    output_format: {"type": "json_schema", "schema": {...}}               (beta,
                                                                           structured-outputs-
                                                                           2025-11-13)

The model's text is replaced by a JSON object filled from the request the way the brain fills a
tool's input (`arguments.fill`: the values the request gives, by each property's name and
description), with local `$ref`s resolved first. A turn that calls tools keeps its calls: the
format shapes the final text only (recorded: pydantic-ai test_strict_true_tool_native_output
calls its tool first, then answers in JSON).

    shape({"output_config": {"format": {..."properties": {"city": ...}}}, "messages":
           [user "Which city hosts the Louvre? Paris."]}, [text "..."])
        -> [text '{"city": "Paris"}']

Not handled here: `pattern`, `format` keywords (a string that must match one gets the text it
would have had), schemas the API itself refuses (a 400 first, `checks`).
"""

import json
import re

from ...api.schemas import jsonschema  # imported light
from ...validation import input_problems
from .arguments import context, fill

UNQUOTE = str.maketrans("", "", "“”")  # how phrases.quoted marks a result in a Chinese reply
MAX_DEPTH = 8  # `$ref`s resolved at most this deep (a recursive schema stops there)
# "Extract: ...", "Please parse the contact below: ...", "提取：...": the instruction, not the data
INSTRUCTION = re.compile(
    r"^\s*(?:please\s+|can you\s+|could you\s+)?(?:extract|parse|pull out|get|find|list|read|"
    r"summari[sz]e|classify|analy[sz]e|convert|format|turn|structure|capture|record|fill in)\b"
    r"[^:：\n]{0,80}[:：]\s*|^\s*请?(?:提取|抽取|解析|整理|总结|分析|读取)[^:：\n]{0,30}[:：]\s*",
    re.I,
)


def schema_of(request: dict) -> dict | None:
    """The schema a reply must follow, or None. Example: {"output_format": {"schema": S}} -> S"""
    spec = (request.get("output_config") or {}).get("format") or request.get("output_format")
    return spec.get("schema") if isinstance(spec, dict) else None


def shape(request: dict, blocks: list[dict]) -> list[dict]:
    """The model's blocks with its final text made the schema's JSON."""
    schema = schema_of(request)
    if schema is None or any(b.get("type") in ("tool_use", "server_tool_use") for b in blocks):
        return blocks
    said = " ".join(b.get("text", "") for b in blocks if b.get("type") == "text")
    said = said.translate(UNQUOTE)  # 返回“Order 1042: …”: its own quote marks, not a title
    value = value_for(schema, f"{_asked(request)} {said}".strip())
    others = [b for b in blocks if b.get("type") != "text"]
    return [*others, {"type": "text", "text": json.dumps(value, ensure_ascii=False)}]


def value_for(schema: dict, text: str) -> object:
    """A value for `schema` from `text` that validates, if the mock can make one.

    Example: ({"type": "object", "properties": {"n": {"type": "integer"}}, "required": ["n"]},
              "It is 42.") -> {"n": 42};  "Extract: John is 31 years old." -> {"name": "John",
              "age": 31}: the instruction before the colon gives no values
    """
    flat = _resolve(schema, schema, 0)
    if lead := INSTRUCTION.match(text):  # what follows is data: its first word may well be a name
        data = text[lead.end() :]
        text = f"of {data}" if data[:1].isascii() else data
    if flat.get("type", "object") == "object" and "properties" in flat:
        value, _ = fill(flat, context(text, text, {"name": "answer", "input_schema": flat}))
    else:
        wrapped = {"type": "object", "properties": {"value": flat}, "required": ["value"]}
        args, _ = fill(wrapped, context(text, text, {"name": "answer", "input_schema": wrapped}))
        value = args.get("value")
    try:
        if input_problems(schema, value):
            simple = _example(flat)
            return simple if not input_problems(schema, simple) else value
    except jsonschema.exceptions.RefResolutionError:  # a `$ref` outside the schema: unchecked
        pass
    return value


def _resolve(node: object, root: dict, depth: int) -> object:
    """The schema with local `$ref`s ("#/$defs/City") replaced by what they point at."""
    if isinstance(node, list):
        return [_resolve(item, root, depth) for item in node]
    if not isinstance(node, dict):
        return node
    if isinstance(node.get("$ref"), str) and node["$ref"].startswith("#/") and depth < MAX_DEPTH:
        target: object = root
        for part in node["$ref"][2:].split("/"):
            target = target.get(part, {}) if isinstance(target, dict) else {}
        rest = {k: v for k, v in node.items() if k != "$ref"}
        return _resolve({**(target if isinstance(target, dict) else {}), **rest}, root, depth + 1)
    return {
        k: _resolve(v, root, depth) for k, v in node.items() if k not in ("$defs", "definitions")
    }


def _example(spec: dict) -> object:
    """The plainest value of a schema: its const, first enum value, or an empty-ish value."""
    for key in ("anyOf", "oneOf"):
        if isinstance(spec.get(key), list) and spec[key]:
            return _example({**{k: v for k, v in spec.items() if k != key}, **spec[key][0]})
    if "const" in spec:
        return spec["const"]
    if spec.get("enum"):
        return spec["enum"][0]
    kind = spec.get("type", "object" if "properties" in spec else "string")
    kind = next((k for k in kind if k != "null"), "null") if isinstance(kind, list) else kind
    if kind == "object":
        props = spec.get("properties") or {}
        return {name: _example(props.get(name) or {}) for name in spec.get("required") or []}
    if kind == "array":
        return [_example(spec.get("items") or {}) for _ in range(spec.get("minItems", 0))]
    if kind in ("number", "integer"):
        return spec.get("minimum", 0)
    return {"boolean": False, "null": None}.get(kind, "x" * spec.get("minLength", 0))


def _asked(request: dict) -> str:
    """The latest user text (and tool results), where the values come from."""
    for message in reversed(request.get("messages") or []):
        content = message.get("content")
        if message.get("role") != "user":
            continue
        if isinstance(content, str):
            return content
        parts = [b.get("text") or _result_text(b) for b in content or [] if isinstance(b, dict)]
        return " ".join(p for p in parts if p)
    return ""


def _result_text(block: dict) -> str:
    content = block.get("content") if block.get("type") == "tool_result" else None
    if isinstance(content, list):
        return " ".join(b.get("text", "") for b in content if isinstance(b, dict))
    return content if isinstance(content, str) else ""
