"""Tool input checked against the tool's `input_schema`, with every problem listed.

The schema is a contract at run time, not only a hint to the model: a model can leave out a
required field, send `"1234"` for a number or add fields nobody asked for. jsonschema does the
checking (Draft 2020-12, as the API describes schemas); this module turns its findings into
sentences a model can act on.

Not handled here: what to do with the problems (see `dispatch`: they become an error result).
"""

from .api.schemas import jsonschema, schema_problem, validator_for  # jsonschema, imported light


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
    problem = schema_problem(schema, validator_class)
    if problem is not None:
        raise ValueError(f"input_schema is not valid JSON Schema: {problem}. Fix the schema.")
