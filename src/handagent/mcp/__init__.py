"""MCP, the Model Context Protocol (chapter 12): tools you did not write, on chapter 01's menu.

An MCP server lists its tools (`tools/list`) and runs them (`tools/call`); the runtime, never the
model, talks to it. The official `mcp` SDK does the protocol (JSON-RPC, the handshake, stdio);
these modules only map its wire onto the Messages API's:

    wire      an MCP tool as a menu entry, a tool_use as tools/call, a CallToolResult as a
              tool_result (isError -> is_error)
    results   every content type the spec allows as text or an image block the API takes
    menu      RemoteTool; tools the API would refuse left off with a warning, names made unique
    calls     one tools/call answered whatever happens: timed out, failed, cancelled on the server
    series    series_tools() and SERVER_NAME: what `python -m handagent.mcp` serves
    server    server_for(): any ToolRegistry served over MCP, with the SDK
    client    McpServers: servers' tools on one menu, each call's server kept, read-only only
              where the program says so
    https     chapter 13: the same tools over Streamable HTTP with TLS, and a certificate for
              this machine, which Anthropic's MCP connector (the mock, here) calls itself
    __main__  python -m handagent.mcp: the series' tools over stdio (--help lists them), or
              --https

Imports point one way: wire, results, menu and calls, then client; server uses wire and series
only, and https uses server.

Not handled here: resources, prompts, sampling, SSE, authentication.
"""
