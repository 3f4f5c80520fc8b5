"""The series' own MCP server, as `python -m handagent.mcp` serves it: its name and its tools.

    series_tools().names -> ["get_current_time", "add", "get_weather"];  SERVER_NAME -> "handagent"

Apart from `server`, which imports the `mcp` SDK (0.85 s): `python -m handagent.mcp --help` lists
these tools without it.

Not handled here: serving them (`server.serve_stdio`, `https.serving`).
"""

from ..examples import ADDER, CLOCK, WEATHER
from ..tools import ToolRegistry

SERVER_NAME = "handagent"


def series_tools() -> ToolRegistry:
    """The tools chapter 01 defines, which every chapter shares: a clock, an adder, the weather."""
    return ToolRegistry([CLOCK, ADDER, WEATHER])
