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


def test_the_beta_output_format_is_held_to_the_same_subset():
    # agentjido/req_llm#302: "output_format.schema: For 'integer' type, property 'minimum' is not
    # supported"
    beta = ("structured-outputs-2025-11-13",)
    request = body(output_format={"type": "json_schema", "schema": closed(n={
        "type": "integer", "minimum": 1})})  # fmt: skip
    assert rejected(request, betas=beta) == (
        "output_format.schema: For 'integer' type, property 'minimum' is not supported"
    )


@pytest.mark.parametrize(
    ("spec", "expected"),
    [({"type": "array", "items": {"type": "string", "minLength": 2}}, "'string'"),
     ({"anyOf": [{"type": "string"}, {"type": "integer", "maximum": 9}]}, "'integer'"),
     ({"type": ["integer", "null"], "exclusiveMinimum": 0}, "'integer'"),
     ({"type": ["integer", "string"], "maxLength": 3}, "'string'"),
     ({"maxItems": 3}, "'array'")],
)  # fmt: skip
def test_a_keyword_is_found_at_any_depth_and_named_for_its_own_type(spec, expected):
    message = rejected(formatted(closed(x=spec)))
    assert message.startswith(f"output_config.format.schema: For {expected} type, property ")


def test_a_nested_object_and_a_defs_object_must_be_closed_too():
    nested = closed(address={"type": "object", "properties": {"city": {"type": "string"}}})
    assert rejected(formatted(nested)).endswith("'additionalProperties' must be explicitly set "
                                               "to false")  # fmt: skip
    defined = {**closed(a={"$ref": "#/$defs/open"}), "$defs": {"open": {"type": "object"}}}
    assert rejected(formatted(defined)).endswith("must be explicitly set to false")


def test_min_items_of_zero_or_one_and_a_plain_ref_are_accepted():
    schema = {**closed(a={"type": "array", "items": {"type": "string"}, "minItems": 1},
                       b={"type": "array", "items": {"type": "string"}, "minItems": 0},
                       c={"$ref": "#/$defs/city"}),
              "$defs": {"city": {"type": "string"}}}  # fmt: skip
    assert check_request(formatted(schema)) is None


def test_a_ref_back_to_the_root_or_into_a_list_is_recursive_too():
    root = closed(child={"$ref": "#"})
    assert rejected(formatted(root)) == (
        "output_config.format.schema: Recursive schemas are not supported: '#' refers to a "
        "schema that contains it"
    )
    branch = {**CLOSED, "anyOf": [closed(next={"$ref": "#/anyOf/0"})]}
    assert rejected(formatted(branch)).endswith("'#/anyOf/0' refers to a schema that contains it")


def test_the_limits_themselves_pass_24_optional_16_unions_and_required_ones_count_for_nothing():
    optional = closed(**{f"p{i}": ({"type": "string"}, False) for i in range(24)})
    assert check_request(formatted(optional)) is None
    unions = closed(**{f"n{i}": {"type": ["string", "null"]} for i in range(16)})
    assert check_request(formatted(unions)) is None
    plain = closed(**{f"r{i}": {"type": "string"} for i in range(40)})  # 40 required, no union
    assert check_request(formatted(plain)) is None


def test_citations_asked_for_in_a_search_result_or_by_web_fetch_count_too():
    found = {
        "type": "search_result",
        "source": "https://a.example",
        "title": "A",
        "content": [{"type": "text", "text": "Paris."}],
        "citations": {"enabled": True},
    }
    calls = [{"role": "user", "content": "Where?"},
             {"role": "assistant", "content": [{"type": "tool_use", "id": "toolu_01A",
                                                "name": "find", "input": {}}]},
             {"role": "user", "content": [{"type": "tool_result", "tool_use_id": "toolu_01A",
                                           "content": [found]}]}]  # fmt: skip
    request = formatted(closed(city={"type": "string"}))
    request |= {"messages": calls, "tools": [{"name": "find", "input_schema": {}}]}
    assert rejected(request) == "Citations are not supported together with `output_config.format`."
    fetch = {"type": "web_fetch_20250910", "name": "web_fetch", "citations": {"enabled": True}}
    assert rejected(formatted(closed(city={"type": "string"})) | {"tools": [fetch]}) == (
        "Citations are not supported together with `output_config.format`."
    )


def test_citations_beside_the_beta_output_format_are_refused_too():
    document = {"type": "document", "citations": {"enabled": True}, "source": {
        "type": "text", "media_type": "text/plain", "data": "Paris is in France."}}  # fmt: skip
    request = body(
        messages=[{"role": "user", "content": [document, {"type": "text", "text": "?"}]}],
        output_format={"type": "json_schema", "schema": closed(city={"type": "string"})},
    )
    assert rejected(request, betas=("structured-outputs-2025-11-13",)) == (
        "Citations are not supported together with `output_config.format`."
    )
