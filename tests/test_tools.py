import pytest

from handagent.tools import Tool, ToolRegistry

SCHEMA = {"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}


def weather(city):
    return f"Sunny in {city}"


def test_menu_entry_is_exactly_what_the_api_reads():
    tool = Tool("get_weather", "Weather for a city. Use when asked about weather.", SCHEMA, weather)
    assert tool.menu_entry() == {
        "name": "get_weather",
        "description": "Weather for a city. Use when asked about weather.",
        "input_schema": SCHEMA,
    }


def test_registry_menu_lists_every_tool_in_order():
    tools = ToolRegistry([Tool("b", "B.", SCHEMA, weather), Tool("a", "A.", SCHEMA, weather)])
    assert [entry["name"] for entry in tools.menu()] == ["b", "a"]
    assert tools.names == ["b", "a"] and len(tools) == 2
    assert tools.get("a").function is weather and tools.get("missing") is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"name": "get weather"}, "must match"),
        ({"name": "x" * 129}, "must match"),
        ({"input_schema": {"type": "string"}}, '"type": "object"'),
        ({"input_schema": {"type": "object", "properties": {"a": {"type": "nope"}}}}, "not valid"),
        ({"function": "weather"}, "must be callable"),
    ],
)
def test_programmer_mistakes_raise_at_once_with_the_fix(kwargs, message):
    arguments = {"name": "get_weather", "description": "d", "input_schema": SCHEMA}
    arguments["function"] = weather
    with pytest.raises((ValueError, TypeError), match=message):
        Tool(**{**arguments, **kwargs})


def test_registry_refuses_duplicates_and_non_tools():
    tools = ToolRegistry([Tool("a", "A.", SCHEMA, weather)])
    with pytest.raises(ValueError, match="already registered"):
        tools.add(Tool("a", "Again.", SCHEMA, weather))
    with pytest.raises(TypeError, match=r"wrap .* in Tool"):
        tools.add(weather)


def test_tool_repr_hides_the_function_but_names_the_tool():
    assert "get_weather" in repr(Tool("get_weather", "d", SCHEMA, weather))
