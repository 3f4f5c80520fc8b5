"""The rules a request's `messages` must follow: message shapes, content blocks, tool pairing.

Paths name the offending field as the API does (`messages.1.content.0.tool_use.id`), and the
words are the API's (`rejections`). Where the reference and the recorded replies show the API
more lenient than its older docs, the lenient behaviour is the rule here:

- consecutive same-role messages are merged into one turn, not refused;
- tool blocks are accepted without a `tools` parameter;
- a tool_use id must be unique within its message only: the same id in two assistant turns,
  each answered in the turn after it, was accepted (recorded: a replayed Gemini history);
- a whitespace-only text block is refused in user turns, system prompts, tool results and a
  final assistant message, but accepted in an earlier assistant turn (recorded: llm-anthropic
  test_tools, whose history holds an assistant text of one space).

`role: "system"` messages (SDK 2.10's SystemMessageParam) hold text (and, under their beta,
tool changes and the `clear_at` / `output_config` options) and do not form turns: the tool
pairing looks through them [U: the reference calls turn-scoped system messages beta on Fable
5.1, their place in the pairing is undocumented]. Recorded (pydantic-ai, Opus 4.8): a system
message may end the conversation, follow tool results, follow another system message, and be
followed by an assistant turn; all accepted, so none of those is refused here.

Server tools (§4.4, §4.5): a `server_tool_use` (or `mcp_tool_use`) gets its result block later in
the same assistant turn. It may wait for it only at the end of the conversation (a `pause_turn`
sent back) or across a mixed turn, whose next user message holds nothing but `tool_result`
blocks; the result then opens the next assistant turn (recorded: pydantic-ai
test_in_flight_native_tool_call_history_is_accepted). A waiting call needs its tool still
defined. A result block needs its call before it, in the same turn or waiting.

Thinking blocks (§2.4): thinking comes first, read before any signature (`check_thinking_first`).

Not handled here: rules that depend on the model (`model_rules`) or on a thinking block's
signature (`mock.model.signatures`).
"""

import re

from . import fields
from .rejections import (
    DUPLICATE_ID,
    FIRST_BLOCK,
    MUST_START_WITH_THINKING,
    SERVER_UNANSWERED,
    SERVER_UNEXPECTED,
    SERVER_WAITING,
    UNANSWERED,
    UNEXPECTED,
    invalid,
)
from .shapes import Table, blocks_of, check_fields, check_text, one_of, tag_error, turns

ID_PATTERN = r"^[a-zA-Z0-9_-]+$"
ID_MAX_LENGTH = 64
THINKING_BLOCKS = ("thinking", "redacted_thinking")
# A server tool call's name -> the type of its result block, and the tool that must define it.
RESULT_OF = {
    "web_search": "web_search_tool_result",
    "web_fetch": "web_fetch_tool_result",
    "code_execution": "code_execution_tool_result",
    "bash_code_execution": "bash_code_execution_tool_result",
    "text_editor_code_execution": "text_editor_code_execution_tool_result",
    "tool_search_tool_regex": "tool_search_tool_result",
    "tool_search_tool_bm25": "tool_search_tool_result",
    "advisor": "advisor_tool_result",
}
DEFINED_BY = {
    "bash_code_execution": "code_execution",
    "text_editor_code_execution": "code_execution",
}
SERVER_RESULTS = (*dict.fromkeys(RESULT_OF.values()), "mcp_tool_result")


# SDK: ServerToolUseBlockParam.name, with the beta's "advisor" [U: the order the API lists them]
SERVER_TOOL_NAMES = one_of(RESULT_OF)


def check_messages(messages: object, betas: tuple[str, ...] = ()) -> None:
    """Raise the API's 400 for a malformed `messages` list, or return."""
    if not isinstance(messages, list):
        raise invalid("messages: Input should be a valid list")
    tables = {"system": fields.system_blocks(betas), "other": fields.blocks(betas)}
    options = fields.options(betas)
    for i, message in enumerate(messages):
        _check_message(message, i, i == len(messages) - 1, tables, options)


def _check_message(message: object, i: int, final: bool, tables: dict, options) -> None:
    if not isinstance(message, dict):
        raise invalid(f"messages.{i}: Input should be a valid dictionary")
    extra = [o.split(".")[1] for o in options if o.startswith("system_message.")]
    for name in message:
        allowed = ("role", "content", *(extra if message.get("role") == "system" else ()))
        if name not in allowed:
            raise invalid(f"messages.{i}.{name}: Extra inputs are not permitted")
    role = message.get("role")
    if role not in ("user", "assistant", "system"):
        raise invalid(f"messages.{i}.role: Input should be 'user', 'assistant' or 'system'")
    if "content" not in message:
        raise invalid(f"messages.{i}.content: Field required")
    content = message["content"]
    if content in ("", []) and not (final and role == "assistant"):
        raise invalid(
            f"messages.{i}: all messages must have non-empty content "
            "except for the optional final assistant message"
        )
    table = tables["system" if role == "system" else "other"]
    spaces_ok = role == "assistant" and not final
    if isinstance(content, list):
        for j, block in enumerate(content):
            check_block(block, f"messages.{i}.content.{j}", table, spaces_ok=spaces_ok)
    elif not isinstance(content, str):
        raise invalid(f"messages.{i}.content: Input should be a valid string or list")
    elif content:  # a string is one text block, with a text block's rules
        check_text(content, f"messages.{i}.content", spaces_ok=spaces_ok)


def _check_id(value: object, where: str) -> None:
    if not isinstance(value, str) or not re.match(ID_PATTERN, value):
        raise invalid(f"{where}: String should match pattern '{ID_PATTERN}'")
    if len(value) > ID_MAX_LENGTH:
        raise invalid(f"{where}: String should have at most {ID_MAX_LENGTH} characters")


def check_block(block: object, where: str, table: Table = fields.BLOCKS, *, spaces_ok=False):
    """Raise the API's 400 for a malformed content block at `where`, or return."""
    if not isinstance(block, dict):
        raise invalid(f"{where}: Input should be a valid dictionary")
    kind = block.get("type")
    if not isinstance(kind, str) or kind not in table:
        raise tag_error(where, kind, table)
    check_fields(block, where, kind, table)
    if kind == "text":
        check_text(block["text"], f"{where}.text.text", spaces_ok=spaces_ok)
    elif kind == "tool_use":
        _check_id(block["id"], f"{where}.tool_use.id")
        if not isinstance(block["name"], str):
            raise invalid(f"{where}.tool_use.name: Input should be a valid string")
        if not block["name"]:
            raise invalid(f"{where}.tool_use.name: Field required")
        if not isinstance(block["input"], dict):
            raise invalid(f"{where}.tool_use.input: Input should be a valid dictionary")
    elif kind == "tool_result":
        _check_id(block["tool_use_id"], f"{where}.tool_result.tool_use_id")
        content = block.get("content", "")
        if isinstance(content, list):
            for j, inner in enumerate(content):
                check_block(inner, f"{where}.tool_result.content.{j}", fields.RESULT_BLOCKS)
        elif not isinstance(content, str):
            raise invalid(f"{where}.tool_result.content: Input should be a valid string or list")
        if not isinstance(block.get("is_error", False), bool):
            raise invalid(f"{where}.tool_result.is_error: Input should be a valid boolean")
    elif kind == "thinking":
        for name in ("thinking", "signature"):
            if not isinstance(block[name], str):
                raise invalid(f"{where}.thinking.{name}: Input should be a valid string")
    elif kind in ("server_tool_use", "mcp_tool_use"):
        _check_id(block["id"], f"{where}.{kind}.id")
        if not isinstance(block["name"], str):
            raise invalid(f"{where}.{kind}.name: Input should be a valid string")
        if kind == "server_tool_use" and block["name"] not in RESULT_OF:
            raise invalid(f"{where}.server_tool_use.name: Input should be {SERVER_TOOL_NAMES}")
    elif kind in SERVER_RESULTS:
        _check_id(block["tool_use_id"], f"{where}.{kind}.tool_use_id")
    elif kind == "compaction" and not isinstance(block.get("content"), str | None):
        raise invalid(f"{where}.compaction.content: Input should be a valid string")


def check_thinking_first(messages: list[dict], *, manual: bool = True) -> None:
    """Thinking comes first (§2.4). Under manual thinking (`thinking.type: "enabled"`):

    - an assistant message that holds thinking starts with it:
      [text, thinking, tool_use] -> 400 "messages.1.content.0: If an assistant message contains
      any thinking blocks, the first block must be thinking or redacted_thinking. Found text."
    - the latest assistant message, when it calls a tool, starts with thinking:
      [tool_use] -> 400 "messages.1.content.0.type: Expected thinking or redacted_thinking, but
      found tool_use. When thinking is enabled, a final assistant message must start with ..."

    With `manual=False` (adaptive, or left out on a model that thinks by default), only the
    first rule, in the latest message, for text before thinking (issue 35: "Found text.", not
    "cannot be modified"); a server tool's blocks before thinking pass (recorded: pydantic-ai,
    Sonnet 5, [server_tool_use, ..., thinking], 200). Both read the content only, never a
    signature, so they come before the mock checks any (`mock.model.signatures`). Adaptive
    thinking may skip thinking in a turn ("Don't build application logic that assumes every
    assistant turn starts with one", §2.1) or think after text: Opus 4.6 streams [text, thinking,
    text]; hand-written [tool_use] turns without thinking sent to Opus 4.8, Fable 5, Opus 5 and
    Sonnet 5 were accepted. [U] earlier messages' order under adaptive thinking, and a turn that
    did think and was stripped.
    """
    assistants = [i for i, m in enumerate(messages) if m["role"] == "assistant"]
    kinds = {i: [b["type"] for b in blocks_of(messages[i])] for i in assistants}
    for i in assistants if manual else [i for i in assistants[-1:] if kinds[i][:1] == ["text"]]:
        if kinds[i] and kinds[i][0] not in THINKING_BLOCKS and set(kinds[i]) & set(THINKING_BLOCKS):
            raise invalid(f"messages.{i}.content.0: " + FIRST_BLOCK.format(kind=kinds[i][0]))
    latest = kinds[assistants[-1]] if assistants else []
    if manual and "tool_use" in latest and latest[0] not in THINKING_BLOCKS:
        where = f"messages.{assistants[-1]}.content.0.type: "
        raise invalid(where + MUST_START_WITH_THINKING.format(kind=latest[0]))


def check_tool_protocol(messages: list[dict]) -> None:
    """Raise the API's 400 if a tool_use goes unanswered, a tool_result has no call, or an id
    repeats within one message.

    Example: [user, assistant(tool_use toolu_01A), user(text)] -> Rejection("messages.1: ...")
    """
    grouped = turns(messages)
    previous_call_ids: set[str] = set()
    for number, turn in enumerate(grouped):
        for i in turn:
            seen: set[str] = set()
            for j, block in enumerate(blocks_of(messages[i])):
                if block.get("type") == "tool_use":
                    if block["id"] in seen:
                        raise invalid(f"messages.{i}.content.{j}: {DUPLICATE_ID}")
                    seen.add(block["id"])
                if block.get("type") == "tool_result" and (
                    block["tool_use_id"] not in previous_call_ids
                ):
                    unexpected = UNEXPECTED.format(id=block["tool_use_id"])
                    raise invalid(f"messages.{i}.content.{j}: {unexpected}")
        if messages[turn[0]]["role"] != "assistant":
            previous_call_ids = set()
            continue
        calls = [
            (i, b["id"]) for i in turn for b in blocks_of(messages[i]) if b["type"] == "tool_use"
        ]
        previous_call_ids = {call_id for _, call_id in calls}
        if not calls or number + 1 == len(grouped):
            continue
        answered = set()
        for block in (b for i in grouped[number + 1] for b in blocks_of(messages[i])):
            if block.get("type") != "tool_result":
                break  # results must come first: anything after a text block does not count
            answered.add(block["tool_use_id"])
        missing = list(dict.fromkeys(c for _, c in calls if c not in answered))
        if missing:
            where = next(i for i, call_id in calls if call_id == missing[0])
            raise invalid(f"messages.{where}: " + UNANSWERED.format(ids=", ".join(missing)))


def check_server_tools(messages: list[dict], tools: list, mcp_servers: list) -> None:
    """Raise the API's 400 if a server tool's call and its result block do not pair up (§4.4).

    Example: [user, assistant(server_tool_use web_fetch), user(text)] ->
        Rejection("messages.1.content.0: `web_fetch` tool use with id `srvtoolu_01A` was found
        without a corresponding `web_fetch_tool_result` block")
    """
    grouped = turns(messages)
    waiting: dict[str, tuple[str, str, str, str]] = {}  # id -> name, result, where, defined by
    for number, turn in enumerate(grouped):
        located = [(i, j, b) for i in turn for j, b in enumerate(blocks_of(messages[i]))]
        if messages[turn[0]]["role"] != "assistant":
            if waiting and not all(b.get("type") == "tool_result" for _, _, b in located):
                _unanswered(waiting)
            continue
        for i, j, block in located:
            kind, name = block.get("type"), block.get("name")
            if kind == "server_tool_use":
                by = DEFINED_BY.get(name, name)
                waiting[block.get("id")] = (name, RESULT_OF[name], f"{i}.content.{j}", by)
            elif kind == "mcp_tool_use":
                by = f"mcp:{block.get('server_name')}"
                waiting[block.get("id")] = (name, "mcp_tool_result", f"{i}.content.{j}", by)
            elif kind in SERVER_RESULTS:
                call = waiting.pop(block.get("tool_use_id"), None)
                if call is None or call[1] != kind:
                    opener = "mcp_tool_use" if kind == "mcp_tool_result" else "server_tool_use"
                    words = SERVER_UNEXPECTED.format(
                        result=kind, id=block.get("tool_use_id"), call=opener
                    )
                    raise invalid(f"messages.{i}.content.{j}: {words}")
        mixed = any(b.get("type") == "tool_use" for _, _, b in located)
        if waiting and number + 1 < len(grouped) and not mixed:
            _unanswered(waiting)
    defined = {t.get("name") for t in tools if isinstance(t, dict)}
    defined |= {f"mcp:{s.get('name')}" for s in mcp_servers if isinstance(s, dict)}
    for call_id, (name, _, where, by) in waiting.items():
        if by not in defined:
            tool = f"{by[4:]} MCP server" if by.startswith("mcp:") else f"{by} tool"
            raise invalid(
                f"messages.{where}: " + SERVER_WAITING.format(name=name, id=call_id, tool=tool)
            )


def _unanswered(waiting: dict) -> None:
    call_id, (name, result, where, _) = next(iter(waiting.items()))
    words = SERVER_UNANSWERED.format(name=name, id=call_id, result=result)
    raise invalid(f"messages.{where}: {words}")
