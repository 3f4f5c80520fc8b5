"""An MCP tool's result as the model may read it: every content type the spec allows, mapped onto
what a tool_result holds (text and image blocks), or said in a line of text.

    MCP content (CallToolResult.content)         tool_result content
    {"type": "text", "text"}                     {"type": "text", "text"} (empty text dropped)
    {"type": "image", "data", "mimeType"}        {"type": "image", "source": {"type": "base64",
      PNG, JPEG, GIF or WebP, at most 5 MB         "media_type", "data"}}, the type its bytes show
      anything else (SVG, BMP, broken base64)    a line saying what was left out and why
    {"type": "audio", "data", "mimeType"}        a line: audio left out
    {"type": "resource_link", "uri", "name"}     a line naming the link
    {"type": "resource", "resource": {"text"}}   its text, under a line naming its uri
    {"type": "resource", "resource": {"blob"}}   an image as above, text if its type is text
                                                 and its bytes UTF-8, else a line
    structuredContent, when content is empty     its JSON as text (any JSON value, 2026-07-28)
    annotations, _meta                           dropped: hints for a display, no place on the API

The API's side (../shared/reference/api-2026-12.md §4.5, SDK 2.10's `Base64ImageSourceParam`):
an image is `image/png`, `image/jpeg`, `image/gif` or `image/webp`; a text block is never empty;
"image exceeds 5 MB maximum: N bytes > 5242880 bytes" (github.com/anthropics/claude-code#14887).

Not handled here: an image's pixel dimensions (the API scales large ones down), reading a linked
resource (`resources/read`), whether a result breaks its tool's output schema (see `calls`).
"""

import base64
import binascii
import json

IMAGE_LIMIT = 5 * 1024 * 1024  # characters of base64, as the API counts them
_MAGIC = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg",
          b"GIF87a": "image/gif", b"GIF89a": "image/gif"}  # fmt: skip
EMPTY = "[The tool returned no content.]"


def image_type(data: str) -> str | None:
    """The API media type these base64 bytes are, or None for any other kind of file.

    Example: "iVBORw0KGgo..." -> "image/png"; "PHN2Zy8+" (an SVG) -> None
    """
    head = base64.b64decode(data[:24] + "=" * (-len(data[:24]) % 4), validate=False)
    if head[:4] == b"RIFF" and head[8:12] == b"WEBP":
        return "image/webp"
    return next((kind for magic, kind in _MAGIC.items() if head.startswith(magic)), None)


def image_blocks(data: str, declared: str, what: str = "image") -> list[dict]:
    """One image as tool_result content: an image block the API takes, or a line saying why not.

    Example: ("iVBORw0KGgo...", "image/png") -> [{"type": "image", "source": {"type": "base64",
        "media_type": "image/png", "data": "iVBORw0KGgo..."}}]
    ("PHN2Zy8+", "image/svg+xml") -> [{"type": "text", "text": "[image/svg+xml image left out:
        a tool_result holds PNG, JPEG, GIF or WebP images only]"}]
    """
    if len(data) > IMAGE_LIMIT:
        return [_line(f"{declared} {what} left out: {len(data):,} characters of base64, over "
                      f"the API's {IMAGE_LIMIT:,}")]  # fmt: skip
    try:
        binascii.a2b_base64(data, strict_mode=True)
        kind = image_type(data)
    except (binascii.Error, ValueError):
        return [_line(f"{declared} {what} left out: its data is not valid base64")]
    if kind is None:
        return [_line(f"{declared} {what} left out: a tool_result holds PNG, JPEG, GIF or WebP "
                      "images only")]  # fmt: skip
    return [{"type": "image", "source": {"type": "base64", "media_type": kind, "data": data}}]


def _line(text: str) -> dict:
    return {"type": "text", "text": f"[{text}]"}


def _resource(resource: dict) -> list[dict]:
    """An embedded resource: its text under a line naming it, or its bytes as an image or a line."""
    uri, kind = resource.get("uri"), resource.get("mimeType") or "no type"
    if isinstance(resource.get("text"), str):
        return [{"type": "text", "text": f"[resource {uri} ({kind})]\n{resource['text']}"}]
    blob = resource.get("blob") or ""
    if kind.startswith("image/"):
        return [_line(f"resource {uri}"), *image_blocks(blob, kind, "resource")]
    if kind.startswith("text/") or kind.endswith(("json", "xml")):
        try:  # text sent as bytes: the model reads it as text
            text = base64.b64decode(blob, validate=True).decode()
            return [{"type": "text", "text": f"[resource {uri} ({kind})]\n{text}"}]
        except (binascii.Error, UnicodeDecodeError):
            pass
    return [_line(f"resource {uri} ({kind}, {len(blob) * 3 // 4:,} bytes) left out: a "
                  "tool_result holds text and images only")]  # fmt: skip


def mapped_blocks(block: dict) -> list[dict]:
    """One MCP content block as tool_result content (see the table above).

    Example: {"type": "resource_link", "uri": "file:///a/main.rs", "name": "main.rs"}
        -> [{"type": "text", "text": "[resource link: main.rs <file:///a/main.rs>]"}]
    """
    kind = block.get("type")
    if kind == "text":
        text = block.get("text")
        return [{"type": "text", "text": text}] if isinstance(text, str) and text.strip() else []
    if kind == "image":
        return image_blocks(block.get("data") or "", block.get("mimeType") or "untyped")
    if kind == "audio":
        size = len(block.get("data") or "") * 3 // 4
        return [_line(f"{block.get('mimeType')} audio left out ({size:,} bytes): a tool_result "
                      "holds text and images only")]  # fmt: skip
    if kind == "resource_link":
        said = f"resource link: {block.get('name')} <{block.get('uri')}>"
        extra = [block[key] for key in ("mimeType", "description") if block.get(key)]
        return [_line(", ".join([said, *extra]))]
    if kind == "resource" and isinstance(block.get("resource"), dict):
        return _resource(block["resource"])
    return [_line(f"{kind} content left out: a tool_result holds text and images only")]


def result_content(result: dict) -> list[dict]:
    """A CallToolResult's content as tool_result content, never empty.

    Example: {"content": [{"type": "text", "text": "6912"},
                          {"type": "image", "data": "iVBO...", "mimeType": "image/png"}]}
        -> [{"type": "text", "text": "6912"},
            {"type": "image", "source": {"type": "base64", "media_type": "image/png",
                                         "data": "iVBO..."}}]
    """
    blocks = [each for block in result.get("content") or [] for each in mapped_blocks(block)]
    if not blocks and result.get("structuredContent") is not None:
        text = json.dumps(result["structuredContent"], ensure_ascii=False)
        blocks.append({"type": "text", "text": text})
    return blocks or [{"type": "text", "text": EMPTY}]
