"""The Messages API as the series knows it: its catalogue, its request rules and its own words.

    API_VERSION        the `anthropic-version` SDK 2.10 sends; importing it loads nothing else
    TOOL_NAME_PATTERN  the pattern a tool's name must match
    models             the model catalogue: ids, lifecycle, rules, limits, prices, with sources
    tokens             token estimates, the hidden tool-use prompt per model included, by
                       piece in prefix order (for prompt caching)
    fields             the fields and blocks a request may hold, per API version and beta
    beta_values        the `anthropic-beta` values the API knows (any other is its 400)
    tool_names         the names Anthropic-defined tools carry; the client toolsets' members
    rejections         the API's refusals, in its own words, with their sources; beside it
    tool_refusals      ... of tools and output schemas, and
    request_refusals   ... of caching, context edits, MCP servers and the body
    shapes             shape helpers every rule shares: fields, text, tags, turns, blocks, formats
    history            the rules of `messages`: pairing, order, thinking blocks, server tools
    tool_rules         tools beyond their shapes: names, toolsets, callers, examples, deferral
    tool_turns         tool references in the history; programmatic calls answered
    beta_fields        beta fields: shapes, context edits, the MCP connector's servers
    caching            breakpoints: four at most, TTL order and clashes; max_tokens 0 pre-warming
    strict             structured outputs: the schema subset and limits of strict sampling
    model_rules        what one catalogue row lets a request do: prefill, tool_choice, thinking,
                       the context window
    checks             check_request(): every rule above, in the API's order

Following `check_request` stays inside this folder: `checks` reads the rule modules and
`fields`; the rule modules read `shapes` and the refusal modules; nothing here imports the rest
of the package. The learner-facing modules (`llm`, `tools`, `dispatch`) and the mock import from
here; `mock/` adds what only the server that made a reply can check (signatures).

Not handled here: sending anything (`handagent.llm`), or what the mock answers (`handagent.mock`).
"""

# What SDK 2.10 sends as `anthropic-version` (tests/api/test_checks.py compares it with the SDK);
# the mock also speaks the version before it.
API_VERSION = "2026-10-21"
API_VERSIONS = ("2023-06-01", API_VERSION)
TOOL_NAME_PATTERN = r"^[a-zA-Z0-9_-]{1,128}$"
