#!/usr/bin/env bash
# End-to-end solve time of `bel_pyramid ARGS` with each solver, median over
# seeds, and the ratio against a baseline solver measured in the same run.
# Usage: bench/solvers.sh [-a "ARGS"] [-r "SEEDS"] [-t LIMIT] [-s "SOLVERS"] [-b BASELINE]
#   defaults: -a 4  -r "1 2 3"  -t 600  -s "portfolio local cadical z3"  -b z3
# A run that gives up at the limit (`--timeout`) is marked * and counts as the
# limit, so a median with a * run is a lower bound.
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
args=4 seeds="1 2 3" limit=600 solvers="portfolio local cadical z3" baseline=z3
while getopts "a:r:t:s:b:h" opt; do
  case $opt in
    a) args=$OPTARG ;;
    r) seeds=$OPTARG ;;
    t) limit=$OPTARG ;;
    s) solvers=$OPTARG ;;
    b) baseline=$OPTARG ;;
    *) usage ;;
  esac
done
bin=build/bel_pyramid
source scripts/median.sh

declare -A med
echo "bel_pyramid $args, seeds: $seeds, limit ${limit}s"
echo
echo "| solver | runs (s) | median s | vs $baseline |"
echo "|---|---|---:|---:|"
rows=()
for solver in $solvers; do
  times=()
  for seed in $seeds; do
    start=$(date +%s.%N) status=0
    # shellcheck disable=SC2086  # args are plain words
    timeout $((limit + 30)) "$bin" $args --solver "$solver" --seed "$seed" --timeout "$limit" \
      >/dev/null 2>&1 || status=$?
    t=$(echo "$(date +%s.%N) - $start" | bc | awk '{printf "%.2f", $1}')
    [ "$status" = 0 ] || t="$limit*"
    times+=("$t")
  done
  med[$solver]=$(printf '%s\n' "${times[@]}" | tr -d '*' | median)
  rows+=("$solver|${times[*]}")
done
for row in "${rows[@]}"; do
  solver=${row%%|*}
  ratio=n/a
  [ -n "${med[$baseline]:-}" ] &&
    ratio=$(echo "${med[$baseline]} / ${med[$solver]}" | bc -l | awk '{printf "%.1f×", $1}')
  printf '| %s | %s | %.2f | %s |\n' "$solver" "${row#*|}" "${med[$solver]}" "$ratio"
done
