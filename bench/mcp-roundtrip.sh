#!/usr/bin/env bash
# Times an evaluate-lisp (+ 1 2) round trip through the official TypeScript
# MCP client (@modelcontextprotocol/sdk, pinned in mcp-client/package-lock.json)
# over stdio, side by side in one run, against: a trivial Node server that
# answers at once (the client's floor), the same in Go (mcpfloor), mcp-go's
# stdio server with a tool that answers at once (mcpfloor -mcp-go: what
# golem's MCP layer costs before any Lisp), and `golem mcp`.
#   bench/mcp-roundtrip.sh [CALLS [BLOCKS]]     # default 2000 calls each, 20 blocks
# Needs go, node and npm (the npm registry, the first time). Not run by CI.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
calls="${1:-2000}"
blocks="${2:-20}"
for tool in go node npm; do
  command -v "$tool" >/dev/null || { echo "bench/mcp-roundtrip.sh needs $tool" >&2; exit 1; }
done
bin="$(mktemp -d)/golem"
trap 'rm -rf "$(dirname "$bin")"' EXIT
(cd "$here/.." && go build -o "$bin" ./cmd/golem && go build -o "$bin-floor" ./bench/mcpfloor)
cd "$here/mcp-client"
# The npm packages exactly as package-lock.json pins them (again only when
# the lock file changed since the last install).
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
node roundtrip.mjs "$calls" "$blocks" "floor=node floor-server.mjs" "go-floor=$bin-floor" \
  "mcp-go=$bin-floor -mcp-go" "golem=$bin mcp"
