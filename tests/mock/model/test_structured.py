"""Tests for handagent.mock.model.structured: replies that validate against the request's JSON
schema, through the genuine SDK's `parse` (GA `output_config.format`, beta `output_format`) and
against the schemas pydantic-ai sent the real API (tests/recorded)."""

import json

import jsonschema
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from paths import TESTS
from pydantic import BaseModel

from handagent.llm import settings as llm_settings
from handagent.mock.model.structured import shape, value_for

RECORDED = TESTS / "recorded"
CITY = {"type": "object", "properties": {"city": {"type": "string"},
        "population": {"type": "integer"}}, "required": ["city", "population"],
        "additionalProperties": False}  # fmt: skip


class City(BaseModel):
    city: str
    population: int


QUESTION = [{"role": "user", "content": "Tell me about Paris: 2100000 people live there."}]


def test_the_ga_parse_gets_json_that_fills_the_model(client):
    parsed = client.messages.parse(
        model=llm_settings().model, max_tokens=500, output_format=City, messages=QUESTION
    )
    assert parsed.parsed_output == City(city="Paris", population=2100000)


def test_the_beta_parse_and_the_older_top_level_output_format_validate(client):
    parsed = client.beta.messages.parse(
        model=llm_settings().model, max_tokens=500, output_format=City, messages=QUESTION
    )
    assert parsed.parsed_output == City(city="Paris", population=2100000)
    legacy = client.beta.messages.create(
        model=llm_settings().model, max_tokens=500, betas=["structured-outputs-2025-11-13"],
        extra_body={"output_format": {"type": "json_schema", "schema": CITY}}, messages=QUESTION,
    )  # fmt: skip
    text = next(b.text for b in legacy.content if b.type == "text")
    jsonschema.validate(json.loads(text), CITY)


def recorded_schemas() -> list[tuple[str, dict]]:
    found = []
    for path in sorted(RECORDED.glob("*.json")):
        body = json.loads(path.read_text())["request"]["body"]
        spec = (body.get("output_config") or {}).get("format") or body.get("output_format")
        if spec and spec["schema"] not in [s for _, s in found]:
            found.append((path.stem[:60], spec["schema"]))
    return found


@pytest.mark.parametrize(("name", "schema"), recorded_schemas())
def test_every_schema_the_recordings_sent_gets_a_valid_value(name, schema):
    jsonschema.validate(value_for(schema, "Paris, France: 2100000 people."), schema)


def test_a_turn_that_calls_a_tool_keeps_its_call():
    request = {"output_config": {"format": {"type": "json_schema", "schema": CITY}}}
    calls = [{"type": "tool_use", "name": "lookup", "input": {}}]
    assert shape(request, calls) == calls


def test_a_schema_with_refs_is_resolved_before_it_is_filled():
    schema = {"$defs": {"Town": CITY}, "type": "object", "properties": {"town": {
        "$ref": "#/$defs/Town"}}, "required": ["town"]}  # fmt: skip
    value = value_for(schema, "Lyon has 500000 people.")
    jsonschema.validate(value, schema)
    assert value["town"]["population"] == 500000


LEAF = st.one_of(
    st.builds(lambda t: {"type": t}, st.sampled_from(["string", "integer", "number", "boolean",
                                                      "null"])),
    st.builds(lambda e: {"enum": e}, st.lists(st.text(max_size=4) | st.integers(), min_size=1,
                                              max_size=3, unique=True)),
    st.builds(lambda low, span: {"type": "integer", "minimum": low, "maximum": low + span},
              st.integers(-50, 50), st.integers(0, 10)),
    st.builds(lambda n: {"type": "string", "minLength": n, "maxLength": n + 3}, st.integers(0, 5)),
)  # fmt: skip
SCHEMA = st.recursive(LEAF, lambda inner: st.one_of(
    st.builds(lambda props, all_required: {"type": "object", "properties": props,
              "required": list(props) if all_required else [], "additionalProperties": False},
              st.dictionaries(st.sampled_from(["city", "n", "items", "name", "ok"]), inner,
                              min_size=1, max_size=4), st.booleans()),
    st.builds(lambda items, n: {"type": "array", "items": items, "minItems": n}, inner,
              st.integers(0, 2)),
    st.builds(lambda branches: {"anyOf": branches}, st.lists(inner, min_size=1, max_size=2)),
), max_leaves=8)  # fmt: skip


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(SCHEMA)
def test_any_schema_of_types_enums_bounds_objects_arrays_and_anyof_gets_a_valid_value(schema):
    root = {"type": "object", "properties": {"answer": schema}, "required": ["answer"]}
    jsonschema.validate(value_for(root, "Paris has 2100000 people, 3 museums and yes."), root)


PERSON = {"type": "object", "properties": {"name": {"type": "string"}, "age": {"type": "integer"}},
          "required": ["name", "age"], "additionalProperties": False}  # fmt: skip


@pytest.mark.parametrize(
    "asked, expected",
    [
        ("Extract: John is 31 years old.", {"name": "John", "age": 31}),
        ("Please extract the contact below: Bob is 22.", {"name": "Bob", "age": 22}),
        ("Extract the name and age: Mary Smith, 45.", {"name": "Mary Smith", "age": 45}),
        ("Tell me about Paris: 2100000 people live there.", {"name": "Paris", "age": 2100000}),
    ],
)
def test_the_instruction_before_the_colon_gives_no_values_the_data_after_it_does(asked, expected):
    assert value_for(PERSON, asked) == expected


def test_a_chinese_reply_quoting_a_result_does_not_make_the_whole_result_a_quoted_title():
    book = {"type": "object", "properties": {"book": {"type": "string", "description":
            "The title of the book."}}, "required": ["book"]}  # fmt: skip
    result = "Order 1042: 2 × Dune for Ada Byron, placed 2026-11-24, delivered."
    request = {"output_config": {"format": {"type": "json_schema", "schema": book}},
               "messages": [{"role": "user", "content": [
                   {"type": "tool_result", "tool_use_id": "t1", "content": result}]}]}  # fmt: skip
    said = [{"type": "text", "text": f"find_order 返回“{result}”。"}]
    english = [{"type": "text", "text": f"find_order says: {result}"}]
    assert shape(request, said) == shape(request, english)
