#!/usr/bin/env bash
# Listing K distinct validated solutions: each engine on the same instance in
# the same run, CPU seconds of the whole process (user + system; the machine
# is shared) and the solutions it listed, `*` = stopped at the wall-clock limit.
#   xcc      bel_pyramid N --all --max-solutions K --solver xcc (restarts)
#   cadical  bel_pyramid N --all --max-solutions K --solver cadical (blocking clauses)
#   local    bel_pyramid N --sample K (local search, one solution per seed)
#   default  bel_pyramid N --all --max-solutions K (the engine chosen for N)
# Usage: bench/listing.sh [-c "N:K ..."] [-t LIMIT] [-e "ENGINES"]
#   defaults: -c "3:100 4:10 5:10"  -t 120  -e "xcc cadical local default"
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
cases="3:100 4:10 5:10" limit=120 engines="xcc cadical local default"
while getopts "c:t:e:h" opt; do
  case $opt in
    c) cases=$OPTARG ;;
    t) limit=$OPTARG ;;
    e) engines=$OPTARG ;;
    *) usage ;;
  esac
done
bin=${BEL_PYRAMID:-build/bel_pyramid}
tmp=$(mktemp) out=$(mktemp) json=$(mktemp)
trap 'rm -f "$tmp" "$out" "$json"' EXIT

echo "Listing, CPU seconds, limit ${limit}s wall"
echo
echo "| N | K | engine | CPU s | listed | engine named |"
echo "|---|---:|---|---:|---:|---|"
for c in $cases; do
  n=${c%%:*} k=${c##*:}
  for engine in $engines; do
    # The figures come from the run's --json result.
    case $engine in
      xcc | cadical) args=(--all --max-solutions "$k" --solver "$engine" --json "$json") ;;
      local) args=(--sample "$k" --json "$json") ;;
      default) args=(--all --max-solutions "$k" --json "$json") ;;
    esac
    : >"$json"
    status=0
    /usr/bin/time -o "$tmp" -f "%U %S" timeout $((limit + 30)) "$bin" "$n" "${args[@]}" \
      --timeout "$limit" >"$out" 2>/dev/null || status=$?
    cpu=$(tail -1 "$tmp" | awk '{printf "%.2f", $1 + $2}')
    [ "$status" = 0 ] || cpu="$cpu*"
    read -r listed named < <(jq -r '"\(.count.solutions // 0) \(.solver // "?")"' "$json" 2>/dev/null ||
      echo "0 ?")
    printf '| %s | %s | %s | %s | %s | %s |\n' "$n" "$k" "$engine" "$cpu" "$listed" "$named"
  done
done
