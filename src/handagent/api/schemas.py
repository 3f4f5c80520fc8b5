"""JSON Schema as the API reads it: an `input_schema` must be a valid Draft 2020-12 schema.

    is_draft_2020_12_schema({"type": "object"}) -> True;  ({"properties": 5}) -> False

jsonschema is imported here, light (without rfc3987_syntax's grammar), and every module of the
package that needs jsonschema takes it from here (`from handagent.api.schemas import jsonschema`),
so whichever is imported first, the light import comes first.

Not handled here: checking a tool's input against its schema, in sentences a model can act on
(`handagent.validation`, chapter 01).
"""

import importlib
import json
import sys
from functools import lru_cache


def _import_jsonschema_light():
    """jsonschema, imported without rfc3987_syntax: 0.08 s instead of 1.6 s in every kernel.

    Why: jsonschema checks the "iri" formats with rfc3987_syntax when it is installed
    (jupyter-events installs it), and that module builds an Earley grammar as it is imported.
    Nothing here checks those formats (tool input is validated without format checks; a schema's
    own check uses only the meta-schema's "uri" formats). The cost, for the whole process:
    jsonschema's FormatChecker then checks no "iri"/"iri-reference" formats, whoever uses it.
    Copying this module into a program that validates IRIs? Use a plain `import jsonschema`.
    The package's other modules take jsonschema from here, so this import is the first.
    """
    hidden = "rfc3987_syntax" not in sys.modules
    if hidden:
        sys.modules["rfc3987_syntax"] = None  # `import rfc3987_syntax` now raises ImportError
    try:
        return importlib.import_module("jsonschema")
    finally:
        if hidden:
            del sys.modules["rfc3987_syntax"]  # whoever imports it later gets the real module


jsonschema = _import_jsonschema_light()
validator_for = jsonschema.validators.validator_for


def schema_problem(schema: object, validator_class=None) -> str | None:
    """The first way `schema` breaks the meta-schema of `validator_class` (Draft 2020-12 unless
    given), or None for a valid schema. Each distinct schema is checked once a process: a notebook
    builds the same tools, and the mock reads the same menu, again and again, and one check costs
    a millisecond.

    Example: {"properties": 5} -> "5 is not of type 'object'"; {"type": "object"} -> None
    """
    validator_class = validator_class or jsonschema.Draft202012Validator
    try:
        text = json.dumps(schema, sort_keys=True, allow_nan=False)
    except (TypeError, ValueError):  # not JSON (a set, NaN): checked as it is, every time
        return _problem(schema, validator_class)
    return _problem_of_json(text, validator_class)


@lru_cache(maxsize=1024)
def _problem_of_json(text: str, validator_class) -> str | None:
    return _problem(json.loads(text), validator_class)


def _problem(schema: object, validator_class) -> str | None:
    try:
        validator_class.check_schema(schema)
    except jsonschema.SchemaError as error:
        return error.message
    return None


def is_draft_2020_12_schema(schema: object) -> bool:
    """Whether `schema` is a valid Draft 2020-12 schema, as the API checks `input_schema`.

    Example: {"type": "object"} -> True; {"properties": 5} -> False
    """
    return schema_problem(schema) is None
