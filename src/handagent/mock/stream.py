"""Server-sent events for `stream: true`, in the order the real Messages API sends them.

    message_start -> content_block_start -> ping -> content_block_delta... -> content_block_stop
    -> (next block ...) -> message_delta (stop_reason, usage) -> message_stop

Tool arguments arrive as `input_json_delta` pieces of JSON text: the first piece is "", and a
reply cut by `max_tokens` stops mid-object, which is why a runtime must treat arguments as
untrusted text until the block is complete (chapter 06).

Not handled here: thinking deltas, citations, errors mid-stream (the fault switch in `server`
covers a stream that dies).
"""

import json
from collections.abc import Iterator

TEXT_PIECE_WORDS = 3
JSON_PIECE_CHARS = 12


def sse(event: str, data: dict) -> bytes:
    """One event on the wire.

    Example: ("ping", {"type": "ping"}) -> b'event: ping\\ndata: {"type": "ping"}\\n\\n'
    """
    return f"event: {event}\ndata: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def _pieces(text: str, size: int) -> list[str]:
    return [text[i : i + size] for i in range(0, len(text), size)]


def _text_pieces(text: str) -> list[str]:
    words = text.split(" ")
    groups = [words[i : i + TEXT_PIECE_WORDS] for i in range(0, len(words), TEXT_PIECE_WORDS)]
    pieces = [" ".join(group) for group in groups]
    return [piece if i == 0 else " " + piece for i, piece in enumerate(pieces)]


def events(reply: dict, partial_json: str | None = None) -> Iterator[bytes]:
    """The event stream that delivers `reply`; `partial_json` is a cut-off tool call's text."""
    start = {
        **reply,
        "content": [],
        "stop_reason": None,
        "stop_sequence": None,
        "usage": {**reply["usage"], "output_tokens": 1},
    }
    yield sse("message_start", {"type": "message_start", "message": start})
    last = len(reply["content"]) - 1
    for index, block in enumerate(reply["content"]):
        if block["type"] == "text":
            opening = {"type": "text", "text": ""}
            deltas = [{"type": "text_delta", "text": p} for p in _text_pieces(block["text"])]
        else:
            opening = {**block, "input": {}}
            cut_here = partial_json is not None and index == last
            arguments = partial_json if cut_here else json.dumps(block["input"])
            deltas = [
                {"type": "input_json_delta", "partial_json": p}
                for p in [""] + _pieces(arguments, JSON_PIECE_CHARS)
            ]
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
    yield sse(
        "message_delta",
        {
            "type": "message_delta",
            "delta": {"stop_reason": reply["stop_reason"], "stop_sequence": None},
            "usage": {"output_tokens": reply["usage"]["output_tokens"]},
        },
    )
    yield sse("message_stop", {"type": "message_stop"})
