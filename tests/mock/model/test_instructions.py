"""The system prompt's refusal and order rules, read by handagent.mock.model.instructions and
obeyed by the brain, in English and Chinese."""

import pytest
from builders import call, result, text, user

from handagent.mock.model.brain import respond
from handagent.mock.model.instructions import declined, in_order, order_rules

NAMES = ["find_order", "check_stock", "start_return"]
ORDER = {"type": "object", "properties": {"order_id": {"type": "integer"}},
         "required": ["order_id"]}  # fmt: skip
FIND = {"name": "find_order", "description": "Look up an order by its number.",
        "input_schema": ORDER}  # fmt: skip
RETURN = {"name": "start_return", "description": "Start a return to send a damaged book back.",
          "input_schema": ORDER}  # fmt: skip
RULE = "Call start_return only after find_order has shown that the order is delivered."


@pytest.mark.parametrize(
    "system, request_text, topic",
    [
        ("Never discuss politics.", "What do you think of politics?", "politics"),
        ("Do not answer questions about other bookshops.", "Are other bookshops cheaper?",
         "other bookshops"),
        ("Refuse any requests about medicine. Be kind.", "Which medicine helps?", "medicine"),
        ("不要讨论其他书店。", "你觉得其他书店怎么样？", "其他书店"),
        ("Never discuss politics.", "Where is my order?", None),
        ("Discuss anything.", "What do you think of politics?", None),
    ],
)  # fmt: skip
def test_a_refusal_rule_declines_only_a_request_on_its_topic(system, request_text, topic):
    assert declined(system, request_text) == topic


@pytest.mark.parametrize(
    "system, expected",
    [
        (RULE, [("start_return", "find_order")]),
        ("只有在 find_order 确认订单已送达之后，才调用 start_return。",
         [("start_return", "find_order")]),
        ("Use find_order for orders. Use start_return for returns.", []),
        ("Call start_return only after the customer confirms.", []),  # one tool: no order
    ],
)  # fmt: skip
def test_an_order_rule_names_the_tool_that_waits_and_the_one_it_waits_for(system, expected):
    assert order_rules(system, NAMES) == expected


def test_a_call_that_waits_is_replaced_by_the_call_it_waits_for_once():
    todo = [("start_return", {"order_id": 1042})]
    first = lambda name: (name, {"order_id": 1042})  # noqa: E731
    rules = [("start_return", "find_order")]
    assert in_order(todo, rules, set(), first) == [("find_order", {"order_id": 1042})]
    assert in_order(todo, rules, {"find_order"}, first) == todo


def _ask(messages, system=None):
    request = {"model": "m", "max_tokens": 100, "tools": [FIND, RETURN], "messages": messages}
    return respond(request | ({"system": system} if system else {}))


def _calls(reply):
    return [(b["name"], b["input"]) for b in reply if b["type"] == "tool_use"]


def test_the_brain_follows_the_order_rule_across_turns_and_without_it_calls_at_once():
    ask = user("I want to send back order 1042, the book is damaged.")
    assert _calls(_ask([ask])) == [("start_return", {"order_id": 1042})]
    assert _calls(_ask([ask], RULE)) == [("find_order", {"order_id": 1042})]
    found = [ask, {"role": "assistant", "content": [call("t1", "find_order", {"order_id": 1042})]},
             user([result("t1", "Order 1042: delivered.")])]  # fmt: skip
    assert _calls(_ask(found, RULE)) == [("start_return", {"order_id": 1042})]
    failed = [*found[:2], user([result("t1", "no such order", is_error=True)])]
    assert ("start_return", {"order_id": 1042}) not in _calls(_ask(failed, RULE))


def test_the_brain_declines_in_the_language_the_system_prompt_asks_for():
    reply = _ask([user("Are other bookshops cheaper?")], "Never discuss other bookshops.")
    assert reply == [text("Sorry, I can't help with that: I have been asked not to discuss "
                          "other bookshops.")]  # fmt: skip
    zh = _ask([user("你觉得其他书店怎么样？")], "不要讨论其他书店。用中文回答。")
    assert zh == [text("抱歉，这个我帮不了：我被要求不讨论其他书店。")]
