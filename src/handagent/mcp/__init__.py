"""MCP, the Model Context Protocol (chapter 12): tools you did not write, on chapter 01's menu.

An MCP server lists its tools (`tools/list`) and runs them (`tools/call`); the runtime, never the
model, talks to it. The official `mcp` SDK does the protocol (JSON-RPC, the handshake, stdio);
these modules only map its wire onto the Messages API's:

    wire      an MCP tool as a menu entry, a tool_use as tools/call, a CallToolResult as a
              tool_result (isError -> is_error, text and image content)
    server    server_for(): any ToolRegistry served over MCP; series_tools(), the series' own
    client    McpServers: servers' tools on one menu, clashes prefixed, each call's server kept
    __main__  python -m handagent.mcp: the series' tools over stdio (--help lists them)

Not handled here: resources, prompts, sampling, HTTP transports, authentication.
"""
