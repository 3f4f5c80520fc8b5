"""The mock model's arguments: read from the request by the tool's schema, always schema-valid."""

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from handagent.mock.model.arguments import context, fill
from handagent.mock.model.brain import respond


def filled(properties: dict, text: str, required=None, request: str | None = None):
    schema = {"type": "object", "properties": properties, "required": required or list(properties)}
    tool = {"name": "tool", "description": "", "input_schema": schema}
    return fill(schema, context(text, request or text, tool))


def value_of(spec: dict, text: str, name: str = "x"):
    args, _ = filled({name: spec}, text)
    return args[name]


# Each kind of property takes the candidate of its kind.


@pytest.mark.parametrize(
    "name, spec, text, expected",
    [
        ("customer_id", {"type": "string"}, "What is the email of customer C1?", "C1"),
        ("order_id", {"type": "string"}, "Where is my order #48213?", "48213"),
        ("email", {"type": "string"}, "My email is jd@example.com, find me", "jd@example.com"),
        ("to", {"type": "string", "description": "Recipient email address"},
         "Email bob@example.com about the report", "bob@example.com"),
        ("url", {"type": "string"}, "Summarise https://example.org/post?id=3.", "https://example.org/post?id=3"),
        ("path", {"type": "string"}, "Please delete the file notes.txt.", "notes.txt"),
        ("path", {"type": "string"}, 'Open the file "my notes.md"', "my notes.md"),
        ("username", {"type": "string"}, "Show the profile of @octocat", "octocat"),
        ("city", {"type": "string"}, "Is it raining in New York?", "New York"),
        ("location", {"type": "string"}, "北京今天天气怎么样？", "北京"),
        ("name", {"type": "string"}, "Add a contact named Grace Hopper", "Grace Hopper"),
        ("date", {"type": "string"}, "Book it for 2025-03-14 please", "2025-03-14"),
        ("time", {"type": "string"}, "Remind me at 7pm to call mum", "7pm"),
        ("target_language", {"type": "string", "description": "ISO 639-1 code"},
         "Translate 'good morning' into French", "fr"),
        ("language", {"type": "string"}, "Translate 'good morning' into French", "French"),
        ("expression", {"type": "string"}, "multiply 1984135 by 9343116", "1984135 * 9343116"),
        ("expression", {"type": "string"}, "What is 834,727 × 991?", "834727 * 991"),
        ("query", {"type": "string"}, "Search the web for news about Mars", "news about Mars"),
        ("query", {"type": "string"}, "Look up 'tool use' on Wikipedia", "tool use"),
        ("subject", {"type": "string"}, "Email Bob about the budget saying it's ok", "the budget"),
        ("body", {"type": "string"}, "Email Bob about the budget saying it's ok", "it's ok"),
        ("sql", {"type": "string", "description": "SQL for tables users(id, email), orders(id)"},
         "How many users are there?", "SELECT COUNT(*) FROM users"),
    ],
)  # fmt: skip
def test_each_kind_of_property_takes_the_value_of_its_kind(name, spec, text, expected):
    assert value_of(spec, text, name) == expected


def test_numbers_go_to_the_property_named_beside_them_then_in_order():
    properties = {"location": {"type": "string"}, "days": {"type": "integer"}}
    assert filled(properties, "Forecast for Berlin for the next 3 days")[0] == {
        "location": "Berlin",
        "days": 3,
    }
    operands = {"a": {"type": "number"}, "b": {"type": "number"}}
    assert filled(operands, "What is -2.5 plus 1,000?")[0] == {"a": -2.5, "b": 1000}


def test_a_year_is_not_taken_for_an_optional_count():
    properties = {"query": {"type": "string"}, "limit": {"type": "integer"}}
    assert filled(properties, "Who won the 2022 World Cup?", required=["query"])[0] == {
        "query": "Who won the 2022 World Cup"
    }


@pytest.mark.parametrize(
    "spec, text, expected",
    [
        ({"type": "string", "enum": ["add", "multiply", "divide"]}, "5 times 3", "multiply"),
        ({"type": "string", "enum": ["celsius", "fahrenheit"]}, "Oslo in Fahrenheit", "fahrenheit"),
        ({"type": "string", "enum": ["celsius", "fahrenheit"]}, "Paris", "celsius"),
        ({"type": "string", "enum": ["en", "fr", "de"]}, "Say it in German", "de"),
        ({"type": "integer", "minimum": 1, "maximum": 10}, "Show me 25 results", 10),
        ({"type": "integer"}, "Roll 2.6 dice", 3),
        ({"type": "boolean"}, "Paris", False),
    ],
)  # fmt: skip
def test_values_are_shaped_to_the_schema(spec, text, expected):
    assert value_of(spec, text) == expected


def test_a_flag_is_set_when_the_request_names_it_and_not_when_it_is_negated():
    flag = {"include_forecast": {"type": "boolean"}}
    assert filled(flag, "Weather in Paris with the forecast")[0] == {"include_forecast": True}
    assert filled(flag, "Weather in Paris, no forecast")[0] == {"include_forecast": False}


def test_a_list_property_gets_every_candidate():
    cities = {"cities": {"type": "array", "items": {"type": "string"}}}
    assert filled(cities, "Compare Paris, Tokyo and Lima")[0] == {
        "cities": ["Paris", "Tokyo", "Lima"]
    }
    numbers = {"numbers": {"type": "array", "items": {"type": "number"}, "minItems": 2}}
    assert filled(numbers, "Add up 3, 5 and 7")[0] == {"numbers": [3, 5, 7]}


def test_a_property_no_value_meets_is_never_filled():
    places = {"city": False, "note": True}
    args, _ = filled(places, "Weather in Paris and Tokyo")
    assert "city" not in args


def test_a_nested_object_is_filled_from_the_same_request():
    address = {"type": "object", "properties": {"city": {"type": "string"},
               "zip": {"type": "string"}}, "required": ["city"]}  # fmt: skip
    assert filled({"address": address}, "Ship it to Lyon")[0] == {"address": {"city": "Lyon"}}


def test_a_value_the_clause_lacks_comes_from_the_rest_of_the_request():
    args, missing = filled(
        {"city": {"type": "string"}}, "weather", request="weather and time in San Francisco"
    )
    assert (args, missing) == ({"city": "San Francisco"}, [])


def test_a_required_value_nowhere_in_the_request_is_reported_and_guessed_from_the_schema():
    city = {"type": "string", "description": "A city name, e.g. Paris."}
    assert filled({"city": city}, "What's the weather like?") == ({"city": "Paris"}, ["city"])


def test_free_text_is_never_reported_missing():
    assert filled({"query": {"type": "string"}}, "Tell me about black holes") == (
        {"query": "black holes"},
        [],
    )


# Every input it makes validates against its schema: random schemas, random requests.

NAMES = ["a", "b", "city", "query", "email", "customer_id", "count", "unit", "tags", "date",
         "include_details", "options", "path", "amount", "items", "to", "x"]  # fmt: skip
TEXTS = ["What's the weather in Paris, Tokyo and Lima?", "What is 1234 + 5678?",
         "Email bob@example.com about order #12", "", "Search for 'tool use' news", "3 and -7.5",
         "现在几点了？另外 1234 加 5678 等于多少？",
         "Ship 25 boxes to Lyon tomorrow at 7pm"]  # fmt: skip


def _bounds(kind: str):
    number = st.integers(-50, 50) if kind == "integer" else st.floats(-50, 50, allow_nan=False)

    def build(draw_low, width, exclusive):
        spec = {"type": kind}
        if draw_low is not None:
            spec["exclusiveMinimum" if exclusive else "minimum"] = draw_low
            if width is not None:
                spec["maximum"] = draw_low + width
        return spec

    return st.builds(build, st.none() | number, st.none() | st.integers(2, 40), st.booleans())


def _string():
    def build(low, extra, enum, description):
        spec = {"type": "string", "description": description}
        if enum:
            return {**spec, "enum": enum}
        if low is not None:
            spec["minLength"] = low
        if extra is not None:
            spec["maxLength"] = (low or 0) + extra
        return spec

    return st.builds(
        build,
        st.none() | st.integers(0, 8),
        st.none() | st.integers(0, 20),
        st.none() | st.lists(st.text(min_size=1, max_size=8), min_size=1, max_size=4, unique=True),
        st.sampled_from(["", "A city, e.g. Paris.", "The recipient's email", "ISO code", "SQL"]),
    )


LEAVES = st.one_of(
    _string(),
    _bounds("integer"),
    _bounds("number"),
    st.just({"type": "boolean"}),
    st.just({"type": "null"}),
    st.just({"type": ["string", "null"]}),
    st.just({"enum": ["red", 2, None, True]}),
    st.just({"const": "fixed"}),
)


def _array(items):
    def build(items, low, extra, unique):
        spec = {"type": "array", "items": items, "minItems": low, "maxItems": low + extra}
        plain = items.get("type") in ("string", "number") and len(items) <= 2
        return {**spec, "uniqueItems": True} if unique and plain else spec

    return st.builds(build, items, st.integers(0, 3), st.integers(0, 3), st.booleans())


def _object(children):
    def build(properties, required, closed):
        spec = {"type": "object", "properties": properties,
                "required": [n for n in properties if n in required]}  # fmt: skip
        return {**spec, "additionalProperties": False} if closed else spec

    properties = st.dictionaries(st.sampled_from(NAMES), children, max_size=5)
    return st.builds(build, properties, st.sets(st.sampled_from(NAMES)), st.booleans())


SCHEMAS = st.recursive(LEAVES, lambda children: _array(children) | _object(children), max_leaves=12)
TOP = _object(SCHEMAS)


@settings(max_examples=100, deadline=None)
@given(schema=TOP)
def test_the_generated_tool_schemas_are_valid_draft_2020_12(schema):
    # checked here, not in the test below: the meta-schema's check is a third of its CPU time
    jsonschema.Draft202012Validator.check_schema(schema)


@settings(max_examples=400, deadline=None)
@given(schema=TOP, text=st.sampled_from(TEXTS) | st.text(max_size=40), forced=st.booleans())
def test_every_call_the_brain_makes_validates_against_the_tools_schema(schema, text, forced):
    tool = {
        "name": "do_it",
        "description": "Weather, email, search and sums.",
        "input_schema": schema,
    }
    request = {"model": "mock", "max_tokens": 100, "tools": [tool],
               "messages": [{"role": "user", "content": text or "?"}]}  # fmt: skip
    if forced:
        request["tool_choice"] = {"type": "tool", "name": "do_it"}
    used = [b for b in respond(request) if b["type"] == "tool_use"]
    assert used or not forced
    for block in used:
        jsonschema.Draft202012Validator(schema).validate(block["input"])  # a valid schema (above)
