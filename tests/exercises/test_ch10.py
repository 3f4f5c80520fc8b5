"""Chapter 10 exercise: the schema checker passes the package's own function_schema and names
each rule a plausible generator gets wrong, in both editions."""

import inspect
import typing

from editions import english_afterwards, in_chinese  # noqa: F401 - the fixture is autouse

from handagent.exercises.ch10 import FUNCTIONS, check_schema_of
from handagent.runtime.function_tools import function_schema


def everything_required(function):  # the right types, but a default does not free a parameter
    schema = function_schema(function)
    return {**schema, "required": list(schema["properties"])}


def no_descriptions(function):  # the docstring's Args: lines left out
    schema = function_schema(function)
    properties = {
        name: {k: v for k, v in prop.items() if k != "description"}
        for name, prop in schema["properties"].items()
    }
    return {**schema, "properties": properties}


def open_to_more(function):  # additionalProperties forgotten
    return {k: v for k, v in function_schema(function).items() if k != "additionalProperties"}


def strings_for_literals(function):  # Literal[1, 2, ...] read as a string, with no enum
    schema = function_schema(function)
    hints = typing.get_type_hints(function)
    for name in inspect.signature(function).parameters:
        if typing.get_origin(hints[name]) is typing.Literal:
            schema["properties"][name] = {"type": "string"}
    return schema


def test_the_packages_own_function_schema_passes():
    assert check_schema_of(function_schema).passed


def test_the_functions_cover_each_rule():
    kinds = {
        key
        for function in FUNCTIONS
        for prop in function_schema(function)["properties"].values()
        for key in prop
    }
    assert {"type", "enum", "anyOf", "items", "default", "description"} <= kinds


def test_a_generator_that_requires_every_parameter_is_told_which_have_defaults():
    verdict = check_schema_of(everything_required)
    assert verdict.problems == (
        "check_stock: required is ['title', 'copies'], expected ['title'] (required means no "
        "default, in the order of the signature)",
        "search_books: required is ['words', 'author'], expected ['words'] (required means no "
        "default, in the order of the signature)",
        "set_gift: required is ['order_id', 'wrapped', 'note'], expected ['order_id', "
        "'wrapped'] (required means no default, in the order of the signature)",
    )


def test_a_generator_that_drops_the_docstring_is_told_each_description():
    named = "\n".join(check_schema_of(no_descriptions).problems)
    assert "find_order.order_id: description is None, expected 'The order number" in named
    assert "check_stock.copies: description is None" in named


def test_a_generator_that_forgets_additional_properties_is_told_for_each_function():
    problems = check_schema_of(open_to_more).problems
    assert len(problems) == len(FUNCTIONS)
    assert all('"additionalProperties" must be false' in problem for problem in problems)


def test_a_literal_read_as_a_string_is_named_with_its_enum():
    assert check_schema_of(strings_for_literals).problems == (
        "rate_order.stars: type is 'string', expected 'integer' (int is an integer, float a "
        "number, bool a boolean)",
        "rate_order.stars: enum is None, expected [1, 2, 3, 4, 5] (a Literal's values are an enum)",
    )


def test_a_generator_that_raises_or_returns_no_dict_is_reported_not_raised():
    def broken(function):
        raise KeyError(function.__name__)

    assert "raised KeyError" in check_schema_of(broken).problems[0]
    assert "not a dict" in check_schema_of(lambda function: None).problems[0]


@in_chinese
def test_the_verdict_is_in_chinese():
    problems = check_schema_of(open_to_more).problems
    assert problems[0] == 'find_order："additionalProperties" 必须是 false（函数不接受别的参数）'
