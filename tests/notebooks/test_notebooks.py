"""The notebooks as files: chapter order of imports, no typed model ids, outputs as nbval wants."""

import ast
import json
import re
from pathlib import Path

import pytest
from paths import ROOT

import handagent

FOLDER = ROOT / "notebooks"
NOTEBOOKS = sorted(FOLDER.glob("[0-9][0-9]_*.ipynb")) + sorted(FOLDER.glob("zh-CN/[0-9][0-9]_*"))

MAP_ROW = re.compile(r"^\s+(?:chapter (\d\d))?\s+([a-z_.]+)\s{2,}(.*)$")


def introductions() -> dict[str, int]:
    """The chapter that introduces each module, read from the package's own map (its docstring).

    A module listed again under a later chapter introduces the functions named there.
    Example: "chapter 04  dispatch  run_tool_calls(), ..." -> {"...dispatch.run_tool_calls": 4}
    """
    found: dict[str, int] = {"handagent.exercises": 1}
    chapter = None
    for line in handagent.__doc__.splitlines():
        match = MAP_ROW.match(line)
        if not match or line.lstrip().startswith("every"):
            continue
        chapter = int(match[1]) if match[1] else chapter
        module = f"handagent.{match[2]}"
        if module not in found:
            found[module] = chapter
        else:
            for name in re.findall(r"([a-z_]+)\(\)", match[3]):
                found[f"{module}.{name}"] = chapter
    return found


INTRODUCED_IN = introductions()


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


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(FOLDER).as_posix())
def test_chapter_imports_only_what_earlier_chapters_introduced(path):
    for cell in code_cells(path):
        for module in imported_modules("".join(cell["source"])):
            found = introduced(module)
            assert found is not None, f"{path.name} imports {module}, which no chapter introduces"
            assert found <= chapter(path), f"{path.name} imports {module} from chapter {found}"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(FOLDER).as_posix())
def test_no_cell_types_a_model_id(path):
    for cell in code_cells(path):
        assert not re.search(r"['\"]claude-[a-z0-9.-]+['\"]", "".join(cell["source"]))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(FOLDER).as_posix())
def test_stored_errors_are_only_in_cells_marked_as_raising(path):
    for cell in code_cells(path):
        tags = cell.get("metadata", {}).get("tags", [])
        if any(output["output_type"] == "error" for output in cell["outputs"]):
            assert "raises-exception" in tags, "".join(cell["source"])[:80]
        if cell["outputs"]:
            assert cell["execution_count"] is not None, "outputs without a count fail nbval"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: p.relative_to(FOLDER).as_posix())
def test_first_output_says_which_provider_and_model(path):
    first = code_cells(path)[0]
    assert "provider_line()" in "".join(first["source"])
    said = "".join(first["outputs"][0]["text"])
    assert said.startswith("服务商：mock" if path.parent.name == "zh-CN" else "Provider: mock")


def test_every_module_of_the_package_is_on_its_map():
    package = Path(handagent.__file__).parent
    mapped_folders = ("api", "apps", "experiments", "runtime", "views")  # each module on the map
    modules = {p.stem for p in package.glob("*.py") if p.stem != "__init__"}
    modules |= {p.name for p in package.iterdir() if (p / "__init__.py").exists()}
    modules -= set(mapped_folders)
    for folder in mapped_folders:
        modules |= {f"{folder}.{p.stem}" for p in (package / folder).glob("*.py")}
        modules |= {f"{folder}.{p.name}" for p in (package / folder).iterdir() if p.is_dir()}
    modules = {m for m in modules if not m.endswith(("__init__", "__pycache__"))}
    assert {f"handagent.{m}" for m in modules} <= set(INTRODUCED_IN)
