#!/usr/bin/env bash
# Cube-and-conquer end to end (needs GNU parallel and the cadical binary):
#   N=3 XStep + YStep: every cube UNSAT, so "No solution exists";
#   the same through the command each Slurm array task runs, then --collect;
#   N=4 YStep: a solution, re-imported and validated;
#   a certificate re-imported with other arguments does not validate;
#   bad inputs to the scripts: one error line, non-zero exit.
# Usage: conquer_test.sh REPO BEL_PYRAMID
set -uo pipefail
repo=$1 bin=$2
export BEL_PYRAMID=$bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

"$bin" 3 --strategy XStep --strategy YStep --split 4 "$work/u3" > /dev/null || fail "split N=3"
out=$("$repo/scripts/conquer.sh" "$work/u3" -j 2 2>&1) || fail "conquer N=3: $out"
grep -q '^No solution exists for 3 levels (all [0-9]* cubes UNSAT)' <<< "$out" || fail "N=3: $out"

# The Slurm array task's command, for every cube, then the report alone.
cubes=$(grep -c '^a ' "$work/u3/cubes")
rm -rf "$work/u3/results"
for i in $(seq 1 "$cubes"); do
  (cd "$repo" && SLURM_ARRAY_TASK_ID=$i SLURM_SUBMIT_DIR=$repo scripts/conquer.slurm "$work/u3") ||
    fail "slurm task $i"
  grep -q "^c conquer cube $i status UNSAT cpu " "$work/u3/results/cube-$i" || fail "task $i output"
done
out=$("$repo/scripts/conquer.sh" --collect "$work/u3" 2>&1) || fail "collect: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "collect: $out"

"$bin" 4 --strategy YStep --split 4 "$work/s4" > /dev/null || fail "split N=4"
out=$("$repo/scripts/conquer.sh" "$work/s4" -j 2 2>&1) || fail "conquer N=4: $out"
grep -q '^Certificate satisfies all [0-9]* clause(s)' <<< "$out" || fail "N=4: $out"
grep -q '^Solution:' <<< "$out" || fail "N=4: $out"

# Negative control: the SAT certificate under other strategies must not pass.
printf '4\n--strategy\nXStep\n' > "$work/s4/args"
out=$("$repo/scripts/conquer.sh" --collect "$work/s4" 2>&1) && fail "wrong args accepted: $out"
grep -q 'did not validate' <<< "$out" || fail "wrong args: $out"

out=$("$repo/scripts/conquer.sh" "$work/missing" 2>&1) && fail "missing dir accepted"
[ "$(grep -c 'error: cannot read' <<< "$out")" -eq 1 ] || fail "missing dir: $out"
for bad in 0 x 99; do
  "$repo/scripts/conquer_cube.sh" "$work/u3" "$bad" > /dev/null 2>&1
  [ $? -eq 3 ] || fail "conquer_cube.sh cube \"$bad\" accepted"
done
echo "conquer: N=3 all cubes UNSAT (parallel and Slurm task), N=4 validated, bad inputs refused"
