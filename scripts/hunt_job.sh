#!/usr/bin/env bash
# One job of a hunt (scripts/hunt.sh, scripts/hunt.slurm): searches with one
# seed, logging and checkpointing into DIR, resuming from DIR's checkpoint of
# that seed when there is one. Exits 0 only for a validated solution (then in
# DIR/results/seed-S.json, bel_pyramid's --json result, and drawn in the report
# DIR/results/seed-S.out), 3 when the time limit ended the search without one,
# 4 when a complete search proved that none exists, 130 when interrupted, 1
# when bel_pyramid failed, 2 for a usage error.
#
#   [SOLVER=local] [HUNT_MODE=independent] [HUNT_LEG=60] [HUNT_PERTURB=2] \
#     hunt_job.sh BINARY DIR N SEED [bel_pyramid options...]
#
# SOLVER names the search (a stateful entry of the solver table, or a
# portfolio with such racers: "portfolio --portfolio local,cadical").
# HUNT_MODE=pool (cooperative, doc/hunt.md): the search runs in legs of
# HUNT_LEG seconds; a leg that lowers the cost publishes the checkpoint into
# the pool DIR/pool and the next leg resumes from it; after a leg without a
# better cost (or when the pool holds a solution) the next leg resumes from
# the pool's best entry, with a new seed and HUNT_PERTURB random line relabels
# (--perturb; 0: none). An entry the binary refuses is skipped with a warning.
# --timeout among the options bounds the whole job. HUNT_MODE=independent
# (the default: the pool did not win at N=5, bench/RESULTS.md): one search,
# no pool.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if (($# < 4)); then
  echo "usage: hunt_job.sh BINARY DIR N SEED [bel_pyramid options...]" >&2
  exit 2
fi
bin=$1 dir=$2 n=$3 seed=$4
shift 4
usage_error() { echo "hunt_job.sh: $1" >&2; exit 2; }
mode=${HUNT_MODE:-independent}
[[ $mode == pool || $mode == independent ]] ||
  usage_error "HUNT_MODE must be pool or independent, got '$mode'"
command -v jq >/dev/null || { echo "hunt_job.sh: jq is missing (apt-get install jq)" >&2; exit 1; }
mkdir -p "$dir/logs" "$dir/checkpoints" "$dir/results"
checkpoint="$dir/checkpoints/seed-$seed.ckpt"
out="$dir/results/seed-$seed.out"
json="$dir/results/seed-$seed.json"

# A stop (Ctrl-C, SIGTERM from GNU parallel or Slurm) goes to the running
# search, which saves its checkpoint; the job then ends as interrupted.
child="" stopping=0
forward() {
  stopping=1
  [ -n "$child" ] && kill -"$1" "$child" 2>/dev/null
}
trap 'forward INT' INT
trap 'forward TERM' TERM

# search ARGS...: one run of bel_pyramid; its exit code in $status, its
# --json result's status in $answer ("sat" only for a validated solution,
# "unsat", "unknown", "interrupted"; "" when the run wrote no result).
search() {
  rm -f "$json"
  # shellcheck disable=SC2086 # SOLVER may carry --portfolio LIST
  "$bin" "$n" --solver ${SOLVER:-local} --log "$dir/logs/seed-$seed.log" \
    --checkpoint "$checkpoint" --json "$json" "$@" >"$out" 2>&1 &
  child=$!
  wait "$child"
  status=$?
  while kill -0 "$child" 2>/dev/null; do  # the wait was cut short by a signal
    wait "$child"
    status=$?
  done
  child=""
  answer=$(jq -r '.status' "$json" 2>/dev/null) || answer=""
}

# finish: the job's line and exit code for the search's exit code.
finish() {
  # bel_pyramid writes a solution only after validating it against the puzzle.
  if [ "$status" -eq 0 ] && [ "$answer" = sat ]; then
    echo "seed $seed: solution in $out"
    exit 0
  fi
  local last
  last=$(tail -n 1 "$out")
  ((stopping)) && status=130
  case $status in
    0) if [ "$answer" = unsat ]; then
         echo "seed $seed: proved none: $last"
         exit 4
       fi
       echo "seed $seed: failed: no answer in $out"
       exit 1 ;;
    3) echo "seed $seed: none found within the limit: $last"; exit 3 ;;
    130 | 143) echo "seed $seed: interrupted"; exit 130 ;;
    *) echo "seed $seed: failed (exit $status): $last"; exit "$([ "$status" = 2 ] && echo 2 || echo 1)" ;;
  esac
}

if [ "$mode" = independent ]; then
  resume=()
  [ -s "$checkpoint" ] && resume=(--resume "$checkpoint")
  search --seed "$seed" "${resume[@]}" "$@"
  finish
fi

# shellcheck source=scripts/hunt_pool.sh
. "$here/hunt_pool.sh"
leg=${HUNT_LEG:-60} perturb=${HUNT_PERTURB:-2}
[[ $leg =~ ^[0-9]*\.?[0-9]+$ && ! $leg =~ ^[0.]+$ ]] ||
  usage_error "HUNT_LEG must be a positive number of seconds, got '$leg'"
if ! [[ $perturb =~ ^[0-9]{1,6}$ ]] || ((10#$perturb > 100000)); then
  usage_error "HUNT_PERTURB must be an integer from 0 to 100000, got '$perturb'"
fi
perturb=$((10#$perturb))
micros() { awk -v s="$1" 'BEGIN { printf "%.0f", s * 1000000 }'; }
now() { echo "${EPOCHREALTIME//[!0-9]/}"; }
# The job's --timeout bounds all its legs together.
limit="" args=()
while (($#)); do
  case $1 in
    --timeout) limit=${2:-}; shift 2 || shift ;;
    --timeout=*) limit=${1#--timeout=}; shift ;;
    *) args+=("$1"); shift ;;
  esac
done
[[ -z $limit || $limit =~ ^[0-9]*\.?[0-9]+$ ]] ||
  usage_error "--timeout must be a number of seconds, got '$limit'"
leg_us=$(micros "$leg")
perturb_own=()
((perturb > 0)) && perturb_own=(--perturb "$perturb")
pool="$dir/pool"
entry=$(pool_entry_name "$seed")
copy="$dir/checkpoints/seed-$seed.adopted.ckpt"

# What the next leg starts from: resume arguments and the cost of that state
# ("": from scratch). Its own checkpoint first, else the pool's best.
start=() start_cost="" legs=0
# adopt [MAX]: start from the pool's best entry (not yet refused), perturbed;
# with MAX, only from an entry of cost MAX or less.
adopt() {
  pool_adopt "$pool" "$copy" || return 1
  [ -n "${1:-}" ] && ((adopted_cost > $1)) && return 1
  start=(--resume "$copy")
  start_cost=$adopted_cost
  local how=""
  if ((perturb > 0 && adopted_cost > 0)); then
    start+=(--perturb "$perturb")
    how=", $perturb random line relabels"
  fi
  local when="after leg $legs without a better cost"
  ((legs > 0)) || when="at the start"
  echo "seed $seed: $when, resuming from $adopted_entry (cost $adopted_cost$how)"
}
# own: start from this job's checkpoint, perturbed when it is not a new best.
own() {
  start=() start_cost=""
  [ -s "$checkpoint" ] || return 0
  start=(--resume "$checkpoint" "$@")
  start_cost=$(pool_cost "$checkpoint") || start_cost=""
}
if [ -s "$checkpoint" ]; then own; else adopt || own; fi
deadline=""
[ -n "$limit" ] && deadline=$(($(now) + $(micros "$limit")))

while :; do
  timeout=$leg_us
  if [ -n "$deadline" ]; then
    left=$((deadline - $(now)))
    ((legs == 0 && left < 1000)) && left=1000  # the first leg always searches
    if ((left < 1000)); then
      echo "seed $seed: none found within the limit: $(tail -n 1 "$out" 2>/dev/null) ($legs legs)"
      exit 3
    fi
    ((left < timeout)) && timeout=$left
  fi
  legs=$((legs + 1))
  leg_seed=$(((seed + (legs - 1) * 2654435761) % 4294967296))
  search --seed "$leg_seed" "${start[@]}" "${args[@]}" \
    --timeout "$((timeout / 1000000)).$(printf '%06d' $((timeout % 1000000)))"
  if ((status == 1 && !stopping)) && [ "${start[1]:-}" = "$copy" ] && grep -qF "$copy" "$out"; then
    # The binary refused the adopted entry: never trusted, never tried again.
    pool_refuse "$adopted_entry" "bel_pyramid refused it: $(grep -m 1 -F "$copy" "$out")" "$copy"
    legs=$((legs - 1))
    adopt || own
    continue
  fi
  ((status == 3 && !stopping)) || {
    [ "$status" -eq 0 ] && [ "$answer" = sat ] &&
      pool_publish "$pool" "$checkpoint" "$entry"
    finish
  }
  cost=$(pool_cost "$checkpoint") || cost=""
  if [ -n "$cost" ] && { [ -z "$start_cost" ] || ((cost < start_cost)); }; then
    pool_publish "$pool" "$checkpoint" "$entry"
    own
    # Another job's solution ends the hunt sooner than a signal may (Slurm, NFS).
    grep -qsx 'c cost 0' "$pool"/*.ckpt && adopt 0
  else
    adopt || own "${perturb_own[@]}"
  fi
done
