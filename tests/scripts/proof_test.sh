#!/usr/bin/env bash
# Split proofs end to end (needs GNU parallel and the cadical binary):
# conquer.sh --proofs on N=3 AntiMirror + ZRing with a forced two-level
# split (a solver that answers only the re-split cubes), then
# scripts/verify_proof.sh: the whole tree is verified, and each fault is
# caught with its reason: a removed cube (top level and re-split level), a
# forged answer, a corrupted proof, a forged UNSAT claim with a fake proof.
# The proofs are checked with the project's bel_pyramid_check_proof (beside
# BEL_PYRAMID), and with drat-trim too when DRAT_TRIM names a built one,
# which must give the same verdicts; with KISSAT set, kissat's proofs too.
# Usage: proof_test.sh REPO BEL_PYRAMID
set -uo pipefail
repo=$1 bin=$2
export BEL_PYRAMID=$bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# shellcheck source=tests/scripts/picky.sh
source "$repo/tests/scripts/picky.sh"  # TMPDIR, $work/picky
verify() { "$repo/scripts/verify_proof.sh" "$@" 2>&1; }
# The project's checker, whether or not DRAT_TRIM is set.
verify_own() { DRAT_TRIM='' verify "$@"; }

"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 "$work/r3" > /dev/null || fail "split r3"
longest=$(awk '{ if (NF - 2 > m) m = NF - 2 } END { print m }' "$work/r3/cubes")
out=$(BASE=$(grep -m1 '^p cnf ' "$work/r3/formula.cnf" | cut -d' ' -f4) MIN=$((longest + 1)) \
  SOLVER=$work/picky "$repo/scripts/conquer.sh" --proofs --cube-limit 60 --resplit 2 "$work/r3" -j 2 2>&1) ||
  fail "conquer --proofs: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: proved none" ] || fail "conquer --proofs: $out"
grep -q '^Cube 1 of .*splitting it into 2 cube(s)' <<< "$out" || fail "no two-level split: $out"
leaves=$(ls "$work"/r3/sub-*/results/proof-*.drat.gz | wc -l)
[ "$leaves" -ge 2 ] || fail "expected proofs of the re-split cubes, got $leaves"
[ -z "$(ls "$work"/r3/results/proof-* 2> /dev/null)" ] || fail "an unknown cube kept a proof"
# Every answer records the CPU seconds it took (they add up to the total).
untimed=$(grep -L -r --include='cube-*[0-9]' -E '^c conquer cube [0-9]+ status .* cpu [0-9.]+$' "$work/r3")
[ -z "$untimed" ] || fail "answers without their CPU time: $untimed"

out=$(verify --structure-only "$work/r3") || fail "structure of r3: $out"
grep -q "^structure checked: $leaves leaf cube(s) cover the whole space" <<< "$out" || fail "structure: $out"
out=$(verify_own -j 2 "$work/r3") || fail "verify r3: $out"
grep -q "^verified: no solution for bel_pyramid 3 --strategy AntiMirror --strategy ZRing.* that bel_pyramid_check_proof verified" <<< "$out" ||
  fail "verify r3: $out"
if [ -n "${DRAT_TRIM:-}" ]; then
  out=$(verify -j 2 "$work/r3") || fail "verify r3 with drat-trim: $out"
  grep -q "^verified: .* that drat-trim verified" <<< "$out" || fail "verify r3 with drat-trim: $out"
fi
# No checker at all: a usage error that says what to build.
out=$(DRAT_TRIM='' CHECK_PROOF=$work/none PATH=/usr/bin:/bin verify "$work/r3"); [ $? -eq 2 ] ||
  fail "verify without a checker: $out"
grep -q 'no proof checker: build bel_pyramid_check_proof' <<< "$out" || fail "verify without a checker: $out"
# A DRAT_TRIM that is not there: one line, exit 2, whatever else is installed.
out=$(DRAT_TRIM=$work/none verify "$work/r3"); [ $? -eq 2 ] || fail "verify with a missing DRAT_TRIM: $out"
[ "$(wc -l <<< "$out")" -eq 1 ] && grep -q "the proof checker $work/none is not an executable" <<< "$out" ||
  fail "verify with a missing DRAT_TRIM: $out"

# kissat writes proofs too (KISSAT=/path/to/kissat; not packaged in Debian).
if [ -n "${KISSAT:-}" ]; then
  "$bin" 3 --strategy AntiMirror --strategy ZRing --split 4 "$work/k3" > /dev/null || fail "split k3"
  out=$(SOLVER=$KISSAT "$repo/scripts/conquer.sh" --proofs "$work/k3" -j 2 2>&1) || fail "kissat: $out"
  out=$(verify "$work/k3") || fail "kissat proofs: $out"
fi

# conquer.sh --check-proofs: each job checks its proof and records the
# verdict, so the answers stay checked without the proofs (an archive):
# verify_proof.sh --recorded accepts them, and only them.
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 4 "$work/c3" > /dev/null || fail "split c3"
out=$("$repo/scripts/conquer.sh" --check-proofs "$work/c3" -j 2 2>&1) || fail "conquer --check-proofs: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: proved none" ] || fail "conquer --check-proofs: $out"
checker=bel_pyramid_check_proof
[ -z "${DRAT_TRIM:-}" ] || checker=$(basename "$DRAT_TRIM")
grep -q "^Solving 4 of 4 cube(s) .*, with proofs checked by $checker\.$" <<< "$out" ||
  fail "conquer --check-proofs did not say its checker: $out"
for i in 1 2 3 4; do
  grep -Eq "^c conquer proof $i verified by $checker cnf-md5 [0-9a-f]{32} proof-md5 [0-9a-f]{32} cpu [0-9.]+$" \
    "$work/c3/results/cube-$i" || fail "cube $i: no recorded check: $(cat "$work/c3/results/cube-$i")"
done
rm "$work"/c3/results/proof-*.drat.gz
out=$("$repo/scripts/conquer.sh" --check-proofs "$work/c3" -j 2 2>&1) || fail "conquer --check-proofs again: $out"
grep -q '^Solving 0 of 4 cube(s)' <<< "$out" || fail "recorded checks were solved again: $out"
out=$(verify_own "$work/c3"); [ $? -eq 1 ] || fail "verify without --recorded: $out"
grep -q "no proof .*, only a recorded check (accept it with --recorded)" <<< "$out" || fail "verify without --recorded: $out"
out=$(verify_own --recorded "$work/c3") || fail "verify --recorded: $out"
grep -q ": 0 that bel_pyramid_check_proof verified now, 4 that $checker verified when conquer.sh made them (recorded)$" <<< "$out" ||
  fail "verify --recorded: $out"
# Proofs kept by a run with --proofs are checked, not solved again, when
# a run resumes with --check-proofs; a false one is moved aside and fails it.
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 "$work/p3" > /dev/null || fail "split p3"
out=$("$repo/scripts/conquer.sh" --proofs "$work/p3" -j 2 2>&1) || fail "conquer --proofs p3: $out"
! grep -qs '^c conquer proof ' "$work"/p3/results/cube-* || fail "--proofs alone recorded a check"
cp -a "$work/p3" "$work/p3-false"
cp -a "$work/p3" "$work/p3-pair"
out=$("$repo/scripts/conquer.sh" --check-proofs "$work/p3" -j 2 2>&1) || fail "conquer --check-proofs p3: $out"
grep -q '^Checking the proof kept for cube 2 of ' <<< "$out" && grep -q '^Solving 0 of 2 cube(s)' <<< "$out" ||
  fail "kept proofs not checked in place: $out"
for i in 1 2; do
  grep -A1 "^c conquer proof $i verified by $checker " "$work/p3/results/cube-$i" | grep -q "^c conquer cube $i status UNSAT " ||
    fail "cube $i: the kept proof's check is not recorded before its status: $(cat "$work/p3/results/cube-$i")"
done
printf 'a\0' | gzip -c > "$work/p3-false/results/proof-1.drat.gz"
out=$("$repo/scripts/conquer.sh" --check-proofs "$work/p3-false" -j 2 2>&1); [ $? -eq 1 ] || fail "a false kept proof passed: $out"
grep -q "the proof kept for cube 1 of .* did not verify" <<< "$out" && [ -s "$work/p3-false/results/proof-1.drat.gz.rejected" ] ||
  fail "a false kept proof: $out"
# -j 2 checks two kept proofs at once: this checker verifies only while
# another check has begun beside it (within 10 s).
cat > "$work/pair_checker" << 'EOS'
#!/usr/bin/env bash
mkdir -p "$0.d" && touch "$0.d/$$"
for _ in $(seq 100); do
  [ "$(ls "$0.d" | wc -l)" -lt 2 ] || { echo "s VERIFIED"; exit 0; }
  sleep 0.1
done
echo "s NOT VERIFIED"
EOS
chmod +x "$work/pair_checker"
out=$(DRAT_TRIM='' CHECK_PROOF=$work/pair_checker "$repo/scripts/conquer.sh" --check-proofs "$work/p3-pair" -j 2 2>&1) ||
  fail "kept proofs were not checked two at once with -j 2: $out"
[ "$(cat "$work"/p3-pair/results/cube-* | grep -c '^c conquer proof [12] verified by pair_checker ')" -eq 2 ] ||
  fail "the checks made two at once are not both recorded: $(cat "$work"/p3-pair/results/cube-*)"

# A record stands only for the CNF it was made for: cube 1's answer moved to cube 2.
cp -a "$work/c3" "$work/moved"
sed 's/^c conquer \(proof\|cube\) 1 /c conquer \1 2 /' "$work/c3/results/cube-1" > "$work/moved/results/cube-2"
out=$(verify_own --recorded "$work/moved"); [ $? -eq 1 ] || fail "a moved record was accepted: $out"
grep -q "cube 2 of .*: the recorded check in .* is for another CNF than this cube's" <<< "$out" || fail "moved record: $out"
# A proof the checker rejects fails the run, keeps no record and keeps the proof aside.
cat > "$work/liar" << 'EOS'
#!/usr/bin/env bash
printf 'a\0' > "${@: -1}" && echo "s UNSATISFIABLE" && exit 20
EOS
chmod +x "$work/liar"
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 "$work/l3" > /dev/null || fail "split l3"
out=$(SOLVER=$work/liar "$repo/scripts/conquer.sh" --check-proofs "$work/l3" -j 1 2>&1); [ $? -eq 1 ] ||
  fail "a rejected proof did not fail the run: $out"
grep -q "did not verify the proof of cube 1" <<< "$out" || fail "rejected proof: $out"
[ -s "$work/l3/results/proof-1.drat.rejected" ] || fail "the rejected proof was not kept aside"
! grep -qs '^c conquer proof ' "$work"/l3/results/cube-* || fail "a rejected proof was recorded as verified"

# caught MODE NAME EXPECTED EDIT: a copy of r3 with EDIT applied (in the
# copy's directory) fails verification (MODE "" or --structure-only; with
# MODE "", by the project's checker and, with DRAT_TRIM, by drat-trim too)
# with EXPECTED, where CHECKER stands for the checker's name.
caught() {
  local mode=$1 name=$2 expected=$3 edit=$4 copy=$work/$2
  cp -a "$work/r3" "$copy"
  (cd "$copy" && eval "$edit") || fail "$name: the edit failed"
  if [ -z "$mode" ]; then
    refused "$name" "$copy" "${expected//CHECKER/bel_pyramid_check_proof}" verify_own
    [ -z "${DRAT_TRIM:-}" ] || refused "$name" "$copy" "${expected//CHECKER/drat-trim}" verify
  else
    refused "$name" "$copy" "$expected" verify "$mode"
  fi
}
# refused NAME COPY EXPECTED VERIFY [OPTION]: VERIFY says NOT verified with EXPECTED.
refused() {
  local name=$1 copy=$2 expected=$3
  shift 3
  out=$("$@" "$copy"); [ $? -eq 1 ] || fail "$name not caught: $out"
  [[ $(tail -n 1 <<< "$out") == "NOT verified: "* ]] || fail "$name: the last line is not the verdict: $out"
  grep -q "$expected" <<< "$out" || fail "$name: expected \"$expected\", got: $out"
}
caught --structure-only removed-top "do not cover the space: .*no cube covers the region" 'sed -i 2d cubes'
caught --structure-only removed-sub "do not cover the space: .*sub-1: no cube covers the region" \
  'sed -i 1d sub-1/cubes'
caught --structure-only forged-status "cube 2 of .*sub-2: the solver's output .* does not say s UNSATISFIABLE" \
  "sed -i 's/^s UNSATISFIABLE/s UNKNOWN/' sub-2/results/cube-2"
caught --structure-only missing-proof "cube 1 of .*sub-1: no proof" 'rm sub-1/results/proof-1.drat.gz'
caught --structure-only other-formula "formula.cnf is not the CNF of the arguments" \
  "printf '3\n--strategy\nAntiMirror\n' > args"
# A corrupted proof: its second half replaced by the empty clause.
caught "" corrupted-proof "cube 2 of .*sub-1: CHECKER did not verify" \
  'f=sub-1/results/proof-2.drat.gz; gzip -dc $f > p; head -c $(($(stat -c %s p) / 2)) p > q;
   printf "a\0" >> q; gzip -c q > $f; rm p q'
# A proof of another formula: the two re-split cubes' proofs swapped.
caught "" swapped-proofs "cube 1 of .*sub-1: CHECKER did not verify" \
  'cd sub-1/results && mv proof-1.drat.gz t && mv proof-2.drat.gz proof-1.drat.gz && mv t proof-2.drat.gz'
# A forged answer: top cube 1 claimed UNSAT with a "proof" of one empty
# clause, its re-split removed.
caught "" forged-answer "cube 1 of .*/forged-answer: CHECKER did not verify" \
  'rm -r sub-1; printf "s UNSATISFIABLE\nc conquer cube 1 status UNSAT cpu 0.01\n" > results/cube-1;
   printf "a\0" | gzip -c > results/proof-1.drat.gz'
check_no_temporaries
echo "proof: conquer --proofs verified by bel_pyramid_check_proof${DRAT_TRIM:+ and drat-trim}; checks recorded by --check-proofs accepted by --recorded; removed cubes, forged answers, a corrupted proof, a moved record caught"
