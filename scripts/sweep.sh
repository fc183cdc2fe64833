#!/usr/bin/env bash
# A sweep of a family (bel_pyramid --sweep, doc/families.md) spread over job
# slots here and on other hosts through GNU parallel: PARTS bel_pyramid
# processes, each answering its share of the members (--sweep-part K/PARTS)
# into DIR, then one run here that merges every answer into DIR/sweep.tsv and
# DIR/sweep.json and prints the totals. Run it again with the same N, family
# and DIR to resume; a larger --timeout or --conflicts searches the undecided
# members again, and nothing else.
#
#   scripts/sweep.sh N FAMILY [-o DIR] [-j SLOTS] [-m PARTS] [-S host1,host2] [-f SSHLOGINFILE]
#                    [-b BINARY] [-- bel_pyramid options]
#
#   -o  output directory (default sweep-N)     -j  job slots per host (default: its cores)
#   -m  parts (default: 4 per job slot here)   -b  bel_pyramid binary (default build/)
#   -S/-f  GNU parallel's --sshlogin / --slf: other machines. They need the binary at the
#          same path (or -b NAME on their PATH) and DIR and FAMILY on a shared file system.
# Example: scripts/sweep.sh 8 doc/hypotheses/families/ColumnStepShift.hyp -o n8 -- --conflicts 1000000
# On a Slurm cluster: scripts/sweep.slurm. The exit code is the merging run's:
#   0 every member decided  3 some undecided within the budget  1 failed  2 usage error
#   130 interrupted (Ctrl-C)
set -uo pipefail
# usage: the leading comment block above, on stderr; exit 2.
usage() { sed -n '2,${/^#/!q;s/^# \{0,1\}//;p;}' "$0" >&2; exit 2; }
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "sweep: $1" >&2; exit "${2:-2}"; }
(($# >= 2)) || usage
n=$1 family=$2
shift 2
slots="" parts="" dir="" hosts=() bin="$here/../build/bel_pyramid"
while getopts "o:j:m:S:f:b:h" opt; do
  case $opt in
    o) dir=$OPTARG ;;
    j) slots=$OPTARG ;;
    m) parts=$OPTARG ;;
    S) hosts+=(--sshlogin "$OPTARG") ;;
    f) hosts+=(--slf "$OPTARG") ;;
    b) bin=$OPTARG ;;
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
command -v parallel >/dev/null || die "GNU parallel is missing (apt-get install parallel)" 1
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
bar=()
[ -t 2 ] && bar=(--bar)
seq 1 "$parts" | parallel -j "$slots" "${hosts[@]}" "${bar[@]}" --joblog "$dir/parts.log" \
  "$bin" "$n" --hypothesis "$family" --sweep "$dir" --sweep-part {}/"$parts" --threads 1 -q "$@"
status=$?
((status < 101)) || exit 130  # GNU parallel: 255 and above 100 when stopped by a signal
failed=$(awk 'NR > 1 && $7 != 0 && $7 != 3' "$dir/parts.log" | wc -l)
((failed == 0)) || die "failed: $failed of $parts parts ($dir/parts.log)" 1
# The merge: every part's answers in one table, its totals on stdout.
exec "$bin" "$n" --hypothesis "$family" --sweep "$dir" "$@"
