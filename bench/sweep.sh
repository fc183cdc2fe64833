#!/usr/bin/env bash
# A family swept end to end (bel_pyramid --sweep, doc/families.md): every
# member of doc/hypotheses/families/Affine.hyp (or -f FAMILY) at each N, one
# member at a time (--threads 1) within --conflicts K, in a fresh directory.
# Prints per N the members, the answers and the CPU seconds of the process
# (user + system), from the sweep's own table (jq).
# Usage: bench/sweep.sh [-n "N ..."] [-f FAMILY] [-k CONFLICTS] [-a]
#   defaults: -n "3 4 5" -f doc/hypotheses/families/Affine.hyp -k 100000;
#   -a: --every-member (no classes under the symmetries)
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
levels="3 4 5" family=doc/hypotheses/families/Affine.hyp conflicts=100000 every=()
while getopts "n:f:k:ah" opt; do
  case $opt in
    n) levels=$OPTARG ;;
    f) family=$OPTARG ;;
    k) conflicts=$OPTARG ;;
    a) every=(--every-member) ;;
    *) usage ;;
  esac
done
bin=${BEL_PYRAMID:-build/bel_pyramid}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "| N | members | found | refuted | undecided | CPU s |"
echo "|---|---:|---:|---:|---:|---:|"
for n in $levels; do
  status=0
  /usr/bin/time -o "$work/time" -f "%U %S" "$bin" "$n" --hypothesis "$family" \
    --sweep "$work/s$n" --conflicts "$conflicts" --threads 1 "${every[@]}" -q >/dev/null || status=$?
  ((status == 0 || status == 3)) || { echo "sweep.sh: the sweep at N=$n failed ($status)" >&2; exit 1; }
  cpu=$(tail -n 1 "$work/time" | awk '{ printf "%.1f", $1 + $2 }')
  jq -r --arg cpu "$cpu" --arg n "$n" \
    '"| \($n) | \(.members | length) | \(.totals.found // 0) | \(.totals.refuted // 0) | \(.totals.undecided // 0) | \($cpu) |"' \
    "$work/s$n/sweep.json"
done
