#!/usr/bin/env bash
# What a sweep member's kept learned clauses (--keep-learned) save when its
# search is stopped and started again. One member (default: ColumnStep's
# shift 2 at N=7 with level 5's Y lines freed, refuted by CaDiCaL in about a
# minute), per seed: the whole search in one go (the baseline), then a first
# leg of K conflicts that keeps its learned clauses and a second leg without
# a limit that starts from them. Prints CPU seconds (user + system) per seed,
# the medians, and the ratio of the two legs' sum to the baseline (1.0: a
# stop costs nothing; the second leg alone from nothing would cost about the
# baseline again).
# Usage: bench/learned_resume.sh [-n N] [-p "--param ..."] [-k K] [-s "SEEDS"]
#   defaults: -n 7 -p "f=2..2 j=5..5 k=1" -k 500000 -s "1 2 3 4 5 6 7 8 9 10"
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
source scripts/median.sh
levels=7 params="f=2..2 j=5..5 k=1" first=500000 seeds="1 2 3 4 5 6 7 8 9 10"
while getopts "n:p:k:s:h" opt; do
  case $opt in
    n) levels=$OPTARG ;;
    p) params=$OPTARG ;;
    k) first=$OPTARG ;;
    s) seeds=$OPTARG ;;
    *) usage ;;
  esac
done
bin=${BEL_PYRAMID:-build/bel_pyramid}
family=doc/hypotheses/families/ColumnStepFreeLevels.hyp
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
param_args=()
for p in $params; do param_args+=(--param "$p"); done
# CPU seconds of one sweep run; its answer goes to $work/answer.
sweep() {
  local dir=$1 status=0
  shift
  /usr/bin/time -o "$work/time" -f "%U %S" "$bin" "$levels" --hypothesis "$family" \
    "${param_args[@]}" --sweep "$dir" --solver cadical --threads 1 -q "$@" >/dev/null || status=$?
  ((status == 0 || status == 3)) || { echo "learned_resume.sh: a sweep failed ($status)" >&2; exit 1; }
  jq -r '[.members[] | select(.answer != "not run") | .answer] | join(",")' "$dir/sweep.json" \
    >"$work/answer"
  tail -n 1 "$work/time" | awk '{ printf "%.1f", $1 + $2 }'
}
echo "| seed | baseline CPU s | first leg ($first conflicts) | learned kept | second leg | legs' sum | answer |"
echo "|---:|---:|---:|---:|---:|---:|---|"
: >"$work/rows"
for s in $seeds; do
  base=$(sweep "$work/base$s" --seed "$s")
  answer=$(cat "$work/answer")
  leg1=$(sweep "$work/legs$s" --seed "$s" --conflicts "$first" --keep-learned)
  kept=0
  for f in "$work/legs$s"/learned/*.cnf.xz; do
    [ -e "$f" ] && kept=$(xz -dc "$f" | awk '/^p cnf/ { n = $4 } END { print n }')
  done
  leg2=$(sweep "$work/legs$s" --seed "$s" --keep-learned)
  sum=$(awk -v a="$leg1" -v b="$leg2" 'BEGIN { printf "%.1f", a + b }')
  echo "| $s | $base | $leg1 | $kept | $leg2 | $sum | $answer, $(cat "$work/answer") |"
  echo "$base $sum $leg2" >>"$work/rows"
done
mb=$(cut -d' ' -f1 "$work/rows" | median)
ms=$(cut -d' ' -f2 "$work/rows" | median)
m2=$(cut -d' ' -f3 "$work/rows" | median)
echo
echo "median: baseline $mb CPU s, legs' sum $ms, second leg $m2; legs' sum / baseline $(awk -v a="$ms" -v b="$mb" 'BEGIN { printf "%.2f", a / b }')"
