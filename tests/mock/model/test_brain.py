"""The mock model's brain: what it says back to a Messages API request body."""

import copy
import json

import anthropic
import pytest
from builders import assistant_turn, call, result, tool, user
from hypothesis import given, settings
from hypothesis import strategies as st

from handagent.mock.model.brain import respond

NUMBERS = {"type": "object", "properties": {"a": {"type": "number"}, "b": {"type": "number"}}}
TIME = {
    "name": "get_current_time",
    "description": "Get the current date and time. Use it when asked what time or day it is.",
    "input_schema": {"type": "object", "properties": {}},
}
ADD = {
    "name": "add",
    "description": "Add two numbers and return their sum.",
    "input_schema": NUMBERS,
}
TIME_ZH = {**TIME, "description": "获取当前的日期和时间。当用户问“现在几点”“今天几号”时使用。"}
ADD_ZH = {**ADD, "description": "把两个数字相加并返回它们的和。需要做加法计算时使用。"}
WEATHER = {
    "name": "get_weather",
    "description": "Get the current weather for a city.",
    "input_schema": {
        "type": "object",
        "properties": {
            "city": {"type": "string"},
            "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]},
        },
    },
}
MULTIPLY = {
    "name": "multiply",
    "description": "Multiply two numbers.",
    "input_schema": {
        "type": "object",
        "properties": {"x": {"type": "number"}, "y": {"type": "number"}},
    },
}
READ_FILE = {
    "name": "read_file",
    "description": "Read a text file and return its contents.",
    "input_schema": {"type": "object", "properties": {"path": {"type": "string"}}},
}
BOTH = "What time is it? Also, what is 1234 + 5678?"
BOTH_ZH = "现在几点了？另外 1234 加 5678 等于多少？"


def send(*messages: dict, tools=None, **fields) -> list[dict]:
    """The brain's reply to a request with these messages (and tools, if given)."""
    request = {"model": "mock", "max_tokens": 1024, "messages": list(messages), **fields}
    return respond(request if tools is None else {**request, "tools": tools})


def ask(text: str, tools=None, **fields) -> list[dict]:
    return send(user(text), tools=tools, **fields)


def calls(reply: list[dict]) -> list[tuple[str, dict]]:
    return [(b["name"], b["input"]) for b in reply if b["type"] == "tool_use"]


def said(reply: list[dict]) -> str:
    return " ".join(b["text"] for b in reply if b["type"] == "text")


# 1. Without tools it says what it cannot know, in the user's language.


@pytest.mark.parametrize(
    "question, expected",
    [
        ("What time is it?", "I can't know the current time: I have no clock, only the text you"),
        ("What's the date today?", "I can't know the current time"),
        ("现在几点了？", "我没法知道现在几点：我没有时钟，只能看到你发来的文字。"),
        ("What's the weather in Paris today?", "I can't know today's weather"),
        ("今天北京天气怎么样？", "我没法知道今天的天气"),
        ("What's in my file notes.txt?", "I can't read your files"),
        ("帮我读一下 notes.txt 文件", "我没法读你的文件"),
        ("What is 834727 × 991?", "I can't promise exact arithmetic on numbers this big"),
        ("834727 乘 991 等于多少？", "我没法保证这么大的数算得准"),
        ("What's Apple's stock price?", "I can't know live prices or news"),
    ],
)
def test_without_tools_it_says_plainly_what_it_cannot_know(question, expected):
    reply = ask(question)
    assert [b["type"] for b in reply] == ["text"]
    assert expected in said(reply)
    assert "tool" in said(reply) or "工具" in said(reply)  # it suggests what would help


LIVE = "I can't know live prices or news"
BIG = "I can't promise exact arithmetic on numbers this big"
OTHER = "I'm a mock model with a few canned replies. Tell me your name, or give me tools."


@pytest.mark.parametrize(
    "question, expected",
    [
        ("Any news today?", LIVE),
        ("What is the currency rate for euros?", LIVE),
        ("What is the price of gold?", LIVE),
        ("Read notes.txt for me", "I can't read your files"),  # a path to read: a file
        ("What is 10000 * 3?", BIG),  # 10 000 is big already, and so is -10 000
        ("What is -10000 * 3?", BIG),
        ("What is 9999 * 3?", OTHER),
        ("My zip code is 90210.", OTHER),  # a big number, but no sum asked
        ("Can you read me a poem?", OTHER),  # reading, but no file named
    ],
)
def test_what_it_cannot_know_is_decided_by_the_words_and_the_numbers_asked(question, expected):
    assert said(ask(question)).startswith(expected)


def test_tool_choice_none_answers_in_text_even_when_a_tool_matches():
    reply = ask("What time is it?", [TIME], tool_choice={"type": "none"})
    assert calls(reply) == [] and said(reply).startswith("I can't know the current time")


def test_a_tool_menu_without_the_right_tool_still_gets_the_plain_answer():
    assert said(ask("What time is it?", [ADD])).startswith("I can't know the current time")


# 2. Memory comes only from the history; greetings and everything else get short replies.


@pytest.mark.parametrize(
    "told, greeting, question, answer",
    [
        ("My name is Ada", "Nice to meet you, Ada!", "What's my name?", "Your name is Ada."),
        ("我叫小明", "你好，小明！很高兴认识你。", "我叫什么名字？", "你叫小明。"),
    ],
)
def test_it_greets_a_name_then_finds_it_in_earlier_user_turns(told, greeting, question, answer):
    assert ask(told) == [{"type": "text", "text": greeting}]
    history = [user(told), assistant_turn(list(ask(told))), user(question)]
    assert send(*history) == [{"type": "text", "text": answer}]


@pytest.mark.parametrize(
    "question, expected",
    [
        ("What's my name?", "I don't know your name: I only see this conversation"),
        ("我叫什么名字？", "我不知道你的名字：我只能看到这段对话"),
    ],
)
def test_a_name_never_given_is_not_known(question, expected):
    history = [user("Hello"), assistant_turn([{"type": "text", "text": "Hi!"}]), user(question)]
    assert said(send(*history)).startswith(expected)


def test_consecutive_user_messages_count_as_one_turn():
    assert said(send(user("My name is Ada."), user("What's my name?"))) == "Your name is Ada."


@pytest.mark.parametrize(
    "greeting, expected",
    [("Hello!", "Hello! How can I help?"), ("你好", "你好！有什么可以帮你的？")],
)
def test_a_plain_greeting_gets_a_short_friendly_reply(greeting, expected):
    assert ask(greeting) == [{"type": "text", "text": expected}]


@pytest.mark.parametrize(
    "message, expected",
    [("Tell me a joke", "mock model"), ("What is 2 + 2?", "mock model"), ("讲个笑话", "模拟模型")],
)
def test_anything_else_gets_a_fixed_reply_saying_it_is_a_mock(message, expected):
    assert expected in said(ask(message))
    assert ask(message) == ask(message)


# 3. With a tools menu, one call per thing asked for, in order, with arguments from the schema.


@pytest.mark.parametrize(
    "question, tools, expected",
    [
        (BOTH, [TIME, ADD], [("get_current_time", {}), ("add", {"a": 1234, "b": 5678})]),
        (BOTH_ZH, [TIME_ZH, ADD_ZH], [("get_current_time", {}), ("add", {"a": 1234, "b": 5678})]),
        ("What is 1234 + 5678, and what time is it?", [TIME, ADD],
         [("add", {"a": 1234, "b": 5678}), ("get_current_time", {})]),
        ("What is 1+2 and 3+4?", [TIME, ADD],
         [("add", {"a": 1, "b": 2}), ("add", {"a": 3, "b": 4})]),
        ("1+2 等于几？还有 3+4 呢？", [TIME_ZH, ADD_ZH],
         [("add", {"a": 1, "b": 2}), ("add", {"a": 3, "b": 4})]),
        ("Please add 3 and 4.", [TIME, ADD], [("add", {"a": 3, "b": 4})]),
        ("3 和 4 的和是多少？", [TIME_ZH, ADD_ZH], [("add", {"a": 3, "b": 4})]),
        ("What is -2.5 plus 1,000?", [ADD], [("add", {"a": -2.5, "b": 1000})]),
    ],
)  # fmt: skip
def test_each_thing_asked_becomes_one_tool_call_in_the_order_asked(question, tools, expected):
    assert calls(ask(question, tools)) == expected


@pytest.mark.parametrize(
    "question, lead", [(BOTH, "Let me check that."), (BOTH_ZH, "我来查一下。")]
)
def test_tool_calls_follow_one_short_text_block_and_carry_no_id(question, lead):
    reply = ask(question, [TIME, ADD])
    assert reply[0] == {"type": "text", "text": lead}
    assert [b["type"] for b in reply[1:]] == ["tool_use", "tool_use"]
    assert all(set(b) == {"type", "name", "input"} for b in reply[1:])


def test_whole_numbers_are_sent_as_json_integers():
    (_, args), *_ = calls(ask("What is 1234 + 5678?", [ADD]))
    assert json.dumps(args) == '{"a": 1234, "b": 5678}'


@pytest.mark.parametrize(
    "question, tool, expected",
    [
        ("What's the weather in Paris?", WEATHER, {"city": "Paris"}),
        (
            "What's the weather in Paris, in fahrenheit?",
            WEATHER,
            {"city": "Paris", "unit": "fahrenheit"},
        ),
        ("weather forecast for new york today", WEATHER, {"city": "new york"}),
        ("北京今天天气怎么样？", WEATHER, {"city": "北京"}),
        ("上海的天气怎么样？", WEATHER, {"city": "上海"}),
        ("what is 834727 times 991?", MULTIPLY, {"x": 834727, "y": 991}),
        ("834727 乘 991 等于多少？", MULTIPLY, {"x": 834727, "y": 991}),
        ("Read notes.txt and tell me what it says", READ_FILE, {"path": "notes.txt"}),
        ("帮我读一下 /etc/hosts 文件", READ_FILE, {"path": "/etc/hosts"}),
        ('Open the file "my notes.md"', READ_FILE, {"path": "my notes.md"}),
    ],
)
def test_tools_it_has_never_seen_get_arguments_from_their_schema(question, tool, expected):
    assert calls(ask(question, [TIME, ADD, tool])) == [(tool["name"], expected)]


def test_a_tool_is_matched_by_its_description_too():
    fetch = {**WEATHER, "name": "fetch", "description": "Fetch the rain forecast for a city."}
    assert calls(ask("Will it rain in Oslo?", [TIME, fetch])) == [("fetch", {"city": "Oslo"})]


@pytest.mark.parametrize(
    "question, tool, expected",
    [("What's the weather like?", WEATHER, {}), ("Add 5 to it.", ADD, {"a": 5})],
)
def test_an_optional_parameter_it_cannot_fill_is_left_out(question, tool, expected):
    assert calls(ask(question, [tool])) == [(tool["name"], expected)]


def test_english_words_match_whole_words_only():
    reply = ask("Do you know the address of the museum?", [TIME, ADD])  # not "now", not "add"
    assert calls(reply) == [] and "mock model" in said(reply)


def test_only_the_latest_question_is_answered_with_tools():
    history = [
        user("What is 1 + 2?"),
        assistant_turn([call("toolu_1", "add", {"a": 1, "b": 2})]),
        user([result("toolu_1", "3")]),
        assistant_turn([{"type": "text", "text": "add says: 3."}]),
        user("What time is it?"),
    ]
    assert calls(send(*history, tools=[TIME, ADD])) == [("get_current_time", {})]


# 4. tool_choice: "any" forces some tool, "tool" forces that one, "none" answers in text.


@pytest.mark.parametrize(
    "question, choice, expected",
    [
        ("Tell me a joke", {"type": "any"}, [("get_current_time", {})]),
        ("What is 1 + 2?", {"type": "any"}, [("add", {"a": 1, "b": 2})]),
        (BOTH, {"type": "tool", "name": "add"}, [("add", {"a": 1234, "b": 5678})]),
        ("Tell me a joke", {"type": "tool", "name": "add"}, [("add", {})]),
        (BOTH, {"type": "auto"}, [("get_current_time", {}), ("add", {"a": 1234, "b": 5678})]),
        (BOTH, {"type": "none"}, []),
    ],
)
def test_tool_choice_decides_whether_and_which_tool_is_called(question, choice, expected):
    assert calls(ask(question, [TIME, ADD], tool_choice=choice)) == expected


@pytest.mark.parametrize("choice", [{"type": "any"}, {"type": "tool", "name": "add"}])
def test_a_forced_tool_call_has_no_text_before_it_as_the_api_prefills_it(choice):
    assert [b["type"] for b in ask("What is 1 + 2?", [TIME, ADD], tool_choice=choice)] == [
        "tool_use"
    ]


# 5. disable_parallel_tool_use: one call per turn, the first not yet answered.


ONE_AT_A_TIME = {"type": "auto", "disable_parallel_tool_use": True}


def test_one_tool_at_a_time_asks_for_one_call_per_turn_then_answers():
    history, one = [user(BOTH)], {"tool_choice": ONE_AT_A_TIME}
    assert calls(send(*history, tools=[TIME, ADD], **one)) == [("get_current_time", {})]
    history += [assistant_turn([call("t1", "get_current_time", {})]), user([result("t1", "12:00")])]
    assert calls(send(*history, tools=[TIME, ADD], **one)) == [("add", {"a": 1234, "b": 5678})]
    history += [
        assistant_turn([call("t2", "add", {"a": 1234, "b": 5678})]),
        user([result("t2", "6912")]),
    ]
    assert send(*history, tools=[TIME, ADD], **one) == [
        {"type": "text", "text": "get_current_time says: 12:00. add says: 6912."}
    ]


def test_a_model_id_no_longer_switches_to_one_call_per_turn():
    assert len(calls(ask(BOTH, [TIME, ADD], model="mock-sequential"))) == 2


# 6. After tool results: believe them, quote them, retry a failed call once.


def _answered(question: str, time_says, add_says, add_error: bool = False) -> list[dict]:
    tools = [TIME_ZH, ADD_ZH] if question == BOTH_ZH else [TIME, ADD]
    made = assistant_turn(
        [call("t1", "get_current_time", {}), call("t2", "add", {"a": 1234, "b": 5678})]
    )
    back = user([result("t1", time_says), result("t2", add_says, add_error)])
    return send(user(question), made, back, tools=tools)


@pytest.mark.parametrize(
    "question, expected",
    [
        (BOTH, "get_current_time says: 2124/1/1 00:00:00. add says: 6912."),
        (BOTH_ZH, "get_current_time 返回“2124/1/1 00:00:00”。add 返回“6912”。"),
    ],
)
def test_results_are_believed_and_quoted_verbatim_in_the_users_language(question, expected):
    assert _answered(question, "2124/1/1 00:00:00", "6912") == [{"type": "text", "text": expected}]


def test_results_as_text_blocks_are_quoted_too():
    reply = _answered(BOTH, [{"type": "text", "text": "2124/1/1 00:00:00"}], "6912")
    assert said(reply) == "get_current_time says: 2124/1/1 00:00:00. add says: 6912."


@pytest.mark.parametrize(
    "question, expected",
    [
        (BOTH, "get_current_time says: 12:00. The add tool reported an error: adder is offline."),
        (BOTH_ZH, "get_current_time 返回“12:00”。add 工具报错：“adder is offline”。"),
    ],
)
def test_an_error_result_is_acknowledged_with_its_first_line(question, expected):
    reply = _answered(question, "12:00", "adder is offline\nTraceback: ...", add_error=True)
    assert reply == [{"type": "text", "text": expected}]  # same arguments again would fail again


def _bad_add(question: str = "What is 1234 + 5678?") -> list[dict]:
    error = "Invalid input for add: 'b' is a required property\nReceived arguments: {'a': '1234'}"
    return [
        user(question),
        assistant_turn([call("t1", "add", {"a": "1234"})]),
        user([result("t1", error, True)]),
    ]


@pytest.mark.parametrize(
    "question, lead",
    [
        ("What is 1234 + 5678?", "That failed; let me fix the arguments and try again."),
        ("1234 加 5678 等于多少？", "调用失败了，我改参数再试。"),
    ],
)
def test_after_a_schema_error_it_retries_with_arguments_read_from_the_request(question, lead):
    assert send(*_bad_add(question), tools=[TIME, ADD]) == [
        {"type": "text", "text": lead},
        {"type": "tool_use", "name": "add", "input": {"a": 1234, "b": 5678}},
    ]


def test_the_next_call_after_another_tools_failure_is_a_check_not_a_retry():
    history = [
        user("What is 1234 + 5678? Also, what time is it?"),
        assistant_turn([call("t1", "get_current_time", {})]),
        user([result("t1", "clock is broken", True)]),
    ]
    assert send(*history, tools=[TIME, ADD]) == [
        {"type": "text", "text": "Let me check that."},
        {"type": "tool_use", "name": "add", "input": {"a": 1234, "b": 5678}},
    ]


def test_a_retry_that_succeeds_is_answered_without_the_old_error():
    retried = [
        assistant_turn([call("t2", "add", {"a": 1234, "b": 5678})]),
        user([result("t2", "6912")]),
    ]
    history = _bad_add() + retried
    assert said(send(*history, tools=[TIME, ADD])) == "add says: 6912."


def test_a_retry_that_fails_again_is_acknowledged_not_retried():
    retried = [
        assistant_turn([call("t2", "add", {"a": 1234, "b": 5678})]),
        user([result("t2", "boom", True)]),
    ]
    reply = send(*_bad_add(), *retried, tools=[TIME, ADD])
    assert calls(reply) == [] and said(reply).endswith("The add tool reported an error: boom.")


def test_a_call_to_an_unknown_tool_is_replaced_once_by_the_matching_tool():
    history = [
        user("What time is it?"),
        assistant_turn([call("t1", "get_time", {})]),
        user([result("t1", "Unknown tool: get_time", True)]),
    ]
    assert calls(send(*history, tools=[TIME, ADD])) == [("get_current_time", {})]
    history += [
        assistant_turn([call("t2", "get_current_time", {})]),
        user([result("t2", "no clock", True)]),
    ]
    reply = send(*history, tools=[TIME, ADD])
    assert calls(reply) == [] and "get_current_time tool reported an error: no clock" in said(reply)


# 7. Deterministic, never empty, never raising on odd but well-formed requests.


def test_the_same_request_gets_the_same_reply_and_is_not_changed():
    request = {"model": "mock", "messages": _bad_add(), "tools": [TIME, ADD]}
    before = copy.deepcopy(request)
    assert respond(request) == respond(copy.deepcopy(request))
    assert request == before


IMAGE = {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "AAAA"}}


@pytest.mark.parametrize(
    "fields",
    [
        {"messages": [user("What time is it?")], "tools": []},
        {"messages": [user([IMAGE])]},
        {"messages": [user([IMAGE])], "tools": [TIME], "tool_choice": {"type": "any"}},
        {"messages": [user("Hi")], "system": [{"type": "text", "text": "Be terse."}]},
        {"messages": [user("Hi"), assistant_turn([{"type": "text", "text": "Hello"}])]},
        {"messages": [user([result("x", "orphan")])], "tools": [ADD]},
    ],
)
def test_odd_requests_still_get_a_polite_non_empty_reply(fields):
    reply = respond({"model": "mock", "max_tokens": 10, **fields})
    assert reply and all(b["type"] in ("text", "tool_use") for b in reply)
    assert all(b["text"].strip() for b in reply if b["type"] == "text")


def test_replies_parse_as_the_sdks_content_blocks_once_ids_are_added():
    reply = ask(BOTH, [TIME, ADD])
    content = [{**b, "id": f"toolu_0{i}"} if "input" in b else b for i, b in enumerate(reply)]
    message = anthropic.types.Message.model_validate(
        {"id": "msg_01", "type": "message", "role": "assistant", "model": "mock",
         "content": content, "stop_reason": "tool_use", "stop_sequence": None,
         "usage": {"input_tokens": 1, "output_tokens": 1}}
    )  # fmt: skip
    assert [type(b).__name__ for b in message.content] == [
        "TextBlock",
        "ToolUseBlock",
        "ToolUseBlock",
    ]


PHRASES = [BOTH, BOTH_ZH, "What's the weather in Paris?", "My name is Ada", "我叫什么名字？", "",
           "Read notes.txt", "834727 × 991", "and and , ?", "和和和", "\"", "1,2,3"]  # fmt: skip
CHOICES = [
    None,
    {"type": "auto"},
    {"type": "any"},
    {"type": "none"},
    {"type": "tool", "name": "add"},
]


@settings(max_examples=300, deadline=None)
@given(
    words=st.lists(st.sampled_from(PHRASES) | st.text(max_size=30), min_size=1, max_size=4),
    tools=st.lists(
        st.sampled_from([TIME, ADD, WEATHER, MULTIPLY, READ_FILE]), unique_by=lambda t: t["name"]
    ),  # fmt: skip
    choice=st.sampled_from(CHOICES),
    model=st.sampled_from(["mock", "claude-sonnet-5"]),
    answered=st.booleans(),
)
def test_any_well_formed_request_gets_a_non_empty_reply_using_only_offered_tools(
    words, tools, choice, model, answered
):
    text = " ".join(words).strip() or "?"
    messages = [user(text)]
    if answered:
        messages += [
            assistant_turn([call("t1", "add", {"a": 1})]),
            user([result("t1", "oops", True)]),
        ]
    if choice and choice["type"] == "tool" and ADD not in tools:
        tools = [*tools, ADD]
    request = {"model": model, "messages": messages, "tools": tools}
    reply = respond({**request, "tool_choice": choice} if choice else request)
    assert reply and all(b["text"].strip() for b in reply if b["type"] == "text")
    offered = set() if choice == {"type": "none"} else {t["name"] for t in tools}
    used = [b for b in reply if b["type"] == "tool_use"]
    assert all(b["name"] in offered and isinstance(b["input"], dict) for b in used)


# Several places named for one tool that takes one place: one call each.


@pytest.mark.parametrize(
    "question, cities",
    [
        ("What's the weather in Paris, Tokyo, Lima and Oslo?", ["Paris", "Tokyo", "Lima", "Oslo"]),
        ("Weather in New York and Paris?", ["New York", "Paris"]),
        ("What's the weather in Paris?", ["Paris"]),
        ("巴黎、东京、利马和奥斯陆的天气怎么样？", ["巴黎", "东京", "利马", "奥斯陆"]),
        ("巴黎、东京、利马、奥斯陆的天气怎么样？", ["巴黎", "东京", "利马", "奥斯陆"]),
        ("巴黎、亚特兰蒂斯和东京的天气怎么样？", ["巴黎", "亚特兰蒂斯", "东京"]),
        ("巴黎和东京的天气怎么样？", ["巴黎", "东京"]),
        ("查一下北京、上海以及广州今天的天气", ["北京", "上海", "广州"]),
        ("巴黎，东京与利马还有奥斯陆的天气怎么样？", ["巴黎", "东京", "利马", "奥斯陆"]),
        ("杭州市和苏州市明天天气如何？", ["杭州", "苏州"]),
        ("Paris、Tokyo 和 Lima 今天天气怎么样？", ["Paris", "Tokyo", "Lima"]),
        ("Paris、Tokyo、Lima 和 Oslo 今天天气怎么样？", ["Paris", "Tokyo", "Lima", "Oslo"]),
        ("巴黎、Tokyo 和利马的天气", ["巴黎", "Tokyo", "利马"]),
        ("Paris和Lima的天气", ["Paris", "Lima"]),
    ],
)
def test_one_call_per_place_when_a_request_lists_several(question, cities):
    assert [args["city"] for _, args in calls(ask(question, [WEATHER]))] == cities


@pytest.mark.parametrize(
    "enum, cities",
    [
        (["Paris", "Tokyo", "Lima", "Oslo"], ["Paris", "Tokyo", "Lima"]),
        (["paris", "tokyo", "lima"], ["paris", "tokyo", "lima"]),  # the menu's own spelling
        (["Paris", "Oslo"], ["Paris"]),  # a place the menu does not offer gets no call
    ],
)
def test_a_place_property_with_an_enum_still_gets_one_call_per_listed_place(enum, cities):
    city = {"type": "string", "enum": enum}
    menu = {**WEATHER, "input_schema": {**WEATHER["input_schema"], "properties": {"city": city}}}
    asked = calls(ask("What's the weather in Paris, Tokyo and Lima?", [menu]))
    assert [args["city"] for _, args in asked] == cities


def test_a_chinese_request_for_weather_and_time_gives_each_tool_its_place():
    time_in = {**WEATHER, "name": "get_time", "description": "Get the current time in a city."}
    assert calls(ask("巴黎和东京的天气，以及北京现在几点？", [WEATHER, time_in])) == [
        ("get_weather", {"city": "巴黎"}),
        ("get_weather", {"city": "东京"}),
        ("get_time", {"city": "北京"}),
    ]


def test_an_error_in_a_batch_is_reported_even_when_a_sibling_call_of_that_tool_succeeded():
    reply = send(
        user("What's the weather in Paris, Atlantis and Tokyo?"),
        assistant_turn(
            [
                call("a", "get_weather", {"city": "Paris", "unit": "celsius"}),
                call("b", "get_weather", {"city": "Atlantis", "unit": "celsius"}),
                call("c", "get_weather", {"city": "Tokyo", "unit": "celsius"}),
            ],
        ),
        user([result("a", "Sunny"), result("b", "No such city", True), result("c", "Rain")]),
        tools=[WEATHER],
    )
    assert said(reply) == (
        "get_weather says: Sunny. The get_weather tool reported an error: No such city. "
        "get_weather says: Rain."
    )


# 8. Any tools menu: a tool is chosen by its own words, synonyms and the values it needs.

CALCULATOR = {
    "name": "calculator",
    "description": "A simple calculator that performs basic arithmetic operations.",
    "input_schema": {
        "type": "object",
        "properties": {
            "operation": {"type": "string", "enum": ["add", "subtract", "multiply", "divide"]},
            "operand1": {"type": "number"},
            "operand2": {"type": "number"},
        },
        "required": ["operation", "operand1", "operand2"],
    },
}
GET_ARTICLE = tool(
    "get_article", "Retrieve the full text of a Wikipedia article by its title.", title="string"
)
CUSTOMER = tool(
    "get_customer_info",
    "Retrieves customer information based on their customer ID.",
    customer_id="string",
)
CITY = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}
GET_WEATHER = {"name": "get_weather", "description": "Get the weather.", "input_schema": CITY}
GET_TIME = {"name": "get_time", "description": "Get the local time.", "input_schema": CITY}


@pytest.mark.parametrize(
    "question, tools, expected",
    [
        ("multiply 1984135 by 9343116", [CALCULATOR],
         [("calculator", {"operation": "multiply", "operand1": 1984135, "operand2": 9343116})]),
        ("Can you tell me the email address for customer C1?", [CUSTOMER],
         [("get_customer_info", {"customer_id": "C1"})]),
        ("What's the weather and time in San Francisco?", [GET_WEATHER, GET_TIME],
         [("get_weather", {"city": "San Francisco"}), ("get_time", {"city": "San Francisco"})]),
        ("Who was Ada Lovelace?", [TIME, GET_ARTICLE],
         [("get_article", {"title": "Ada Lovelace"})]),
        ("Please use get_current_time", [TIME, ADD], [("get_current_time", {})]),
    ],
)  # fmt: skip
def test_a_tool_it_has_never_seen_is_chosen_by_its_own_words(question, tools, expected):
    assert calls(ask(question, tools)) == expected


def test_a_question_no_tool_matches_goes_to_a_lookup_tool_unless_it_is_about_the_clock():
    assert calls(ask("What is the capital of Australia?", [ADD, GET_ARTICLE])) == [
        ("get_article", {"title": "the capital of Australia"})
    ]
    reply = ask("What time is it?", [GET_ARTICLE])
    assert calls(reply) == [] and said(reply).startswith("I can't know the current time")
    assert calls(ask("Hello! How are you?", [GET_ARTICLE])) == []


def test_a_tool_the_system_prompt_names_is_used_for_what_the_prompt_says():
    lookup = {"name": "kb", "description": "Internal notes.", "input_schema": CITY}
    system = "Use kb whenever someone asks about the weather."
    assert calls(ask("How is the weather in Oslo?", [ADD, lookup], system=system)) == [
        ("kb", {"city": "Oslo"})
    ]


def test_a_required_value_the_request_never_gives_is_asked_for_not_made_up():
    reply = ask("What's the weather like?", [GET_WEATHER])
    assert (
        calls(reply) == [] and said(reply) == "Which city do you mean? I need it for get_weather."
    )
    zh = ask("天气怎么样？", [GET_WEATHER])
    assert said(zh) == "你指的是哪个city？调用 get_weather 需要它。"


@pytest.mark.parametrize("choice", [{"type": "any"}, {"type": "tool", "name": "get_weather"}])
def test_a_forced_call_is_complete_even_when_the_request_gives_nothing(choice):
    reply = ask("Tell me a joke", [GET_WEATHER], tool_choice=choice)
    [block] = reply
    assert block["type"] == "tool_use" and set(block["input"]) == {"city"}


def test_any_with_one_at_a_time_makes_exactly_one_call():
    choice = {"type": "any", "disable_parallel_tool_use": True}
    assert len(calls(ask("What's the weather in Paris, Tokyo and Lima?", [WEATHER],
                         tool_choice=choice))) == 1  # fmt: skip


def test_server_tools_on_the_menu_are_never_called_by_the_mock():
    search = {"type": "web_search_20250305", "name": "web_search"}
    assert calls(ask("Who won the 2022 World Cup?", [search])) == []


# 9. A system prompt's language request is followed where the mock has the sentences.


@pytest.mark.parametrize(
    "system, expected",
    [
        ("Always answer in French.", "Bonjour ! Comment puis-je vous aider ?"),
        ("Réponds en français, s'il te plaît.", "Bonjour ! Comment puis-je vous aider ?"),
        ("Antworte auf Deutsch.", "Hallo! Wie kann ich helfen?"),
        ("请用中文回答。", "你好！有什么可以帮你的？"),
        ("Respond in Korean.", "I can't answer in Korean: this mock model has canned sentences "
         "only in English, Chinese, French, Spanish, German and Japanese. In English: Hello! How "
         "can I help?"),
        ("Answer in detail.", "Hello! How can I help?"),
    ],
)  # fmt: skip
def test_a_system_prompt_asking_for_a_language_is_followed_where_it_can_be(system, expected):
    assert said(ask("Hello!", system=system)) == expected


def test_tool_results_are_quoted_in_the_language_the_system_prompt_asks_for():
    history = [user(BOTH), assistant_turn([call("t1", "get_current_time", {}),
               call("t2", "add", {"a": 1234, "b": 5678})]),
               user([result("t1", "12:00"), result("t2", "6912")])]  # fmt: skip
    reply = send(*history, tools=[TIME, ADD], system="Answer in Spanish.")
    assert said(reply) == "get_current_time dice: 12:00. add dice: 6912."
    lead = ask(BOTH, [TIME, ADD], system="用中文回答")
    assert lead[0] == {"type": "text", "text": "我来查一下。"}


# 5. Tool results are quoted as they came back.

FILE_CALL = call("toolu_1", "read_file", {"path": "a.png"})


@pytest.mark.parametrize(
    "content, is_error, expected",
    [
        ([{"type": "text", "text": "first"}, {"type": "image", "source": {
            "type": "base64", "media_type": "image/png", "data": "AA=="}}], False,
         "read_file says: first\n[image]."),  # text blocks a line each, an image named
        ("", False, "read_file says: (no output)."),
        ("  \n ", False, "read_file says: (no output)."),
        ("Error: missing:\nTraceback (most recent call last):", True,
         "The read_file tool reported an error: Error: missing."),  # its first line, no colon
    ],
)  # fmt: skip
def test_a_result_is_quoted_as_it_came_back(content, is_error, expected):
    answered = user([result("toolu_1", content, is_error)])
    reply = send(user("Read a.png"), assistant_turn([FILE_CALL]), answered, tools=[READ_FILE])
    assert said(reply) == expected


def test_a_result_whose_call_is_not_in_the_history_is_quoted_as_the_tools():
    results = [result("toolu_9", "12:00"), result("toolu_1", "x")]
    reply = send(user("Read a.png"), assistant_turn([FILE_CALL]), user(results), tools=[READ_FILE])
    assert said(reply) == "tool says: 12:00. read_file says: x."


def test_results_quoted_in_japanese_run_on_without_spaces():
    second = {**FILE_CALL, "id": "toolu_2"}
    results = user([result("toolu_1", "one"), result("toolu_2", "two")])
    made = assistant_turn([FILE_CALL, second])
    reply = send(user("Read a.png"), made, results, tools=[READ_FILE],
                 system="Always answer in Japanese.")  # fmt: skip
    assert said(reply) == "read_file の結果：one。read_file の結果：two。"


# A call the client made with other arguments than the plan's still answers one planned call of
# that tool when it succeeded; a failed one does not.

QUESTION = "What's the weather in Paris and Tokyo?"


def after(*results: dict, made=("Paris, France",)) -> list[tuple[str, dict]]:
    calls_made = [call(f"c{n}", "get_weather", {"city": city}) for n, city in enumerate(made)]
    return calls(
        send(user(QUESTION), assistant_turn(calls_made), user(list(results)), tools=[WEATHER])
    )


def test_a_succeeded_call_with_other_arguments_counts_for_one_planned_call_only():
    assert after(result("c0", "Sunny")) == [("get_weather", {"city": "Tokyo"})]


def test_two_succeeded_calls_with_other_arguments_leave_nothing_to_call():
    done = after(result("c0", "Sunny"), result("c1", "Rain"), made=("Paris, FR", "Tokyo, JP"))
    assert done == []


def test_a_failed_call_with_other_arguments_leaves_both_planned_calls_to_make():
    assert after(result("c0", "No such city", True)) == [
        ("get_weather", {"city": "Paris"}), ("get_weather", {"city": "Tokyo"}),
    ]  # fmt: skip


def test_a_list_system_prompt_reads_as_its_text():
    said = {"type": "text", "text": "Answer in one word."}
    assert send(user("Hello"), system=[said]) == send(user("Hello"), system="Answer in one word.")


def test_two_user_messages_in_a_row_are_one_turn_and_the_question_spans_them():
    assert calls(send(user("What's the weather"), user("in Paris?"), tools=[WEATHER])) == [
        ("get_weather", {"city": "Paris"})
    ]


def test_forced_any_with_nothing_planned_calls_the_tool_that_fits_else_the_first():
    forced = {"tool_choice": {"type": "any"}}
    assert [n for n, _ in calls(send(user("Hello there"), tools=[WEATHER, TIME], **forced))] == [
        "get_weather"
    ]
    assert [n for n, _ in calls(send(user("Hello there"), tools=[TIME, WEATHER], **forced))] == [
        "get_current_time"
    ]
    asked = send(user("Tell me about the weather"), tools=[TIME, WEATHER], **forced)
    assert [n for n, _ in calls(asked)] == ["get_weather"]


def test_a_forced_tool_leaves_out_the_planned_calls_of_other_tools():
    asked = user("What time is it, and what's the weather in Paris?")
    forced = send(asked, tools=[TIME, WEATHER], tool_choice={"type": "tool", "name": "get_weather"})
    assert calls(forced) == [("get_weather", {"city": "Paris"})]


def test_a_user_turn_of_results_with_a_thank_you_is_not_a_new_question():
    reply = send(
        user("What's the weather in Paris?"),
        assistant_turn([call("a", "get_weather", {"city": "Paris"})]),
        user([result("a", "Sunny, 21°C"), {"type": "text", "text": "thanks"}]),
        tools=[WEATHER],
    )
    assert reply == [{"type": "text", "text": "get_weather says: Sunny, 21°C."}]


@pytest.mark.parametrize(
    "text, clauses",
    [
        ("What time is it? Also, add 3 and 4.", ["What time is it?", "add 3 and 4"]),
        # a question with no tool stands alone after a hard stop, not after a comma
        ("What time is it? What is the capital of France?",
         ["What time is it?", "What is the capital of France?"]),
        ("What time is it, what is the capital of France",
         ["What time is it, what is the capital of France"]),
        ("What time is it. Who wrote Hamlet?", ["What time is it", "Who wrote Hamlet?"]),
        ("add 3 and 4; what time is it", ["add 3 and 4", "what time is it"]),
        ("Hello! What time is it?", ["Hello! What time is it?"]),  # a greeting asks nothing
        ("Who wrote Hamlet? What time is it?", ["Who wrote Hamlet?", "What time is it?"]),
        ("What time is it? What is your name?", ["What time is it?", "What is your name?"]),
    ],
)  # fmt: skip
def test_a_text_is_split_into_the_requests_it_makes(text, clauses):
    from handagent.mock.model.brain import _clauses
    from handagent.mock.model.menu import Menu

    assert _clauses(text, Menu([TIME, ADD], "")) == clauses


def test_a_missing_nested_argument_is_asked_for_by_its_own_name_in_words():
    trip = {"type": "object", "properties": {"departure_date": {"type": "string"}},
            "required": ["departure_date"]}  # fmt: skip
    schema = {"type": "object", "required": ["destination", "trip"],
              "properties": {"destination": {"type": "string"}, "trip": trip}}  # fmt: skip
    flight = {"name": "book_flight", "description": "Book a flight to a city on a date.",
              "input_schema": schema}  # fmt: skip
    assert send(user("Book a flight to Paris"), tools=[flight]) == [
        {"type": "text", "text": "Which departure date do you mean? I need it for book_flight."}
    ]


def test_forced_any_after_every_planned_call_was_answered_makes_exactly_one_call():
    reply = send(
        user("What's the weather in Paris and Tokyo?"),
        assistant_turn([call("a", "get_weather", {"city": "Paris"}),
                  call("b", "get_weather", {"city": "Tokyo"})]),
        user([result("a", "Sunny"), result("b", "Rain")]),
        tools=[WEATHER], tool_choice={"type": "any"},
    )  # fmt: skip
    assert calls(reply) == [("get_weather", {"city": "Paris"})]  # the API forces one more call


def test_a_question_about_a_stock_alone_is_told_the_mock_has_no_live_data():
    (said,) = send(user("How is the ACME stock doing?"))
    assert said["text"].startswith("I can't know live prices or news")


def test_a_forced_tool_keeps_every_planned_call_of_that_tool():
    asked = user("What's the weather in Paris and Tokyo?")
    forced = send(asked, tools=[TIME, WEATHER], tool_choice={"type": "tool", "name": "get_weather"})
    assert calls(forced) == [("get_weather", {"city": "Paris"}), ("get_weather", {"city": "Tokyo"})]


def test_a_forced_tool_the_menu_lacks_is_ignored_and_the_plan_made():
    asked = send(user("What's the weather in Paris?"), tools=[WEATHER],
                 tool_choice={"type": "tool", "name": "nope"})  # fmt: skip
    assert calls(asked) == [("get_weather", {"city": "Paris"})]


def test_after_a_failed_call_to_a_tool_not_offered_the_next_call_is_a_retry():
    reply = send(
        user("What's the weather in Paris?"),
        assistant_turn([call("a", "get_forecast", {"city": "Paris"})]),
        user([result("a", "Unknown tool 'get_forecast'. Available tools: get_weather.", True)]),
        tools=[WEATHER],
    )
    assert reply == [
        {"type": "text", "text": "That failed; let me fix the arguments and try again."},
        {"type": "tool_use", "name": "get_weather", "input": {"city": "Paris"}},
    ]


@pytest.mark.parametrize("city", [True, {}])  # `true` and {} both accept any value
def test_a_place_property_of_any_value_gets_one_call_per_listed_place(city):
    menu = {**WEATHER, "input_schema": {"type": "object", "properties": {"city": city}}}
    asked = calls(ask("What's the weather in Paris, Tokyo and Lima?", [menu]))
    assert [args["city"] for _, args in asked] == ["Paris", "Tokyo", "Lima"]


# Which turn is the request: a conversation whose user turns hold no text asks nothing.


def test_results_after_a_turn_without_text_are_quoted_under_their_calls_names():
    history = [
        user([IMAGE]),
        assistant_turn([call("t1", "add", {"a": 1, "b": 2})]),
        user([result("t1", "3")]),
    ]
    assert said(send(*history, tools=[ADD])) == "add says: 3."


def test_text_beside_results_is_no_request_even_when_no_earlier_turn_made_one():
    asked = {"type": "text", "text": "What time is it?"}
    history = [
        user([IMAGE]),
        assistant_turn([FILE_CALL]),
        user([result("toolu_1", "a cat"), asked]),
    ]
    assert send(*history, tools=[READ_FILE, TIME]) == [
        {"type": "text", "text": "read_file says: a cat."}
    ]


def test_a_forced_call_for_a_request_without_text_fills_nothing():
    reply = send(user([IMAGE]), tools=[WEATHER], tool_choice={"type": "any"})
    assert calls(reply) == [("get_weather", {})]


def test_a_failed_mcp_call_in_the_turn_sent_back_does_not_make_the_next_call_a_retry():
    mcp = [
        {"type": "mcp_tool_use", "id": "mcptoolu_1", "name": "lookup", "server_name": "kb",
         "input": {}},
        {"type": "mcp_tool_result", "tool_use_id": "mcptoolu_1", "is_error": True,
         "content": [{"type": "text", "text": "server down"}]},
    ]  # fmt: skip
    reply = send(user("What time is it?"), {"role": "assistant", "content": mcp}, tools=[TIME])
    assert reply[0] == {"type": "text", "text": "Let me check that."}


def test_forced_any_also_makes_the_call_it_would_otherwise_ask_a_value_for():
    reply = ask(
        "What's the weather? Also add 3 and 4.", [GET_WEATHER, ADD], tool_choice={"type": "any"}
    )
    assert [name for name, _ in calls(reply)] == ["get_weather", "add"]


# What the system prompt says: only its text, and nothing when there is none.

KB = {
    "name": "kb",
    "description": "Internal.",
    "input_schema": {"type": "object", "properties": {}},
}


def test_a_list_system_prompts_block_keys_are_not_words_of_it():
    system = [{"type": "text", "text": "Use kb for anything about Oslo."}]
    reply = ask("Summarize this text", [KB], system=system)
    assert calls(reply) == [] and said(reply) == OTHER


def test_without_a_system_prompt_no_tool_counts_as_named_by_it():
    x = {**KB, "name": "X"}  # one capital letter: a name a stand-in text could hold
    question = "What is the capital of Australia?"
    assert calls(ask(question, [x], system="Use X for any question.")) == [("X", {})]
    assert said(ask(question, [x])) == OTHER


# A question for the web: not a name asked or a person addressed.


@pytest.mark.parametrize("question", ["How are you, Ada?", "What's my name?"])
def test_a_question_to_a_person_or_about_your_name_is_not_looked_up(question):
    assert calls(ask(question, [GET_ARTICLE])) == []


# Splitting and choosing: the words a tool is chosen by, and how near the best one must be.


def test_a_piece_naming_only_a_value_a_tool_takes_joins_the_clause_before():
    reply = ask("What time is it, and in fahrenheit?", [TIME, WEATHER])
    assert calls(reply) == [("get_current_time", {})]


def test_one_synonym_of_a_tools_description_is_enough_for_a_request_of_its_own():
    reply = ask("What is 1 + 2, and look up Hamlet", [ADD, GET_ARTICLE])
    assert calls(reply) == [("add", {"a": 1, "b": 2}), ("get_article", {"title": "Hamlet"})]


def test_one_word_of_a_tools_description_is_enough_to_choose_it():
    museum = {**KB, "description": "Facts about the museum."}
    assert calls(ask("Is the museum open on Monday?", [TIME, museum])) == [("kb", {})]


HERE = {"name": "local_report", "description": "The weather where you are.",
        "input_schema": {"type": "object", "properties": {}}}  # fmt: skip
DAYS = {"type": "integer", "description": "How many days ahead"}
AHEAD = {"type": "object", "properties": {"days": DAYS}}


@pytest.mark.parametrize(
    "question, tool, expected",
    [
        ("What's the weather like?",  # as good as get_weather, and needs no city
         {**HERE, "name": "get_local_weather"}, [("get_local_weather", {})]),
        ("What's the weather ahead?",  # half of get_weather's rank: still near
         {**HERE, "input_schema": AHEAD}, [("local_report", {})]),
        ("What's the weather like?", HERE, []),  # a third of it: not near, so it asks
    ],
)  # fmt: skip
def test_of_tools_near_the_best_the_first_the_request_gives_all_values_for_wins(
    question, tool, expected
):
    reply = ask(question, [GET_WEATHER, tool])
    assert calls(reply) == expected
    assert expected or said(reply) == "Which city do you mean? I need it for get_weather."


@pytest.mark.parametrize(
    "question, cities",
    [
        ("What's the weather in Paris and in Tokyo?", ["Paris", "Tokyo"]),  # two lists, one "in"
        ("Tell Bob the weather in Paris", ["Paris"]),  # Bob is no place of the list
    ],
)
def test_one_call_per_place_takes_the_places_after_the_same_word(question, cities):
    assert [args["city"] for _, args in calls(ask(question, [WEATHER]))] == cities


def test_forced_any_with_nothing_planned_calls_a_tool_sharing_even_half_a_word():
    forecast = {"name": "get_forecast", "description": "Get the forecast.", "input_schema": AHEAD}
    reply = ask("How far ahead can you see?", [TIME, forecast], tool_choice={"type": "any"})
    assert calls(reply) == [("get_forecast", {})]


def test_an_errors_first_line_is_quoted_whole_but_for_a_closing_colon():
    failed = user([result("toolu_1", "Unsupported format: .DOCX\nTraceback ...", True)])
    reply = send(user("Read a.png"), assistant_turn([FILE_CALL]), failed, tools=[READ_FILE])
    assert said(reply) == "The read_file tool reported an error: Unsupported format: .DOCX."
