#!/usr/bin/env bash
# Runs the official MCP conformance scenarios that need no fixture tools
# against `golem mcp --http` on a free loopback port. Needs Go, node and npm.
# Exits non-zero if any scenario fails.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../.." && pwd)"
cd "$root"

scenarios=(server-initialize ping logging-set-level tools-list
  server-sse-multiple-streams dns-rebinding-protection)

work="$(mktemp -d)"
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT

go build -o "$work/golem" ./cmd/golem
(cd "$here" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)

# A free loopback port (node is required anyway).
port="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
"$work/golem" mcp --http "127.0.0.1:$port" >"$work/server.log" 2>&1 &
pid=$!
for _ in $(seq 1 100); do
  if node -e "fetch('http://127.0.0.1:$port/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))" 2>/dev/null; then break; fi
  if ! kill -0 "$pid" 2>/dev/null; then cat "$work/server.log" >&2; echo "golem mcp --http exited early" >&2; exit 1; fi
  sleep 0.1
done

# register.mjs supplies fs.globSync, which the CLI imports but Node 20 lacks.
failed=()
for s in "${scenarios[@]}"; do
  echo "=== $s"
  if ! (cd "$here" && timeout 90 node --import ./register.mjs node_modules/@modelcontextprotocol/conformance/dist/index.js \
      server --url "http://127.0.0.1:$port/mcp" --scenario "$s"); then
    failed+=("$s")
  fi
done

if [ "${#failed[@]}" -ne 0 ]; then
  echo "MCP conformance: FAILED: ${failed[*]}" >&2
  echo "--- server log" >&2; cat "$work/server.log" >&2
  exit 1
fi
echo "MCP conformance: all ${#scenarios[@]} scenarios passed"
