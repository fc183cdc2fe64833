#!/usr/bin/env bash
# Cube-and-conquer: solves the cubes of `bel_pyramid --split K DIR` with GNU
# parallel and reports like bel_pyramid: a validated solution, or "No
# solution exists" only when every cube is UNSAT, and the total CPU time.
#
# Usage: scripts/conquer.sh [--collect] DIR [PARALLEL_OPTIONS...]
#   PARALLEL_OPTIONS are passed to GNU parallel: -j N (default: all cores),
#   --sshlogin host1,host2 or --slf FILE to use other machines (the solver
#   must be on their PATH; DIR/formula.cnf, DIR/cubes and conquer_cube.sh
#   are sent as --basefile, so give DIR as a path relative to the current
#   directory, which should also be relative to the remote home).
#   --collect only reports on DIR/results (e.g. after scripts/conquer.slurm).
#   SOLVER, SOLVER_OPTIONS: see scripts/conquer_cube.sh (default cadical -q).
#   BEL_PYRAMID: the binary that re-imports certificates (default build/bel_pyramid).
# The first SAT cube stops the others (--halt now,success=1); its
# certificate is re-imported with the arguments in DIR/args and checked
# against every clause of DIR/formula.cnf, the puzzle and the strategies.
# Exit codes as bel_pyramid: 0 answered, 1 error, 3 some cube unknown.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
collect=0
if [ "${1:-}" = --collect ]; then collect=1; shift; fi
[ $# -ge 1 ] || { echo "usage: $0 [--collect] DIR [PARALLEL_OPTIONS...]" >&2; exit 1; }
dir=$1; shift
bel=${BEL_PYRAMID:-$here/../build/bel_pyramid}
for f in formula.cnf cubes args; do
  [ -r "$dir/$f" ] || { echo "conquer.sh: error: cannot read $dir/$f (run bel_pyramid --split K $dir first)" >&2; exit 1; }
done
[ -x "$bel" ] || { echo "conquer.sh: error: no bel_pyramid binary at $bel (set BEL_PYRAMID)" >&2; exit 1; }
cubes=$(grep -c '^a ' "$dir/cubes")
mapfile -t args < "$dir/args"
results=$dir/results

if [ $collect -eq 0 ]; then
  command -v parallel > /dev/null || { echo "conquer.sh: error: GNU parallel is not installed" >&2; exit 1; }
  command -v "${SOLVER:-cadical}" > /dev/null || { echo "conquer.sh: error: solver \"${SOLVER:-cadical}\" not found (set SOLVER)" >&2; exit 1; }
  rm -rf "$results" && mkdir -p "$results"
  remote=()
  for a in "$@"; do
    case $a in
      --sshlogin|-S|--slf|--sshloginfile|--sshlogin=*|--slf=*)
        remote=(--basefile "$dir/formula.cnf" --basefile "$dir/cubes" --basefile "$here/conquer_cube.sh"
                --env SOLVER --env SOLVER_OPTIONS) ;;
    esac
  done
  echo "Solving $cubes cube(s) of $dir with ${SOLVER:-cadical}."
  seq 1 "$cubes" | parallel -j "$(nproc)" --halt now,success=1 --joblog "$results/joblog" \
    --results "$results/cube-{}" "${remote[@]}" "$@" "$here/conquer_cube.sh" "$dir" {}
fi

sat=() unsat=0 unknown=0 cpu=0
for i in $(seq 1 "$cubes"); do
  line=$(grep -s '^c conquer cube ' "$results/cube-$i" | tail -n 1)
  case $line in
    *" status SAT "*) sat+=("$i") ;;
    *" status UNSAT "*) unsat=$((unsat + 1)) ;;
    *) unknown=$((unknown + 1)) ;;
  esac
  [ -z "$line" ] || cpu=$(awk -v a="$cpu" -v b="${line##* }" 'BEGIN { printf "%.2f", a + b }')
done
echo "Cubes: $cubes, SAT ${#sat[@]}, UNSAT $unsat, unknown or stopped $unknown."
echo "Total CPU time: $cpu s (the cubes that finished)."

for i in "${sat[@]}"; do
  echo "Cube $i is SAT; re-importing its certificate."
  if "$bel" "${args[@]}" --cnf "$dir/formula.cnf" --cert "$results/cube-$i"; then exit 0; fi
  echo "conquer.sh: error: the certificate of cube $i did not validate" >&2
done
[ ${#sat[@]} -eq 0 ] || exit 1
if [ "$unsat" -eq "$cubes" ]; then
  echo "No solution exists for ${args[0]} levels (all $cubes cubes UNSAT)."
  exit 0
fi
echo "Gave up: $unknown cube(s) without an answer."
exit 3
