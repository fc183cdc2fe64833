#!/usr/bin/env bash
# Counting speed of the two engines in the same run, and `--solver xcc`
# beside `--solver local` on N=4 and N=5.
#
#   1. counting: `bel_pyramid ARGS --count` with the XCC engine and with
#      CaDiCaL + blocking clauses (--solver cadical); complete counts (N=2,
#      N=3 YStep + ConstructiveTripleDiagonal) and a partial one under
#      --timeout (an N=3 centre pattern): solutions per second and
#      the engine's own rate (XCC nodes, CaDiCaL solve calls), median of the
#      runs, and XCC's speed-up in solutions per second.
#   2. finding one solution: bench/solvers.sh with -s "xcc local" -b local.
#
# Usage: bench/count.sh [-r RUNS] [-t SECONDS] [-c SECONDS] [-s "SEEDS"] [-p]
#   -r  runs of each counting row (default 3)
#   -t  time limit of the partial N=3 counts (default 20)
#   -c  time limit of each N=4/N=5 solve (default 30)
#   -s  seeds of the solves (default "1 2 3 4 5")
#   -p  counting rows only (skip part 2)
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
runs=3 limit=20 cap=30 seeds="1 2 3 4 5" solves=1
while getopts "r:t:c:s:ph" opt; do
  case $opt in
    r) runs=$OPTARG ;;
    t) limit=$OPTARG ;;
    c) cap=$OPTARG ;;
    s) seeds=$OPTARG ;;
    p) solves=0 ;;
    *) usage ;;
  esac
done
bin=build/bel_pyramid
source scripts/median.sh

# Prints "SECONDS SOLUTIONS NODES" of one count (wall seconds of the whole
# process, so N=2 rows include start-up); the figures are the count's --json
# result's (a lower bound when the time limit cut the count).
count_once() {
  local json start
  start=$(date +%s.%N)
  # shellcheck disable=SC2086  # args are plain words
  json=$(nice -n 5 "$bin" $1 --count --solver "$2" --json - 2>/dev/null || true)
  echo "$(echo "$(date +%s.%N) - $start" | bc)" \
    "$(jq -r '.count // {} | "\(.solutions // "") \(.nodes // "")"' <<<"$json" 2>/dev/null)"
}

echo "Counting, median of $runs runs (partial rows stop at ${limit}s)"
echo
echo "| instance | engine | s | solutions | solutions/s | engine rate/s | xcc vs cadical (solutions/s) |"
echo "|---|---|---:|---:|---:|---:|---:|"
for args in "2" "3 --strategy YStep --strategy ConstructiveTripleDiagonal" \
  "3 --centre-pattern 0,0,1,2,3,1,4 --timeout $limit"; do
  declare -A rate=()
  for engine in xcc cadical; do
    secs=() sols=() nodes=()
    for _ in $(seq "$runs"); do
      read -r s n k < <(count_once "$args" "$engine")
      secs+=("$s") sols+=("$n") nodes+=("$k")
    done
    s=$(printf '%s\n' "${secs[@]}" | median)
    n=$(printf '%s\n' "${sols[@]}" | median)
    k=$(printf '%s\n' "${nodes[@]}" | median)
    rate[$engine]=$(echo "$n / $s" | bc -l)
    unit=nodes
    [ "$engine" = cadical ] && unit=calls
    ratio=''
    [ "$engine" = cadical ] &&
      ratio=$(echo "${rate[xcc]} / ${rate[cadical]}" | bc -l | awk '{printf "%.1f×", $1}')
    printf '| %s | %s | %.3f | %s | %.0f | %.0f %s | %s |\n' "$args" "$engine" "$s" "$n" \
      "${rate[$engine]}" "$(echo "$k / $s" | bc -l)" "$unit" "$ratio"
  done
done

[ "$solves" = 1 ] || exit 0
for n in 4 5; do
  echo
  bench/solvers.sh -a "$n" -r "$seeds" -t "$cap" -s "xcc local" -b local
done
