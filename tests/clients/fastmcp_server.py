"""An MCP server written with another library (fastmcp, from PyPI), which our client must talk to.

    python tests/clients/fastmcp_server.py      (stdio; tests/mcp/test_client.py starts it)

Its tools differ from the series' on purpose: `add` clashes with the series' own, `text.upper`
has a dot in its name (valid in MCP, not on the Messages API's menu), `radar` returns an image,
`forecast` structured content, and `fail` raises fastmcp's ToolError (an isError result).
"""

import base64

from fastmcp import FastMCP
from fastmcp.exceptions import ToolError
from fastmcp.utilities.types import Image

PIXEL = base64.b64decode(  # one red pixel, PNG
    "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8Dw"
    "HwAFBQIAX8jx0gAAAABJRU5ErkJggg=="
)

server = FastMCP("other")


@server.tool
def add(a: int, b: int) -> int:
    """Adds two integers (the other server's adder)."""
    return a + b


@server.tool(name="text.upper")
def upper(text: str) -> str:
    """Returns the text in capitals."""
    return text.upper()


@server.tool
def radar(city: str) -> list:
    """A radar picture of a city, with a caption."""
    return [f"Radar over {city}:", Image(data=PIXEL, format="png")]


@server.tool
def forecast(city: str) -> dict:
    """Tomorrow's forecast as numbers."""
    return {"city": city, "high_c": 21, "low_c": 12}


@server.tool
def fail(reason: str) -> str:
    """Always fails, saying why."""
    raise ToolError(f"refused: {reason}")


if __name__ == "__main__":
    server.run(show_banner=False)
