"""The memory tool built by hand (chapter 14): the model's notes, in a folder it cannot leave.

`{"type": "memory_20250818", "name": "memory"}` on the menu is the tool's whole definition; it runs
on the client (docs: memory-tool), on storage the program controls, here a folder on disk:

    view         {"path", "view_range"?}             a folder's listing (2 levels) or numbered lines
    create       {"path", "file_text"}               a new file (one that exists is refused)
    str_replace  {"path", "old_str", "new_str"}      one exact replacement of a unique text
    insert       {"path", "insert_line", "insert_text"}  a line after line N (0: the top)
    delete       {"path"}                            a file, or a folder and what it holds
    rename       {"old_path", "new_path"}            onto a path that does not exist yet

    MemoryFolder("notes").run({"command": "create", "path": "/memories/a.md", "file_text": "x"})
    -> ("File created successfully at: /memories/a.md", False)   # (what the model reads, error?)

Answers and refusals are the words of the SDK's `BetaLocalFilesystemMemoryTool`, which the tests
run beside this one; a refusal is an `is_error` result the model reads, never an exception.
Beyond that reference, in words of our own:
- a path is `/memories` or under it, and nothing else (`/memoriesX` too is refused); `..`, a NUL
  byte, a backslash, and any part that is a symlink are refused before anything is touched;
- a file holds at most `max_file` bytes and the folder `max_total` in `max_files` files: a write
  past one is refused and changes nothing;
- a file is written to a temporary file, then renamed into place: a crash leaves never half of one.

Not handled here: another process changing the folder while a command runs (a race between
check and write), several users' memories (one folder each is the caller's choice), images.
"""

import os
import shutil
import tempfile
from pathlib import Path

from ..tools import Tool, ToolOutput

ROOT = "/memories"
MAX_FILE, MAX_TOTAL, MAX_FILES = 100_000, 1_000_000, 200


class Refused(Exception):
    """A command the memory tool does not run; its message is what the model reads."""


def _size(count: int) -> str:
    """The reference's sizes. Example: 0 -> "0B";  1536 -> "1.5K";  4096 -> "4K" """
    unit = min((count.bit_length() - 1) // 10, 3) if count else 0
    value = count / 1024**unit
    return f"{int(value) if value == int(value) else f'{value:.1f}'}{'BKMG'[unit]}"


def _numbered(lines: list[str], first: int) -> str:  # "     1\tHello"
    return "\n".join(f"{str(number).rjust(6)}\t{line}" for number, line in enumerate(lines, first))


class MemoryFolder:
    """The six commands over one folder on disk, which stands for `/memories`."""

    def __init__(self, folder: str | os.PathLike, *, max_file: int = MAX_FILE,
                 max_total: int = MAX_TOTAL, max_files: int = MAX_FILES):  # fmt: skip
        self.root = Path(folder).resolve()
        self.root.mkdir(parents=True, exist_ok=True)
        self.max_file, self.max_total, self.max_files = max_file, max_total, max_files

    def run(self, command: dict) -> tuple[str, bool]:
        """(what the model reads, whether it is an error) for one command's input."""
        name = command.get("command") if isinstance(command, dict) else None
        handler = {"view": self.view, "create": self.create, "str_replace": self.str_replace,
                   "insert": self.insert, "delete": self.delete,
                   "rename": self.rename}.get(name)  # fmt: skip
        if handler is None:
            known = "view, create, str_replace, insert, delete or rename"
            return f"Unknown command {name!r}: use {known}.", True
        try:
            arguments = {k: v for k, v in command.items() if k != "command"}
            return handler(**arguments), False
        except TypeError as wrong:  # a missing or extra argument: say which
            return f"{name}: {str(wrong).split('() ', 1)[-1]}", True
        except Refused as refused:
            return str(refused), True

    def _path(self, given: object) -> Path:
        """The folder's file for a /memories path, checked before anything is touched."""
        if not isinstance(given, str) or not (given == ROOT or given.startswith(ROOT + "/")):
            raise Refused(f"Path must start with /memories, got: {given}")
        parts = [part for part in given[len(ROOT) :].split("/") if part not in ("", ".")]
        if ".." in parts or "\x00" in given or "\\" in given:
            raise Refused(f"Path {given} would escape /memories directory")
        found = self.root
        for part in parts:
            found = found / part
            if found.is_symlink():
                raise Refused(f"Path {given} goes through a symlink, which the memory tool "
                              "does not follow.")  # fmt: skip
        return found

    def _file(self, given: object) -> Path:
        found = self._path(given)
        if not found.exists():
            raise Refused(f"The path {given} does not exist. Please provide a valid path.")
        if not found.is_file():
            raise Refused(f"The path {given} is not a file.")
        return found

    def _write(self, found: Path, text: str, given: str) -> None:
        """`text` as the whole of the file, within the limits, atomically."""
        data = text.encode("utf-8", "surrogatepass")
        files = [p for p in self.root.rglob("*") if p.is_file()]
        others = sum(p.stat().st_size for p in files if p != found)
        if len(data) > self.max_file:
            raise Refused(f"File {given} would be {len(data):,} bytes; a memory file holds at "
                          f"most {self.max_file:,}. Keep it short, or split it.")  # fmt: skip
        crowded = not found.exists() and len(files) >= self.max_files
        if others + len(data) > self.max_total or crowded:
            raise Refused(f"The memory is full ({self.max_total:,} bytes, {self.max_files} "
                          "files at most): delete or shorten a file first.")  # fmt: skip
        found.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=found.parent, prefix=".tmp-")
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, found)

    def view(self, path: str, view_range: list | None = None) -> str:
        found = self._path(path)
        if found.is_dir():
            rows = [f"{_size(found.stat().st_size)}\t{path}"]
            for item in sorted(found.rglob("*")):
                relative = item.relative_to(found)
                if len(relative.parts) > 2 or any(p.startswith(".") for p in relative.parts):
                    continue
                if item.is_symlink() or not (item.is_dir() or item.is_file()):
                    continue
                slash = "/" if item.is_dir() else ""
                rows.append(f"{_size(item.stat().st_size)}\t{path}/{relative.as_posix()}{slash}")
            head = f"Here're the files and directories up to 2 levels deep in {path}, "
            return head + "excluding hidden items:\n" + "\n".join(rows)
        lines = self._file(path).read_text(encoding="utf-8").split("\n")
        first = 1
        if isinstance(view_range, list) and len(view_range) == 2:
            first = max(1, view_range[0])
            lines = lines[first - 1 : None if view_range[1] == -1 else view_range[1]]
        return f"Here's the content of {path} with line numbers:\n" + _numbered(lines, first)

    def create(self, path: str, file_text: str) -> str:
        found = self._path(path)
        if found.exists():
            raise Refused(f"File {path} already exists")
        self._write(found, file_text, path)
        return f"File created successfully at: {path}"

    def str_replace(self, path: str, old_str: str, new_str: str) -> str:
        found = self._file(path)
        text = found.read_text(encoding="utf-8")
        places = [i for i in range(len(text)) if text.startswith(old_str, i)] if old_str else []
        if not places:
            raise Refused(f"No replacement was performed, old_str `{old_str}` did not appear "
                          f"verbatim in {path}.")  # fmt: skip
        if len(places) > 1:
            lines = ", ".join(str(text[:i].count("\n") + 1) for i in places)
            raise Refused(f"No replacement was performed. Multiple occurrences of old_str "
                          f"`{old_str}` in lines: {lines}. Please ensure it is unique")  # fmt: skip
        changed = text.replace(old_str, new_str)
        self._write(found, changed, path)
        line = text[: places[0]].count("\n")
        shown = changed.split("\n")[max(0, line - 2) : line + 3]
        return ("The memory file has been edited. Here is the snippet showing the change (with "
                "line numbers):\n" + _numbered(shown, max(0, line - 2) + 1))  # fmt: skip

    def insert(self, path: str, insert_line: int, insert_text: str) -> str:
        found = self._file(path)
        lines = found.read_text(encoding="utf-8").split("\n")
        if lines[-1] == "":
            lines.pop()
        if not isinstance(insert_line, int) or not 0 <= insert_line <= len(lines):
            raise Refused(f"Invalid `insert_line` parameter: {insert_line}. It should be "
                          f"within the range [0, {len(lines)}].")  # fmt: skip
        lines.insert(insert_line, insert_text.rstrip("\n"))
        self._write(found, "\n".join(lines) + "\n", path)
        return f"The file {path} has been edited."

    def delete(self, path: str) -> str:
        found = self._path(path)
        if found == self.root:
            raise Refused("Cannot delete the /memories directory itself")
        if not (found.is_dir() or found.is_file()):
            raise Refused(f"The path {path} does not exist")
        shutil.rmtree(found) if found.is_dir() else found.unlink()
        return f"Successfully deleted {path}"

    def rename(self, old_path: str, new_path: str) -> str:
        old, new = self._path(old_path), self._path(new_path)
        if old == self.root:
            raise Refused("Cannot rename the /memories directory itself")
        if new.exists():
            raise Refused(f"The destination {new_path} already exists")
        if not old.exists():
            raise Refused(f"The path {old_path} does not exist")
        if old.is_dir() and new.is_relative_to(old):
            raise Refused(f"Cannot move {old_path} into itself")
        new.parent.mkdir(parents=True, exist_ok=True)
        old.rename(new)
        return f"Successfully renamed {old_path} to {new_path}"


# What the program checks of the model's input before running it (the API's own schema is not
# sent: the definition is two fields); chapter 05's dispatch names what is wrong.
INPUT_SCHEMA = {"type": "object", "required": ["command"], "properties": {
    "command": {"enum": ["view", "create", "str_replace", "insert", "delete", "rename"]},
    **{name: {"type": "string"} for name in ("path", "file_text", "old_str", "new_str",
                                             "insert_text", "old_path", "new_path")},
    "insert_line": {"type": "integer"},
    "view_range": {"type": "array", "items": {"type": "integer"}}}}  # fmt: skip


def memory_tool(memory: MemoryFolder) -> Tool:
    """The memory tool for chapter 09's loop: the API's definition on the menu, `memory` behind."""

    def run(**command) -> ToolOutput:
        text, failed = memory.run(command)
        return ToolOutput(text, is_error=failed)

    definition = {"type": "memory_20250818", "name": "memory"}
    return Tool("memory", "Anthropic's memory tool.", INPUT_SCHEMA, run, definition=definition)
