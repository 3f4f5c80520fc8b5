"""Every content type the MCP spec lets a tool return, as tool_result content the API takes:
each answer passes `accepted_result` (the API's rules, and the Messages SDK's own block types,
which allow four image media types), or the content is a line saying what was left out.

The MCP side is typed out as the spec writes it (server/tools: Tool Result, 2025-11-25 and
2026-07-28) and parsed by the MCP SDK's own `CallToolResult` first: what a server may send.
"""

import base64
import json

import mcp_types
import pytest
from builders import accepted_result

from handagent.mcp.results import IMAGE_LIMIT, image_type, result_content
from handagent.mcp.wire import tool_result_of

PNG = (  # one pixel
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9"
    "awAAAABJRU5ErkJggg=="
)
GIF = base64.b64encode(b"GIF89a\x01\x00\x01\x00\x00\x00\x00;").decode()
WEBP = base64.b64encode(b"RIFF\x1a\x00\x00\x00WEBPVP8L\x0d\x00\x00\x00").decode()
JPEG = base64.b64encode(b"\xff\xd8\xff\xe0\x00\x10JFIF\x00").decode()
SVG = base64.b64encode(b'<svg xmlns="http://www.w3.org/2000/svg"/>').decode()


def answered(*content: dict, **result) -> list[dict]:
    """What the model reads for a CallToolResult holding `content`, once the API takes it."""
    result = {"content": list(content), **result}
    mcp_types.CallToolResult.model_validate(result)  # a result a server may send
    return accepted_result(tool_result_of("toolu_01A", result))["content"]


def image(data: str, mime: str) -> dict:
    return {"type": "image", "data": data, "mimeType": mime}


def api_image(data: str, mime: str) -> dict:
    return {"type": "image", "source": {"type": "base64", "media_type": mime, "data": data}}


@pytest.mark.parametrize(
    "data, kind",
    [(PNG, "image/png"), (JPEG, "image/jpeg"), (GIF, "image/gif"), (WEBP, "image/webp"),
     (SVG, None), ("", None)],
)  # fmt: skip
def test_an_images_type_is_read_from_its_bytes(data, kind):
    assert image_type(data) == kind


def test_text_and_the_four_image_types_reach_the_model_as_they_are():
    kinds = ((PNG, "image/png"), (JPEG, "image/jpeg"), (GIF, "image/gif"), (WEBP, "image/webp"))
    blocks = [image(data, mime) for data, mime in kinds]
    assert answered({"type": "text", "text": "Four:"}, *blocks) == [
        {"type": "text", "text": "Four:"},
        *(api_image(b["data"], b["mimeType"]) for b in blocks),
    ]


def test_an_svg_image_becomes_a_line_saying_what_was_left_out():
    assert answered(image(SVG, "image/svg+xml")) == [
        {"type": "text", "text": "[image/svg+xml image left out: a tool_result holds PNG, "
         "JPEG, GIF or WebP images only]"}
    ]  # fmt: skip


def test_an_image_whose_bytes_say_another_type_is_sent_as_the_type_of_its_bytes():
    assert answered(image(PNG, "image/jpeg")) == [api_image(PNG, "image/png")]


def test_an_image_that_is_not_base64_or_is_too_large_becomes_a_line():
    assert answered(image("iVBORw0K!!", "image/png")) == [
        {"type": "text", "text": "[image/png image left out: its data is not valid base64]"}
    ]
    huge = PNG + "A" * (IMAGE_LIMIT - len(PNG) + 4)
    (line,) = result_content({"content": [image(huge, "image/png")]})
    assert line["text"] == (
        "[image/png image left out: 5,242,884 characters of base64, over the API's 5,242,880]"
    )


def test_audio_becomes_a_line_saying_it_was_left_out():
    said = answered({"type": "audio", "data": "UklGRiQAAABXQVZF", "mimeType": "audio/wav"})
    assert said == [{"type": "text", "text": "[audio/wav audio left out (12 bytes): a "
                     "tool_result holds text and images only]"}]  # fmt: skip


def test_a_resource_link_becomes_a_line_naming_it():
    link = {"type": "resource_link", "uri": "file:///project/src/main.rs", "name": "main.rs",
            "description": "Primary application entry point",
            "mimeType": "text/x-rust"}  # fmt: skip
    assert answered(link) == [{"type": "text", "text": "[resource link: main.rs "
                               "<file:///project/src/main.rs>, text/x-rust, Primary application "
                               "entry point]"}]  # fmt: skip


def test_an_embedded_resource_gives_its_text_or_its_image_under_a_line_naming_it():
    text = {"uri": "file:///a/main.rs", "mimeType": "text/x-rust", "text": "fn main() {}"}
    png = {"uri": "demo://logo", "mimeType": "image/png", "blob": PNG}
    other = {"uri": "file:///a.bin", "mimeType": "application/octet-stream", "blob": "AAEC"}
    as_bytes = {"uri": "demo://note", "mimeType": "text/plain", "blob": "aMOpIQ=="}  # "hé!"
    embedded = [{"type": "resource", "resource": each} for each in (text, png, as_bytes, other)]
    assert answered(*embedded) == [
        {"type": "text", "text": "[resource file:///a/main.rs (text/x-rust)]\nfn main() {}"},
        {"type": "text", "text": "[resource demo://logo]"},
        api_image(PNG, "image/png"),
        {"type": "text", "text": "[resource demo://note (text/plain)]\nhé!"},
        {"type": "text", "text": "[resource file:///a.bin (application/octet-stream, 3 bytes) "
         "left out: a tool_result holds text and images only]"},
    ]  # fmt: skip


def test_annotations_and_meta_are_dropped_and_empty_text_never_reaches_the_api():
    noted = {"type": "text", "text": "ok", "annotations": {"audience": ["user"], "priority": 1},
             "_meta": {"trace": "1"}}  # fmt: skip
    assert answered(noted, {"type": "text", "text": "  "}) == [{"type": "text", "text": "ok"}]
    assert answered({"type": "text", "text": ""}) == [
        {"type": "text", "text": "[The tool returned no content.]"}
    ]


@pytest.mark.parametrize("value", [{"temperature": 22.5}, [1, 2], "warm", 0, False])
def test_structured_content_alone_is_read_as_json_whatever_its_value(value):
    # 2026-07-28: any JSON value; a server should also send it as text, read then instead
    assert answered(structuredContent=value) == [{"type": "text", "text": json.dumps(value)}]
    both = answered({"type": "text", "text": "22.5 °C"}, structuredContent=value)
    assert both == [{"type": "text", "text": "22.5 °C"}]
