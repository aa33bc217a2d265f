#!/usr/bin/env bash
# Regenerate the expected responses of the conformance corpus with SBCL.
#
#   bash conformance/regen.sh                 # all cases/*.txt
#   bash conformance/regen.sh conformance/cases/reader.txt  # only the named files
#
# Every case runs in its own SBCL process (see sbcl-render.lisp).  Cases with
# a ";;; note:" line keep their hand-written expectation.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
if ! command -v sbcl >/dev/null 2>&1; then
  echo "regen.sh: sbcl not found (apt-get install -y sbcl)" >&2
  exit 1
fi
if [ "$#" -eq 0 ]; then
  set -- "$here"/cases/*.txt
fi
export LANG=C.UTF-8 LC_ALL=C.UTF-8
exec sbcl --script "$here/sbcl-render.lisp" "$@"
