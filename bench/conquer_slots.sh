#!/usr/bin/env bash
# What the shared slots of scripts/conquer.sh (--slots N, its default: a
# level's re-split trees at once, never more than N cubes solved at a time)
# save in wall time on N cores. One member's completion (default: ColumnStep's shift 5
# at N=8, refuted by a conquest of about 1400 CPU s) is split once; the same
# cubes are then conquered twice, one run after the other, as the N=8
# campaign conquered them: the trees of a level one after another (--slots
# 0, the baseline), then with --slots N; -j N for both. Prints for each the wall and CPU seconds
# (the CPU time is the run's own count: cubes, sub-cubes and splits) and how
# busy it kept the N cores (CPU / (N * wall)), then the ratio of the walls.
# Usage: bench/conquer_slots.sh [-n LEVELS] [-f SHIFT] [-j N] [-l LIMIT]
#   defaults: -n 8 -f 5 -j 2 -l 120 (15 whole-line cubes, re-splits into 15,
#   down to 8 levels, the CaDiCaL binary)
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
cd "$(dirname "$0")/.."
levels=8 shift=5 slots=2 limit=120
while getopts "n:f:j:l:h" opt; do
  case $opt in
    n) levels=$OPTARG ;;
    f) shift=$OPTARG ;;
    j) slots=$OPTARG ;;
    l) limit=$OPTARG ;;
    *) usage ;;
  esac
done
export BEL_PYRAMID=${BEL_PYRAMID:-$PWD/build/bel_pyramid}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$BEL_PYRAMID" "$levels" --hypothesis doc/hypotheses/families/ColumnStepShift.hyp --param "f=$shift" \
  --cnf-encoder completion --split 15 "$work/split" > /dev/null
# conquer NAME OPTION...: conquers a copy of the split, with conquer.sh's
# OPTIONs and then GNU parallel's -j N; writes its verdict, wall and CPU
# seconds, one a line, to $work/NAME.out.
conquer() {
  local name=$1 start end verdict cpu
  shift
  cp -r "$work/split" "$work/$name"
  start=$(date +%s.%N)
  verdict=$(SOLVER=cadical scripts/conquer.sh --cube-limit "$limit" --resplit 15 --depth 8 --split-by line "$@" \
    "$work/$name" -j "$slots" 2>&1 | tail -n 1) || true
  end=$(date +%s.%N)
  read -r _ _ cpu < "$work/$name/results/answer"
  printf '%s\n%s\n%s\n' "${verdict#conquer: }" "$(awk -v a="$start" -v b="$end" 'BEGIN { printf "%.1f", b - a }')" \
    "$cpu" > "$work/$name.out"
}
conquer sequential --slots 0
conquer slots --slots "$slots"
printf '%-30s %-24s %9s %9s %6s\n' run verdict "wall s" "CPU s" busy
for name in sequential slots; do
  { read -r verdict; read -r wall; read -r cpu; } < "$work/$name.out"
  row="trees one after another"
  [ $name = sequential ] || row="trees at once (--slots $slots)"
  printf '%-30s %-24s %9s %9s %6s\n' "$row" "$verdict" "$wall" "$cpu" \
    "$(awk -v c="$cpu" -v w="$wall" -v j="$slots" 'BEGIN { printf "%.0f%%", 100 * c / (j * w) }')"
done
awk -v a="$(sed -n 2p "$work/sequential.out")" -v b="$(sed -n 2p "$work/slots.out")" \
  'BEGIN { printf "wall time, one after another / at once: %.2fx\n", a / b }'
