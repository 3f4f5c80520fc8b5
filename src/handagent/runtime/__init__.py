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
    calls        run_calls(): one neutral result per call, whatever happened to it
    truncate     cutting long tool output, with a notice that says how to get more
    workspace    read_file confined to one folder
    edit         edit_file: one exact replacement, its diff kept for the UI
    session_log  the JSONL log of a session, which round-trips exactly
    bounds       a run's limits in turns, tokens and money, and what it has spent
    senders      the model for the loop: a provider through its SDK (retries included), or a script
    loop         run_loop(): the agent loop, a move for every stop reason, resumable from the log

Chapter by chapter: 06 protocol, thinking, the Anthropic adapter, providers; 07 the OpenAI
adapter, ids, repair, calls, streaming; 08 workspace, truncate, edit, session_log; 09 bounds,
senders, loop.

Imports point one way: protocol first, then thinking, ids and repair, adapters, streaming and
providers, the loop last. Their printed form (one line per message, the wire beside it) is a
view: `handagent.views.neutral`.
"""
