"""Display: neutral messages and the wire they become, as short lines of text for a notebook.

The protocol chapters print histories again and again; these helpers keep each print one line
per message and one per block, so a reader sees the shape, not the bulk:

    view(history)              [1] assistant · tool_use · anthropic · 612 in / 48 out
                                     thinking · claude-... · signed (412 chars)
                                     call read_file {"path": "src/math.ts"}  id=toolu_01...
    side_by_side(a, b)         two JSON values in two columns (the same history, two wires)
    pairs(wire)                (call id, result id) of each call, in either wire format
    details_view(result)       what a UI would draw beside a result: its `details`
    describe_event(e, data)    one server-sent event in a few words

Long ids are shortened and long texts clipped; the mock's port, which changes from run to run,
is hidden, so stored outputs stay the same. The words around the data follow the edition
(`WORDS`, through `language.pick`): "612 in / 48 out" reads "输入 612 / 输出 48" in Chinese. Block
types, field names and ids stay as the wire spells them.

Not handled here: chapter 02's wire view (`views.transcript.show`), HTML and widgets (`views`).
"""

import json
import re
from itertools import zip_longest

from ..language import fit, pick
from ..runtime.protocol import (
    AssistantMessage,
    ImageBlock,
    Message,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    ToolResultMessage,
    UserMessage,
)

# The display's own words in English and Chinese (str.format templates), every label it prints;
# tests/notebooks/test_stored_outputs.py looks for the English ones in zh-CN stored outputs.
WORDS: dict[str, tuple[str, str]] = {
    "chars": ("({n} chars)", "（{n} 个字符）"),
    "tokens": ("{input} in / {output} out", "输入 {input} / 输出 {output}"),
    "signed": ("signed ({n} chars)", "已签名（{n} 个字符）"),
    "unsigned": ("unsigned (cut off)", "未签名（被截断）"),
    "redacted": (
        "redacted thinking · {model} · {n} chars of data",
        "redacted_thinking · {model} · 数据 {n} 个字符",
    ),
    "call": ("call {name} {arguments}", "调用 {name} {arguments}"),
    "raw": ("raw {text}", "原始文本 {text}"),
    "result": ("tool_result for {id} · ", "tool_result（回应 {id}）· "),
    "colon": (": ", "："),
    "ok": ("ok", "成功"),
    "error": ("error", "出错"),
    "details": ("── {name} ({outcome}) ──", "── {name}（{outcome}）──"),
    "signature_delta": ("signature_delta: {n} chars", "signature_delta：{n} 个字符"),
}


def word(key: str, **fields: object) -> str:
    """One of `WORDS` in the edition's language.

    Example: "tokens", input=6, output=4 -> "6 in / 4 out" (in zh-CN: "输入 6 / 输出 4")
    """
    return pick(*WORDS[key]).format(**fields)


def clip(text: object, limit: int = 110) -> str:
    """One line of at most `limit` characters, newlines shown as ⏎ and the mock's port hidden.

    Example: "a\\nb", limit=110 -> "a⏎b";  "http://127.0.0.1:50123/v1" -> "http://127.0.0.1:<port>/v1"
    """
    text = re.sub(r"127\.0\.0\.1:\d+", "127.0.0.1:<port>", str(text)).replace("\n", "⏎")
    return text if len(text) <= limit else text[: limit - 1] + "…"


def short_id(call_id: str, limit: int = 34) -> str:
    """An id short enough to read. Example: a 205-character id -> "call_IEgmS0ze…(205 chars)" """
    return (
        call_id
        if len(call_id) <= limit
        else f"{call_id[: limit - 8]}…" + word("chars", n=len(call_id))
    )


def message_text(message: Message) -> str:
    """The text of a neutral message's text and image blocks (for a wire reply: blocks.text_of).

    Example: UserMessage(content=(TextBlock("hi"),), ...) -> "hi"
    """
    parts = []
    for block in message.content:
        if isinstance(block, TextBlock):
            parts.append(block.text)
        elif isinstance(block, ImageBlock):
            parts.append(f"[{block.media_type}]")
    return " ".join(parts)


def block_line(block: ThinkingBlock | TextBlock | ToolCall) -> str:
    """One block of an assistant message in a few words.

    Example: ThinkingBlock("", "EqQB...", "m") -> "thinking · m · signed (412 chars)"
    """
    if isinstance(block, ThinkingBlock):
        if block.redacted_data is not None:
            return word("redacted", model=block.model, n=len(block.redacted_data))
        signed = word("signed", n=len(block.signature)) if block.signed else word("unsigned")
        said = word("colon") + clip(block.text, 60) if block.text else ""
        return f"thinking · {block.model} · {signed}{said}"
    if isinstance(block, TextBlock):
        return "text" + word("colon") + clip(block.text)
    if block.raw_arguments is None:
        arguments = json.dumps(block.arguments, ensure_ascii=False)
    else:
        arguments = word("raw", text=repr(block.raw_arguments))
    called = word("call", name=block.name, arguments=clip(arguments, 60))
    return f"{called}  id={short_id(block.id)}"


def message_lines(messages: list[Message]) -> list[str]:
    """`view`'s lines: one per message, block and stop reason, cut to the book's width."""
    out, colon = [], word("colon")
    for i, m in enumerate(messages):
        if isinstance(m, UserMessage):
            out.append(f"[{i}] user{colon}{clip(message_text(m))}")
        elif isinstance(m, AssistantMessage):
            tokens = word("tokens", input=m.usage.input_tokens, output=m.usage.output_tokens)
            out.append(f"[{i}] assistant · {m.stop_reason} · {m.provider} · {tokens}")
            out.extend(f"      {block_line(block)}" for block in m.content)
            if m.error_message:
                out.append(f"      error_message{colon}{clip(m.error_message)}")
            if m.stop_details:
                d = m.stop_details
                out.append(
                    f"      stop_details{colon}{d.type} · {d.category} · {clip(d.explanation)}"
                )
        elif isinstance(m, ToolResultMessage):
            answer = word("result", id=short_id(m.tool_call_id)) + f"is_error={m.is_error}"
            out.append(f"[{i}] {answer}{colon}{clip(message_text(m), 70)}")
    return [fit(line) for line in out]


def view(messages: list[Message]) -> None:
    """Print a neutral history, one line per message and per block."""
    print("\n".join(message_lines(messages)))


def side_by_side(
    left: object,
    right: object,
    titles: tuple[str, str] = ("Anthropic Messages", "OpenAI Chat Completions"),
    width: int = 43,
) -> None:
    """Print two JSON values in two columns, clipped to the book's width (43 + 3 + 43)."""
    a, b = json.dumps(left, indent=1).splitlines(), json.dumps(right, indent=1).splitlines()
    print(f"{titles[0]:<{width}} │ {titles[1]}")
    for x, y in zip_longest(a, b, fillvalue=""):
        print(f"{clip(x, width):<{width}} │ {clip(y, width)}")


def pairs(wire: list[dict]) -> list[tuple[str, str]]:
    """(call id, result id) for each call and the result answering it, in either wire format.

    Example: [{"role": "assistant", "tool_calls": [{"id": "c1", ...}]}, {"role": "tool",
    "tool_call_id": "c1", ...}] -> [("c1", "c1")]
    """
    calls, results = [], []
    for message in wire:
        calls += [call["id"] for call in message.get("tool_calls") or []]  # OpenAI Chat
        if message["role"] == "tool":
            results.append(message["tool_call_id"])
        for block in message["content"] if isinstance(message["content"], list) else []:
            if block.get("type") == "tool_use":  # Anthropic
                calls.append(block["id"])
            elif block.get("type") == "tool_result":
                results.append(block["tool_use_id"])
    return list(zip(calls, results, strict=True))


def details_view(result: ToolResultMessage) -> None:
    """Print what a UI would show beside a result: its details, a diff drawn as a diff."""
    outcome = word("error") if result.is_error else word("ok")
    print(word("details", name=result.tool_name, outcome=outcome))
    for key, value in (result.details or {}).items():
        if key == "diff":
            print(value, end="")
        else:
            print(f"{key}{word('colon')}{value}")


def describe_event(event: str, data: dict) -> str:
    """One server-sent event in a few words.

    Example: ("content_block_delta", {"index": 1, "delta": {"type": "input_json_delta",
    "partial_json": '{"pa'}}) -> "[1] input_json_delta: '{\"pa'"
    """
    if event == "content_block_start":
        block = data["content_block"]
        named = f" {block['name']} id={block['id']}" if block["type"] == "tool_use" else ""
        return f"[{data['index']}] {block['type']}{named}"
    if event == "content_block_delta":
        delta = data["delta"]
        if delta["type"] == "signature_delta":
            return f"[{data['index']}] " + word("signature_delta", n=len(delta["signature"]))
        piece = delta.get("text", delta.get("thinking", delta.get("partial_json")))
        return f"[{data['index']}] {delta['type']}{word('colon')}{piece!r}"
    if event == "content_block_stop":
        return f"[{data['index']}]"
    if event == "message_delta":
        return fit(f"stop_reason={data['delta']['stop_reason']} usage={data.get('usage')}", 68)
    return ""
