#!/usr/bin/env bash
# Runs each of golem's fuzz targets for FUZZTIME (default 60s). A crasher is
# written to the package's testdata/fuzz/<target>/ and fails the run; commit
# it (with the fix) so that it stays a regression case for `go test`.
set -euo pipefail
cd "$(dirname "$0")/.."
t="${FUZZTIME:-60s}"
for target in "reader FuzzRead" ". FuzzEval" ". FuzzPrint" ". FuzzFormat"; do
  set -- $target
  echo "fuzzing $2 in $1 for $t"
  go test -run '^$' -fuzz "^$2\$" -fuzztime "$t" "./$1"
done
