"""Chapter 12 exercise: an MCP server's CallToolResult as the tool_result that answers the call.

The learner writes `to_tool_result(tool_use_id, result)`: `result` is a CallToolResult as the
wire has it (`{"content": [...], "isError": bool}`), the answer a `tool_result` block for the
Messages API, as `mcp.wire.tool_result_of` makes it. `check_mapping` hands it one result per
case (plain text, a failure, two text blocks, an image beside text) and names each case whose
block is wrong, with what differs: the id, `isError` left under MCP's name, a block dropped, an
image still in MCP's shape. A string content stands for one text block, as the API reads it: it
passes for a single text and is named for more blocks.

Hints follow the edition's language, `handagent.language`.

Not handled here: audio, resource links and structuredContent (the chapter shows them).
"""

from ..language import pick
from ..mcp.wire import tool_result_of
from . import Verdict, attempt
from .questions.ch12 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("12 · a CallToolResult as a tool_result", "12 · 把 CallToolResult 变成 tool_result")
PIXEL = (
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8Dw"
    "HwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)


def _text(text: str) -> dict:
    return {"type": "text", "text": text}


# (case in English, in Chinese, the tool_use id, the CallToolResult)
CASES = (
    ("a sum", "一个和", "toolu_12_add", {"content": [_text("6912")], "isError": False}),
    (
        "a failure",
        "一次失败",
        "toolu_12_weather",
        {"content": [_text("no forecast for 'Atlantis'")], "isError": True},
    ),
    (
        "two text blocks",
        "两个文本块",
        "toolu_12_two",
        {"content": [_text("Oslo: 12 °C"), _text("Lima: 19 °C")], "isError": False},
    ),
    (
        "an image beside text",
        "文字旁边一张图",
        "toolu_12_radar",
        {
            "content": [
                _text("Radar over Oslo:"),
                {"type": "image", "data": PIXEL, "mimeType": "image/png"},
            ],
            "isError": False,
        },
    ),
)


def _plain(block: object) -> object:
    """A block as the API reads it: `is_error: False` as no is_error at all, and a string
    content as the one text block it stands for (both forms are the API's).

    Example: {"content": "6912", "is_error": False} -> {"content": [{"type": "text", ...}]}
    """
    if not isinstance(block, dict):
        return block
    plain = {key: value for key, value in block.items() if key != "is_error" or value}
    if isinstance(plain.get("content"), str):
        plain["content"] = [_text(plain["content"])]
    return plain


def _difference(got: object, expected: dict) -> tuple[str, str]:
    """What is wrong with the learner's block, in English and in Chinese."""
    if not isinstance(got, dict):
        return (
            f"returned {type(got).__name__}, not a dict",
            f"返回的是 {type(got).__name__}，不是 dict",
        )
    if got.get("type") != "tool_result":
        kind = got.get("type")
        return f'type is {kind!r}, expected "tool_result"', f'type 是 {kind!r}，应为 "tool_result"'
    if got.get("tool_use_id") != expected["tool_use_id"]:
        said = f"tool_use_id is {got.get('tool_use_id')!r}, expected {expected['tool_use_id']!r}"
        return said, said.replace(", expected", "，应为")
    if "isError" in got:
        return (
            "isError is MCP's field name; the Messages API reads is_error",
            "isError 是 MCP 的字段名，Messages API 读的是 is_error",
        )
    if got.get("is_error", False) != expected.get("is_error", False):
        return (
            f"is_error is {got.get('is_error', False)}, the server said isError "
            f"{expected.get('is_error', False)}",
            f"is_error 是 {got.get('is_error', False)}，服务器说的 isError 是 "
            f"{expected.get('is_error', False)}",
        )
    content, wanted = got.get("content"), expected["content"]
    if isinstance(content, str):  # one string is one text block: it cannot hold these
        return (
            f"content is one string, but the server sent {len(wanted)} blocks: a string "
            "stands for a single text block, so keep them as a list of blocks",
            f"content 是一个字符串，可服务器发了 {len(wanted)} 个块；一个字符串只能代表一个"
            "文本块，所以要把它们保留成块的列表",
        )
    if not isinstance(content, list):
        kind = "None" if content is None else f"a {type(content).__name__}"
        kind_zh = "None" if content is None else type(content).__name__
        return (
            f"content is {kind}, not a list of blocks: keep every block the server sent",
            f"content 是 {kind_zh}，不是块的列表，服务器发来的每个块都要留下",
        )
    if len(content) != len(wanted):
        return (
            f"content has {len(content)} block(s), the server sent {len(wanted)}: keep every one",
            f"content 有 {len(content)} 个块，服务器发了 {len(wanted)} 个，每一个都要留下",
        )
    for block, right in zip(content, wanted, strict=True):
        if block != right and right["type"] == "image":
            return (
                'an image goes as {"type": "image", "source": {"type": "base64", "media_type", '
                '"data"}}, not as MCP\'s {"data", "mimeType"}',
                '图片要写成 {"type": "image", "source": {"type": "base64", "media_type", '
                '"data"}}，不是 MCP 的 {"data", "mimeType"}',
            )
        if block != right:
            return f"the block {block!r} should be {right!r}", f"块 {block!r} 应为 {right!r}"
    return f"{got!r} should be {expected!r}", f"{got!r} 应为 {expected!r}"


def check_mapping(learner_to_tool_result) -> Verdict:
    """Run the learner's to_tool_result(tool_use_id, result) on every case; name each wrong one."""
    problems = []
    for english, chinese, tool_use_id, result in CASES:
        expected = tool_result_of(tool_use_id, result)
        got, raised = attempt(learner_to_tool_result, tool_use_id, result)
        if raised:
            problems.append(pick(f"{english}: {raised}", f"{chinese}：{raised}"))
        elif _plain(got) != expected:
            why_en, why_zh = _difference(got, expected)
            problems.append(pick(f"{english}: {why_en}", f"{chinese}：{why_zh}"))
    return Verdict(pick(*EXERCISE), tuple(problems))
