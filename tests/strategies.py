"""Hypothesis strategies shared by the protocol, ids, repair, adapter and session-log tests."""

from typing import get_args

from hypothesis import strategies as st

from handagent.runtime.protocol import (
    AssistantMessage,
    ImageBlock,
    StopReason,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    UserMessage,
    tool_calls,
)

DETAILS_SENTINEL = "DETAILS-SENTINEL-never-on-the-wire"
ERROR_SENTINEL = "ERROR-SENTINEL-never-on-the-wire"

# Ids as real providers and runtimes make them, and as they break.
ODD_IDS = st.one_of(
    st.sampled_from(["", "toolu_01A", "call_a1b2c3|verbose", "fc_+/==", "调用", "a|b", "a+b"]),
    st.builds(lambda n: "x" * n, st.integers(38, 500)),  # long ids sharing a prefix
    st.text(alphabet="ab|+/=_-", max_size=70),  # different ids that sanitise alike
    st.text(max_size=30),  # any unicode
)
json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner),
    max_leaves=6,
)
json_dicts = st.dictionaries(st.text(max_size=6), json_values, max_size=3)
small_dicts = st.dictionaries(st.sampled_from(["path", "n"]), st.integers() | st.text(max_size=4))
timestamps = st.floats(min_value=0, max_value=4e9, allow_nan=False)
texts = st.text(max_size=12)
images = st.builds(
    ImageBlock, st.sampled_from(["image/png", "image/jpeg"]), st.just("iVBORw0KGgo=")
)
result_blocks = st.lists(st.builds(TextBlock, texts) | images, max_size=2).map(tuple)
user_blocks = st.lists(st.builds(TextBlock, texts) | images, min_size=1, max_size=2).map(tuple)
names = st.sampled_from(["read_file", "edit_file", "bash"])
stop_reasons = st.sampled_from(get_args(StopReason))
MODELS = ("model-a", "model-b")  # thinking from either: only model-a's goes back to model-a
signatures = st.text(alphabet="EqQBCkYI+/=", max_size=12)  # "" now and then: a cut stream
thinking_blocks = st.one_of(
    st.builds(ThinkingBlock, texts, signatures, st.sampled_from(MODELS)),
    st.builds(ThinkingBlock.redacted, signatures.filter(bool), st.sampled_from(MODELS)),
)


@st.composite
def calls(draw, tool_call_id: str, payload=small_dicts) -> ToolCall:
    if draw(st.booleans()):
        return ToolCall(tool_call_id, draw(names), draw(payload))
    return ToolCall(tool_call_id, draw(names), None, raw_arguments=draw(texts))


@st.composite
def results(draw, tool_call_id: str, payload=small_dicts) -> ToolResultMessage:
    return ToolResultMessage(
        tool_call_id=tool_call_id,
        tool_name=draw(names),
        content=draw(result_blocks),
        is_error=draw(st.booleans()),
        timestamp=draw(timestamps),
        details={"sentinel": DETAILS_SENTINEL, "more": draw(payload)},
    )


@st.composite
def users(draw) -> UserMessage:
    return UserMessage(content=draw(user_blocks), timestamp=draw(timestamps))


@st.composite
def assistants(draw, ids=ODD_IDS, payload=small_dicts) -> AssistantMessage:
    call_ids = draw(st.lists(ids, max_size=3, unique=True))
    thinking = draw(st.lists(thinking_blocks, max_size=2))  # first, as replies have them
    text = [TextBlock(draw(texts))] if draw(st.booleans()) else []
    between = draw(st.lists(thinking_blocks, max_size=1))  # interleaved, between calls
    stop_reason = draw(stop_reasons)
    body = [draw(calls(i, payload)) for i in call_ids]
    return AssistantMessage(
        content=tuple(thinking + text + body[:1] + between + body[1:]),
        stop_reason=stop_reason,
        model="model-a",
        provider="provider-a",
        usage=Usage(draw(st.integers(0, 10**6)), draw(st.integers(0, 10**6))),
        timestamp=draw(timestamps),
        error_message=ERROR_SENTINEL if stop_reason == "error" else None,
    )


@st.composite
def histories(draw, ids=ODD_IDS) -> list:
    """Conversations with answered, unanswered, duplicated, stray and reordered results."""
    history = [draw(users())]
    if draw(st.booleans()):
        history.insert(0, draw(results(draw(ids))))  # a result before any call
    for _ in range(draw(st.integers(0, 4))):
        assistant = draw(assistants(ids))
        history.append(assistant)
        call_ids = [call.id for call in tool_calls(assistant)]
        answered = draw(st.lists(st.sampled_from(call_ids), max_size=4)) if call_ids else []
        strays = draw(st.lists(ids, max_size=1))
        history.extend(draw(st.permutations([draw(results(i)) for i in answered + strays])))
        if draw(st.booleans()):
            history.append(draw(users()))
    return history


# Single messages with rich JSON in arguments and details, for the session log.
messages = (
    users()
    | assistants(payload=json_dicts)
    | ODD_IDS.flatmap(lambda tool_call_id: results(tool_call_id, json_dicts))
)
