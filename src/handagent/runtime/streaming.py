"""Streaming: one reply assembled from the server-sent events of a `stream: true` request.

The events arrive in the order `handagent.mock.http.stream` shows. Text deltas are joined. A tool
call's arguments arrive as pieces of JSON *text* (`input_json_delta`): they stay text until the
block's `content_block_stop`, and only then are parsed (`protocol.call_from_text`), so invalid
JSON keeps the text in `raw_arguments` instead of breaking the loop. A thinking block's text
arrives as `thinking_delta`s and its signature in one `signature_delta`, just before the block's
`content_block_stop`; a `redacted_thinking` block arrives whole in its `content_block_start`.

Besides a normal `message_stop`, a stream can end three ways:
- cut by `max_tokens`: still a normal end, stop_reason "length"; the cut call's text stays raw;
- the server dies (no `message_stop`) or an `event: error` arrives: stop_reason "error" with an
  error_message, and the content received so far is kept;
- the reader stops (Ctrl-C): `Assembler.aborted()` keeps what arrived, stop_reason "aborted".
A thinking block cut before its signature is kept with signature "": the log has it, no request
will (`runtime.thinking`).

`assemble` reads a whole stream; an `Assembler` takes one event at a time, for a caller that may
stop half-way.

A block of the server's own work (a server tool's call or result, a compaction) is kept whole
as a `ServerBlock`, its input joined from its deltas, as `from_anthropic` keeps it.

Not handled here: HTTP and its failures (`runtime.providers`), citations, OpenAI's stream format.
"""

import json
from collections.abc import Iterable, Iterator
from dataclasses import replace

from .adapters.anthropic import STOP_REASONS, read_stop, read_usage
from .protocol import (
    AssistantMessage,
    ServerBlock,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    Usage,
    assistant_aborted,
    assistant_from_error,
    call_from_text,
    timestamp_or_now,
)


def parse_sse(lines: Iterable[str | bytes]) -> Iterator[tuple[str, dict]]:
    """The named events of a server-sent-event body, given line by line, each data parsed.

    Example: ["event: ping", 'data: {"type": "ping"}', ""] -> ("ping", {"type": "ping"})
    """
    name, data = "", []
    for line in lines:
        line = (line.decode() if isinstance(line, bytes) else line).rstrip("\r\n")
        if line:
            field, _, value = line.partition(":")  # ": comment" lines have no field name
            if field == "event":
                name = value.strip()
            elif field == "data":
                data.append(value.removeprefix(" "))
            continue
        # A blank line ends an event. Events without a name are skipped, as the SDK does; an
        # event cut before its blank line (a dead server) is never yielded.
        if name and data:
            yield name, json.loads("\n".join(data))
        name, data = "", []


class Assembler:
    """A streamed reply, built one event at a time; `message()` gives it at any moment."""

    def __init__(self, *, model: str, provider: str = "anthropic", timestamp: float | None = None):
        self.model = model  # replaced by the model named in message_start
        self.provider = provider
        self.timestamp = timestamp
        self.events = 0
        self._blocks: dict[int, dict] = {}  # index -> {"kind": ..., and the text so far}
        self._usage: dict = {}
        self._stop: dict = {}  # message_delta's delta: stop_reason, stop_details
        self._finished = False  # message_stop arrived
        self._error: str | None = None

    def feed(self, event: str, data: dict) -> None:
        """Take one event. Unknown events and block types are skipped: new API versions add them."""
        self.events += 1
        if event == "message_start":
            self.model = data["message"].get("model") or self.model
            self._usage.update(data["message"].get("usage") or {})
        elif event == "content_block_start":
            self._start(data["index"], data["content_block"])
        elif event == "content_block_delta":
            self._delta(self._blocks.get(data["index"]), data["delta"])
        elif event == "content_block_stop":
            block = self._blocks.get(data["index"])
            if block is not None and block["kind"] == "call":  # only now is its text parsed
                block["call"] = call_from_text(block["id"], block["name"], block["json"])
        elif event == "message_delta":
            self._stop = data.get("delta") or {}
            self._usage.update(data.get("usage") or {})  # output_tokens is cumulative
        elif event == "message_stop":
            self._finished = True
        elif event == "error":  # {"type": "error", "error": {"type": ..., "message": ...}}
            error = data.get("error") or {}
            kind, words = error.get("type"), error.get("message")
            self._error = f"{self.provider}: error event in the stream: {kind}: {words}"

    def _start(self, index: int, block: dict) -> None:
        if block["type"] == "text":
            self._blocks[index] = {"kind": "text", "text": block.get("text", "")}
        elif block["type"] == "thinking":  # {"type", "thinking": "", "signature": ""}
            text, signature = block.get("thinking", ""), block.get("signature", "")
            self._blocks[index] = {"kind": "thinking", "text": text, "signature": signature}
        elif block["type"] == "redacted_thinking":  # {"type", "data"}: whole, no deltas follow
            self._blocks[index] = {"kind": "redacted", "data": block["data"]}
        elif block["type"] == "tool_use":  # {"type", "id", "name", "input": {}}
            self._blocks[index] = {"kind": "call", "id": block["id"], "name": block["name"]}
            self._blocks[index]["json"] = ""
        else:  # the server's own: whole in its start, but for a call's input, sent as deltas
            self._blocks[index] = {"kind": "server", "data": dict(block), "json": ""}

    def _delta(self, block: dict | None, delta: dict) -> None:
        if block is None:
            return  # a delta of a block type we skip
        if delta["type"] == "text_delta":  # {"type", "text"}
            block["text"] += delta["text"]
        elif delta["type"] == "thinking_delta":  # {"type", "thinking"}
            block["text"] += delta["thinking"]
        elif delta["type"] == "signature_delta":  # {"type", "signature"}: just before the stop
            block["signature"] = delta["signature"]  # whole, in one delta (the SDK sets it too)
        elif delta["type"] == "input_json_delta":  # {"type", "partial_json"}
            block["json"] += delta["partial_json"]

    def _content(self) -> list[ThinkingBlock | TextBlock | ToolCall | ServerBlock]:
        blocks = [block for _index, block in sorted(self._blocks.items())]
        # The token limit cuts the last block: its text stays raw even if it parses ("" -> {}).
        cut = STOP_REASONS.get(self._stop.get("stop_reason") or "") in ("length", "window")
        content: list[ThinkingBlock | TextBlock | ToolCall | ServerBlock] = []
        for position, block in enumerate(blocks):
            if block["kind"] == "server":
                content.append(ServerBlock(_joined(block)))
            elif block["kind"] == "text":
                if block["text"]:
                    content.append(TextBlock(block["text"]))
            elif block["kind"] == "thinking":
                content.append(ThinkingBlock(block["text"], block["signature"], self.model))
            elif block["kind"] == "redacted":
                content.append(ThinkingBlock.redacted(block["data"], self.model))
            elif "call" in block and not (cut and position == len(blocks) - 1):
                content.append(block["call"])
            else:  # never completed: kept as the text received, whether or not it would parse
                content.append(ToolCall(block["id"], block["name"], None, block["json"]))
        return content

    def message(self) -> AssistantMessage:
        """The reply as the stream ended it; "error" with the partial content if it never did."""
        content = tuple(self._content())
        if self._finished and self._error is None:
            # the same stop-reason table and wording as a reply that was not streamed
            stop_reason, error, details = read_stop(self._stop)
            return AssistantMessage(
                content=content,
                stop_reason=stop_reason,
                model=self.model,
                provider=self.provider,
                usage=self._usage_so_far(),
                timestamp=timestamp_or_now(self.timestamp),
                error_message=error,
                stop_details=details,
            )
        error = self._error or (
            f"{self.provider}: the stream ended without message_stop after {self.events} "
            "events; the partial content is kept"
        )
        failed = assistant_from_error(error, self.model, self.provider, self.timestamp)
        return replace(failed, content=content, usage=self._usage_so_far())

    def fail(self, error_message: str) -> AssistantMessage:
        """The reply so far as stop_reason "error": the transport failed mid-stream."""
        self._error = error_message
        return self.message()

    def aborted(self) -> AssistantMessage:
        """The reply so far as stop_reason "aborted": the reader stopped."""
        stopped = assistant_aborted(self._content(), self.model, self.provider, self.timestamp)
        return replace(stopped, usage=self._usage_so_far())  # the input was paid for all the same

    def _usage_so_far(self) -> Usage:
        return read_usage(self._usage)


def _joined(block: dict) -> dict:
    """A server block with the input its deltas carried: '{"q": 1}' -> "input": {"q": 1}."""
    if not block["json"]:
        return block["data"]
    try:
        return {**block["data"], "input": json.loads(block["json"])}
    except ValueError:  # cut short: kept as it started, the stream's stop reason says why
        return block["data"]


def assemble(
    events: Iterable[tuple[str, dict]],
    *,
    model: str,
    provider: str = "anthropic",
    timestamp: float | None = None,
) -> AssistantMessage:
    """A whole stream of (event, data) pairs as one neutral message.

    Example: [("message_start", {...}), ("content_block_start", {"index": 0, "content_block":
    {"type": "tool_use", "id": "t1", "name": "f", "input": {}}}), ("content_block_delta", {"index":
    0, "delta": {"type": "input_json_delta", "partial_json": '{"a": '}}), ...("message_stop", {})]
    -> AssistantMessage(content=(ToolCall("t1", "f", {"a": 1}),), stop_reason="tool_use", ...)
    """
    assembler = Assembler(model=model, provider=provider, timestamp=timestamp)
    for event, data in events:
        assembler.feed(event, data)
    return assembler.message()
