"""The example tools every chapter shares: a clock, an adder and a weather service.

The same tools with the same descriptions run through the whole series, so chapters can be
compared and a learner meets each idea once. They are ordinary Python functions: the model never
runs them, the program does (chapter 02).

The clock stands still at the source text's moment, 2026-07-08 20:41, so stored notebook outputs
stay the same from run to run; set `handagent.examples.FROZEN_AT = None` to read the real clock.
The weather is canned and takes half a second, like a web service would; it knows four cities by
their English names and by their Chinese ones, and answers in the language it was asked in
(the zh-CN edition asks about 巴黎, as a Chinese user would).

Not handled here: anything a real tool needs beyond the lesson (time zones, a weather API).
"""

import time
from datetime import datetime

from .tools import Tool

FROZEN_AT: datetime | None = datetime(2026, 7, 8, 20, 41, 0)
WEATHER_DELAY_SECONDS = 0.5
FORECASTS = {
    "Paris": "14°C, light rain",
    "Tokyo": "22°C, sunny",
    "Lima": "19°C, overcast",
    "Oslo": "6°C, snow showers",
}
# The same four cities, named and forecast as a Chinese weather service would word them.
FORECASTS_ZH = {
    "巴黎": "小雨，14°C",
    "东京": "晴，22°C",
    "利马": "阴，19°C",
    "奥斯陆": "阵雪，6°C",
}


def get_current_time() -> str:
    """The current date and time. Example: () -> "2026-07-08 20:41:00" (while frozen)"""
    return (FROZEN_AT or datetime.now()).strftime("%Y-%m-%d %H:%M:%S")


def add(a: float, b: float) -> float:
    """The sum of two numbers. Example: (1234, 5678) -> 6912"""
    return a + b


def get_weather(city: str) -> str:
    """Today's weather in a city, after a web service's wait.

    Example: "Paris" -> "Paris: 14°C, light rain";  "巴黎" -> "巴黎今天小雨，14°C"
    """
    time.sleep(WEATHER_DELAY_SECONDS)
    if city in FORECASTS_ZH:
        return f"{city}今天{FORECASTS_ZH[city]}"
    if city not in FORECASTS:
        raise LookupError(f"no forecast for {city!r}")
    return f"{city}: {FORECASTS[city]}"


CLOCK = Tool(
    name="get_current_time",
    description=(
        "Returns the current date and time. "
        "Use it whenever the user asks what time or what day it is."
    ),
    input_schema={"type": "object", "properties": {}},
    function=get_current_time,
    read_only=True,  # it only reads: chapter 11's gate lets it run unasked
)

ADDER = Tool(
    name="add",
    description="Adds two numbers and returns their sum. Use it whenever you need an addition.",
    input_schema={
        "type": "object",
        "properties": {
            "a": {"type": "number", "description": "The first number."},
            "b": {"type": "number", "description": "The second number."},
        },
        "required": ["a", "b"],
    },
    function=add,
    read_only=True,  # it only reads: chapter 11's gate lets it run unasked
)

WEATHER = Tool(
    name="get_weather",
    description=(
        "Returns today's weather for one city. "
        "Use it whenever the user asks about the weather somewhere."
    ),
    input_schema={
        "type": "object",
        "properties": {"city": {"type": "string", "description": "A city name, e.g. Paris."}},
        "required": ["city"],
    },
    function=get_weather,
    read_only=True,  # it only reads: chapter 11's gate lets it run unasked
)
