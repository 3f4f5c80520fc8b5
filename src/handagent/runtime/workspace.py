"""Workspace: the seed's read-only `read_file` tool, confined to one folder.

The model only names a file; the runtime decides whether that name may be read. The path is
untrusted text, so `resolve` turns it into a real path only if it stays under the workspace
root: no absolute paths, no `..` above the root, no symlink leading out, no NUL bytes.
`read_file` then refuses anything but a regular UTF-8 text file (directories, FIFOs, devices,
binary files) and reads no more than `read_policy` can show, so a 1 GB file costs 50 KB.

A refusal raises `WorkspaceError` with a message the model can act on; the tool-dispatch layer
turns it into an `is_error` result. A programmer's mistake (a root that is not a folder) raises
`ValueError` when the `Workspace` is built.

Not handled here: writing, editing or listing files, images, encodings other than UTF-8, and
races where the tree changes between the check and the read (that needs an OS sandbox).
"""

import codecs
import os
import posixpath
import stat
from dataclasses import dataclass
from pathlib import Path, PurePosixPath

from ..tools import Tool, ToolOutput
from .truncate import MAX_BYTES, MAX_LINES, read_policy

READ_FILE_TOOL = {
    "name": "read_file",
    "description": (
        "Read a UTF-8 text file under the current workspace. Use this before editing a file you "
        "have not inspected, or to look at code, configuration or notes; it cannot list folders "
        "or read binary files. Returns the file's text. Long files are cut to the first "
        f"{MAX_LINES} lines or {MAX_BYTES // 1024} KB, whichever comes first, and a note at the "
        "end says which lines were shown; call again with offset set to the next line to continue."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "path": {
                "type": "string",
                "description": "Workspace-relative file path, e.g. 'src/app.py'.",
            },
            "offset": {
                "type": "integer",
                "minimum": 1,
                "description": "Line number to start reading from (1-based). Default: 1.",
            },
        },
        "required": ["path"],
        "additionalProperties": False,
    },
}

CHUNK = 64 * 1024  # how much is held at once while skipping lines before `offset`
READ_CAP = MAX_BYTES + 4  # the byte limit plus one UTF-8 character: more than this is cut anyway


class WorkspaceError(ValueError):
    """A path or file `read_file` refuses; the message says why and what to do instead."""


@dataclass(frozen=True)
class Workspace:
    """A folder the model may read from. Example: Workspace(Path("demo")).read_file("a.txt")"""

    root: Path

    def __post_init__(self):
        root = Path(self.root)
        if not root.is_dir():
            raise ValueError(
                f"Workspace root {str(root)!r} is not an existing folder; create it first "
                "(Path(...).mkdir(parents=True)) or pass the folder the model may read."
            )
        # Compare real paths from here on: the root itself may sit behind a symlink.
        object.__setattr__(self, "root", root.resolve())

    def resolve(self, path: str) -> Path:
        """The real path of a workspace-relative path. Example: "src/a.py" -> <root>/src/a.py"""
        if not isinstance(path, str) or not path.strip():
            raise WorkspaceError(
                f"path must be a workspace-relative file path such as 'src/app.py'; got {path!r}."
            )
        for bad, why in [("\x00", "a NUL byte"), ("\\", "a backslash; use forward slashes")]:
            if bad in path:
                raise WorkspaceError(f"path {path!r} contains {why}.")
        if path.startswith("~"):
            raise WorkspaceError(
                f"path {path!r} starts with '~', which is not expanded here; "
                "give a path relative to the workspace root."
            )
        if PurePosixPath(path).is_absolute():
            raise WorkspaceError(
                f"path {path!r} is absolute; give a path relative to the "
                "workspace root, e.g. 'src/app.py'."
            )
        if posixpath.normpath(path).split("/")[0] == "..":
            raise WorkspaceError(
                f"path {path!r} goes above the workspace root with '..'; "
                "only files under the workspace can be read."
            )
        try:
            real = (self.root / path).resolve()
        except (OSError, RuntimeError) as e:  # RuntimeError: a symlink loop (Python 3.11)
            raise WorkspaceError(f"path {path!r} cannot be resolved: {e}.") from None
        if not real.is_relative_to(self.root):
            raise WorkspaceError(
                f"path {path!r} leads outside the workspace through a symlink; "
                "only files under the workspace can be read."
            )
        return real

    def regular_file(self, path: str) -> tuple[Path, os.stat_result]:
        """The real path and stat of a workspace file that may be opened: regular, not a FIFO."""
        real = self.resolve(path)
        try:
            info = os.stat(real)  # before opening: opening a FIFO would block
        except (FileNotFoundError, NotADirectoryError):
            raise WorkspaceError(
                f"{path!r} does not exist in the workspace; check the path, "
                "which is relative to the workspace root."
            ) from None
        except OSError as e:
            raise WorkspaceError(f"{path!r} cannot be read: {e.strerror}.") from None
        if stat.S_ISDIR(info.st_mode):
            raise WorkspaceError(f"{path!r} is a directory; give the path of a file inside it.")
        if not stat.S_ISREG(info.st_mode):
            raise WorkspaceError(
                f"{path!r} is not a regular file (it is a FIFO, socket or "
                "device); only text files can be read."
            )
        return real, info

    def tool(self) -> Tool:
        """`read_file` on this workspace as a Tool: READ_FILE_TOOL's menu entry and the function,
        declared read-only (it changes nothing, so the runtime runs it without asking)."""
        entry = READ_FILE_TOOL
        return Tool(entry["name"], entry["description"], entry["input_schema"], self.read_file,
                    read_only=True)  # fmt: skip

    def read_file(self, path: str, offset: int = 1) -> ToolOutput:
        """Read a UTF-8 text file from line `offset`, cut by `read_policy`."""
        if isinstance(offset, bool) or not isinstance(offset, int) or offset < 1:
            raise WorkspaceError(f"offset must be a whole number, 1 or more; got {offset!r}.")
        real, info = self.regular_file(path)
        text, complete = _read_from_line(real, offset, path)
        out = read_policy(text, offset, complete=complete)
        return ToolOutput(out.content, {"path": path, "size": info.st_size} | out.details)


def _read_from_line(real: Path, offset: int, path: str) -> tuple[str, bool]:
    """At most READ_CAP bytes of text from line `offset`, and whether they reach the file's end."""
    # Should the path have been swapped since the stat: O_NONBLOCK keeps a FIFO from blocking
    # the open, O_NOFOLLOW refuses a new symlink (real is resolved, so it had none).
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOFOLLOW", 0)
    with open(os.open(real, flags), "rb") as f:
        if not stat.S_ISREG(os.fstat(f.fileno()).st_mode):
            raise WorkspaceError(
                f"{path!r} is not a regular file; read_file only reads text files."
            )
        skipped = 0
        while skipped < offset - 1 and (piece := f.readline(CHUNK)):  # streamed: never whole
            skipped += piece.endswith(b"\n")
        data = f.read(READ_CAP)
        complete = not f.read(1)
    if not data and offset > 1:
        raise WorkspaceError(
            f"offset {offset} is past the end of {path!r}, which has fewer "
            f"than {offset} lines; use a smaller offset."
        )
    if b"\x00" in data:
        raise WorkspaceError(
            f"{path!r} is not UTF-8 text (it contains NUL bytes, so it is "
            "probably binary); read_file only reads text files."
        )
    try:
        # final=False: a character cut in half at READ_CAP waits for bytes that never come.
        return codecs.getincrementaldecoder("utf-8")().decode(data, final=complete), complete
    except UnicodeDecodeError as e:
        raise WorkspaceError(
            f"{path!r} is not UTF-8 text (byte 0x{data[e.start]:02x} is not "
            "valid UTF-8); read_file only reads UTF-8 text files."
        ) from None
