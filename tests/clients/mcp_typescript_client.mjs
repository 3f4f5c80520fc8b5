// The official MCP TypeScript SDK's client against `python -m handagent.mcp`, over stdio.
//
//   node mcp_typescript_client.mjs <folder holding node_modules/@modelcontextprotocol/sdk> <python>
//
// Lists the tools, calls one that works, one that fails (an isError result) and one the server
// does not have (a JSON-RPC error). Prints one JSON line for tests/mcp/test_npm_clients.py to
// check. Content blocks are chosen by type, never by position.
import { createRequire } from "node:module";
import { join } from "node:path";

const [, , folder, python] = process.argv;
const require = createRequire(join(folder, "package.json"));
const { Client } = require("@modelcontextprotocol/sdk/client/index.js");
const { StdioClientTransport } = require("@modelcontextprotocol/sdk/client/stdio.js");

const transport = new StdioClientTransport({ command: python, args: ["-m", "handagent.mcp"] });
const client = new Client({ name: "handagent-test", version: "1.0.0" });
await client.connect(transport);

const texts = (result) => result.content.filter((block) => block.type === "text").map((b) => b.text);
const { tools } = await client.listTools();
const added = await client.callTool({ name: "add", arguments: { a: 1234, b: 5678 } });
const failed = await client.callTool({ name: "get_weather", arguments: { city: "Atlantis" } });
let unknown = null;
try {
  await client.callTool({ name: "nope", arguments: {} });
} catch (error) {
  unknown = { code: error.code, message: error.message };
}
await client.close();

console.log(
  JSON.stringify({
    server: client.getServerVersion()?.name ?? null,
    tools: tools.map(({ name, description, inputSchema }) => ({ name, description, inputSchema })),
    added: { texts: texts(added), isError: added.isError ?? false },
    failed: { texts: texts(failed), isError: failed.isError ?? false },
    unknown,
  }),
);
