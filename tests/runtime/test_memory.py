"""Tests for handagent.runtime.memory: the memory tool's six commands, checked against Anthropic's
own implementation (the SDK's BetaLocalFilesystemMemoryTool) word for word, and a property test:
random command sequences with hostile paths never touch a file outside the folder, and the
folder always matches a simple model of what the commands should have done."""

import os
from pathlib import Path

import pytest
from anthropic.lib.tools._beta_builtin_memory_tool import BetaLocalFilesystemMemoryTool
from anthropic.lib.tools._beta_functions import ToolError
from anthropic.types.beta import BetaMemoryTool20250818Command
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import TypeAdapter

from handagent.runtime.adapters import tools_to_anthropic
from handagent.runtime.memory import MemoryFolder, memory_tool

ORDINARY = [
    {"command": "view", "path": "/memories"},
    {"command": "create", "path": "/memories/notes.md", "file_text": "- likes tea\n- in Oslo\n"},
    {"command": "create", "path": "/memories/notes.md", "file_text": "again"},
    {"command": "view", "path": "/memories/notes.md"},
    {"command": "view", "path": "/memories/notes.md", "view_range": [2, -1]},
    {"command": "str_replace", "path": "/memories/notes.md", "old_str": "tea", "new_str": "coffee"},
    {"command": "str_replace", "path": "/memories/notes.md", "old_str": "- ", "new_str": "* "},
    {"command": "str_replace", "path": "/memories/notes.md", "old_str": "milk", "new_str": "x"},
    {"command": "insert", "path": "/memories/notes.md", "insert_line": 1, "insert_text": "- new\n"},
    {"command": "insert", "path": "/memories/notes.md", "insert_line": 9, "insert_text": "x"},
    {"command": "create", "path": "/memories/work/plan.md", "file_text": "step 1\n"},
    {"command": "view", "path": "/memories"},
    {"command": "view", "path": "/memories/missing.md"},
    {"command": "rename", "old_path": "/memories/work/plan.md", "new_path": "/memories/plan.md"},
    {"command": "rename", "old_path": "/memories/plan.md", "new_path": "/memories/notes.md"},
    {"command": "rename", "old_path": "/memories/gone.md", "new_path": "/memories/x.md"},
    {"command": "delete", "path": "/memories/work"},
    {"command": "delete", "path": "/memories/work"},
    {"command": "delete", "path": "/memories"},
    {"command": "view", "path": "/memories"},
    {"command": "view", "path": "/etc/passwd"},
    {"command": "view", "path": "/memories/../secret"},
]


def reference(tool: BetaLocalFilesystemMemoryTool, command: dict) -> tuple[str, bool]:
    typed = TypeAdapter(BetaMemoryTool20250818Command).validate_python(command)
    try:
        return getattr(tool, command["command"])(typed), False
    except ToolError as refused:
        return str(refused.content), True


def test_every_answer_and_refusal_is_the_sdks_own_word_for_word(tmp_path):
    ours = MemoryFolder(tmp_path / "ours" / "memories")
    theirs = BetaLocalFilesystemMemoryTool(str(tmp_path / "theirs"))
    for command in ORDINARY:
        assert ours.run(command) == reference(theirs, command), command


@pytest.mark.parametrize(
    ("path", "said"),
    [
        ("/memoriesX/a.md", "Path must start with /memories, got: /memoriesX/a.md"),
        ("memories/a.md", "Path must start with /memories, got: memories/a.md"),
        ("/memories/a/../../b", "Path /memories/a/../../b would escape /memories directory"),
        ("/memories/a\x00b", "would escape /memories directory"),
        ("/memories\\..\\b", "Path must start with /memories"),
        ("/memories/link/x.md", "goes through a symlink, which the memory tool does not follow"),
        ("/memories/link", "goes through a symlink"),
        (None, "Path must start with /memories, got: None"),
    ],
)
def test_hostile_paths_are_refused_before_anything_is_touched(tmp_path, path, said):
    (tmp_path / "outside").mkdir()
    memory = MemoryFolder(tmp_path / "memories")
    os.symlink(tmp_path / "outside", tmp_path / "memories" / "link")
    tries = ({"command": "create", "path": path, "file_text": "x"},
             {"command": "view", "path": path}, {"command": "delete", "path": path})  # fmt: skip
    for command in tries:
        text, is_error = memory.run(command)
        assert is_error and said in text
    assert list((tmp_path / "outside").iterdir()) == []


def test_limits_refuse_a_write_and_change_nothing(tmp_path):
    memory = MemoryFolder(tmp_path, max_file=10, max_total=15, max_files=2)
    create = {"command": "create", "path": "/memories/a.md", "file_text": "0123456789"}
    assert memory.run(create) == ("File created successfully at: /memories/a.md", False)
    text, is_error = memory.run({**create, "path": "/memories/b.md", "file_text": "x" * 11})
    assert is_error and "would be 11 bytes; a memory file holds at most 10" in text
    text, is_error = memory.run({**create, "path": "/memories/b.md", "file_text": "123456"})
    assert is_error and text.startswith("The memory is full (15 bytes, 2 files at most)")
    grow = {"command": "str_replace", "path": "/memories/a.md", "old_str": "0", "new_str": "00"}
    assert memory.run(grow)[1] and (tmp_path / "a.md").read_text() == "0123456789"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.md"]  # no temporary file left


def test_wrong_arguments_and_commands_are_named_not_raised(tmp_path):
    memory = MemoryFolder(tmp_path)
    assert memory.run({"command": "create", "path": "/memories/a"}) == (
        "create: missing 1 required positional argument: 'file_text'", True)  # fmt: skip
    assert memory.run({"command": "erase"})[0].startswith("Unknown command 'erase': use view")
    assert memory.run({"command": "rename", "old_path": "/memories", "new_path": "/memories/b"})[
        0] == "Cannot rename the /memories directory itself"  # fmt: skip
    memory.run({"command": "create", "path": "/memories/d/a", "file_text": ""})
    moved = {"command": "rename", "old_path": "/memories/d", "new_path": "/memories/d/e"}
    assert memory.run(moved) == ("Cannot move /memories/d into itself", True)


# --- the property test ---------------------------------------------------------------------
NAMES = ["a.md", "b.md", "d", "d/a.md", "d/e/f.md", "link", "link/x.md", ".", "..", "../out.md",
         "d/../../out.md", "d/./a.md", "a\x00.md", "..\\out.md"]  # fmt: skip
PATHS = st.sampled_from(["/memories", "/memoriesX/a.md", "/etc/passwd", "memories/a.md"]
                        + [f"/memories/{name}" for name in NAMES])  # fmt: skip
TEXTS = st.text(alphabet="ab\n ", max_size=12)
COMMANDS = st.one_of(
    st.builds(lambda p, r: {"command": "view", "path": p, **r}, PATHS,
              st.sampled_from([{}, {"view_range": [1, 2]}])),
    st.builds(lambda p, t: {"command": "create", "path": p, "file_text": t}, PATHS, TEXTS),
    st.builds(lambda p, o, n: {"command": "str_replace", "path": p, "old_str": o, "new_str": n},
              PATHS, st.sampled_from(["a", "b", "ab", "\n"]), TEXTS),
    st.builds(lambda p, i, t: {"command": "insert", "path": p, "insert_line": i,
                               "insert_text": t}, PATHS, st.integers(-1, 4), TEXTS),
    st.builds(lambda p: {"command": "delete", "path": p}, PATHS),
    st.builds(lambda o, n: {"command": "rename", "old_path": o, "new_path": n}, PATHS, PATHS),
)  # fmt: skip
LIMITS = {"max_file": 20, "max_total": 40, "max_files": 3}


def _inside(path: object) -> str | None:
    """The model's key for a path the tool may touch ("" for the root), else None."""
    if not isinstance(path, str) or not (path == "/memories" or path.startswith("/memories/")):
        return None
    parts = [p for p in path[len("/memories") :].split("/") if p not in ("", ".")]
    if ".." in parts or "\x00" in path or "\\" in path or (parts and parts[0] == "link"):
        return None
    return "/".join(parts)


class Model:
    """What the folder should hold: files by their path under the root, and folders."""

    def __init__(self):
        self.files: dict[str, str] = {}
        self.dirs: set[str] = set()

    def is_dir(self, key):
        return key == "" or key in self.dirs or any(f.startswith(key + "/") for f in self.files)

    def fits(self, key, text):
        size = len(text.encode())
        others = sum(len(v.encode()) for k, v in self.files.items() if k != key)
        new = key not in self.files and len(self.files) >= LIMITS["max_files"]
        return size <= LIMITS["max_file"] and others + size <= LIMITS["max_total"] and not new

    def write(self, key, text):
        if not self.fits(key, text) or self.is_dir(key) or any(
            parent in self.files for parent in _parents(key)):  # fmt: skip
            return True
        self.files[key] = text
        self.dirs.update(_parents(key))
        return False

    def apply(self, c) -> bool:
        """Whether the command is refused, having done what it should."""
        kind = c["command"]
        key = _inside(c.get("path")) if kind != "rename" else None
        if kind != "rename" and key is None:
            return True
        if kind == "view":
            return not (self.is_dir(key) or key in self.files)
        if kind == "create":
            return key in self.files or self.is_dir(key) or self.write(key, c["file_text"])
        if kind in ("str_replace", "insert"):
            if key not in self.files:
                return True
            text = self.files[key]
            if kind == "str_replace":
                if text.count(c["old_str"]) != 1:
                    return True
                return self.write(key, text.replace(c["old_str"], c["new_str"]))
            lines = text.split("\n")
            lines = lines[:-1] if lines[-1] == "" else lines
            if not 0 <= c["insert_line"] <= len(lines):
                return True
            lines.insert(c["insert_line"], c["insert_text"].rstrip("\n"))
            return self.write(key, "\n".join(lines) + "\n")
        if kind == "delete":
            if key == "" or not (key in self.files or self.is_dir(key)):
                return True
            self.files = {k: v for k, v in self.files.items() if k != key and not
                          k.startswith(key + "/")}  # fmt: skip
            self.dirs = {d for d in self.dirs if d != key and not d.startswith(key + "/")}
            return False
        old, new = _inside(c["old_path"]), _inside(c["new_path"])
        if old is None or new is None or old == "" or new in self.files or self.is_dir(new):
            return True
        if not (old in self.files or self.is_dir(old)):
            return True
        if old in self.files:
            if any(parent in self.files for parent in _parents(new)):
                return True
            self.files[new] = self.files.pop(old)
        else:
            if new.startswith(old + "/") or any(p in self.files for p in _parents(new)):
                return True
            moved = {k: v for k, v in self.files.items() if k.startswith(old + "/")}
            for k in moved:
                del self.files[k]
                self.files[new + k[len(old) :]] = moved[k]
            self.dirs = {new + d[len(old) :] if d == old or d.startswith(old + "/") else d
                         for d in self.dirs}  # fmt: skip
        self.dirs.update(_parents(new))
        return False


def _parents(key: str) -> list[str]:
    parts = key.split("/")
    return ["/".join(parts[:i]) for i in range(1, len(parts))]


def snapshot(folder: Path) -> dict:
    return {str(p.relative_to(folder)): p.read_bytes() for p in sorted(folder.rglob("*"))
            if p.is_file() and not p.is_symlink()}  # fmt: skip


@settings(max_examples=150, deadline=None)
@given(commands=st.lists(COMMANDS, max_size=12))
def test_random_commands_never_leave_the_folder_and_match_a_simple_model(
    tmp_path_factory, commands
):
    base = tmp_path_factory.mktemp("memory")
    (base / "outside").mkdir()
    (base / "outside" / "secret.txt").write_text("keep me")
    (base / "out.md").write_text("keep me too")
    memory = MemoryFolder(base / "memories", **LIMITS)
    os.symlink(base / "outside", base / "memories" / "link")
    before = {k: v for k, v in snapshot(base).items() if not k.startswith("memories")}
    model = Model()
    for command in commands:
        text, is_error = memory.run(command)
        assert isinstance(text, str) and text
        assert is_error == model.apply(command), (command, text)
        found = {k: v.decode() for k, v in snapshot(base / "memories").items()}
        assert found == model.files, command
    after = {k: v for k, v in snapshot(base).items() if not k.startswith("memories")}
    assert after == before and os.path.islink(base / "memories" / "link")


def test_the_loops_tool_sends_the_apis_definition_and_answers_through_the_folder(tmp_path):
    tool = memory_tool(MemoryFolder(tmp_path))
    assert tool.menu_entry() == {"type": "memory_20250818", "name": "memory"}
    made = tool.function(command="create", path="/memories/a.md", file_text="tea")
    assert (made.content, made.is_error) == ("File created successfully at: /memories/a.md", False)
    again = tool.function(command="create", path="/memories/a.md", file_text="tea")
    assert (again.content, again.is_error) == ("File /memories/a.md already exists", True)
    assert tools_to_anthropic([tool.menu_entry()]) == [
        {"type": "memory_20250818", "name": "memory"}
    ]
