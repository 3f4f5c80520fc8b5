"""The mock provider: a local stand-in for the Anthropic Messages API (and OpenAI Chat).

A real HTTP server that the genuine SDK reaches through `base_url`. Its rooms, by job:

    http/        the server and what it answers: bytes in, bytes out
        server         MockServer: the HTTP server, faults (`x-mock-fault`), scripted replies
        routes         what each path answers, once a request has arrived whole
        access         the headers' checks: key, API version, beta values
        replies        a reply's full shape: ids, usage, stop_reason, max_tokens and stop cuts
        stream         a reply as server-sent events, in the API's order
        models_route   GET /v1/models: the catalogue (`handagent.api.models`) as the API pages it
        openai_chat    POST /v1/chat/completions: the second wire format (chapter 07)
        cassettes      recorded traffic as readable JSON, rebuilt byte for byte
        matching       what a request is compared on with an exchange; its first difference
        replay         HANDAGENT_PROVIDER=replay: answers from cassettes in a learner's chapter and
                       place, or names the difference (or lets the mock answer: `x-replay: mock`)
        room           --room: each learner's key its own state; who is stuck, /room.json
        room_page      the instructor's page, /room: stuck first, progress chapter by chapter
    model/       the scripted model: what it says back to a request
        brain          respond(): reads the menu and the question, calls tools, answers
        menu           how well each tool fits a clause: the brain's choice of tool
        lexicon        the word tables: stems, synonyms, stop words, languages; remembered()
        evidence       what a request offers as values: quotes, emails, ids, names, numbers
        kinds          what kind of value a property asks for
        arguments      a tool's input, one value per property, fitted to its schema
        freetext       free-text values: a subject, an arithmetic expression, a query
        phrases        everything it says in words, per language
        instructions   a system prompt's refusal rule and order rule ("call A only after B")
        thinking       thinking blocks, as current models return them
        signatures     their signatures, and what is checked when they come back
        structured     structured outputs: JSON that validates against the request's schema
        quotes         how it quotes the results it was given (a tool_reference as its tool)
        obedience      on request (`x-mock-obey-results`), a model that obeys text in results
        memory         the memory tool: its memory viewed first, facts written, read back
    hosted/      what Anthropic's servers do around the model: server tools and state
        tools          which server tools a request calls (web search and fetch, code, advisor)
        results        what they answer here, with no internet and no code run
        loop           the server's own loop: calls it runs, then the model's words
        deferred       deferred tools and tool references: what the model sees, when it searches
        tool_search    the regex and BM25 searches themselves: limits, references, errors as 200s
        mcp_connector  the MCP connector: servers on this machine listed and called over https
        context_edits  beta context_management: edits made to what the model reads
        clearing       its two clearing strategies: thinking, and tool uses past a trigger
        threads        beta threads: conversations the server keeps
        prompt_cache   prompt caching: prefixes written and read per key, with their TTLs
    ids          stable ids made from a request, shared by every room

Imports point one way: `model` reads only `handagent.api` and the package's top level;
`hosted` wraps `model`; `http` puts both on the wire. `python -m handagent.mock` serves it.

Not handled here: a language model (`model.brain` lists what it cannot do), the internet, or
running code; the API's request rules live in `handagent.api`, which the mock shares with
`call_model`'s local check.
"""

from .http.replay import mock_instead, replaying
from .http.server import MockServer

__all__ = ["MockServer", "mock_instead", "replaying"]
