#!/usr/bin/env bash
# Splits leave no hole: for strategy pairs at N=2 and N=3 (every second
# strategy against every third, K = 5 and 8 cubes), scripts/split_cover.py
# accepts the cubes of --split and of a re-split (--split-under) of each of
# the first two cubes, split on label literals and, for every third pair,
# on whole lines (--split-by line); then three formulas without a solution
# are conquered with proofs (one of them also split by lines) and
# scripts/verify_proof.sh verifies the whole "no solution".
# A dropped refuted leaf, a region unit propagation cannot close, fails both.
# Last, the same for a split of a shape's completion (--cnf-encoder completion).
# Usage: split_cover_test.sh REPO BEL_PYRAMID
set -uo pipefail
repo=$1 bin=$2
export BEL_PYRAMID=$bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
mapfile -t names < <("$bin" --list-strategies | awk '{print $1}')
checked=0
for n in 2 3; do
  for ((i = 0; i < ${#names[@]}; i += 2)); do
    for ((j = 1; j < ${#names[@]}; j += 3)); do
      a=${names[i]} b=${names[j]}
      [ "$a" != "$b" ] || continue
      k=$((n == 2 ? 5 : 8))
      # Every third pair also split by whole lines.
      for by in literal $( ((j % 9 == 1)) && echo line); do
        dir=$work/$n-$a-$b-$by
        "$bin" "$n" --strategy "$a" --strategy "$b" --split "$k" "$dir" --split-by "$by" \
          > /dev/null 2>&1 || continue
        for c in 1 2; do
          cube=$(sed -n "${c}p" "$dir/cubes")
          [ -n "$cube" ] || continue
          "$bin" "$n" --strategy "$a" --strategy "$b" --split 3 "$dir/sub-$c" --split-under "$cube" \
            --split-by "$by" > /dev/null 2>&1 || fail "re-split of cube $c of $n $a $b by $by"
        done
        out=$(python3 "$repo/scripts/split_cover.py" "$dir" | tail -n 1)
        [[ $out == covered:* ]] || fail "N=$n $a + $b, $k cubes by $by: $out"
        checked=$((checked + 1))
      done
    done
  done
done
[ "$checked" -ge 60 ] || fail "only $checked splits were made"

# Conquered with proofs and verified end to end: three formulas without a
# solution whose 8 cubes left a hole before refuted leaves were kept.
verified=0
for case in "3 AntiMirror ZRing literal" "3 XStep ConstructiveBottom literal" \
  "3 AntiMirror ConstructiveDiagonal literal" "3 AntiMirror ZRing line"; do
  read -r n a b by <<< "$case"
  dir=$work/proof-$a-$b-$by
  "$bin" "$n" --strategy "$a" --strategy "$b" --split 8 "$dir" --split-by "$by" > /dev/null ||
    fail "split $case"
  out=$("$repo/scripts/conquer.sh" --proofs "$dir" -j 2 2>&1) || fail "conquer $case: $out"
  [ "$(tail -n 1 <<< "$out")" = "conquer: proved none" ] || fail "conquer $case: $out"
  out=$(DRAT_TRIM='' "$repo/scripts/verify_proof.sh" -j 2 "$dir" 2>&1) || fail "verify $case: $out"
  [[ $(tail -n 1 <<< "$out") == verified:* ]] || fail "verify $case: $out"
  verified=$((verified + 1))
done
# The completion's CNF of a refuted member (ColumnStepShift f=0 at N=5),
# split into 8 cubes over its free lines (without the matching, which no
# proof shows), re-split, conquered with proofs and verified end to end
# (the args rebuild the completion's CNF).
shift_family=$repo/doc/hypotheses/families/ColumnStepShift.hyp
dir=$work/completion
"$bin" 5 --hypothesis "$shift_family" --param f=0 --cnf-encoder completion --cnf-tune cube-matching=off \
  --split 8 "$dir" > /dev/null || fail "split of the completion"
grep -qx completion "$dir/args" || fail "the completion's args do not name its encoder"
out=$("$repo/scripts/conquer.sh" --proofs "$dir" -j 2 2>&1) ||
  fail "conquer the completion: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: proved none" ] || fail "conquer the completion: $out"
out=$(DRAT_TRIM='' "$repo/scripts/verify_proof.sh" -j 2 "$dir" 2>&1) || fail "verify the completion: $out"
[[ $(tail -n 1 <<< "$out") == verified:* ]] || fail "verify the completion: $out"
verified=$((verified + 1))
cp -r "$dir" "$work/completion-resplit"
mapfile -t args < "$dir/args"
for c in 1 2; do
  "$bin" "${args[@]}" --split 3 "$work/completion-resplit/sub-$c" \
    --split-under "$(sed -n "${c}p" "$dir/cubes")" > /dev/null 2>&1 || fail "re-split of the completion's cube $c"
done
out=$(python3 "$repo/scripts/split_cover.py" "$work/completion-resplit" | tail -n 1)
[[ $out == covered:* ]] || fail "the completion's re-splits: $out"
echo "ok: $checked splits cover their space, $verified conquered proofs verified"
