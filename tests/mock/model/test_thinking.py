"""Tests for handagent.mock.model.thinking: thinking blocks as current models return them, through
the genuine SDK over HTTP. What is checked when they come back: model/test_signatures."""

from builders import create_reply

from handagent.blocks import blocks_of_type, text_of


def test_a_tool_turn_starts_with_thinking_whose_text_is_omitted_by_default(client):
    reply = create_reply(client)
    kinds = [block.type for block in reply.content]
    assert kinds[0] == "thinking" and kinds[-2:] == ["tool_use", "tool_use"]
    assert all(b["thinking"] == "" and len(b["signature"]) == 64
               for b in blocks_of_type(reply.content, "thinking"))  # fmt: skip
    assert reply.usage.output_tokens_details.thinking_tokens > 0
    assert reply.usage.output_tokens > reply.usage.output_tokens_details.thinking_tokens


def test_the_lead_text_before_tool_calls_comes_back_as_thinking_where_the_model_does_that(client):
    haiku = create_reply(client)  # Haiku 5.5: progress_as_thinking
    assert text_of(haiku.content) == ""
    assert [b.type for b in haiku.content][:2] == ["thinking", "thinking"]
    sonnet = create_reply(client, model="claude-sonnet-5")  # Sonnet 5 keeps it as text
    assert [b.type for b in sonnet.content][:2] == ["thinking", "text"]
    assert text_of(sonnet.content) == "Let me check that."


def test_a_greeting_skips_thinking_as_adaptive_thinking_may(client):
    reply = create_reply(client, [{"role": "user", "content": "Hello!"}])
    assert [b.type for b in reply.content] == ["text"]
    assert reply.usage.output_tokens_details.thinking_tokens == 0


def test_summarized_thinking_says_which_tools_it_will_call_in_the_requests_language(client):
    shown = {"type": "adaptive", "display": "summarized"}
    english = blocks_of_type(create_reply(client, thinking=shown).content, "thinking")
    assert "get_current_time with {}" in english[0]["thinking"]
    assert 'get_weather with {"city": "Paris"}' in english[0]["thinking"]
    assert english[1]["thinking"] == "Let me check that."
    chinese = create_reply(client, [{"role": "user", "content": "现在几点了？"}], thinking=shown)
    assert blocks_of_type(chinese.content, "thinking")[0]["thinking"].startswith("用户问")


def test_thinking_turned_off_or_skipped_for_a_forced_tool_leaves_only_the_reply(client):
    off = create_reply(client, model="claude-sonnet-5", thinking={"type": "disabled"})
    assert "thinking" not in [b.type for b in off.content]
    assert off.usage.output_tokens_details is None  # recorded: absent when thinking is off
    forced = create_reply(client, tool_choice={"type": "any"})  # §3: "thinking is skipped"
    assert forced.content[0].type == "tool_use"


def test_manual_thinking_is_summarized_on_claude_4_models_and_kept_within_its_budget(client):
    budget = {"type": "enabled", "budget_tokens": 1024}
    reply = create_reply(client, model="claude-haiku-4-5", thinking=budget)
    assert reply.content[0].type == "thinking" and reply.content[0].thinking
    assert 0 < reply.usage.output_tokens_details.thinking_tokens <= 1024
    assert (
        create_reply(client, model="claude-haiku-4-5").content[0].type == "text"
    )  # off by default


def test_a_small_max_tokens_ends_inside_the_thinking(client):
    reply = create_reply(client, max_tokens=5)
    assert [b.type for b in reply.content] == ["thinking"]
    assert reply.stop_reason == "max_tokens" and reply.usage.output_tokens == 5
    assert reply.usage.output_tokens_details.thinking_tokens == 5


def test_sonnet_5_5_between_tools_shows_only_its_progress_summarized(client):
    reply = create_reply(client, model="claude-sonnet-5-5", thinking={"type": "between_tools"})
    [block] = blocks_of_type(reply.content, "thinking")
    assert block["thinking"] == "Let me check that."


def test_the_same_request_gets_the_same_signatures(client):
    first, second = create_reply(client), create_reply(client)
    assert first.model_dump() == second.model_dump()


def test_a_chinese_reply_is_counted_in_words_so_a_long_one_thinks_as_english_does():
    from handagent.mock.model.thinking import word_count

    assert word_count("Your name is Ada.") == 4 and word_count("I can't know") == 3
    assert word_count("你好！有什么可以帮你的？") == 7  # ten characters, punctuation not counted
    assert word_count("我不知道你的名字：我只能看到这段对话，而你在里面没说过。") > 12


def test_a_server_tool_call_is_a_call_to_think_about_too():
    from handagent.api import models
    from handagent.mock.model.thinking import around

    asked = [{"role": "user", "content": "Search the web for fusion news"}]
    request = {"model": "claude-haiku-5-5", "max_tokens": 500, "messages": asked}
    lead = {"type": "text", "text": "Let me search for that."}
    call = {"type": "server_tool_use", "id": "srvtoolu_01", "name": "web_search",
            "input": {"query": "fusion news"}}  # fmt: skip
    blocks = around(request, [lead, call], models.get("claude-haiku-5-5"))
    assert [b["type"] for b in blocks] == ["thinking", "thinking", "server_tool_use"]
