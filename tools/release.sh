#!/usr/bin/env bash
# Cross-builds static golem binaries (CGO_ENABLED=0, -trimpath, stripped)
# for linux, darwin and windows on amd64 and arm64, and reports their sizes.
#   tools/release.sh                 # binaries in a temporary directory
#   OUT=dist tools/release.sh        # binaries kept in dist/
#   TARGETS="linux/amd64" tools/release.sh
# The version `golem version` prints comes from the build info: the module
# version and the commit of the checkout (VCS stamping is forced on).
set -euo pipefail
cd "$(dirname "$0")/.."
out="${OUT:-$(mktemp -d -t golem-release.XXXXXX)}"
mkdir -p "$out"
targets="${TARGETS:-linux/amd64 linux/arm64 darwin/amd64 darwin/arm64 windows/amd64 windows/arm64}"
vcs=()
if git rev-parse --git-dir >/dev/null 2>&1; then vcs=(-buildvcs=true); fi
limit=$((15 * 1000 * 1000)) # the linux/amd64 target size

status=0
printf '%-16s %12s  %s\n' target bytes file
for t in $targets; do
  os="${t%/*}" arch="${t#*/}"
  bin="$out/golem-$os-$arch"
  [ "$os" = windows ] && bin="$bin.exe"
  if ! CGO_ENABLED=0 GOOS="$os" GOARCH="$arch" go build "${vcs[@]}" -trimpath -ldflags="-s -w" -o "$bin" ./cmd/golem; then
    echo "FAILED: $t" >&2
    status=1
    continue
  fi
  size=$(wc -c <"$bin")
  printf '%-16s %12d  %s (%.1f MB)\n' "$t" "$size" "$bin" "$(awk -v b="$size" 'BEGIN { print b / 1e6 }')"
  if [ "$t" = linux/amd64 ] && [ "$size" -gt "$limit" ]; then
    echo "warning: linux/amd64 binary exceeds the 15 MB target" >&2
  fi
done
native="$out/golem-$(go env GOOS)-$(go env GOARCH)"
if [ -x "$native" ]; then
  echo "version: $("$native" version)"
fi
exit $status
