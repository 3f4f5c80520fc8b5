"""Truncation: cut a tool's output to what a model can use, and say how to get the rest.

A tool result goes straight into the model's context, so each tool needs a policy: what to
keep when output is long, and a notice telling the model that it was cut, by which limit, and
how to ask for more. The numbers are pi-mono's (packages/coding-agent, truncate.ts): 2000 lines
or 50 KB, whichever is hit first; grep lines cut at 500 chars, at most 100 matches.

- `truncate_head` / `truncate_tail` keep whole lines from the start / the end.
- `read_policy` keeps the head (imports and types come first in a file),
  `bash_policy` the tail (errors come last), `grep_policy` the first matches.

The model reads the notice in `content`; the full figures go to `details["truncation"]` for the
UI. No `"truncation"` key in `details` means nothing was cut, and then there is no notice.
A line is text up to and including "\\n", so "a\\nb\\n" is 2 lines, not 3.

Not handled here: counting tokens (lines and bytes are cheap and close enough), saving the full
output to a file (the bash tool does that and passes the path in), images.
"""

from dataclasses import asdict, dataclass
from typing import Literal

from handagent.tools import ToolOutput

MAX_LINES = 2000
MAX_BYTES = 50 * 1024
GREP_MAX_LINE_CHARS = 500
GREP_MAX_MATCHES = 100

TruncatedBy = Literal["lines", "bytes"]


@dataclass(frozen=True)
class Truncation:
    """What a cut kept (whole lines, unless `last_line_partial`) and the figures around it."""

    content: str
    truncated: bool
    truncated_by: TruncatedBy | None
    total_lines: int
    total_bytes: int
    output_lines: int
    output_bytes: int
    max_lines: int
    max_bytes: int
    first_line_exceeds_limit: bool = False  # head: line 1 alone is over max_bytes; nothing kept
    last_line_partial: bool = False  # tail: the last line alone is over max_bytes; its end kept

    def as_details(self) -> dict:
        """The figures for `details`, without the content the model already has."""
        return {key: value for key, value in asdict(self).items() if key != "content"}


def split_lines(text: str) -> list[str]:
    """Split into lines that keep their newline. Example: "a\\nb\\n" -> ["a\\n", "b\\n"]"""
    parts = text.split("\n")
    lines = [part + "\n" for part in parts[:-1]]
    return lines + [parts[-1]] if parts[-1] else lines


def truncate_head(text: str, max_lines: int = MAX_LINES, max_bytes: int = MAX_BYTES) -> Truncation:
    """Keep whole lines from the start. Example: "a\\nb\\nc\\n", max_lines=2 -> "a\\nb\\n" """
    return _truncate(text, max_lines, max_bytes, "head")


def truncate_tail(text: str, max_lines: int = MAX_LINES, max_bytes: int = MAX_BYTES) -> Truncation:
    """Keep whole lines from the end. Example: "a\\nb\\nc\\n", max_lines=2 -> "b\\nc\\n" """
    return _truncate(text, max_lines, max_bytes, "tail")


def _truncate(
    text: str, max_lines: int, max_bytes: int, keep: Literal["head", "tail"]
) -> Truncation:
    """Take lines from one end until the next would break a limit, which then wins."""
    lines = split_lines(text)
    kept, size, by = [], 0, None
    for line in lines if keep == "head" else reversed(lines):
        if len(kept) == max_lines:
            by = "lines"
            break
        size += len(line.encode())
        if size > max_bytes:
            by = "bytes"
            break
        kept.append(line)
    content = "".join(kept if keep == "head" else reversed(kept))
    alone_too_long = by == "bytes" and not kept  # the very first line taken is over max_bytes
    if alone_too_long and keep == "tail":
        # Keep the end of that last line. A cut through a character leaves stray continuation
        # bytes at the front; errors="ignore" drops exactly those.
        content = lines[-1].encode()[-max_bytes:].decode("utf-8", errors="ignore")
    return Truncation(
        content=content,
        truncated=by is not None,
        truncated_by=by,
        total_lines=len(lines),
        total_bytes=len(text.encode()),
        output_lines=len(split_lines(content)),
        output_bytes=len(content.encode()),
        max_lines=max_lines,
        max_bytes=max_bytes,
        first_line_exceeds_limit=alone_too_long and keep == "head",
        last_line_partial=alone_too_long and keep == "tail",
    )


def format_size(n: int) -> str:
    """Bytes for a human. Example: 51200 -> "50.0 KB" """
    if n < 1024:
        return f"{n} B"
    if n < 1024 * 1024:
        return f"{n / 1024:.1f} KB"
    return f"{n / 1024 / 1024:.1f} MB"


def _with_notice(content: str, notice: str) -> str:
    body = content.rstrip("\n")
    return f"{body}\n\n{notice}" if body else notice


def read_policy(text: str, offset: int = 1, complete: bool = True) -> ToolOutput:
    """Keep the head of `text`, the file from line `offset` on; `complete=False`: more follows.

    Example: 5231 lines -> lines 1-2000 + "[Showing lines 1-2000 of 5231. Use offset=2001 to
    continue.]"
    """
    t = truncate_head(text)
    if not t.truncated and complete:
        return ToolOutput(text or "[The file is empty.]", {})
    figures = t.as_details() | {"offset": offset}
    if not complete:  # the caller stopped reading early: the file's totals are unknown
        figures |= {"truncated": True, "total_lines": None, "total_bytes": None}
    if t.first_line_exceeds_limit:
        notice = (
            f"[Line {offset} is over the {format_size(MAX_BYTES)} limit, so it is not shown. "
            f"Use offset={offset + 1} to skip it, or view part of it with a shell command such "
            f"as: sed -n '{offset}p' FILE | head -c {MAX_BYTES}]"
        )
        return ToolOutput(notice, {"truncation": figures})
    last = offset + t.output_lines - 1
    total = f"of {offset - 1 + t.total_lines}" if complete else "of a longer file"
    limit = f" ({format_size(MAX_BYTES)} limit)" if t.truncated_by == "bytes" else ""
    notice = f"[Showing lines {offset}-{last} {total}{limit}. Use offset={last + 1} to continue.]"
    return ToolOutput(_with_notice(t.content, notice), {"truncation": figures})


def bash_policy(output: str, exit_code: int = 0, full_output_path: str | None = None) -> ToolOutput:
    """Keep the tail of a command's output; name the full-output file; append a failing exit code.

    Example: 3000 lines, exit 2 -> lines 1001-3000 + "[Showing lines 1001-3000 of 3000. ...]"
    + "Command exited with code 2"
    """
    t = truncate_tail(output)
    content = t.content or "(no output)"
    details: dict = {"exit_code": exit_code}
    if full_output_path is not None:
        details["full_output_path"] = str(full_output_path)
    if t.truncated:
        end = t.total_lines
        if t.last_line_partial:
            shown = f"Showing the last {format_size(t.output_bytes)} of line {end}"
        else:
            limit = f" ({format_size(MAX_BYTES)} limit)" if t.truncated_by == "bytes" else ""
            shown = f"Showing lines {end - t.output_lines + 1}-{end} of {end}{limit}"
        more = (
            f"Full output: {full_output_path}"
            if full_output_path
            else "The rest was not kept; rerun with less output (e.g. pipe through grep or head)"
        )
        content = _with_notice(content, f"[{shown}. {more}]")
        details["truncation"] = t.as_details()
    if exit_code != 0:
        content = _with_notice(content, f"Command exited with code {exit_code}")
    return ToolOutput(content, details)


def grep_policy(matches: list[str], limit: int = GREP_MAX_MATCHES) -> ToolOutput:
    """Keep the first `limit` matches, each cut at 500 chars, then cap at 50 KB.

    Example: 101 matches -> 100 lines + "[100 of 101 matches shown. Use limit=200 or a narrower
    pattern to see more.]"
    """
    if limit < 1:
        raise ValueError(f"grep_policy limit must be 1 or more, got {limit}; pass the default 100.")
    if not matches:
        return ToolOutput("No matches found.", {})
    if broken := [i for i, m in enumerate(matches) if "\n" in m]:  # a cap by lines would cut it
        raise ValueError(
            f"grep_policy takes one line per match; match {broken[0]} has a newline: "
            "pass each line as a match of its own."
        )
    kept = matches[:limit]
    shown = [
        m[:GREP_MAX_LINE_CHARS] + "... [truncated]" if len(m) > GREP_MAX_LINE_CHARS else m
        for m in kept
    ]
    lines_cut = sum(len(m) > GREP_MAX_LINE_CHARS for m in kept)
    t = truncate_head("\n".join(shown), max_lines=len(shown))  # matches, not lines, are capped
    hits: dict[str, str] = {}  # limit hit -> what the model is told
    if len(matches) > limit:
        hits["matches"] = (
            f"{limit} of {len(matches)} matches shown. "
            f"Use limit={limit * 2} or a narrower pattern to see more"
        )
    if t.truncated:
        hits["bytes"] = (
            f"{format_size(MAX_BYTES)} limit reached after {t.output_lines} matches. "
            "Use a narrower pattern or path to see the rest"
        )
    if lines_cut:
        hits["line_chars"] = (
            f"{lines_cut} long lines cut at {GREP_MAX_LINE_CHARS} chars. "
            "Use read_file with offset to see a whole line"
        )
    if not hits:
        return ToolOutput(t.content, {})
    figures = {
        "truncated": True,
        "limits_hit": list(hits),
        "total_matches": len(matches),
        "output_matches": t.output_lines,
        "lines_cut": lines_cut,
        "output_bytes": t.output_bytes,
    }
    notice = "[" + ". ".join(hits.values()) + ".]"
    return ToolOutput(_with_notice(t.content, notice), {"truncation": figures})
