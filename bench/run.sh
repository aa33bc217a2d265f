#!/usr/bin/env bash
# Runs the benchmark programs through golem, SBCL (its evaluator and its
# compiler) and CLISP (compiled byte-code) and prints a table of wall times.
# Needs sbcl and clisp (apt-get install -y sbcl clisp) for their columns.
set -uo pipefail
cd "$(dirname "$0")"
go build -o /tmp/golem-bench ../cmd/golem || exit 1
t() { # seconds for a command, or "-" when it fails
  local s e
  s=$(date +%s.%N)
  if "$@" >/tmp/bench.out 2>&1; then e=$(date +%s.%N); echo "$e - $s" | bc | xargs printf '%.3f'; else echo "-"; fi
}
printf '| %-10s | %8s | %8s | %10s | %10s |\n' program golem clisp-C sbcl-eval sbcl
printf '|%s|%s|%s|%s|%s|\n' ------------ ---------- ---------- ------------ ------------
for f in fib tak ctak stak deriv cons string; do
  g=$(t /tmp/golem-bench run $f.lisp)
  c=$(command -v clisp >/dev/null && t clisp -q -C $f.lisp || echo "-")
  i=$(command -v sbcl >/dev/null && t sbcl --noinform --non-interactive --eval '(setf sb-ext:*evaluator-mode* :interpret)' --load $f.lisp || echo "-")
  s=$(command -v sbcl >/dev/null && t sbcl --script $f.lisp || echo "-")
  printf '| %-10s | %8s | %8s | %10s | %10s |\n' $f "$g" "$c" "$i" "$s"
done
g=$(t /tmp/golem-bench eval '(+ 1 2)')
c=$(command -v clisp >/dev/null && t clisp -q -x '(+ 1 2)' || echo "-")
s=$(command -v sbcl >/dev/null && t sbcl --non-interactive --noinform --eval '(+ 1 2)' || echo "-")
printf '| %-10s | %8s | %8s | %10s | %10s |\n' startup "$g" "$c" "-" "$s"
