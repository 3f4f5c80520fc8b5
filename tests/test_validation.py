import ast
import os
import subprocess
import sys
from pathlib import Path

import pytest

from handagent.api.schemas import is_draft_2020_12_schema
from handagent.validation import check_schema, input_problems

SRC = Path(__file__).parent.parent / "src" / "handagent"

SCHEMA = {
    "type": "object",
    "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
    "required": ["a", "b"],
    "additionalProperties": False,
}


def test_valid_input_has_no_problems():
    assert input_problems(SCHEMA, {"a": 1, "b": 2.5}) == []


def test_every_problem_is_listed_with_its_path():
    assert input_problems(SCHEMA, {"a": "1", "c": True}) == [
        "'b' is a required property",
        "Additional properties are not allowed ('c' was unexpected)",
        "a: '1' is not of type 'number'",
    ]


def test_input_that_is_not_an_object_is_one_problem():
    assert input_problems(SCHEMA, None) == ["None is not of type 'object'"]


def test_nested_paths_are_dotted():
    schema = {
        "type": "object",
        "properties": {"xs": {"type": "array", "items": {"type": "integer"}}},
    }
    assert input_problems(schema, {"xs": [1, "two"]}) == ["xs.1: 'two' is not of type 'integer'"]


def test_an_invalid_schema_is_a_programmer_mistake():
    with pytest.raises(ValueError, match="Fix the schema"):
        check_schema({"type": "object", "properties": {"a": {"type": 5}}})


# rfc3987_syntax builds an Earley grammar at import (1.3 s); jsonschema is loaded without it.
# `make setup` leaves it out (Makefile, LEFT_OUT) and pip installs it, so the checks below run
# with a stand-in of that name on the path, installed or not: what matters is who imports it.
STAND_IN = "def is_valid_syntax(rule, value):\n    return rule == 'iri' and ':' in value\n"


def run_python(code: str, tmp_path: Path) -> list[str]:
    """What `python -c CODE` prints, word by word, with the stand-in rfc3987_syntax importable."""
    (tmp_path / "rfc3987_syntax.py").write_text(STAND_IN, encoding="utf-8")
    path = os.pathsep.join(filter(None, [str(tmp_path), os.environ.get("PYTHONPATH")]))
    env = {**os.environ, "PYTHONPATH": path}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    )
    return done.stdout.split()


def test_importing_validation_builds_no_rfc3987_grammar_and_hides_nothing_for_good(tmp_path):
    code = (
        "import sys, handagent.validation; print('rfc3987_syntax' in sys.modules); "
        "import rfc3987_syntax; print(rfc3987_syntax.is_valid_syntax('iri', 'http://a/b'))"
    )
    assert run_python(code, tmp_path) == ["False", "True"]


def imported_modules(path: Path) -> list[str]:
    """The modules a file imports. Example: "import os, jsonschema" -> ["os", "jsonschema"]"""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            found.append(node.module)
    return found


def test_every_module_reaches_jsonschema_through_api_schemas_only():
    # One `import jsonschema` elsewhere, run first, builds the grammar: the mock's structured
    # outputs once did, in every mock-mode kernel (starting the mock took 0.97 s, not 0.08 s).
    offenders = [
        path.relative_to(SRC).as_posix()
        for path in SRC.rglob("*.py")
        if path != SRC / "api" / "schemas.py"
        and any(name.split(".")[0] == "jsonschema" for name in imported_modules(path))
    ]
    assert offenders == []  # write `from ..api.schemas import jsonschema` instead


@pytest.mark.parametrize(
    "first",
    [
        "from handagent.mock import MockServer; MockServer().start()",  # a mock-mode kernel
        "import handagent.exercises.ch08",  # chapter 8's checks, which validate schemas
    ],
)
def test_what_a_kernel_imports_first_builds_no_grammar(first, tmp_path):
    code = f"import sys; {first}; print('rfc3987_syntax' in sys.modules)"
    assert run_python(code, tmp_path) == ["False"]


def test_the_stand_in_is_what_a_plain_jsonschema_import_loads(tmp_path):
    # the checks above could not fail if jsonschema no longer imported rfc3987_syntax at all
    code = "import sys, jsonschema; print('rfc3987_syntax' in sys.modules)"
    assert run_python(code, tmp_path) == ["True"]


@pytest.mark.parametrize(
    "schema, valid",
    [({"type": "object"}, True), ({"properties": 5}, False), ({"type": "thing"}, False)],
)
def test_a_draft_2020_12_schema_is_told_from_one_that_is_not(schema, valid):
    assert is_draft_2020_12_schema(schema) is valid
