"""The fields a Messages API request may carry, per API version: the tables `checks` reads.

Every table is the non-beta request shape of the pinned SDK (2.10.0): `MessageCreateParams`,
`MessageCountTokensParams`, the content block params, the tool params and the thinking configs.
tests/test_request_fields.py compares each table with the SDK's own TypedDicts, so a field the
SDK adds shows up as a failing test rather than as a 400 from the mock.

    top_level(version="2023-06-01") -> {"model", "messages", ..., "temperature", "top_k", "top_p"}
    BLOCKS["tool_use"]              -> (("id", "input", "name"), ("cache_control", "caller", ...))

Other versions and beta headers add fields: `VERSION_FIELDS` and `BETA_FIELDS` map a header's
value to what it adds, so a new header is a new row, not new code.

Not handled here: beta fields and block types (`context_management`, `mcp_servers`, `compaction`
blocks ...), whose `anthropic-beta` values are left for `BETA_FIELDS`; the shapes inside fields
(`source`, `citations`, `configs` are passed through unchecked).
"""

API_VERSIONS = ("2023-06-01", "2026-10-21")
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
# anthropic-beta value -> fields it adds. Empty: beta requests are a later chapter's business.
BETA_FIELDS: dict[str, tuple[str, ...]] = {}


def top_level(
    *, count_tokens: bool = False, version: str = "2026-10-21", betas: tuple[str, ...] = ()
) -> frozenset[str]:
    """The top-level fields a request may carry. Example: (version="2026-10-21") -> MESSAGES"""
    if count_tokens:
        return COUNT_TOKENS
    extra = [*VERSION_FIELDS.get(version, ()), *(f for b in betas for f in BETA_FIELDS.get(b, ()))]
    return MESSAGES | frozenset(extra)


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
    "browser_toolset_20260801": ((), ("cache_control", "configs")),
    "computer_toolset_20260801": ((), ("cache_control", "configs")),
}
# Tools the server runs itself: the model's calls to them are server_tool_use blocks.
SERVER_RUN = tuple(
    kind for kind in TOOLS if kind.startswith(("code_execution", "tool_search", "web_"))
)

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
