"""Secrets kept out of what the model reads and what the log keeps.

A key belongs in the code of the tool that uses it, never in a prompt: a model can only leak
what it was shown (chapter 11's obedient mock copies any key it sees into an email). A tool may
still hand one back by accident: a config file it reads, an error that echoes its credentials.
`scrubbed(tool, secrets)` returns the tool with every secret in its output, or in the message of
an exception it raises, replaced by `[api key]` (`config.redact`, the words `call_model` uses),
so neither the model nor the session log (`runtime.session_log`, written from the history) ever
holds it. `leaks(path, secrets)` reads a session log back and lists the messages that hold one.

Not handled here: secrets the program does not know of (found by pattern), secrets shorter than
8 characters (`redact` leaves those, they would blank ordinary words), images.
"""

from dataclasses import replace

from ..config import redact
from ..tools import Tool, ToolOutput
from . import session_log


def _clean(content: object, secrets: tuple[str, ...]) -> object:
    if isinstance(content, str):
        return redact(content, *secrets)
    if isinstance(content, list):
        return [
            {**b, "text": redact(b["text"], *secrets)} if isinstance(b, dict) and "text" in b else b
            for b in content
        ]
    return content


def scrubbed(tool: Tool, secrets: tuple[str, ...] | list[str]) -> Tool:
    """`tool`, its output and its errors with every secret replaced.

    Example: a read_file whose file says "KEY=sk-shop-7f3a9c2e4b1d" -> "KEY=[api key]"
    """
    kept = tuple(secrets)
    if any(not isinstance(s, str) or len(s) < 8 for s in kept):
        raise ValueError("secrets are strings of 8 characters or more; redact leaves shorter ones.")

    def run(**arguments: object) -> object:
        try:
            value = tool.function(**arguments)
        except Exception as error:  # its words may quote the credentials it used
            return ToolOutput(redact(f"{type(error).__name__}: {error}", *kept), is_error=True)
        if isinstance(value, ToolOutput):
            return replace(value, content=_clean(value.content, kept))
        return _clean(value, kept) if isinstance(value, str | list) else value

    return replace(tool, function=run)


def leaks(path: str, secrets: tuple[str, ...] | list[str]) -> list[int]:
    """The numbers (from 1) of the session log's messages that hold a secret: [] when clean."""
    lines = [session_log.dumps(m) for m in session_log.load(path)]
    return [n for n, line in enumerate(lines, 1) if any(s in line for s in secrets)]
