"""Chapter 01 exercise: write the menu entry for a `multiply(x, y)` tool.

`check_multiply_entry` reads the entry the way the API and the model will: the name against the
API's pattern, the description for what the tool does and when to use it, the schema for exactly
two required numbers. Only an entry with no such problem is sent, with one request, to see
whether the model really calls it for "What is 834727 × 991?".

Not handled here: running the tool (chapter 03), judging prose beyond a few words it must contain.
"""

import re

from ..checks import TOOL_NAME_PATTERN
from ..llm import call_model
from ..tools import Tool
from . import Verdict, attempt

EXERCISE = "01 · a menu entry for multiply(x, y)"
QUESTION = "What is 834727 × 991?"
EXPECTED_INPUT = {"x": 834727, "y": 991}
KEYS = ("name", "description", "input_schema")
MIN_DESCRIPTION = 40  # characters: room for what it does and when to use it
SAYS_WHAT = re.compile(r"multipl|product|times", re.I)
SAYS_WHEN = re.compile(r"\b(?:when|whenever|if)\b|\buse (?:it|this)\b", re.I)


def multiply(x: float, y: float) -> float:
    """The function the entry describes. Example: (6, 7) -> 42"""
    return x * y


def _key_problems(entry: dict) -> list[str]:
    problems = [
        f'the entry has no "{key}": a menu entry needs name, description and input_schema.'
        for key in KEYS
        if key not in entry
    ]
    for key in entry:
        if key not in KEYS:
            problems.append(
                f'remove the key "{key}": a menu entry holds only name, description and '
                f'input_schema here (the API refuses keys it does not know with "tools.0.custom.'
                f'{key}: Extra inputs are not permitted").'
            )
    return problems


def _name_problems(name: object) -> list[str]:
    if isinstance(name, str) and re.fullmatch(TOOL_NAME_PATTERN, name):
        return []
    return [
        f"the name {name!r} does not match the API's pattern {TOOL_NAME_PATTERN}: use letters, "
        'digits, "_" or "-" only, no spaces, e.g. "multiply".'
    ]


def _description_problems(description: object) -> list[str]:
    if not isinstance(description, str):
        return [f"the description must be a string, got {type(description).__name__}."]
    problems = []
    if len(description.strip()) < MIN_DESCRIPTION:
        problems.append(
            f"the description is {len(description.strip())} characters long: the model decides "
            f"from it alone, so use at least {MIN_DESCRIPTION} characters to say what the tool "
            "does and when to use it."
        )
    if not SAYS_WHAT.search(description):
        problems.append(
            "the description never says what the tool does: mention that it multiplies two "
            'numbers (the words "multiply" or "product").'
        )
    if not SAYS_WHEN.search(description):
        problems.append(
            "the description does not say when to use the tool: add a sentence such as "
            '"Use it whenever the user asks to multiply two numbers."'
        )
    return problems


def _schema_problems(schema: object) -> list[str]:
    if not isinstance(schema, dict):
        return [f"input_schema must be a dict (a JSON Schema), got {type(schema).__name__}."]
    if schema.get("type") != "object":
        return ['input_schema must start with "type": "object": tool inputs are JSON objects.']
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return ['input_schema needs "properties": {"x": {...}, "y": {...}}.']
    problems = []
    for name in ("x", "y"):
        kind = (properties.get(name) or {}).get("type") if name in properties else None
        if name not in properties:
            problems.append(f'input_schema.properties has no "{name}": multiply takes x and y.')
        elif kind != "number":
            problems.append(
                f'"{name}" has type {kind!r}: make it "number" ("integer" would forbid 2.5, '
                'a string would make the model send "991" in quotes).'
            )
    for name in properties:
        if name not in ("x", "y"):
            problems.append(
                f'remove the property "{name}": multiply(x, y) takes no such argument, and the '
                "model would feel free to send it."
            )
    required = schema.get("required")
    missing = [n for n in ("x", "y") if not isinstance(required, list) or n not in required]
    if missing:
        problems.append(
            f'add "required": ["x", "y"] to input_schema (missing: {", ".join(missing)}): '
            "without it the model may leave a number out."
        )
    return problems


def _called(entry: dict) -> list[str]:
    """Send the question with this one-tool menu; what is wrong with the model's answer, if any."""
    messages = [{"role": "user", "content": QUESTION}]
    reply, error = attempt(call_model, messages, [entry])
    if error:
        return [f"the request with your entry failed: {error}"]
    calls = [block for block in reply.content if block.type == "tool_use"]
    if not calls:
        said = " ".join(block.text for block in reply.content if block.type == "text")
        return [
            f"asked {QUESTION!r}, the model answered in text instead of calling your tool: "
            f"{said!r}. Make the name and description say plainly that it multiplies numbers."
        ]
    call = calls[0]
    if call.name != entry["name"] or call.input != EXPECTED_INPUT:
        return [
            f"the model called {call.name} with {call.input}, expected {entry['name']} with "
            f"{EXPECTED_INPUT}: check the property names x and y and their descriptions."
        ]
    return []


def check_multiply_entry(entry: object) -> Verdict:
    """Check a menu entry for multiply(x, y), then see whether the model calls it."""
    if not isinstance(entry, dict):
        problem = f"the entry must be a dict, got {type(entry).__name__}: {entry!r}."
        return Verdict(EXERCISE, (problem,))
    problems = _key_problems(entry)
    if "name" in entry:
        problems += _name_problems(entry["name"])
    if "description" in entry:
        problems += _description_problems(entry["description"])
    if "input_schema" in entry:
        problems += _schema_problems(entry["input_schema"])
    if not problems:
        fields = [entry[key] for key in KEYS]
        _, error = attempt(Tool, *fields, multiply)  # the package's own checks (jsonschema)
        problems += [f"Tool(...) refuses this entry: {error}"] if error else _called(entry)
    return Verdict(EXERCISE, tuple(problems))
