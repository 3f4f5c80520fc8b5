"""Tests for handagent.mock.hosted.clearing: context editing's two strategies, as documented.

Each test quotes the docs' context-editing page for what it checks.
"""

from handagent.mock.hosted.clearing import CLEARED, clear_thinking, clear_tool_uses

THOUGHT = {"type": "thinking", "thinking": "Hm.", "signature": "c2ln"}


def turns(count: int, *, thinking: bool = True) -> list[dict]:
    """`count` tool rounds, each assistant turn thinking first (when asked) and calling `read`."""
    messages = [{"role": "user", "content": "Read every file."}]
    for n in range(count):
        call = {"type": "tool_use", "id": f"toolu_0{n}", "name": "read", "input": {"n": n}}
        messages += [
            {"role": "assistant", "content": [THOUGHT, call] if thinking else [call]},
            {"role": "user", "content": [{"type": "tool_result", "tool_use_id": f"toolu_0{n}",
                                          "content": "x " * 500}]},
        ]  # fmt: skip
    return messages


def thinking_left(request: dict) -> int:
    return sum(b.get("type") == "thinking" for m in request["messages"]
               for b in m["content"] if isinstance(b, dict))  # fmt: skip


def test_keep_n_thinking_turns_keeps_the_last_n_that_think():
    edit = {"type": "clear_thinking_20251015", "keep": {"type": "thinking_turns", "value": 2}}
    view, report = clear_thinking({"model": "claude-opus-5-5", "messages": turns(4)}, edit)
    assert thinking_left(view) == 2
    assert report["cleared_thinking_turns"] == 2 and report["cleared_input_tokens"] > 0


def test_without_keep_the_default_is_the_models_own():
    # "Opus 4.5+ and Sonnet 4.6+: all turns ... Earlier Opus/Sonnet and all Haiku: last turn only"
    edit = {"type": "clear_thinking_20251015"}
    kept, report = clear_thinking({"model": "claude-opus-5-5", "messages": turns(3)}, edit)
    assert thinking_left(kept) == 3 and report is None
    cut, report = clear_thinking({"model": "claude-haiku-4-5", "messages": turns(3)}, edit)
    assert thinking_left(cut) == 1 and report["cleared_thinking_turns"] == 2


def results(request: dict) -> list:
    return [b["content"] for m in request["messages"] for b in m["content"]
            if isinstance(b, dict) and b.get("type") == "tool_result"]  # fmt: skip


def test_a_tool_uses_trigger_counts_tool_uses_not_tokens():
    # "You can specify this value in either `input_tokens` or `tool_uses`."
    edit = {"type": "clear_tool_uses_20250919", "trigger": {"type": "tool_uses", "value": 3},
            "keep": {"type": "tool_uses", "value": 1}}  # fmt: skip
    request = {"messages": turns(3, thinking=False)}
    assert clear_tool_uses(request, edit) == (request, None)  # 3 uses do not exceed 3
    view, report = clear_tool_uses({"messages": turns(4, thinking=False)}, edit)
    assert results(view)[:3] == [CLEARED] * 3 and report["cleared_tool_uses"] == 3


def test_excluded_tools_and_clear_at_least_are_honoured():
    # "List of tool names whose tool uses and results should never be cleared"; "If the API
    # can't clear at least the specified amount, the strategy will not be applied."
    edit = {"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 1},
            "keep": {"type": "tool_uses", "value": 0}, "exclude_tools": ["read"]}  # fmt: skip
    request = {"messages": turns(2, thinking=False)}
    assert clear_tool_uses(request, edit) == (request, None)
    greedy = {**edit, "exclude_tools": [], "clear_at_least": {"type": "input_tokens",
                                                             "value": 10**6}}  # fmt: skip
    assert clear_tool_uses(request, greedy) == (request, None)


def test_a_server_tools_results_are_tool_uses_too_and_clear_tool_inputs_clears_the_calls():
    # the docs' example keeps web_search with `exclude_tools`: its results are clearable
    search = {"type": "server_tool_use", "id": "srvtoolu_01A", "name": "web_search",
              "input": {"query": "news"}}  # fmt: skip
    found = {"type": "web_search_tool_result", "tool_use_id": "srvtoolu_01A", "content": [
        {"type": "web_search_result", "url": "https://a.example", "title": "A" * 300,
         "encrypted_content": "x" * 800}]}  # fmt: skip
    messages = [{"role": "user", "content": "News?"},
                {"role": "assistant", "content": [search, found, {"type": "text", "text": "."}]},
                *turns(1, thinking=False)[1:]]  # fmt: skip
    edit = {"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 1},
            "keep": {"type": "tool_uses", "value": 1}, "clear_tool_inputs": True}  # fmt: skip
    view, report = clear_tool_uses({"messages": messages}, edit)
    assert view["messages"][1]["content"][1]["content"] == []
    assert view["messages"][1]["content"][0]["input"] == {}
    assert report["cleared_tool_uses"] == 1
