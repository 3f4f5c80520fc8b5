"""Chapter 10 exercise: the schema checker passes the package's own function_schema and names
each rule a plausible generator gets wrong, in both editions: among them the learner simulation's
wrong answer that once passed (a dropped "default": null), its crash ("required": None) and its
answers of odd shape (a tuple for a list, a set for required, a property written as a string)."""

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
    assert "find_order.order_id: description is missing, expected 'The order number" in named
    assert "check_stock.copies: description is missing" in named


def test_a_generator_that_forgets_additional_properties_is_told_for_each_function():
    problems = check_schema_of(open_to_more).problems
    assert len(problems) == len(FUNCTIONS)
    assert all('"additionalProperties" must be false' in problem for problem in problems)


def test_a_literal_read_as_a_string_is_named_with_its_enum():
    assert check_schema_of(strings_for_literals).problems == (
        "rate_order.stars: type is 'string', expected 'integer'; enum is missing, expected "
        "[1, 2, 3, 4, 5] (a Literal is an enum of its values, typed as they are)",
    )


def without_null_defaults(function):  # "default": None dropped, as if it said nothing
    schema = function_schema(function)
    for prop in schema["properties"].values():
        if "default" in prop and prop["default"] is None:
            del prop["default"]
    return schema


def test_a_dropped_null_default_is_named():
    assert check_schema_of(without_null_defaults).problems == (
        "search_books.author: default is missing, expected None (a parameter with a default "
        "keeps it, None included)",
    )


def test_a_tuple_where_json_has_a_list_passes():
    def tuples(function):  # typing.get_args gives a tuple: the same JSON as a list
        schema = function_schema(function)
        for prop in schema["properties"].values():
            for key in ("enum", "anyOf"):
                if key in prop:
                    prop[key] = tuple(prop[key])
        return {**schema, "required": tuple(schema["required"])}

    assert check_schema_of(tuples).passed


def test_required_as_none_or_a_set_is_named_and_never_raised():
    for required, said in ((None, "required is None"), ({"order_id"}, "required is a set")):
        problems = check_schema_of(lambda f, r=required: {**function_schema(f), "required": r})
        assert problems.problems[0] == (
            f"find_order: {said}, expected the list ['order_id'] (JSON has lists, not sets or "
            "None: the parameters without a default, in the order of the signature)"
        )
        assert len(problems.problems) == len(FUNCTIONS)  # a set fails whatever its order


def test_a_property_written_as_a_type_name_is_told_to_be_a_schema():
    def names_only(function):
        schema = function_schema(function)
        props = {name: prop.get("type", "string") for name, prop in schema["properties"].items()}
        return {**schema, "properties": props}

    assert check_schema_of(names_only).problems[0] == (
        "find_order.order_id: 'integer' is not a schema; each property is a dict, such as "
        "{'type': 'integer'}"
    )


def test_a_lists_type_is_told_the_list_rule_not_the_scalar_one():
    def lists_as_strings(function):
        schema = function_schema(function)
        props = {
            name: {"type": "string"} if prop.get("type") == "array" else prop
            for name, prop in schema["properties"].items()
        }
        return {**schema, "properties": props}

    assert check_schema_of(lists_as_strings).problems == (
        "search_books.words: type is 'string', expected 'array'; items is missing, expected "
        "{'type': 'string'} (list[X] is an array of X)",
    )


def test_a_generator_that_raises_or_returns_no_dict_is_reported_not_raised():
    def broken(function):
        raise KeyError(function.__name__)

    assert "raised KeyError" in check_schema_of(broken).problems[0]
    assert "not a dict" in check_schema_of(lambda function: None).problems[0]


@in_chinese
def test_the_chinese_type_rule_names_bool_too():
    def bools_as_integers(function):
        schema = function_schema(function)
        props = {
            name: {**prop, "type": "integer"} if prop.get("type") == "boolean" else prop
            for name, prop in schema["properties"].items()
        }
        return {**schema, "properties": props}

    assert check_schema_of(bools_as_integers).problems == (
        "set_gift.wrapped：type 是 'integer'，应为 'boolean'"
        "（str 是 string，int 是 integer，float 是 number，bool 是 boolean）",
    )


@in_chinese
def test_the_verdict_is_in_chinese():
    problems = check_schema_of(open_to_more).problems
    assert problems[0] == 'find_order："additionalProperties" 必须是 false（函数不接受别的参数）'
