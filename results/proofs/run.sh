#!/usr/bin/env bash
# The N=5 ConstructiveDiagonal proof (README.md, "proofs/cd5.tar.xz"),
# resumed in a working directory outside the repository (the proofs are too
# large for it): `setsid results/proofs/run.sh WORKDIR &` makes its whole
# session nice 19 (results/README.md) and runs
#   1. WORKDIR/cd5 from the archive, if it is not there yet, with the formula
#      written again and linked into every re-split;
#   2. conquer.sh --check-proofs over it with kissat (KISSAT, default kissat
#      on the PATH): every UNSAT cube with its DRAT proof, checked at once by
#      bel_pyramid_check_proof (or drat-trim when DRAT_TRIM names one) and
#      the verdict recorded in its answer, so that the archive, without the
#      proofs, keeps it;
#   3. once conquer.sh has proved it, what the archive would hold (WORKDIR/cd5
#      without formulas and proofs) unpacked as in step 1 into
#      WORKDIR/verify and checked there by verify_proof.sh --recorded: the
#      formula written again, the cover, and the recorded check of every
#      leaf's proof, as on a fresh machine (checking the 559 proofs kept
#      here again would take hours; each was checked when it was made).
# Run it again to resume; archive the answers with
#   tar --exclude=formula.cnf --exclude='proof-*' -C WORKDIR -cJf results/proofs/cd5.tar.xz cd5
set -uo pipefail
here=$(cd "$(dirname "$0")/../.." && pwd)
[ $# -eq 1 ] || { echo "usage: results/proofs/run.sh WORKDIR" >&2; exit 2; }
work=$1
kissat=${KISSAT:-$(command -v kissat)}
[ -x "$kissat" ] || { echo "run.sh: set KISSAT= to a kissat binary" >&2; exit 2; }
if [ "$(ps -o sid= -p $$ | tr -d ' ')" = "$$" ] && [ -w /proc/self/autogroup ]; then
  echo 19 >/proc/self/autogroup
fi
mkdir -p "$work" && cd "$work" || exit 1
# The binaries and scripts of this run, so that a rebuild of the checkout or
# an edit of its scripts leaves it alone (bash reads a script as it runs).
mkdir -p bin
[ -x bin/bel_pyramid ] || cp "$here/build/bel_pyramid" bin/
[ -x bin/bel_pyramid_check_proof ] || cp "$here/build/bel_pyramid_check_proof" bin/
[ -x bin/conquer.sh ] || cp "$here"/scripts/{conquer.sh,conquer_cube.sh,proof_checker.sh,slurm_wait.sh,parallel_note.sh,usage.sh,verify_proof.sh,split_cover.py} bin/
export BEL_PYRAMID=$PWD/bin/bel_pyramid
# unpack DIR ARCHIVE-COMMAND: DIR/cd5 as a fresh machine makes it, the
# split written again (formula and cubes) and the answers of the archive
# that ARCHIVE-COMMAND writes to its standard output laid over it, with the
# formula linked into every re-split.
unpack() {
  local dir=$1
  shift
  mkdir -p "$dir" && bin/bel_pyramid 5 --strategy ConstructiveDiagonal --split 64 "$dir/cd5" -q &&
    "$@" | tar -xf - -C "$dir" || return 1
  find "$dir/cd5" -mindepth 1 -type d -name 'sub-*' | while read -r d; do
    [ -f "$d/formula.cnf" ] || ln "$dir/cd5/formula.cnf" "$d/formula.cnf"
  done
}
answers() { tar --exclude=formula.cnf --exclude='proof-*' -cf - cd5; }
[ -d cd5 ] || unpack . xz -dc "$here/results/proofs/cd5.tar.xz" || exit 1
{
  SOLVER=$kissat SOLVER_OPTIONS=-q nice -n 19 bin/conquer.sh --check-proofs \
    --cube-limit 60 --resplit 16 --depth 5 cd5 -j 2 || exit 1
  rm -rf verify && unpack verify answers || exit 1
  nice -n 19 bin/verify_proof.sh --recorded verify/cd5
} >>log.txt 2>&1
