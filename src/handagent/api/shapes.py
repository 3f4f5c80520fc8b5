"""Shape helpers every rule module shares: fields, text, tags, turns and blocks, in the API's words.

    check_fields({"type": "text"}, "messages.0.content.0", "text", BLOCKS)
        -> Rejection(400, ..., "messages.0.content.0.text.text: Field required")
    turns([user, user, assistant]) -> [[0, 1], [2]]

`history` (the rules of `messages`) and `checks` (the rest of a request) both read requests
through these, so a missing field or an unknown tag is worded the same way wherever it is.

Not handled here: which fields a shape has (`fields`), or any rule about what a request means.
"""

from .rejections import INVALID_SCHEMA, invalid

Table = dict[str, tuple[tuple[str, ...], tuple[str, ...]]]  # kind -> (required, optional) fields


def one_of(values) -> str:
    """pydantic's list of a Literal's values. Example: ("a", "b", "c") -> "'a', 'b' or 'c'"."""
    return " or ".join(", ".join(f"'{value}'" for value in values).rsplit(", ", 1))


def check_text(text: object, where: str, *, spaces_ok: bool = False) -> None:
    """A text block's text: a non-empty string with something besides whitespace."""
    if not isinstance(text, str):
        raise invalid(f"{where}: Input should be a valid string")
    if text == "":
        raise invalid("messages: text content blocks must be non-empty")
    if not text.strip() and not spaces_ok:
        raise invalid("messages: text content blocks must contain non-whitespace text")


def check_fields(value: dict, where: str, kind: str, table: Table) -> None:
    """Unknown fields first, then missing ones, as the API reports them."""
    required, optional = table[kind]
    for name in value:
        if name != "type" and name not in required and name not in optional:
            raise invalid(f"{where}.{kind}.{name}: Extra inputs are not permitted")
    for name in required:
        if name not in value:
            raise invalid(f"{where}.{kind}.{name}: Field required")


def tag_error(where: str, kind: object, table: Table) -> Exception:
    """A `type` that names no known shape. Example: "audio" -> "...: Input tag 'audio' ..."."""
    tags = ", ".join(f"'{tag}'" for tag in table)
    return invalid(
        f"{where}: Input tag '{kind}' found using 'type' does not match any of the "
        f"expected tags: {tags}"
    )


def turns(messages: list[dict]) -> list[list[int]]:
    """Indices of messages grouped into turns: consecutive same-role messages merge.

    Example: [user, user, assistant, system, user] -> [[0, 1], [2], [4]]
    """
    grouped: list[list[int]] = []
    for i, message in enumerate(messages):
        if message.get("role") == "system":
            continue  # turn-scoped instructions, not a turn of their own
        if grouped and messages[grouped[-1][0]]["role"] == message["role"]:
            grouped[-1].append(i)
        else:
            grouped.append([i])
    return grouped


def blocks_of(message: dict) -> list[dict]:
    """A message's blocks; string content is one text block. Example: "hi" -> [text "hi"]."""
    content = message["content"]
    if isinstance(content, str):
        return [{"type": "text", "text": content}] if content else []
    return content


def valid_schema(schema: dict) -> bool:
    """Whether a schema is a draft 2020-12 JSON Schema. Example: {"properties": 5} -> False"""
    from .schemas import is_draft_2020_12_schema  # late: chapter 00 sends no tools

    return is_draft_2020_12_schema(schema)


def check_format(spec: object, where: str) -> None:
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
    if not valid_schema(spec["schema"]):
        raise invalid(f"{where}.schema: {INVALID_SCHEMA}")
