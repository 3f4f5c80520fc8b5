"""Server-sent events for `stream: true`, in the order the real Messages API sends them.

    message_start -> content_block_start -> ping -> content_block_delta... -> content_block_stop
    -> (next block ...) -> message_delta (stop_reason, stop_details, usage) -> message_stop

Deltas by block, as the recorded streams show them (tests/recorded):

    text       text_delta pieces
    tool_use   input_json_delta pieces of JSON text; the first piece is ""
    thinking   thinking_delta pieces (none when the text is omitted), then one signature_delta
               "just before the block's content_block_stop" (SDK: types/signature_delta.py)
    server_tool_use, mcp_tool_use    input_json_delta pieces, as tool_use
    compaction                       opens with `content: null`, then one compaction_delta
    a server tool's result block     whole in its content_block_start, with no deltas

`message_start` carries the usage known before generating (output_tokens 1); `message_delta`
carries the final counts, input and cache counts included (cumulative totals, each replacing
the one before), and `container` (in its delta) and beta `context_management` (beside it).
A reply cut by `max_tokens` stops mid-object, which is why a runtime must treat arguments as
untrusted text until the block is complete (chapter 07).

Not handled here: citations, errors mid-stream (the fault switch in `server` covers a stream
that dies).
"""

import json
from collections.abc import Iterator

TEXT_PIECE_WORDS = 3
JSON_PIECE_CHARS = 12
THINKING_PIECE_WORDS = 8
START_ONLY = ("output_tokens_details", "server_tool_use", "iterations")  # known only at the end
DELTA_USAGE = (
    "input_tokens",
    "cache_creation_input_tokens",
    "cache_read_input_tokens",
    "output_tokens",
    "output_tokens_details",
    "server_tool_use",
    "iterations",
)
END_ONLY = ("container", "context_management")  # in message_delta, not message_start
STREAMED_CALLS = ("tool_use", "server_tool_use", "mcp_tool_use")


def sse(event: str, data: dict) -> bytes:
    """One event on the wire.

    Example: ("ping", {"type": "ping"}) -> b'event: ping\\ndata: {"type": "ping"}\\n\\n'
    """
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def _pieces(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def _word_pieces(text: str, words_per_piece: int) -> list[str]:
    words = text.split(" ")
    groups = [words[i : i + words_per_piece] for i in range(0, len(words), words_per_piece)]
    pieces = [" ".join(group) for group in groups]
    return [piece if i == 0 else " " + piece for i, piece in enumerate(pieces)]


def _block_events(block: dict, cut_json: str | None) -> tuple[dict, list[dict]]:
    """How one block opens, and the deltas that fill it."""
    if block["type"] == "text":
        pieces = _word_pieces(block["text"], TEXT_PIECE_WORDS)
        return {"type": "text", "text": ""}, [{"type": "text_delta", "text": p} for p in pieces]
    if block["type"] == "thinking":
        pieces = _word_pieces(block["thinking"], THINKING_PIECE_WORDS) if block["thinking"] else []
        deltas = [{"type": "thinking_delta", "thinking": p} for p in pieces]
        deltas.append({"type": "signature_delta", "signature": block["signature"]})
        return {"type": "thinking", "thinking": "", "signature": ""}, deltas
    if block["type"] == "compaction":
        return {**block, "content": None}, [
            {"type": "compaction_delta", "content": block["content"]}
        ]
    if block["type"] not in STREAMED_CALLS:
        return block, []  # a result block arrives whole
    arguments = cut_json if cut_json is not None else json.dumps(block["input"])
    pieces = [""] + _pieces(arguments, JSON_PIECE_CHARS)
    return {**block, "input": {}}, [{"type": "input_json_delta", "partial_json": p} for p in pieces]


def events(reply: dict, partial_json: str | None = None) -> Iterator[bytes]:
    """The event stream that delivers `reply`; `partial_json` is a cut-off tool call's text."""
    usage = reply["usage"]
    start_usage = {k: v for k, v in usage.items() if k not in START_ONLY} | {"output_tokens": 1}
    start = {k: v for k, v in reply.items() if k not in END_ONLY}
    start = {**start, "content": [], "stop_reason": None, "stop_sequence": None}
    start = {**start, "stop_details": None, "usage": start_usage}
    yield sse("message_start", {"type": "message_start", "message": start})
    last = len(reply["content"]) - 1
    if last < 0:
        yield sse("ping", {"type": "ping"})
    for index, block in enumerate(reply["content"]):
        opening, deltas = _block_events(block, partial_json if index == last else None)
        yield sse(
            "content_block_start",
            {"type": "content_block_start", "index": index, "content_block": opening},
        )
        if index == 0:
            yield sse("ping", {"type": "ping"})
        for delta in deltas:
            yield sse(
                "content_block_delta",
                {"type": "content_block_delta", "index": index, "delta": delta},
            )
        yield sse("content_block_stop", {"type": "content_block_stop", "index": index})
    stop = {key: reply[key] for key in ("stop_reason", "stop_sequence", "stop_details")}
    if "container" in reply:
        stop["container"] = reply["container"]
    final = {key: usage[key] for key in DELTA_USAGE if key in usage}
    delta = {"type": "message_delta", "delta": stop, "usage": final}
    if "context_management" in reply:
        delta["context_management"] = reply["context_management"]
    yield sse("message_delta", delta)
    yield sse("message_stop", {"type": "message_stop"})
