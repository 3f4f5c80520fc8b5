"""How well each tool on a menu fits a clause."""

from handagent.mock.model.menu import THRESHOLD, Menu, profile


def tool(name: str, description: str = "", properties=None, required=()) -> dict:
    schema = {"type": "object", "properties": properties or {}, "required": list(required)}
    return {"name": name, "description": description, "input_schema": schema}


def chosen(clause: str, *tools: dict, system: str = "") -> str | None:
    score, best = Menu(list(tools), system).best(clause)
    return best["name"] if best and score >= THRESHOLD else None


def test_a_tools_name_weighs_more_than_its_description():
    weights = profile(tool("get_weather", "Returns the forecast for one city."), "")
    assert weights["weather"] > weights["citi"] and weights["forecast"] < weights["weather"]


def test_the_tool_sharing_most_weight_wins_and_a_shared_word_counts_less():
    forecast = tool("get_forecast", "Get the weather forecast.")
    now = tool("get_current_weather", "Get the weather now.")
    assert chosen("What's the forecast for Madrid?", now, forecast) == "get_forecast"


def test_a_tool_named_outright_wins():
    assert chosen("call util for me", tool("get_time", "Time."), tool("util")) == "util"


def test_a_value_the_tool_requires_favours_it():
    read = tool("read_file", "Reads a file.", {"path": {"type": "string"}}, ["path"])
    assert chosen("What's in /etc/hosts?", tool("get_time", "Time."), read) == "read_file"
    ticket = tool("ticket_status", "Status.", {"ticket_id": {"type": "string",
                  "description": "e.g. TCK-1001"}}, ["ticket_id"])  # fmt: skip
    assert chosen("Any update on TCK-2002?", tool("get_time", "Time."), ticket) == "ticket_status"


def test_a_question_prefers_a_tool_that_looks_over_one_that_changes():
    create = tool("create_event", "Create a calendar event.")
    listing = tool("list_events", "The calendar events on a date.")
    assert chosen("What's on my calendar on Friday?", create, listing) == "list_events"
    assert chosen("Create a calendar event for Friday", create, listing) == "create_event"


def test_a_system_prompt_sentence_naming_a_tool_is_part_of_its_description():
    kb = tool("kb", "Internal notes.")
    assert chosen("How is the weather?", kb) is None
    assert chosen("How is the weather?", kb, system="Use kb for the weather.") == "kb"


def test_nothing_is_chosen_when_no_word_is_shared():
    assert chosen("Tell me a joke", tool("add", "Add two numbers.")) is None


def test_the_user_who_asks_in_a_description_is_no_topic_but_a_user_tool_is():
    clock = tool("clock", "Use it whenever the user asks what time it is.")
    assert chosen("Find the user bob", clock) is None
    assert chosen("Find the user bob", clock, tool("get_user", "Look up an account.")) == "get_user"
