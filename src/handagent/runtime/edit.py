"""edit_file: replace one exact piece of text in a workspace file, and show the diff to the UI.

The model quotes the text to replace (`old_text`) and its replacement. Exact text, not line
numbers: line numbers go stale the moment a file changes, a quote either matches or it does not.
The quote must match exactly once, so the model cannot change the wrong place by accident.

The model is told what happened in one line; the unified diff goes to `details`, for the UI
only (chapter 08: results vs UI details). The file is written to a temporary file beside it and
moved into place, so a crash never leaves it half-written.

Not handled here: creating or deleting files, several edits in one call, files over 1 MB.
"""

import difflib
import os
import tempfile

from ..tools import Tool, ToolOutput
from .workspace import Workspace, WorkspaceError

MAX_EDIT_BYTES = 1024 * 1024

EDIT_FILE_TOOL = {
    "name": "edit_file",
    "description": (
        "Replace one exact piece of text in a UTF-8 file under the workspace. Read the file with "
        "read_file first and copy old_text from it exactly, including indentation; it must "
        "appear exactly once, so include enough surrounding lines to make it unique. Returns a "
        "one-line summary of the change."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "path": {"type": "string", "description": "Workspace-relative file path."},
            "old_text": {"type": "string", "minLength": 1, "description": "Exact text to replace."},
            "new_text": {"type": "string", "description": "The text to put in its place."},
        },
        "required": ["path", "old_text", "new_text"],
        "additionalProperties": False,
    },
}


def edit_file(workspace: Workspace, path: str, old_text: str, new_text: str) -> ToolOutput:
    """Replace `old_text` (found exactly once) with `new_text` in a workspace file.

    Example: ("src/math.ts", "return a / b;", "if (b === 0) throw ...; return a / b;")
        -> ToolOutput("Edited src/math.ts: 1 line replaced by 2.", {"diff": "--- a/src/..."})
    """
    real, info = workspace.regular_file(path)
    if info.st_size > MAX_EDIT_BYTES:
        raise WorkspaceError(f"{path!r} is over 1 MB; edit_file only edits smaller files.")
    try:
        before = real.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise WorkspaceError(f"{path!r} is not UTF-8 text; edit_file only edits text.") from None
    count = before.count(old_text) if old_text else 0
    if count != 1:
        found = "was not found" if count == 0 else f"appears {count} times"
        raise WorkspaceError(
            f"old_text {found} in {path!r}; read the file again and copy the exact text, with "
            "enough surrounding lines to match exactly once."
        )
    after = before.replace(old_text, new_text, 1)
    _write_atomically(real, after)
    diff = "".join(
        difflib.unified_diff(
            before.splitlines(keepends=True),
            after.splitlines(keepends=True),
            f"a/{path}",
            f"b/{path}",
        )
    )
    removed, added = old_text.count("\n") + 1, new_text.count("\n") + 1
    summary = f"Edited {path}: {removed} line{'s' * (removed > 1)} replaced by {added}."
    return ToolOutput(summary, {"path": path, "diff": diff})


def edit_tool(workspace: Workspace) -> Tool:
    """`edit_file` on `workspace` as a Tool: EDIT_FILE_TOOL's menu entry and the function."""
    entry = EDIT_FILE_TOOL

    def edit(path: str, old_text: str, new_text: str) -> ToolOutput:
        return edit_file(workspace, path, old_text, new_text)

    return Tool(entry["name"], entry["description"], entry["input_schema"], edit)


def _write_atomically(real, text: str) -> None:
    handle, temporary = tempfile.mkstemp(dir=real.parent, prefix=f".{real.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.chmod(temporary, real.stat().st_mode & 0o777)
        os.replace(temporary, real)
    except BaseException:
        os.unlink(temporary)
        raise
