"""handagent: the package the notebook series builds, one chapter at a time.

Its folders show the architecture. At the top, the modules Part 1's chapters build (00-05), the
Anthropic wire by hand; `api/` the API's rules and catalogue as the series knows them;
`runtime/` the provider-neutral protocol of Part 2 (06-08), the agent loop of Part 3 (09-12)
and Part 4's tool calling at scale (13-14); `apps/` what a chapter's assistant works on (the
bookshop, the back office); `experiments/` code that measures the defences (chapter 11's
attacks and trials); `views/` ways to look at a conversation; `mcp/` MCP servers' tools
(chapters 12-13); `mock/` the local stand-in for the API,
in rooms by job; `exercises/` the
self-checking exercises. Imports point one way: `api`, then the top-level modules, then
`runtime`, then `apps` and `experiments`, then `views` and `mock`.

Where each idea of the series lives, by the chapter that introduces it:

    chapter 00  config               provider, model and key, read from .env
                language             the edition's language (English or 简体中文), set once;
                                     columns(), wrap(): a printed line kept to the book's width
                llm                  call_model(): the one place the series calls a model
                room                 the headers a request to a room or a mock carries
                mock                 the local mock of the Anthropic Messages API (and OpenAI Chat)
                record               a real model's traffic kept as cassettes, for replay (no key)
                api.models           the model catalogue: ids, lifecycle, rules, limits, prices
                api.checks           the API's rules and wording, checked before sending (see 05)
                api.fields           the fields a request may hold, per API version (SDK 2.10)
                api.history          the rules of a conversation: pairing, order, thinking blocks
                api.model_rules      the rules that depend on the model (prefill, tool_choice, ...)
                api.rejections       the API's own words for every refusal, with their sources
                api.shapes           the shape helpers every rule shares, in the API's words
                api.beta_values      the anthropic-beta values the API knows
                api.beta_fields      the beta fields' rules: context edits, MCP servers
                api.caching          breakpoints' rules: four, TTL order, pre-warming
                api.strict           what strict tools and output formats may ask
                api.tool_rules       tools beyond their shapes: names, toolsets, callers
                api.tool_turns       tool references and programmatic calls in the history
                api.tool_names       the names Anthropic-defined tools carry, toolsets' members
                api.tool_refusals    the API's words for refused tools and schemas
                api.request_refusals  the API's words: caching, context edits, MCP, the body
                blocks               text_of(), blocks_of_type(): a reply read by block type
                cost                 tokens and estimated price of every call, per notebook
                exercises.selfcheck  three questions at the end of every chapter, graded at once
                views.recorded       beside(): a real model's recorded reply next to the mock's
    chapter 01  tools                Tool (function + schema), ToolRegistry, the tools menu
                api.tokens           token estimates and the hidden tool-use prompt per model
                validation           tool input against input_schema (jsonschema)
                api.schemas          input_schema as the API reads it (jsonschema, imported light)
                examples             the clock, adder and weather tools every chapter shares
    chapter 02  blocks               content blocks as dicts; tool_uses(): every call in a reply
                views.transcript     show(): each tool_use next to its tool_result
                views.static         the HTML of every static rendering (GitHub, the book)
    chapter 03  dispatch             tool_result(): the answer to one call
                views.stepper        one round trip, a button per step (widget)
                views.diagram        a history as a sequence diagram (Mermaid, SVG, text)
                views.lanes          arrows between named columns, drawn as Mermaid, SVG and text
                views.svg            a sequence diagram drawn as SVG, no JavaScript
    chapter 04  dispatch             run_tool_calls(), outcomes(): every call answered, concurrently
    chapter 05  dispatch             not_run(): the answer to a call the program refuses to run
                views.inspector      a history to click through: each call lit up with its result
    chapter 06  runtime.protocol     neutral messages, thinking and server blocks, 8 stop reasons
                runtime.thinking     which thinking blocks go back in a request, to which model
                runtime.adapters     the Anthropic Messages wire, both ways
                runtime.providers    complete(): one call to either wire format, never raising
                runtime.target       configured(): the settings' provider, as complete() takes it
                views.neutral        view(): a neutral history, one line per message and block
    chapter 07  runtime.adapters     to_openai_chat(), from_openai_chat(): OpenAI Chat's wire
                runtime.ids          tool-call ids normalised at the provider boundary
                runtime.repair       exactly one result per call: orphans, aborts, cut-off replies
                runtime.calls        run_calls(): one neutral result per call, whatever happened
                runtime.streaming    server-sent events assembled into a neutral message
                views.neutral        side_by_side(), pairs(), describe_event(): wire and events
    chapter 08  runtime.workspace    read_file confined to a folder
                runtime.truncate     truncation policies that tell the model how to get more
                runtime.edit         edit_file: one exact replacement, the diff kept for the UI
                runtime.session_log  the JSONL log that round-trips exactly
                runtime.results      as_content(): any value a tool returns, as content for the API
                runtime.boundary     Boundary: the rules around every call, before it and after it
                runtime.calls        run_calls(boundary=...): every result made by the boundary
                views.neutral        details_view(): what a UI shows beside a result
    chapter 09  runtime.loop         run_loop(): the agent loop, a move for every stop reason
                runtime.runs         Run, LoopStep: what a run leaves, and why it ended
                runtime.bounds       Bounds, Spent: a run's turns, tokens and money, asked before
                runtime.senders      sender(): the model for the loop, retried by the SDK
                views.timeline       run_timeline(): a run's turns, calls side by side, its end
    chapter 10  runtime.function_tools  function_tool(): a tool generated from a typed function
                runtime.function_schemas  function_schema(): its input_schema, as beta_tool's
                apps.bookshop        the bookshop's three tools: two read, one opens a return once
                apps.shop_database   open_shop(): its SQLite database, one transaction per effect
                views.usage          usage_chart(): each request's tokens by how they were billed
    chapter 11  runtime.approval     gate(): a tool not read-only runs only if the program approves
                runtime.scrubber     scrubbed(), leaks(): secrets kept out of results and the log
                runtime.boundary     Boundary(approve=..., secrets=...): both, around every call
                experiments.attacks  the chapter's attacks: instructions planted where tools read
                experiments.trials   trial(), sweep(): an attack run and measured
                views.outcomes       outcome_table(): every attack against every defence, coloured
    chapter 12  mcp                  MCP: other servers' tools on the menu; python -m handagent.mcp
                mcp.wire             an MCP tool as a menu entry, a CallToolResult as a tool_result
                mcp.results          every MCP content type as text or an image the API takes
                mcp.menu             tools the API would refuse left off; names without clashes
                mcp.calls            one tools/call answered whatever happens, cancelled on time
                mcp.series           series_tools(): what python -m handagent.mcp serves
                mcp.server           server_for(): any tools served over MCP, with the SDK
                mcp.client           McpServers: servers' tools on one menu, read-only if declared
                views.hops           server_hops(): a run's model, runtime and MCP servers (diagram)
    chapter 13  apps.toolbox         toolbox(): 106 tools of a company, the menu that grows too big
                runtime.tool_index   ToolIndex: your own tool search, answered by tool_reference
                mcp.https            the series' tools over Streamable HTTP with TLS (the connector)
                views.costs          Costs: what each request cost, cached, deferred or not
    chapter 14  runtime.memory       MemoryFolder, memory_tool(): the memory tool's six commands
                runtime.senders      sender(extra=..., on_reply=...): context_management, replies
                tools                Tool(definition=...): an Anthropic-defined tool on the menu
                views.long_runs      Ledger: what each request read, and what the API cleared
    every chapter exercises          exercises that check themselves, and each chapter's self-check

Import from the modules themselves (`from handagent.llm import call_model`): this file only
names them.
"""

__version__ = "0.1.0"
