#!/usr/bin/env bash
# Runs combinations of strategies for one N through the in-process solver
# with a time limit, and prints a markdown table of SAT / UNSAT / timeout.
#
# Usage: scripts/strategy_sweep.sh N [-k SIZE] [-t SECONDS] [-s SOLVER] [-x "EXTRA ARGS"] [STRATEGY ...]
#   -k  all subsets of the strategies up to this size (default 1)
#   -t  time limit per run in seconds (default 60)
#   -s  --solver value (default cadical)
#   -x  extra bel_pyramid arguments, e.g. "--finite-domain enum"
#   STRATEGY ...  the strategies to combine (default: the whole registry)
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/usage.sh"  # usage (a usage error), --help
here=$(cd "$(dirname "$0")/.." && pwd)
bin=${BEL_PYRAMID:-$here/build/bel_pyramid}
[ $# -ge 1 ] || usage
levels=$1
shift
[[ $levels =~ ^[1-9][0-9]*$ ]] ||
  { echo "strategy_sweep.sh: N must be a positive integer, got '$levels'" >&2; exit 2; }
size=1 limit=60 solver=cadical extra=""
while getopts "k:t:s:x:h" opt; do
  case $opt in
    k) size=$OPTARG ;;
    t) limit=$OPTARG ;;
    s) solver=$OPTARG ;;
    x) extra=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
names=("$@")
[ ${#names[@]} -gt 0 ] || mapfile -t names < <("$bin" --list-strategies | awk '{print $1}')

# subsets K START PREFIX...: prints every subset of size 1..K, one per line.
subsets() {
  local k=$1 start=$2
  shift 2
  local i
  for ((i = start; i < ${#names[@]}; i++)); do
    echo "$* ${names[i]}"
    ((k > 1)) && subsets $((k - 1)) $((i + 1)) "$@" "${names[i]}"
  done
  return 0
}

echo "N=$levels, solver $solver, limit ${limit}s ${extra:+, $extra}"
echo
echo "| strategies | result | seconds |"
echo "|---|---|---:|"
subsets "$size" 0 | while read -r combo; do
  args=()
  for s in $combo; do args+=(--strategy "$s"); done
  start=$(date +%s.%N)
  # shellcheck disable=SC2086  # extra holds plain words
  status=0
  out=$("$bin" "$levels" "${args[@]}" $extra --solver "$solver" --timeout "$limit" \
    --sat-exit-codes 2>&1) || status=$?
  t=$(echo "$(date +%s.%N) - $start" | bc)
  case $status in
    10) result=SAT ;;
    20) result=UNSAT ;;
    0) result=TIMEOUT ;;  # unknown: the time limit ended the search
    *) result="ERROR (exit $status): $(grep -m1 error <<<"$out" || tail -n 1 <<<"$out")" ;;
  esac
  printf '| %s | %s | %.2f |\n' "$combo" "$result" "$t"
done
