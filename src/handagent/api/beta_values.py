"""The `anthropic-beta` values the API knows; any other value is its 400, in its words.

    check_betas(("context-management-2025-06-27",))  -> None
    check_betas(("frobnicate-2026-01-01",))          -> Rejection(400, "invalid_request_error",
        "Unexpected value(s) `frobnicate-2026-01-01` for the `anthropic-beta` header. Please
        consult our documentation at platform.claude.com/docs or try again without the header.")

"If you use an invalid beta name, or a beta your organization doesn't have access to, you'll
receive a `400` error response" (https://platform.claude.com/docs/en/api/beta-headers, read
2026-12 through a public mirror, johnzfitch/claude-wiki). So a value is known when the pinned
SDK names it (`AnthropicBetaParam`, 2.10.0: tests/api/test_beta_values.py compares), or when the
docs or a first-party client send it and the SDK does not list it (`MORE`, each with its source):
a retired value the API still takes as a no-op is known, as the migration guide asks clients to
remove `token-efficient-tools-2025-02-19` "and these headers have no effect", not that they fail.

Not handled here: what a value adds to a request (`fields.BETAS`), access per organization (the
mock grants every beta), which endpoint a value belongs to (every known value passes everywhere).
"""

from .rejections import BAD_BETA, invalid

# SDK 2.10.0, types/anthropic_beta_param.py: AnthropicBetaParam's literals, in its order.
SDK = (
    "computer-use-2024-10-22", "computer-use-2025-01-24", "output-128k-2025-02-19",
    "mcp-client-2025-04-04", "mcp-client-2025-11-20", "dev-full-thinking-2025-05-14",
    "interleaved-thinking-2025-05-14", "code-execution-2025-05-22", "context-1m-2025-08-07",
    "context-management-2025-06-27", "model-context-window-exceeded-2025-08-26",
    "fast-mode-2026-02-01", "output-300k-2026-03-24", "user-profiles-2026-03-24",
    "user-profiles-2026-08-18", "user-profiles-2026-09-04", "advisor-tool-2026-03-01",
    "managed-agents-2026-04-01", "dreaming-2026-04-21", "thinking-token-count-2026-05-13",
    "server-side-fallback-2026-06-01", "server-side-fallback-2026-07-01",
    "fallback-credit-2026-06-01", "fallback-credit-2026-07-01", "agent-memory-2026-07-22",
    "mid-conversation-tool-changes-2026-07-01", "compact-2026-01-12", "computer-use-2025-11-24",
    "mcp-tunnels-2026-06-22", "structured-outputs-2025-11-13", "task-budgets-2026-03-13",
    "thinking-display-updates-2026-08-18", "mid-conversation-output-config-2026-07-01",
    "thinking-binding-controls-2026-08-01", "mid-conversation-system-clear-at-2026-08-21",
    "compact-2026-09-04", "inline-tools-2026-09-15", "mcp-client-2026-09-15",
    "ce-plugins-2026-09-01", "spend-limit-reads-2026-09-26", "telemetry-destinations-2026-08-11",
    "webhooks-2026-10-07", "admin-user-sign-out-2026-10-08", "message-threads-2026-08-12",
    "analytics-usage-cost-2026-08-24", "experimental-claude-tag-2026-10-21",
    "message-batches-2024-09-24", "prompt-caching-2024-07-31", "pdfs-2024-09-25",
    "token-counting-2024-11-01", "token-efficient-tools-2025-02-19", "files-api-2025-04-14",
    "extended-cache-ttl-2025-04-11", "skills-2025-10-02", "cache-diagnosis-2026-04-07",
    "ce-user-management-2026-07-13", "user-profiles-billing-2026-10-01",
)  # fmt: skip
# Values the SDK does not list that the API takes, and where that is seen.
MORE = {
    # Docs, fine-grained tool streaming: the legacy header "turns fine-grained streaming on
    # for tools that leave the field unset" (and is refused beside a client toolset).
    "fine-grained-tool-streaming-2025-05-14": "docs: fine-grained-tool-streaming",
    # Recorded (tests/recorded, llm-anthropic): the first tool-use beta, sent and answered 200.
    "tools-2024-04-04": "recorded",
    "tools-2024-05-16": "the same beta's successor, older docs [U whether still taken]",
    # Claude Code's own constants/betas.ts (a public source dump, 2026), sent to the Claude API
    # on every request: a value the API refused would break the CLI for everyone.
    "claude-code-20250219": "Claude Code",
    "oauth-2025-04-20": "Claude Code, with an OAuth token",
    "structured-outputs-2025-12-15": "Claude Code",
    "web-search-2025-03-05": "Claude Code",
    "advanced-tool-use-2025-11-20": "Claude Code (tool search on the Claude API)",
    "effort-2025-11-24": "Claude Code",
    "prompt-caching-scope-2026-01-05": "Claude Code",
    "redact-thinking-2026-02-12": "Claude Code",
    "token-efficient-tools-2026-03-28": "Claude Code",
    "mid-conversation-system-2026-04-07": "Claude Code (public issue reports)",
    # Betas the feature pages once named and the SDK has dropped since the features went GA
    # [U: the docs no longer list them; accepted as the retired values above are].
    "web-fetch-2025-09-10": "docs: web fetch tool (2025)",
    "code-execution-2025-08-25": "docs: code execution tool (2025)",
    "search-results-2025-06-09": "docs: search results (2025)",
    "tool-examples-2025-10-29": "docs: tool use examples (2025)",
}
KNOWN = frozenset(SDK) | frozenset(MORE)


def check_betas(values: tuple[str, ...]) -> None:
    """Raise the API's 400 naming every value it does not know, in the header's order.

    Example: ("a", "context-1m-2025-08-07", "b") -> Rejection("Unexpected value(s) `a`, `b` ...")
    """
    unknown = [value for value in values if value not in KNOWN]
    if unknown:
        raise invalid(BAD_BETA.format(values=", ".join(f"`{v[:80]}`" for v in unknown)))
