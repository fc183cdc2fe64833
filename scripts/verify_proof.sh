#!/usr/bin/env bash
# Checks a cube-and-conquer proof of "no solution" end to end, trusting
# neither the splitter nor the solvers nor the answer files:
#   1. DIR/formula.cnf is the CNF that bel_pyramid writes for DIR/args
#      (compared clause by clause with a fresh export);
#   2. the cubes, with every re-split (DIR/sub-I, scripts/conquer.sh
#      --resplit), cover the whole space (scripts/split_cover.py);
#   3. every leaf cube's answer says UNSAT, and a DRAT checker verifies its
#      proof (DIR/results/proof-I.drat.gz, from conquer.sh --proofs) against
#      the formula plus the cube's units (conquer_cube.sh --cnf): drat-trim
#      when DRAT_TRIM names one, else the project's bel_pyramid_check_proof.
# The last line is the verdict: "verified: ..." (exit 0), or "NOT verified:"
# with the first check that failed and why (exit 1). Bad usage: exit 2.
#
# Usage: scripts/verify_proof.sh [--structure-only] [--recorded] [-j JOBS] DIR
#   --structure-only  skips step 3's proof checks (it still checks that every
#                 leaf has its UNSAT answer and a non-empty proof) and never
#                 says "verified".
#   --recorded    a leaf whose proof is gone (an archive without the proofs)
#                 passes step 3 when its answer records that a checker
#                 verified its proof when it was made (conquer.sh
#                 --check-proofs) for this very CNF: the MD5 recorded is
#                 the MD5 of the cube's CNF written again here. The verdict
#                 says how many leaves passed so, and by which checker.
#   DRAT_TRIM     path of a built drat-trim (doc/proofs.md), the reference
#                 checker; when unset, CHECK_PROOF checks the proofs
#   CHECK_PROOF   the project's checker (default: bel_pyramid_check_proof
#                 beside BEL_PYRAMID, else on the PATH)
#   -j JOBS       proof checks at once (default 1)
#   DRAT_TRIM_TIMEOUT  seconds per proof check (default 20000, drat-trim's own)
#   BEL_PYRAMID   the binary for step 1 (default build/bel_pyramid)
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/proof_checker.sh
. "$here/proof_checker.sh"
# shellcheck source=scripts/usage.sh
. "$here/usage.sh"  # --help
usage_error() { echo "verify_proof.sh: error: $*" >&2; exit 2; }
refuse() { echo "NOT verified: $*"; exit 1; }
structure_only=0 recorded=0 jobs=1
while [ $# -gt 0 ]; do
  case $1 in
    --structure-only) structure_only=1; shift ;;
    --recorded) recorded=1; shift ;;
    -j) [[ ${2:-} =~ ^[1-9][0-9]*$ ]] || usage_error "-j needs a positive integer"; jobs=$2; shift 2 ;;
    -*) usage_error "unknown option $1" ;;
    *) break ;;
  esac
done
[ $# -eq 1 ] || usage_error "usage: $0 [--structure-only] [--recorded] [-j JOBS] DIR"
dir=$1
bel=${BEL_PYRAMID:-$here/../build/bel_pyramid}
timeout=${DRAT_TRIM_TIMEOUT:-20000}
for f in formula.cnf cubes args; do
  [ -r "$dir/$f" ] || usage_error "cannot read $dir/$f (a bel_pyramid --split directory)"
done
[ -x "$bel" ] && [ -f "$bel" ] || usage_error "no bel_pyramid binary at $bel (build it, or set BEL_PYRAMID)"
checker='' checker_name=''
if [ $structure_only -eq 0 ]; then
  checker=$(proof_checker "$bel") || usage_error "$checker; or use --structure-only"
  checker_name=bel_pyramid_check_proof
  [ -z "${DRAT_TRIM:-}" ] || checker_name=drat-trim
fi
command -v python3 > /dev/null || usage_error "python3 is needed for the coverage check"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. The formula is the one the arguments define.
mapfile -t args < "$dir/args"
"$bel" "${args[@]}" --cnf "$work/fresh.cnf" --skip-solver > /dev/null 2> "$work/err" ||
  refuse "bel_pyramid could not export the CNF of $dir/args: $(head -n 1 "$work/err")"
cmp -s <(grep -v '^c' "$dir/formula.cnf") <(grep -v '^c' "$work/fresh.cnf") ||
  refuse "$dir/formula.cnf is not the CNF of the arguments in $dir/args (${args[*]})"

# 2. The leaves cover the whole space.
python3 "$here/split_cover.py" "$dir" > "$work/cover"
verdict=$(tail -n 1 "$work/cover")
[[ $verdict == covered:* ]] || refuse "the cubes do not cover the space: ${verdict#*: }"
mapfile -t leaves < <(grep '^leaf ' "$work/cover" | cut -d' ' -f2-)

# 3. Every leaf's answer and proof. check_leaf D I prints nothing when cube I
# of D is proved UNSAT, else why not; a leaf passed on its recorded check
# is listed in $work/recorded.
check_leaf() {
  local d=$1 i=$2 out=$1/results/cube-$2 proof=$1/results/proof-$2.drat.gz
  local status
  status=$(grep -s '^c conquer cube ' "$out" | tail -n 1)
  [[ $status == "c conquer cube $i status UNSAT "* ]] ||
    { echo "cube $i of $d: its answer ($out) is not UNSAT: ${status:-missing}"; return; }
  grep -qx 's UNSATISFIABLE' "$out" ||
    { echo "cube $i of $d: the solver's output in $out does not say s UNSATISFIABLE"; return; }
  if [ ! -s "$proof" ] && [ "$recorded" -eq 1 ]; then
    check_record "$d" "$i" "$out"
    return
  fi
  if [ ! -s "$proof" ]; then
    if grep -qa "^c conquer proof $i verified by " "$out"; then
      echo "cube $i of $d: no proof ($proof), only a recorded check (accept it with --recorded)"
    else
      echo "cube $i of $d: no proof ($proof; solve it with conquer.sh --proofs)"
    fi
    return
  fi
  [ "$structure_only" -eq 0 ] || return
  local cnf proof_file
  cnf=$(mktemp -p "$work") proof_file=$(mktemp -p "$work")
  "$here/conquer_cube.sh" --cnf "$d" "$i" > "$cnf" || { echo "cube $i of $d: cannot build its CNF"; return; }
  gzip -dc "$proof" > "$proof_file" 2> /dev/null || { echo "cube $i of $d: $proof is not a gzip file"; return; }
  if [ "$checker_name" = drat-trim ]; then
    "$checker" "$cnf" "$proof_file" -t "$timeout" > "$cnf.out" 2>&1
  else
    timeout "$timeout" "$checker" "$cnf" "$proof_file" > "$cnf.out" 2>&1
  fi
  grep -q 's VERIFIED' "$cnf.out" ||
    echo "cube $i of $d: $checker_name did not verify $proof ($(grep -a -m1 '^.\?s ' "$cnf.out" | tr -d '\r' || echo 'no verdict'))"
  rm -f "$cnf" "$cnf.out" "$proof_file"
}
# check_record D I OUT: OUT records a verified proof for this cube's CNF.
check_record() {
  local d=$1 i=$2 out=$3 record md5
  record=$(grep -a "^c conquer proof $i verified by " "$out" | tail -n 1)
  [ -n "$record" ] ||
    { echo "cube $i of $d: no proof and no recorded check (solve it with conquer.sh --check-proofs)"; return; }
  md5=$("$here/conquer_cube.sh" --cnf "$d" "$i" | md5sum | cut -d' ' -f1) ||
    { echo "cube $i of $d: cannot build its CNF"; return; }
  [[ $record == *" cnf-md5 $md5 "* ]] ||
    { echo "cube $i of $d: the recorded check in $out is for another CNF than this cube's"; return; }
  read -r _ _ _ _ _ _ name _ <<< "$record"
  echo "$name" >> "$work/recorded"
}
export -f check_leaf check_record
export here work structure_only recorded timeout checker checker_name
printf '%s\n' "${leaves[@]}" | xargs -P "$jobs" -L 1 bash -c 'check_leaf "$0" "$1"' > "$work/faults"
if [ -s "$work/faults" ]; then
  # The first failing leaf in tree order, whichever job finished first.
  for leaf in "${leaves[@]}"; do
    read -r d i <<< "$leaf"
    fault=$(grep -m1 -F "cube $i of $d:" "$work/faults") && refuse "$fault"
  done
fi
summary="${#leaves[@]} leaf cube(s) cover the whole space, each answered UNSAT with a proof"
# The leaves passed on a recorded check, counted by checker:
# "K that NAME verified when conquer.sh made them (recorded)".
touch "$work/recorded"
by_record=$(sort "$work/recorded" | uniq -c |
  awk '{ printf "%s%d that %s verified when conquer.sh made them (recorded)", (NR > 1 ? ", " : ""), $1, $2 }')
if [ $structure_only -eq 1 ]; then
  echo "structure checked: $summary${by_record:+ ($by_record)} (proofs not checked: run without --structure-only)"
  exit 0
fi
now=$((${#leaves[@]} - $(wc -l < "$work/recorded")))
if [ -z "$by_record" ]; then
  echo "verified: no solution for bel_pyramid ${args[*]}: $summary that $checker_name verified"
else
  echo "verified: no solution for bel_pyramid ${args[*]}: $summary: $now that $checker_name verified now, $by_record"
fi
