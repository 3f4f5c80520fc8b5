"""Chapter 03's exercise: feed the results of a reply's tool calls back, as the API requires.

`check_feed_back` runs the learner's `feed_back(history, reply_content, functions)` on chapter
02's two-call reply ("What time is it? Also, what is 1234 + 5678?": the clock and the adder of
`handagent.examples`), and reads the history it returns: the reply appended whole, then one user
message holding one `tool_result` per `tool_use`, ids matching, content as text. Each classic
mistake gets its name, and the API's own refusal is quoted where it would refuse.

Not handled here: tools that fail or cannot run (chapter 05), running calls concurrently
(chapter 04).
"""

import copy

from anthropic.types import TextBlock, ToolUseBlock

from ..blocks import block_dict, message_dict
from ..checks import Rejection, check_request
from ..examples import add, get_current_time
from . import Verdict, attempt

HISTORY = [{"role": "user", "content": "What time is it? Also, what is 1234 + 5678?"}]
CLOCK_ID, ADD_ID = "toolu_01kpvUSqnPbxr32prEF5A3YUP7", "toolu_01mcGAQf8J1Y3aLxb0kkXyfxNK"
REPLY = [  # the mock's reply to HISTORY in chapter 02, ids included
    TextBlock(type="text", text="Let me check that."),
    ToolUseBlock(type="tool_use", id=CLOCK_ID, name="get_current_time", input={}),
    ToolUseBlock(type="tool_use", id=ADD_ID, name="add", input={"a": 1234, "b": 5678}),
]
FUNCTIONS = {"get_current_time": get_current_time, "add": add}
ANSWER = "after the reply, append one user message with a tool_result for each tool_use"
WHOLE = 'append the reply whole: {"role": "assistant", "content": reply_content}'


def _as_text(content: object) -> str | None:
    """A result's content as text, or None if it is neither text nor a list of text blocks."""
    if isinstance(content, str):
        return content
    if isinstance(content, list) and all(isinstance(b, dict) and "text" in b for b in content):
        return "".join(b["text"] for b in content)
    return None


def _reply_problems(message: object, at: int) -> list[str]:
    if not isinstance(message, dict) or message.get("role") != "assistant":
        role = message.get("role") if isinstance(message, dict) else message
        return [f"Message {at} should be the model's reply, role 'assistant'; it is {role!r}."]
    content = message_dict(message)["content"]
    if content == [block_dict(b) for b in REPLY]:
        return []
    kept = content if isinstance(content, list) else [content]
    if not any(isinstance(b, dict) and b.get("type") == "tool_use" for b in kept):
        return [
            f"Message {at} keeps the reply's text but drops its tool_use blocks: the classic "
            "mistake. The results you send next will answer calls the API cannot find; " + WHOLE
        ]
    return [f"Message {at} should hold the reply's content as it came, all 3 blocks; " + WHOLE]


def _expected() -> dict[str, tuple[str, str]]:
    """Each call's id -> (tool name, its output as text). Example: ADD_ID -> ("add", "6912")"""
    calls = [block for block in REPLY if block.type == "tool_use"]
    return {call.id: (call.name, str(FUNCTIONS[call.name](**call.input))) for call in calls}


def _answer_problems(message: object, at: int, expected: dict) -> list[str]:
    if not isinstance(message, dict):
        return [f"Message {at} should be a dict with 'role' and 'content'; it is {message!r}."]
    role = message.get("role")
    if role != "user":
        why = {
            "tool": "the Messages API has no 'tool' role (that is OpenAI's wire format)",
            "assistant": "a result is not the model's words; your program is telling it",
        }.get(role, "the Messages API has only 'user' and 'assistant'")
        return [f"Message {at} has role {role!r}, but {why}: everything you send is 'user'."]
    content = message.get("content")
    if not isinstance(content, list):
        return [f"Message {at} should hold a list of tool_result blocks; it holds {content!r}."]
    problems, seen = [], []
    for j, block in enumerate(content):
        if not isinstance(block, dict) or block.get("type") != "tool_result":
            continue
        call_id = block.get("tool_use_id")
        if call_id is None:
            problems.append(
                f"Block {j} has no 'tool_use_id': copy the id of the tool_use it answers "
                "(call['id']), or the API cannot pair them."
            )
            continue
        if call_id not in expected:
            problems.append(f"Block {j} answers {call_id!r}, an id no tool_use in the reply has.")
            continue
        if call_id in seen:
            problems.append(f"Two results answer {call_id}; send exactly one per tool_use.")
        seen.append(call_id)
        name, output = expected[call_id]
        text = _as_text(block.get("content"))
        if text is None:
            value = block.get("content")
            problems.append(
                f"The result for {call_id} ({name}) has content {value!r} "
                f"({type(value).__name__}); the model reads text: use str(...) on the output."
            )
        elif text != output:
            problems.append(
                f"The result for {call_id} ({name}) is {text!r}, but {name} returns {output!r}: "
                "call the function the tool_use names, with its input: "
                "functions[call['name']](**call['input'])."
            )
    for call_id, (name, _) in expected.items():
        if call_id not in seen:
            problems.append(
                f"No tool_result answers {call_id} ({name}): every tool_use in the reply needs "
                "one, not just the first."
            )
    return problems


def _api_problem(history: list) -> list[str]:
    """The API's refusal of this history, in its own words, if it would refuse it."""
    request = {"model": "any", "max_tokens": 1, "messages": [message_dict(m) for m in history]}
    try:
        check_request(request)
    except Rejection as rejection:
        return [f"The API would refuse this history with {rejection.status}: {rejection}"]
    return []


def check_feed_back(feed_back) -> Verdict:
    """Check `feed_back(history, reply_content, functions)` on a reply with two tool calls."""
    name = "feed_back"
    expected = _expected()  # the clock is frozen (examples.FROZEN_AT): feed_back sees the same
    history, reply = copy.deepcopy(HISTORY), copy.deepcopy(REPLY)
    result, error = attempt(feed_back, history, reply, dict(FUNCTIONS))
    if error:
        return Verdict(name, (f"feed_back {error}",))
    if not isinstance(result, list):
        return Verdict(name, (f"feed_back returned {result!r}; return the history, a list.",))
    start = len(HISTORY)
    if result[:start] != HISTORY:
        return Verdict(name, ("The messages already in the history changed; append after them.",))
    added = result[start:]
    if len(added) not in (1, 2):
        grew = f"it grew by {len(added)}"
        return Verdict(name, (f"Append two messages, the reply and your answer to it; {grew}.",))
    problems = _reply_problems(added[0], start)
    if len(added) == 1:
        return Verdict(name, (*problems, f"Message {start + 1} is missing: {ANSWER}."))
    problems += _answer_problems(added[1], start + 1, expected)
    return Verdict(name, tuple(problems + _api_problem(result)))
