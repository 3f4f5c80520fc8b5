"""The API's refusals of a request's caching, context edits, MCP servers and body, in its words.

Every message is quoted from the source named beside it (the docs, read 2026-12 through a public
mirror, johnzfitch/claude-wiki; or the API's 400 quoted in a public report). `[U]` marks wording
the docs leave out: the sentence keeps the API's general shape (a path, a plain statement), and
says what the docs say. Raised by `caching`, `beta_fields` and the mock's `routes`.

Not handled here: deciding when a rule applies; tools' refusals (`tool_refusals`).
"""

# --- prompt caching (docs: prompt-caching) -----------------------------------------------------
# tghamm/Anthropic.SDK#50 (the envelope, 2024-09), VicBilibily/GCMP#83 (2026-02). The top-level
# (automatic) `cache_control` takes one of the four: "If 4 explicit block-level breakpoints
# already exist, the API returns a 400 error (no slots left for automatic caching)".
TOO_MANY_BREAKPOINTS = "A maximum of 4 blocks with cache_control may be provided. Found {found}."
MAX_BREAKPOINTS = 4
# [U] pydantic's wording for the SDK's CacheControlEphemeralParam, as for other fields
CACHE_TTLS = ("5m", "1h")
# Verbatim, the path first (anthropics/claude-code#38320, req_011CZNF4HneDEzZEVmaYG1az; the
# path shape "messages.130.content.0.cache_control.ttl" in a public client's notes, 2026-05).
TTL_ORDER = (
    "a ttl='1h' cache_control block must not come after a ttl='5m' cache_control block. Note "
    "that blocks are processed in the following order: `tools`, `system`, `messages`."
)
# Verbatim, a public plugin's captured 400 (2026): docs, "If the last block has an explicit
# `cache_control` with a different TTL, the API returns a 400 error".
TTL_CLASH = (
    "Top-level cache_control has ttl='{top}' but the target block already has cache_control "
    "with ttl='{block}'. When both are specified on the same block, they must have matching "
    "TTLs."
)
# [U] docs: "A `max_tokens: 0` request is rejected with an `invalid_request_error` if any of
# the following are set, since each implies output that a zero-token budget cannot produce".
PREWARM = "max_tokens: 0 cannot be combined with {what}: a zero-token budget produces no output."

# --- context editing (docs: context-editing) ---------------------------------------------------
# [U] the docs' own sentences, as the API's are not published.
CLEAR_THINKING_FIRST = (
    "context_management.edits: When using multiple strategies, the `clear_thinking_20251015` "
    "strategy must be listed first in the `edits` array."
)
KEEP_ABOVE_ZERO = "Input should be greater than 0"  # pydantic's words; docs: "N must be > 0"

# --- the MCP connector (docs: mcp-connector, "Validation rules") -------------------------------
# Verbatim: anthropics/anthropic-sdk-csharp#255 (2026-09-01).
SERVER_UNUSED = "MCP server '{name}' is defined but not referenced by any `mcp_toolset` in `tools`."
# [U] the shape of the sentence above, for the docs' other rules.
SERVER_UNKNOWN = (
    "MCP server '{name}' is referenced by an `mcp_toolset` in `tools` but not defined in "
    "`mcp_servers`."
)
SERVER_TWICE = "MCP server '{name}' is referenced by more than one `mcp_toolset` in `tools`."
SERVER_NAMES = "mcp_servers: MCP server names must be unique."  # "A unique identifier"
HTTPS_ONLY = "URL must start with https://"  # docs: "The URL of the MCP server. Must start ..."

# --- the body (anthropics/claude-code#77525, req_011Cd2GEE5ML2Vi5RQy7kocP, 2026-07) -----------
# Verbatim up to the colon; [U] what follows, the parser's own words (Python's json here, the
# API's parser says "unexpected control character in string: line 1 column 2379 (char 2378)").
NOT_JSON = "The request body is not valid JSON: {why}"
