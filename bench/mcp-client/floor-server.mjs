// The client's floor: a stdio MCP server that answers at once, with no
// SDK on the server side. tools/call gets the same result golem's
// evaluate-lisp gives for (+ 1 2), byte for byte, so that the client does
// the same work with either server.
import { createInterface } from "node:readline";

const result = {
  isError: false,
  content: [{ type: "text", text: "=> 3" }],
  structuredContent: { stderr: "", stdout: "", values: ["3"], warnings: [] },
};

function answer(id, res) {
  process.stdout.write(JSON.stringify({ jsonrpc: "2.0", id, result: res }) + "\n");
}

createInterface({ input: process.stdin }).on("line", (line) => {
  let msg;
  try {
    msg = JSON.parse(line);
  } catch {
    return;
  }
  if (msg.id === undefined || msg.id === null) return; // a notification
  switch (msg.method) {
    case "initialize":
      answer(msg.id, {
        protocolVersion: msg.params?.protocolVersion ?? "2025-06-18",
        capabilities: { tools: {} },
        serverInfo: { name: "floor", version: "1" },
      });
      break;
    case "tools/call":
      answer(msg.id, result);
      break;
    case "tools/list":
      answer(msg.id, { tools: [] });
      break;
    default:
      answer(msg.id, {});
  }
});
