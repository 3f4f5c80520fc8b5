"""Tests for handagent.api.strict: what strict tools and output formats may ask of the grammar.

Each expected message is typed out from its source (the docs' structured-outputs page, or the
API's 400 as a public report quotes it, named per test), not imported: a change of wording fails.
"""

from functools import partial

import pytest
from builders import rejected, request

from handagent.api.checks import check_request

body = partial(request, model="claude-haiku-5-5")
CLOSED = {"type": "object", "additionalProperties": False}


def strict(name: str, schema: dict) -> dict:
    return {"name": name, "input_schema": schema, "strict": True}


def closed(**properties) -> dict:
    """An object schema with these properties, all required unless given as (schema, False)."""
    specs = {k: v[0] if isinstance(v, tuple) else v for k, v in properties.items()}
    required = [k for k, v in properties.items() if not isinstance(v, tuple)]
    return {**CLOSED, "properties": specs, "required": required}


def formatted(schema: dict) -> dict:
    return body(output_config={"format": {"type": "json_schema", "schema": schema}})


def test_a_closed_strict_schema_and_output_format_are_accepted():
    schema = closed(city={"type": "string"}, days={"type": "integer"})
    assert check_request(body(tools=[strict("w", schema)])) is None
    assert check_request(formatted(schema)) is None


def test_more_than_twenty_strict_tools_are_refused_and_twenty_pass():
    # datarobot-oss/datarobot-genai#547 and crewAI users quote the API: "Too many strict tools
    # (21). The maximum number of strict tools supported is 20."
    tools = [strict(f"t{i}", CLOSED) for i in range(21)]
    assert check_request(body(tools=tools[:20] + [{"name": "plain", "input_schema": {}}])) is None
    assert rejected(body(tools=tools)) == (
        "Too many strict tools (21). The maximum number of strict tools supported is 20."
    )


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ({"type": "integer", "minimum": 1}, "For 'integer' type, property 'minimum' is not "
         "supported"),
        ({"type": "number", "multipleOf": 2}, "For 'number' type, property 'multipleOf' is not "
         "supported"),
        ({"type": "string", "maxLength": 9}, "For 'string' type, property 'maxLength' is not "
         "supported"),
        ({"type": "array", "items": {"type": "string"}, "minItems": 3},
         "For 'array' type, 'minItems' values other than 0 or 1 are not supported"),
        ({"type": "object", "properties": {}}, "For 'object' type, 'additionalProperties' must be "
         "explicitly set to false"),
        ({**CLOSED, "additionalProperties": True}, "For 'object' type, 'additionalProperties' must "
         "be explicitly set to false"),
    ],
)  # fmt: skip
def test_an_unsupported_keyword_is_refused_never_obeyed(spec, expected):
    # req_llm#302 ("output_format.schema: For 'integer' type, property 'minimum' is not
    # supported"), memorize-everything#93 (minItems), vercel/ai#20681 ("tools.0.custom: For
    # 'object' type, 'additionalProperties' must be explicitly set to false")
    schema = closed(x=spec)
    assert rejected(body(tools=[strict("t", schema)])) == f"tools.0.custom: {expected}"
    assert rejected(formatted(schema)) == f"output_config.format.schema: {expected}"


def test_the_same_keywords_are_fine_on_a_tool_that_is_not_strict():
    schema = {"type": "object", "properties": {"n": {"type": "integer", "minimum": 1}}}
    assert check_request(body(tools=[{"name": "t", "input_schema": schema}])) is None


def test_a_schema_with_no_properties_must_still_be_closed():
    # vercel/ai#20681: a strict tool whose schema "is not fully closed fails with a hard 400"
    assert rejected(body(tools=[strict("t", {"type": "object"})])) == (
        "tools.0.custom: For 'object' type, 'additionalProperties' must be explicitly set to false"
    )


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({**CLOSED, "$defs": {"n": {**closed(next={"$ref": "#/$defs/n"})}},
          "properties": {"head": {"$ref": "#/$defs/n"}}, "required": ["head"]},
         "Recursive schemas are not supported: '#/$defs/n' refers to a schema that contains it"),
        (closed(a={"$ref": "https://example.com/a.json"}),
         "External '$ref' is not supported: 'https://example.com/a.json'"),
        (closed(a={"enum": [{"k": 1}]}), "For 'enum', values must be strings, numbers, booleans "
         "or null"),
    ],
)  # fmt: skip
def test_recursive_and_external_refs_and_complex_enums_are_refused(schema, expected):
    # docs "Not supported": recursive schemas, external $ref, complex types within enums; [U] the
    # API's words for these three are not published
    assert rejected(formatted(schema)) == f"output_config.format.schema: {expected}"


def test_optional_parameters_over_24_across_every_strict_schema_are_refused():
    # elie222/inbox-zero#2323 quotes the API's sentence; the docs: "Total optional parameters
    # across all strict tool schemas and JSON output schemas"
    half = closed(**{f"p{i}": ({"type": "string"}, False) for i in range(13)})
    assert check_request(body(tools=[strict("a", half)])) is None
    assert rejected(body(tools=[strict("a", half), strict("b", half)])) == (
        "Schemas contains too many optional parameters (26), which would make grammar "
        "compilation inefficient. Reduce the number of optional parameters in your tool schemas "
        "(limit: 24)."
    )


def test_union_typed_parameters_over_16_are_refused_type_arrays_and_any_of_alike():
    # the API's words as quoted in a public test (2026-09): "(19 parameters with type arrays or
    # anyOf) ... (limit: 16 parameters with unions)"
    nullable = {f"n{i}": {"type": ["string", "null"]} for i in range(9)}
    either = {f"e{i}": {"anyOf": [{"type": "string"}, {"type": "integer"}]} for i in range(8)}
    assert rejected(formatted(closed(**nullable, **either))) == (
        "Schemas contains too many parameters with union types (17 parameters with type arrays "
        "or anyOf). This causes exponential compilation cost. Reduce the number of nullable or "
        "union-typed parameters (limit: 16 parameters with unions)."
    )


def test_citations_with_an_output_format_are_refused():
    # docs: "Returns 400 error if citations enabled with `output_config.format`" ([U] words)
    document = {"type": "document", "source": {"type": "text", "media_type": "text/plain",
                                               "data": "Paris is in France."},
                "citations": {"enabled": True}}  # fmt: skip
    request = formatted(closed(city={"type": "string"}))
    request["messages"] = [{"role": "user", "content": [document, {"type": "text", "text": "?"}]}]
    assert rejected(request) == "Citations are not supported together with `output_config.format`."
    del request["output_config"]
    assert check_request(request) is None
