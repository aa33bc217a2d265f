#!/usr/bin/env bash
# Builds the playground, serves it and runs the browser test in headless
# Chromium (Debian's chromium package) through playwright-core, after the
# unit tests of the page's own modules (node --test). Skips the browser
# test, with the reason, when no Chromium is installed. Set SKIP_BUILD=1 to
# reuse dist/.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
cd "$here"

if ! command -v node >/dev/null; then
  echo "SKIP playground tests: node is not installed"
  exit 0
fi
node --test src/

chromium=""
for c in "${CHROMIUM:-}" /usr/bin/chromium /usr/bin/chromium-browser /usr/bin/google-chrome; do
  if [ -n "$c" ] && [ -x "$c" ]; then chromium="$c"; break; fi
done
if [ -z "$chromium" ]; then
  echo "SKIP playground browser test: Chromium is not installed (apt-get install chromium)"
  exit 0
fi

if [ "${SKIP_BUILD:-}" != 1 ] || [ ! -f dist/golem.wasm ] || [ ! -f dist/playground.js ]; then
  ./build.sh
fi

# The server picks a free port and prints its URL.
mkdir -p test-results
(cd .. && go build -o "$here/test-results/serve" ./playground/serve)
./test-results/serve -addr 127.0.0.1:0 -dir dist >test-results/serve.log 2>&1 &
server=$!
trap 'kill $server 2>/dev/null || true' EXIT
url=""
for _ in $(seq 1 100); do
  url=$(sed -n 's/^golem playground: //p' test-results/serve.log)
  [ -n "$url" ] && break
  sleep 0.1
done
if [ -z "$url" ]; then
  echo "the playground server did not start:" >&2
  cat test-results/serve.log >&2
  exit 1
fi

CHROMIUM="$chromium" PLAYGROUND_URL="$url" SCREENSHOT="$here/test-results/playground.png" node browser_test.mjs
