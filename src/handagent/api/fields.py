"""The fields a Messages API request may carry, per API version: the tables `checks` reads.

Every table is the non-beta request shape of the pinned SDK (2.10.0): `MessageCreateParams`,
`MessageCountTokensParams`, the content block params, the tool params and the thinking configs.
tests/api/test_fields.py compares each table with the SDK's own TypedDicts, so a field the
SDK adds shows up as a failing test rather than as a 400 from the mock.

    top_level(version="2023-06-01") -> {"model", "messages", ..., "temperature", "top_k", "top_p"}
    BLOCKS["tool_use"]              -> (("id", "input", "name"), ("cache_control", "caller", ...))

Other versions and beta headers add fields: `VERSION_FIELDS` maps an `anthropic-version` to what
it adds, and `BETAS` an `anthropic-beta` value to the beta fields, blocks, tools and options it
adds (`BETA_BLOCKS`, `BETA_TOOLS`: SDK 2.10's `types/beta`), so a new header is a new row, not new
code. Without its header a beta field is what the API calls it, an extra input.

    top_level(betas=("message-threads-2026-08-12",)) -> MESSAGES | {"thread"}
    blocks(("compact-2026-01-12",))["compaction"]    -> ((), ("cache_control", "content", ...))

Not handled here: the shapes inside fields (`source`, `citations`, `configs`; `checks` reads
the edit types of `context_management`, not their options); which beta a model supports.
"""

SAMPLING = ("temperature", "top_k", "top_p")

# POST /v1/messages (SDK: types/message_create_params.py), under every version.
MESSAGES = frozenset(
    {
        "model", "messages", "max_tokens", "system", "tools", "tool_choice", "thinking",
        "metadata", "stop_sequences", "stream", "cache_control", "container", "diagnostics",
        "inference_geo", "output_config", "service_tier", "speed", "user_profile_id",
        "workspace_id",
    }
)  # fmt: skip
# POST /v1/messages/count_tokens (SDK: types/message_count_tokens_params.py).
COUNT_TOKENS = frozenset(
    {
        "model", "messages", "system", "tools", "tool_choice", "thinking", "output_config",
        "cache_control", "speed", "user_profile_id", "workspace_id",
    }
)  # fmt: skip
# anthropic-version -> fields it adds to POST /v1/messages. 2026-10-21 dropped the sampling
# parameters: under it `temperature` is an unknown field like any other (reference §0.1).
VERSION_FIELDS: dict[str, tuple[str, ...]] = {"2023-06-01": SAMPLING, "2026-10-21": ()}
# Beta fields count_tokens takes too (SDK: types/beta/message_count_tokens_params.py).
COUNT_TOKENS_BETA = frozenset({"compaction", "billing_policy", "context_management", "mcp_servers"})


def top_level(
    *, count_tokens: bool = False, version: str = "2026-10-21", betas: tuple[str, ...] = ()
) -> frozenset[str]:
    """The top-level fields a request may carry. Example: (version="2026-10-21") -> MESSAGES"""
    beta = frozenset(_added(betas, "fields"))
    if count_tokens:
        return COUNT_TOKENS | (beta & COUNT_TOKENS_BETA)
    return MESSAGES | frozenset(VERSION_FIELDS.get(version, ())) | beta


# Content blocks: type -> (required fields besides "type", optional fields).
_RESULT = (("content", "tool_use_id"), ("cache_control",))  # a server tool's result block
BLOCKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "text": (("text",), ("cache_control", "citations")),
    "image": (("source",), ("cache_control", "transformations")),
    "document": (("source",), ("cache_control", "citations", "context", "title")),
    "search_result": (("content", "source", "title"), ("cache_control", "citations")),
    "thinking": (("signature", "thinking"), ()),
    "redacted_thinking": (("data",), ()),
    "tool_use": (("id", "input", "name"), ("cache_control", "caller", "toolset_name")),
    "tool_result": (("tool_use_id",), ("cache_control", "content", "is_error", "toolset_name")),
    "server_tool_use": (("id", "input", "name"), ("cache_control", "caller")),
    "web_search_tool_result": (("content", "tool_use_id"), ("cache_control", "caller")),
    "web_fetch_tool_result": (("content", "tool_use_id"), ("cache_control", "caller")),
    "code_execution_tool_result": _RESULT,
    "bash_code_execution_tool_result": _RESULT,
    "text_editor_code_execution_tool_result": _RESULT,
    "tool_search_tool_result": _RESULT,
    "container_upload": (("file_id",), ("cache_control",)),
}
# Blocks inside a tool_result's content (SDK: ToolResultBlockParam.Content).
RESULT_BLOCKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    **{kind: BLOCKS[kind] for kind in ("text", "image", "search_result", "document")},
    "tool_reference": (("tool_name",), ("cache_control",)),
    "browser_state": (("tabs",), ("cache_control", "state_changes")),
}
# A `role: "system"` message inside `messages` holds text only (SDK: SystemMessageParam).
SYSTEM_BLOCKS = {"text": BLOCKS["text"]}

# Tools: type -> (required fields besides "type", optional fields). A tool without `type` (or
# with "custom") is the caller's own tool; the others are Anthropic's, defined by the server.
_SERVER = ("allowed_callers", "cache_control", "defer_loading", "strict")
_CLIENT_RUN = (*_SERVER, "input_examples")  # Anthropic-defined, run by the caller
_DOMAINS = ("allowed_domains", "blocked_domains", "max_uses")
_SEARCH = (*_SERVER, *_DOMAINS, "user_location")
_FETCH = (*_SERVER, *_DOMAINS, "citations", "max_content_tokens", "url_sources")
TOOLS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "custom": (
        ("input_schema", "name"),
        (*_CLIENT_RUN, "description", "eager_input_streaming", "type"),
    ),
    **dict.fromkeys(
        ("bash_20250124", "memory_20250818", "text_editor_20250124", "text_editor_20250429"),
        (("name",), _CLIENT_RUN),
    ),
    "text_editor_20250728": (("name",), (*_CLIENT_RUN, "max_characters")),
    **dict.fromkeys(
        (
            "code_execution_20250522",
            "code_execution_20250825",
            "code_execution_20260120",
            "code_execution_20260521",
            "tool_search_tool_bm25_20251119",
            "tool_search_tool_bm25",
            "tool_search_tool_regex_20251119",
            "tool_search_tool_regex",
        ),
        (("name",), _SERVER),
    ),  # fmt: skip
    "web_search_20250305": (("name",), _SEARCH),
    "web_search_20260209": (("name",), _SEARCH),
    "web_search_20260318": (("name",), (*_SEARCH, "response_inclusion")),
    "web_fetch_20250910": (("name",), _FETCH),
    "web_fetch_20260209": (("name",), _FETCH),
    "web_fetch_20260309": (("name",), (*_FETCH, "use_cache")),
    "web_fetch_20260318": (("name",), (*_FETCH, "response_inclusion", "use_cache")),
    "browser_toolset_20260801": ((), ("allowed_callers", "cache_control", "configs")),  # docs*
    "computer_toolset_20260801": ((), ("allowed_callers", "cache_control", "configs")),  # docs*
}  # *allowed_callers (["direct"] only): the docs' "Client toolsets", not SDK 2.10

# Thinking configs: type -> (required, optional) (SDK: types/thinking_config_*_param.py).
THINKING: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "adaptive": ((), ("display",)),
    "enabled": (("budget_tokens",), ("display",)),
    "disabled": ((), ()),
    "between_tools": ((), ()),
}
DISPLAYS = ("summarized", "omitted")
TOOL_CHOICES: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "auto": ((), ("disable_parallel_tool_use",)),
    "any": ((), ("disable_parallel_tool_use",)),
    "tool": (("name",), ("disable_parallel_tool_use",)),
    "none": ((), ()),
}
OUTPUT_CONFIG = ("effort", "format")

# --- beta (SDK: types/beta/, resources/beta/messages/) -----------------------------------------
# Block and tool types only the beta API takes: type -> (required, optional), as above.
BETA_BLOCKS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "advisor_tool_result": _RESULT,
    "compaction": ((), ("cache_control", "content", "encrypted_content", "signature",
                        "tool_changes")),
    "fallback": (("from", "to"), ("trigger",)),
    "mcp_tool_listing": (("mcp_server_name", "tools"), ()),
    "mcp_tool_result": (("tool_use_id",), ("cache_control", "content", "is_error")),
    "mcp_tool_use": (("id", "input", "name", "server_name"), ("cache_control",)),
    "tool_addition": (("tool",), ("cache_control",)),
    "tool_removal": (("tool",), ("cache_control",)),
}  # fmt: skip
_COMPUTER = (("display_height_px", "display_width_px", "name"), (*_CLIENT_RUN, "display_number"))
BETA_TOOLS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "advisor_20260301": (("model", "name"), (*_SERVER, "caching", "max_tokens", "max_uses")),
    "bash_20241022": (("name",), _CLIENT_RUN),
    "text_editor_20241022": (("name",), _CLIENT_RUN),
    "computer_20241022": _COMPUTER,
    "computer_20250124": _COMPUTER,
    "computer_20251124": (_COMPUTER[0], (*_COMPUTER[1], "enable_zoom")),
    "mcp_toolset": (("mcp_server_name",), ("cache_control", "configs", "default_config", "tools")),
}
# Tools the server runs itself: the model's calls to them are server_tool_use blocks (an MCP
# toolset's are mcp_tool_use blocks).
SERVER_RUN = tuple(
    kind
    for kind in {**TOOLS, **BETA_TOOLS}
    if kind.startswith(("code_execution", "tool_search", "web_", "advisor_", "mcp_toolset"))
)
# anthropic-beta value -> what it adds: top-level "fields", "blocks", "tools", and "options"
# inside other fields. The SDK's AnthropicBetaParam names the values; which value adds what is
# read from the names and the params' docstrings (`tool_addition`: "an `mcp_toolset` definition
# also requires the `mcp-client-2026-09-15` beta") [U where a docstring does not say].
_MCP = {"fields": ("mcp_servers",), "blocks": ("mcp_tool_use", "mcp_tool_result")}
_FALLBACK = {"fields": ("fallbacks",), "blocks": ("fallback",)}
_TOOL_CHANGES = {"blocks": ("tool_addition", "tool_removal")}
BETAS: dict[str, dict[str, tuple[str, ...]]] = {
    "context-management-2025-06-27": {"fields": ("context_management",)},
    "compact-2026-01-12": {"fields": ("context_management",), "blocks": ("compaction",)},
    "compact-2026-09-04": {"fields": ("compaction", "context_management"),
                           "blocks": ("compaction",)},
    "message-threads-2026-08-12": {"fields": ("thread",)},
    "structured-outputs-2025-11-13": {"fields": ("output_format",)},  # older SDKs' top-level field
    "mcp-client-2025-04-04": _MCP,
    "mcp-client-2025-11-20": {**_MCP, "tools": ("mcp_toolset",)},
    "mcp-client-2026-09-15": {**_MCP, "tools": ("mcp_toolset",),
                              "blocks": (*_MCP["blocks"], "mcp_tool_listing")},
    "advisor-tool-2026-03-01": {"tools": ("advisor_20260301",), "blocks": ("advisor_tool_result",)},
    "computer-use-2024-10-22": {"tools": ("computer_20241022", "bash_20241022",
                                          "text_editor_20241022")},
    "computer-use-2025-01-24": {"tools": ("computer_20250124",)},
    "computer-use-2025-11-24": {"tools": ("computer_20251124",)},
    "server-side-fallback-2026-06-01": _FALLBACK,
    "server-side-fallback-2026-07-01": _FALLBACK,
    "fallback-credit-2026-06-01": {"fields": ("fallback_credit_token",)},
    "fallback-credit-2026-07-01": {"fields": ("fallback_credit_token",)},
    "user-profiles-billing-2026-10-01": {"fields": ("billing_policy",)},
    "mid-conversation-tool-changes-2026-07-01": _TOOL_CHANGES,
    "inline-tools-2026-09-15": _TOOL_CHANGES,
    "task-budgets-2026-03-13": {"options": ("output_config.task_budget",)},
    "thinking-display-updates-2026-08-18": {"options": ("thinking.display.updates",)},
    "thinking-binding-controls-2026-08-01": {"options": ("thinking.block_binding",)},
    "mid-conversation-system-clear-at-2026-08-21": {"options": ("system_message.clear_at",)},
    "mid-conversation-output-config-2026-07-01": {"options": ("system_message.output_config",)},
}  # fmt: skip


def _added(betas: tuple[str, ...], what: str) -> list[str]:
    return [name for beta in betas for name in BETAS.get(beta, {}).get(what, ())]


def blocks(betas: tuple[str, ...] = ()) -> dict:
    """The content blocks a message may hold. Example: () -> BLOCKS"""
    return {**BLOCKS, **{kind: BETA_BLOCKS[kind] for kind in _added(betas, "blocks")}}


def tools(betas: tuple[str, ...] = ()) -> dict:
    """The tool types a request may define. Example: () -> TOOLS"""
    return {**TOOLS, **{kind: BETA_TOOLS[kind] for kind in _added(betas, "tools")}}


def options(betas: tuple[str, ...] = ()) -> frozenset[str]:
    """The beta options inside other fields. Example: ("task-budgets-2026-03-13",) ->
    {"output_config.task_budget"}"""
    return frozenset(_added(betas, "options"))


def system_blocks(betas: tuple[str, ...] = ()) -> dict:
    """What a `role: "system"` message may hold: text, and tool changes under their beta."""
    changes = [kind for kind in _added(betas, "blocks") if kind in _TOOL_CHANGES["blocks"]]
    return {**SYSTEM_BLOCKS, **{kind: BETA_BLOCKS[kind] for kind in changes}}
