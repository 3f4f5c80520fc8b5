"""One reply with server tools in it: the calls the server runs, then what the model says.

`respond` wraps the mock model (`brain`) the way the API's server-side loop wraps the real one:

    1. calls the history left waiting (a paused turn sent back, or a mixed turn whose client
       tools were answered) get their results first;
    2. a tool search runs when a deferred tool fits the request (`deferred`), loading its hits
       (`tool_search`, which also answers a search the history left waiting);
    3. the model, shown only the tools it can see, decides what to say (`brain`);
    4. the web, code and advisor calls the request asks for (`server_tools`) run before it
       speaks, or, when it also calls the client's tools, wait for the next request;
    5. past ITERATIONS calls the reply pauses, its next call left waiting (`pause_turn`);
    6. an MCP server's tool (`mcp_connector`) the model calls is called on its server, the
       model reading each result before it goes on.

    respond({"tools": [web_search_20250305], "messages": [{"role": "user", "content":
             "Who won the 2022 World Cup?"}]}, brain) ->
        [server_tool_use web_search {"query": ...}, web_search_tool_result [],
         text "The mock has no internet, so ...", text <the brain's answer>]

Ids: `srvtoolu_01` and a digest of the request and the call's place, so the same request gets the
same ids. A request with no server tool, deferred tool or waiting call is the brain's alone.

Not handled here: the result blocks' shapes (`server_results`), ids of client tool_use blocks,
usage and stop_reason (`replies`).
"""

from collections import Counter

from ...api.fields import SERVER_RUN
from ..ids import digest
from ..model import phrases
from ..model.brain import Brain
from ..model.memory import remembering
from . import deferred, mcp_connector, tool_search
from . import results as server_results
from . import tools as server_tools


def model_view(request: dict, loaded: tuple[str, ...] = ()) -> dict:
    """What the model is shown: the tools it can see, without the server's own tools."""
    if request.get("mcp_servers"):
        request = mcp_connector.as_calls(request)
    if "tools" not in request:
        return request
    seen = deferred.visible(request, loaded)
    tools = [t for t in seen if (t.get("type") or "custom") not in SERVER_RUN]
    return {**request, "tools": tools}


def respond_with_server_tools(
    request: dict, brain: Brain, mcp: mcp_connector.Connector | None = None
) -> list[dict]:
    """The reply's content blocks, server tools' and MCP servers' calls and results included."""
    brain = remembering(brain)  # the memory tool, when the request offers it (`model.memory`)
    connector = mcp or mcp_connector.Connector()
    request, owners = mcp_connector.expanded(request, connector)
    tools = server_tools.offered(request)
    asked, text = server_tools.request_turn(request)
    since = server_tools.since(request, asked)
    waiting = server_tools.waiting(since)
    if not tools and not waiting and not owners and not deferred.hidden(request):
        return brain(model_view(request))
    # ids from the request, not from where its MCP servers listen (a port changes run to run)
    seed = digest(
        {k: v for k, v in request.items() if k not in ("stream", "mcp_servers")}, "server tools"
    )
    lang = phrases.language(request.get("system"), text)
    system = _system(request)
    blocks: list[dict] = []
    notes: list[str] = []
    uses: Counter = Counter()

    def run(call: dict) -> None:
        family = "mcp" if call["type"] == "mcp_tool_use" else _family(call["name"])
        tool = tools.get(family)
        if family == "mcp" and call.get("name") in owners:
            server = owners[call["name"]]
            result = connector.call(server, call["name"], call.get("input") or {})
            blocks.append(mcp_connector.mcp_result(call, result))
            return
        if family == "tool_search":  # not metered, no max_uses: the search itself answers
            blocks.append(tool_search.result(call, tool, request))
            return
        if family == "advisor" and tool is not None and uses[family] < tool.get("max_uses", 1e9):
            uses[family] += 1  # the advisor is a second model: the mock's own brain plays it
            said = [b.get("text", "") for b in brain(model_view(request)) if b["type"] == "text"]
            blocks.append(server_results.advice(call, " ".join(said), tool.get("model", "")))
            return
        result, note = server_results.result_block(call, tool, uses[family], lang)
        uses[family] += 1
        blocks.append(result)
        if note:
            notes.append(note)

    for call in waiting:
        run(call)
    loaded: tuple[str, ...] = ()
    acted = any(b.get("type") in ("tool_use", "server_tool_use") for b in since)
    if "tool_search" in tools and not acted and deferred.wanted(request, text, system):
        tool = tools["tool_search"]
        args = deferred.search_input(text, tool)
        call = server_results.call_block("tool_search", args, tool, _id(seed, 0))
        blocks.append(call)
        run(call)
        loaded = tool_search.loaded(blocks[-1])
    made = [(b.get("name"), b.get("input")) for b in since if b.get("type") == "server_tool_use"]
    planned = []
    asked = server_tools.planned_calls(request, text, tools, system)
    for number, (name, args) in enumerate(asked):
        call = server_results.call_block(name, args, tools[name], _id(seed, number + 1))
        several = sum(1 for other, _ in asked if other == name) > 1  # quoted searches, URLs
        done = [made_input for made_name, made_input in made if made_name == call["name"]]
        if not (call["input"] in done if several else done):  # a tool used since is not again
            planned.append(call)
    said = brain(model_view(request, loaded))
    if owners:
        said = _with_mcp(said, model_view(request, loaded), brain, owners, connector, seed)
    if any(b.get("type") == "tool_use" for b in said):  # a mixed turn: server calls wait
        lead = [b for b in said if b.get("type") != "tool_use"]
        return blocks + lead + planned + [b for b in said if b.get("type") == "tool_use"]
    for call in planned:
        if sum(uses.values()) >= server_tools.ITERATIONS:
            return blocks + [call]  # the loop's limit: the turn pauses with this call waiting
        blocks.append(call)
        run(call)
    if not notes:
        return blocks + said
    if [b.get("text") for b in said] == [phrases.say("other", lang)]:
        said = []  # the brain's shrug ("a few canned replies") says nothing the note does not
    return blocks + [{"type": "text", "text": " ".join(dict.fromkeys(notes))}] + said


def _with_mcp(said: list[dict], view: dict, brain: Brain, owners: dict,
              connector: mcp_connector.Connector, seed: str) -> list[dict]:  # fmt: skip
    """The model's calls of MCP tools made on their servers, each answered in the reply, and the
    model asked again with the results, until it calls none (or a client tool)."""
    made: list[dict] = []
    for turn in range(server_tools.ITERATIONS):
        mine = [b for b in said if b.get("type") == "tool_use" and b.get("name") in owners]
        if not mine:
            break
        uses = [{"type": "mcp_tool_use", "id": "mcptoolu_01" + digest(seed, "mcp", turn, i),
                 "name": b["name"], "server_name": owners[b["name"]].get("name"),
                 "input": b.get("input") or {}} for i, b in enumerate(mine)]  # fmt: skip
        results = [mcp_connector.mcp_result(u, connector.call(owners[u["name"]], u["name"],
                   u["input"])) for u in uses]  # fmt: skip
        made += [b for b in said if b.get("type") != "tool_use"]
        made += [block for pair in zip(uses, results, strict=True) for block in pair]
        others = [b for b in said if b.get("type") == "tool_use" and b.get("name") not in owners]
        if others:  # the client's own calls: the turn is the client's now
            return made + others
        turn_pair = [{"role": "assistant", "content": uses}, {"role": "user", "content": results}]
        done = mcp_connector.as_calls({"messages": turn_pair})["messages"]
        view = {**view, "messages": [*view["messages"], *done]}
        said = brain(view)
    return made + said


def _family(name: str) -> str:
    if "code_execution" in name:
        return "code_execution"
    return "tool_search" if name.startswith("tool_search") else name


def _id(seed: str, number: int) -> str:
    return "srvtoolu_01" + digest(seed, number)


def _system(request: dict) -> str:
    system = request.get("system")
    if isinstance(system, list):
        return " ".join(b.get("text", "") for b in system if isinstance(b, dict))
    return str(system or "")
