#!/usr/bin/env bash
# Builds the WebAssembly playground into playground/dist/ (static files any
# web server can host): golem.wasm from the Go sources, then the page
# (CodeMirror bundled by esbuild, the service worker) by build.mjs, which
# needs node and npm and installs its npm packages from package-lock.json.
#   playground/build.sh            # then: go run ./playground/serve
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
dist="$here/dist"
for tool in node npm; do
  command -v "$tool" >/dev/null || { echo "playground/build.sh needs $tool (apt-get install nodejs npm)" >&2; exit 1; }
done
rm -rf "$dist"
mkdir -p "$dist"

# Everything but the evaluator (the hot path) is built without inlining: the
# page must stay under 3 MB gzipped, and inlining everywhere costs about
# 0.5 MB of it (12.85 MB raw, 3.26 MB gzip -9 with only the printer, CLOS,
# the reader and the conditions uninlined; 12.19 MB, 2.73 MB like this).
GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath \
  -gcflags='all=-l' -gcflags='github.com/golem-lisp/golem/eval=' \
  -ldflags="-s -w" -o "$dist/golem.wasm" ./playground

goroot="$(go env GOROOT)"
wasm_exec="$goroot/lib/wasm/wasm_exec.js"
[ -f "$wasm_exec" ] || wasm_exec="$goroot/misc/wasm/wasm_exec.js" # Go before 1.24
cp "$wasm_exec" "$dist/wasm_exec.js"

# The npm packages, exactly as package-lock.json pins them (again only when
# the lock file changed since the last install).
cd "$here"
if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund --loglevel=error
fi
raw=$(wc -c <"$dist/golem.wasm")
echo "playground: $dist"
echo "golem.wasm: $(awk -v b="$raw" 'BEGIN { printf "%.2f MB", b / 1e6 }') raw ($raw bytes)"
node build.mjs
