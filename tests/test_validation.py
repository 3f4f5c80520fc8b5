import pytest

from handagent.validation import check_schema, input_problems

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
