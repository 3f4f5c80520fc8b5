"""Builders shared by every test folder: messages, replies and stand-in models, in one place.

steady_brain(request) -> [{"type": "text", "text": BRAIN_TEXT}]   (whatever it is asked)
assistant(READ, stop_reason="length") -> AssistantMessage(content=(READ,), ...)  (neutral)
"""

import json

from handagent.dispatch import run_tool_calls
from handagent.examples import CLOCK, WEATHER
from handagent.runtime.protocol import (
    AssistantMessage,
    ToolCall,
    Usage,
    tool_result_message,
    user_text,
)

BRAIN_TEXT = "Hello from the test brain."


def steady_brain(request: dict) -> list[dict]:
    """A stand-in model that always says the same sentence, whatever it is asked."""
    return [{"type": "text", "text": BRAIN_TEXT}]


ONE_EACH = Usage(1, 1)  # tokens in, tokens out


def assistant(
    *content, stop_reason="tool_use", model="m", provider="p", usage=ONE_EACH, timestamp=2.0,
    **fields,
) -> AssistantMessage:  # fmt: skip
    """A reply in the neutral protocol holding these blocks; `fields` as AssistantMessage takes."""
    return AssistantMessage(
        content=content, stop_reason=stop_reason, model=model, provider=provider, usage=usage,
        timestamp=timestamp, **fields,
    )  # fmt: skip


# One tool round trip on the example clock and weather tools, as the chapters write it: the
# question ASK, the menu TOOLS, the reply (create_reply), the whole round trip.
TOOLS = [
    {"name": t.name, "description": t.description, "input_schema": t.input_schema}
    for t in (CLOCK, WEATHER)
]
ASK = {
    "role": "user",
    "content": "What time is it, and what's the weather in Paris?",
}


def create_reply(client, messages=(ASK,), model="claude-haiku-5-5", **extra):
    request = {
        "model": model,
        "max_tokens": 2000,
        "messages": list(messages),
        "tools": TOOLS,
    }
    return client.messages.create(**(request | extra))


def tool_round_trip(client, model="claude-haiku-5-5", **extra) -> list:
    """One tool round trip as the chapters write it: the reply appended whole, then results."""
    reply = create_reply(client, model=model, **extra)
    return [
        ASK,
        {"role": "assistant", "content": reply.content},
        run_tool_calls(reply.content, [CLOCK, WEATHER]),
    ]


def as_dicts(history: list) -> list:
    """A history holding the SDK's reply objects, as the plain dicts a request sends."""
    return json.loads(json.dumps([
        {**m, "content": [b.model_dump(exclude_none=True) for b in m["content"]]}
        if m["role"] == "assistant" else m for m in history
    ]))  # fmt: skip


# A neutral history: a question, one call, its result.
def neutral_history() -> list:
    call = ToolCall("call|1", "add", {"a": 1, "b": 2})
    return [
        user_text("1+2?", timestamp=1.0),
        assistant(call),
        tool_result_message(call, "3", timestamp=3.0),
    ]
