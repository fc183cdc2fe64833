#!/usr/bin/env bash
# A sweep of a family (bel_pyramid --sweep, doc/families.md) spread over job
# slots here and on other hosts through GNU parallel, or over a Slurm
# cluster as one job array (-s): PARTS bel_pyramid
# processes, each answering its share of the members (--sweep-part K/PARTS)
# into DIR, then one run here that merges every answer into DIR/sweep.tsv and
# DIR/sweep.json and prints the totals. Run it again with the same N, family
# and DIR to resume; a larger --timeout or --conflicts searches the undecided
# members again, and nothing else. With -c, the members left undecided are
# then decided by cube-and-conquer, one after another, each over every slot.
#
#   scripts/sweep.sh N FAMILY [-o DIR] [-j SLOTS] [-m PARTS] [-S host1,host2] [-f SSHLOGINFILE] [-s]
#                    [-b BINARY] [-c CUBES [-l SECONDS] [-r K] [-d DEPTH]] [-- bel_pyramid options]
#
#   -o  output directory (default sweep-N)     -j  job slots per host (default: its cores)
#   -m  parts (default: 4 per job slot here)   -b  bel_pyramid binary (default build/)
#   -S/-f  GNU parallel's --sshlogin / --slf: other machines. They need the binary at the
#          same path (or -b NAME on their PATH) and DIR and FAMILY on a shared file system.
#   -s  on a Slurm cluster instead: the parts are one job array (scripts/sweep.slurm,
#       sbatch's options from its SBATCH_* variables; DIR, FAMILY and the binary on a
#       file system the nodes share), waited for (squeue every SQUEUE_POLL seconds,
#       default 10), and -c conquers on Slurm too (conquer.sh --slurm); not with -S/-f.
#   -c  split each member left undecided into at least CUBES cubes (its completion where
#       the completion takes it, else the native CNF) in DIR/conquer/MEMBER
#       and solve them with scripts/conquer.sh; a refuted or found member joins the table
#       (DIR/answers.conquer.tsv, solver "cube-and-conquer"; a solution is checked against
#       the member before it is kept). SOLVER and SOLVER_OPTIONS as for conquer.sh.
#   -l  with -c: CPU seconds a cube (conquer.sh --cube-limit; default: no limit)
#   -r  with -c and -l: split every cube that runs out again into K (--resplit),
#       down to DEPTH levels (-d, default 3). A member whose tree keeps unknown cubes
#       stays undecided; run again (a larger -l or -d) to go on where it stopped.
#       Each member's report, every run's, is DIR/conquer/MEMBER.log.
# Example: scripts/sweep.sh 8 doc/hypotheses/families/ColumnStepShift.hyp -o n8 -- --conflicts 1000000
#          scripts/sweep.sh 8 doc/hypotheses/families/ColumnStepShift.hyp -o n8 -c 15 -l 120 -r 15 -- --conflicts 1000000
#          (add --param f=6..7 after -- for a slice: its parts, and -c, take only those members)
# On a Slurm cluster: scripts/sweep.slurm. The exit code, from the table at the end:
#   0 every member decided  3 some undecided within the budget  1 failed  2 usage error
#   130 interrupted (Ctrl-C)
set -uo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/usage.sh"  # usage (a usage error), --help
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "sweep: $1" >&2; exit "${2:-2}"; }
# shellcheck source=scripts/slurm_wait.sh
. "$here/slurm_wait.sh"
(($# >= 2)) || usage
n=$1 family=$2
shift 2
slots="" parts="" dir="" hosts=() bin="$here/../build/bel_pyramid"
cubes="" limit="" resplit="" depth="" slurm=0
while getopts "o:j:m:S:f:b:c:l:r:d:sh" opt; do
  case $opt in
    o) dir=$OPTARG ;;
    j) slots=$OPTARG ;;
    m) parts=$OPTARG ;;
    S) hosts+=(--sshlogin "$OPTARG") ;;
    f) hosts+=(--slf "$OPTARG") ;;
    b) bin=$OPTARG ;;
    c) cubes=$OPTARG ;;
    l) limit=$OPTARG ;;
    r) resplit=$OPTARG ;;
    d) depth=$OPTARG ;;
    s) slurm=1 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
positive='^[1-9][0-9]*$'
[[ $n =~ $positive ]] || die "N must be a positive integer, got '$n'"
[ -f "$family" ] && [ -r "$family" ] || die "cannot read the family '$family'"
[[ -z $slots || $slots =~ $positive ]] || die "-j must be a positive integer, got '$slots'"
[[ -z $parts || $parts =~ $positive ]] || die "-m must be a positive integer, got '$parts'"
for opt in c:cubes l:limit r:resplit d:depth; do
  name=${opt#*:}
  [[ -z ${!name} || ${!name} =~ $positive ]] || die "-${opt%%:*} must be a positive integer, got '${!name}'"
done
[[ -n $cubes || -z $limit$resplit$depth ]] || die "-l, -r and -d go with -c (cube-and-conquer)"
[[ -z $resplit || -n $limit ]] || die "-r needs -l (which cubes are hard?)"
if ((slurm)); then
  ((${#hosts[@]} == 0)) || die "-s runs on Slurm's nodes, not on -S/-f hosts"
  why=$(slurm_ready) || die "-s: $why"
fi
command -v jq >/dev/null || die "jq is missing (apt-get install jq)" 1
((slurm)) || command -v parallel >/dev/null || die "GNU parallel is missing (apt-get install parallel)" 1
[ -x "$bin" ] || die "$bin is not an executable (build it: cmake --build build)"
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
family=$(cd "$(dirname "$family")" && pwd)/$(basename "$family")
slots=${slots:-$(nproc)}
parts=${parts:-$((4 * slots))}
dir=${dir:-sweep-$n}
mkdir -p "$dir" || die "cannot create '$dir'" 1
dir=$(cd "$dir" && pwd)
# Many small parts balance members whose searches take very different times.
# A part exits 3 when it leaves members undecided: not a failure.
# run_parts: the parts through GNU parallel, here and on the -S/-f hosts.
run_parts() {
  local bar=() status failed
  [ -t 2 ] && bar=(--bar)
  seq 1 "$parts" | parallel -j "$slots" "${hosts[@]}" "${bar[@]}" --joblog "$dir/parts.log" \
    "$bin" "$n" --hypothesis "$family" --sweep "$dir" --sweep-part {}/"$parts" --threads 1 -q "$@"
  status=$?
  ((status < 101)) || exit 130  # GNU parallel: 255 and above 100 when stopped by a signal
  failed=$(awk 'NR > 1 && $7 != 0 && $7 != 3' "$dir/parts.log" | wc -l)
  ((failed == 0)) || die "failed: $failed of $parts parts ($dir/parts.log)" 1
}
# slurm_parts: the parts as one Slurm job array, waited for (cancelled on
# Ctrl-C); a part without its record in DIR/parts.slurm, or with an exit
# other than 0 or 3, failed.
job=''
slurm_parts() {
  local k code failed=0
  trap '[ -z "$job" ] || scancel "$job"; exit 130' INT TERM
  job=$(N=$n FAMILY=$family DIR=$dir PARTS=$parts BIN=$bin sbatch --parsable --array="1-$parts" \
    --job-name=sweep --output=/dev/null --error="$dir/parts.err" --open-mode=append \
    "$here/sweep.slurm" -q "$@") || die "sbatch did not take the parts" 1
  job=${job%%;*}
  echo "sweep: Slurm job $job: $parts part(s) into $dir" >&2
  slurm_wait "$job" "$parts" "sweep: Slurm job $job"
  trap - INT TERM
  for ((k = 1; k <= parts; k++)); do
    code=$(awk -v j="$job" -v k="$k" '$1 == j && $2 == k { c = $3 } END { print c }' "$dir/parts.slurm" 2> /dev/null)
    [[ $code == 0 || $code == 3 ]] || failed=$((failed + 1))
  done
  ((failed == 0)) || die "failed: $failed of $parts parts (no record, or an error, in $dir/parts.slurm; $dir/parts.err)" 1
  job=''
}
if ((slurm)); then slurm_parts "$@"; else run_parts "$@"; fi
# The table's members in the run's slice (--param f=5..7: the table's
# "slice"), as a jq filter.
in_slice='(.slice // {}) as $slice | .members[]
  | select(. as $m | all($slice | to_entries[]; .key as $k | .value | index($m.params[$k])))'
# The members the table leaves undecided, one of each class (the others
# borrow its answer: "by" names it), in the run's slice, one a line.
undecided() {
  jq -r "$in_slice | select(.answer == \"undecided\" and .by == \"\") | .member" "$dir/sweep.json"
}
# The merge: every part's answers in one table, its totals on stdout. Its own
# exit code speaks of what it searched (nothing, after the parts): 3 when the
# table leaves any member undecided.
merge() {
  "$bin" "$n" --hypothesis "$family" --sweep "$dir" "$@"
  local status=$?
  ((status == 0)) && [ -n "$(undecided)" ] && return 3
  return "$status"
}
if [ -z "$cubes" ]; then
  merge "$@"
  exit
fi
merge -q "$@"
status=$?
((status == 0 || status == 3)) || exit "$status"

# A member's answer, journaled as the binary journals its own (sweep_table.hpp):
# MEMBER ANSWER SECONDS TIMEOUT CONFLICTS SOLVER BY SEED CPU (no SEED: its rows
# stand for every seed; CPU: the whole tree's, every run's, from conquer.sh's
# answer file "SAT|UNSAT cpu SECONDS"), under the question's header.
journal=$dir/answers.conquer.tsv
[ -s "$journal" ] || head -n 1 "$dir/answers.tsv" > "$journal" || die "cannot write $journal" 1
record() {
  local cpu
  read -r _ _ cpu < "$4/results/answer" || die "$1: no answer in $4/results/answer" 1
  awk -v m="$1" -v a="$2" -v t0="$3" -v t1="$EPOCHREALTIME" -v cpu="$cpu" \
    'BEGIN { printf "%s\t%s\t%.3f\t0\t0\tcube-and-conquer\t\t\t%.3f\n", m, a, t1 - t0, cpu }' \
    >> "$journal"
}

# The member's formulation as arguments, in the array args.
member_args() {
  mapfile -t args < <(jq -r --arg m "$1" '.members[] | select(.member == $m) | .args[]' \
    "$dir/sweep.json")
  ((${#args[@]})) || die "$dir/sweep.json gives no args for $1 (made by an older bel_pyramid: sweep again)" 1
}

# The member's cubes in $2: its completion where the completion takes it, else the
# native CNF; a split that stopped half-way is made again.
split_member() {
  local member=$1 out=$2 args
  [ -r "$out/cubes" ] && [ -r "$out/args" ] && return 0
  member_args "$member"
  split_into "$out" "${args[@]}" --cnf-encoder completion && return 0
  grep -q "the completion does not take" "$out.err" || die "$member: its split failed: $(head -n 1 "$out.err")" 1
  split_into "$out" "${args[@]}" && return 0
  die "$member: its split failed: $(head -n 1 "$out.err")" 1
}
# bel_pyramid ARGS --split CUBES OUT (OUT first); exits 130 when interrupted.
split_into() {
  local out=$1 status
  shift
  rm -rf "$out"
  "$bin" "$@" --split "$cubes" "$out" > /dev/null 2> "$out.err"
  status=$?
  ((status != 130)) || exit 130
  return "$status"
}

# A found member's solution, from this run's part of conquer.sh's report (the
# lines after line SKIP; Knuth's format after "Solution:"), checked against the
# member's shape before it is kept (conquer.sh checked it against the split's
# CNF; --symmetry-breaking only chose among solutions, and --check takes none).
keep_solution() {
  local member=$1 log=$2 out=$3 skip=$4 kept=$dir/solutions/$1.txt args check=() i
  member_args "$member"
  for ((i = 0; i < ${#args[@]}; i++)); do
    [ "${args[i]}" = --symmetry-breaking ] && { i=$((i + 1)); continue; }
    check+=("${args[i]}")
  done
  awk -v skip="$skip" 'NR <= skip { next } /^Solution:$/ { s = 1; next }
                       s && (/^$/ || /^conquer:/) { exit } s' "$log" > "$kept.part"
  "$bin" "${check[@]}" --check "$kept.part" > /dev/null 2> "$out.err" || {
    rm -f "$kept.part"
    die "$member: the solution conquer.sh reported does not check: $(tail -n 1 "$out.err")" 1
  }
  mv "$kept.part" "$kept"
}

conquer=()
[ -z "$limit" ] || conquer+=(--cube-limit "$limit")
[ -z "$resplit" ] || conquer+=(--resplit "$resplit" --depth "${depth:-3}")
mapfile -t open < <(undecided)
((${#open[@]})) || { merge "$@"; exit; }
mkdir -p "$dir/conquer" || die "cannot create $dir/conquer" 1
k=0
for member in "${open[@]}"; do
  k=$((k + 1))
  out=$dir/conquer/$member
  echo "sweep: conquering $member ($k of ${#open[@]} undecided) in $out" >&2
  split_member "$member" "$out"
  start=$EPOCHREALTIME
  # The log keeps every run's report: a resumed tree's earlier levels are in it.
  skip=0
  [ ! -f "$out.log" ] || skip=$(wc -l < "$out.log")
  if ((slurm)); then
    "$here/conquer.sh" "${conquer[@]}" --slurm "$out" >> "$out.log" 2>&1
  else
    "$here/conquer.sh" "${conquer[@]}" "$out" -j "$slots" "${hosts[@]}" >> "$out.log" 2>&1
  fi
  code=$?
  verdict=$(tail -n 1 "$out.log")
  echo "sweep: $member: $verdict" >&2
  case $code in 0 | 3) ;; 130) exit 130 ;; *) die "$member: $verdict (see $out.log)" 1 ;; esac
  case $verdict in
    "conquer: proved none") record "$member" refuted "$start" "$out" ;;
    "conquer: found a solution")
      keep_solution "$member" "$out.log" "$out" "$skip"
      record "$member" found "$start" "$out" ;;
  esac
  rm -f "$out.err"
done
merge "$@"
