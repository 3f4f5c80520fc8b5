"""Chapter 14 exercise: the memory tool's checker passes the package's own commands, names each
plausible mistake (paths joined without a check, a prefix test that lets /memoriesX in, symlinks
followed, words of one's own), and never lets a mistake reach beyond its temporary folder."""

import shutil
from pathlib import Path

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch14 import check_memory
from handagent.runtime.memory import MemoryFolder


def said_by(learner) -> str:  # the verdict unwrapped: str() breaks it to the book's width
    verdict = check_memory(learner)
    return "\n".join([verdict.heading, *verdict.problems])


def reference(folder, command):
    return MemoryFolder(folder).run(command)


def naive(folder, command):  # the notebook's draft: commands right, paths joined as they come
    target = Path(folder, command["path"].removeprefix("/memories").lstrip("/"))
    kind = command["command"]
    if kind == "create":
        if target.exists():
            return f"File {command['path']} already exists", True
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(command["file_text"])
        return f"File created successfully at: {command['path']}", False
    if not target.exists():
        return f"The path {command['path']} does not exist. Please provide a valid path.", True
    if kind == "view":
        lines = target.read_text().split("\n")
        numbered = "\n".join(f"{i:6}\t{line}" for i, line in enumerate(lines, 1))
        return f"Here's the content of {command['path']} with line numbers:\n{numbered}", False
    if kind == "delete":
        shutil.rmtree(target) if target.is_dir() else target.unlink()
        return f"Successfully deleted {command['path']}", False
    return MemoryFolder(folder).run(command)  # str_replace: the package's


def prefix_only(folder, command):  # "/memoriesX" passes a startswith("/memories") test
    path = command["path"]
    if not path.startswith("/memories") or ".." in path or "{" in path:
        return "refused", True
    return naive(folder, command)


def test_the_packages_own_commands_pass():
    assert check_memory(reference).passed


def test_paths_joined_without_a_check_are_named_and_harm_nothing_outside():
    said = said_by(naive)
    assert "view '/memories/../outside/secret.txt': read the file outside the folder" in said
    assert "view '/memories/link/secret.txt': read the file outside the folder" in said
    assert "create '/…/outside/secret.txt': was not refused" in said
    assert "/tmp" not in said  # no machine path in a hint


def test_a_command_that_changes_what_lies_outside_is_named():
    def deletes_through_links(folder, command):
        if command["command"] == "delete" and "link" in command["path"]:
            (Path(folder) / "link" / "secret.txt").unlink(missing_ok=True)
            return "Successfully deleted", False
        return MemoryFolder(folder).run(command)

    said = said_by(deletes_through_links)
    assert "delete '/memories/link/secret.txt': changed what lies outside the folder" in said


def test_a_prefix_test_that_lets_a_lookalike_root_in_is_named():
    said = said_by(prefix_only)
    assert "'/memoriesX/notes.md': was not refused" in said


def test_answers_in_words_of_ones_own_are_named_with_the_apis_words():
    def own_words(folder, command):
        text, failed = MemoryFolder(folder).run(command)
        return ("ok" if not failed else text), failed

    said = said_by(own_words)
    assert "create /memories/notes.md: said ('ok', False), the API says ('File created " in said


def test_a_shape_or_a_raise_is_named_not_raised():
    assert "returned None, not (text, is_error)" in said_by(lambda f, c: None)
    assert "raised KeyError: 'command'" in said_by(lambda f, c: {}["command"])


@in_chinese
def test_the_chinese_edition_names_mistakes_in_chinese():
    said = said_by(naive)
    assert (
        said.startswith("✗ 14 · 记忆工具的命令") and "没有被拒绝；要回一个 is_error 的结果" in said
    )
