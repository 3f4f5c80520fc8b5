"""Tests for handagent.mock.hosted.clearing: context editing's two strategies, as documented.

Each test quotes the docs' context-editing page for what it checks.
"""

from handagent.api.tokens import content_tokens, input_tokens
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


def freed(block: dict, **cleared) -> int:
    """The tokens a block frees once these fields are cleared."""
    return content_tokens([block]) - content_tokens([{**block, **cleared}])


def test_the_thinking_report_counts_the_cleared_blocks_tokens_exactly():
    edit = {"type": "clear_thinking_20251015", "keep": {"type": "thinking_turns", "value": 1}}
    view, report = clear_thinking({"model": "claude-opus-5-5", "messages": turns(3)}, edit)
    assert report == {"type": "clear_thinking_20251015", "cleared_input_tokens":
                      2 * content_tokens([THOUGHT]), "cleared_thinking_turns": 2}  # fmt: skip
    assert view["messages"][5]["content"][0] == THOUGHT  # the last turn keeps its thinking


def test_a_turn_without_thinking_is_not_one_of_those_kept():
    messages = turns(2) + turns(1, thinking=False)[1:]
    edit = {"type": "clear_thinking_20251015", "keep": {"type": "thinking_turns", "value": 1}}
    view, report = clear_thinking({"model": "claude-opus-5-5", "messages": messages}, edit)
    assert thinking_left(view) == 1 and view["messages"][3]["content"][0] == THOUGHT


def test_keep_all_or_an_unknown_model_clears_no_thinking():
    for request, edit in (
        ({"model": "claude-opus-5-5", "messages": turns(3)}, {"keep": {"type": "all"}}),
        ({"model": "some-compatible-model", "messages": turns(3)}, {}),
    ):
        assert clear_thinking(request, {"type": "clear_thinking_20251015", **edit}) == (
            request, None)  # fmt: skip


def test_the_trigger_must_be_exceeded_and_defaults_to_100000_input_tokens():
    request = {"messages": turns(4, thinking=False)}
    exact = {"type": "clear_tool_uses_20250919",
             "trigger": {"type": "input_tokens", "value": input_tokens(request)}}  # fmt: skip
    assert clear_tool_uses(request, exact) == (request, None)
    assert clear_tool_uses(request, {"type": "clear_tool_uses_20250919"}) == (request, None)
    below = {**exact, "trigger": {"type": "input_tokens", "value": input_tokens(request) - 1}}
    view, report = clear_tool_uses(request, below)
    assert results(view) == [CLEARED, *results(request)[1:]]  # keep: 3 by default
    first = request["messages"][2]["content"][0]
    assert report == {"type": "clear_tool_uses_20250919", "cleared_tool_uses": 1,
                      "cleared_input_tokens": freed(first, content=CLEARED)}  # fmt: skip


def test_keep_0_clears_every_use_and_clear_at_least_is_met_at_its_value():
    request = {"messages": turns(2, thinking=False)}
    edit = {"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 1},
            "keep": {"type": "tool_uses", "value": 0}}  # fmt: skip
    view, report = clear_tool_uses(request, edit)
    assert results(view) == [CLEARED, CLEARED]
    at_least = {**edit, "clear_at_least": {"type": "input_tokens",
                                           "value": report["cleared_input_tokens"]}}  # fmt: skip
    assert clear_tool_uses(request, at_least) == (view, report)


def test_clear_tool_inputs_as_a_list_clears_only_those_tools_inputs():
    request = {"messages": turns(2, thinking=False)}
    request["messages"][3]["content"][0] = {**request["messages"][3]["content"][0], "name": "list"}
    edit = {"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 1},
            "keep": {"type": "tool_uses", "value": 0}, "clear_tool_inputs": ["read"]}  # fmt: skip
    view, report = clear_tool_uses(request, edit)
    assert view["messages"][1]["content"][0]["input"] == {}
    assert view["messages"][3]["content"][0]["input"] == {"n": 1}
    inputs = freed(request["messages"][1]["content"][0], input={})
    answers = sum(freed(m["content"][0], content=CLEARED) for m in request["messages"][2::2])
    assert report["cleared_input_tokens"] == inputs + answers


def test_keeping_more_than_there_are_clears_nothing():
    request = {"model": "claude-opus-5-5", "messages": turns(2)}
    edit = {"type": "clear_thinking_20251015", "keep": {"type": "thinking_turns", "value": 5}}
    assert clear_thinking(request, edit) == (request, None)
    uses = {"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 1},
            "keep": {"type": "tool_uses", "value": 5}}  # fmt: skip
    plain = {"messages": turns(2, thinking=False)}
    assert clear_tool_uses(plain, uses) == (plain, None)


def test_every_cleared_input_adds_to_the_report():
    request = {"messages": turns(2, thinking=False)}
    edit = {"type": "clear_tool_uses_20250919", "trigger": {"type": "input_tokens", "value": 1},
            "keep": {"type": "tool_uses", "value": 0}, "clear_tool_inputs": True}  # fmt: skip
    _, report = clear_tool_uses(request, edit)
    inputs = sum(freed(m["content"][0], input={}) for m in request["messages"][1::2])
    answers = sum(freed(m["content"][0], content=CLEARED) for m in request["messages"][2::2])
    assert report["cleared_input_tokens"] == inputs + answers
