"""Tests for handagent.mock.hosted.context_edits: beta `context_management`, its edits made to what
the model reads and reported in the reply, through the genuine SDK's beta client."""

from hypothesis import HealthCheck, given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from handagent.llm import settings
from handagent.mock.hosted.clearing import CLEARED
from handagent.mock.hosted.context_edits import apply

BETA = ["context-management-2025-06-27"]


READ = {"name": "read", "description": "Read file number n.",
        "input_schema": {"type": "object", "properties": {"n": {"type": "integer"}}}}  # fmt: skip


def history(calls: int) -> list[dict]:
    """A conversation of `calls` tool calls, each answered with a long result."""
    messages = [{"role": "user", "content": "Read every file."}]
    for n in range(calls):
        messages += [
            {"role": "assistant", "content": [{"type": "tool_use", "id": f"toolu_0{n}",
                                               "name": "read", "input": {"n": n}}]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_0{n}",
                                          "content": "x " * 2000}]},
        ]  # fmt: skip
    return messages


def test_an_edit_that_clears_nothing_is_reported_as_no_edit(client):
    # recorded (pydantic-ai, compaction untriggered): "context_management": {"applied_edits": []}
    reply = client.beta.messages.create(
        model=settings().model, max_tokens=200, betas=BETA,
        context_management={"edits": [{"type": "clear_thinking_20251015", "keep": "all"}]},
        messages=[{"role": "user", "content": "Hello"}],
    )  # fmt: skip
    assert reply.context_management.applied_edits == []
    assert [i.type for i in reply.usage.iterations] == ["message"]
    assert reply.usage.iterations[0].input_tokens == reply.usage.input_tokens


def test_old_tool_results_are_cleared_past_the_trigger_and_the_count_is_reported(client):
    tools = [{"name": "read", "input_schema": {"type": "object"}}]
    edit = {"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 100},
            "keep": {"type": "tool_uses", "value": 1}}  # fmt: skip
    reply = client.beta.messages.create(
        model=settings().model, max_tokens=200, betas=BETA, tools=tools,
        context_management={"edits": [edit]}, messages=history(3),
    )  # fmt: skip
    (applied,) = reply.context_management.applied_edits
    assert (applied.type, applied.cleared_tool_uses) == ("clear_tool_uses_20250919", 2)
    assert applied.cleared_input_tokens > 0
    plain = client.beta.messages.create(
        model=settings().model, max_tokens=200, betas=BETA, tools=tools, messages=history(3)
    )
    assert reply.usage.input_tokens < plain.usage.input_tokens


def test_the_model_reads_the_cleared_results_only_as_a_note():
    edit = {"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 1}}
    edited = apply({"model": settings().model, "context_management": {"edits": [edit]},
                    "messages": history(5)})  # fmt: skip
    results = [b["content"] for m in edited.view["messages"] for b in m["content"]
               if isinstance(b, dict) and b.get("type") == "tool_result"]  # fmt: skip
    assert results[:2] == [CLEARED, CLEARED] and results[2:] != [CLEARED] * 3  # keeps 3


def test_compaction_past_its_trigger_opens_the_reply_and_later_requests_read_from_it(client):
    edits = {"edits": [{"type": "compact_20260112", "trigger": {"type": "input_tokens",
                                                                "value": 50}}]}  # fmt: skip
    beta = ["compact-2026-01-12"]
    long = [{"role": "user", "content": "Remember this: " + "the quick brown fox " * 100}]
    first = client.beta.messages.create(
        model=settings().model, max_tokens=300, betas=beta, context_management=edits,
        messages=long,
    )  # fmt: skip
    assert first.content[0].type == "compaction" and "Remember this" in first.content[0].content
    assert [i.type for i in first.usage.iterations] == ["compaction", "message"]
    later = [*long, {"role": "assistant", "content": first.content},
             {"role": "user", "content": "What did I ask?"}]  # fmt: skip
    second = client.beta.messages.create(
        model=settings().model, max_tokens=300, betas=beta, messages=later
    )
    assert second.usage.input_tokens < first.usage.iterations[0].input_tokens


def test_pause_after_compaction_stops_the_reply_at_the_compaction_block(client):
    edit = {"type": "compact_20260112", "pause_after_compaction": True,
            "trigger": {"type": "input_tokens", "value": 50}}  # fmt: skip
    reply = client.beta.messages.create(
        model=settings().model, max_tokens=300, betas=["compact-2026-01-12"],
        context_management={"edits": [edit]},
        messages=[{"role": "user", "content": "the quick brown fox " * 100}],
    )  # fmt: skip
    assert [b.type for b in reply.content] == ["compaction"]
    assert reply.stop_reason == "compaction"


def test_a_compaction_request_gets_the_compaction_block_alone(client):
    # SDK (beta `compaction`): "the response holds only the resulting `compaction` block
    # (`stop_reason` `"compaction"`)"
    reply = client.beta.messages.create(
        model=settings().model, max_tokens=300, betas=["compact-2026-09-04"],
        compaction={"type": "summarize"},
        messages=[{"role": "user", "content": "Plan a trip to Lyon."}],
    )  # fmt: skip
    assert [b.type for b in reply.content] == ["compaction"]
    assert reply.stop_reason == "compaction" and "Plan a trip to Lyon." in reply.content[0].content
    assert [i.type for i in reply.usage.iterations] == ["compaction"]


KNOB = st.none() | st.booleans() | st.integers(-3, 5000) | st.text(max_size=5) | st.just("all") | (
    st.dictionaries(st.sampled_from(["type", "value"]), st.integers(0, 9000) | st.sampled_from(
        ["input_tokens", "tool_uses", "all", "thinking_turns"]), max_size=2)
)  # fmt: skip
EDIT = st.builds(
    lambda kind, knobs: {"type": kind, **knobs},
    st.sampled_from(["clear_tool_uses_20250919", "clear_thinking_20251015", "compact_20260112"]),
    st.dictionaries(st.sampled_from(["trigger", "keep", "exclude_tools", "clear_tool_inputs",
                                     "clear_at_least", "pause_after_compaction"]), KNOB,
                    max_size=4),
)  # fmt: skip


@hypothesis_settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.lists(EDIT, max_size=3), st.integers(0, 4))
def test_any_edits_give_a_view_and_a_report_never_a_crash(edits, calls):
    request = {"model": settings().model, "context_management": {"edits": edits},
               "messages": history(calls)}  # fmt: skip
    edited = apply(request)
    assert edited.view["messages"] and "applied_edits" in edited.beta["context_management"]


def test_count_tokens_counts_after_the_edits_and_reports_the_original(client):
    # docs, "Token counting": `input_tokens` after clearing, `original_input_tokens` before it
    edit = {"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 100},
            "keep": {"type": "tool_uses", "value": 1}}  # fmt: skip
    counted = client.beta.messages.count_tokens(
        model=settings().model, betas=BETA, messages=history(3),
        tools=[{"name": "read", "input_schema": {"type": "object"}}],
        context_management={"edits": [edit]},
    )  # fmt: skip
    assert counted.input_tokens < counted.context_management.original_input_tokens


def test_a_chinese_conversation_is_summed_up_in_chinese(client):
    reply = client.beta.messages.create(
        model=settings().model, max_tokens=300, betas=["compact-2026-09-04"],
        compaction={"type": "summarize"},
        messages=[{"role": "user", "content": "帮我规划去里昂的行程。"}],
    )  # fmt: skip
    summary = reply.content[0].content
    assert summary.startswith("到目前为止的对话摘要") and "“帮我规划去里昂的行程。”" in summary


def test_a_pause_after_compaction_mid_conversation_holds_the_block_and_no_thinking(client):
    edit = {"type": "compact_20260112", "pause_after_compaction": True,
            "trigger": {"type": "input_tokens", "value": 50}}  # fmt: skip
    later = history(3)  # paused mid-turn, after a tool's result: the model had thought before
    reply = client.beta.messages.create(
        model=settings().model, max_tokens=300, betas=["compact-2026-01-12"],
        context_management={"edits": [edit]}, messages=later, tools=[READ],
    )  # fmt: skip
    assert [b.type for b in reply.content] == ["compaction"]
    assert reply.stop_reason == "compaction"


def test_a_summary_is_read_as_what_came_before_and_a_paused_turn_keeps_its_question():
    asked = {"role": "user", "content": "What happened on day 3?"}
    paused = {"role": "assistant", "content": [{"type": "compaction", "content": "Day 1: quiet."}]}
    view = apply({"model": settings().model, "messages": [*history(1), asked, paused]}).view
    assert view["messages"] == [
        {"role": "assistant", "content": [{"type": "text", "text": "Day 1: quiet."}]},
        asked,
    ]
    later = [*history(1), asked, paused, {"role": "user", "content": "And day 4?"}]
    assert apply({"model": settings().model, "messages": later}).view["messages"][1:] == [
        {"role": "user", "content": "And day 4?"}]  # fmt: skip
