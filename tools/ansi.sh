#!/usr/bin/env bash
# Runs Paul Dietz's ANSI test suite (kept outside the project, in
# ../shared/ansi, or $ANSI_DIR) against a freshly built golem and fails when
# any chapter passes fewer tests than its floor in conformance/ansi-floor.txt.
#
#   tools/ansi.sh            # check against the floor
#   tools/ansi.sh --update   # also rewrite the floor to today's counts
#                            # (only upwards: a floor never goes down here)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$(pwd)
# The suite sits beside the project; a clean clone made elsewhere finds it
# beside the checkout it was cloned from.
ansi="${ANSI_DIR:-$root/../shared/ansi}"
origin=$(git config --get remote.origin.url 2>/dev/null || true)
if [ ! -x "$ansi/run-ansi.sh" ] && [ -d "$origin" ]; then
  ansi="$origin/../shared/ansi"
fi
floor="$root/conformance/ansi-floor.txt"
if [ ! -x "$ansi/run-ansi.sh" ]; then
  echo "tools/ansi.sh: the ANSI suite is not at $ansi (set ANSI_DIR); the per-chapter floor was NOT checked" >&2
  exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
go build -o "$work/golem" ./cmd/golem
OUT="$work/out" JOBS="${JOBS:-2}" "$ansi/run-ansi.sh" "$work/golem run" all >"$work/log" 2>&1 || true
grep -E '^(CHAPTER|TOTAL)' "$work/log" || { tail -20 "$work/log"; echo "tools/ansi.sh: the suite did not run" >&2; exit 1; }
sed -nE 's/^CHAPTER ([^:]+): ([0-9]+) passed.*/\1 \2/p' "$work/log" | sort >"$work/now"
status=0
while read -r chapter want; do
  case "$chapter" in ''|'#'*) continue ;; esac
  got=$(awk -v c="$chapter" '$1 == c { print $2 }' "$work/now")
  if [ -z "$got" ] || [ "$got" -lt "$want" ]; then
    echo "ANSI floor: chapter $chapter passed ${got:-nothing}, floor is $want" >&2
    if [ -n "$got" ] && [ -f "$work/out/failed/$chapter.txt" ]; then head -20 "$work/out/failed/$chapter.txt" >&2; fi
    status=1
  fi
done <"$floor"
if [ "${1:-}" = "--update" ]; then
  {
    grep '^#' "$floor"
    join -a1 -e0 -o 0,1.2,2.2 <(grep -v '^#' "$floor" | sort) "$work/now" |
      awk '{ print $1, ($3 > $2 ? $3 : $2) }'
  } >"$work/floor" && mv "$work/floor" "$floor"
  echo "floor updated: $floor"
fi
exit $status
