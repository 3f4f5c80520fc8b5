"""The session log: one JSON line per message, appended as the conversation happens.

A session is long-lived data: months later, explaining why a task failed needs every message
as it was, with its model, usage, timestamp, `details` and original tool-call ids (ids are only
rewritten on the way to a provider, never here), and every thinking block with its signature and
its model (a resumed session must send them back exactly). `load` gives back messages equal to
the ones appended, floats and unicode included.

Each line is tagged by the message's `role` and each block by its `type`:

    {"content": [{"text": "hi", "type": "text"}], "timestamp": 1767225600.5, "role": "user"}

Crash safety: `append` writes the whole line, newline included, in one `os.write` on a file
opened with O_APPEND, then `os.fsync`, so a crashing process leaves whole lines only and a
returned `append` survives a power cut. A power cut during the write can still leave the last
line cut short, with no newline: `load` then sets that line aside in `<log>.torn` (nothing is
thrown away), removes it from the log so the next `append` starts a fresh line, and warns. Any
other damaged line raises, naming its number.

Not handled here: locking between processes, rotation, a schema version.
"""

import dataclasses
import json
import os
import warnings

from .protocol import (
    AssistantMessage,
    ImageBlock,
    Message,
    ServerBlock,
    StopDetails,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    UserMessage,
)

MESSAGE_CLASSES = {
    "user": UserMessage,
    "assistant": AssistantMessage,
    "tool_result": ToolResultMessage,
}
BLOCK_CLASSES = {
    "text": TextBlock,
    "image": ImageBlock,
    "tool_call": ToolCall,
    "thinking": ThinkingBlock,
    "server": ServerBlock,
}


def dumps(message: Message) -> str:
    """One message as one line of JSON, without the newline.

    Example: user_text("hi", 1.5) -> '{"content": [{"text": "hi", "type": "text"}], ...}'
    """
    record = dataclasses.asdict(message)
    line = json.dumps(record, ensure_ascii=False)  # readable: Chinese stays Chinese
    try:
        line.encode("utf-8")
    except UnicodeEncodeError:  # a lone surrogate, e.g. from a model's broken "\ud83d" escape
        line = json.dumps(record)  # as \ud83d escapes, which load back exactly
    return line


def _block(record: dict) -> TextBlock | ImageBlock | ToolCall | ThinkingBlock:
    fields = {key: value for key, value in record.items() if key != "type"}
    return BLOCK_CLASSES[record["type"]](**fields)


def loads(line: str) -> Message:
    """The message that `dumps` turned into this line.

    Example: '{"content": [{"text": "hi", "type": "text"}], "timestamp": 1.5, "role": "user"}'
        -> UserMessage(content=(TextBlock("hi"),), timestamp=1.5)
    """
    record = json.loads(line)
    fields = {key: value for key, value in record.items() if key != "role"}
    fields["content"] = tuple(_block(block) for block in record["content"])
    if "usage" in fields:
        fields["usage"] = Usage(**fields["usage"])
    if fields.get("stop_details") is not None:
        fields["stop_details"] = StopDetails(**fields["stop_details"])
    return MESSAGE_CLASSES[record["role"]](**fields)


def append(path: str | os.PathLike, message: Message) -> None:
    """Add one message to the end of the log, as one whole line (on a line of its own)."""
    data = (dumps(message) + "\n").encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        size = os.fstat(fd).st_size
        if size and os.pread(fd, 1, size - 1) != b"\n":  # a whole last line that lost its newline
            data = b"\n" + data
        written = os.write(fd, data)
        os.fsync(fd)
    finally:
        os.close(fd)
    if written != len(data):  # a full disk: say so rather than leave a silent half line
        raise OSError(f"only {written} of {len(data)} bytes reached {os.fspath(path)}")


def load(path: str | os.PathLike) -> list[Message]:
    """Every message of a log, in order. A last line cut short by a crash (no newline, not a
    message) is set aside in `<log>.torn`; any other damaged line raises naming its number."""
    with open(path, "rb") as file:
        data = file.read()
    whole, _, torn = data.rpartition(b"\n") if not data.endswith(b"\n") else (data, b"", b"")
    if torn:
        try:
            loads(torn.decode("utf-8"))
        except (ValueError, KeyError, TypeError):
            _set_aside(path, whole + b"\n" if whole else b"", torn)
        else:  # a whole message that only lacks its newline: keep it
            whole, torn = data, b""
    text = whole.decode("utf-8")
    messages = []
    # Split on "\n" only: str.splitlines would also cut at U+2028 or \x85 inside a string.
    for number, line in enumerate(text.split("\n"), start=1):
        if not line:
            continue
        try:
            messages.append(loads(line))
        except (ValueError, KeyError, TypeError) as error:
            raise ValueError(
                f"{os.fspath(path)} line {number} is not a message ({error!r}); "
                "repair or delete that line to load the others."
            ) from error
    return messages


def _set_aside(path: str | os.PathLike, kept: bytes, torn: bytes) -> None:
    """Move a torn last line to `<log>.torn` (appended there, never overwritten), then cut it
    from the log, so that the next `append` starts on a line of its own."""
    aside = os.fspath(path) + ".torn"
    with open(aside, "ab") as file:
        file.write(torn + b"\n")
        file.flush()
        os.fsync(file.fileno())
    os.truncate(path, len(kept))
    warnings.warn(
        f"{os.fspath(path)} ended in a line cut short ({len(torn)} bytes, a crash while writing); "
        f"it is kept in {aside} and left out of the log.",
        stacklevel=3,
    )
