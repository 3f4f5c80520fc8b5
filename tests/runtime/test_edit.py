from pathlib import Path

import pytest

from handagent.runtime.edit import EDIT_FILE_TOOL, edit_file
from handagent.runtime.workspace import Workspace, WorkspaceError
from handagent.validation import input_problems

SOURCE = "export function divide(a: number, b: number) {\n  return a / b;\n}\n"


@pytest.fixture
def workspace(tmp_path: Path) -> Workspace:
    (tmp_path / "src").mkdir()
    (tmp_path / "src/math.ts").write_text(SOURCE)
    return Workspace(tmp_path)


def test_an_exact_quote_is_replaced_and_the_diff_goes_to_details(workspace):
    guard = "  if (b === 0) throw new RangeError('division by zero');\n  return a / b;"
    out = edit_file(workspace, "src/math.ts", "  return a / b;", guard)
    assert out.content == "Edited src/math.ts: 1 line replaced by 2."
    assert (workspace.root / "src/math.ts").read_text() == SOURCE.replace("  return a / b;", guard)
    assert "+  if (b === 0) throw new RangeError" in out.details["diff"]
    assert out.details["diff"].startswith("--- a/src/math.ts\n+++ b/src/math.ts\n")


@pytest.mark.parametrize(
    ("old_text", "reason"),
    [("return a * b;", "was not found"), ("a", r"appears \d+ times"), ("", "was not found")],
)
def test_a_quote_that_does_not_match_exactly_once_changes_nothing(workspace, old_text, reason):
    with pytest.raises(WorkspaceError, match=reason):
        edit_file(workspace, "src/math.ts", old_text, "x")
    assert (workspace.root / "src/math.ts").read_text() == SOURCE


def test_paths_are_confined_like_read_file(workspace, tmp_path):
    with pytest.raises(WorkspaceError, match="goes above the workspace root"):
        edit_file(workspace, "../outside.ts", "a", "b")


def test_no_temporary_file_is_left_behind(workspace):
    edit_file(workspace, "src/math.ts", "a / b", "a / b ")
    assert sorted(p.name for p in (workspace.root / "src").iterdir()) == ["math.ts"]


def test_the_schema_refuses_unknown_and_missing_fields():
    problems = input_problems(EDIT_FILE_TOOL["input_schema"], {"path": "a", "oldText": "x"})
    assert "'old_text' is a required property" in problems
    assert any("'oldText' was unexpected" in p for p in problems)
