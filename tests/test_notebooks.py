"""The notebooks as files: chapter order of imports, no typed model ids, outputs as nbval wants."""

import ast
import json
import re
from pathlib import Path

import pytest

NOTEBOOKS = sorted(Path(__file__).parent.parent.joinpath("notebooks").glob("[0-9][0-9]_*.ipynb"))

# The chapter that introduces each module; a notebook may import only what came before it.
INTRODUCED_IN = {
    "handagent.config": 0,
    "handagent.llm": 0,
    "handagent.mock": 0,
    "handagent.checks": 0,
    "handagent.cost": 0,
    "handagent.tools": 1,
    "handagent.tokens": 1,
    "handagent.validation": 1,
    "handagent.examples": 1,
    "handagent.exercises": 1,
    "handagent.blocks": 2,
    "handagent.transcript": 2,
    "handagent.dispatch": 3,
    "handagent.stepper": 3,
    "handagent.diagram": 3,
    "handagent.dispatch.run_tool_calls": 4,
    "handagent.dispatch.outcomes": 4,
    "handagent.dispatch.not_run": 5,
    "handagent.inspector": 5,
    "handagent.protocol": 6,
    "handagent.adapters": 6,
    "handagent.ids": 6,
    "handagent.repair": 6,
    "handagent.truncate": 6,
    "handagent.workspace": 6,
    "handagent.session_log": 6,
    "handagent.edit": 6,
    "handagent.streaming": 6,
    "handagent.providers": 6,
    "handagent.calls": 6,
}


def chapter(path: Path) -> int:
    return int(path.name[:2])


def code_cells(path: Path) -> list[dict]:
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return [cell for cell in cells if cell["cell_type"] == "code"]


def imported_modules(source: str) -> set[str]:
    # IPython magics are not Python: drop them before parsing.
    python = "\n".join(
        line for line in source.splitlines() if not line.lstrip().startswith(("%", "!"))
    )
    modules = set()
    for node in ast.walk(ast.parse(python)):
        if isinstance(node, ast.Import):
            modules.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            modules.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {m for m in modules if m.startswith("handagent")}


def introduced(module: str) -> int | None:
    """The chapter that introduces a module or name, by longest known prefix.

    Example: "handagent.dispatch.run_tool_calls" -> 4;  "handagent.exercises.ch03" -> 3
    """
    if module.startswith("handagent.exercises.ch"):
        return int(module.removeprefix("handagent.exercises.ch")[:2])
    for name in sorted(INTRODUCED_IN, key=len, reverse=True):
        if module == name or module.startswith(name + "."):
            return INTRODUCED_IN[name]
    return None


def test_there_are_notebooks():
    assert [chapter(p) for p in NOTEBOOKS][:1] == [0]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_chapter_imports_only_what_earlier_chapters_introduced(path):
    for cell in code_cells(path):
        for module in imported_modules("".join(cell["source"])):
            found = introduced(module)
            assert found is not None, f"{path.name} imports {module}, which no chapter introduces"
            assert found <= chapter(path), f"{path.name} imports {module} from chapter {found}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_no_cell_types_a_model_id(path):
    for cell in code_cells(path):
        assert not re.search(r"['\"]claude-[a-z0-9.-]+['\"]", "".join(cell["source"]))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_stored_errors_are_only_in_cells_marked_as_raising(path):
    for cell in code_cells(path):
        tags = cell.get("metadata", {}).get("tags", [])
        if any(output["output_type"] == "error" for output in cell["outputs"]):
            assert "raises-exception" in tags, "".join(cell["source"])[:80]
        if cell["outputs"]:
            assert cell["execution_count"] is not None, "outputs without a count fail nbval"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.name)
def test_first_output_says_which_provider_and_model(path):
    first = code_cells(path)[0]
    assert "provider_line()" in "".join(first["source"])
    assert "".join(first["outputs"][0]["text"]).startswith("Provider: mock")
