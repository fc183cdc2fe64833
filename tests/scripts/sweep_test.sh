#!/usr/bin/env bash
# Sweeps end to end: scripts/sweep.sh's parts add up to the table of one
# process, and a sweep killed with SIGKILL mid-run resumes without losing or
# repeating an answer (every member answered once, the same answers as a
# sweep that ran whole); scripts/sweep_proofs.sh proves the refuted members
# and refuses a forged refutation; sweep.sh -c decides the members a budget
# left undecided by cube-and-conquer, those of a slice only when given one.
set -euo pipefail
repo=$1 bin=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
fail() { echo "sweep test: $*"; exit 1; }
shift_family=$repo/tests/data/hypotheses/shift_family.hyp
affine=$repo/doc/hypotheses/families/Affine.hyp
answers() { cut -f1-"$1" "$2/sweep.tsv" | sort; }

# Parts over GNU parallel, then the merge, against one process.
"$bin" 4 --hypothesis "$shift_family" --sweep "$dir/whole" -q > /dev/null
"$repo/scripts/sweep.sh" 4 "$shift_family" -o "$dir/parts" -j 2 -m 5 -b "$bin" > "$dir/out" 2>&1 ||
  { cat "$dir/out"; fail "sweep.sh failed"; }
[ "$(answers 2 "$dir/whole")" = "$(answers 2 "$dir/parts")" ] || fail "the parts' table differs"
[ "$(ls "$dir"/parts/answers.*-of-5.tsv | wc -l)" = 5 ] || fail "not one journal per part"
grep -q "found *7" "$dir/out" || fail "no totals: $(cat "$dir/out")"

# Killed mid-run, then resumed.
"$bin" 4 --hypothesis "$affine" --sweep "$dir/clean" -q > /dev/null
"$bin" 4 --hypothesis "$affine" --sweep "$dir/killed" --threads 2 -q > /dev/null &
pid=$!
# Killed once it has journaled some answers (the plan takes seconds under the sanitizers).
journaled() {
  [ -f "$dir/killed/answers.tsv" ] || { echo 0; return; }
  grep -vc '^#' "$dir/killed/answers.tsv" || true
}
for _ in $(seq 1200); do
  (($(journaled) >= 50)) && break
  kill -0 "$pid" 2>/dev/null || break
  sleep 0.05
done
kill -KILL "$pid"
wait "$pid" 2>/dev/null && fail "the sweep ended before it was killed: make it longer"
before=$(journaled)
((before > 0)) || fail "no answer journaled before the kill"
"$bin" 4 --hypothesis "$affine" --sweep "$dir/killed" -q > /dev/null
repeats=$(grep -v '^#' "$dir/killed/answers.tsv" | cut -f1 | sort | uniq -d | wc -l)
[ "$repeats" = 0 ] || fail "$repeats members answered twice"
[ "$(answers 6 "$dir/clean")" = "$(answers 6 "$dir/killed")" ] || fail "the resumed table differs"
grep -q 'not run' "$dir/killed/sweep.tsv" && fail "members left without an answer"

# Proofs of the refuted members, checked by verify_proof.sh; a member the
# sweep's table calls refuted but that has a solution is not "verified".
column_affine=$repo/doc/hypotheses/families/ColumnAffine.hyp
"$bin" 3 --hypothesis "$column_affine" --param d=1 --param e=2 --sweep "$dir/proofs" -q > /dev/null
out=$("$repo/scripts/sweep_proofs.sh" -b "$bin" "$dir/proofs" 2>&1) || fail "sweep_proofs: $out"
[ "$(tail -n 1 <<< "$out")" = "verified: 1 refuted member(s) of $dir/proofs, each with a checked proof" ] ||
  fail "sweep_proofs: $out"
grep -q '^verified: .* 1 leaf cube(s) cover the whole space' "$dir/proofs/proofs/d=1,e=2,f=4/verified" ||
  fail "no checked proof for f=4: $(cat "$dir/proofs/proofs/d=1,e=2,f=4/verified")"
grep -qx completion "$dir/proofs/proofs/d=1,e=2,f=4/args" || fail "f=4 was not proved on its completion"
# -w: the native CNF of the whole formulation.
out=$("$repo/scripts/sweep_proofs.sh" -w -b "$bin" "$dir/whole-proofs" 2>&1) && fail "-w on a missing dir: $out"
cp -r "$dir/proofs" "$dir/whole-proofs" && rm -rf "$dir/whole-proofs/proofs"
out=$("$repo/scripts/sweep_proofs.sh" -w -b "$bin" "$dir/whole-proofs" 2>&1) || fail "sweep_proofs -w: $out"
grep -q completion "$dir/whole-proofs/proofs/d=1,e=2,f=4/args" && fail "-w proved the completion"
jq '(.members[] | select(.member == "d=1,e=2,f=0") | .answer) = "refuted"' "$dir/proofs/sweep.json" \
  > "$dir/forged.json" && mv "$dir/forged.json" "$dir/proofs/sweep.json"
out=$("$repo/scripts/sweep_proofs.sh" -b "$bin" "$dir/proofs" 2>&1) && fail "a forged refutation verified: $out"
[[ $(tail -n 1 <<< "$out") == "NOT verified: d=1,e=2,f=0: the solver did not refute it"* ]] ||
  fail "forged refutation: $out"
# Members left undecided within one conflict each, decided by cube-and-conquer
# (sweep.sh -c): the table of a sweep without a budget, every solution checked
# against its member, a second run conquers nothing; a solver that answers
# nothing leaves them undecided (exit 3); bad -c/-l/-r values are refused.
ca=(--param d=1 --param e=2)
"$bin" 3 --hypothesis "$column_affine" "${ca[@]}" --sweep "$dir/ca-whole" -q > /dev/null
# conquered DIR [ARG...]: the members' extra arguments ARG.
conquered() {
  local out=$1
  shift
  "$repo/scripts/sweep.sh" 3 "$column_affine" -o "$dir/$out" -j 2 -m 1 -b "$bin" -c 4 -- "${ca[@]}" \
    "$@" --conflicts 1 > "$dir/out" 2>&1
}
conquered ca || { cat "$dir/out"; fail "sweep.sh -c failed"; }
[ "$(answers 4 "$dir/ca-whole")" = "$(answers 4 "$dir/ca")" ] || fail "the conquered table differs"
grep -q '^d=1,e=2,f=4	refuted	.*	cube-and-conquer			[0-9][0-9.]*$' "$dir/ca/answers.conquer.tsv" ||
  fail "f=4 not refuted by cube-and-conquer: $(cat "$dir/ca/answers.conquer.tsv")"
# The conquest's CPU seconds, conquer.sh's total, reach the table.
cpu=$(awk -F'\t' '$3 == 4 { print $6 }' "$dir/ca/sweep.tsv")
[ "$cpu" = "$(awk '{ printf "%.3f", $3 }' "$dir/ca/conquer/d=1,e=2,f=4/results/answer")" ] ||
  fail "f=4's cpu_seconds is \"$cpu\": $(cat "$dir/ca/sweep.tsv")"
found=0
for solution in "$dir"/ca/solutions/*.txt; do
  member=$(basename "$solution" .txt)
  IFS=, read -r -a params <<< "$member"
  "$bin" --check "$solution" --hypothesis "$column_affine" "${params[@]/#/--param=}" \
    > /dev/null 2>&1 || fail "$member's solution does not check"
  found=$((found + 1))
done
((found == 4)) || fail "$found solutions, expected 4"
conquered ca || fail "the second sweep.sh -c failed"
grep -q conquering "$dir/out" && fail "the second run conquered again: $(cat "$dir/out")"
# A slice (--param f=4..4) conquers only its own undecided members, though
# the table (a whole sweep within one conflict) leaves others undecided.
"$bin" 3 --hypothesis "$column_affine" "${ca[@]}" --sweep "$dir/ca-slice" --conflicts 1 -q > /dev/null &&
  fail "a sweep within one conflict decided every member: the slice test needs undecided ones"
"$repo/scripts/sweep.sh" 3 "$column_affine" -o "$dir/ca-slice" -j 2 -m 1 -b "$bin" -c 4 -- "${ca[@]}" \
  --param f=4..4 --conflicts 1 > "$dir/out" 2>&1 || { cat "$dir/out"; fail "sweep.sh -c on a slice failed"; }
[ "$(grep -v '^#' "$dir/ca-slice/answers.conquer.tsv" | cut -f1)" = "d=1,e=2,f=4" ] ||
  fail "the slice conquered other members: $(cat "$dir/ca-slice/answers.conquer.tsv")"
printf '#!/bin/sh\ncat > /dev/null\necho "s UNKNOWN"\n' > "$dir/unknown.sh" && chmod +x "$dir/unknown.sh"
# Without the matching, which refutes some of these members' cubes when split.
unmatched=(--cnf-tune cube-matching=off)
code=0
SOLVER=$dir/unknown.sh conquered ca-unknown "${unmatched[@]}" || code=$?
((code == 3)) || { cat "$dir/out"; fail "undecided members after -c: exit $code, expected 3"; }
[ -n "$(grep -v '^#' "$dir/ca-unknown/answers.conquer.tsv")" ] && fail "an unknown tree was journaled"
# Run again, each member's log keeps the first run's report beside the second's.
code=0
SOLVER=$dir/unknown.sh conquered ca-unknown "${unmatched[@]}" || code=$?
((code == 3)) || { cat "$dir/out"; fail "the second -c run on undecided members: exit $code"; }
for log in "$dir"/ca-unknown/conquer/*.log; do
  (($(grep -c '^conquer: ' "$log") == 2)) || fail "$log lost a run's report: $(cat "$log")"
done
for bad in "-c 0" "-l 5" "-c 2 -r 2" "-c x"; do
  read -r -a words <<< "$bad"
  code=0
  "$repo/scripts/sweep.sh" 3 "$column_affine" -o "$dir/bad" -b "$bin" "${words[@]}" > "$dir/out" 2>&1 ||
    code=$?
  ((code == 2)) && (($(wc -l < "$dir/out") == 1)) || fail "sweep.sh $bad: exit $code: $(cat "$dir/out")"
done

# Runs on one directory write its table one at a time (DIR/sweep.lock): a run
# that finds the lock held waits and says so, and a Ctrl-C while it waits
# leaves the table to the next run (its journal holds the answers).
mkdir -p "$dir/locked"
exec 9> "$dir/locked/sweep.lock"
flock 9
"$bin" 3 --hypothesis "$shift_family" --sweep "$dir/locked" -q > /dev/null 2> "$dir/locked.err" 9>&- &
pid=$!
for _ in $(seq 600); do
  grep -q 'waiting for' "$dir/locked.err" && break
  kill -0 "$pid" 2> /dev/null || break
  sleep 0.1
done
kill -INT "$pid" 2> /dev/null || true
code=0
wait "$pid" || code=$?
exec 9>&-
grep -q "^c sweep: waiting for $dir/locked/sweep.lock: another run" "$dir/locked.err" ||
  fail "no wait for a held lock (exit $code): $(cat "$dir/locked.err")"
((code == 130)) || fail "interrupted while waiting for the lock: exit $code"
[ ! -e "$dir/locked/sweep.tsv" ] || fail "the table written without the lock"
"$bin" 3 --hypothesis "$shift_family" --sweep "$dir/locked" -q > /dev/null ||
  fail "the sweep after the lock was released"
[ "$(grep -vc '^f' "$dir/locked/sweep.tsv")" = 5 ] || fail "the table after the lock: $(cat "$dir/locked/sweep.tsv")"

echo "sweep test: ok ($before answers kept across the kill, proofs checked, undecided members conquered, the table written under its lock)"
