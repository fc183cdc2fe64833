#!/usr/bin/env bash
# One job of a hunt (scripts/hunt.sh, scripts/hunt.slurm): searches with one
# seed, logging and checkpointing into DIR, resuming from DIR's checkpoint of
# that seed when there is one. Exits 0 only for a validated solution (then in
# DIR/results/seed-S.out), 3 when the time limit ended the search without one,
# 4 when a complete search proved that none exists, 130 when interrupted, 1
# when bel_pyramid failed, 2 for a usage error.
#
#   [SOLVER=local] hunt_job.sh BINARY DIR N SEED [bel_pyramid options...]
#
# SOLVER names the search (a stateful entry of the solver table, or a
# portfolio with such racers: "portfolio --portfolio local,cadical").
set -uo pipefail
if (($# < 4)); then
  echo "usage: hunt_job.sh BINARY DIR N SEED [bel_pyramid options...]" >&2
  exit 2
fi
bin=$1 dir=$2 n=$3 seed=$4
shift 4
mkdir -p "$dir/logs" "$dir/checkpoints" "$dir/results"
checkpoint="$dir/checkpoints/seed-$seed.ckpt"
resume=()
[ -s "$checkpoint" ] && resume=(--resume "$checkpoint")
out="$dir/results/seed-$seed.out"
# shellcheck disable=SC2086 # SOLVER may carry --portfolio LIST
"$bin" "$n" --solver ${SOLVER:-local} --seed "$seed" --log "$dir/logs/seed-$seed.log" \
  --checkpoint "$checkpoint" "${resume[@]}" "$@" >"$out" 2>&1
status=$?
# bel_pyramid prints "Solution:" only after validating it against the puzzle.
if [ "$status" -eq 0 ] && grep -q '^Solution:$' "$out"; then
  echo "seed $seed: solution in $out"
  exit 0
fi
last=$(tail -n 1 "$out")
case $status in
  0) if grep -q '^No solution exists' "$out"; then
       echo "seed $seed: proved none: $last"
       exit 4
     fi
     echo "seed $seed: failed: no answer in $out"
     exit 1 ;;
  3) echo "seed $seed: none found within the limit: $last"; exit 3 ;;
  130 | 143) echo "seed $seed: interrupted"; exit 130 ;;
  *) echo "seed $seed: failed (exit $status): $last"; exit "$([ "$status" = 2 ] && echo 2 || echo 1)" ;;
esac
