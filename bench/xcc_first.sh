#!/usr/bin/env bash
# First solution: `bel_pyramid N --solver S --seed K` for each N, solver and
# seed; CPU seconds of the whole process (user + system, the machine being
# shared), `*` = gave up at the wall-clock limit (its CPU seconds count in the
# median, which is then a lower bound), and the median and maximum over seeds.
# Usage: bench/xcc_first.sh [-n "NS"] [-s "SOLVERS"] [-r "SEEDS"] [-t LIMIT]
#   defaults: -n "3 4 5"  -s "xcc local"  -r "0 1 2 3 4 5 6 7 8 9"  -t 30
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
ns="3 4 5" solvers="xcc local" seeds="0 1 2 3 4 5 6 7 8 9" limit=30
while getopts "n:s:r:t:h" opt; do
  case $opt in
    n) ns=$OPTARG ;;
    s) solvers=$OPTARG ;;
    r) seeds=$OPTARG ;;
    t) limit=$OPTARG ;;
    *) usage ;;
  esac
done
bin=build/bel_pyramid
source scripts/median.sh
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

echo "First solution, CPU seconds, seeds: $seeds, limit ${limit}s wall"
echo
echo "| N | solver | runs (CPU s) | median | max |"
echo "|---|---|---|---:|---:|"
for n in $ns; do
  for solver in $solvers; do
    times=() runs=()
    for seed in $seeds; do
      status=0
      /usr/bin/time -o "$tmp" -f "%U %S" timeout $((limit + 30)) "$bin" "$n" --solver "$solver" \
        --seed "$seed" --timeout "$limit" >/dev/null 2>&1 || status=$?
      cpu=$(tail -1 "$tmp" | awk '{printf "%.2f", $1 + $2}')
      times+=("$cpu")
      runs+=("$cpu")
      [ "$status" = 0 ] || runs[-1]="$cpu*"
    done
    printf '| %s | %s | %s | %s | %s |\n' "$n" "$solver" "${runs[*]}" \
      "$(printf '%s\n' "${times[@]}" | median)" "$(printf '%s\n' "${times[@]}" | sort -g | tail -1)"
  done
done
