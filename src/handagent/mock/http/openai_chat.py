"""The mock provider's second wire format, OpenAI Chat Completions (`POST /v1/chat/completions`).

Chapter 07 switches provider mid-session, offline: one history goes to `/v1/messages` and here,
and the same `brain` answers both. `answer` checks a request with the real API's rules, status
and wording (`ERRORS`), translates it into a Messages request, asks the brain, and writes the
reply as a `chat.completion`:

    Chat Completions                          what the brain reads (Messages API)
    system / developer messages               system
    assistant tool_calls (arguments: JSON)    tool_use blocks (input: dict)
    consecutive {"role": "tool"} messages     one user turn of tool_result blocks
    tool content starting "Error:"            is_error true: Chat has no error flag, so
                                              `to_openai_chat` writes errors that way
    tool_choice "required" / {"function"}     {"type": "any"} / {"type": "tool", "name"}
    parallel_tool_calls false                 tool_choice.disable_parallel_tool_use true

Call ids are `call_` + 24 characters, valid everywhere. With the header `x-mock-id-style: long`
they take the shape of pi-mono's join of a Responses call id and item id, `call_<24>|fc_<172
base64 characters>`: the Messages API refuses them (`^[a-zA-Z0-9_-]+$`, 64 at most) unless
`runtime.ids` rewrites them. Sent back here verbatim they break Chat's own 40-character rule
too; that is realistic: such ids come from the Responses API, never from Chat Completions.

With `stream: true` the reply is a tuple of server-sent events instead of a dict, ready for the
server to write as they are (as it writes Anthropic streams):

    data: {"object": "chat.completion.chunk", "choices": [{"delta": {"role": "assistant", ...}}]}
    data: {... "delta": {"content": "Let me check"}} ...
    data: {... "delta": {"tool_calls": [{"index": 0, "id": "call_...", "type": "function",
                                         "function": {"name": "get_weather", "arguments": ""}}]}}
    data: {... "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{\"city\": "}}]}}
    data: {... "delta": {}, "finish_reason": "tool_calls"}
    data: {... "choices": [], "usage": {...}}     only with stream_options.include_usage
    data: [DONE]

Not handled here: n > 1 (one choice comes back), logprobs, response_format, the deprecated
`functions` and `function` role, images (passed on; the brain ignores them), HTTP.
"""

import base64
import hashlib
import json
from collections.abc import Mapping

from ...api.checks import Rejection, check_request
from ...runtime.protocol import parse_arguments
from ..ids import digest
from ..model.brain import respond
from . import replies

# kind -> (message, code), as the real API words them; the last two are the mock's own.
ERRORS = {
    "no_key": ("You didn't provide an API key. You need to provide your API key in an "
               "Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
               None),
    "bad_json": ("We could not parse the JSON body of your request. (HINT: This likely means you "
                 "aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, "
                 "but what was sent was not valid JSON.)", None),
    "missing": ("Missing required parameter: '{param}'.", "missing_required_parameter"),
    "no_model": ("you must provide a model parameter", None),
    "empty": ("Invalid 'messages': empty array. Expected an array with minimum length 1, but got "
              "an empty array instead.", "empty_array"),
    "role": ("Invalid value: '{role}'. Supported values are: 'system', 'assistant', 'user', "
             "'function', 'tool', and 'developer'.", "invalid_value"),
    "too_long": ("Invalid '{param}': string too long. Expected a string with maximum length 40, "
                 "but got a string with length {length} instead.", "string_above_max_length"),
    "unanswered": ("An assistant message with 'tool_calls' must be followed by tool messages "
                   "responding to each 'tool_call_id'. The following tool_call_ids did not have "
                   "response messages: {ids}", None),
    "orphan": ("Invalid parameter: messages with role 'tool' must be a response to a preceeding "
               "message with 'tool_calls'.", None),  # sic: "preceeding" is the API's spelling
    "function": ("The mock provider does not take the deprecated 'function' role: use 'tool'.",
                 None),
    "shape": ("Invalid request: a value has the wrong type or shape ({detail}).", "invalid_type"),
}  # fmt: skip
MAX_ID_LENGTH = 40
CREATED_BASE = 1_735_689_600  # 2025-01-01 UTC: `created` is derived from the request, not a clock
FINISH_REASON_FOR = {"end_turn": "stop", "tool_use": "tool_calls", "max_tokens": "length"}
TOOL_CHOICE_FOR = {"auto": {"type": "auto"}, "none": {"type": "none"}, "required": {"type": "any"}}


class Refusal(Exception):
    """A request the API refuses: `status` and the `{"error": {...}}` envelope in `body`."""

    def __init__(self, kind: str, param: str | None = None, status: int = 400, **fields) -> None:
        message, code = ERRORS[kind]
        message = message.format(param=param, **fields)
        super().__init__(message)
        error = {"message": message, "type": "invalid_request_error", "param": param, "code": code}
        self.status, self.body = status, {"error": error}


def answer_chat(
    body: object, headers: Mapping[str, str], brain=respond
) -> tuple[int, dict | tuple[bytes, ...]]:
    """Status and body for one POST /v1/chat/completions request (JSON bytes or parsed): a JSON
    dict, or with `stream: true` the server-sent events to write (`chunks`).

    Example: {"model": "m", "messages": [{"role": "user", "content": "hi"}]} -> (200, {"id":
    "chatcmpl-...", "object": "chat.completion", "choices": [{"message": {"role": "assistant",
    "content": "Hello! How can I help?", ...}, "finish_reason": "stop", ...}], "usage": {...}})
    """
    headers = {name.lower(): value for name, value in headers.items()}
    try:
        if not headers.get("authorization", "").startswith("Bearer "):
            raise Refusal("no_key", status=401)
        if isinstance(body, bytes | str):
            try:
                body = json.loads(body)
            except (UnicodeDecodeError, ValueError, RecursionError):
                raise Refusal("bad_json") from None
        try:  # the right outline with odd values inside gets a 400 too, never a crash
            check_chat(body)
            request = to_messages_request(body)
            check_request({"max_tokens": 4096, **request})  # the mock model reads valid requests
        except (Rejection, TypeError, KeyError, AttributeError, ValueError, IndexError) as error:
            raise Refusal("shape", detail=str(error)[:200]) from None
        reply = completion(body, request, brain(request), headers.get("x-mock-id-style"))
        return 200, chunks(reply, body) if body.get("stream") else reply
    except Refusal as refusal:
        return refusal.status, refusal.body


def check_chat(body: object) -> None:
    """Raise the Refusal the real API would send for this body, or return if it is valid."""
    if not isinstance(body, dict) or "messages" not in body:
        raise Refusal("missing", "messages")
    if not body.get("model"):
        raise Refusal("no_model")
    messages = body["messages"]
    if not isinstance(messages, list) or not messages:
        raise Refusal("empty", "messages")
    for i, message in enumerate(messages):
        role = message.get("role") if isinstance(message, dict) else None
        if role is None:
            raise Refusal("missing", f"messages[{i}].role")
        if role not in ("system", "developer", "user", "assistant", "tool"):
            raise Refusal("function" if role == "function" else "role", f"messages[{i}].role",
                          role=role)  # fmt: skip
        for j, call in enumerate(message.get("tool_calls") or []):
            where = f"messages[{i}].tool_calls[{j}].id"
            if not isinstance(call, dict) or not isinstance(call.get("id"), str):
                raise Refusal("missing", where)
            if len(call["id"]) > MAX_ID_LENGTH:
                raise Refusal("too_long", where, length=len(call["id"]))
    _check_tool_protocol(messages)


def _check_tool_protocol(messages: list[dict]) -> None:
    """Tool messages must follow, at once, the assistant message whose calls they answer."""
    waiting: list[str] = []  # ids of the last assistant message that no tool message answered yet
    expected: set[str] = set()  # ids the current run of tool messages may answer
    for i, message in enumerate(messages):
        if message["role"] == "tool":
            if message.get("tool_call_id") not in expected:
                raise Refusal("orphan", f"messages.[{i}].role")
            waiting = [call_id for call_id in waiting if call_id != message["tool_call_id"]]
            continue
        if waiting:
            raise Refusal("unanswered", f"messages.[{i}].role", ids=", ".join(waiting))
        waiting = [call["id"] for call in message.get("tool_calls") or []]
        expected = set(waiting)
    if waiting:
        raise Refusal("unanswered", "messages", ids=", ".join(waiting))


def _text(content: object) -> str:
    """A message's text. Example: [{"type": "text", "text": "a"}, {"type": "image_url"}] -> "a"."""
    if isinstance(content, list):
        return "".join(part.get("text", "") for part in content if part.get("type") == "text")
    return content or ""


def _blocks(text: str) -> list[dict]:
    return [{"type": "text", "text": text}] if text else []


def _block(part: dict) -> dict:
    """A user content part as a Messages block. Example: {"type": "image_url", "image_url":
    {"url": U}} -> {"type": "image", "source": {"type": "url", "url": U}}"""
    if part.get("type") == "image_url":
        return {"type": "image", "source": {"type": "url", "url": part["image_url"]["url"]}}
    return {"type": "text", "text": part.get("text", "")}


def _tool_use(call: dict) -> dict:
    """Example: {"id": "c1", "function": {"name": "f", "arguments": '{"a": 1}'}} ->
    {"type": "tool_use", "id": "c1", "name": "f", "input": {"a": 1}}"""
    arguments, _ = parse_arguments(call["function"].get("arguments") or "")
    return {"type": "tool_use", "id": call["id"], "name": call["function"]["name"],
            "input": arguments or {}}  # fmt: skip


def _tool(tool: dict) -> dict:
    """Example: {"type": "function", "function": {"name": "f", "parameters": S}} ->
    {"name": "f", "description": "", "input_schema": S}"""
    function = tool["function"]
    return {"name": function["name"], "description": function.get("description", ""),
            "input_schema": function.get("parameters") or {"type": "object"}}  # fmt: skip


def to_messages_request(body: dict) -> dict:
    """The Messages API request the brain reads for a checked Chat Completions body.

    Example: {"model": "m", "messages": [..., {"role": "tool", "tool_call_id": "c1", "content":
    "Error: boom"}]} -> {"model": "m", "messages": [..., {"role": "user", "content": [{"type":
    "tool_result", "tool_use_id": "c1", "content": "Error: boom", "is_error": True}]}]}
    """
    system, messages, results = [], [], None
    for message in body["messages"]:
        role, content, text = message["role"], message.get("content"), _text(message.get("content"))
        if role != "tool":
            results = None  # the next tool message starts a new user turn
        if role in ("system", "developer"):
            system.append(text)
        elif role == "tool":
            if results is None:
                results = []
                messages.append({"role": "user", "content": results})
            results.append({"type": "tool_result", "tool_use_id": message["tool_call_id"],
                            "content": text, "is_error": text.startswith("Error:")})  # fmt: skip
        elif role == "assistant":
            calls = [_tool_use(call) for call in message.get("tool_calls") or []]
            messages.append({"role": "assistant", "content": _blocks(text) + calls})
        else:
            parts = content if isinstance(content, list) else _blocks(content or "")
            messages.append({"role": "user", "content": [_block(part) for part in parts]})
    request = {"model": body["model"], "messages": messages}
    if system:
        request["system"] = "\n\n".join(system)
    if limit := body.get("max_completion_tokens") or body.get("max_tokens"):
        request["max_tokens"] = limit
    if body.get("tools"):
        request["tools"] = [_tool(tool) for tool in body["tools"]]
    choice = body.get("tool_choice")
    if isinstance(choice, dict):
        request["tool_choice"] = {"type": "tool", "name": choice["function"]["name"]}
    elif choice in TOOL_CHOICE_FOR:
        request["tool_choice"] = TOOL_CHOICE_FOR[choice]
    if body.get("parallel_tool_calls") is False and body.get("tools"):
        chosen = request.get("tool_choice", {"type": "auto"})
        if chosen["type"] != "none":  # the Messages API's switch for one call per turn
            request["tool_choice"] = {**chosen, "disable_parallel_tool_use": True}
    return request


def call_id(seed: str, index: int, style: str | None = None) -> str:
    """A deterministic call id: `call_` + 24 characters, or pi-mono's long joined shape.

    Example: ("s", 0) -> "call_<24>";  ("s", 0, "long") -> "call_<24>|fc_<172 base64 chars>"
    """
    short = f"call_{digest(seed, index)}"
    if style != "long":
        return short
    raw = b"".join(hashlib.sha256(f"{seed}/{index}/{k}".encode()).digest() for k in range(4))
    return f"{short}|fc_{base64.b64encode(raw).decode()}"  # 128 bytes: ends in "="


def completion(body: dict, request: dict, blocks: list[dict], id_style: str | None = None) -> dict:
    """The `chat.completion` for `body`, whose model said `blocks` (Messages content blocks)."""
    # the cut, usage and stop_reason; Chat Completions has no thinking blocks to carry
    reply, partial_json = replies.message(request, blocks, think=False)
    # streaming is left out: the same conversation gets the same reply, ids too, streamed or not
    seed = digest({k: v for k, v in body.items() if k not in ("stream", "stream_options")})
    scripted_ids = [block.get("id") for block in blocks if block["type"] == "tool_use"]
    calls = []
    for index, block in enumerate(b for b in reply["content"] if b["type"] == "tool_use"):
        arguments = json.dumps(block["input"], ensure_ascii=False)
        function = {"name": block["name"], "arguments": arguments}
        call = scripted_ids[index] or call_id(seed, index, id_style)
        calls.append({"id": call, "type": "function", "function": function})
    if calls and partial_json is not None:
        calls[-1]["function"]["arguments"] = partial_json  # cut mid-way: it must not parse
    text = "".join(block["text"] for block in reply["content"] if block["type"] == "text")
    message = {"role": "assistant", "content": text or None, "refusal": None, "annotations": []}
    finish = FINISH_REASON_FOR[reply["stop_reason"]]
    choice = {"index": 0, "message": message | ({"tool_calls": calls} if calls else {}),
              "finish_reason": finish, "logprobs": None}  # fmt: skip
    prompt, output = reply["usage"]["input_tokens"], reply["usage"]["output_tokens"]
    return {"id": f"chatcmpl-{seed}", "object": "chat.completion",
            "created": CREATED_BASE + int(hashlib.sha256(seed.encode()).hexdigest()[:6], 16),
            "model": body["model"], "choices": [choice],
            "usage": {"prompt_tokens": prompt, "completion_tokens": output,
                      "total_tokens": prompt + output}}  # fmt: skip


def _sse(data: object) -> bytes:
    return f"data: {json.dumps(data, ensure_ascii=False)}\n\n".encode()


def _pieces(text: str, size: int) -> list[str]:
    """Text in pieces of `size` characters, ending at a space where one is near."""
    pieces, start = [], 0
    while start < len(text):
        end = min(len(text), start + size)
        space = text.rfind(" ", start + 1, end)
        end = space if 0 < space and end < len(text) else end
        pieces.append(text[start:end])
        start = end
    return pieces


def chunks(reply: dict, body: dict) -> tuple[bytes, ...]:
    """The `chat.completion.chunk` events that deliver a `chat.completion`, then `[DONE]`.

    Example: a reply "Hello! How can I help?" -> (data: {"choices": [{"delta": {"role":
    "assistant", "content": ""}, ...}]}, data: {... {"content": "Hello! How"}}, ...,
    data: {... {"delta": {}, "finish_reason": "stop"}}, data: [DONE])
    """
    usage = bool((body.get("stream_options") or {}).get("include_usage"))
    head = {key: reply[key] for key in ("id", "created", "model")}
    head = {**head, "object": "chat.completion.chunk", "system_fingerprint": None}

    def chunk(delta: dict, finish: str | None = None) -> bytes:
        choice = {"index": 0, "delta": delta, "logprobs": None, "finish_reason": finish}
        return _sse({**head, "choices": [choice]} | ({"usage": None} if usage else {}))

    [choice] = reply["choices"]
    message = choice["message"]
    events = [chunk({"role": "assistant", "content": "" if message["content"] else None,
                     "refusal": None})]  # fmt: skip
    events += [chunk({"content": piece}) for piece in _pieces(message["content"] or "", 16)]
    for index, call in enumerate(message.get("tool_calls") or []):
        function = {"name": call["function"]["name"], "arguments": ""}
        opening = {"index": index, "id": call["id"], "type": "function", "function": function}
        events.append(chunk({"tool_calls": [opening]}))
        events += [chunk({"tool_calls": [{"index": index, "function": {"arguments": piece}}]})
                   for piece in _pieces(call["function"]["arguments"], 12)]  # fmt: skip
    events.append(chunk({}, choice["finish_reason"]))
    if usage:
        events.append(_sse({**head, "choices": [], "usage": reply["usage"]}))
    return (*events, b"data: [DONE]\n\n")
