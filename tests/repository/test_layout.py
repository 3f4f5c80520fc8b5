"""The package's layout as CONTRIBUTING.md describes it: folders by job, one name in one place,
imports in one direction. Read with `ast`, so nothing is imported to check it."""

import ast
from collections import defaultdict
from pathlib import Path

import pytest
from paths import ROOT

PACKAGE = ROOT / "src" / "handagent"
CHAPTER_MODULES = {  # what Part 1's chapters build, at the top where a reader sees it first
    "blocks", "config", "cost", "dispatch", "examples", "language", "llm", "room", "tools",
    "validation",
}  # fmt: skip
FOLDERS = {"api", "apps", "exercises", "experiments", "mcp", "mock", "record", "runtime", "views"}


def module_name(path: Path) -> str:
    """Example: src/handagent/mock/http/server.py -> "handagent.mock.http.server"."""
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def imports_of(module: str) -> set[str]:
    """The package modules a module imports, at any depth of its code, resolved to full names.

    Example: handagent.api.checks -> {"handagent.api", "handagent.api.fields", ...}
    """
    path = MODULES[module]
    package = module if path.name == "__init__.py" else module.rsplit(".", 1)[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found |= {a.name for a in node.names if a.name.startswith("handagent")}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            if not base.startswith("handagent"):
                continue
            for alias in node.names:
                found.add(f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base)
    return found


def test_the_top_level_holds_only_what_the_chapters_build_and_the_folders():
    top = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__"}
    folders = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert top == CHAPTER_MODULES
    assert folders == FOLDERS


def test_no_public_name_is_defined_in_two_modules():
    # The per-chapter exercise modules share an interface on purpose (SELF_CHECK, check_...).
    defined = defaultdict(list)
    for module, path in MODULES.items():
        if module.startswith(("handagent.exercises.ch", "handagent.exercises.questions.ch")):
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                names = [node.name]
            elif isinstance(node, ast.Assign):
                names = [t.id for t in node.targets if isinstance(t, ast.Name)]
            elif isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name):
                names = [node.target.id]
            else:
                continue
            for name in names:
                if not name.startswith("_") and name != "__all__":
                    defined[name].append(module)
    twice = {name: where for name, where in defined.items() if len(where) > 1}
    assert twice == {}  # rename one, or import it from the other


def closure(start: str) -> set[str]:
    seen, todo = set(), [start]
    while todo:
        module = todo.pop()
        if module in seen or module not in MODULES:
            continue
        seen.add(module)
        todo += sorted(imports_of(module))
    return seen


def test_following_check_request_stays_inside_api():
    assert closure("handagent.api.checks") <= {m for m in MODULES if m.startswith("handagent.api")}


@pytest.mark.parametrize(
    "room, may_not_import",
    [
        ("handagent.api", ("handagent.",)),  # nothing of the package outside api/
        (
            "handagent.runtime",
            (
                "handagent.views",
                "handagent.mock",
                "handagent.exercises",
                "handagent.apps",
                "handagent.experiments",
                "handagent.mcp",
            ),
        ),
        (
            "handagent.apps",
            ("handagent.views", "handagent.mock", "handagent.exercises", "handagent.experiments"),
        ),
        ("handagent.experiments", ("handagent.views", "handagent.mock", "handagent.exercises")),
        ("handagent.views", ("handagent.mock", "handagent.exercises")),
        ("handagent.mcp", ("handagent.views", "handagent.mock", "handagent.exercises")),
        ("handagent.mock.model", ("handagent.mock.hosted", "handagent.mock.http")),
        ("handagent.mock.hosted", ("handagent.mock.http",)),
        ("handagent.mock", ("handagent.record",)),  # record uses the mock, never the reverse
    ],
)
def test_imports_point_one_way(room, may_not_import):
    offenders = {
        (module, target)
        for module in MODULES
        if module == room or module.startswith(room + ".")
        for target in imports_of(module)
        if target.startswith(may_not_import) and not target.startswith(room)
    }
    assert offenders == set()


# Modules are 50-200 lines (CONTRIBUTING). These are longer, each for a reason, at most as long as
# they are now: one may shrink (then lower or drop its line), none may grow.
LONGER = {
    "runtime.protocol": (346, "every neutral type in one file, printed whole by chapter 06"),
    "runtime.adapters.anthropic": (237, "one wire format both ways, as pi-mono keeps an adapter"),
    "runtime.truncate": (226, "three policies and their notices, pi-mono's numbers"),
    "runtime.streaming": (217, "every event of a stream, and the three ways it can end"),
    "api.models": (519, "the catalogue: one row per model, each with its date and source"),
    "api.history": (287, "the conversation rules, each with its wording"),
    "api.fields": (235, "the tables of fields per version and beta"),
    "cost": (274, "the meter, its HTTP hooks and the TLS context both SDKs' clients share"),
    "llm": (220, "call_model and the one line a room's learner reads: chapters 00-01 print it"),
    "views.stepper": (228, "a widget and its static rendering"),
    "views.neutral": (213, "four views of one record"),
    "runtime.memory": (222, "six commands in the reference's words, and the tool for the loop"),
    **{f"mock.{name}": (lines, "the mock's rooms: see mock/__init__.py") for name, lines in {
        "model.brain": 305, "model.evidence": 303, "model.arguments": 250,
        "model.signatures": 224, "model.lexicon": 240, "http.server": 355, "http.room": 240,
        "http.openai_chat": 331, "http.replies": 280, "http.routes": 201}.items()},
    **{f"exercises.ch{n}": (lines, "a chapter's checkers and its self-check, in two languages")
       for n, lines in {"01": 270, "02": 232, "03": 323, "04": 277, "05": 295, "06": 231,
                        "08": 438, "10": 205}.items()},
}  # fmt: skip


def test_every_module_is_at_most_200_lines_or_says_why_and_never_grows():
    grown = {}
    for module, path in MODULES.items():
        lines = len(path.read_text(encoding="utf-8").splitlines())
        ceiling, _why = LONGER.get(module.removeprefix("handagent."), (200, ""))
        if lines > ceiling:
            grown[module] = (lines, ceiling)
    assert grown == {}  # split the module, or shorten it


def test_the_loop_a_reader_copies_fits_on_a_few_screens():
    assert len((PACKAGE / "runtime" / "loop.py").read_text(encoding="utf-8").splitlines()) < 200
