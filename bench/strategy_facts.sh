#!/usr/bin/env bash
# Checks the published SAT/UNSAT facts (doc/model.md) too slow for the
# test suite, through the in-process solvers, and prints a markdown table.
# Usage: bench/strategy_facts.sh [-t SECONDS] [-s SOLVER]   (defaults 900, portfolio)
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
limit=900 solver=portfolio
while getopts "t:s:h" opt; do
  case $opt in
    t) limit=$OPTARG ;;
    s) solver=$OPTARG ;;
    *) usage ;;
  esac
done
facts=(
  "SAT|3 --strategy ConstructiveBottom"
  "UNSAT|4 --strategy ConstructiveBottom"
  "SAT|3 --strategy ConstructiveShell"
  "UNSAT|4 --strategy ConstructiveShell"
  "UNSAT|3 --strategy XStep --strategy YStep"
  "SAT|4 --strategy ConstructiveTripleDiagonal"
  "SAT|5 --strategy ConstructiveTripleDiagonal"
  "SAT|5 --strategy YStep"
  "UNSAT|5 --strategy ConstructiveDiagonal"
)
echo "solver $solver, limit ${limit}s"
echo
echo "| bel_pyramid arguments | published | result | seconds |"
echo "|---|---|---|---:|"
for fact in "${facts[@]}"; do
  expected=${fact%%|*} args=${fact#*|}
  start=$(date +%s.%N)
  # shellcheck disable=SC2086  # args are plain words
  status=0
  build/bel_pyramid $args --solver "$solver" --timeout "$limit" --sat-exit-codes >/dev/null 2>&1 ||
    status=$?
  t=$(echo "$(date +%s.%N) - $start" | bc)
  case $status in
    10) result=SAT ;;
    20) result=UNSAT ;;
    0) result=TIMEOUT ;;  # unknown: the time limit ended the search
    *) result="ERROR (exit $status)" ;;
  esac
  printf '| %s | %s | %s | %.2f |\n' "$args" "$expected" "$result" "$t"
done
