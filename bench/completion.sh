#!/usr/bin/env bash
# The construction's Z lines, several ways, on the same seeds in one run: the
# whole native formulation with CaDiCaL (`--hypothesis ColumnStep.hyp
# --solver cadical --cnf-tune completion=off`, the baseline), the
# exact-cover completion that `--solver construct` uses
# (src/solvers/completion.hpp: pairwise at-most-one, CaDiCaL's "sat"
# configuration), the completion with the sequential at-most-one
# (completion-sequential), with the product at-most-one
# (completion-product), and with CaDiCaL's default and "unsat"
# configurations (completion-default, completion-unsat). With -f, the
# members of ColumnStepShift.hyp (`Y = y + h + f`, the shifts f given)
# instead of ColumnStep, one row per N, member and way; with -y FAMILY too,
# that family's members, each given as its bindings (`f=3,r=4`; a bare
# number is `f=NUMBER`), such as the partial shapes whose completion pairs
# labels at positions with two free lines. LIMIT is CPU seconds
# (ulimit -t), so a shared machine slows a run without capping it. Prints
# CPU seconds (user + system) and peak memory per run, then
# per row the median, the answered count and the ratio of medians to the
# first way's.
# Usage: bench/completion.sh [-n "N ..."] [-y FAMILY] [-f "MEMBER ..."] [-s "SEED ..."] [-t LIMIT]
#                            [-w "WAYS"]
#   defaults: -n "6 7" -s "1 2 3 4 5 6 7 8 9 10" -t 300 -w "full completion completion-default"
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
levels="6 7" family=doc/hypotheses/families/ColumnStepShift.hyp shifts="" seeds="1 2 3 4 5 6 7 8 9 10" limit=300 ways="full completion completion-default"
while getopts "n:y:f:s:t:w:h" opt; do
  case $opt in
    n) levels=$OPTARG ;;
    y) family=$OPTARG ;;
    f) shifts=$OPTARG ;;
    s) seeds=$OPTARG ;;
    t) limit=$OPTARG ;;
    w) ways=$OPTARG ;;
    *) usage ;;
  esac
done
bin=${BEL_PYRAMID:-build/bel_pyramid}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT

# CPU seconds of one run, with a "*" when it did not answer (found or refuted).
# The shape of a row: ColumnStep (member "-") or the family's member.
run() {
  local n=$1 member=$2 way=$3 seed=$4 shape args status=0 binding bindings
  if [ "$member" = - ]; then
    shape=(--hypothesis doc/hypotheses/ColumnStep.hyp)
  else
    shape=(--hypothesis "$family")
    [[ $member == *=* ]] || member=f=$member
    IFS=, read -r -a bindings <<< "$member"
    for binding in "${bindings[@]}"; do shape+=(--param "$binding"); done
  fi
  case $way in
    full) args=(--cnf-tune completion=off) ;;
    completion) args=() ;;
    completion-default) args=(--cnf-tune cadical-config=default) ;;
    completion-unsat) args=(--cnf-tune cadical-config=unsat) ;;
    completion-sequential) args=(--cnf-tune completion-amo=sequential) ;;
    completion-product) args=(--cnf-tune completion-amo=product) ;;
    *) echo "completion.sh: unknown way '$way'" >&2; exit 2 ;;
  esac
  (ulimit -t "$limit" && exec /usr/bin/time -o "$tmp" -f "%U %S %M" "$bin" "$n" "${shape[@]}" \
    --solver cadical "${args[@]}" --seed "$seed" --sat-exit-codes -q >/dev/null 2>&1) || status=$?
  tail -n 1 "$tmp" | awk -v s="$status" '{ printf "%.2f%s %d\n", $1 + $2, s == 10 || s == 20 ? "" : "*", $3 / 1024 }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "| N | f | way | CPU s per seed ($seeds) | peak MB | median CPU s | answered | vs first |"
echo "|---|---|---|---|---:|---:|---:|---:|"
for n in $levels; do
  for member in ${shifts:--}; do
    base=""
    for way in $ways; do
      times=() peak=0 solved=0
      for seed in $seeds; do
        read -r t mb < <(run "$n" "$member" "$way" "$seed")
        times+=("$t")
        [[ $t == *'*' ]] || solved=$((solved + 1))
        if ((mb > peak)); then peak=$mb; fi
      done
      med=$(printf '%s\n' "${times[@]}" | tr -d '*' | median)
      [ -z "$base" ] && base=$med
      ratio=$(awk -v a="$base" -v b="$med" 'BEGIN { printf "%.2f", (b > 0 ? a / b : 0) }')
      echo "| $n | $member | $way | ${times[*]} | $peak | $med | $solved | ${ratio}x |"
    done
  done
done
