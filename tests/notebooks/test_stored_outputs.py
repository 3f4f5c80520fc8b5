"""Stored outputs show nothing of the machine that made them: no home, /work, /tmp or .venv path.

A traceback or a warning prints where the package and the interpreter live; stored in a notebook,
that path is on GitHub for every reader. nbval's sanitised form of a kernel's temporary cell file,
`/tmp/ipykernel/CELL.py`, is the one path allowed. Every notebook under notebooks/ is read,
the zh-CN edition too, cell by cell, so a failure names the cell to fix.
"""

import json
import re

import pytest
from paths import ROOT

ANSI = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")  # tracebacks are coloured: colour codes split paths
MACHINE_PATH = re.compile(
    r"(?<![\w.~-])(?:"
    r"/home/[^/\s'\"]+|/root(?![\w-])|/Users/[^/\s'\"]+|[A-Za-z]:\\Users\\"  # a home
    r"|/work(?![\w-])|/tmp(?![\w-])(?!/ipykernel/CELL\.py)"
    r")|\.venv(?![\w-])"
)
# Known today, each to be fixed in its notebook (then its mark flips to a failure: remove it).
KNOWN: dict[tuple[str, str], str] = {}


def output_text(output: dict) -> str:
    """Everything a reader of an output sees, colour codes removed."""
    parts = [output.get("text", ""), output.get("evalue", ""), *output.get("traceback", [])]
    parts += output.get("data", {}).values()
    flat = ("".join(part) if isinstance(part, list) else str(part) for part in parts)
    return ANSI.sub("", "\n".join(flat))


def cells() -> list:
    out = []
    for path in sorted((ROOT / "notebooks").rglob("*.ipynb")):
        if ".ipynb_checkpoints" in path.parts:
            continue
        name = path.relative_to(ROOT / "notebooks").as_posix()
        for index, cell in enumerate(json.loads(path.read_text())["cells"]):
            if not cell.get("outputs"):
                continue
            key = (name, cell.get("id", str(index)))
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN[key])] if key in KNOWN else []
            out.append(pytest.param(cell, id=f"{name}:cell-{index}", marks=marks))
    return out


@pytest.mark.parametrize("cell", cells())
def test_no_stored_output_shows_a_path_of_the_machine_that_ran_it(cell):
    found = sorted(
        {m.group() for o in cell["outputs"] for m in MACHINE_PATH.finditer(output_text(o))}
    )
    assert found == [], f"cell {cell.get('id')} stores {found}: regenerate it without them"


@pytest.mark.parametrize(
    "text",
    [
        "File /work/main/src/handagent/llm.py:148",
        "/root/.cache/x",
        "/home/ada/notes",
        r"C:\Users\ada\x",
        "/tmp/ipykernel_4242/3.py",
        "see .venv/lib/python3.11",
        "/tmp",
    ],
)
def test_the_pattern_finds_machine_paths(text):
    assert MACHINE_PATH.search(text)


@pytest.mark.parametrize(
    "text",
    [
        "/tmp/ipykernel/CELL.py:3: UserWarning",
        "src/handagent/llm.py",
        "notebooks/work/x",
        "/workspace-free",
        "http://localhost:8765/v1/messages",
        "~/.venvs/x",
    ],
)
def test_the_pattern_lets_the_rest_pass(text):
    assert not MACHINE_PATH.search(text)


def test_every_known_leak_names_a_cell_that_still_exists():
    present = {(p.values[0].get("id"), p.id.split(":")[0]) for p in cells()}
    assert {(cell, name) for name, cell in KNOWN} <= present
