"""Builders shared by every test folder: messages, replies and stand-in models, in one place.

The wire's dicts, written here rather than with the package's own helpers (dispatch.tool_result
and the like), so that the API's rules and the mock are tested with blocks the package did not
build:

    user("Hi") -> {"role": "user", "content": "Hi"};  assistant_turn([...]) likewise
    call("toolu_01A") -> {"type": "tool_use", "id": "toolu_01A", "name": "get_time", "input": {}}
    result("toolu_01A") -> {"type": "tool_result", "tool_use_id": "toolu_01A", "content": "12:00"}
    request([user("Hi")], model="claude-sonnet-5") -> {"model": ..., "max_tokens": 100, ...}
    rejected(request) -> "messages.1: ..."   (the API's words, its status and type checked)
    accepted_result(result("toolu_01A")) -> the block, once the API's rules and types take it
    sdk_content(text("Hi")) -> [TextBlock(text="Hi", type="text")]   (as reply.content holds it)
    sdk_client(server.base_url, "seat-07") -> the genuine SDK's client, no retries

The neutral protocol's reply, and stand-ins for a model and a round trip:

    assistant(READ, stop_reason="length") -> AssistantMessage(content=(READ,), ...)
    steady_brain(request) -> [{"type": "text", "text": BRAIN_TEXT}]   (whatever it is asked)
"""

import json
import socket

import anthropic
import pytest
from anthropic.types import ContentBlock, ImageBlockParam, TextBlockParam
from pydantic import TypeAdapter

from handagent.api.checks import Rejection, check_request
from handagent.cost import tls_context
from handagent.dispatch import run_tool_calls
from handagent.examples import CLOCK, WEATHER
from handagent.runtime.protocol import (
    AssistantMessage,
    ToolCall,
    Usage,
    tool_result_message,
    user_text,
)

# The wire: messages, blocks, tools and requests as plain dicts.


def user(content) -> dict:
    """Example: "Hi" -> {"role": "user", "content": "Hi"}"""
    return {"role": "user", "content": content}


def assistant_turn(content) -> dict:
    """The wire's assistant message (`assistant` is the neutral protocol's, below).

    Example: [call("toolu_01A")] -> {"role": "assistant", "content": [{"type": "tool_use", ...}]}
    """
    return {"role": "assistant", "content": content}


def text(value: str) -> dict:
    return {"type": "text", "text": value}


def call(call_id: str, name: str = "get_time", input: dict | None = None) -> dict:
    """A tool_use block. Example: "toolu_01A" -> {"type": "tool_use", "id": "toolu_01A", ...}"""
    return {"type": "tool_use", "id": call_id, "name": name, "input": input or {}}


def result(call_id: str, content="12:00", is_error: bool | None = None) -> dict:
    """A tool_result block; `is_error` is sent only when given, as clients differ in sending it."""
    block = {"type": "tool_result", "tool_use_id": call_id, "content": content}
    return block if is_error is None else block | {"is_error": is_error}


def tool(name: str, description: str, **fields: str) -> dict:
    """A tool whose fields are all required, each of a JSON type.

    Example: ("read_file", "Read a file.", path="string") -> {"name": "read_file", ...,
        "input_schema": {"type": "object", "properties": {"path": {"type": "string"}},
                         "required": ["path"]}}
    """
    properties = {field: {"type": kind} for field, kind in fields.items()}
    schema = {"type": "object", "properties": properties, "required": list(fields)}
    return {"name": name, "description": description, "input_schema": schema}


SDK_BLOCK = TypeAdapter(ContentBlock)


def sdk_content(*blocks: dict) -> list:
    """Blocks as the SDK's `reply.content` holds them.

    Example: (text("Hi"),) -> [TextBlock(text="Hi", type="text")]
    """
    return [SDK_BLOCK.validate_python(block) for block in blocks]


HI = user("Hi")


def request(messages=None, *, model="claude-haiku-5-5", max_tokens=100, **fields) -> dict:
    """A Messages API request body; `messages` as given (a test may send a malformed one)."""
    body = {
        "model": model,
        "max_tokens": max_tokens,
        "messages": [user("Hi")] if messages is None else messages,
    }
    return body | fields


def rejected(body: object, status: int = 400, **kwargs) -> str:
    """What check_request refuses `body` with, once its status and type are the API's."""
    with pytest.raises(Rejection) as caught:
        check_request(body, **kwargs)
    error_type = {400: "invalid_request_error", 404: "not_found_error"}[status]
    assert (caught.value.status, caught.value.error_type) == (status, error_type)
    assert str(caught.value) == caught.value.message  # a Rejection reads as the API's message
    return caught.value.message


def accepted_result(answer: dict) -> dict:
    """`answer`, a tool_result block, once the API's rules take it: `check_request` on a
    conversation it ends, and the SDK's own types (TextBlockParam, ImageBlockParam: the four image
    media types) on each block of its content, which check_request leaves to the server."""
    asked = call(answer["tool_use_id"], "get_time")
    check_request(request([user("Go"), assistant_turn([asked]), user([answer])]))
    blocks = answer["content"] if isinstance(answer["content"], list) else []
    for block in blocks:
        TypeAdapter(TextBlockParam | ImageBlockParam).validate_python(block)
    return answer


# The API's words for a thinking turn that does not start with its thinking (the API
# reference, §2.4), typed out once for the history rule's tests and the signature tests.
MUST_START = (
    "Expected thinking or redacted_thinking, but found {kind}. When thinking is enabled, a final "
    "assistant message must start with a thinking block (preceeding the lastmost set of "
    "tool_use and tool_result blocks). We recommend you include thinking blocks from previous "
    "turns. To avoid this requirement, disable thinking. Please consult our documentation at "
    "https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
)


# Stand-ins for a model and a server, and the neutral protocol's reply.

BRAIN_TEXT = "Hello from the test brain."


def steady_brain(request: dict) -> list[dict]:
    """A stand-in model that always says the same sentence, whatever it is asked."""
    return [{"type": "text", "text": BRAIN_TEXT}]


def closed_port_url() -> str:
    """An address where nothing listens: a server that is down, refusing the connection."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    return f"http://127.0.0.1:{port}"  # the port was free a moment ago; nothing listens now


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


def tool_request(messages=(ASK,), model="claude-haiku-5-5", **extra) -> dict:
    """The round trip's request: the clock and weather menu, and room (2000 tokens) to think."""
    return request(list(messages), model=model, max_tokens=2000, tools=TOOLS) | extra


def create_reply(client, messages=(ASK,), model="claude-haiku-5-5", **extra):
    return client.messages.create(**tool_request(messages, model, **extra))


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


def sdk_client(base_url: str, api_key: str = "test-key", **options) -> anthropic.Anthropic:
    """The genuine SDK's client at `base_url`, with no retries and its own HTTP client, whose CA
    bundle is loaded once per process (every new client loaded it again: 30 ms of CPU, and the
    tests make hundreds)."""
    transport = anthropic.DefaultHttpxClient(verify=tls_context())
    return anthropic.Anthropic(
        base_url=base_url, api_key=api_key, max_retries=0, http_client=transport, **options
    )
