#!/usr/bin/env bash
# The hunt for a solution: one search per job slot, here and on any hosts
# given, through GNU parallel; each job has its own seed, log and checkpoint
# (scripts/hunt_job.sh). With -c the jobs cooperate through a pool of
# checkpoints in DIR/pool (doc/hunt.md): each searches in legs, publishes every
# better state, and after a leg without one resumes from the pool's best
# state, perturbed (measured at N=5: no faster than independent jobs,
# bench/RESULTS.md, so it is not the default).
# The first validated solution stops every job; its drawing (Knuth's format,
# from the job's --json result) goes to DIR/solution.txt and is checked again
# there by `bel_pyramid --check`.
# Run it again with the same DIR to resume every seed from its checkpoint, so
# search time adds up across runs.
#
#   scripts/hunt.sh N [-j SLOTS] [-n JOBS] [-s FIRST_SEED] [-t SECONDS] [-o DIR] [-m SOLVER]
#                     [-c [-l SECONDS] [-k K]] [-S host1,host2] [-f SSHLOGINFILE] [-b BINARY]
#                     [-- bel_pyramid options]
#
#   -j  job slots per host (default: its cores)   -n  jobs, one seed each (default: slots)
#   -s  first seed (default 1)                      -t  time limit per job (default: none)
#   -o  output directory (default hunt-N)           -b  bel_pyramid binary (default build/)
#   -m  the search (default local; a stateful entry of bel_pyramid's solver table)
#   -c  cooperative jobs sharing the pool DIR/pool; with -c:
#   -l  seconds of a leg (default 60)   -k  relabels of an adopted state (default 2; 0: none)
#   -S/-f  GNU parallel's --sshlogin / --slf: other machines. They need the binary at the
#          same path (or -b NAME on their PATH) and DIR on a shared file system.
# Example: scripts/hunt.sh 6 -t 3600 -o hunt-6 -- --strategy YStep
# Every option (and bel_pyramid's, by a 0.01 s trial run) is checked before a job
# starts. The last line says how the hunt ended; the exit code says the same:
#   0 found (checked)  3 none found within the limit  4 proved none (a complete search)
#   1 failed (a job or the check failed)  2 usage error  130 interrupted (Ctrl-C)
set -uo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/usage.sh"  # usage (a usage error), --help
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/parallel_note.sh
. "$here/parallel_note.sh"
die() { echo "hunt: $1" >&2; exit "${2:-2}"; }
(($# >= 1)) || usage
n=$1
shift
slots="" jobs="" first=1 limit="" dir="" hosts=() bin="$here/../build/bel_pyramid"
solver=local mode=independent leg="" perturb=""
while getopts "j:n:s:t:o:S:f:b:m:l:k:ch" opt; do
  case $opt in
    j) slots=$OPTARG ;;
    n) jobs=$OPTARG ;;
    s) first=$OPTARG ;;
    t) limit=$OPTARG ;;
    o) dir=$OPTARG ;;
    S) hosts+=(--sshlogin "$OPTARG") ;;
    f) hosts+=(--slf "$OPTARG") ;;
    b) bin=$OPTARG ;;
    m) solver=$OPTARG ;;
    l) leg=$OPTARG ;;
    k) perturb=$OPTARG ;;
    c) mode=pool ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
positive='^[1-9][0-9]*$'
[[ $n =~ $positive ]] || die "N must be a positive integer, got '$n'"
[[ -z $slots || $slots =~ $positive ]] || die "-j must be a positive integer, got '$slots'"
[[ -z $jobs || $jobs =~ $positive ]] || die "-n must be a positive integer, got '$jobs'"
[[ $first =~ ^[0-9]+$ ]] || die "-s must be an integer >= 0, got '$first'"
[[ -z $limit || $limit =~ ^[0-9]*\.?[0-9]+$ ]] || die "-t must be a number of seconds, got '$limit'"
[[ $mode == pool || -z $leg$perturb ]] || die "-l and -k are used only with -c (the pool)"
leg=${leg:-60} perturb=${perturb:-2}
[[ $leg =~ ^[0-9]*\.?[0-9]+$ && ! $leg =~ ^[0.]+$ ]] || die "-l must be a positive number of seconds, got '$leg'"
if ! [[ $perturb =~ ^[0-9]{1,6}$ ]] || ((10#$perturb > 100000)); then
  die "-k must be an integer from 0 to 100000, got '$perturb'"
fi
perturb=$((10#$perturb))
command -v parallel >/dev/null || die "GNU parallel is missing (apt-get install parallel)" 1
command -v jq >/dev/null || die "jq is missing (apt-get install jq)" 1
[ -x "$bin" ] || die "$bin is not an executable (build it: cmake --build build)"
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
slots=${slots:-$(nproc)}
jobs=${jobs:-$slots}
dir=${dir:-hunt-$n}
extra=("$@")
[ -n "$limit" ] && extra+=(--timeout "$limit")

# bel_pyramid checks the job's whole command line itself: a short trial run
# (its own time limit replaces the hunt's) must end in a solution or give up.
trial=$(mktemp -d)
trial_args=()
for ((i = 0; i < ${#extra[@]}; i++)); do
  if [ "${extra[i]}" = --timeout ]; then i=$((i + 1)); else trial_args+=("${extra[i]}"); fi
done
# shellcheck disable=SC2086 # the solver may carry --portfolio LIST
"$bin" "$n" --solver $solver --seed "$first" --log "$trial/log" --checkpoint "$trial/ckpt" \
  --json "$trial/json" "${trial_args[@]}" --timeout 0.01 >"$trial/out" 2>&1
trial_status=$?
case $trial_status in
  0 | 3) rm -rf "$trial" ;;
  *) line=$(grep -m 1 'error' "$trial/out" || tail -n 1 "$trial/out")
     rm -rf "$trial"
     die "the jobs' command line is refused: ${line#bel_pyramid: error: }" \
       "$([ "$trial_status" = 2 ] && echo 2 || echo 1)" ;;
esac

mkdir -p "$dir" || die "cannot create $dir" 1
dir=$(cd "$dir" && pwd)
rm -f "$dir/solution.txt" "$dir/joblog"

interrupted=0
trap 'interrupted=1' INT TERM
export SOLVER=$solver HUNT_MODE=$mode HUNT_LEG=$leg HUNT_PERTURB=$perturb
how=independent
[ "$mode" = pool ] && how="cooperative (pool, legs of $leg s, $perturb relabels)"
echo "hunt: N=$n, $solver, seeds $first..$((first + jobs - 1)), $slots slot(s) per host, $how, in $dir" >&2
# A job that is stopped gets 2.5 s to save its checkpoint (bel_pyramid stops
# within a second) before a second TERM ends it at once. GNU parallel's note
# on the job that stopped the hunt is dropped (the last line names it); the
# jobs' own lines pass at once.
seq "$first" $((first + jobs - 1)) |
  parallel -j "$slots" "${hosts[@]}" --env SOLVER --env HUNT_MODE --env HUNT_LEG \
    --env HUNT_PERTURB --halt now,success=1 --termseq TERM,2500,TERM,1000,KILL,25 \
    --joblog "$dir/joblog" \
    --line-buffer "$here/hunt_job.sh" "$bin" "$dir" "$n" {} "${extra[@]}" \
    2> >(drop_parallel_note succeeded >&2)
status=$?
wait  # for the filter of standard error
trap - INT TERM
winner=""
for result in "$dir"/results/seed-*.json; do
  jq -e '.status == "sat"' "$result" >/dev/null 2>&1 && { winner=$result; break; }
done
if [ -n "$winner" ]; then
  jq -r -f "$here/knuth.jq" "$winner" >"$dir/solution.txt" ||
    die "failed: cannot draw the solution of $winner" 1
  "$bin" --check "$dir/solution.txt" >"$dir/check.txt" 2>&1 ||
    { cat "$dir/check.txt" >&2; die "failed: $dir/solution.txt does not check" 1; }
  die "found: a solution from $(basename "$winner" .json) in $dir/solution.txt (checked)" 0
fi
# The jobs' exit codes (hunt_job.sh): 3 gave up, 4 proved none, 130 interrupted.
codes=$(awk 'NR > 1 { print ($8 != 0 ? 128 + $8 : $7) }' "$dir/joblog" 2>/dev/null | sort -u | tr '\n' ' ')
ran=$(awk 'NR > 1' "$dir/joblog" 2>/dev/null | wc -l)
if ((interrupted)) || [[ " $codes " == *" 130 "* || " $codes " == *" 143 "* ]]; then
  die "interrupted; checkpoints in $dir/checkpoints (run again to resume)" 130
fi
[[ " $codes " == *" 4 "* ]] && die "proved none: a complete search found that no solution exists" 4
if [ "$codes" = "3 " ] && ((ran == jobs)); then
  die "none found within the limit; checkpoints in $dir/checkpoints (run again to resume)" 3
fi
die "failed (parallel exit $status, job exit codes: ${codes:-none}); see $dir/results" 1
