import pytest

from handagent import examples
from handagent.dispatch import run_tool_calls
from handagent.mock.model.brain import respond


def ask(question: str, *tools) -> list[tuple[str, dict]]:
    request = {
        "model": "claude-sonnet-5",
        "messages": [{"role": "user", "content": question}],
        "tools": [tool.menu_entry() for tool in tools],
    }
    return [(b["name"], b["input"]) for b in respond(request) if b["type"] == "tool_use"]


def test_the_frozen_clock_reads_the_source_texts_moment(monkeypatch):
    assert examples.get_current_time() == "2026-07-08 20:41:00"
    monkeypatch.setattr(examples, "FROZEN_AT", None)
    assert examples.get_current_time() != "2026-07-08 20:41:00"


def test_the_series_questions_reach_the_right_tools():
    tools = (examples.CLOCK, examples.ADDER, examples.WEATHER)
    assert ask("What time is it? Also, what is 1234 + 5678?", *tools) == [
        ("get_current_time", {}),
        ("add", {"a": 1234, "b": 5678}),
    ]
    cities = [args["city"] for _, args in ask("What's the weather in Paris and Oslo?", *tools)]
    assert cities == ["Paris", "Oslo"]


def test_a_city_asked_about_in_chinese_is_called_by_its_chinese_name_and_answered_in_chinese(
    monkeypatch,
):
    monkeypatch.setattr(examples, "WEATHER_DELAY_SECONDS", 0)
    calls = ask("巴黎、东京、利马和奥斯陆今天天气怎么样？", examples.WEATHER)
    assert [args["city"] for _, args in calls] == ["巴黎", "东京", "利马", "奥斯陆"]
    assert examples.get_weather("巴黎") == "巴黎今天小雨，14°C"
    assert examples.get_weather("Paris") == "Paris: 14°C, light rain"  # the English edition's
    with pytest.raises(LookupError, match="亚特兰蒂斯"):
        examples.get_weather("亚特兰蒂斯")


def test_an_unknown_city_is_an_error_result_not_a_crash(monkeypatch):
    monkeypatch.setattr(examples, "WEATHER_DELAY_SECONDS", 0)
    call = {
        "type": "tool_use",
        "id": "toolu_1",
        "name": "get_weather",
        "input": {"city": "Atlantis"},
    }
    (result,) = run_tool_calls([call], [examples.WEATHER])["content"]
    assert result["is_error"] and "no forecast for 'Atlantis'" in result["content"]


@pytest.mark.parametrize("tool", [examples.CLOCK, examples.ADDER, examples.WEATHER])
def test_every_description_says_when_to_use_the_tool(tool):
    assert "Use it whenever" in tool.description
