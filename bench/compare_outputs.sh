#!/usr/bin/env bash
# Usage: bench/compare_outputs.sh OLD_BINARY NEW_BINARY [CASE_FILE]
#
# Runs the same command lines with two builds of bel_pyramid and compares
# everything each run shows: its exit code, standard output, standard error
# and every file it writes, byte for byte after masking what varies from run
# to run (seconds, rates, memory). A refactoring that must not change any
# output is checked by running this against the binary built before it.
#
# CASE_FILE holds one command line per line, the binary's arguments only
# ('#' starts a comment); the runs happen in an empty directory with the
# repository's doc/ and tests/data/ beside them as ./doc and ./data. Without
# it, the cases below the line "__CASES__" at the end of this script run.
# Prints one line per case (same/DIFFERENT) and the diff of each difference;
# exits 1 when any case differs, 2 on a usage error.
set -uo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  usage
fi
old=$(realpath "$1") new=$(realpath "$2")
root=$(cd "$(dirname "$0")/.." && pwd)
for b in "$old" "$new"; do
  [ -x "$b" ] || { echo "compare_outputs.sh: $b is not an executable" >&2; exit 2; }
done
if [ $# -eq 3 ]; then
  cases=$(grep -v '^[[:space:]]*\(#\|$\)' "$3") || { echo "compare_outputs.sh: no cases in $3" >&2; exit 2; }
else
  cases=$(sed -n '/^__CASES__$/,$p' "$0" | tail -n +2 | grep -v '^[[:space:]]*\(#\|$\)')
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# What varies between two runs of the same build: durations, rates, memory.
mask() {
  sed -E -e 's/[0-9]+(\.[0-9]+)?(e[-+]?[0-9]+)? (seconds|s|CPU s|ms)\b/T \3/g' \
    -e 's/"(build_seconds|solve_seconds)":[^,}]*/"\1":T/g' \
    -e 's/[0-9.]+(e[-+]?[0-9]+)? ([a-z ]+)\/s\b/R \2\/s/g' \
    -e 's/[0-9.]+ ?(MB|GB|KB|MiB|GiB)\b/M \1/g' \
    -e 's/^c (seconds|cpu_seconds) .*/c \1 T/'
}

# Runs one case with one binary in DIR; leaves DIR/{rc,stdout,stderr,files/}.
run_case() {
  local binary=$1 dir=$2 line=$3
  mkdir -p "$dir/files"
  ln -s "$root/doc" "$dir/files/doc"
  ln -s "$root/tests/data" "$dir/files/data"
  (cd "$dir/files" && eval "timeout 300 \"$binary\" $line" </dev/null >../stdout 2>../stderr)
  echo $? >"$dir/rc"
  rm "$dir/files/doc" "$dir/files/data"
  local f
  for f in "$dir/stdout" "$dir/stderr" "$dir"/files/*; do
    [ -f "$f" ] || continue
    case $f in *.gz | *.xz) continue ;; esac
    sed -i "s|$binary|BEL_PYRAMID|g" "$f"
    mask <"$f" >"$f.masked" && mv "$f.masked" "$f"
  done
}

differ=0 total=0
while IFS= read -r line; do
  total=$((total + 1))
  rm -rf "$work/old" "$work/new"
  run_case "$old" "$work/old" "$line"
  run_case "$new" "$work/new" "$line"
  if diff -r "$work/old" "$work/new" >"$work/diff"; then
    echo "same      $line"
  else
    differ=$((differ + 1))
    echo "DIFFERENT $line"
    sed 's/^/    /' "$work/diff" | head -40
  fi
done <<<"$cases"
echo "$((total - differ)) of $total cases give the same outputs"
[ "$differ" -eq 0 ]
exit

__CASES__
--help
--version
--list-strategies
1 --solver cadical
2 --solver cadical --seed 1
3 --solver cadical --seed 1 --json out.json --svg out.svg
3 --solver local --seed 3 -q
3 --solver xcc
3 --solver z3 --tactic qflia
3 --strategy YStep --solver cadical --seed 2 --json -
4 --strategy ConstructiveBottom --solver cadical --seed 1 --proof p.drat --cnf f.cnf
5 --solver construct --seed 1 --json c.json
3 --hypothesis doc/hypotheses/ColumnStep.hyp --solver cadical --seed 1
3 --given data/solutions/n3.txt --solver cadical
3 --cnf out.cnf --var-map out.map --skip-solver
3 --cnf-encoder z3 --cnf z3.cnf --skip-solver
3 --cnf-tune cube-amo=pairwise --cnf t.cnf --skip-solver
3 --cnf-tune cadical-phase=1 --solver cadical --seed 1
3 --local-tune replicas=2 --solver local --seed 1
3 --smt2 out.smt2 --skip-solver
3 --strategy YStep --split 8 split
2 --count
2 --count --up-to-symmetry --json -
2 --all --max-solutions 3
2 --count --solver cadical
3 --count --estimate 50 --seed 1
2 --count --quotient 0/1 --json -
3 --count --quotient 5/1000 --estimate 20 --seed 1 --json -
2 --count --part 1/3 --up-to-symmetry
3 --list-centre-patterns
3 --sample 3 --seed 1
3 --sample 2 --solver xcc --seed 1
--check data/solutions/n3.txt
--check data/solutions/n3.txt --json -
3 --timeout 0.5 --solver xcc --strategy YStep
2 --cert data/certificates/valid_n2.cert
2 --cert data/certificates/unsat.cert
2 --cert data/certificates/minisat_sat.cert --json -
# Races (the default portfolio, --portfolio, --threads) are left out: which
# racer answers first differs from run to run.
# refusals: one line on stderr, exit 2
0
3 --solver nope
3 --cnf-tune foo=1 --cnf x.cnf
3 --cnf-tune cadical-phase=1 --solver construct
3 --cnf-tune cube-amo=pairwise
3 --local-tune tmin=3 --solver local
3 --local-tune replicas=2 --solver cadical
3 --tactic qflia --solver cadical
3 --proof p.drat --solver local
3 --proof p.drat --portfolio local,local
3 --count --solver local
3 --count --estimate 5 --solver cadical
3 --count --quotient 0/2 --solver cadical
3 --sample 2 --solver cadical
3 --threads 2 --solver z3
3 --log x.log --solver cadical
3 --resume nothing.ckpt --solver xcc
3 --checkpoint-every 5
3 --json x.json --split 4 d
3 --svg x.svg --count
