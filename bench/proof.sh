#!/usr/bin/env bash
# The cost of --proof: in-process CaDiCaL with and without writing the DRAT
# proof, and the time to check it, by the project's bel_pyramid_check_proof
# and by drat-trim, in CPU seconds (user + system, so that a shared machine
# does not inflate them), per seed and median.
# usage: DRAT_TRIM=/path/to/drat-trim bench/proof.sh [-s "1 2 3"] [-t CAP] NAME...
#   NAME: rows of benchmarks.tsv (e.g. bp4_cshell bp4_cbottom); CAP: CPU
#   seconds per run (ulimit -t, default 600). Run from the repository root
#   after building into build/ (CHECK_PROOF: another bel_pyramid_check_proof).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=../scripts/median.sh
source "$here/../scripts/median.sh"
seeds="1 2 3" cap=600
while getopts s:t: o; do
  case $o in s) seeds=$OPTARG ;; t) cap=$OPTARG ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
bin=${BEL_PYRAMID:-build/bel_pyramid}
[ -x "${DRAT_TRIM:-}" ] || { echo "proof.sh: set DRAT_TRIM to a built drat-trim" >&2; exit 2; }
[ -x "$bin" ] || { echo "proof.sh: no binary at $bin" >&2; exit 2; }
checker=${CHECK_PROOF:-$(dirname "$bin")/bel_pyramid_check_proof}
[ -x "$checker" ] || { echo "proof.sh: no bel_pyramid_check_proof at $checker" >&2; exit 2; }
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
# cpu CMD...: prints the CPU seconds CMD took, or ">CAP" when it ran out.
cpu() {
  /usr/bin/time -f '%U %S' -o "$dir/time" bash -c 'ulimit -t "$0"; exec "$@"' "$cap" "$@" \
    > "$dir/out" 2> /dev/null || true
  tail -n 1 "$dir/time" | awk -v cap="$cap" '{ s = $1 + $2;
    if (s >= cap - 1) printf ">%d", cap; else printf "%.2f", s }'
}
echo "| instance | seed | no proof (CPU s) | --proof (CPU s) | ratio | proof MB | bel_pyramid_check_proof (CPU s) | drat-trim (CPU s) |"
echo "|---|---|---|---|---|---|---|---|"
for name in "$@"; do
  args=$(awk -F '\t' -v n="$name" '$1 == n { print $2 }' "$here/../benchmarks.tsv")
  [ -n "$args" ] || { echo "proof.sh: no row $name in benchmarks.tsv" >&2; exit 2; }
  # shellcheck disable=SC2086 # the row's arguments are words
  "$bin" $args --cnf "$dir/f.cnf" --skip-solver > /dev/null
  plain=() proved=() ratios=() ours=() checks=()
  for seed in $seeds; do
    # shellcheck disable=SC2086
    a=$(cpu "$bin" $args --solver cadical --seed "$seed")
    rm -f "$dir/p.drat"
    # shellcheck disable=SC2086
    b=$(cpu "$bin" $args --solver cadical --seed "$seed" --proof "$dir/p.drat")
    mb=$(awk -v s="$(stat -c %s "$dir/p.drat" 2> /dev/null || echo 0)" 'BEGIN { printf "%.0f", s / 1e6 }')
    o=$(cpu "$checker" "$dir/f.cnf" "$dir/p.drat")
    grep -qx 's VERIFIED' "$dir/out" || o="$o (not verified)"
    c=$(cpu "$DRAT_TRIM" "$dir/f.cnf" "$dir/p.drat" -t "$cap")
    grep -q 's VERIFIED' "$dir/out" || c="$c (not verified)"
    r=$(awk -v a="$a" -v b="$b" 'BEGIN { if (a + 0 > 0 && a !~ />/ && b !~ />/) printf "%.2f", b / a; else print "-" }')
    echo "| $name | $seed | $a | $b | $r | $mb | $o | $c |"
    plain+=("$a") proved+=("$b") ratios+=("$r") ours+=("${o%% *}") checks+=("${c%% *}")
  done
  m() { printf '%s\n' "$@" | tr -d '>' | median; }
  echo "| $name | median | $(m "${plain[@]}") | $(m "${proved[@]}") | $(m "${ratios[@]}") | | $(m "${ours[@]}") | $(m "${checks[@]}") |"
done
