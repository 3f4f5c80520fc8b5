"""The beta fields' own rules: their shapes, context edits, and the MCP connector's servers.

`check_beta_fields` runs for the fields the request's `anthropic-beta` values allowed
(`fields.top_level`), after the fields' presence is checked (`checks`):

    shapes              thread, compaction, output_format, mcp_servers, context_management's
                        edits, each as the SDK types it (tags, required and extra fields)
    context edits       each option's tag and whole-number value (`trigger`: input_tokens or
                        tool_uses; `keep`: tool_uses, or thinking_turns "where N must be > 0",
                        or "all"; `clear_at_least`: input_tokens); clear_thinking_20251015
                        listed first when edits are combined (docs: context-editing)
    MCP servers         a URL that "Must start with https://", names unique; with a toolset beta
                        (mcp-client-2025-11-20 and later), "Server must exist", "Server must be
                        used: Every MCP server defined in `mcp_servers` must be referenced by
                        exactly one MCPToolset", "Unique toolset per server" (docs: mcp-connector)

    check_beta_fields({"mcp_servers": [{"type": "url", "url": "https://a.dev/mcp", "name": "a"}],
                       ...no toolset...}, betas=("mcp-client-2025-11-20",))
    -> Rejection(400, ..., "MCP server 'a' is defined but not referenced by any `mcp_toolset`
                            in `tools`.")

Wording: `request_refusals` and pydantic's words for shapes. Not handled here: what the fields
do (`mock.hosted`), the model's part (`model_rules`: clear_thinking needs thinking on).
"""

from .rejections import invalid
from .request_refusals import (
    CLEAR_THINKING_FIRST,
    HTTPS_ONLY,
    KEEP_ABOVE_ZERO,
    SERVER_NAMES,
    SERVER_TWICE,
    SERVER_UNKNOWN,
    SERVER_UNUSED,
)
from .shapes import check_fields, check_format, one_of, tag_error

# Beta shapes checked here (SDK: types/beta/beta_thread_*_params.py, beta_request_mcp_server_
# url_definition_param.py, beta_*_edit_param.py).
THREADS = {"create": ((), ()), "continue": (("previous_message_id",), ())}
MCP_SERVER = {"url": (("name", "url"), ("authorization_token", "tool_configuration"))}
EDITS = {
    "clear_tool_uses_20250919": (
        (), ("clear_at_least", "clear_tool_inputs", "exclude_tools", "keep", "trigger"),
    ),
    "clear_thinking_20251015": ((), ("keep",)),
    "compact_20260112": ((), ("instructions", "pause_after_compaction", "trigger")),
}  # fmt: skip
# edit type -> option -> the tags its value takes (SDK: Beta*TriggerParam, Beta*KeepParam, ...)
OPTION_TAGS = {
    "clear_tool_uses_20250919": {"trigger": ("input_tokens", "tool_uses"), "keep": ("tool_uses",),
                                 "clear_at_least": ("input_tokens",)},
    "clear_thinking_20251015": {"keep": ("thinking_turns", "all")},
    "compact_20260112": {"trigger": ("input_tokens",)},
}  # fmt: skip
TOOLSET_BETAS = ("mcp-client-2025-11-20", "mcp-client-2026-09-15")


def check_beta_fields(body: dict, betas: tuple[str, ...] = ()) -> None:
    """Raise the API's 400 for a beta field it refuses, or return."""
    check_format(body.get("output_format"), "output_format")  # older SDKs' output_config.format
    for name in ("thread", "context_management", "compaction"):
        if body.get(name) is not None and not isinstance(body[name], dict):
            raise invalid(f"{name}: Input should be a valid dictionary or object")
    thread = body.get("thread")
    if thread is not None:
        if not isinstance(thread.get("type"), str) or thread["type"] not in THREADS:
            raise tag_error("thread", thread.get("type"), THREADS)
        check_fields(thread, "thread", thread["type"], THREADS)
        if thread["type"] == "continue" and not isinstance(thread["previous_message_id"], str):
            raise invalid("thread.continue.previous_message_id: Input should be a valid string")
    compaction = body.get("compaction")
    if compaction is not None and compaction.get("type") != "summarize":
        raise invalid("compaction.type: Input should be 'summarize'")
    _check_edits(body.get("context_management"))
    if body.get("mcp_servers") is not None:
        _check_servers(body, toolsets=any(beta in TOOLSET_BETAS for beta in betas))


def _check_edits(config: dict | None) -> None:
    edits = (config or {}).get("edits") or []
    if not isinstance(edits, list):
        raise invalid("context_management.edits: Input should be a valid list")
    for i, edit in enumerate(edits):
        kind = edit.get("type") if isinstance(edit, dict) else None
        if not isinstance(kind, str) or kind not in EDITS:
            raise tag_error(f"context_management.edits.{i}", kind, EDITS)
        where = f"context_management.edits.{i}.{kind}"
        check_fields(edit, f"context_management.edits.{i}", kind, EDITS)
        for option, tags in OPTION_TAGS[kind].items():
            value = edit.get(option)
            if value is None or (value == "all" and "all" in tags):
                continue
            spec = value.get("type") if isinstance(value, dict) else None
            if spec not in tags:
                raise invalid(f"{where}.{option}.type: Input should be {one_of(tags)}")
            if spec == "all":
                continue
            number = value.get("value")
            if not isinstance(number, int) or isinstance(number, bool):
                raise invalid(f"{where}.{option}.{spec}.value: Input should be a valid integer")
            if spec == "thinking_turns" and number <= 0:
                raise invalid(f"{where}.{option}.{spec}.value: {KEEP_ABOVE_ZERO}")
        excluded = edit.get("exclude_tools")
        if excluded is not None and not (
            isinstance(excluded, list) and all(isinstance(n, str) for n in excluded)
        ):
            raise invalid(f"{where}.exclude_tools: Input should be a valid list of strings")
    kinds = [edit["type"] for edit in edits]
    if "clear_thinking_20251015" in kinds[1:]:
        raise invalid(CLEAR_THINKING_FIRST)


def _check_servers(body: dict, *, toolsets: bool) -> None:
    servers = body["mcp_servers"]
    if not isinstance(servers, list):
        raise invalid("mcp_servers: Input should be a valid list")
    for i, server in enumerate(servers):
        if not isinstance(server, dict) or server.get("type") != "url":
            raise invalid(f"mcp_servers.{i}.type: Input should be 'url'")
        check_fields(server, f"mcp_servers.{i}", "url", MCP_SERVER)
        if not str(server["url"]).startswith("https://"):
            raise invalid(f"mcp_servers.{i}.url.url: {HTTPS_ONLY}")
    names = [server["name"] for server in servers]
    if len(set(map(str, names))) != len(names):
        raise invalid(SERVER_NAMES)
    if not toolsets:
        return  # mcp-client-2025-04-04: tools are configured on the server, no toolset needed
    used = [t.get("mcp_server_name") for t in _toolsets(body)]
    for name in used:
        if name not in names:
            raise invalid(SERVER_UNKNOWN.format(name=name))
        if used.count(name) > 1:
            raise invalid(SERVER_TWICE.format(name=name))
    for name in names:
        if name not in used:
            raise invalid(SERVER_UNUSED.format(name=name))


def _toolsets(body: dict) -> list[dict]:
    """The MCP toolsets of `tools`, and those a beta `tool_addition` defines in the history."""
    found = [t for t in body.get("tools") or [] if t.get("type") == "mcp_toolset"]
    for message in body.get("messages") or []:  # not yet checked: anything may be here
        content = message.get("content") if isinstance(message, dict) else None
        for block in content if isinstance(content, list) else []:
            tool = block.get("tool") if isinstance(block, dict) and block.get(
                "type") == "tool_addition" else None  # fmt: skip
            definition = tool.get("definition") if isinstance(tool, dict) else None
            if isinstance(definition, dict) and definition.get("type") == "mcp_toolset":
                found.append(definition)
    return found
