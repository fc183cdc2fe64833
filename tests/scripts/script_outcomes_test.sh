#!/usr/bin/env bash
# The batch scripts say how they ended: options are refused (exit 2, one
# line) before any job starts, a missing binary is an error, a failed job is
# "failed" (never "no solution"), Ctrl-C is "interrupted", and the last line
# names the outcome (scripts/README.md, exit codes).
set -uo pipefail
scripts=$1 bin=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "script outcomes test: $*"; exit 1; }

# expect CODE WORDS COMMAND...: the exit code, and WORDS in the last stderr line.
expect() {
  local code=$1 words=$2 status=0
  shift 2
  "$@" >"$dir/out" 2>"$dir/err" || status=$?
  local last
  last=$(tail -n 1 "$dir/err")
  ((status == code)) || fail "$* exited $status, expected $code: $last"
  [[ $last == *"$words"* ]] || fail "$*: last line '$last' lacks '$words'"
}

hunt=$scripts/hunt.sh
expect 2 "-t must be a number" "$hunt" 4 -t abc -o "$dir/a" -b "$bin"
expect 2 "N must be a positive integer" "$hunt" x -o "$dir/a" -b "$bin"
expect 2 "-j must be a positive integer" "$hunt" 4 -j 0 -o "$dir/a" -b "$bin"
expect 2 "is used only with a search that keeps a state" "$hunt" 4 -m cadical -o "$dir/a" -b "$bin"
expect 2 "refused" "$hunt" 4 -o "$dir/a" -b "$bin" -- --strategy Nope
expect 2 "is not an executable" "$hunt" 4 -o "$dir/a" -b "$dir/no/bel_pyramid"
expect 2 "-l and -k are used only with -c" "$hunt" 4 -l 5 -o "$dir/a" -b "$bin"
expect 2 "-k must be an integer from 0 to 100000" "$hunt" 4 -c -k 1e3 -o "$dir/a" -b "$bin"
expect 2 "-l must be a positive number of seconds" "$hunt" 4 -c -l 0 -o "$dir/a" -b "$bin"
expect 2 "HUNT_MODE must be pool or independent" env HUNT_MODE=islands \
  "$scripts/hunt_job.sh" "$bin" "$dir/a" 4 1
[ -e "$dir/a/joblog" ] && fail "a refused hunt started jobs"
expect 3 "none found within the limit" "$hunt" 6 -j 2 -n 2 -t 0.3 -o "$dir/b" -b "$bin"
expect 0 "found" "$hunt" 3 -j 1 -n 1 -o "$dir/c" -b "$bin"
expect 4 "proved none" "$hunt" 3 -j 1 -n 1 -m portfolio -o "$dir/d" -b "$bin" -- \
  --strategy XStep --strategy YStep

# Ctrl-C to the hunt's process group, once every job runs: interrupted.
set -m
"$hunt" 7 -j 2 -n 2 -o "$dir/e" -b "$bin" >/dev/null 2>"$dir/err" &
pid=$!
set +m
for _ in $(seq 100); do
  [ -s "$dir/e/logs/seed-1.log" ] && [ -s "$dir/e/logs/seed-2.log" ] && break
  sleep 0.1
done
kill -INT -- -"$pid"
status=0
wait "$pid" || status=$?
((status == 130)) || fail "an interrupted hunt exited $status: $(tail -n 1 "$dir/err")"
[[ $(tail -n 1 "$dir/err") == *interrupted* ]] || fail "last line: $(tail -n 1 "$dir/err")"

count=$scripts/count_parts.sh
expect 2 "-t must be a number" env BEL_PYRAMID="$bin" "$count" -t x 3
expect 2 "N must be a positive integer" env BEL_PYRAMID="$bin" "$count" abc
expect 2 "supported up to N=5" env BEL_PYRAMID="$bin" "$count" 6
expect 2 "is not an executable" env BEL_PYRAMID="$dir/none" "$count" 3
expect 0 "exact" env BEL_PYRAMID="$bin" "$count" 2
grep -q '^Solutions: 2112$' "$dir/out" || fail "count_parts 2: $(cat "$dir/out")"
expect 2 "-q must be an integer" env BEL_PYRAMID="$bin" "$count" -q x 2
expect 0 "exact" env BEL_PYRAMID="$bin" "$count" -q 3 -o "$dir/q" 2
grep -q '^Solutions: 2112$' "$dir/out" || fail "count_parts -q 3 2: $(cat "$dir/out")"
grep -q '^Solutions up to symmetry: 31$' "$dir/out" || fail "count_parts -q 3 2: $(cat "$dir/out")"
[ "$(cat "$dir/q"/*_3 | wc -l)" = 3 ] || fail "count_parts -q 3 kept no line per part"
# A quotient part stopped by its time limit keeps its progress (PART.ckpt);
# the next run resumes it and gives the figures of the part counted whole.
expect 0 "exact" env BEL_PYRAMID="$bin" "$count" -q 5000 -f 1:1 -o "$dir/whole" 3
expect 3 "lower bounds" env BEL_PYRAMID="$bin" "$count" -q 5000 -f 1:1 -t 1 -o "$dir/cut" 3
grep -q '^c done ' "$dir/cut/0_5000.ckpt" || fail "a stopped quotient part kept no checkpoint"
expect 0 "exact" env BEL_PYRAMID="$bin" "$count" -q 5000 -f 1:1 -o "$dir/cut" 3
[ ! -e "$dir/cut/0_5000.ckpt" ] || fail "a finished part kept its checkpoint"
figures() { awk '{ print $1, $2, $3, $4, $5, $8, $9 }' "$1"; }
[ "$(figures "$dir/cut/0_5000")" = "$(figures "$dir/whole/0_5000")" ] ||
  fail "resumed part: $(cat "$dir/cut/0_5000"), whole: $(cat "$dir/whole/0_5000")"
# A part that fails (here: bel_pyramid refuses the run) fails the count.
printf '#!/bin/sh\ncase "$*" in *--count*) echo "bel_pyramid: error: boom" >&2; exit 1;; esac\nexec %q "$@"\n' \
  "$bin" >"$dir/broken"
chmod +x "$dir/broken"
expect 1 "failed" env BEL_PYRAMID="$dir/broken" "$count" 2
echo "script outcomes: refused, found, none within the limit, proved none, interrupted, failed"
