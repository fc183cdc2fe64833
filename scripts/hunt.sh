#!/usr/bin/env bash
# The hunt for a solution: one search per job slot, here and on any hosts
# given, through GNU parallel; each job has its own seed, log and checkpoint
# (scripts/hunt_job.sh). The first validated solution stops every job; its
# drawing (Knuth's format) goes to DIR/solution.txt and is checked again there
# by `bel_pyramid --check`. Run it again with the same DIR to resume every
# seed from its checkpoint, so search time adds up across runs.
#
#   scripts/hunt.sh N [-j SLOTS] [-n JOBS] [-s FIRST_SEED] [-t SECONDS] [-o DIR] [-m SOLVER]
#                     [-S host1,host2] [-f SSHLOGINFILE] [-b BINARY] [-- bel_pyramid options]
#
#   -j  job slots per host (default: its cores)   -n  jobs, one seed each (default: slots)
#   -s  first seed (default 1)                      -t  time limit per job (default: none)
#   -o  output directory (default hunt-N)           -b  bel_pyramid binary (default build/)
#   -m  the search (default local; a stateful entry of bel_pyramid's solver table)
#   -S/-f  GNU parallel's --sshlogin / --slf: other machines. They need the binary at the
#          same path (or -b NAME on their PATH) and DIR on a shared file system.
# Example: scripts/hunt.sh 6 -t 3600 -o hunt-6 -- --strategy YStep
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
usage() { sed -n '2,18p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
(($# >= 1)) || usage
n=$1
shift
slots="" jobs="" first=1 limit="" dir="" hosts=() bin="$here/../build/bel_pyramid"
solver=local
while getopts "j:n:s:t:o:S:f:b:m:h" opt; do
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
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ "${1:-}" = "--" ] && shift
command -v parallel >/dev/null || { echo "hunt.sh: GNU parallel is missing (apt-get install parallel)" >&2; exit 1; }
[[ $n =~ ^[1-9][0-9]*$ ]] || { echo "hunt.sh: N must be a positive integer, got '$n'" >&2; exit 2; }
slots=${slots:-$(nproc)}
jobs=${jobs:-$slots}
dir=${dir:-hunt-$n}
mkdir -p "$dir"
dir=$(cd "$dir" && pwd)
[ -x "$bin" ] && bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
extra=("$@")
[ -n "$limit" ] && extra+=(--timeout "$limit")
rm -f "$dir/solution.txt"

export SOLVER=$solver
echo "hunt: N=$n, $solver, seeds $first..$((first + jobs - 1)), $slots slot(s) per host, in $dir" >&2
set +e
seq "$first" $((first + jobs - 1)) |
  parallel -j "$slots" "${hosts[@]}" --env SOLVER --halt now,success=1 --joblog "$dir/joblog" \
    --line-buffer "$here/hunt_job.sh" "$bin" "$dir" "$n" {} "${extra[@]}"
status=$?
set -e
winner=$(grep -l '^Solution:$' "$dir"/results/seed-*.out 2>/dev/null | head -n 1 || true)
if [ -n "$winner" ]; then
  sed -n '/^Solution:$/,$p' "$winner" | tail -n +2 >"$dir/solution.txt"
  "$bin" --check "$dir/solution.txt" >"$dir/check.txt" 2>&1 ||
    { cat "$dir/check.txt" >&2; echo "hunt: $dir/solution.txt does not check" >&2; exit 1; }
  echo "hunt: solution from $(basename "$winner" .out) in $dir/solution.txt (checked)" >&2
  exit 0
fi
echo "hunt: no solution (parallel exit $status); checkpoints in $dir/checkpoints" >&2
exit 1
