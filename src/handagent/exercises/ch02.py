"""Chapter 02 exercise: `find_tool_calls(content)`, every tool_use block of a reply.

The learner's function takes a message's content (a list of blocks, as dicts or as the SDK's
objects) and returns a list of `(id, name, input)` tuples, one per tool_use block, in order.
`check_find_tool_calls` runs it on contents a real conversation produces and names the classic
mistakes: reading only `content[-1]`, stopping at the first match, handling only dicts.

Not handled here: what to do with the calls (chapter 03).
"""

import copy

from anthropic.types import TextBlock, ToolUseBlock

from . import Verdict, attempt

EXERCISE = "02 · find_tool_calls(content)"

TEXT = {"type": "text", "text": "Let me check that."}
TIME = {"type": "tool_use", "id": "toolu_01A", "name": "get_current_time", "input": {}}
SUM = {"type": "tool_use", "id": "toolu_01B", "name": "add", "input": {"a": 1234, "b": 5678}}
# (what the content is, the content, the calls expected)
CASES = (
    ("text then one tool_use (dicts)", [TEXT, TIME], [TIME]),
    ("text then two tool_uses (dicts)", [TEXT, TIME, SUM], [TIME, SUM]),
    ("two tool_uses, no text (dicts)", [SUM, TIME], [SUM, TIME]),
    ("a text-only reply (dicts)", [TEXT], []),
    ("an empty content list", [], []),
    (
        "reply.content as the SDK returns it (TextBlock, ToolUseBlock, ToolUseBlock)",
        [TextBlock(**TEXT), ToolUseBlock(**TIME), ToolUseBlock(**SUM)],
        [TIME, SUM],
    ),
)


def _as_tuples(calls: list[dict]) -> list[tuple]:
    return [(call["id"], call["name"], call["input"]) for call in calls]


def _hint(error: str, content: list) -> str:
    """Why a learner's function raised on this content, and how to fix it."""
    if "not subscriptable" in error:
        return (
            "reply.content holds SDK objects, not dicts: read block.type, block.id ... on them, "
            "or turn each into a dict first with block.model_dump()."
        )
    if "'dict' object has no attribute" in error:
        return (
            'a history you write yourself holds plain dicts: read block["type"] on them, '
            "so handle both kinds (hasattr(block, 'model_dump') tells them apart)."
        )
    if "IndexError" in error:
        return "content may be empty or hold no tool_use: loop over it instead of indexing."
    if "KeyError" in error or "AttributeError" in error:
        return 'a text block has no id, name or input: check block type == "tool_use" first.'
    return "it must not raise for any content a reply can hold: fix the error above."


def _diagnosis(got: list, expected: list) -> str:
    """What a wrong answer most likely came from."""
    if len(expected) > 1 and got == expected[-1:]:
        return (
            "only the last tool_use came back: content[-1] assumes one call per reply, but a "
            "reply may hold several. Loop over every block."
        )
    if len(expected) > 1 and got == expected[:1]:
        return (
            "only the first tool_use came back: the function stops at the first match, but a "
            "reply may hold several. Collect every tool_use block, then return."
        )
    if len(got) > len(expected):
        return 'it returned blocks that are not calls: keep only blocks of type "tool_use".'
    return "return one (id, name, input) tuple per tool_use block, in the order they came."


def _normalised(result: object) -> tuple[list | None, str | None]:
    """The result as a list of tuples, or a sentence saying why it is not one."""
    if result is None:
        return None, "returned None: return a list, [] when there are no tool calls."
    if isinstance(result, (str, bytes, dict)) or not hasattr(result, "__iter__"):
        return None, f"returned {type(result).__name__} {result!r}: return a list of tuples."
    items = list(result)
    for item in items:
        if isinstance(item, dict) or not isinstance(item, (tuple, list)) or len(item) != 3:
            return None, (
                f"returned the item {item!r}: return each call as a tuple (id, name, input)."
            )
    return [tuple(item) for item in items], None


def check_find_tool_calls(find_tool_calls) -> Verdict:
    """Run `find_tool_calls` on six contents and report every case it gets wrong."""
    if not callable(find_tool_calls):
        problem = f"pass the function itself, got {type(find_tool_calls).__name__}."
        return Verdict(EXERCISE, (problem,))
    findings: dict[str, list[str]] = {}  # problem -> the cases that show it, in order
    for what, content, calls in CASES:
        expected = _as_tuples(calls)
        result, error = attempt(find_tool_calls, copy.deepcopy(content))
        got, wrong_shape = (None, None) if error else _normalised(result)
        if error:
            problem = f"{error}. Hint: {_hint(error, content)}"
        elif wrong_shape:
            problem = f"it {wrong_shape}"
        elif got != expected:
            problem = f"expected {expected}, got {got}; {_diagnosis(got, expected)}"
        else:
            continue  # this case is right
        findings.setdefault(problem, []).append(what)
    problems = [f"on {'; '.join(cases)}: {problem}" for problem, cases in findings.items()]
    return Verdict(EXERCISE, tuple(problems))
