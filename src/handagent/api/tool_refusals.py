"""The API's refusals of a request's tools and output schemas, in its own words where published.

Every message is quoted from the source named beside it: the current docs (platform.claude.com,
read 2026-12 through a public mirror, johnzfitch/claude-wiki), or the API's 400 quoted in a
public report. `[U]` marks wording the docs leave out (they give the status only): the sentence
then keeps the API's general shape, a path and a plain statement, and a test says so. The
rules that raise these are `strict` (structured outputs) and `tool_rules` (tool search,
programmatic calling, toolsets, the memory tool).

Not handled here: deciding when a rule applies; the older rules (`rejections`).
"""

# --- structured outputs: strict tools and output_config.format --------------------------------
# The API names the schema's place: "tools.0.custom" for a strict tool (vercel/ai#20681, the
# API's 400 through Bedrock, 2026-09), "output_config.format.schema" (ghostlobster/memorize-
# everything#93, 2026-05), "output_format.schema" (agentjido/req_llm#302, 2025-12).
UNSUPPORTED_KEYWORD = "For '{type}' type, property '{keyword}' is not supported"  # req_llm#302
MIN_ITEMS = "For 'array' type, 'minItems' values other than 0 or 1 are not supported"  # #93
CLOSED_OBJECT = (  # vercel/ai#20681; docs: "must be set to `false` for objects"
    "For 'object' type, 'additionalProperties' must be explicitly set to false"
)
# [U] the docs' "Not supported" list gives no wording for these three: the shape of the above.
RECURSIVE = "Recursive schemas are not supported: '{ref}' refers to a schema that contains it"
EXTERNAL_REF = "External '$ref' is not supported: '{ref}'"
COMPLEX_ENUM = "For 'enum', values must be strings, numbers, booleans or null"
# Verbatim, public reports of the API's 400: datarobot-oss/datarobot-genai#547 and crewAI users
# (2026), "(21)" the count sent; elie222/inbox-zero#2323; a union-budget test quoting the API
# (2026-09).
TOO_MANY_STRICT = (
    "Too many strict tools ({count}). The maximum number of strict tools supported is 20."
)
TOO_MANY_OPTIONAL = (
    "Schemas contains too many optional parameters ({count}), which would make grammar "
    "compilation inefficient. Reduce the number of optional parameters in your tool schemas "
    "(limit: 24)."
)
TOO_MANY_UNIONS = (
    "Schemas contains too many parameters with union types ({count} parameters with type arrays "
    "or anyOf). This causes exponential compilation cost. Reduce the number of nullable or "
    "union-typed parameters (limit: 16 parameters with unions)."
)
# [U] docs: "Returns 400 error if citations enabled with `output_config.format`".
CITATIONS_WITH_FORMAT = "Citations are not supported together with `output_config.format`."

# --- tool search (docs: tool-search-tool, "HTTP errors (400 status)", verbatim) ---------------
ALL_DEFERRED = "At least one tool must have defer_loading=false. All tools cannot be deferred."
UNKNOWN_REFERENCE = "Tool reference '{name}' not found in available tools"
# [U] docs: "A tool with `defer_loading: true` can't also carry `cache_control`: the API returns
# a 400"; "Maximum deferred tools: 10,000 tools with `defer_loading: true` per request".
DEFERRED_CACHED = "A tool with `defer_loading: true` cannot also set `cache_control`."
TOO_MANY_DEFERRED = "Too many deferred tools ({count}). The maximum number is 10000."

# --- programmatic tool calling (docs: programmatic-tool-calling, "Error handling") ------------
# Docs: the message "contains `Circular $ref detected`" ([U] the rest).
CIRCULAR_REF = "Circular $ref detected in the input_schema of a tool with a code execution caller"
# [U] the docs name the error's place ("on `tool_choice`") and the rule, not the sentence.
CHOICE_NOT_DIRECT = (
    "tool_choice names tool '{name}', whose `allowed_callers` does not include \"direct\"."
)
# [U] docs, "Feature incompatibilities": not supported with programmatic calling.
PROGRAMMATIC_STRICT = "Tools with `strict: true` are not supported with programmatic tool calling."
PROGRAMMATIC_PARALLEL = (
    "`disable_parallel_tool_use: true` is not supported with programmatic tool calling."
)
# [U] docs: "the API rejects a continuation that has pending programmatic tool calls but no
# container ID"; "your response message must contain **only** `tool_result` blocks".
PROGRAMMATIC_CONTAINER = (
    "container: a container ID is required while programmatic tool calls are waiting for "
    "their results."
)
PROGRAMMATIC_RESULTS_ONLY = (
    "A message answering programmatic tool calls may contain only `tool_result` blocks."
)
PROGRAMMATIC_TEXT_ONLY = (  # docs: "must be a string or `text` blocks. Image, document, and other
    # content block types are rejected." [U] the words
    "The result of a programmatic tool call may hold only text."
)

# --- client toolsets and other tools (docs: tool-reference, "Client toolsets") ---------------
# [U] each: the docs say the API "rejects each of these with an `invalid_request_error`".
TOOLSET_TWICE = "tools: `{kind}` may appear only once."
TOOLSET_NAME_TAKEN = "tools: a tool named '{name}' cannot be declared beside `{kind}`."
TOOLSET_CHOICE = "tool_choice cannot name the toolset `{kind}` or one of its members: '{name}'."
TOOLSET_ALL_DISABLED = "configs disables every member of `{kind}`: omit the entry instead."
TOOLSET_DEFER_MIXED = "The enabled members of `{kind}` must all have the same `defer_loading`."
TOOLSET_CALLERS = 'allowed_callers: `{kind}` accepts only ["direct"].'
LEGACY_STREAMING = (  # docs: "The legacy header cannot be combined with a computer use or
    # browser use toolset entry: the API rejects a request that sends both." [U] the words
    "The `fine-grained-tool-streaming-2025-05-14` beta header cannot be combined with `{kind}`."
)
# [U] docs, memory tool: "the `name` must be `memory`" (pydantic's Literal wording).
MEMORY_NAME = "Input should be 'memory'"
# [U] docs, define-tools: "Each example must be valid according to the tool's `input_schema`.
# Invalid examples return a 400 error."
BAD_EXAMPLE = "input_examples.{index}: the example does not match the tool's input_schema: {why}"
