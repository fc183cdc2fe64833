#!/usr/bin/env bash
# The hunt's fan-out on two local job slots: the first validated solution
# stops the other jobs (most of the 40 seeds never start) and lands in
# DIR/solution.txt, and GNU parallel's note on the job that stopped it is
# not shown; a stopped job leaves a checkpoint it can resume from; the
# job script, which the Slurm array also runs, reports a failure by its exit.
set -euo pipefail
scripts=$1 bin=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "hunt test: $*"; exit 1; }

"$scripts/hunt.sh" 4 -j 2 -n 40 -o "$dir/h4" -b "$bin" > "$dir/out" 2>&1 || { cat "$dir/out"; fail "hunt failed"; }
grep -q '^Solution:$' "$dir/h4/solution.txt" && fail "solution.txt holds more than the drawing"
! grep -q 'This job succeeded\|hunt_job.sh .* [0-9]*$' "$dir/out" || fail "the hunt shows GNU parallel's notes: $(cat "$dir/out")"
"$bin" --check "$dir/h4/solution.txt" | grep -q 'is a valid 4-level solution' || fail "no valid solution file"
started=$(($(wc -l < "$dir/h4/joblog") - 1))
((started < 40)) || fail "all $started jobs ran: the first solution did not stop the hunt"
# The winner's checkpoint is the solution; resuming from it re-validates it.
winner=$(grep -l '^Solution:$' "$dir"/h4/results/seed-*.out | head -n 1)
seed=$(basename "$winner" .out)
"$bin" 4 --solver local --resume "$dir/h4/checkpoints/$seed.ckpt" --timeout 5 | grep -q '^Solution:$' ||
  fail "the winner's checkpoint is not a solution"

# A job that runs out of time says so (exit 3), leaves a checkpoint and a log, and resumes.
status=0
"$scripts/hunt_job.sh" "$bin" "$dir/h5" 5 3 --timeout 0.3 > /dev/null || status=$?
((status == 3)) || fail "an unsolved job exited $status, expected 3"
[ -s "$dir/h5/checkpoints/seed-3.ckpt" ] || fail "no checkpoint"
[ -s "$dir/h5/logs/seed-3.log" ] || fail "no log"
"$scripts/hunt_job.sh" "$bin" "$dir/h5" 5 3 --timeout 0.3 > /dev/null || true
grep -q '^Resuming from ' "$dir/h5/results/seed-3.out" || fail "the second run did not resume"
echo "hunt: stopped after $started of 40 jobs; checkpoints resume"
