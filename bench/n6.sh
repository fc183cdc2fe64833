#!/usr/bin/env bash
# The N=6 yardstick: the best cost each search reaches in a fixed time, per
# seed, and its median (no N=6 solution is known, so time-to-solution cannot
# be measured). Each run logs to a file; the best cost is its last log line.
# Usage: bench/n6.sh [-a "ARGS"] [-r "SEEDS"] [-t SECONDS] [-s "SOLVERS"] [-o DIR]
#   defaults: -a 6  -r "1 2 3"  -t 600  -s "local"  -o /tmp/bel_pyramid_n6
# SOLVERS are stateful entries of the solver table (they report a cost).
# Runs one search at a time: start two copies with other seeds to use two cores.
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
args=6 seeds="1 2 3" limit=600 solvers="local" dir=/tmp/bel_pyramid_n6
while getopts "a:r:t:s:o:h" opt; do
  case $opt in
    a) args=$OPTARG ;;
    r) seeds=$OPTARG ;;
    t) limit=$OPTARG ;;
    s) solvers=$OPTARG ;;
    o) dir=$OPTARG ;;
    *) usage ;;
  esac
done
bin=build/bel_pyramid
source scripts/median.sh
mkdir -p "$dir"
echo "bel_pyramid $args, seeds: $seeds, ${limit}s each, $(date -u +%FT%TZ), load $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| solver | best cost per seed | median | first reached (s, per seed) |"
echo "|---|---|---:|---|"
for solver in $solvers; do
  costs=() firsts=()
  for seed in $seeds; do
    log="$dir/$solver-seed-$seed.log"
    rm -f "$log"
    # shellcheck disable=SC2086  # args are plain words
    "$bin" $args --solver "$solver" --seed "$seed" --timeout "$limit" --log "$log" \
      >/dev/null 2>&1 || true
    best=$(grep -v '^#' "$log" | tail -n 1 | awk '{print $3}')
    # The first time the final best cost was logged.
    first=$(grep -v '^#' "$log" | awk -v b="$best" '$3 == b {print $1; exit}')
    costs+=("$best") firsts+=("$first")
  done
  m=$(printf '%s\n' "${costs[@]}" | median)
  echo "| $solver | ${costs[*]} | $m | ${firsts[*]} |"
done
