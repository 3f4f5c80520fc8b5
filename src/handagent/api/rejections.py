"""The API's refusals: a `Rejection` (status, error type, message) and the API's own words.

Every message below is quoted from ../shared/reference/api-2026-12.md (the section is named per
message) or from the recorded replies in tests/recorded; `[U]` marks wording the reference could
not confirm, with the documented wording nearest to it chosen instead. `checks`, `model_rules`
and the mock's `thinking` all raise with these, so the mock and a local check say the same.

    invalid("frobnicate: Extra inputs are not permitted") -> Rejection(400, ...)
    not_found("gpt-4") -> Rejection(404, "not_found_error", "model: gpt-4")

Newer rules keep their words beside these: `tool_refusals` (tools and output schemas) and
`request_refusals` (prompt caching, context edits, the MCP connector, the body itself).

Not handled here: deciding when a rule applies (see `checks`, `model_rules`, and for thinking
blocks' signatures `mock.model.signatures`).
"""


class Rejection(Exception):
    """A request the API refuses: HTTP status, error type, the API's message, and the envelope's
    `details` ({"error_code": ...}) where the API gives one."""

    def __init__(
        self, status: int, error_type: str, message: str, details: dict | None = None
    ) -> None:
        super().__init__(message)
        self.status, self.error_type, self.message = status, error_type, message
        self.details = details


def invalid(message: str, error_code: str | None = None) -> Rejection:
    """A 400 invalid_request_error with the given message (and `details.error_code`)."""
    details = {"error_code": error_code} if error_code else None
    return Rejection(400, "invalid_request_error", message, details)


def not_found(model_id: object) -> Rejection:
    """The 404 for a retired or unknown model (§1.2, §8). Example: "gpt-4" -> "model: gpt-4"."""
    return Rejection(404, "not_found_error", f"model: {model_id}")


# --- the tool protocol (§4.5) -------------------------------------------------------------------
UNANSWERED = (
    "`tool_use` ids were found without `tool_result` blocks immediately after: {ids}. "
    "Each `tool_use` block must have a corresponding `tool_result` block in the next message."
)
UNEXPECTED = (
    "unexpected `tool_use_id` found in `tool_result` blocks: {id}. "
    "Each `tool_result` block must have a corresponding `tool_use` block in the previous message."
)
# The server-tool analogue (§4.4, §4.5), with the result block's type in place of tool_result:
# verbatim for web_fetch and advisor_tool_result; [U] the beginning of WAITING (the reference
# quotes only its end, "but no web_fetch tool was provided").
SERVER_UNANSWERED = (
    "`{name}` tool use with id `{id}` was found without a corresponding `{result}` block"
)
SERVER_UNEXPECTED = (
    "unexpected `tool_use_id` found in `{result}` blocks: {id}. "
    "Each `{result}` block must have a corresponding `{call}` block before it."
)
SERVER_WAITING = (
    "`{name}` tool use with id `{id}` is waiting for its result, but no {tool} was provided"
)
DUPLICATE_ID = "`tool_use` ids must be unique"  # within one message (anthropic-api.md, rule 3)
INVALID_SCHEMA = (  # as quoted from the API in anthropics/claude-code#86665 (2026-08)
    "JSON schema is invalid. It must match JSON Schema draft 2020-12 "
    "(https://json-schema.org/draft/2020-12). Learn more about tool use at "
    "https://platform.claude.com/docs/en/agents-and-tools/tool-use/overview."
)

# --- per-model rules (§3) -----------------------------------------------------------------------
PREFILL = (
    "This model does not support assistant message prefill. "
    "The conversation must end with a user message."
)
FORCED_TOOL_CHOICE = 'tool_choice: type "tool" and "any" are not supported for this model.'
FORCED_WITH_THINKING = "Thinking may not be enabled when tool_choice forces tool use."
# Verbatim for "enabled" and "disabled" (§2.1). [U] for "between_tools" refused, and for
# "disabled" on Sonnet 5.5 ("points to between_tools"): the same sentence with that type, and
# the advice names what the model does accept.
THINKING_TYPE = '"thinking.type.{kind}" is not supported for this model.'
# Verbatim, the docs' errors page: "Models that support only extended thinking (Claude 4.5 and
# earlier models) reject `thinking: {"type": "adaptive"}`" with this (also docker/docker-agent
# #3362, req_011CcbEvpiV1QW9DZQ7XGRft).
ADAPTIVE_UNSUPPORTED = "adaptive thinking is not supported on this model"
# Verbatim, the docs (errors; thinking troubleshooting): "disabled" on the models where
# "thinking is always on: Claude Fable 5.1, Claude Mythos 5.1, Claude Fable 5, Claude Mythos 5,
# and Claude Mythos Preview" (Opus 5.5 keeps the "adaptive" advice); [U] for Fable and Mythos
# 5.2, which the page does not list: their family's words.
ALWAYS_ON = (
    '"thinking.type.disabled" is not supported for this model. Thinking defaults to adaptive '
    'mode when not specified; use "thinking.type.enabled" with "budget_tokens" for extended '
    "thinking."
)
THINKING_ADVICE = {
    "adaptive": ' Use "thinking.type.adaptive" and "output_config.effort" to control thinking '
    "behavior.",
    "between_tools": ' Use "thinking.type.between_tools" to keep thinking out of the turns '
    "between tool calls.",
    "enabled": ' Use "thinking.type.enabled" with "budget_tokens" to control thinking behavior.',
}
BUDGET_OVER_MAX = (  # §2.6
    "`max_tokens` must be greater than `thinking.budget_tokens`. Please consult our documentation "
    "at https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
    "#max-tokens-and-context-window-size"
)
# Recorded (tests/recorded, pydantic-ai test_anthropic_explicit_effort_xhigh_unsupported):
# the supported levels are listed in alphabetical order.
EFFORT = "This model does not support effort level '{effort}'. Supported levels: {levels}."
# A model without effort at all (Haiku 4.5, Sonnet 4.5): the API's words as public projects
# quote them, probed live (2026-08-28 and 2026-10-08, Haiku 4.5).
NO_EFFORT = "This model does not support the effort parameter."
MAX_TOKENS_OVER = (  # §3, the pattern of anthropics/claude-code#11302
    "max_tokens: {asked} > {limit}, which is the maximum allowed number of output tokens "
    "for {model}"
)
# Not in the reference nor in tests/recorded: the API's 400 as public reports quote it, envelope
# and request_id included (earendil-works/pi#102, 2025-12, claude-opus-4-5; boldsoftware/exe.dev#62,
# 2025-12). Only the prompt is counted: [U] whether `max_tokens` counts too (the reference is
# silent; the wording names prompt tokens only, and §5's `model_context_window_exceeded` is a
# reply that "filled the model's context window", so a prompt that fits may ask for more).
PROMPT_TOO_LONG = "prompt is too long: {tokens} tokens > {window} maximum"
# 2023-06-01 only (§3); 2026-10-21 refuses the field itself as an extra input.
SAMPLING_DEPRECATED = "`{name}` is deprecated for this model."  # [U] for top_p and top_k
SAMPLING_ONE_OF = (
    "`temperature` and `top_p` cannot both be specified for this model. Please use only one."
)

# --- thinking blocks sent back (§2.4) -----------------------------------------------------------
# Verbatim, anthropics/claude-code#20705. The API's order: these two read the history's own
# content, before any signature is looked at (`history.check_thinking_first`). [U] when they
# apply: the mock applies both under manual thinking (`thinking.type: "enabled"`) only; under
# adaptive thinking the recordings show thinking-less tool_use turns accepted (tests/recorded:
# Opus 4.8, Fable 5, Opus 5, Sonnet 5, 2026-07 and 2026-08) and none shows either error.
FIRST_BLOCK = (
    "If an assistant message contains any thinking blocks, the first block must be thinking "
    "or redacted_thinking. Found {kind}."
)
MUST_START_WITH_THINKING = (  # sic: "preceeding" is the API's spelling
    "Expected thinking or redacted_thinking, but found {kind}. When thinking is enabled, a final "
    "assistant message must start with a thinking block (preceeding the lastmost set of "
    "tool_use and tool_result blocks). We recommend you include thinking blocks from "
    "previous turns. To avoid this requirement, disable thinking. Please consult our "
    "documentation at https://docs.claude.com/en/docs/build-with-claude/extended-thinking"
)
# Verbatim, anthropics/claude-code#63123 (2026-05), the SDK's ThinkingBlockParam ("a modified
# block results in a 400") and the SDK maintainers' note (edited, re-serialized, reordered or
# merged blocks fail the check): checked by the signature, in the latest assistant message.
MODIFIED = (
    "`thinking` or `redacted_thinking` blocks in the latest assistant message cannot be "
    "modified. These blocks must remain as they were in the original response."
)
# [U] alone: the first sentence of the verbatim BOUND_ELSEWHERE below (opencode#48637)
INVALID_SIGNATURE = "Invalid `signature` in `thinking` block."
BOUND_ELSEWHERE = (
    "Invalid `signature` in `thinking` block. The block is bound to a different conversation. "
    'Remove the block, or set `thinking.block_binding.prefix_mismatch_behavior` to "drop_block". '
    "That setting requires the `thinking-binding-controls-2026-08-01` value in the "
    "`anthropic-beta` header. {why}"
)
# The last sentence of BOUND_ELSEWHERE, by what changed. Verbatim: "system" and "preceding";
# [U] "tools" and "messages", written after the verbatim "system" sentence.
BOUND_WHY = {
    "system": "The `system` prompt differs from the one this block was created with.",
    "tools": "The `tools` differ from the ones this block was created with.",
    "messages": "The messages before this block differ from the ones it was created with.",
    "preceding": "The `thinking` block that preceded this one when it was created is missing "
    "from this request.",
}

# --- beta fields (wording from public reports of first-party errors, or [U]) -------------------
# vibeproxy#509 (2026-08), verbatim
CLEAR_THINKING_NEEDS_THINKING = (
    "`clear_thinking_20251015` strategy requires `thinking` to be enabled or adaptive"
)
# [U] the SDK's docstrings of ThreadNotFoundError and ThreadFingerprintMismatchError, as sentences
THREAD_NOT_FOUND = (
    "No usable Thread state was found for `previous_message_id` {id}. Replay the full "
    'conversation with `thread: {{"type": "create"}}` to start a new Thread.'
)
THREAD_FINGERPRINT = (
    "{fields} differs from the value stored with the Thread. Send the stored values, or replay "
    'the full conversation with `thread: {{"type": "create"}}` to change them.'
)

# --- headers (not in the reference; first-party errors quoted in public issues) ------------------
NO_KEY = "x-api-key header is required"  # stackblitz-labs/bolt.diy#156
BAD_KEY = "invalid x-api-key"  # §8, cline/cline#12 [U whether Bearer auth changed it]
NO_VERSION = "anthropic-version: header is required"  # envoyproxy/ai-gateway#1909 (2026-03)
BAD_VERSION = 'anthropic-version: "{value}" is not a valid version'  # decolua/9router#2357
# https://platform.claude.com/docs/en/api/beta-headers ("Error handling"), and live from Claude
# Code 2.1.272 (2026); the docs.claude.com address of earlier reports (aaronrussell/anthropix#15)
# is gone from both.
BAD_BETA = (
    "Unexpected value(s) {values} for the `anthropic-beta` header. Please consult our "
    "documentation at platform.claude.com/docs or try again without the header."
)
