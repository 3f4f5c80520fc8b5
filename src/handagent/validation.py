"""Tool input checked against the tool's `input_schema`, with every problem listed.

The schema is a contract at run time, not only a hint to the model: a model can leave out a
required field, send `"1234"` for a number or add fields nobody asked for. jsonschema does the
checking (Draft 2020-12, as the API describes schemas); this module turns its findings into
sentences a model can act on.

Not handled here: what to do with the problems (see `dispatch`: they become an error result).
"""

import sys

# jsonschema checks the "iri" formats with rfc3987_syntax when it is installed (jupyter-events
# installs it), and that module builds an Earley grammar as it is imported: 1.5 s of every
# kernel that imports this module. Nothing here checks those formats (tool input is validated
# without format checks; a schema's own check uses only the meta-schema's "uri" formats), so
# jsonschema is imported as if rfc3987_syntax were absent: 0.08 s instead of 1.6 s. What this
# costs the process: jsonschema's FormatChecker then checks no "iri"/"iri-reference" formats,
# whoever uses it. A thread importing rfc3987_syntax during these few lines would get an
# ImportError; a kernel imports this module before it runs threads. Copying this module into a
# program that validates IRIs? Drop the trick. The package's other modules take jsonschema from
# here (`from ..validation import jsonschema`), so whichever runs first, this import is the first.
_hidden = "rfc3987_syntax" not in sys.modules
if _hidden:
    sys.modules["rfc3987_syntax"] = None  # `import rfc3987_syntax` now raises ImportError
import jsonschema  # noqa: E402
from jsonschema.validators import validator_for  # noqa: E402

if _hidden:
    del sys.modules["rfc3987_syntax"]  # whoever imports it later gets the real module


def input_problems(schema: dict, data: object) -> list[str]:
    """Every way `data` breaks `schema`, one sentence each, in a stable order.

    Example: ({"type": "object", "required": ["a"], ...}, {"a": "1"})
        -> ["a: '1' is not of type 'number'"]
    """
    validator_class = validator_for(schema, default=jsonschema.Draft202012Validator)
    validator = validator_class(schema)
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(e.absolute_path), e.message))
    problems = []
    for error in errors:
        where = ".".join(str(part) for part in error.absolute_path)
        problems.append(f"{where}: {error.message}" if where else error.message)
    return problems


def check_schema(schema: dict) -> None:
    """Raise at once if a tool's `input_schema` is not valid JSON Schema (a programmer mistake)."""
    validator_class = validator_for(schema, default=jsonschema.Draft202012Validator)
    try:
        validator_class.check_schema(schema)
    except jsonschema.SchemaError as error:
        raise ValueError(
            f"input_schema is not valid JSON Schema: {error.message}. Fix the schema."
        ) from None


def is_draft_2020_12_schema(schema: object) -> bool:
    """Whether `schema` is a valid Draft 2020-12 schema, as the API checks `input_schema`.

    Example: {"type": "object"} -> True; {"properties": 5} -> False
    """
    try:
        jsonschema.Draft202012Validator.check_schema(schema)
    except jsonschema.SchemaError:
        return False
    return True
