// The official TypeScript SDK's beta tool runner against the mock provider.
//
//   node typescript_tool_runner.mjs <base_url> <model> <folder holding node_modules/@anthropic-ai/sdk>
//
// The runner holds the conversation on the server (beta `thread`, with its `anthropic-beta`
// header): the first request creates the thread, the next continues it with only the new
// tool_result. Prints one JSON line for tests/test_client_typescript.py: the runner's final
// text, how many times the tool ran, and each request's `thread` field and beta header.
import { createRequire } from "node:module";
import { join } from "node:path";

const [, , baseURL, model, sdkFolder] = process.argv;
const require = createRequire(join(sdkFolder, "package.json"));
const sdk = require("@anthropic-ai/sdk");
const { betaTool } = require("@anthropic-ai/sdk/helpers/beta/json-schema");
const Anthropic = sdk.Anthropic ?? sdk.default;

const sent = [];
const fetchAndLog = async (url, init) => {
  const body = init?.body ? JSON.parse(init.body) : {};
  const headers = new Headers(init?.headers);
  sent.push({ thread: body.thread ?? null, beta: headers.get("anthropic-beta"),
              messages: (body.messages ?? []).length, tools: "tools" in body });
  return fetch(url, init);
};
const client = new Anthropic({ baseURL, apiKey: "mock-test-key", maxRetries: 0, timeout: 10_000,
                               fetch: fetchAndLog });

let runs = 0;
const weather = betaTool({
  name: "get_weather",
  description: "Get the current weather for a city.",
  inputSchema: { type: "object", properties: { city: { type: "string" } }, required: ["city"] },
  run: async ({ city }) => { runs += 1; return `18°C, sunny in ${city}`; },
});
const final = await client.beta.messages.toolRunner({
  model, max_tokens: 300, tools: [weather],
  messages: [{ role: "user", content: "What's the weather in Paris?" }],
});
console.log(JSON.stringify({
  runs, stop_reason: final.stop_reason,
  text: final.content.filter((b) => b.type === "text").map((b) => b.text).join(""),
  sent,
}));
