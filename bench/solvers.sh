#!/usr/bin/env bash
# End-to-end solve time of `bel_pyramid ARGS` with each solver, median over
# seeds, and the ratio against the Z3 path measured in the same run.
# Usage: bench/solvers.sh [-a "ARGS"] [-r "SEEDS"] [-t LIMIT] [-s "SOLVERS"]
#   defaults: -a 4  -r "1 2 3"  -t 600  -s "portfolio local cadical z3"
# A run that hits the limit counts as the limit (the median is then a bound).
set -euo pipefail
cd "$(dirname "$0")/.."
args=4 seeds="1 2 3" limit=600 solvers="portfolio local cadical z3"
while getopts "a:r:t:s:h" opt; do
  case $opt in
    a) args=$OPTARG ;;
    r) seeds=$OPTARG ;;
    t) limit=$OPTARG ;;
    s) solvers=$OPTARG ;;
    *) sed -n '2,7p' "$0"; exit 2 ;;
  esac
done
bin=build/bel_pyramid
source scripts/median.sh

declare -A med
echo "bel_pyramid $args, seeds: $seeds, limit ${limit}s"
echo
echo "| solver | runs (s) | median s | vs z3 |"
echo "|---|---|---:|---:|"
rows=()
for solver in $solvers; do
  times=()
  for seed in $seeds; do
    start=$(date +%s.%N)
    # shellcheck disable=SC2086  # args are plain words
    timeout "$limit" "$bin" $args --solver "$solver" --seed "$seed" >/dev/null 2>&1 || true
    times+=("$(echo "$(date +%s.%N) - $start" | bc | awk '{printf "%.2f", $1}')")
  done
  med[$solver]=$(printf '%s\n' "${times[@]}" | median)
  rows+=("$solver|${times[*]}")
done
for row in "${rows[@]}"; do
  solver=${row%%|*}
  ratio=n/a
  [ -n "${med[z3]:-}" ] && ratio=$(echo "${med[z3]} / ${med[$solver]}" | bc -l | awk '{printf "%.1fx", $1}')
  printf '| %s | %s | %.2f | %s |\n' "$solver" "${row#*|}" "${med[$solver]}" "$ratio"
done
