#!/usr/bin/env bash
# Counts the solutions of the N-level pyramid, labelled and up to symmetry,
# as a sum over the centre patterns (doc/counting.md): each pattern is one
# `bel_pyramid N --count --up-to-symmetry --centre-pattern P` job, fanned out
# with GNU parallel (on this machine or over ssh), and
#   labelled count = sum of count(P) * weight(P),  classes = sum of classes(P).
# A part that hits its time limit counts as a lower bound, and so does the sum.
#
# With -q M the parts are instead the M parts of the symmetry quotient
# (`--count --quotient I/M`, doc/counting.md): every part's counts are already
# weighted by the orbit sizes, so the labelled count and the classes are plain
# sums, and each part's line records its CPU seconds and XCC nodes.
#
# With -e PROBES each part is estimated instead (--estimate, Knuth's
# estimator): the weighted sum estimates the count, and the unweighted sum of
# the parts' search nodes is the work the exact split would take.
#
# Usage: scripts/count_parts.sh [-j JOBS] [-t SECONDS] [-S SSHLOGINS] [-o DIR] [-f FIRST:LAST] [-e PROBES] [-q M] N
#   -j  parallel jobs per machine (default 2)
#   -t  time limit per part in seconds (--timeout, wall clock; default 0: none)
#   -S  GNU parallel --sshlogin list, e.g. "8/host1,8/host2" (bel_pyramid at
#       the same path there, and jq)
#   -o  directory for one result line per part (default: a temporary one);
#       parts already done there are not run again, so a stopped count resumes
#       (and a stopped quotient part from its checkpoint there, PART.ckpt)
#   -f  only patterns FIRST..LAST of --list-centre-patterns (1-based), to split
#       the work by hand; the sums then cover those parts only
#   -e  estimate each part from PROBES random paths instead of counting it
#   -q  the M parts of the symmetry quotient instead of the centre patterns
#       (-f then slices 1..M)
# Options are checked before any part starts. The last line (on stderr) and
# the exit code say how the count ended: 0 exact (or estimated), 3 lower
# bounds (parts hit the time limit), 130 interrupted, 1 a part failed, 2 usage
# error.
set -uo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/usage.sh"  # usage (a usage error), --help
here=$(cd "$(dirname "$0")/.." && pwd)
jobs=2 limit=0 logins='' out='' range='' probes=0 quotient=0
while getopts "j:t:S:o:f:e:q:h" opt; do
  case $opt in
    j) jobs=$OPTARG ;;
    t) limit=$OPTARG ;;
    S) logins=$OPTARG ;;
    o) out=$OPTARG ;;
    f) range=$OPTARG ;;
    e) probes=$OPTARG ;;
    q) quotient=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 1 ] || usage
n=$1
bin=${BEL_PYRAMID:-$here/build/bel_pyramid}
fail() { echo "count_parts.sh: failed: $*" >&2; exit 1; }
usage_error() { echo "count_parts.sh: usage error: $*" >&2; exit 2; }
[[ $n =~ ^[1-9][0-9]*$ ]] || usage_error "N must be a positive integer, got '$n'"
[[ $jobs =~ ^[1-9][0-9]*$ ]] || usage_error "-j must be a positive integer, got '$jobs'"
[[ $limit =~ ^[0-9]*\.?[0-9]+$ ]] || usage_error "-t must be a number of seconds, got '$limit'"
[[ $probes =~ ^[0-9]+$ ]] || usage_error "-e must be an integer >= 0, got '$probes'"
[[ $quotient =~ ^[0-9]+$ ]] || usage_error "-q must be an integer >= 0, got '$quotient'"
[[ -z $range || $range =~ ^[1-9][0-9]*:[1-9][0-9]*$ ]] ||
  usage_error "-f must be FIRST:LAST (1-based), got '$range'"
command -v parallel >/dev/null || fail "GNU parallel is not installed"
command -v jq >/dev/null || fail "jq is not installed (it reads the parts' --json results)"
[ -x "$bin" ] || usage_error "$bin is not an executable (build it, or set BEL_PYRAMID)"
if [ -z "$out" ]; then
  out=$(mktemp -d)
  trap 'rm -rf "$out"' EXIT
fi
mkdir -p "$out"
if [ "$quotient" != 0 ]; then
  patterns=$(seq 0 $((quotient - 1)) | sed "s|\$|/$quotient 1|")
else
  patterns=$("$bin" "$n" --list-centre-patterns 2>&1) ||
    usage_error "${patterns#bel_pyramid: error: }"
fi
if [ -n "$range" ]; then
  patterns=$(sed -n "${range%%:*},${range##*:}p" <<<"$patterns")
fi

# One part: "PATTERN WEIGHT SOLUTIONS CLASSES exact|lower-bound WALL_SECONDS
# CPU_SECONDS NODES [CLASS_ORBITS]", the figures read from the part's --json
# result (the solver's wall seconds to two decimals, as the CPU seconds; a
# quotient part's last field is the sum of its classes' orbit sizes).
# A part cut by the time limit (exit 3) is a lower bound; any other failure
# fails the part (and the count), never reads as a count of 0.
part() {
  local n=$1 pattern=$2 weight=$3 bin=$4 limit=$5 out=$6 file text code json figures
  file=$out/${pattern//[,\/]/_}
  [ -s "$file" ] && grep -q ' exact ' "$file" && return 0
  local timeout=() what=(--up-to-symmetry --centre-pattern "$pattern") cpu status before=0
  [ "$limit" != 0 ] && timeout=(--timeout "$limit")
  if [[ $pattern == */* ]]; then
    # A quotient part saves its progress each minute and when stopped; the
    # next run resumes it, and its CPU seconds count the runs before.
    what=(--quotient "$pattern" --checkpoint "$file.ckpt" --checkpoint-every 60)
    if [ -s "$file.ckpt" ]; then
      what+=(--resume "$file.ckpt")
      before=$(sed -n 's/^c cpu_seconds //p' "$file.ckpt")
    fi
  fi
  cpu=$(mktemp) json=$(mktemp)
  text=$(/usr/bin/time -f '%U %S' -o "$cpu" "$bin" "$n" --count "${what[@]}" "${timeout[@]}" \
    --json "$json" 2>&1)
  code=$?
  # time(1) writes "Command exited with non-zero status N" first for a failed part.
  cpu=$(awk -v b="${before:-0}" '/^[0-9.]+ [0-9.]+$/ { c = $1 + $2 } END { printf "%.2f", b + c }' \
    "$cpu" && rm -f "$cpu")
  case $code in
    0) status=exact ;;
    3) status=lower-bound ;;
    *) rm -f "$json"
       echo "part $pattern: exit $code: $(tail -n 1 <<<"$text")" >&2; return "$code" ;;
  esac
  # Exact counts are integers: beyond 2^53 jq's doubles would round them.
  figures=$(jq -r '.count as $c
    | if $c == null then error("no count in the result") else . end
    | if ([$c.solutions, $c.classes // 0, $c.nodes // 0] | max) > 9007199254740992
      then error("a count beyond 2^53") else . end
    | [$c.solutions, ($c.classes // 0),
       (.timings.solve_seconds // "?"), ($c.nodes // "?"), ($c.class_orbits // "")]
    | map(tostring) | join(" ")' \
    "$json" 2>&1)
  code=$?
  rm -f "$json"
  ((code == 0)) || { echo "part $pattern: unreadable --json result: $figures" >&2; return 1; }
  local solutions classes seconds nodes orbits
  read -r solutions classes seconds nodes orbits <<<"$figures"
  [ "$seconds" = "?" ] || seconds=$(awk -v s="$seconds" 'BEGIN { printf "%.2f", s }')
  # A whole quotient part's classes, each with its own orbit, add up to its
  # labelled count (the engine checks it per representative too).
  if [ "$status" = exact ] && [ -n "$orbits" ] && [ "$orbits" != "$solutions" ]; then
    echo "part $pattern: the classes' orbits add up to $orbits, not $solutions" >&2
    return 1
  fi
  echo "$pattern $weight $solutions $classes $status $seconds $cpu $nodes${orbits:+ $orbits}" >"$file"
  if [ "$status" = exact ]; then rm -f "$file.ckpt"; fi
}
export -f part

# One estimated part: "PATTERN WEIGHT SOLUTIONS NODES STANDARD_ERROR", the
# estimate's figures at full precision from its --json result.
estimate_part() {
  local n=$1 pattern=$2 weight=$3 bin=$4 probes=$5 out=$6 text what json figures
  what=(--centre-pattern "$pattern")
  [[ $pattern == */* ]] && what=(--quotient "$pattern")
  json=$(mktemp)
  text=$("$bin" "$n" --count --estimate "$probes" "${what[@]}" --json "$json" 2>&1) ||
    { echo "part $pattern: $(tail -n 1 <<<"$text")" >&2; rm -f "$json"; return 1; }
  figures=$(jq -r '.count as $c
    | if $c == null or $c.estimate != true then error("no estimate in the result") else . end
    | [$c.solutions, $c.nodes, $c.standard_error] | map(tostring) | join(" ")' "$json" 2>&1) ||
    { echo "part $pattern: unreadable --json result: $figures" >&2; rm -f "$json"; return 1; }
  rm -f "$json"
  echo "$pattern $weight $figures" >"$out/${pattern//[,\/]/_}.est"
}
export -f estimate_part

# Ctrl-C reaches every part (one process group); the script then says so.
interrupted=0
trap 'interrupted=1' INT TERM
# parallel's exit: 0 when every part ran; else how many failed (or a signal).
finish() {
  if ((interrupted || $1 == 130 || $1 == 143)); then
    echo "count_parts.sh: interrupted; run again with -o DIR to resume" >&2
    exit 130
  fi
  (($1 == 0)) || fail "$1 part(s) failed"
}

args=(--colsep ' ' -j "$jobs")
[ -n "$logins" ] && args+=(--sshlogin "$logins" --env part --env estimate_part)
if [ "$probes" != 0 ]; then
  parallel "${args[@]}" estimate_part "$n" {1} {2} "$bin" "$probes" "$out" <<<"$patterns"
  finish $?
  cat "$out"/*.est | awk '{ s += $2 * $3; w += $4; v += ($2 * $5) ^ 2 } END {
    printf "Parts: %d\nEstimated solutions: %.4g (standard error %.2g)\n", NR, s, sqrt(v)
    printf "Estimated search nodes of the split: %.4g\n", w }'
  echo "count_parts.sh: estimated" >&2
  exit 0
fi
parallel "${args[@]}" part "$n" {1} {2} "$bin" "$limit" "$out" <<<"$patterns"
finish $?

total=0 classes=0 done=0 bounded=0
while read -r pattern weight; do
  file=$out/${pattern//[,\/]/_}
  [ -s "$file" ] || { bounded=$((bounded + 1)); continue; }
  read -r _ _ s c status _ <"$file"
  total=$((total + s * weight))
  classes=$((classes + c))
  if [ "$status" = exact ]; then done=$((done + 1)); else bounded=$((bounded + 1)); fi
done <<<"$patterns"
parts=$(wc -l <<<"$patterns")
echo "Parts: $parts ($done exact, $bounded lower bounds)"
if [ "$bounded" -eq 0 ]; then
  echo "Solutions: $total"
  echo "Solutions up to symmetry: $classes"
  echo "count_parts.sh: exact" >&2
else
  echo "Solutions: at least $total"
  echo "Solutions up to symmetry: at least $classes"
  echo "count_parts.sh: lower bounds ($bounded part(s) hit the time limit)" >&2
  exit 3
fi
