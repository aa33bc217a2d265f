#!/usr/bin/env bash
# Runs the benchmark programs through golem, CLISP (compiled byte-code),
# SBCL's evaluator and SBCL's compiler, and prints a Markdown table of CPU
# seconds (user+sys, the median of three runs; CPU time is robust on a shared
# machine). Needs GNU time, and sbcl and clisp (apt-get install -y sbcl clisp)
# for their columns.
#
#   bench/run.sh [PROGRAM...]           the table (all programs by default)
#   bench/run.sh --totals [PROGRAM...]  total CPU seconds of ten runs each, golem
#                                       and CLISP alternating (default: fib tak deriv)
set -uo pipefail
cd "$(dirname "$0")"
go build -o /tmp/golem-bench ../cmd/golem || exit 1
if [ "${1:-}" = "--totals" ]; then
  shift
  total() { # CPU seconds of one run added to the named accumulator file
    /usr/bin/time -f '%U %S' -o /tmp/bench.time "${@:2}" >/dev/null 2>&1 || return 1
    awk '{printf "%.2f\n", $1 + $2}' /tmp/bench.time >>"$1"
  }
  printf '| %-10s | %8s | %8s |\n' program golem clisp-C
  printf '|%s|%s|%s|\n' ------------ ---------- ----------
  for f in ${*:-fib tak deriv}; do
    rm -f /tmp/bench.g /tmp/bench.c
    for _ in $(seq 10); do
      total /tmp/bench.g /tmp/golem-bench run "$f.lisp"
      total /tmp/bench.c clisp -q -C "$f.lisp"
    done
    printf '| %-10s | %8s | %8s |\n' "$f" "$(awk '{s+=$1} END {printf "%.2f", s}' /tmp/bench.g)" \
      "$(awk '{s+=$1} END {printf "%.2f", s}' /tmp/bench.c)"
  done
  exit 0
fi
cpu() { # median CPU seconds of three runs, or "-" when the command fails
  local runs=()
  for _ in 1 2 3; do
    if ! /usr/bin/time -f '%U %S' -o /tmp/bench.time "$@" >/tmp/bench.out 2>&1; then echo "-"; return; fi
    runs+=("$(awk '{printf "%.3f", $1 + $2}' /tmp/bench.time)")
  done
  printf '%s\n' "${runs[@]}" | sort -n | sed -n 2p
}
have() { command -v "$1" >/dev/null; }
programs=${*:-fib tak ctak stak deriv cons string generic format wordcount loopkernel sort bignum}
printf '| %-10s | %8s | %8s | %10s | %8s |\n' program golem clisp-C sbcl-eval sbcl
printf '|%s|%s|%s|%s|%s|\n' ------------ ---------- ---------- ------------ ----------
for f in $programs; do
  g=$(cpu /tmp/golem-bench run "$f.lisp")
  c=$(have clisp && cpu clisp -q -C "$f.lisp" || echo "-")
  i=$(have sbcl && cpu sbcl --noinform --non-interactive --eval '(setf sb-ext:*evaluator-mode* :interpret)' --load "$f.lisp" || echo "-")
  s=$(have sbcl && cpu sbcl --script "$f.lisp" || echo "-")
  printf '| %-10s | %8s | %8s | %10s | %8s |\n' "$f" "$g" "$c" "$i" "$s"
done
g=$(cpu /tmp/golem-bench eval '(+ 1 2)')
c=$(have clisp && cpu clisp -q -x '(+ 1 2)' || echo "-")
s=$(have sbcl && cpu sbcl --non-interactive --noinform --eval '(+ 1 2)' || echo "-")
printf '| %-10s | %8s | %8s | %10s | %8s |\n' startup "$g" "$c" "-" "$s"
