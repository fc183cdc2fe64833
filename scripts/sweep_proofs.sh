#!/usr/bin/env bash
# Proofs for the refuted members of a sweep (bel_pyramid --sweep DIR,
# doc/families.md): for each member DIR/sweep.json calls "refuted", its
# formulation (the member's "args") is written as a one-cube split into
# DIR/proofs/MEMBER (bel_pyramid --split 1), solved by scripts/conquer.sh
# --proofs (CaDiCaL's DRAT proof) and checked by scripts/verify_proof.sh,
# which trusts neither the sweep nor the solver. The CNF is the member's
# completion (--cnf-encoder completion: the exact cover of what its shape
# leaves free, without the narrowing by the matching of positions to cubes,
# which no DRAT proof shows) where the completion takes the member, else the
# native CNF.
# A member whose proof is verified gets DIR/proofs/MEMBER/verified and is
# skipped by a later run: run it again to resume.
#
#   scripts/sweep_proofs.sh [-w] [-j JOBS] [-b BINARY] DIR
#
#   -w  prove the native CNF of the whole formulation even where the
#       completion takes the member
#   -j  proof checks at once within a member (default 1)
#   -b  bel_pyramid binary (default build/bel_pyramid; its
#       bel_pyramid_check_proof beside it checks the proofs, or drat-trim
#       when DRAT_TRIM names one)
# The last line is the verdict: "verified: K refuted member(s) of DIR, each
# with a checked proof" (exit 0), or "NOT verified: MEMBER: ..." (exit 1).
# Usage errors exit 2. A proof of the native CNF costs what `bel_pyramid
# ARGS --solver cadical --proof` costs (minutes and gigabytes at N=8); one of
# the completion costs what the member's search cost.
set -uo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/usage.sh"  # usage (a usage error), --help
here=$(cd "$(dirname "$0")" && pwd)
die() { echo "sweep_proofs: $1" >&2; exit "${2:-2}"; }
jobs=1 bin="$here/../build/bel_pyramid" whole=0
while getopts ":wj:b:h" opt; do
  case $opt in
    w) whole=1 ;;
    j) [[ $OPTARG =~ ^[1-9][0-9]*$ ]] || die "-j needs a positive integer"; jobs=$OPTARG ;;
    b) bin=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
(($# == 1)) || usage
dir=$1
[ -r "$dir/sweep.json" ] || die "cannot read $dir/sweep.json (a bel_pyramid --sweep directory)"
[ -x "$bin" ] && [ -f "$bin" ] || die "no bel_pyramid binary at $bin (build it, or give -b)"
command -v jq > /dev/null || die "jq is needed to read $dir/sweep.json"
export BEL_PYRAMID=$bin

mapfile -t members < <(jq -r '.members[] | select(.answer == "refuted") | .member' "$dir/sweep.json")
verified=0
for member in "${members[@]}"; do
  out=$dir/proofs/$member
  if [ -e "$out/verified" ]; then
    verified=$((verified + 1))
    continue
  fi
  rm -rf "$out"
  mapfile -t args < <(jq -r --arg m "$member" '.members[] | select(.member == $m) | .args[]' \
    "$dir/sweep.json")
  ((${#args[@]})) || die "$dir/sweep.json gives no args for $member (made by an older bel_pyramid: sweep again)"
  split_ok=0
  if ((whole == 0)); then
    # Without the matching of positions to cubes, which no DRAT proof shows.
    "$bin" "${args[@]}" --cnf-encoder completion --cnf-tune cube-matching=off --split 1 "$out" \
      > /dev/null 2> "$dir/proofs.err" &&
      split_ok=1
    ((split_ok)) || grep -q "the completion does not take" "$dir/proofs.err" ||
      { echo "NOT verified: $member: its split failed: $(head -n 1 "$dir/proofs.err")"; exit 1; }
  fi
  if ((split_ok == 0)); then
    rm -rf "$out"
    "$bin" "${args[@]}" --split 1 "$out" > /dev/null 2> "$dir/proofs.err" ||
      { echo "NOT verified: $member: its split failed: $(head -n 1 "$dir/proofs.err")"; exit 1; }
  fi
  result=$("$here/conquer.sh" --proofs "$out" 2>&1 | tail -n 1)
  [ "$result" = "conquer: proved none" ] ||
    { echo "NOT verified: $member: the solver did not refute it: $result"; exit 1; }
  verdict=$("$here/verify_proof.sh" -j "$jobs" "$out" 2>&1 | tail -n 1)
  [[ $verdict == verified:* ]] || { echo "NOT verified: $member: ${verdict#NOT verified: }"; exit 1; }
  echo "$verdict" > "$out/verified"
  verified=$((verified + 1))
  echo "$member: $verdict" >&2
done
rm -f "$dir/proofs.err"
echo "verified: $verified refuted member(s) of $dir, each with a checked proof"
