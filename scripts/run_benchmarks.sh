#!/usr/bin/env bash
# Runs an external SAT solver on every benchmark written by
# generate_benchmarks.sh, re-imports each certificate through
# `bel_pyramid ARGS --cnf FILE --cert CERT` (which checks every clause and
# validates the solution), and prints a markdown table like SPEC §6's.
#
# Usage: scripts/run_benchmarks.sh [-d DIR] [-s SOLVER] [-t SECONDS] [-r "SEEDS"] [-f REGEX]
#   -d  benchmark directory (default benchmarks/)
#   -s  solver binary (default: kissat if on PATH, else cadical)
#   -t  time limit per run in seconds (default 600)
#   -r  seeds, one run each; the table shows the median time (default "1")
#   -f  only the benchmarks whose name matches REGEX
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
dir=benchmarks limit=600 seeds=1 filter=.
solver=$(command -v kissat || command -v cadical || true)
while getopts "d:s:t:r:f:h" opt; do
  case $opt in
    d) dir=$OPTARG ;;
    s) solver=$OPTARG ;;
    t) limit=$OPTARG ;;
    r) seeds=$OPTARG ;;
    f) filter=$OPTARG ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
done
bin=${BEL_PYRAMID:-$here/build/bel_pyramid}
[ -n "$solver" ] && command -v "$solver" >/dev/null || { echo "run_benchmarks.sh: error: no solver (install cadical or pass -s)" >&2; exit 1; }
[ -f "$dir/benchmarks.tsv" ] || { echo "run_benchmarks.sh: error: $dir/benchmarks.tsv missing (run generate_benchmarks.sh)" >&2; exit 1; }
encoder=$(zcat "$(ls "$dir"/*.cnf.gz | head -n 1)" | sed -n 's/^c N: .* encoder: \([a-z0-9]*\).*/\1/p' | head -n 1)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

source "$here/scripts/median.sh"

echo "solver: $(basename "$solver"), limit ${limit}s, seeds: $seeds, encoder: ${encoder:-native}"
echo
echo "| benchmark | expected | result | seconds (median) | validated | original kissat s |"
echo "|---|---|---|---:|---|---:|"
grep -v '^#' "$dir/benchmarks.tsv" | awk -F'\t' -v re="$filter" '$1 ~ re' |
  while IFS=$'\t' read -r name args expected original; do
    cnf="$dir/$name.cnf.gz"
    [ -f "$cnf" ] || continue
    times=() result=UNKNOWN validated=n/a
    for seed in $seeds; do
      start=$(date +%s.%N)
      status=0
      timeout "$limit" "$solver" --seed="$seed" "$cnf" > "$work/$name.cert" 2>/dev/null || status=$?
      times+=("$(echo "$(date +%s.%N) - $start" | bc)")
      case $status in
        10) result=SAT ;;
        20) result=UNSAT ;;
        *) result=TIMEOUT; break ;;
      esac
      if [ "$result" = SAT ]; then
        # shellcheck disable=SC2086  # args are plain words
        if "$bin" $args --cnf-encoder "${encoder:-native}" --cnf "$cnf" --cert "$work/$name.cert" \
             > "$work/$name.out" 2>&1 && grep -q '^Solution:' "$work/$name.out"; then
          validated=yes
        else
          validated=NO
        fi
      fi
    done
    t=$(printf '%s\n' "${times[@]}" | median)
    printf '| %s | %s | %s | %.2f | %s | %s |\n' "$name" "$expected" "$result" "$t" "$validated" "$original"
  done
