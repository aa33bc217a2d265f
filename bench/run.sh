#!/usr/bin/env bash
# Runs the benchmark programs through golem, CLISP (compiled byte-code) and
# SBCL's compiler (and SBCL's evaluator when SBCL_EVAL=1), and prints a
# Markdown table of CPU seconds (user+sys) and peak resident memory (MB),
# each the median of three runs (CPU time is robust on a shared machine).
# Needs GNU time, and sbcl and clisp (apt-get install -y sbcl clisp) for
# their columns.
#
#   bench/run.sh [PROGRAM...]           the table (all programs by default)
#   bench/run.sh --totals [PROGRAM...]  total CPU seconds of ten runs each, golem
#                                       and CLISP alternating (default: fib tak deriv)
set -uo pipefail
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
cd "$(dirname "$0")"
go build -o "$tmp/golem" ../cmd/golem || exit 1
if [ "${1:-}" = "--totals" ]; then
  shift
  total() { # CPU seconds of one run added to the named accumulator file
    /usr/bin/time -f '%U %S' -o "$tmp/time" "${@:2}" >/dev/null 2>&1 || return 1
    awk '{printf "%.2f\n", $1 + $2}' "$tmp/time" >>"$1"
  }
  printf '| %-10s | %8s | %8s |\n' program golem clisp-C
  printf '|%s|%s|%s|\n' ------------ ---------- ----------
  for f in ${*:-fib tak deriv}; do
    rm -f "$tmp/g" "$tmp/c"
    for _ in $(seq 10); do
      total "$tmp/g" "$tmp/golem" run "$f.lisp"
      total "$tmp/c" clisp -q -C "$f.lisp"
    done
    printf '| %-10s | %8s | %8s |\n' "$f" "$(awk '{s+=$1} END {printf "%.2f", s}' "$tmp/g")" \
      "$(awk '{s+=$1} END {printf "%.2f", s}' "$tmp/c")"
  done
  exit 0
fi
measure() { # "CPU-seconds peak-MB": medians of three runs, or "- -" when the command fails
  local cpus=() mems=()
  for _ in 1 2 3; do
    if ! /usr/bin/time -f '%U %S %M' -o "$tmp/time" "$@" >"$tmp/out" 2>&1; then echo "- -"; return; fi
    cpus+=("$(awk '{printf "%.3f", $1 + $2}' "$tmp/time")")
    mems+=("$(awk '{printf "%.0f", $3 / 1024}' "$tmp/time")")
  done
  echo "$(printf '%s\n' "${cpus[@]}" | sort -n | sed -n 2p) $(printf '%s\n' "${mems[@]}" | sort -n | sed -n 2p)"
}
have() { command -v "$1" >/dev/null; }
gabriel="boyer browse ctak dderiv deriv destructive div2-iter div2-rec fft fprint fread frpoly puzzle stak tak takl takr traverse triangle"
programs=${*:-fib cons string generic format wordcount loopkernel sort bignum $gabriel}
eval_col=${SBCL_EVAL:-}
printf '| %-11s | %8s | %5s | %8s | %5s | %8s | %5s |%s\n' program golem MB clisp-C MB sbcl MB "${eval_col:+ sbcl-eval |}"
printf '|%s|%s|%s|%s|%s|%s|%s|%s\n' ------------- ---------- ------- ---------- ------- ---------- ------- "${eval_col:+------------|}"
for f in $programs; do
  read -r g gm < <(measure "$tmp/golem" run "$f.lisp")
  if have clisp; then read -r c cm < <(measure clisp -q -C "$f.lisp"); else c=- cm=-; fi
  if have sbcl; then read -r s sm < <(measure sbcl --script "$f.lisp"); else s=- sm=-; fi
  e=
  if [ -n "$eval_col" ]; then
    read -r e _ < <(measure sbcl --noinform --non-interactive --eval '(setf sb-ext:*evaluator-mode* :interpret)' --load "$f.lisp")
    e=$(printf ' %10s |' "$e")
  fi
  printf '| %-11s | %8s | %5s | %8s | %5s | %8s | %5s |%s\n' "$f" "$g" "$gm" "$c" "$cm" "$s" "$sm" "$e"
done
read -r g gm < <(measure "$tmp/golem" eval '(+ 1 2)')
if have clisp; then read -r c cm < <(measure clisp -q -x '(+ 1 2)'); else c=- cm=-; fi
if have sbcl; then read -r s sm < <(measure sbcl --non-interactive --noinform --eval '(+ 1 2)'); else s=- sm=-; fi
printf '| %-11s | %8s | %5s | %8s | %5s | %8s | %5s |\n' startup "$g" "$gm" "$c" "$cm" "$s" "$sm"
