// A tool round trip with the official TypeScript SDK against the mock provider.
//
//   node typescript_round_trip.mjs <base_url> <model> <folder holding node_modules/@anthropic-ai/sdk>
//
// Asks for the weather with one tool on the menu, answers the tool_use with a tool_result, then
// reads the final text; the first request is also streamed. Prints one JSON line for the pytest
// wrapper (tests/test_client_typescript.py) to check. Blocks are chosen by type, never position.
import { createRequire } from "node:module";
import { join } from "node:path";

const [, , baseURL, model, sdkFolder] = process.argv;
const sdk = createRequire(join(sdkFolder, "package.json"))("@anthropic-ai/sdk");
const Anthropic = sdk.Anthropic ?? sdk.default;
const client = new Anthropic({ baseURL, apiKey: "mock-test-key", maxRetries: 0, timeout: 10_000 });

const tools = [
  {
    name: "get_weather",
    description: "Get the current weather for a city.",
    input_schema: {
      type: "object",
      properties: { city: { type: "string", description: "City name" } },
      required: ["city"],
    },
  },
];
const messages = [{ role: "user", content: "What's the weather in Paris?" }];
const ask = { model, max_tokens: 300, tools, messages };

const first = await client.messages.create(ask);
const call = first.content.find((block) => block.type === "tool_use");
const streamed = await client.messages.stream(ask).finalMessage();
const streamedCall = streamed.content.find((block) => block.type === "tool_use");

messages.push({ role: "assistant", content: first.content });
messages.push({
  role: "user",
  content: [{ type: "tool_result", tool_use_id: call.id, content: "18°C, sunny" }],
});
const final = await client.messages.create({ ...ask, messages });

console.log(
  JSON.stringify({
    sdk_version: sdk.VERSION ?? null,
    first: { stop_reason: first.stop_reason, name: call.name, input: call.input, id: call.id },
    streamed: { stop_reason: streamed.stop_reason, name: streamedCall.name, input: streamedCall.input },
    final: {
      stop_reason: final.stop_reason,
      text: final.content.filter((b) => b.type === "text").map((b) => b.text).join(""),
    },
  }),
);
