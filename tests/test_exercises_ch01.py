import copy

import pytest
from anthropic.types import Message

from handagent.exercises import ch01
from handagent.exercises.ch01 import check_multiply_entry
from handagent.llm import settings

REFERENCE = {
    "name": "multiply",
    "description": (
        "Multiplies two numbers and returns their exact product. Use it whenever the user asks "
        "to multiply two numbers or for a product."
    ),
    "input_schema": {
        "type": "object",
        "properties": {
            "x": {"type": "number", "description": "The first factor."},
            "y": {"type": "number", "description": "The second factor."},
        },
        "required": ["x", "y"],
    },
}
needs_mock = pytest.mark.skipif(settings().provider != "mock", reason="sends to the mock model")


def entry_with(**changes: object) -> dict:
    entry = copy.deepcopy(REFERENCE)
    entry.update(changes)
    return entry


def schema_with(**changes: object) -> dict:
    return entry_with(input_schema={**REFERENCE["input_schema"], **changes})


def reply_with(*content: dict) -> Message:
    return Message.model_validate(
        {
            "id": "msg_01test",
            "type": "message",
            "role": "assistant",
            "model": "mock",
            "content": list(content),
            "stop_reason": "tool_use" if len(content) > 1 else "end_turn",
            "stop_sequence": None,
            "usage": {"input_tokens": 1, "output_tokens": 1},
        }
    )


def problems_of(entry: object) -> str:
    verdict = check_multiply_entry(entry)
    assert not verdict.passed
    return "\n".join(verdict.problems)


@needs_mock
def test_reference_entry_passes_and_is_called_by_the_model():
    verdict = check_multiply_entry(REFERENCE)
    assert verdict.passed, str(verdict)
    assert str(verdict).startswith("✓")


def test_the_notebook_stub_lists_every_missing_piece():
    stub = {"name": "multiply", "description": "...", "input_schema": {"type": "object"}}
    problems = problems_of(stub)
    assert "use at least 40" in problems
    assert "never says what the tool does" in problems
    assert "when to use" in problems
    assert '"properties"' in problems


def test_a_one_word_description_is_rejected_for_saying_nothing():
    problems = problems_of(entry_with(description="Utility."))
    assert "characters long" in problems and "what the tool does" in problems


def test_a_description_without_when_to_use_it_is_rejected():
    problems = problems_of(entry_with(description="Multiplies two numbers, returning the product."))
    assert "does not say when to use" in problems
    assert "what the tool does" not in problems


def test_a_name_with_a_space_is_rejected_with_the_api_pattern():
    assert "^[a-zA-Z0-9_-]{1,128}$" in problems_of(entry_with(name="multiply numbers"))


def test_integer_properties_are_rejected_with_a_reason():
    properties = {"x": {"type": "integer"}, "y": {"type": "number"}}
    problems = problems_of(schema_with(properties=properties))
    assert "\"x\" has type 'integer'" in problems and "2.5" in problems


def test_missing_required_names_the_missing_arguments():
    problems = problems_of(schema_with(required=["x"]))
    assert '"required": ["x", "y"]' in problems and "missing: y" in problems


def test_a_stray_property_is_rejected():
    properties = {**REFERENCE["input_schema"]["properties"], "z": {"type": "number"}}
    assert 'remove the property "z"' in problems_of(schema_with(properties=properties))


def test_a_stray_top_level_key_is_rejected_with_the_api_wording():
    problems = problems_of(entry_with(function="multiply"))
    assert 'remove the key "function"' in problems
    assert "Extra inputs are not permitted" in problems


def test_a_schema_jsonschema_refuses_is_reported_through_tool():
    properties = {"x": {"type": "number", "minimum": "zero"}, "y": {"type": "number"}}
    problems = problems_of(schema_with(properties=properties))
    assert problems.startswith("Tool(...) refuses this entry: raised ValueError")
    assert "not valid JSON Schema" in problems


def test_a_missing_key_is_named():
    entry = {k: v for k, v in REFERENCE.items() if k != "input_schema"}
    assert 'no "input_schema"' in problems_of(entry)


def test_a_schema_that_is_not_an_object_is_rejected():
    assert '"type": "object"' in problems_of(entry_with(input_schema={"type": "array"}))


def test_a_list_instead_of_a_dict_is_rejected_without_raising():
    assert "must be a dict" in problems_of([REFERENCE])


def test_an_entry_the_model_answers_in_text_is_rejected(monkeypatch):
    text = {"type": "text", "text": "It is about 827 million."}
    monkeypatch.setattr(ch01, "call_model", lambda messages, tools: reply_with(text))
    problems = problems_of(REFERENCE)
    assert "answered in text instead of calling your tool" in problems
    assert "827 million" in problems


def test_a_call_with_the_wrong_numbers_is_rejected(monkeypatch):
    call = {"type": "tool_use", "id": "toolu_1", "name": "multiply", "input": {"a": 834727}}
    monkeypatch.setattr(ch01, "call_model", lambda messages, tools: reply_with(call))
    problems = problems_of(REFERENCE)
    assert "{'a': 834727}" in problems and "{'x': 834727, 'y': 991}" in problems


def test_a_failing_request_becomes_a_problem_not_an_exception(monkeypatch):
    def refuse(messages, tools):
        raise RuntimeError("connection refused")

    monkeypatch.setattr(ch01, "call_model", refuse)
    assert "raised RuntimeError: connection refused" in problems_of(REFERENCE)


def test_the_model_is_asked_the_chapter_s_question_with_the_entry_alone(monkeypatch):
    sent = []

    def record(messages, tools):
        sent.append((messages, tools))
        return reply_with({"type": "text", "text": "No."})

    monkeypatch.setattr(ch01, "call_model", record)
    problems_of(REFERENCE)
    assert sent == [([{"role": "user", "content": "What is 834727 × 991?"}], [REFERENCE])]
