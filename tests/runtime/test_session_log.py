"""Tests for runtime.session_log: what goes in comes back equal, line by line."""

import json

import pytest
from builders import assistant
from hypothesis import HealthCheck, given, settings
from strategies import histories, messages

from handagent.runtime.protocol import (
    ImageBlock,
    StopDetails,
    TextBlock,
    ThinkingBlock,
    ToolCall,
    ToolResultMessage,
    Usage,
    user_text,
)
from handagent.runtime.session_log import append, dumps, load, loads

ODD_CALL = ToolCall("call_a1b2c3|verbose" + "+/=" * 150, "read_file", None, raw_arguments='{"pa')
THOUGHT = ThinkingBlock("", "EqQBCkYIBxgCKkBdT0mKvJ3qX7y0w2nW9aZ1Lr8s+/=", "claude-haiku-5-5")
REDACTED = ThinkingBlock.redacted("EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5", "claude-haiku-5-5")
REFUSAL = assistant(
    THOUGHT,
    TextBlock("I can help with part of this"),
    stop_reason="refusal",
    model="claude-haiku-5-5",
    provider="anthropic",
    usage=Usage(90, 12),
    timestamp=1767225602.5,
    stop_details=StopDetails("refusal", "cyber", "This request was declined."),
)
SESSION = [
    user_text("修复 src/math.ts 里的除零 bug 🙂", 1767225600.123456),
    assistant(
        THOUGHT,
        TextBlock("Reading\u2028first\x85"),
        REDACTED,
        ODD_CALL,
        stop_reason="aborted",
        model="model-a",
        provider="provider-a",
        usage=Usage(1234, 56),
        timestamp=0.1 + 0.2,
    ),
    ToolResultMessage(
        tool_call_id=ODD_CALL.id,
        tool_name="read_file",
        content=(TextBlock("shot:"), ImageBlock("image/png", "iVBORw0KGgo=")),
        is_error=True,
        timestamp=1767225601.0,
        details={"exit_code": 1, "diff": ["-a", "+b"], "ratio": 1e-300, "none": None},
    ),
    REFUSAL,
]


def test_a_session_round_trips_exactly(tmp_path):
    path = tmp_path / "session.jsonl"
    for message in SESSION:
        append(path, message)
    assert load(path) == SESSION


def test_each_message_is_one_line_tagged_by_role_with_original_ids(tmp_path):
    path = tmp_path / "session.jsonl"
    for message in SESSION:
        append(path, message)
    lines = path.read_bytes().split(b"\n")
    assert lines[-1] == b"" and len(lines) == len(SESSION) + 1
    records = [json.loads(line) for line in lines[:-1]]
    assert [r["role"] for r in records] == ["user", "assistant", "tool_result", "assistant"]
    assert records[1]["content"][3] == {
        "id": ODD_CALL.id,
        "name": "read_file",
        "arguments": None,
        "raw_arguments": '{"pa',
        "type": "tool_call",
    }


def test_thinking_blocks_are_kept_with_signature_and_model_in_their_place(tmp_path):
    path = tmp_path / "session.jsonl"
    for message in SESSION:
        append(path, message)
    record = json.loads(path.read_text(encoding="utf-8").split("\n")[1])
    assert record["content"][0] == {
        "text": "",
        "signature": THOUGHT.signature,
        "model": "claude-haiku-5-5",
        "redacted_data": None,
        "type": "thinking",
    }
    assert record["content"][2]["redacted_data"] == REDACTED.redacted_data
    assert load(path)[1].content[0] == THOUGHT


def test_a_refusal_keeps_its_stop_details_in_the_log():
    assert loads(dumps(REFUSAL)).stop_details == REFUSAL.stop_details
    assert json.loads(dumps(REFUSAL))["stop_details"]["category"] == "cyber"


def test_a_line_written_before_stop_details_existed_still_loads():
    record = json.loads(dumps(SESSION[1]))
    del record["stop_details"]
    assert loads(json.dumps(record)) == SESSION[1]


def test_chinese_text_stays_readable_in_the_file():
    assert "除零" in dumps(SESSION[0])


def test_a_lone_surrogate_from_a_broken_escape_still_round_trips(tmp_path):
    message = user_text("half an emoji: \ud83d", 1.0)
    path = tmp_path / "session.jsonl"
    append(path, message)
    assert load(path) == [message]


def test_a_corrupt_line_raises_naming_its_number(tmp_path):
    path = tmp_path / "session.jsonl"
    append(path, SESSION[0])
    with open(path, "a", encoding="utf-8") as file:
        file.write('{"role": "user", "content": [{"ty\n')  # damaged, but a whole line
    append(path, SESSION[1])
    with pytest.raises(ValueError, match="line 2 is not a message"):
        load(path)


def test_a_last_line_cut_by_a_crash_is_set_aside_and_the_log_goes_on(tmp_path):
    path = tmp_path / "session.jsonl"
    append(path, SESSION[0])
    torn = '{"role": "user", "content": [{"ty'
    with open(path, "a", encoding="utf-8") as file:
        file.write(torn)  # a write cut by a power loss: no newline
    with pytest.warns(UserWarning, match=r"cut short \(33 bytes.*session\.jsonl\.torn"):
        assert load(path) == [SESSION[0]]
    assert (tmp_path / "session.jsonl.torn").read_text(encoding="utf-8") == torn + "\n"
    append(path, SESSION[1])  # starts on a line of its own
    assert load(path) == [SESSION[0], SESSION[1]]


def test_a_last_message_that_only_lacks_its_newline_is_kept(tmp_path):
    path = tmp_path / "session.jsonl"
    path.write_text(dumps(SESSION[0]) + "\n" + dumps(SESSION[1]), encoding="utf-8")
    assert load(path) == [SESSION[0], SESSION[1]]
    assert not (tmp_path / "session.jsonl.torn").exists()


def test_a_character_cut_in_half_at_the_end_is_a_torn_line_too(tmp_path):
    path = tmp_path / "session.jsonl"
    append(path, SESSION[0])
    with open(path, "ab") as file:
        file.write('{"role": "user", "content": "早'.encode()[:-1])
    with pytest.warns(UserWarning, match="cut short"):
        assert load(path) == [SESSION[0]]


def test_an_unknown_role_raises_naming_its_line(tmp_path):
    path = tmp_path / "session.jsonl"
    path.write_text(dumps(SESSION[0]) + "\n" + '{"role": "system", "content": []}\n')
    with pytest.raises(ValueError, match="line 2"):
        load(path)


def test_a_missing_log_raises_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        load(tmp_path / "nope.jsonl")


@given(messages)
def test_any_message_survives_dumps_and_loads(message):
    line = dumps(message)
    assert "\n" not in line
    assert loads(line) == message


@settings(
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
    max_examples=50,
)
@given(histories())
def test_any_history_survives_the_file(tmp_path_factory, history):
    path = tmp_path_factory.mktemp("log") / "session.jsonl"
    for message in history:
        append(path, message)
    assert load(path) == history
