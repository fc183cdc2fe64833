#!/usr/bin/env bash
# Cube-and-conquer end to end (needs GNU parallel and the cadical binary):
#   N=3 XStep + YStep: every cube UNSAT, so "No solution exists";
#   the same through the command each Slurm array task runs, then --collect;
#   N=4 YStep: a solution, re-imported and validated;
#   a second run resumes (no cube solved again);
#   results of other arguments are refused, a certificate re-imported with
#   other arguments does not validate;
#   --resplit: unknown cubes are split again and conquered, to a proof (N=3
#   AntiMirror + ZRing), also with the trees at once on shared slots (--slots)
#   and to a validated solution (N=4), or the run gives up at --depth;
#   a completion's split whose cubes the matching refutes, and --proofs
#   refusing such a split;
#   bad inputs to the scripts: one error line, exit 2 before any job starts
#   (bad options for GNU parallel, a missing binary too);
#   the last line says what happened (proved none, found a solution, unknown
#   within the limit, interrupted), and GNU parallel's notes are not shown;
#   no temporary file is left, also by a job stopped while it ends.
# Usage: conquer_test.sh REPO BEL_PYRAMID
set -uo pipefail
repo=$1 bin=$2
export BEL_PYRAMID=$bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# shellcheck source=tests/scripts/picky.sh
source "$repo/tests/scripts/picky.sh"  # TMPDIR, $work/picky

"$bin" 3 --strategy XStep --strategy YStep --split 4 "$work/u3" > /dev/null || fail "split N=3"
out=$("$repo/scripts/conquer.sh" "$work/u3" -j 2 2>&1) || fail "conquer N=3: $out"
grep -q '^No solution exists for 3 levels (all [0-9]* cubes UNSAT)' <<< "$out" || fail "N=3: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: proved none" ] || fail "N=3 last line: $out"

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
[ "$(tail -n 1 <<< "$out")" = "conquer: found a solution" ] || fail "N=4 last line: $out"
! grep -q 'This job succeeded\|conquer_cube.sh .* [0-9]*$' <<< "$out" || fail "N=4 shows parallel's notes: $out"

# A second run resumes: nothing is solved again.
out=$("$repo/scripts/conquer.sh" "$work/s4" -j 2 2>&1) || fail "resumed N=4: $out"
grep -q '^Solving 0 of [0-9]* cube(s)' <<< "$out" || fail "resumed N=4 ran cubes again: $out"
grep -q '^Solution:' <<< "$out" || fail "resumed N=4: $out"

# Negative controls: results kept for other arguments are refused, and the
# SAT certificate under other strategies must not pass.
printf '4\n--strategy\nXStep\n' > "$work/s4/args"
out=$("$repo/scripts/conquer.sh" --collect "$work/s4" 2>&1) && fail "stale results accepted: $out"
grep -q 'holds answers for another formula' <<< "$out" || fail "stale results: $out"
rm "$work/s4/results/inputs"  # as after Slurm tasks
out=$("$repo/scripts/conquer.sh" --collect "$work/s4" 2>&1) && fail "wrong args accepted: $out"
grep -q 'did not validate' <<< "$out" || fail "wrong args: $out"

# resplit DIR K MIN [OPTIONS...]: conquer DIR, every cube of fewer than MIN
# literals unknown (the solver: picky, or $solver where a caller sets it)
resplit() {
  local dir=$1 k=$2 min=$3; shift 3
  BASE=$(grep -m1 '^p cnf ' "$dir/formula.cnf" | cut -d' ' -f4) MIN=$min SOLVER=${solver:-$work/picky} \
    "$repo/scripts/conquer.sh" --cube-limit 60 --resplit "$k" "$@" "$dir" -j 2 2>&1
}
longest() { awk '{ if (NF - 2 > m) m = NF - 2 } END { print m }' "$1/cubes"; }
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 "$work/r3" > /dev/null || fail "split r3"
min=$(($(longest "$work/r3") + 1))
out=$(resplit "$work/r3" 2 "$min") || fail "resplit N=3: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "resplit N=3: $out"
grep -q '^Cube 1 of .*splitting it into 2 cube(s)' <<< "$out" || fail "resplit N=3 did not split: $out"
grep -q '^UNSAT cpu ' "$work/r3/results/answer" || fail "resplit N=3 answer"
for sub in "$work"/r3/sub-*; do
  [ "$(longest "$sub")" -ge "$min" ] || fail "$sub: sub-cubes shorter than their parent"
done
# --collect reads the re-split trees too, also while their runs go on (no
# answer yet), and writes no answer in them.
total() { grep '^Total CPU time' <<< "$1" | tail -n 1; }
run_total=$(total "$out")
rm "$work"/r3/sub-*/results/answer
out=$("$repo/scripts/conquer.sh" --collect "$work/r3" 2>&1) || fail "collect a re-split tree: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "collect a re-split tree: $out"
[ "$(total "$out")" = "$run_total" ] || fail "collect a re-split tree: not the run's CPU time: $out"
! compgen -G "$work/r3/sub-*/results/answer" > /dev/null || fail "collect wrote a sub-tree's answer"
! compgen -G "$work/r3/sub-*/results/collected" > /dev/null || fail "collect left files in a sub-tree"
out=$(resplit "$work/r3" 2 1000) || fail "resumed resplit N=3: $out"  # MIN 1000: nothing may run
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "resumed resplit N=3: $out"
# A larger limit on resuming: the cubes whose re-split trees are refuted are not run again.
out=$(resplit "$work/r3" 2 1000 --cube-limit 120) || fail "resplit resumed with a larger limit: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "resumed with a larger limit: $out"
for c in 1 2; do
  grep -q 'status UNKNOWN limit 60 ' "$work/r3/results/cube-$c" || fail "a larger limit ran cube $c again"
done
# Archived without its CNFs (tar --exclude=formula.cnf) and restored: the
# top CNF is written again by the same split, the sub-directories' are linked.
tar -C "$work" --exclude=formula.cnf -cf "$work/r3.tar" r3 && rm -rf "$work/r3" || fail "archive r3"
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 "$work/r3" > /dev/null || fail "split r3 again"
tar -C "$work" -xf "$work/r3.tar" || fail "restore r3"
out=$(resplit "$work/r3" 2 1000) || fail "restored resplit N=3: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "restored resplit N=3: $out"
rm -rf "$work"/r3/results "$work"/r3/sub-*
out=$(resplit "$work/r3" 2 1000 --depth 1); [ $? -eq 3 ] || fail "depth 1 did not give up: $out"
grep -q '^Gave up: 2 cube(s) without an answer' <<< "$out" || fail "depth 1: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: unknown within the limit (2 cube(s) without an answer)" ] ||
  fail "depth 1 last line: $out"
"$bin" 4 --strategy YStep --split 2 "$work/r4" > /dev/null || fail "split r4"
out=$(resplit "$work/r4" 2 $(($(longest "$work/r4") + 1))) || fail "resplit N=4: $out"
grep -q '^Solution:' <<< "$out" || fail "resplit N=4: $out"
grep -q '^SAT cpu ' "$work/r4/results/answer" || fail "resplit N=4 answer"

# --slots N: the re-split trees of a level run at once, never more than N
# cubes solved at a time over the whole tree. Each cube's solver (picky
# after a second's sleep) logs when it starts and ends: with one slot no
# two overlap; with two (and by default, from -j 2), sub-2's cubes start
# before sub-1 has ended, and a tree that finds a solution stops the
# others; --slots 0 runs the trees one after another.
cat > "$work/sleepy" <<'EOS'
#!/usr/bin/env bash
echo "start $(date +%s.%N)" >> "$SPANS"
sleep 1
"$PICKY" "$@"
code=$?
echo "end $(date +%s.%N)" >> "$SPANS"
exit $code
EOS
chmod +x "$work/sleepy"
# most_at_once: the most solvers that ran at once, from $SPANS.
most_at_once() { sort -k2,2g "$SPANS" | awk '$1 == "start" { n++ } $1 == "end" { n-- } n > m { m = n } END { print m }'; }
# slotted DIR [OPTIONS...]: conquers DIR afresh with sleepy, first-level cubes unknown.
slotted() {
  local dir=$1 solver=$work/sleepy
  shift
  rm -rf "$dir/results" "$dir"/sub-* "$SPANS"
  resplit "$dir" 2 $(($(longest "$dir") + 1)) "$@"
}
# at_once: sub-2 started before sub-1 ended, in the run's report $out.
at_once() { awk '/^Solving .* of .*\/r3\/sub-2 / { s = 1 } /^Cubes of .*\/r3\/sub-1:/ { exit !s }' <<< "$out"; }
export SPANS=$work/spans PICKY=$work/picky
out=$(slotted "$work/r3" --slots 1) || fail "--slots 1: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "--slots 1: $out"
[ "$(most_at_once)" -eq 1 ] || fail "--slots 1: $(most_at_once) solvers at once"
for slots in "--slots 2" ""; do
  # shellcheck disable=SC2086 # no option, or the option and its value
  out=$(slotted "$work/r3" $slots) || fail "slots ${slots:-by default}: $out"
  grep -q '^No solution exists for 3 levels' <<< "$out" || fail "slots ${slots:-by default}: $out"
  [ "$(most_at_once)" -eq 2 ] || fail "slots ${slots:-by default}: $(most_at_once) solvers at once"
  at_once || fail "slots ${slots:-by default}: sub-2 waited for sub-1: $out"
done
out=$(slotted "$work/r3" --slots 0) || fail "--slots 0: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "--slots 0: $out"
! at_once || fail "--slots 0: the trees ran at once: $out"
out=$(slotted "$work/r4") || fail "slots N=4: $out"
grep -q '^Solution:' <<< "$out" && [ "$(tail -n 1 <<< "$out")" = "conquer: found a solution" ] ||
  fail "slots N=4: $out"
sleep 0.5
! pgrep -f "$work/sleepy" > /dev/null || fail "slots N=4: a tree outlived the solution"
unset SPANS PICKY

# Split and re-split by whole lines (--split-by line): every sub-cube ends
# in a label literal of its line, and the tree is a proof as above.
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 "$work/l3" --split-by line > /dev/null ||
  fail "split l3 by lines"
min=$(($(longest "$work/l3") + 1))
out=$(resplit "$work/l3" 2 "$min" --split-by line) || fail "resplit by lines N=3: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "resplit by lines N=3: $out"
grep -q '^Cube 1 of .*splitting it into 2 cube(s)' <<< "$out" || fail "l3 did not split: $out"
for sub in "$work"/l3/sub-*; do
  awk '$(NF - 1) < 0 { exit 1 }' "$sub/cubes" || fail "$sub: a cube that is not a line's label"
done

# A cube that runs out of its limit keeps its short lemmas (the solver's
# text DRAT proof, filtered) and its re-split starts from them: a cadical
# that stops after 30 conflicts on the first level's cubes leaves lemmas of
# at most 8 literals over the CNF's variables, each implied by its cube's
# CNF (cadical refutes the CNF with the lemma's negation), and every
# sub-cube's CNF holds them. --lemmas 0 keeps none; --proofs refuses a tree
# that holds some, and --lemmas a solver that writes no text proof.
cat > "$work/cadical-limited" <<'EOS'
#!/usr/bin/env bash
if [ $# -ge 2 ] && [ -f "${*: -2:1}" ]; then input=${*: -2:1}  # CNF and proof named
else input=$(mktemp) && cat > "$input" && set -- "$@" "$input"; fi  # the CNF on stdin
read -r _ _ _ clauses < <(grep -m1 '^p cnf ' "$input")
[ $((clauses - BASE)) -ge "$MIN" ] || exec cadical -c 30 "$@"
exec cadical "$@"
EOS
chmod +x "$work/cadical-limited"
limited() {
  local dir=$1; shift
  TMPDIR=$work BASE=$(grep -m1 '^p cnf ' "$dir/formula.cnf" | cut -d' ' -f4) MIN=$(($(longest "$dir") + 1)) \
    SOLVER=$work/cadical-limited "$repo/scripts/conquer.sh" --cube-limit 60 --resplit 2 "$@" "$dir" -j 2 2>&1
}
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 "$work/k3" > /dev/null || fail "split k3"
out=$(limited "$work/k3") || fail "lemmas N=3: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "lemmas N=3: $out"
grep -q 'keeping lemmas of up to 8 literals' <<< "$out" || fail "lemmas N=3 not kept: $out"
read -r _ _ vars base < <(grep -m1 '^p cnf ' "$work/k3/formula.cnf")
kept=$work/k3/results/lemmas-1
[ -s "$kept" ] || fail "cube 1 ran out and kept no lemmas"
awk -v v="$vars" '$NF != "0" || NF < 2 || NF > 9 { exit 1 } { for (j = 1; j < NF; j++) if ($j > v || -$j > v) exit 1 }' \
  "$kept" || fail "a kept lemma is not a clause of at most 8 literals over the CNF's variables"
"$repo/scripts/conquer_cube.sh" --cnf "$work/k3" 1 > "$work/k3.cnf"
for lemma in $(shuf -n 5 --random-source=<(yes) "$kept" | tr ' ' ','); do
  negation=$(tr ',' '\n' <<< "${lemma%,0}" | awk '{ print -$1 " 0" }')
  { read -r _ _ v c; echo "p cnf $v $((c + $(wc -l <<< "$negation")))"; cat; echo "$negation"; } < "$work/k3.cnf" |
    cadical -q > /dev/null
  [ $? -eq 20 ] || fail "lemma ${lemma//,/ } does not follow from cube 1's CNF"
done
units=$(($(awk 'NR == 1 { print NF - 2 }' "$work/k3/sub-1/cubes")))
read -r _ _ _ clauses < <("$repo/scripts/conquer_cube.sh" --cnf "$work/k3/sub-1" 1 | head -n 1)
[ "$clauses" -eq $((base + $(wc -l < "$kept") + units)) ] || fail "sub-cube 1's CNF lacks its parent's lemmas"
out=$("$repo/scripts/conquer.sh" --proofs "$work/k3" 2>&1); [ $? -eq 2 ] || fail "--proofs on a tree with lemmas: $out"
grep -q 'holds lemmas kept by a run without proofs' <<< "$out" || fail "--proofs on a tree with lemmas: $out"
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 "$work/n3" > /dev/null || fail "split n3"
out=$(limited "$work/n3" --lemmas 0) || fail "--lemmas 0: $out"
! compgen -G "$work/n3/results/lemmas-*" > /dev/null || fail "--lemmas 0 kept lemmas"
out=$(SOLVER=$work/picky "$repo/scripts/conquer.sh" --lemmas 8 "$work/n3" 2>&1); [ $? -eq 2 ] ||
  fail "--lemmas with a solver that writes no text proof: $out"

# A re-split must rebuild the very formula of DIR: args that build another
# one (as a different binary might) are caught before any sub-cube runs.
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 "$work/g3" > /dev/null || fail "split g3"
printf '3\n--strategy\nZRing\n--finite-domain\nint\n--symmetry-breaking\nnone\n' > "$work/g3/args"
out=$(resplit "$work/g3" 2 1000) && fail "re-split of another formula accepted: $out"
grep -q 'differs from .*/g3/formula.cnf' <<< "$out" || fail "re-split of another formula: $out"

# Ctrl-C (SIGINT to the process group) while cubes run: the last line says
# so, exit 130, and no job is left running. (perl resets SIGINT, which a
# background job of this script would otherwise ignore.)
printf '#!/usr/bin/env bash\ncat > /dev/null; exec sleep 120\n' > "$work/slow" && chmod +x "$work/slow"
rm -rf "$work/u3/results"
(SOLVER=$work/slow setsid perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV' \
  "$repo/scripts/conquer.sh" "$work/u3" -j 2 > "$work/int.out" 2>&1; echo "exit $?" >> "$work/int.out") &
for _ in $(seq 50); do grep -q '^Solving' "$work/int.out" 2> /dev/null && break; sleep 0.2; done
sleep 1
leader=$(pgrep -f -o "conquer.sh $work/u3 -j 2") || fail "conquer.sh did not start"
kill -INT -- "-$leader"
wait
[ "$(tail -n 2 "$work/int.out" | head -n 1)" = "conquer: interrupted" ] || fail "interrupted: $(cat "$work/int.out")"
[ "$(tail -n 1 "$work/int.out")" = "exit 130" ] || fail "interrupted exit: $(cat "$work/int.out")"
! pgrep -f "$work/slow" > /dev/null || fail "a cube job outlived the interrupt"

out=$("$repo/scripts/conquer.sh" "$work/missing" 2>&1); [ $? -eq 2 ] || fail "missing dir accepted"
[ "$(grep -c 'error: cannot read' <<< "$out")" -eq 1 ] || fail "missing dir: $out"
for bad in "--resplit 0" "--resplit x" "--cube-limit" "--resplit 2" "--depth -1" "--bogus" \
  "--split-by lines" "--split-by" "--lemmas" "--lemmas x" "--lemmas -1" "--slots -1" "--slots x" \
  "--slurm --slots 2" "--slurm --collect"; do
  # shellcheck disable=SC2086 # the option and its value are two words
  out=$("$repo/scripts/conquer.sh" $bad "$work/u3" 2>&1); [ $? -eq 2 ] || fail "conquer.sh $bad accepted"
  [ "$(wc -l <<< "$out")" -eq 1 ] && grep -q 'error:' <<< "$out" || fail "conquer.sh $bad: $out"
done
# A completion's split narrows its cubes by the matching of positions to
# cubes: ColumnStep's shift 7 at N=5 (no solution) in 40 whole-line cubes
# leaves few for a solver, and the run counts the others; under a cube the
# matching refutes, a split leaves none. A proof refuses such a split (no
# DRAT proof shows the matching), and takes one made without it.
cs=(5 --hypothesis "$repo/doc/hypotheses/families/ColumnStepShift.hyp" --param f=7 --cnf-encoder completion)
"$bin" "${cs[@]}" --split 40 "$work/m5" > /dev/null || fail "split N=5 f=7"
matched=$(grep -c '^a ' "$work/m5/refuted") || fail "N=5 f=7: the matching refuted no cube"
out=$("$repo/scripts/conquer.sh" "$work/m5" -j 2 2>&1) || fail "conquer N=5 f=7: $out"
grep -q "^No solution exists for 5 levels (all [0-9]* cubes UNSAT, $matched more refuted by the matching)" <<< "$out" ||
  fail "N=5 f=7: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: proved none" ] || fail "N=5 f=7 last line: $out"
"$bin" "${cs[@]}" --split 4 "$work/m5-under" --split-under "$(head -n 1 "$work/m5/refuted")" > /dev/null ||
  fail "split under a refuted cube"
[ "$(grep -c '^a ' "$work/m5-under/cubes")" -eq 0 ] || fail "a split under a refuted cube left cubes"
out=$("$repo/scripts/conquer.sh" "$work/m5-under" -j 2 2>&1) || fail "conquer under a refuted cube: $out"
grep -q "(all 0 cubes UNSAT, 1 more refuted by the matching)" <<< "$out" || fail "under a refuted cube: $out"
out=$("$repo/scripts/conquer.sh" --proofs "$work/m5" 2>&1); [ $? -eq 2 ] || fail "--proofs on a narrowed split: $out"
[ "$(wc -l <<< "$out")" -eq 1 ] && grep -q 'split it with --cnf-tune cube-matching=off' <<< "$out" ||
  fail "--proofs on a narrowed split: $out"
"$bin" "${cs[@]}" --cnf-tune cube-matching=off --split 4 "$work/p5" > /dev/null || fail "split N=5 f=7 without the matching"
[ ! -e "$work/p5/refuted" ] || fail "a split without the matching refuted cubes"
out=$("$repo/scripts/conquer.sh" --proofs "$work/p5" -j 2 2>&1) || fail "proofs of N=5 f=7: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: proved none" ] || fail "proofs of N=5 f=7: $out"

out=$("$repo/scripts/conquer.sh" --slots 2 "$work/u3" --sshlogin host.invalid 2>&1); [ $? -eq 2 ] ||
  fail "--slots with --sshlogin accepted: $out"
[ "$(wc -l <<< "$out")" -eq 1 ] && grep -q 'error: --slots: ' <<< "$out" || fail "--slots with --sshlogin: $out"
# Checked before any job starts: options for GNU parallel, the binaries.
rm -rf "$work/u3/results"
for bad in "-j abc" "--no-such-parallel-option"; do
  # shellcheck disable=SC2086
  out=$("$repo/scripts/conquer.sh" "$work/u3" $bad 2>&1); [ $? -eq 2 ] || fail "parallel options $bad accepted"
  [ "$(wc -l <<< "$out")" -eq 1 ] && grep -q 'GNU parallel refused' <<< "$out" || fail "$bad: $out"
done
out=$(BEL_PYRAMID=$work/no-binary "$repo/scripts/conquer.sh" "$work/u3" 2>&1); [ $? -eq 2 ] || fail "missing binary"
[ "$(wc -l <<< "$out")" -eq 1 ] && grep -q 'no bel_pyramid binary' <<< "$out" || fail "missing binary: $out"
out=$(SOLVER=$work/no-solver "$repo/scripts/conquer.sh" "$work/u3" 2>&1); [ $? -eq 2 ] || fail "missing solver"
[ "$(wc -l <<< "$out")" -eq 1 ] && grep -q 'not found' <<< "$out" || fail "missing solver: $out"
# --check-proofs without a checker: the binary copied where no checker is beside it.
mkdir -p "$work/lone" && cp "$BEL_PYRAMID" "$work/lone/bel_pyramid"
out=$(DRAT_TRIM='' CHECK_PROOF='' PATH=/usr/bin:/bin BEL_PYRAMID=$work/lone/bel_pyramid \
  "$repo/scripts/conquer.sh" --check-proofs "$work/u3" 2>&1); [ $? -eq 2 ] || fail "--check-proofs without a checker"
[ "$(wc -l <<< "$out")" -eq 1 ] && grep -q 'check-proofs: no proof checker' <<< "$out" || fail "no checker: $out"
out=$(DRAT_TRIM=$work/no-checker "$repo/scripts/conquer.sh" --check-proofs "$work/u3" 2>&1); [ $? -eq 2 ] ||
  fail "--check-proofs with a missing DRAT_TRIM"
[ "$(wc -l <<< "$out")" -eq 1 ] && grep -q 'is not an executable' <<< "$out" || fail "missing DRAT_TRIM: $out"
[ ! -d "$work/u3/results" ] || [ ! -s "$work/u3/results/joblog" ] || fail "a job ran despite bad options"
# A solver that fails (bad options) fails the run; it is not "unknown".
out=$(SOLVER_OPTIONS=--no-such-option "$repo/scripts/conquer.sh" "$work/u3" -j 2 2>&1); [ $? -eq 1 ] ||
  fail "a failing solver: $out"
[[ $(tail -n 1 <<< "$out") == "conquer: failed: a cube job failed"* ]] || fail "a failing solver: $out"
out=$(CUBE_LIMIT=0 "$repo/scripts/conquer_cube.sh" "$work/u3" 1 2>&1); [ $? -eq 3 ] || fail "CUBE_LIMIT=0: $out"
for bad in 0 x 99; do
  "$repo/scripts/conquer_cube.sh" "$work/u3" "$bad" > /dev/null 2>&1
  [ $? -eq 3 ] || fail "conquer_cube.sh cube \"$bad\" accepted"
done
# A stop signalled to a job's process group while it removes its files
# (here by the rm itself) does not leave them behind.
mkdir "$work/stopping" && printf '#!/usr/bin/env bash\nkill -TERM 0\nsleep 0.2\nexec /bin/rm "$@"\n' > "$work/stopping/rm" &&
  chmod +x "$work/stopping/rm"
PATH=$work/stopping:$PATH setsid "$repo/scripts/conquer_cube.sh" "$work/u3" 1 > /dev/null 2>&1
check_no_temporaries
echo "conquer: N=3 all cubes UNSAT (parallel and Slurm task), N=4 validated, resplit to a proof, a solution and a give-up, bad inputs refused"
