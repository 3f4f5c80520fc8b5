"""The provider-neutral runtime: one tool call's complete protocol, whichever provider answers.

Chapters 00-05 speak the Anthropic wire directly. From chapter 06 on, the runtime keeps its own
records and translates at the edge:

    protocol     the neutral messages, thinking blocks and stop reasons every module here speaks
    thinking     which thinking blocks go back in a request, and to which model
    adapters/    to and from each wire format (Anthropic Messages, OpenAI Chat), pure functions
    ids          tool-call ids rewritten per request for a provider's rules, never in the log
    repair       exactly one result per call before any request: orphans, aborts, cut-offs
    streaming    server-sent events assembled into one neutral message
    providers    complete(): one request to either provider, returned as a message, never raised
    target       configured(): the provider the settings name, as complete() and sender() take it
    calls        run_calls(): one neutral result per call, whatever happened to it, on every path
    truncate     cutting long tool output, with a notice that says how to get more
    results      any value or exception a tool gives back, as content the API accepts
    boundary     the rules around every call: approval before it; content, secrets, size after
    workspace    read_file confined to one folder
    edit         edit_file: one exact replacement, its diff kept for the UI
    session_log  the JSONL log of a session, which round-trips exactly
    bounds       a run's limits in turns, tokens and money, what it spent, asked before a request
    runs         what a run leaves (Run, LoopStep) and why it ended
    senders      the model for the loop: a provider through its SDK (retries included), or a script
    loop         run_loop(): the agent loop, a move for every stop reason, resumable from the log
    approval     which calls need the program's yes (a tool not read-only), and the approvers
    scrubber     secrets found wherever they sit in a value, and in a log
    function_tools, function_schemas   a tool made from a typed Python function
    tool_index   a tool search of your own: BM25 over a menu, answered with tool_reference blocks

Chapter by chapter: 06 protocol, thinking, the Anthropic adapter, providers, target; 07 the OpenAI
adapter, ids, repair, calls, streaming; 08 workspace, truncate, results, boundary, edit,
session_log; 09 bounds, runs, senders, loop; 10 function_tools; 11 approval, scrubber; 13
tool_index.

Imports point one way: protocol first, then thinking, ids and repair, adapters, streaming and
providers (target reads the settings of `handagent.llm`), results and the boundary, calls, the
loop last. Their printed form (one line per message, the wire beside it) is a view:
`handagent.views.neutral`.
"""
