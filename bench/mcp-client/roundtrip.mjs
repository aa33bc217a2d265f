// Times evaluate-lisp (+ 1 2) round trips through the official TypeScript
// MCP client (@modelcontextprotocol/sdk) over stdio against several servers
// in one run: both connected at once, the calls interleaved in blocks so
// that a change in the machine's load hits them alike.
//
//   node roundtrip.mjs CALLS BLOCKS NAME=COMMAND... (COMMAND split on spaces)
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";

const [callsArg, blocksArg, ...serverArgs] = process.argv.slice(2);
const calls = Number(callsArg ?? 2000);
const blocks = Number(blocksArg ?? 20);
const perBlock = Math.ceil(calls / blocks);
const warmup = 200;
const request = { name: "evaluate-lisp", arguments: { code: "(+ 1 2)" } };

const servers = [];
for (const arg of serverArgs) {
  const eq = arg.indexOf("=");
  const [command, ...args] = arg.slice(eq + 1).split(" ").filter(Boolean);
  const client = new Client({ name: "roundtrip", version: "1" });
  await client.connect(new StdioClientTransport({ command, args, stderr: "inherit" }));
  const first = await client.callTool(request);
  if (first.isError || first.content?.[0]?.text !== "=> 3") {
    throw new Error(`${arg}: unexpected result ${JSON.stringify(first)}`);
  }
  for (let i = 0; i < warmup; i++) await client.callTool(request);
  servers.push({ name: arg.slice(0, eq), client, times: [] });
}

for (let b = 0; b < blocks; b++) {
  const order = b % 2 === 0 ? servers : [...servers].reverse();
  for (const s of order) {
    for (let i = 0; i < perBlock; i++) {
      const t0 = process.hrtime.bigint();
      await s.client.callTool(request);
      s.times.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
  }
}

const q = (xs, f) => xs[Math.min(xs.length - 1, Math.floor(f * xs.length))];
console.log(`${perBlock * blocks} calls each in ${blocks} interleaved blocks; milliseconds`);
console.log("server       median    p10    p25    p75    p90");
const medians = [];
for (const s of servers) {
  const t = s.times.sort((a, b) => a - b);
  medians.push(q(t, 0.5));
  const cols = [0.5, 0.1, 0.25, 0.75, 0.9].map((f) => q(t, f).toFixed(3).padStart(6));
  console.log(`${s.name.padEnd(10)} ${cols.join(" ")}`);
}
for (let i = 1; i < servers.length; i++) {
  console.log(`${servers[i].name} - ${servers[0].name}: median ${(medians[i] - medians[0]).toFixed(3)} ms`);
}
for (const s of servers) await s.client.close();
