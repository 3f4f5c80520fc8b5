"""Results: whatever a tool returns or raises, as content the Messages API accepts.

A tool is code the program wrote, or code nobody here wrote (an MCP server's, a library's), and
either may hand back any Python value. `as_content(value)` turns it into the blocks the model
reads, whether it failed, and details for the UI and the log, and never raises:

    str                              one text block
    TextBlock, ImageBlock            kept; an image of a type the API does not take, or not
                                     base64, becomes a text saying what was left out
    {"type": "text" | "image", ...}  the wire's blocks, as blocks; any other block as its JSON
    ToolOutput                       its content as above, its `is_error`, its details
    bytes                            the text, if it is UTF-8; else a note of its size
    an exception (BaseException)     an error result: its type and its message
    anything else                    JSON text: dates, decimals, sets, dataclasses, paths, ...
                                     written as text; what JSON cannot hold, as its repr

Every string in the content and the details has its lone surrogates (half of a UTF-16 pair, as
a model's broken "\\ud83d" escape leaves) replaced by U+FFFD: such a string cannot be encoded, so
one would make every later request of the session fail. Details become JSON values (lists for
tuples and sets, text for what JSON has no type for), so the log reads back what was stored.

Not handled here: secrets and size (`runtime.boundary`), audio, documents and files (a note
says what was left out: the neutral protocol carries text and images).
"""

import base64
import binascii
import dataclasses
import json
import re
from collections.abc import Mapping

from ..tools import ToolOutput
from .protocol import ImageBlock, TextBlock

IMAGE_TYPES = ("image/png", "image/jpeg", "image/gif", "image/webp")  # what the API takes
_SURROGATE = re.compile("[\ud800-\udfff]")

Blocks = tuple[TextBlock | ImageBlock, ...]


def fold_surrogates(value: object) -> object:
    """The value with every lone surrogate in its strings replaced, however deeply nested.

    Example: {"name": "caf\\udce9"} -> {"name": "caf\\ufffd"};  "ok" -> "ok" (the same object)
    """
    if isinstance(value, str):
        if value.isascii() or not _SURROGATE.search(value):
            return value
        # A high and a low half side by side are one character that was split: join them.
        return value.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    if isinstance(value, Mapping):
        return {fold_surrogates(key): fold_surrogates(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(fold_surrogates(item) for item in value)
    return value


def as_json(value: object) -> object:
    """A value JSON can write and read back equal: text for what JSON has no type for.

    Example: {"when": date(2026, 12, 5), "ids": (1, 2), "price": Decimal("9.50")}
        -> {"when": "2026-12-05", "ids": [1, 2], "price": "9.50"}
    """
    if value is None or isinstance(value, bool | int | str):
        return fold_surrogates(value)
    if isinstance(value, float):  # NaN and infinities are not JSON
        return value if value == value and abs(value) != float("inf") else repr(value)
    if isinstance(value, Mapping):
        return {str(fold_surrogates(key)): as_json(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        items = sorted(value, key=repr) if isinstance(value, set | frozenset) else value
        return [as_json(item) for item in items]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: as_json(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, bytes | bytearray):
        return _bytes_text(bytes(value))
    if hasattr(value, "isoformat"):  # date, time, datetime
        return value.isoformat()
    return fold_surrogates(_words(value))


def _words(value: object) -> str:
    """str() of a value, or its repr, or its type's name: whatever does not raise."""
    for say in (str, repr):
        try:
            return say(value)
        except Exception:  # a broken __str__ is the tool's bug, not a reason to lose the result
            continue
    return f"<{type(value).__name__}>"


def _bytes_text(data: bytes) -> str:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return f"[{len(data):,} bytes that are not UTF-8 text were left out]"


def _image(media_type: object, data: object) -> TextBlock | ImageBlock:
    """An image the API takes, or a text saying why it was left out."""
    if media_type not in IMAGE_TYPES:
        return TextBlock(f"[an image of type {media_type} was left out: the API takes "
                         f"{', '.join(IMAGE_TYPES)}]")  # fmt: skip
    try:
        base64.b64decode(data, validate=True)
    except (binascii.Error, TypeError, ValueError):
        return TextBlock(f"[an image ({media_type}) was left out: its data is not base64]")
    return ImageBlock(media_type, data)


def _block(block: object) -> TextBlock | ImageBlock:
    if isinstance(block, TextBlock):
        return TextBlock(fold_surrogates(_words(block.text)))
    if isinstance(block, ImageBlock):
        return _image(block.media_type, block.data)
    if isinstance(block, Mapping) and block.get("type") == "text":
        return TextBlock(_text(block.get("text")))
    if isinstance(block, Mapping) and block.get("type") == "image":
        source = block.get("source") if isinstance(block.get("source"), Mapping) else {}
        if source.get("type") != "base64":
            return TextBlock(f"[an image from a {source.get('type')} source was left out: "
                             "return its bytes as base64]")  # fmt: skip
        return _image(source.get("media_type"), source.get("data"))
    return TextBlock(_text(block))


def _text(value: object) -> str:
    """A value as text: a string as it is (surrogates folded), anything else as JSON."""
    if isinstance(value, str):
        return fold_surrogates(value)
    return json.dumps(as_json(value), ensure_ascii=False)


def as_content(value: object, name: str = "the tool") -> tuple[Blocks, bool, dict | None]:
    """What the tool `name` gave back, as (blocks, is_error, details). Never raises.

    Example: {"order": 1042, "placed": date(2026, 12, 1)}
        -> ((TextBlock('{"order": 1042, "placed": "2026-12-01"}'),), False, None)
    Example: ValueError("no such order"), "find_order" -> ((TextBlock("find_order raised
        ValueError: no such order"),), True, None)
    """
    if isinstance(value, BaseException):
        said = _text(f"{name} raised {type(value).__name__}: {_words(value)}")
        return (TextBlock(said),), True, None
    if not isinstance(value, ToolOutput):
        return _blocks(value), False, None
    details = None if value.details is None else as_json(value.details)
    if details is not None and not isinstance(details, dict):
        details = {"value": details}  # details are a dict: the log and the views read keys
    return _blocks(value.content), value.is_error is True, details


def _blocks(value: object) -> Blocks:
    if isinstance(value, str):
        return (TextBlock(_text(value)),)
    if isinstance(value, bytes | bytearray):
        return (TextBlock(_bytes_text(bytes(value))),)
    if isinstance(value, TextBlock | ImageBlock) or (
        isinstance(value, Mapping) and value.get("type") in ("text", "image")
    ):
        return (_block(value),)
    if isinstance(value, list | tuple) and value and all(_is_block(item) for item in value):
        return tuple(_block(item) for item in value)
    return (TextBlock(_text(value)),)


def _is_block(item: object) -> bool:
    return isinstance(item, TextBlock | ImageBlock) or (
        isinstance(item, Mapping) and isinstance(item.get("type"), str)
    )
