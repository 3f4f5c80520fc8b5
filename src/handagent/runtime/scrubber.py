"""Secrets kept out of what the model reads and what the log keeps.

A key belongs in the code of the tool that uses it, never in a prompt: a model can only leak
what it was shown (chapter 11's obedient mock copies any key it sees into an email). A tool may
still hand one back by accident: a config file it reads, a row of a settings table, an error
that echoes its credentials, a diff of a `.env` in its details. `scrubbed(value, secrets)` replaces
every secret by `[api key]` (`config.redact`, the words `call_model` uses) wherever it sits in a
value, however nested: strings, dict keys and values, lists, tuples, protocol blocks. A secret
written in base64 (a file read as bytes and encoded) is caught too: each of its three alignments.
The boundary (`runtime.boundary`) scrubs every result's content and details after the tool has
returned, whatever it returned, so neither the model nor the session log holds a known secret.
`leaks(path, secrets)` reads a session log back and lists the messages that hold one.

Not handled here: secrets the program does not know of (found by pattern), secrets shorter
than 8 characters (`redact` leaves those: they would blank ordinary words), a secret split
across two results (a file read page by page), other encodings (hex, URL-escaping), images, the
model's own call arguments (what the model wrote is kept as it wrote it: a key there means it
was shown one).
"""

import base64
from collections.abc import Mapping

from ..config import redact
from . import session_log
from .protocol import TextBlock

MIN_LENGTH = 8  # config.redact leaves shorter strings alone


def check_secrets(secrets: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The secrets as a tuple, refused at once if one cannot be scrubbed."""
    kept = tuple(secrets)
    if any(not isinstance(s, str) or len(s) < MIN_LENGTH for s in kept):
        raise ValueError(f"secrets are strings of {MIN_LENGTH} characters or more; "
                         "redact leaves shorter ones.")  # fmt: skip
    return kept


def forms(secret: str) -> tuple[str, ...]:
    """A secret and the parts of its base64 that do not depend on what surrounds it.

    Example: "sk-shop-7f3a9c2e4b1d" -> ("sk-shop-7f3a9c2e4b1d", "c2stc2hvcC03ZjNhOWMyZTRiMW",
    ...): base64 of text holding the key, at any offset, holds one of them.
    """
    data, found = secret.encode(), [secret]
    for offset in range(3):
        encoded = base64.b64encode(b"\0" * offset + data).decode()
        start, end = 4 * -(-offset // 3), 4 * ((offset + len(data)) // 3)
        if end - start >= 2 * MIN_LENGTH:  # long enough never to match by chance
            found.append(encoded[start:end])
    return tuple(found)


def scrubbed(value: object, secrets: tuple[str, ...]) -> object:
    """`value` with every secret replaced, at any depth; other values as they are.

    Example: {"rows": [("payments_key", "sk-shop-7f3a9c2e4b1d")]}, ("sk-shop-7f3a9c2e4b1d",)
        -> {"rows": [("payments_key", "[api key]")]}
    """
    if not secrets:
        return value
    every = tuple(form for secret in secrets for form in forms(secret))
    return _scrub(value, every)


def _scrub(value: object, every: tuple[str, ...]) -> object:
    if isinstance(value, str):
        return redact(value, *every)
    if isinstance(value, TextBlock):
        return TextBlock(redact(value.text, *every))
    if isinstance(value, Mapping):
        return {_scrub(key, every): _scrub(item, every) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return type(value)(_scrub(item, every) for item in value)
    return value


def leaks(path: str, secrets: tuple[str, ...] | list[str]) -> list[int]:
    """The numbers (from 1) of the session log's messages that hold a secret, in any of its forms
    `scrub` replaces: [] when clean."""
    every = tuple(form for secret in secrets for form in forms(secret))
    lines = [session_log.dumps(m) for m in session_log.load(path)]
    return [n for n, line in enumerate(lines, 1) if any(s in line for s in every)]
