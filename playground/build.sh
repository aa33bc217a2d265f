#!/usr/bin/env bash
# Builds the WebAssembly playground into playground/dist/ (static files any
# web server can host) and reports the size of golem.wasm.
#   playground/build.sh            # then: go run ./playground/serve
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here/.."
dist="$here/dist"
rm -rf "$dist"
mkdir -p "$dist"

# The printer, CLOS, the reader and the condition system are built without
# inlining: that keeps golem.wasm under 10 MB, while the evaluator and runtime
# (the hot paths) keep it.
GOOS=js GOARCH=wasm CGO_ENABLED=0 go build -trimpath \
  -gcflags='github.com/golem-lisp/golem/printer=-l' -gcflags='github.com/golem-lisp/golem/clos=-l' \
  -gcflags='github.com/golem-lisp/golem/reader=-l' -gcflags='github.com/golem-lisp/golem/conditions=-l' \
  -ldflags="-s -w" -o "$dist/golem.wasm" ./playground

goroot="$(go env GOROOT)"
wasm_exec="$goroot/lib/wasm/wasm_exec.js"
[ -f "$wasm_exec" ] || wasm_exec="$goroot/misc/wasm/wasm_exec.js" # Go before 1.24
cp "$wasm_exec" "$dist/wasm_exec.js"
cp -R "$here/web/." "$dist/"
gzip -9 -n -k "$dist/golem.wasm" # served pre-compressed by playground/serve

raw=$(wc -c <"$dist/golem.wasm")
gz=$(wc -c <"$dist/golem.wasm.gz")
mb() { awk -v b="$1" 'BEGIN { printf "%.2f MB", b / 1e6 }'; }
echo "playground: $dist"
echo "golem.wasm: $(mb "$raw") raw ($raw bytes), $(mb "$gz") gzip -9 ($gz bytes)"
status=0
if [ "$raw" -gt 10000000 ]; then echo "warning: golem.wasm exceeds the 10 MB target" >&2; status=0; fi
if [ "$gz" -gt 3000000 ]; then echo "warning: golem.wasm.gz exceeds the 3 MB target" >&2; fi
exit $status
