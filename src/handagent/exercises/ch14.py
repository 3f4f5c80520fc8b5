"""Chapter 14 exercise: the memory tool's commands, written by the learner, run on a real folder.

The learner writes `memory_command(folder, command)`: `folder` is the directory that stands for
`/memories`, `command` the input of one `memory` tool call, and the answer `(text, is_error)`,
as `runtime.memory.MemoryFolder.run` gives it. `check_memory` runs it in a fresh folder, with a
file and a symlink beside it that no command may reach, on two kinds of case:
- ordinary commands (`create`, `view`, `str_replace`, `delete`), whose answers must be the API's
  own words (the reference implementation's, `MemoryFolder`'s) and whose effects must be made;
- hostile paths (`..`, another root, a name that only starts like `/memories`, a symlink out),
  which must be refused (`is_error`) with nothing outside the folder read, written or deleted.
Each mistake is named: what was said against what the API says, what a path reached.

Hints follow the edition's language, `handagent.language`.

Not handled here: `insert` and `rename` (the reference does them; the chapter shows them), sizes.
"""

import shutil
import tempfile
from pathlib import Path

from ..language import pick
from ..runtime.memory import MemoryFolder
from . import Verdict, attempt
from .questions.ch14 import SELF_CHECK  # noqa: F401 - the chapter's self-check, read by selfcheck

EXERCISE = ("14 · the memory tool's commands", "14 · 记忆工具的命令")
NOTES = "/memories/notes.md"
ORDINARY = (  # in this order, in one folder
    {"command": "create", "path": NOTES, "file_text": "- likes tea\n"},
    {"command": "create", "path": NOTES, "file_text": "- again\n"},
    {"command": "view", "path": NOTES},
    {"command": "str_replace", "path": NOTES, "old_str": "tea", "new_str": "coffee"},
    {"command": "str_replace", "path": NOTES, "old_str": "milk", "new_str": "x"},
    {"command": "view", "path": "/memories/gone.md"},
    {"command": "delete", "path": NOTES},
)
# "{outside}": the absolute path of the folder beside it (never a real system file: a command
# that ignores the check must do no harm outside the exercise's own temporary folder)
HOSTILE = ("/memories/../outside/secret.txt", "{outside}/secret.txt", "/memoriesX/notes.md",
           "/memories/link/secret.txt", "/memories/link")  # fmt: skip


def _world(base: Path) -> tuple[Path, Path]:
    """A folder for /memories, and beside it a secret and a symlink that points at it."""
    folder, outside = base / "memories", base / "outside"
    folder.mkdir(parents=True)
    outside.mkdir()
    (outside / "secret.txt").write_text("the launch codes")
    (folder / "link").symlink_to(outside, target_is_directory=True)
    return folder, outside


def _beyond(case: Path) -> dict:
    """Everything beside the memory folder, and its symlink, as they are now."""
    found = {}
    for path in sorted(case.rglob("*")):
        if path.is_symlink():
            found[str(path.relative_to(case))] = "symlink"
        elif path.is_file() and "memories" not in path.relative_to(case).parts[:1]:
            found[str(path.relative_to(case))] = path.read_bytes()
    return found


def _shape(got: object) -> tuple[str, str] | None:
    if not (isinstance(got, tuple) and len(got) == 2 and isinstance(got[0], str)
            and isinstance(got[1], bool)):  # fmt: skip
        return (f"returned {got!r:.60}, not (text, is_error)",
                f"返回的是 {got!r:.60}，不是 (text, is_error)")  # fmt: skip
    return None


def _notes(folder: Path) -> bytes | None:
    return (folder / "notes.md").read_bytes() if (folder / "notes.md").is_file() else None


def _ordinary(learner, base: Path) -> list[str]:
    folder, _ = _world(base / "theirs")
    reference = MemoryFolder(_world(base / "ours")[0])
    problems = []
    for command in ORDINARY:
        expected = reference.run(command)
        got, raised = attempt(learner, folder, dict(command))
        name = f"{command['command']} {command['path']}"
        if raised or _shape(got):
            why = (raised, raised) if raised else _shape(got)
            problems.append(pick(f"{name}: {why[0]}", f"{name}：{why[1]}"))
            break  # the commands build on each other: stop at the first broken one
        if got != expected:
            problems.append(pick(f"{name}: said {got!r}, the API says {expected!r}",
                                 f"{name}：你返回的是 {got!r}，"
                                 f"API 返回的是 {expected!r}"))  # fmt: skip
        kept, ours = _notes(folder), _notes(reference.root)
        if kept != ours:
            problems.append(pick(f"{name}: the file holds {kept!r}, it should hold {ours!r}",
                                 f"{name}：文件里是 {kept!r}，应该是 {ours!r}"))  # fmt: skip
            break
    return problems


def _hostile(learner, base: Path) -> list[str]:
    problems = []
    for pattern in HOSTILE:
        path = pattern.format(outside=base / "case" / "outside")
        for command in ({"command": "view", "path": path},
                        {"command": "create", "path": path, "file_text": "pwned"},
                        {"command": "delete", "path": path}):  # fmt: skip
            case = base / "case"
            shutil.rmtree(case, ignore_errors=True)
            case.mkdir()
            folder, _ = _world(case)
            before = _beyond(case)
            got, raised = attempt(learner, folder, dict(command))
            what = f"{command['command']} {pattern.format(outside='/…/outside')!r}"
            check = pick("check a path before touching anything: /memories only, no .., no "
                         "symlink", "动任何东西之前先检查路径：只能在 /memories 下，不许 ..，"
                         "不许符号链接")  # fmt: skip
            if _beyond(case) != before:
                problems.append(pick(f"{what}: changed what lies outside the folder; {check}",
                                     f"{what}：改动了文件夹外面的东西；{check}"))  # fmt: skip
            elif got and isinstance(got, tuple) and "launch codes" in str(got[0]):
                problems.append(pick(f"{what}: read the file outside the folder; {check}",
                                     f"{what}：读到了文件夹外面的文件；{check}"))  # fmt: skip
            elif raised or _shape(got):
                why = (raised, raised) if raised else _shape(got)
                problems.append(pick(f"{what}: {why[0]}", f"{what}：{why[1]}"))
            elif not got[1]:
                problems.append(pick(f"{what}: was not refused; answer an is_error result",
                                     f"{what}：没有被拒绝；要回一个 is_error 的结果"))  # fmt: skip
            if problems and problems[-1].startswith(what):
                break  # one mistake per path is enough to name
    return problems


def check_memory(learner_memory) -> Verdict:
    """Run the learner's memory_command(folder, command) on ordinary commands and hostile paths."""
    base = Path(tempfile.mkdtemp(prefix="handagent-14-"))
    try:
        (base / "ordinary").mkdir()
        (base / "hostile").mkdir()
        problems = _ordinary(learner_memory, base / "ordinary")
        problems += _hostile(learner_memory, base / "hostile")
        problems = [p.replace(str(base), "…") for p in problems]  # no machine path in a hint
    finally:
        shutil.rmtree(base, ignore_errors=True)
    return Verdict(pick(*EXERCISE), tuple(problems))
