"""What the server tools answer in the mock, which has no internet and runs no code.

Each call answers in the API's own shapes with what the mock can honestly say (the result
block, then a sentence in the reply that says why, `NOTES`):

    web_search      a `web_search_tool_result` with an empty list of results: every client
                    reads a list (an error object breaks code that loops over the results),
                    and the reply's text says the mock has no internet
    web_fetch       `web_fetch_tool_result_error`, error_code "unavailable" (a fetch has no
                    empty form: anything else would claim a page)
    code_execution  a run that failed: return_code 1, stderr NO_CODE (`code_execution_result`
                    for the 20250522 tool, `bash_code_execution_result` for the later ones)
    advisor         an `advisor_result`: the advisor is a second model, and the mock's scripted
                    model plays it, its answer to the same conversation as the advice (`advice`)
    tool search     not here: `tool_search` runs it
    mcp_tool_use    a call the history left waiting gets an error `mcp_tool_result`
    past max_uses   the `max_uses_exceeded` error of the tool's result type

The reply reads these blocks back (`replies`): `usage.server_tool_use` counts the searches and
fetches that came back (`server_usage`), and code that ran names a `container`.

Not handled here: which calls a request makes (`server_tools`), the loop (`server_loop`).
"""

import base64

from ...api.history import RESULT_OF, SERVER_RESULTS
from ..ids import digest

NO_CODE = "The mock runs no code: it has no sandbox. Run it yourself, or ask the real API."
NOTES = {  # what the reply says after a server tool answered
    "web_search": {"en": 'The mock has no internet, so the web search for "{0}" found nothing.',
                   "zh": "模拟服务器没有网络，所以网页搜索“{0}”什么也没找到。"},
    "web_fetch": {"en": "The mock has no internet, so {0} could not be fetched.",
                  "zh": "模拟服务器没有网络，所以无法获取 {0}。"},
    "code_execution": {"en": "The mock runs no code, so `{0}` did not run.",
                       "zh": "模拟服务器不运行代码，所以 `{0}` 没有运行。"},
}  # fmt: skip
SERVER_CALLS = ("server_tool_use", "mcp_tool_use")
CODE_RESULTS = ("code_execution_tool_result", "bash_code_execution_tool_result",
                "text_editor_code_execution_tool_result")  # fmt: skip
# The mock holds no container, so none expires; a fixed date keeps replies the same run to run.
CONTAINER_EXPIRES = "2099-12-31T00:00:00Z"


def call_block(name: str, args: dict, tool: dict, call_id: str) -> dict:
    """The server_tool_use block for a planned call, named as the tool's version names it.

    Example: ("code_execution", {"code": "print(1+2)"}, code_execution_20260120, "srvtoolu_1")
        -> {"type": "server_tool_use", "id": "srvtoolu_1", "name": "bash_code_execution",
            "input": {"command": "python3 -c 'print(1+2)'"}}
    """
    if name == "code_execution" and tool.get("type") != "code_execution_20250522":
        name, args = "bash_code_execution", {"command": f"python3 -c {_quote(args['code'])}"}
    if name == "tool_search":
        name = tool.get("name") or "tool_search_tool_bm25"
    return {"type": "server_tool_use", "id": call_id, "name": name, "input": args}


def _quote(text: str) -> str:
    return "'" + text.replace("'", "'\\''") + "'"


def result_block(call: dict, tool: dict | None, uses: int, lang: str) -> tuple[dict, str | None]:
    """The result block for a server or MCP call, and the sentence the reply says about it;
    `uses`: the calls of that tool earlier in this reply (for `max_uses`)."""
    name, args, call_id = call.get("name", ""), call.get("input") or {}, call.get("id")
    if call.get("type") == "mcp_tool_use":
        words = f"The mock cannot reach the MCP server {call.get('server_name')!r}: it has no "
        text = {"type": "text", "text": words + "internet."}
        return {"type": "mcp_tool_result", "tool_use_id": call_id, "is_error": True,
                "content": [text]}, None  # fmt: skip
    limit = (tool or {}).get("max_uses")
    over = isinstance(limit, int) and uses >= limit
    family = "code_execution" if "code_execution" in name else name
    kind = RESULT_OF.get(name, f"{family}_tool_result")
    if over or tool is None:  # past max_uses, or a waiting call whose tool is gone (a 400 first)
        code = "max_uses_exceeded" if over else "unavailable"
        return _block(kind, call_id, _error(kind, code)), None
    if family == "web_search":
        return _block(kind, call_id, []), _note(family, lang, args.get("query", ""))
    if family == "web_fetch":
        return _block(kind, call_id, _error(kind, "unavailable")), _note(
            family, lang, args.get("url")
        )
    if name == "text_editor_code_execution":
        content = {**_error(kind, "unavailable"), "error_message": NO_CODE}
        return _block(kind, call_id, content), _note(family, lang, args.get("command", ""))
    if family == "code_execution":
        run = "code_execution_result" if name == "code_execution" else "bash_code_execution_result"
        content = {"type": run, "stdout": "", "stderr": NO_CODE, "return_code": 1, "content": []}
        said = args.get("code") or args.get("command") or ""
        return _block(kind, call_id, content), _note(family, lang, said)
    return _block(kind, call_id, _error(kind, "unavailable")), None  # a tool no mock runs


def advice(call: dict, text: str, advisor: str) -> dict:
    """The advisor's answer. Example: (call srvtoolu_1, "4.", "claude-opus-4-8") ->
    {"type": "advisor_tool_result", "tool_use_id": "srvtoolu_1", "content": {"type":
    "advisor_result", "text": "4.", "stop_reason": "end_turn"}}"""
    if advisor.startswith(("claude-fable", "claude-mythos")):
        # [U] one recording (pydantic-ai, test_anthropic_advisor_tool_redacted: advisor
        # claude-fable-5) shows these advisors' words encrypted; the docs do not say which do
        sealed = base64.b64encode(digest(text, "advice").encode()).decode()
        return _block("advisor_tool_result", call.get("id"),
                      {"type": "advisor_redacted_result", "encrypted_content": sealed,
                       "stop_reason": "end_turn"})  # fmt: skip
    said = {"type": "advisor_result", "text": text or "No advice.", "stop_reason": "end_turn"}
    return _block("advisor_tool_result", call.get("id"), said)


def _block(kind: str, call_id: str, content: object) -> dict:
    return {"type": kind, "tool_use_id": call_id, "content": content}


def _error(kind: str, code: str) -> dict:
    """An error content. Example: ("web_search_tool_result", "unavailable") ->
    {"type": "web_search_tool_result_error", "error_code": "unavailable"}"""
    return {"type": f"{kind}_error", "error_code": code}


def _note(family: str, lang: str, said: str) -> str:
    return NOTES[family].get(lang, NOTES[family]["en"]).format(said)


def server_usage(content: list[dict]) -> dict | None:
    """`usage.server_tool_use`, when a server tool ran. Example: [.., web_search_tool_result
    []] -> {"web_search_requests": 1, "web_fetch_requests": 0}"""
    results = [b for b in content if b["type"] in SERVER_RESULTS]
    if not results and not any(b["type"] in SERVER_CALLS for b in content):
        return None
    found = [b for b in results if b["type"] == "web_search_tool_result"]
    fetched = [b for b in results if b["type"] == "web_fetch_tool_result"]
    return {
        "web_search_requests": sum(1 for b in found if isinstance(b["content"], list)),
        "web_fetch_requests": sum(1 for b in fetched if "error_code" not in b["content"]),
    }


def container(request: dict, name: str) -> dict:
    """The container code ran in: the request's own, or one named `name`."""
    given = request.get("container")
    given = given.get("id") if isinstance(given, dict) else given
    return {"id": given or name, "expires_at": CONTAINER_EXPIRES}
