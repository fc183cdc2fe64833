#!/usr/bin/env bash
# Solves cube I of a `bel_pyramid --split K DIR` directory: DIR/formula.cnf
# plus one unit clause per literal of line I of DIR/cubes, streamed to the
# solver's standard input (kissat and cadical both read DIMACS from stdin).
# This is the one command every job runs: scripts/conquer.sh (GNU parallel)
# and scripts/conquer.slurm (one array task per cube).
#
# Usage: scripts/conquer_cube.sh DIR I
#        scripts/conquer_cube.sh --cnf DIR I   (prints the cube's CNF only)
#        scripts/conquer_cube.sh --check-kept DIR I   (CONQUER_CHECKER checks
#          the proof an earlier run kept for UNSAT cube I and records the
#          verdict in DIR/results/cube-I, solving nothing; a rejected proof
#          is moved to proof-I.drat.gz.rejected, exit 3)
#        scripts/conquer_cube.sh --lemma-files DIR   (lists the lemma files
#          kept above DIR, which every cube's CNF holds: see below)
#   SOLVER          the solver binary (default cadical; e.g. /path/to/kissat)
#   SOLVER_OPTIONS  its options (default -q: only the s and v lines)
#   CUBE_LIMIT      CPU seconds for the solver (ulimit -t); empty: no limit
#   CONQUER_PROOFS  1: the solver reads the cube's CNF from a temporary file
#                   (kissat writes proofs only for a named input) and writes a
#                   DRAT proof as its second file argument, as cadical and
#                   kissat take it (binary DRAT is their default), to
#                   DIR/results/proof-I.drat, kept, gzipped, only for an UNSAT
#                   answer (scripts/verify_proof.sh checks it)
#   CONQUER_CHECKER with CONQUER_PROOFS: a DRAT checker (drat-trim or
#                   bel_pyramid_check_proof) that checks the UNSAT cube's
#                   proof at once; its verdict is recorded before the status
#                   line as "c conquer proof I verified by NAME cnf-md5 M
#                   proof-md5 P cpu T" (M: the MD5 of the cube's CNF as --cnf
#                   prints it), so that the answer stays checked when the
#                   proof is gone (verify_proof.sh --recorded); a proof the
#                   checker rejects fails the job (exit 3)
#   CONQUER_SLOTS   the directory of the CONQUER_SLOT_COUNT job slots that
#                   every level of a tree shares (conquer.sh --slots; its
#                   FIFO "tick" made there): the job waits for a free slot
#                   before its solver starts and holds it until it ends; the
#                   wait is not in its CPU time
#   CONQUER_LEMMAS  K > 0 (cadical or kissat, not with CONQUER_PROOFS): the
#                   solver reads the cube's CNF from a temporary file and
#                   writes a text DRAT proof into a pipe; for a cube that ends
#                   unknown, the lemmas of at most K literals over the CNF's
#                   variables are kept as DIR/results/lemmas-I. They are
#                   clauses the cube's CNF implies (a lemma these solvers add
#                   either follows from the clauses or names a variable of
#                   their own, left out), so the cubes of DIR/sub-I, which
#                   extend cube I, may start from them.
# Every cube's CNF holds the lemmas kept above it: for DIR named sub-I,
# those of PARENT/results/lemmas-I, and so on up the tree.
# Prints the solver's output, then "c conquer cube I status S cpu SECONDS"
# (S = SAT, UNSAT, UNKNOWN, or "UNKNOWN limit L" when it ran under
# CUBE_LIMIT=L; CPU = user + system time of the job). Exits 0
# on SAT (so that parallel --halt now,success=1 stops the other cubes), 1
# on UNSAT, 2 otherwise, 3 on bad input or when the solver failed (an exit
# code other than 0, 10, 20 or a signal's, e.g. a bad SOLVER_OPTIONS).
set -uo pipefail
mode=solve
case ${1:-} in --cnf) mode=cnf; shift ;; --check-kept) mode=check-kept; shift ;; --lemma-files) mode=lemma-files; shift ;; esac
# inherited_lemmas DIR: the lemma files kept above DIR (see above), printed
# into the array "inherited".
inherited_lemmas() {
  local d=$1 parent
  inherited=()
  while [[ ${d%/} =~ (^|/)sub-([1-9][0-9]*)$ ]]; do
    parent=$(dirname "${d%/}")
    [ ! -f "$parent/results/lemmas-${BASH_REMATCH[2]}" ] || inherited+=("$parent/results/lemmas-${BASH_REMATCH[2]}")
    d=$parent
  done
}
if [ $mode = lemma-files ] && [ $# -eq 1 ]; then
  inherited_lemmas "$1"
  [ ${#inherited[@]} -eq 0 ] || printf '%s\n' "${inherited[@]}"
  exit 0
fi
[ $# -eq 2 ] || { echo "usage: $0 [--cnf|--check-kept] DIR I, or $0 --lemma-files DIR" >&2; exit 3; }
dir=$1 i=$2
solver=${SOLVER:-cadical}
read -r -a options <<< "${SOLVER_OPTIONS:--q}"
limit=${CUBE_LIMIT:-unlimited}
[[ $limit =~ ^([1-9][0-9]*|unlimited)$ ]] || { echo "conquer_cube.sh: CUBE_LIMIT must be a positive integer, got \"$limit\"" >&2; exit 3; }
[[ $i =~ ^[1-9][0-9]*$ ]] || { echo "conquer_cube.sh: cube number must be >= 1, got \"$i\"" >&2; exit 3; }
for f in formula.cnf cubes; do
  [ -r "$dir/$f" ] || { echo "conquer_cube.sh: cannot read $dir/$f (run bel_pyramid --split first)" >&2; exit 3; }
done
cube=$(sed -n "${i}p" "$dir/cubes")
[[ $cube =~ ^a\ (-?[1-9][0-9]*\ )*0$ ]] || { echo "conquer_cube.sh: no cube $i in $dir/cubes" >&2; exit 3; }
read -r -a lits <<< "$cube"
lits=("${lits[@]:1:${#lits[@]}-2}")  # drop "a" and the final 0
read -r _ _ vars clauses < <(grep -m1 '^p cnf ' "$dir/formula.cnf")
inherited_lemmas "$dir"
lemmas=0
[ ${#inherited[@]} -eq 0 ] || lemmas=$(cat "${inherited[@]}" | wc -l)

cube_cnf() {
  echo "p cnf $vars $((clauses + lemmas + ${#lits[@]}))"
  sed '1,/^p cnf /d' "$dir/formula.cnf"
  [ ${#inherited[@]} -eq 0 ] || cat "${inherited[@]}"
  [ ${#lits[@]} -eq 0 ] || printf '%s 0\n' "${lits[@]}"
}

if [ $mode = cnf ]; then
  cube_cnf
  exit 0
fi
# check_proof PROOF: CONQUER_CHECKER checks PROOF against this cube's CNF
# (in $input) and prints the record of its verdict; else says why not on
# standard error and fails.
check_proof() {
  local out cpu_check
  # drat-trim starts its lines with carriage returns (its progress meter).
  out=$({ time "$CONQUER_CHECKER" "$input" "$1" 2>&1; } 2> "$timing" | tr '\r' '\n')
  cpu_check=$(tail -n 1 "$timing" | awk '{ printf "%.2f", $1 + $2 }')
  if ! grep -q '^s VERIFIED' <<< "$out"; then
    echo "conquer_cube.sh: $CONQUER_CHECKER did not verify the proof of cube $i ($(grep -a -m1 '^s ' <<< "$out" || echo 'no verdict'))" >&2
    return 1
  fi
  echo "c conquer proof $i verified by $(basename "$CONQUER_CHECKER") cnf-md5 $(md5sum < "$input" | cut -d' ' -f1)" \
    "proof-md5 $(md5sum < "$1" | cut -d' ' -f1) cpu $cpu_check"
}
# One trap removes every temporary file, however the job ends: the timing,
# the CNF's copy and its proof (a copy, or the pipe of the lemmas), the
# lemmas not yet kept; and it gives back the job's slot (--slots). It
# ignores INT and TERM first, and so does its rm: a stop signalled to the
# job's whole process group (a halt, scancel, twice) while the job is
# ending would otherwise kill the rm and leave the files.
timing=$(mktemp) input='' lemmas_part='' slot=''
trap 'trap "" INT TERM
      rm -f "$timing" ${input:+"$input" "$input.drat"} ${lemmas_part:+"$lemmas_part"} ${slot:+"$slot"}' EXIT
# A job stopped by a signal (a halt, scancel) exits through that trap too.
trap 'exit 130' INT
trap 'exit 143' TERM
TIMEFORMAT='%U %S'
if [ $mode = check-kept ]; then
  answer=$dir/results/cube-$i kept=$dir/results/proof-$i.drat.gz
  [ -n "${CONQUER_CHECKER:-}" ] || { echo "conquer_cube.sh: --check-kept needs CONQUER_CHECKER" >&2; exit 3; }
  grep -q "^c conquer cube $i status UNSAT " "$answer" && [ -s "$kept" ] ||
    { echo "conquer_cube.sh: cube $i of $dir has no UNSAT answer with a kept proof" >&2; exit 3; }
  input=$(mktemp --suffix=.cnf) && cube_cnf > "$input" && gzip -dc "$kept" > "$input.drat" ||
    { echo "conquer_cube.sh: cannot write the CNF and proof of cube $i" >&2; exit 3; }
  record=$(check_proof "$input.drat")
  code=$?
  if [ $code -ne 0 ]; then
    mv -f "$kept" "$kept.rejected"
    exit 3
  fi
  # The record goes before the status line, as a job that checks at once puts it.
  awk -v r="$record" '/^c conquer cube [0-9]+ status / { print r } { print }' "$answer" > "$answer.new" &&
    mv "$answer.new" "$answer"
  exit
fi
keep=${CONQUER_LEMMAS:-0}
[[ $keep =~ ^[0-9]+$ ]] || { echo "conquer_cube.sh: CONQUER_LEMMAS must be a number, got \"$keep\"" >&2; exit 3; }
text_proof=()
if [ "$keep" -gt 0 ]; then
  case ${solver##*/} in
    cadical*) text_proof=(--binary=false) ;;
    kissat*) text_proof=(--no-binary) ;;
    *) echo "conquer_cube.sh: CONQUER_LEMMAS needs cadical or kissat, not $solver" >&2; exit 3 ;;
  esac
  [ "${CONQUER_PROOFS:-0}" != 1 ] || { echo "conquer_cube.sh: CONQUER_LEMMAS and CONQUER_PROOFS exclude each other" >&2; exit 3; }
fi
# A solver that writes a proof reads the CNF from a file (kissat writes
# proofs only for a named input). What the job keeps goes to DIR/results,
# which another host does not have until its first job makes it.
if [ "$keep" -gt 0 ] || [ "${CONQUER_PROOFS:-0}" = 1 ]; then
  input=$(mktemp --suffix=.cnf) && cube_cnf > "$input" ||
    { echo "conquer_cube.sh: cannot write the CNF of cube $i to a temporary file" >&2; exit 3; }
  mkdir -p "$dir/results" || { echo "conquer_cube.sh: cannot create $dir/results" >&2; exit 3; }
fi
# take_slot: waits for one of the shared slots and holds it until the job
# ends (the exit trap gives it back). A slot is a file made only if it does
# not exist (noclobber), holding the PID of the job that has it; a slot
# whose job is gone (killed before its trap ran) is taken back. One waiter
# at a time (the lock on "queue") looks every 20 ms, sleeping in read -t on
# the tree's FIFO: no process is started while it waits.
take_slot() {
  local k try pid
  exec 8> "$CONQUER_SLOTS/queue" && flock 8 && exec 7<> "$CONQUER_SLOTS/tick" || return 1
  while :; do
    for ((k = 1; k <= CONQUER_SLOT_COUNT; k++)); do
      try=$CONQUER_SLOTS/slot-$k
      set -C
      { echo $$ > "$try"; } 2> /dev/null && slot=$try
      set +C
      if [ -n "$slot" ]; then exec 7<&- 8>&- && return 0; fi
      pid=''
      read -r pid < "$try" 2> /dev/null
      [ -z "$pid" ] || kill -0 "$pid" 2> /dev/null || rm -f "$try"
    done
    read -r -t 0.02 -u 7
  done
}
[ -z "${CONQUER_SLOTS:-}" ] || take_slot || { echo "conquer_cube.sh: cannot take a slot in $CONQUER_SLOTS" >&2; exit 3; }
lemmas_part=$dir/results/lemmas-$i.part
if [ "$keep" -gt 0 ]; then
  proof=()
  mkfifo "$input.drat" || { echo "conquer_cube.sh: cannot make the pipe $input.drat" >&2; exit 3; }
  # The filter runs inside the timed subshell: its CPU time is the job's.
  { time (
    awk -v k="$keep" -v v="$vars" '$1 == "d" || $NF != "0" || NF < 2 || NF > k + 1 { next }
      { for (j = 1; j < NF; j++) if ($j > v || -$j > v) next; print }' "$input.drat" > "$lemmas_part" &
    (ulimit -t "$limit" && exec "$solver" "${options[@]}" "${text_proof[@]}" "$input" "$input.drat" < /dev/null)
    solved=$?
    exec 3<> "$input.drat" 3>&-  # a solver that never opened the pipe leaves the filter waiting
    wait
    exit $solved
  ); } 2> "$timing"
elif [ "${CONQUER_PROOFS:-0}" = 1 ]; then
  proof=("$dir/results/proof-$i.drat")
  rm -f "${proof[0]}" "${proof[0]}.gz"
  # No exec here: bash times a subshell inside it, so an exec would lose the time.
  { time (ulimit -t "$limit" && "$solver" "${options[@]}" "$input" "${proof[0]}" < /dev/null); } 2> "$timing"
else
  proof=()
  { time cube_cnf | (ulimit -t "$limit" && exec "$solver" "${options[@]}"); } 2> "$timing"
fi
code=$?
cpu=$(tail -n 1 "$timing" | awk '{ printf "%.2f", $1 + $2 }')
head -n -1 "$timing" >&2
case $code in
  10) status=SAT exit_code=0 ;;
  20) status=UNSAT exit_code=1 ;;
  0 | 1[2-9][0-9] | 2[0-9][0-9]) status=UNKNOWN exit_code=2 ;;  # no answer, or stopped by a signal
  *) echo "conquer_cube.sh: the solver $solver failed on cube $i (exit $code)" >&2; exit 3 ;;
esac
[ "$status" != UNKNOWN ] || [ "$limit" = unlimited ] || status="UNKNOWN limit $limit"
if [ ${#proof[@]} -gt 0 ]; then  # only an UNSAT answer has a proof to keep
  if [ "$status" = UNSAT ]; then
    if [ -n "${CONQUER_CHECKER:-}" ] && ! check_proof "${proof[0]}"; then
      mv -f "${proof[0]}" "${proof[0]}.rejected"
      exit 3
    fi
    gzip -1 -f "${proof[0]}" || { echo "conquer_cube.sh: cannot compress ${proof[0]}" >&2; exit 3; }
  else
    rm -f "${proof[0]}"
  fi
fi
if [ "$keep" -gt 0 ]; then  # lemmas go to the re-split of a cube the limit stopped
  if [ $exit_code -eq 2 ]; then mv -f "$lemmas_part" "$dir/results/lemmas-$i"
  else rm -f "$dir/results/lemmas-$i"; fi
fi
echo "c conquer cube $i status $status cpu $cpu"
exit $exit_code
