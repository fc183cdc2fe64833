#!/usr/bin/env bash
# Cube-and-conquer: solves the cubes of `bel_pyramid --split K DIR` with GNU
# parallel and reports like bel_pyramid: a validated solution, or "No
# solution exists" only when every cube is UNSAT, and the total CPU time.
#
# Usage: scripts/conquer.sh [--collect] [--proofs|--check-proofs] [--cube-limit S] [--resplit K] [--depth D]
#                           [--split-by literal|line] [--lemmas K] [--slots N] [--slurm] DIR [PARALLEL_OPTIONS...]
#   PARALLEL_OPTIONS are passed to GNU parallel: -j N (default: all cores),
#   --sshlogin host1,host2 or --slf FILE to use other machines (the solver
#   must be on their PATH, rsync here and there; DIR/formula.cnf, DIR/cubes,
#   the lemmas kept above DIR and conquer_cube.sh are sent as --basefile,
#   so give DIR as a path relative to the current directory, which should
#   also be relative to the remote home; proofs and lemmas come back with
#   --return). A job that gives no answer (a host ssh cannot reach) fails
#   the run.
#   --collect only reports on DIR/results (e.g. after scripts/conquer.slurm,
#   or while a conquest runs): a re-split tree under DIR is collected too, so
#   a cube whose tree is refuted counts as UNSAT and its CPU time is added
#   (each sub-directory's report says how far its tree has come). It writes
#   no answer in the sub-directories: their results/answer, which a running
#   conquest reads, stays that conquest's.
#   A run resumes: cubes that DIR/results already answers (SAT, UNSAT,
#   unknown under at least this --cube-limit, or unknown under a smaller one
#   with their re-split tree refuted) are not run again; remove DIR/results
#   to start afresh.
#   --cube-limit S gives each cube S CPU seconds; a cube that runs out is unknown.
#   --resplit K splits every unknown cube I again, into K cubes in DIR/sub-I
#   (bel_pyramid --split-under), and conquers those the same way, down to D
#   levels below DIR (--depth, default 3). Hard cubes get split, easy ones
#   are solved at once: the tree follows the hardness of the instance.
#   --split-by is bel_pyramid's, for those re-splits (default: bel_pyramid's).
#   --lemmas K: a cube that runs out of its limit keeps the lemmas of at most
#   K literals its solver learned (DIR/results/lemmas-I, from the solver's
#   text DRAT proof), and every cube of its re-split starts from them and
#   from those kept above it (clauses the cube's CNF implies; the sub-cubes
#   extend it). Default 8 with --resplit and cadical or kissat without
#   --proofs, which a cube's CNF with lemmas would not fit; 0: none. Other
#   hosts get the lemmas with the CNF and send theirs back (--return).
#   --slots N: at most N cubes are solved at a time over the whole tree, and
#   the re-split trees of a level run at once, their cubes taking whichever
#   slot frees first: no slot waits for the last cube of a level while a
#   tree elsewhere has cubes to solve. Each level's GNU parallel runs N
#   jobs. Default with --resplit on this machine: N is the number -j gives
#   (-j N, --jobs N, -P N, ...), else the cores; --slots 0, a -j that is not
#   a number (50%, +1), or --sshlogin: a level's trees one after another,
#   each with its own GNU parallel.
#   --slurm: each level's cubes are one Slurm job array (sbatch, one task a
#   cube running scripts/conquer.slurm, which this run then waits for,
#   asking squeue every SQUEUE_POLL seconds, default 10) instead of GNU
#   parallel, from a node that can submit jobs, DIR on a file system the
#   nodes share; a level's re-split trees run at once (Slurm's queue takes
#   the place of the slots). sbatch takes its options (partition, time,
#   account) from its SBATCH_* variables and passes this environment on; no
#   PARALLEL_OPTIONS. A task that gives no answer fails the run; Ctrl-C
#   cancels the arrays.
#   --proofs: every cube is solved with a DRAT proof (the SOLVER must write
#   one as its second file argument, as the cadical and kissat binaries do),
#   kept as DIR/results/proof-I.drat.gz for each UNSAT cube, sub-cubes
#   included; a resumed run solves again the UNSAT cubes that have none.
#   Check the whole tree with scripts/verify_proof.sh DIR.
#   --check-proofs: --proofs, and every job checks its UNSAT cube's proof at
#   once (drat-trim when DRAT_TRIM names one, else CHECK_PROOF, default
#   bel_pyramid_check_proof beside BEL_PYRAMID or on the PATH) and records
#   the verdict in its answer with the MD5 of the cube's CNF; a proof the
#   checker rejects fails the run. A recorded check answers the cube even
#   when its proof is gone (an archive without the proofs), and
#   scripts/verify_proof.sh --recorded DIR accepts it. A run resumed with
#   --check-proofs first checks the proofs that an earlier --proofs run
#   kept without a check, -j at once on this machine (solving nothing again).
#   SOLVER, SOLVER_OPTIONS: see scripts/conquer_cube.sh (default cadical -q).
#   BEL_PYRAMID: the binary that splits and re-imports (default build/bel_pyramid).
# The first SAT cube stops the others (--halt now,success=1); its
# certificate is re-imported with the arguments in DIR/args and checked
# against every clause of DIR/formula.cnf, the puzzle and the strategies.
# DIR/results/answer says "SAT|UNSAT|UNKNOWN cpu SECONDS" for DIR's cubes and
# every sub-cube below them. The last line says what happened: "conquer:
# proved none", "found a solution", "unknown within the limit", "interrupted"
# or "failed". Exit codes as bel_pyramid: 0 answered, 1 failed, 2 bad options
# (checked before any job starts, one line), 3 some cube unknown, 130
# interrupted.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=scripts/proof_checker.sh
. "$here/proof_checker.sh"
# shellcheck source=scripts/slurm_wait.sh
. "$here/slurm_wait.sh"
# shellcheck source=scripts/parallel_note.sh
. "$here/parallel_note.sh"
# shellcheck source=scripts/usage.sh
. "$here/usage.sh"  # --help
level=${CONQUER_LEVEL:-0}
usage_error() { echo "conquer.sh: error: $*" >&2; exit 2; }
fail() { echo "conquer: failed: $*" >&2; exit 1; }
# The last line, from the top level only (a sub-level's is its parent's to say).
verdict() { [ "$level" -gt 0 ] || echo "conquer: $*"; }
# Parallel runs in the background while this shell waits for it, so that a
# Ctrl-C reaches this trap at once (a foreground parallel would swallow it).
# The re-split trees that run at once (--slots) stop with it, however it
# ends, and the top level removes the slots' directory.
# A Slurm array this level waits for (--slurm) is cancelled the same way,
# and a sub-tree's answer being collected (--collect) is removed. The exit
# trap ignores INT and TERM, as conquer_cube.sh's does: a stop sent twice
# to the process group would otherwise kill its rm or scancel.
running='' trees=() slots_dir='' array_job='' collected=''
stop_trees() { [ ${#trees[@]} -eq 0 ] || kill -TERM "${trees[@]}" 2> /dev/null; }
trap 'trap "" INT TERM
      stop_trees; rm -rf ${slots_dir:+"$slots_dir"} ${collected:+"$collected"}
      [ -z "$array_job" ] || scancel "$array_job"' EXIT
trap '[ -z "$running" ] || kill -INT "$running" 2> /dev/null; verdict interrupted; exit 130' INT TERM
count() { [[ $2 =~ ^[1-9][0-9]*$ ]] || usage_error "$1 needs a positive integer, got \"$2\""; }
collect=0 limit='' resplit=0 depth=3 proofs=0 check=0 split_by=() lemmas='' slots='' slurm=0
while [ $# -gt 0 ]; do
  case $1 in
    --collect) collect=1; shift ;;
    --proofs) proofs=1; shift ;;
    --check-proofs) proofs=1 check=1; shift ;;
    --cube-limit) count "$1" "${2:-}"; limit=$2; shift 2 ;;
    --resplit) count "$1" "${2:-}"; resplit=$2; shift 2 ;;
    --depth) count "$1" "${2:-}"; depth=$2; shift 2 ;;
    --slots)
      [[ ${2:-} =~ ^[0-9]+$ ]] || usage_error "--slots needs a number of job slots (0: none), got \"${2:-}\""
      slots=$2; shift 2 ;;
    --lemmas)
      [[ ${2:-} =~ ^[0-9]+$ ]] || usage_error "--lemmas needs a number of literals (0: none), got \"${2:-}\""
      lemmas=$2; shift 2 ;;
    --slurm) slurm=1; shift ;;
    --split-by)
      [[ ${2:-} == literal || ${2:-} == line ]] || usage_error "--split-by needs literal or line, got \"${2:-}\""
      split_by=(--split-by "$2"); shift 2 ;;
    *) break ;;
  esac
done
[ $# -ge 1 ] || usage_error "usage: $0 [--collect] [--proofs|--check-proofs] [--cube-limit S] [--resplit K] [--depth D] [--split-by literal|line] [--lemmas K] [--slots N] [--slurm] DIR [PARALLEL_OPTIONS...]"
case $1 in -*) usage_error "unknown option $1" ;; esac
[ "$resplit" -eq 0 ] || [ -n "$limit" ] || usage_error "--resplit needs --cube-limit (which cubes are hard?)"
dir=$1; shift
if [ $slurm -eq 1 ]; then
  [ $collect -eq 0 ] || usage_error "--slurm: --collect runs nothing"
  [ $# -eq 0 ] || usage_error "--slurm: no GNU parallel options (sbatch takes its own from SBATCH_* variables), got \"$*\""
  [ "${slots:-0}" = 0 ] || usage_error "--slots: Slurm's queue shares the cores with --slurm"
  why=$(slurm_ready) || usage_error "--slurm: $why"
fi
bel=${BEL_PYRAMID:-$here/../build/bel_pyramid}
for f in formula.cnf cubes args; do
  [ -r "$dir/$f" ] || usage_error "cannot read $dir/$f (run bel_pyramid --split K $dir first)"
done
[ -x "$bel" ] && [ -f "$bel" ] || usage_error "no bel_pyramid binary at $bel (build it, or set BEL_PYRAMID)"
if [ $collect -eq 0 ]; then
  { [ $slurm -eq 1 ] && [ $check -eq 0 ]; } || command -v parallel > /dev/null || usage_error "GNU parallel is not installed"
  command -v "${SOLVER:-cadical}" > /dev/null || usage_error "solver \"${SOLVER:-cadical}\" not found (set SOLVER)"
  unset CONQUER_CHECKER  # the jobs check proofs only when told here
  if [ $check -eq 1 ]; then
    CONQUER_CHECKER=$(proof_checker "$bel") || usage_error "--check-proofs: $CONQUER_CHECKER"
    export CONQUER_CHECKER
  fi
  # The options for GNU parallel, tried on nothing before any job starts.
  if [ $slurm -eq 0 ]; then
    refusal=$(parallel --dry-run "$@" true ::: x 2>&1 > /dev/null) ||
      usage_error "GNU parallel refused the options \"$*\": $(grep -m1 'Error' <<< "$refusal")"
  fi
fi
cubes=$(grep -c '^a ' "$dir/cubes")
mapfile -t args < "$dir/args"
# has_option NAME VALUE: DIR/args gives option NAME the value VALUE.
has_option() {
  local k
  for ((k = 1; k < ${#args[@]}; k++)); do
    [ "${args[k - 1]}" != "$1" ] || [ "${args[k]}" != "$2" ] || return 0
  done
  return 1
}
# A completion's split narrows its cubes by the matching of positions to
# cubes and leaves out those it refutes (DIR/refuted), which no DRAT proof
# shows: a proof needs a split without it.
if [ $proofs -eq 1 ] && has_option --cnf-encoder completion && ! has_option --cnf-tune cube-matching=off; then
  usage_error "--proofs: $dir was split with the matching of positions to cubes, which no DRAT proof shows; split it with --cnf-tune cube-matching=off"
fi
# A cube's CNF holds the lemmas kept above it, which its proof would not fit.
if [ $proofs -eq 1 ] && [ -n "$(find "$dir" -path '*/results/lemmas-*' -print -quit)" ]; then
  usage_error "--proofs: $dir holds lemmas kept by a run without proofs (results/lemmas-*); conquer a fresh split for proofs"
fi
matched=0
[ ! -f "$dir/refuted" ] || matched=$(grep -c '^a ' "$dir/refuted")
results=$dir/results
mkdir -p "$results" || fail "cannot create $results"
answer_file=$results/answer
# A sub-directory's collection answers into its parent's temporary file.
[ $collect -eq 0 ] || [ "$level" -eq 0 ] || answer_file=${CONQUER_COLLECTED:?}
# Results are kept between runs only for the same formula and cubes.
inputs=$(cd "$dir" && md5sum formula.cnf cubes args)
if [ -f "$results/inputs" ]; then
  [ "$(cat "$results/inputs")" = "$inputs" ] ||
    fail "$results holds answers for another formula or other cubes; remove it to start afresh"
else
  echo "$inputs" > "$results/inputs"
fi
# add A B: the sum to the hundredth, each term rounded first (a split's time
# has thousandths), so that the total does not hang on the order of the sums.
add() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", sprintf("%.2f", a) + sprintf("%.2f", b) }'; }
status() { grep -s '^c conquer cube ' "$results/cube-$1" | tail -n 1; }
# recorded I: cube I's answer records a check of its proof (--check-proofs).
recorded() { grep -qs "^c conquer proof $1 verified by " "$results/cube-$1"; }
# answered I: an earlier run left cube I an answer that running it again
# would not change: SAT, UNSAT, or unknown under at least today's limit, or
# under a smaller one with its re-split tree refuted (a larger limit given
# to a resumed run then spends nothing on the cubes whose trees are done).
answered() {
  local line
  line=$(status "$1")
  case $line in
    *" status SAT "*) return 0 ;;
    *" status UNSAT "*) [ $proofs -eq 0 ] || [ -s "$results/proof-$1.drat.gz" ] || recorded "$1" ;;
    *" status UNKNOWN limit "*)
      local was=${line##* limit }
      { [ -n "$limit" ] && [ "${was%% *}" -ge "$limit" ]; } ||
        grep -qs '^UNSAT ' "$dir/sub-$1/results/answer" ;;
    *) return 1 ;;
  esac
}

# first_error I: the line that says why cube I's job gave no answer: its
# own error, else the first line of its standard error (ssh's, say).
first_error() {
  grep -s -m1 '^conquer_cube.sh: ' "$results/cube-$1.err" || grep -s -m1 -v '^$' "$results/cube-$1.err"
}

# run_cubes I...: solves these cubes with GNU parallel; the first SAT cube
# stops the others. Parallel's note on the job that stopped the run is
# dropped (the report below says which cube it was); a job that failed
# (conquer_cube.sh exit 3) fails the run.
run_cubes() {
  local before=0
  [ ! -f "$results/joblog" ] || before=$(wc -l < "$results/joblog")
  printf '%s\n' "$@" | parallel -j "${slots:-$(nproc)}" --halt now,success=1 \
    --joblog "+$results/joblog" --results "$results/cube-{}" "${bar[@]}" "${remote[@]}" "${options[@]}" \
    "$here/conquer_cube.sh" "$dir" {} 2> >(drop_parallel_note succeeded | awk '
                                              /^rsync: .*link_stat ".*\/(proof|lemmas)-[0-9]+[.a-z]*" failed: No such file/ {
                                                missing = 1; next }  # a cube that left nothing to --return
                                              missing && /^rsync error: some files\/attrs were not transferred/ {
                                                missing = 0; next }
                                              { print }' >&2) &
  running=$!
  wait "$running"
  local code=$?
  running=''
  wait  # for the filter of standard error
  [ "$code" -ne 255 ] || fail "GNU parallel stopped with an error (exit 255)"
  # A job that ended by itself without its status line failed, whatever its
  # exit code: conquer_cube.sh's own failure (exit 3), or a host that ssh
  # could not reach (255) or whose shell could not run it (2, 127), which
  # must not pass for a cube without an answer. Jobs the halt stopped have
  # a signal, or no line at all.
  local i host exitval why
  while IFS=$'\t' read -r i host exitval; do
    [ "$exitval" = 3 ] || [ -z "$(status "$i")" ] || continue
    why=$(first_error "$i")
    fail "a cube job failed: cube $i of $dir${host:+ on $host} (exit $exitval)${why:+: $why}"
  done < <(awk -F '\t' -v before="$before" 'NR > before && $1 != "Seq" && $8 == 0 {
             n = split($NF, word, " "); host = ($2 == ":" ? "" : $2); print word[n] "\t" host "\t" $7 }' \
             "$results/joblog")
}

# run_array I...: solves these cubes as one Slurm job array (--slurm): task
# K runs conquer.slurm on the cube on line K of DIR/results/array; the first
# SAT task cancels the array. A cube left without its status line, unless a
# SAT cube cancelled it, fails the run.
run_array() {
  printf '%s\n' "$@" > "$results/array" || fail "cannot write $results/array"
  array_job=$(CONQUER_ARRAY=$results/array CONQUER_CUBE=$here/conquer_cube.sh sbatch --parsable \
    --array="1-$#" --job-name=conquer --output=/dev/null --error="$results/tasks.err" --open-mode=append \
    "$here/conquer.slurm" "$dir") || { array_job='' && fail "sbatch did not take the array of $dir"; }
  array_job=${array_job%%;*}
  echo "Slurm job $array_job: the $# cube(s) of $dir."
  slurm_wait "$array_job" "$#" "Slurm job $array_job"
  array_job=''
  local i why
  for i in "$@"; do [[ $(status "$i") != *" status SAT "* ]] || return 0; done
  for i in "$@"; do
    [ -z "$(status "$i")" ] || continue
    why=$(first_error "$i")
    fail "a cube task failed: cube $i of $dir${why:+: $why} (see $results/tasks.err)"
  done
}

# check_kept I...: checks the proofs kept for these cubes, as many at once
# as the user's options say (on this machine: the proofs are here); the
# first one that does not verify stops the others and fails the run.
check_kept() {
  local local_options=("${options[@]}") log code failed i
  [ ${#remote[@]} -eq 0 ] || local_options=()
  for i in "$@"; do echo "Checking the proof kept for cube $i of $dir."; done
  log=$(mktemp)
  printf '%s\n' "$@" | parallel -j "$(nproc)" "${local_options[@]}" --halt now,fail=1 --joblog "$log" \
    "$here/conquer_cube.sh" --check-kept "$dir" {} 2> >(drop_parallel_note failed >&2) &
  running=$!
  wait "$running"
  code=$?
  running=''
  wait  # for the filter of standard error
  failed=$(awk -F '\t' '$1 != "Seq" && $7 != 0 { print $NF; exit }' "$log")
  rm -f "$log"
  [ "$code" -ne 0 ] || return 0
  i=${failed##* }
  [ -z "$failed" ] || [ ! -e "$results/proof-$i.drat.gz.rejected" ] ||
    fail "the proof kept for cube $i of $dir did not verify (moved to $results/proof-$i.drat.gz.rejected; run again to solve it again)"
  fail "the proofs kept in $results could not all be checked${failed:+ (cube $i failed)}"
}

# parallel_jobs PARALLEL_OPTIONS...: the number of jobs -j gives GNU parallel
# (the cores without one), or 0 for a -j that is not a plain number.
parallel_jobs() {
  local jobs
  jobs=$(nproc)
  while [ $# -gt 0 ]; do
    case $1 in
      -j | --jobs | -P | --max-procs) jobs=${2:-}; shift ;;
      --jobs=* | --max-procs=*) jobs=${1#*=} ;;
      -j* | -P*) jobs=${1#-?} ;;
    esac
    shift
  done
  [[ $jobs =~ ^[1-9][0-9]*$ ]] && echo "$jobs" || echo 0
}

export CONQUER_PROOFS=$proofs
if [ $collect -eq 0 ]; then
  options=("$@")
  remote=()
  for a in "$@"; do
    case $a in
      --sshlogin|-S|--slf|--sshloginfile|--sshlogin=*|--slf=*)
        command -v rsync > /dev/null ||
          usage_error "${a%%=*}: GNU parallel sends the CNF and the cubes to other hosts with rsync, which is not installed here (the hosts need it too)"
        remote=(--basefile "$dir/formula.cnf" --basefile "$dir/cubes" --basefile "$here/conquer_cube.sh"
                --env SOLVER --env SOLVER_OPTIONS --env CUBE_LIMIT --env CONQUER_PROOFS --env CONQUER_CHECKER
                --env CONQUER_LEMMAS) ;;
    esac
  done
  # Lemmas need a solver that writes text DRAT and a run without proofs.
  lemmas_ok=1
  solver=${SOLVER:-cadical}
  case ${solver##*/} in cadical* | kissat*) ;; *) lemmas_ok=0 ;; esac  # as conquer_cube.sh tells them
  [ $proofs -eq 0 ] || lemmas_ok=0
  if [ -z "$lemmas" ]; then  # by default only where re-splits take them
    lemmas=$((lemmas_ok * (resplit > 0) * 8))
  elif [ "$lemmas" -gt 0 ] && [ $lemmas_ok -eq 0 ]; then
    usage_error "--lemmas: needs cadical or kissat as SOLVER, without --proofs"
  fi
  export CONQUER_LEMMAS=$lemmas
  # Other hosts get the lemmas kept above DIR with its CNF, and send back
  # what a job keeps: an UNSAT cube's proof, an unknown cube's lemmas.
  if [ ${#remote[@]} -gt 0 ]; then
    [ "$lemmas" -eq 0 ] || remote+=(--return "$results/lemmas-{}")
    [ $proofs -eq 0 ] || remote+=(--return "$results/proof-{}.drat.gz")
    while read -r kept; do remote+=(--basefile "$kept"); done < <("$here/conquer_cube.sh" --lemma-files "$dir")
  fi
  if [ -z "$slots" ] && [ "$resplit" -gt 0 ] && [ ${#remote[@]} -eq 0 ] && [ $slurm -eq 0 ]; then
    slots=$(parallel_jobs "$@")
  fi
  [ "$slots" != 0 ] || slots=''
  [ -n "$slots" ] || [ "$level" -gt 0 ] || unset CONQUER_SLOTS CONQUER_SLOT_COUNT
  if [ -n "$slots" ]; then
    [ ${#remote[@]} -eq 0 ] || usage_error "--slots: the slots are this machine's; not with --sshlogin"
    if [ "$level" -eq 0 ]; then  # the slots every level shares (conquer_cube.sh takes one a job)
      slots_dir=$(mktemp -d) && mkfifo "$slots_dir/tick" || fail "cannot make the directory of the slots"
      export CONQUER_SLOTS=$slots_dir CONQUER_SLOT_COUNT=$slots
    fi
  fi
  todo=()
  for i in $(seq 1 "$cubes"); do
    if [[ $(status "$i") == *" status SAT "* ]]; then todo=() && break; fi  # solved already
    answered "$i" || todo+=("$i")
  done
  echo "Solving ${#todo[@]} of $cubes cube(s) of $dir with ${SOLVER:-cadical}${limit:+, $limit CPU s each}$([ $proofs -eq 0 ] || echo ", with proofs")$([ $check -eq 0 ] || echo " checked by ${CONQUER_CHECKER##*/}")$([ "$lemmas" -eq 0 ] || echo ", keeping lemmas of up to $lemmas literals")."
  # Proofs kept by an earlier run without their checks are checked now.
  if [ $check -eq 1 ]; then
    kept=()
    for i in $(seq 1 "$cubes"); do
      [[ $(status "$i") == *" status UNSAT "* ]] && [ -s "$results/proof-$i.drat.gz" ] || continue
      recorded "$i" || kept+=("$i")
    done
    [ ${#kept[@]} -eq 0 ] || check_kept "${kept[@]}"
  fi
  export CUBE_LIMIT=$limit
  bar=()
  [ ! -t 2 ] || bar=(--bar)  # progress on a terminal only
  if [ ${#todo[@]} -gt 0 ]; then
    if [ $slurm -eq 1 ]; then run_array "${todo[@]}"; else run_cubes "${todo[@]}"; fi
  fi
fi

sat=() unsat=0 unknown=() cpu=0
for i in $(seq 1 "$cubes"); do
  line=$(status "$i")
  case $line in
    *" status SAT "*) sat+=("$i") ;;
    *" status UNSAT "*) unsat=$((unsat + 1)) ;;
    *) unknown+=("$i") ;;
  esac
  [ -z "$line" ] || cpu=$(add "$cpu" "${line##* }")
done

# sub_answer CODE I FILE: counts cube I by the answer FILE of its re-split
# tree, whose run or collection exited with CODE; a SAT tree ends this run.
sub_answer() {
  case $1 in 0 | 3) ;; 130) exit 130 ;; *) exit "$1" ;; esac  # the sub-run said why
  local answer sub_cpu
  read -r answer _ sub_cpu < "$3" || fail "no answer from $dir/sub-$2"
  cpu=$(add "$cpu" "$sub_cpu")
  case $answer in
    SAT) echo "SAT cpu $cpu" > "$answer_file"; verdict "found a solution"; exit "$1" ;;
    UNSAT) unsat=$((unsat + 1)) ;;
    *) still+=("$2") ;;
  esac
}

# adopt_sub SUB: counts the CPU time of SUB's split, and links SUB's
# formula.cnf where an archive left it out (the sub-run's inputs check, the
# MD5 of formula.cnf, makes sure it is the formula its answers are for).
adopt_sub() {
  cpu=$(add "$cpu" "$(cat "$1/split-cpu" 2> /dev/null || echo 0)")
  [ -f "$1/formula.cnf" ] || ln "$dir/formula.cnf" "$1/formula.cnf" || fail "cannot link $1/formula.cnf"
}

# Re-split the unknown cubes (only when no cube is SAT and the limit, not a
# halt, left them unknown: every one of them then has its status line).
if [ $collect -eq 0 ] && [ "$resplit" -gt 0 ] && [ ${#sat[@]} -eq 0 ] && [ "$level" -lt "$depth" ]; then
  still=()
  declare -A tree_cube=()  # --slots, --slurm: the cube of each tree that runs, by its process
  for i in "${unknown[@]}"; do
    sub=$dir/sub-$i cube=$(sed -n "${i}p" "$dir/cubes")
    echo "Cube $i of $dir: no answer in $limit CPU s; splitting it into $resplit cube(s) in $sub."
    if [ ! -f "$sub/args" ]; then  # a resumed run keeps the sub-cubes it has answers for
      TIMEFORMAT='%U %S'
      split_cpu=$({ time "$bel" "${args[@]}" --split "$resplit" "$sub" \
        --split-under "$cube" "${split_by[@]}" > /dev/null; } 2>&1) || fail "splitting cube $i"
      tail -n 1 <<< "$split_cpu" | awk '{ print $1 + $2 }' > "$sub/split-cpu"
      # The sub-cubes are sound only for the very same formula.
      cmp -s "$dir/formula.cnf" "$sub/formula.cnf" ||
        fail "$sub/formula.cnf differs from $dir/formula.cnf (is $bel the binary that split $dir?)"
      ln -f "$dir/formula.cnf" "$sub/formula.cnf"  # keep one copy
    fi
    adopt_sub "$sub"
    if [ "$(cat "$sub/cubes")" = "$cube" ]; then
      echo "Cube $i of $dir cannot be split further."
      still+=("$i")
      continue
    fi
    sub_options=(--cube-limit "$limit" --resplit "$resplit" --depth "$depth" "${split_by[@]}" --lemmas "$lemmas"
                 --slots "${slots:-0}")
    [ $proofs -eq 0 ] || sub_options+=(--proofs)
    [ $check -eq 0 ] || sub_options+=(--check-proofs)
    [ $slurm -eq 0 ] || sub_options+=(--slurm)
    if [ -z "$slots" ] && [ $slurm -eq 0 ]; then
      CONQUER_LEVEL=$((level + 1)) "$0" "${sub_options[@]}" "$sub" "$@"
      sub_answer $? "$i" "$sub/results/answer"
    else
      CONQUER_LEVEL=$((level + 1)) "$0" "${sub_options[@]}" "$sub" "$@" &
      tree_cube[$!]=$i trees+=($!)
    fi
  done
  # The trees that run at once, counted as each ends; a SAT one ends the
  # run, and the exit trap stops the others.
  while [ ${#trees[@]} -gt 0 ]; do
    wait -n -p ended "${trees[@]}"
    code=$?
    left=()
    for pid in "${trees[@]}"; do [ "$pid" = "$ended" ] || left+=("$pid"); done
    trees=("${left[@]}")
    sub_answer "$code" "${tree_cube[$ended]}" "$dir/sub-${tree_cube[$ended]}/results/answer"
  done
  unknown=("${still[@]}")
elif [ $collect -eq 1 ]; then
  # The re-split trees as far as they have come: a sub-directory that has
  # results is collected the same way, whether its run ended or not.
  still=()
  for i in "${unknown[@]}"; do
    sub=$dir/sub-$i
    if [ ! -f "$sub/cubes" ] || [ ! -f "$sub/args" ]; then still+=("$i"); continue; fi  # not split yet
    adopt_sub "$sub"
    if [ ! -d "$sub/results" ]; then still+=("$i"); continue; fi  # never run
    collected=$(mktemp) || fail "cannot make a temporary file"  # the exit trap removes it if sub_answer ends the run
    CONQUER_COLLECTED=$collected CONQUER_LEVEL=$((level + 1)) "$0" --collect "$sub"
    sub_answer $? "$i" "$collected"
    rm -f "$collected" && collected=''
  done
  unknown=("${still[@]}")
fi

echo "Cubes of $dir: $cubes, SAT ${#sat[@]}, UNSAT $unsat, unknown or stopped ${#unknown[@]}$([ "$matched" -eq 0 ] || echo "; $matched more refuted by the matching when split")."
echo "Total CPU time: $cpu s (every cube that ran, with its sub-cubes and splits)."

for i in "${sat[@]}"; do
  echo "Cube $i is SAT; re-importing its certificate."
  # Exit 10 (--sat-exit-codes): the certificate is a solution, validated.
  imported=0
  "$bel" "${args[@]}" --cnf "$dir/formula.cnf" --cert "$results/cube-$i" --sat-exit-codes || imported=$?
  if [ "$imported" = 10 ]; then
    echo "SAT cpu $cpu" > "$answer_file"
    verdict "found a solution"
    exit 0
  fi
  echo "conquer.sh: error: the certificate of cube $i did not validate" >&2
done
[ ${#sat[@]} -eq 0 ] || fail "no SAT cube's certificate validated"
if [ "$unsat" -eq "$cubes" ]; then
  echo "UNSAT cpu $cpu" > "$answer_file"
  also=$([ "$matched" -eq 0 ] || echo ", $matched more refuted by the matching")
  if [ "$level" -gt 0 ]; then echo "All $cubes cubes of $dir UNSAT$also."
  else echo "No solution exists for ${args[0]} levels (all $cubes cubes UNSAT$also)."; fi
  [ "$level" -gt 0 ] || [ $proofs -eq 0 ] || echo "Check the proofs: scripts/verify_proof.sh $([ $check -eq 0 ] || echo '--recorded ')$dir"
  verdict "proved none"
  exit 0
fi
echo "UNKNOWN cpu $cpu" > "$answer_file"
if [ $collect -eq 1 ]; then echo "Open: ${#unknown[@]} cube(s) without an answer so far."
else echo "Gave up: ${#unknown[@]} cube(s) without an answer."; fi
verdict "unknown within the limit (${#unknown[@]} cube(s) without an answer)"
exit 3
