#!/usr/bin/env bash
# Runs an external SAT solver on every benchmark written by
# generate_benchmarks.sh, re-imports each certificate through
# `bel_pyramid ARGS --cnf FILE --cert CERT` (which checks every clause and
# validates the solution), and prints a markdown table like the published one.
# Times are CPU seconds (user + system) of the solver process, so a busy
# machine skews them far less than wall-clock times; the limit is a CPU limit.
#
# Usage: scripts/run_benchmarks.sh [-d DIR] [-b DIR] [-s SOLVER] [-t SECONDS] [-r "SEEDS"] [-f REGEX]
#   -d  benchmark directory (default benchmarks/)
#   -b  baseline directory (e.g. the z3-encoded family): each benchmark and
#       seed is also run there, and the table adds its times and the ratio
#   -s  solver binary (default: kissat if on PATH, else cadical)
#   -t  CPU-time limit per run in seconds (default 600)
#   -r  seeds, one run each; the table shows the median time (default "1")
#   -f  only the benchmarks whose name matches REGEX
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/usage.sh"  # usage (a usage error), --help
here=$(cd "$(dirname "$0")/.." && pwd)
dir=benchmarks baseline='' limit=600 seeds=1 filter=.
solver=$(command -v kissat || command -v cadical || true)
while getopts "d:b:s:t:r:f:h" opt; do
  case $opt in
    d) dir=$OPTARG ;;
    b) baseline=$OPTARG ;;
    s) solver=$OPTARG ;;
    t) limit=$OPTARG ;;
    r) seeds=$OPTARG ;;
    f) filter=$OPTARG ;;
    *) usage ;;
  esac
done
bin=${BEL_PYRAMID:-$here/build/bel_pyramid}
fail() { echo "run_benchmarks.sh: error: $*" >&2; exit 1; }
[ -n "$solver" ] && command -v "$solver" >/dev/null || fail "no solver (install cadical or pass -s)"
for d in "$dir" $baseline; do
  [ -f "$d/benchmarks.tsv" ] || fail "$d/benchmarks.tsv missing (run generate_benchmarks.sh)"
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

source "$here/scripts/median.sh"

# The encoder a family was written with, read from its first file's header.
encoder_of() {
  zcat "$(ls "$1"/*.cnf.gz | head -n 1)" | sed -n 's/^c N: .* encoder: \([a-z0-9]*\).*/\1/p' | head -n 1
}

# run_one CNF SEED: runs the solver under the CPU limit, leaves its output in
# $work/cert and prints "RESULT CPU-SECONDS".
run_one() {
  local TIMEFORMAT='%3U %3S' status=0 cpu
  cpu=$({ time (ulimit -t "$limit"; "$solver" --seed="$2" "$1" > "$work/cert" 2>/dev/null); } 2>&1) || status=$?
  cpu=$(echo "$cpu" | tail -n 1 | awk '{print $1 + $2}')
  case $status in
    10) echo "SAT $cpu" ;;
    20) echo "UNSAT $cpu" ;;
    *) echo "TIMEOUT $cpu" ;;
  esac
}

# validate ARGS ENCODER CNF: re-imports $work/cert against CNF and the puzzle
# (exit 10: a solution, validated).
validate() {
  local status=0
  # shellcheck disable=SC2086  # args are plain words
  "$bin" $1 --cnf-encoder "$2" --cnf "$3" --cert "$work/cert" --sat-exit-codes > "$work/out" 2>&1 ||
    status=$?
  [ "$status" = 10 ]
}

# family NAME ARGS DIR ENCODER: runs every seed on DIR/NAME.cnf.gz and prints
# "RESULT MEDIAN-SECONDS VALIDATED"; a timeout ends the seeds (shown as >limit).
family() {
  local cnf="$3/$1.cnf.gz" times=() result=UNKNOWN validated=n/a r t
  for seed in $seeds; do
    read -r r t < <(run_one "$cnf" "$seed")
    result=$r
    [ "$r" = TIMEOUT ] && { echo "TIMEOUT >$limit n/a"; return; }
    times+=("$t")
    if [ "$r" = SAT ]; then
      if validate "$2" "$4" "$cnf"; then [ "$validated" = NO ] || validated=yes; else validated=NO; fi
    fi
  done
  echo "$result $(printf "%s\n" "${times[@]}" | median | xargs printf "%.2f") $validated"
}

# ratio BASE OURS: how many times faster ours is (">x" when the base timed out).
ratio() {
  case "$1$2" in
    *'>'*'>'*) echo "n/a" ;;
    '>'*) awk -v b="${1#>}" -v o="$2" 'BEGIN {printf ">%.1f×", b / (o > 0.01 ? o : 0.01)}' ;;
    *'>'*) awk -v b="$1" -v o="${2#>}" 'BEGIN {printf "<%.2f×", b / o}' ;;
    *) awk -v b="$1" -v o="$2" 'BEGIN {printf "%.2f×", b / (o > 0.01 ? o : 0.01)}' ;;
  esac
}

enc=$(encoder_of "$dir")
echo "solver: $(basename "$solver"), CPU limit ${limit}s, seeds: $seeds, encoder: ${enc:-native}${baseline:+, baseline: $baseline ($(encoder_of "$baseline"))}"
echo
if [ -n "$baseline" ]; then
  echo "| benchmark | expected | result | CPU s (median) | validated | baseline result | baseline CPU s | speed-up | original kissat s |"
  echo "|---|---|---|---:|---|---|---:|---:|---:|"
else
  echo "| benchmark | expected | result | CPU s (median) | validated | original kissat s |"
  echo "|---|---|---|---:|---|---:|"
fi
grep -v '^#' "$dir/benchmarks.tsv" | awk -F'\t' -v re="$filter" '$1 ~ re' |
  while IFS=$'\t' read -r name args expected original; do
    [ -f "$dir/$name.cnf.gz" ] || continue
    read -r result t validated < <(family "$name" "$args" "$dir" "${enc:-native}")
    if [ -n "$baseline" ] && [ -f "$baseline/$name.cnf.gz" ]; then
      read -r bresult bt bvalidated < <(family "$name" "$args" "$baseline" "$(encoder_of "$baseline")")
      [ "$bvalidated" = NO ] && bresult="$bresult (NOT validated)"
      echo "| $name | $expected | $result | $t | $validated | $bresult | $bt | $(ratio "$bt" "$t") | $original |"
    else
      echo "| $name | $expected | $result | $t | $validated | $original |"
    fi
  done
