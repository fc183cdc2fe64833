#!/usr/bin/env bash
# The scripts' jobs on other hosts (GNU parallel --sshlogin), through a
# stand-in for ssh (PARALLEL_SSH): each host is a directory of its own, its
# "home", where the command runs, so that nothing reaches a host but what
# GNU parallel sends there (rsync over the stand-in), as on machines without
# a shared file system.
#   conquer.sh: a proof (N=3 XStep + YStep, its DRAT proof sent back and
#   verified here), a validated solution (N=4), a re-split tree whose hosts
#   get the lemmas kept above each cube and send theirs back; a host ssh
#   cannot reach fails the run in one line (never "unknown"), as it does
#   hunt.sh and sweep.sh; --sshlogin without rsync is refused before any job.
#   hunt.sh and sweep.sh (a shared file system, as their usage says): the
#   answers of a run here.
# And a Slurm cluster, through stand-ins for sbatch, squeue and scancel:
#   conquer.sh --slurm (a proof, a solution, a re-split tree with lemmas,
#   failed and dead tasks, a stop that cancels the array, refused options)
#   and sweep.sh -s (the table of a run here, its -c on Slurm, dead parts).
# No temporary file is left behind.
# Usage: remote_test.sh REPO BEL_PYRAMID
set -uo pipefail
repo=$1 bin=$2
export BEL_PYRAMID=$bin
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
command -v rsync > /dev/null || fail "rsync is not installed (scripts/setup.sh installs it)"
# shellcheck source=tests/scripts/picky.sh
source "$repo/tests/scripts/picky.sh"  # TMPDIR, $work/picky

# The stand-in for ssh: drops ssh's options, takes the host (after any
# user@), and runs the command with the host's directory as home and cwd,
# and SHELL set, as sshd sets it (GNU parallel's job on a host runs under
# the host's SHELL, and a CI runner may have none in its environment).
export HOSTS=$work/hosts
mkdir "$HOSTS"
cat > "$work/ssh" << 'EOS'
#!/usr/bin/env bash
while [[ $# -gt 0 && $1 == -* ]]; do
  case $1 in -[lpioFS]) shift 2 ;; *) shift ;; esac
done
host=${1#*@}
shift
[ "${1:-}" != -- ] || shift
mkdir -p "$HOSTS/$host" && cd "$HOSTS/$host" || exit 255
HOME=$PWD SHELL=/bin/bash exec bash -c "$*"
EOS
cat > "$work/unreachable" << 'EOS'
#!/usr/bin/env bash
echo "ssh: connect to host: Connection refused" >&2
exit 255
EOS
chmod +x "$work/ssh" "$work/unreachable"
hosts=1/alpha,1/beta
cd "$work" || exit 1  # DIR relative to here and to each host's home

# A proof over two hosts: the cubes run there (each host got the CNF), the
# proofs come back and verify here.
"$bin" 3 --strategy XStep --strategy YStep --split 4 u3 > /dev/null || fail "split N=3"
out=$(PARALLEL_SSH=$work/ssh "$repo/scripts/conquer.sh" --proofs u3 --sshlogin "$hosts" 2>&1) ||
  fail "remote proof N=3: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: proved none" ] || fail "remote proof N=3: $out"
ran=$(awk -F '\t' '$1 != "Seq" { print $2 }' u3/results/joblog | sort -u | tr '\n' ' ')
[[ $ran == *alpha* || $ran == *beta* ]] || fail "no cube ran on a host: $ran"
for host in $ran; do cmp -s u3/formula.cnf "$HOSTS/${host#*/}/u3/formula.cnf" || fail "$host lacks the CNF"; done
for i in $(seq 1 "$(grep -c '^a ' u3/cubes)"); do
  [ -s "u3/results/proof-$i.drat.gz" ] || fail "cube $i's proof did not come back"
done
out=$("$repo/scripts/verify_proof.sh" u3 2>&1) || fail "the proofs from the hosts: $out"

# A solution found on a host, re-imported and validated here.
"$bin" 4 --strategy YStep --split 4 s4 > /dev/null || fail "split N=4"
out=$(PARALLEL_SSH=$work/ssh "$repo/scripts/conquer.sh" s4 --sshlogin "$hosts" 2>&1) || fail "remote N=4: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: found a solution" ] || fail "remote N=4: $out"

# A re-split tree over the hosts (the first level's cubes stop after 30
# conflicts): the lemmas of cube 1 come back, go to the hosts with its
# sub-cubes' CNF, and the tree is a proof.
cat > "$work/cadical-limited" << 'EOS'
#!/usr/bin/env bash
input=${*: -2:1}
read -r _ _ _ clauses < <(grep -m1 '^p cnf ' "$input")
[ $((clauses - BASE)) -ge "$MIN" ] || exec cadical -c 30 "$@"
exec cadical "$@"
EOS
chmod +x "$work/cadical-limited"
"$bin" 3 --strategy AntiMirror --strategy ZRing --split 2 k3 > /dev/null || fail "split k3"
out=$(PARALLEL_SSH=$work/ssh BASE=$(grep -m1 '^p cnf ' k3/formula.cnf | cut -d' ' -f4) \
  MIN=$(awk '{ if (NF - 1 > m) m = NF - 1 } END { print m }' k3/cubes) SOLVER=$work/cadical-limited \
  "$repo/scripts/conquer.sh" --cube-limit 60 --resplit 2 k3 --sshlogin "$hosts" 2>&1) || fail "remote lemmas: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "remote lemmas: $out"
grep -q 'keeping lemmas of up to 8 literals' <<< "$out" || fail "remote lemmas not kept: $out"
[ -s k3/results/lemmas-1 ] || fail "cube 1's lemmas did not come back"
found=0
for host in alpha beta; do
  ! cmp -s k3/results/lemmas-1 "$HOSTS/$host/k3/results/lemmas-1" || [ ! -f "$HOSTS/$host/k3/sub-1/cubes" ] ||
    found=1
done
[ $found -eq 1 ] || fail "no host had cube 1's lemmas with its sub-cubes"
! grep -q '^rsync' <<< "$out" || fail "rsync's notes on files a job did not leave are shown: $out"

# A host that ssh cannot reach: one line, exit 1, no cube taken for unknown.
rm -rf u3/results
out=$(PARALLEL_SSH=$work/unreachable "$repo/scripts/conquer.sh" --cube-limit 60 --resplit 2 u3 --sshlogin 1/gamma 2>&1)
[ $? -eq 1 ] || fail "an unreachable host: $out"
[[ $(tail -n 1 <<< "$out") == "conquer: failed: a cube job failed: cube "*" of u3 on gamma (exit 255): ssh: connect"* ]] ||
  fail "an unreachable host: $out"
! grep -q 'splitting it' <<< "$out" || fail "an unreachable host's cube was split again: $out"
out=$(PARALLEL_SSH=$work/unreachable "$repo/scripts/hunt.sh" 3 -n 1 -t 5 -o h-bad -S 1/gamma -b "$bin" 2>&1)
[ $? -eq 1 ] || fail "hunt with an unreachable host: $out"
out=$(PARALLEL_SSH=$work/unreachable "$repo/scripts/sweep.sh" 3 "$repo/doc/hypotheses/families/ColumnStepShift.hyp" \
  -o w-bad -S 1/gamma -b "$bin" 2>&1)
[ $? -eq 1 ] || fail "sweep with an unreachable host: $out"

# No rsync here: refused before any job, in one line.
mkdir bare  # the PATH of a machine without rsync and Slurm
for f in /usr/bin/* /bin/*; do
  case ${f##*/} in rsync | sbatch | squeue | scancel) continue ;; esac
  [ -e "bare/${f##*/}" ] || ln -s "$f" "bare/${f##*/}"
done
rm -rf u3/results
out=$(PATH=$work/bare "$repo/scripts/conquer.sh" u3 --sshlogin 1/alpha 2>&1); [ $? -eq 2 ] ||
  fail "--sshlogin without rsync: $out"
[ "$(wc -l <<< "$out")" -eq 1 ] && grep -q '^conquer.sh: error: --sshlogin: .*rsync' <<< "$out" ||
  fail "--sshlogin without rsync: $out"
[ ! -s u3/results/joblog ] || fail "a job ran without rsync"

# A Slurm cluster through stand-ins for sbatch, squeue and scancel (each
# array's tasks run here, two at a time, in a process group of their own):
# conquer.sh --slurm proves N=3, finds N=4's solution, conquers a re-split
# tree with lemmas, fails on a task without an answer, and a Ctrl-C cancels
# its array; options that do not fit --slurm are refused in one line.
export SLURM_FAKE=$work/slurm
mkdir -p "$SLURM_FAKE/bin"
cat > "$SLURM_FAKE/bin/sbatch" << 'EOS'
#!/usr/bin/env bash
array='' err=/dev/null
while [[ $# -gt 0 && $1 == --* ]]; do
  case $1 in --array=*) array=${1#--array=} ;; --error=*) err=${1#--error=} ;; esac
  shift
done
id=$(($(cat "$SLURM_FAKE/next" 2> /dev/null || echo 100) + 1))
echo "$id" > "$SLURM_FAKE/next"
[ -z "${TASKS_DIE:-}" ] || set -- false  # every task dies before it answers
setsid bash -c 'seq "$1" "$2" | xargs -P 2 -I{} env SLURM_ARRAY_TASK_ID={} SLURM_ARRAY_JOB_ID="$3" \
  SLURM_SUBMIT_DIR="$PWD" "${@:5}" 2>> "$4"' task "${array%-*}" "${array#*-}" "$id" "$err" "$@" \
  < /dev/null > /dev/null 2>&1 &
echo $! > "$SLURM_FAKE/job-$id"
echo "$id"
EOS
cat > "$SLURM_FAKE/bin/squeue" << 'EOS'
#!/usr/bin/env bash
id=${*: -1}
! kill -0 "$(cat "$SLURM_FAKE/job-$id")" 2> /dev/null || echo "$id"
EOS
cat > "$SLURM_FAKE/bin/scancel" << 'EOS'
#!/usr/bin/env bash
echo "$1" >> "$SLURM_FAKE/cancelled"
kill -TERM -- -"$(cat "$SLURM_FAKE/job-$1")" 2> /dev/null
exit 0
EOS
chmod +x "$SLURM_FAKE"/bin/*
slurm() { PATH=$SLURM_FAKE/bin:$PATH SQUEUE_POLL=0.1 "$repo/scripts/conquer.sh" --slurm "$@" 2>&1; }
rm -rf u3/results s4/results k3/results k3/sub-*
out=$(slurm u3) || fail "slurm N=3: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: proved none" ] || fail "slurm N=3: $out"
grep -q '^Slurm job [0-9]*: the [0-9]* cube(s) of u3' <<< "$out" || fail "slurm N=3 did not submit: $out"
out=$(slurm s4) || fail "slurm N=4: $out"
[ "$(tail -n 1 <<< "$out")" = "conquer: found a solution" ] || fail "slurm N=4: $out"
out=$(BASE=$(grep -m1 '^p cnf ' k3/formula.cnf | cut -d' ' -f4) SOLVER=$work/cadical-limited \
  MIN=$(awk '{ if (NF - 1 > m) m = NF - 1 } END { print m }' k3/cubes) slurm --cube-limit 60 --resplit 2 k3) ||
  fail "slurm re-split: $out"
grep -q '^No solution exists for 3 levels' <<< "$out" || fail "slurm re-split: $out"
[ -s k3/results/lemmas-1 ] && [ -s k3/sub-1/results/array ] || fail "slurm re-split: no lemmas, or sub-1 not an array: $out"
rm -rf u3/results
out=$(SOLVER_OPTIONS=--no-such-option slurm u3); [ $? -eq 1 ] || fail "a failing slurm task: $out"
[[ $(tail -n 1 <<< "$out") == "conquer: failed: a cube task failed: cube 1 of u3: conquer_cube.sh: the solver"* ]] ||
  fail "a failing slurm task: $out"
rm -rf u3/results
printf '#!/usr/bin/env bash\nsleep 60\n' > "$work/sleepy" && chmod +x "$work/sleepy"
SOLVER=$work/sleepy PATH=$SLURM_FAKE/bin:$PATH SQUEUE_POLL=0.1 "$repo/scripts/conquer.sh" --slurm u3 > "$work/int.out" 2>&1 &
conquering=$!
for _ in $(seq 100); do pgrep -f "$work/sleepy" > /dev/null && break; sleep 0.1; done
pgrep -f "$work/sleepy" > /dev/null || fail "slurm interrupted: its task never started"
kill -TERM "$conquering"  # as Ctrl-C (a background job of this shell ignores SIGINT)
wait "$conquering"
[ $? -eq 130 ] && [ "$(tail -n 1 "$work/int.out")" = "conquer: interrupted" ] || fail "slurm interrupted: $(cat "$work/int.out")"
for _ in $(seq 50); do pgrep -f "$work/sleepy" > /dev/null || break; sleep 0.1; done
! pgrep -f "$work/sleepy" > /dev/null || fail "slurm interrupted: a task outlived the run (no scancel)"
for bad in "u3 -j 2" "--slots 2 u3" "--collect u3"; do
  # shellcheck disable=SC2086 # the case's words
  out=$(slurm $bad); [ $? -eq 2 ] && [ "$(wc -l <<< "$out")" -eq 1 ] && grep -q '^conquer.sh: error: ' <<< "$out" ||
    fail "--slurm $bad accepted or not in one line: $out"
done
out=$(PATH=$work/bare "$repo/scripts/conquer.sh" --slurm u3 2>&1); [ $? -eq 2 ] && grep -q 'sbatch not found' <<< "$out" ||
  fail "--slurm without sbatch: $out"
out=$(PATH=$SLURM_FAKE/bin:$PATH SQUEUE_POLL=0 "$repo/scripts/conquer.sh" --slurm u3 2>&1); [ $? -eq 2 ] && grep -q 'SQUEUE_POLL' <<< "$out" || fail "SQUEUE_POLL=0: $out"

# sweep.sh -s: the parts as one array give the table of a run here, its -c
# conquers on Slurm too (members left undecided within one conflict, as in
# sweep_test.sh), and parts that die without their record fail the sweep
# before its merge would search their members here.
family=$repo/doc/hypotheses/families/ColumnStepShift.hyp
answers() { awk -F '\t' 'NR > 1 { print $1, $2 }' "$1/sweep.tsv" | sort; }
"$bin" 4 --hypothesis "$family" --sweep "$work/w-here" > /dev/null 2>&1
slurm_sweep() {  # N FAMILY [sweep.sh options] [-- bel_pyramid options]
  PATH=$SLURM_FAKE/bin:$PATH SQUEUE_POLL=0.1 "$repo/scripts/sweep.sh" "$1" "$2" -s -b "$bin" "${@:3}" 2>&1
}
out=$(slurm_sweep 4 "$family" -o "$work/w-slurm" -m 3) || fail "sweep -s: $out"
[ "$(answers "$work/w-slurm")" = "$(answers "$work/w-here")" ] || fail "sweep -s: the table differs from a run here"
column_affine=$repo/doc/hypotheses/families/ColumnAffine.hyp
"$bin" 3 --hypothesis "$column_affine" --param d=1 --param e=2 --sweep "$work/ca-here" > /dev/null 2>&1
out=$(slurm_sweep 3 "$column_affine" -o "$work/ca-slurm" -m 2 -c 4 -- --param d=1 --param e=2 --conflicts 1) ||
  fail "sweep -s -c: $out"
[ "$(answers "$work/ca-slurm")" = "$(answers "$work/ca-here")" ] || fail "sweep -s -c: the table differs from a run here"
grep -q 'refuted.*cube-and-conquer' "$work/ca-slurm/answers.conquer.tsv" && [ -s "$work/ca-slurm/conquer/d=1,e=2,f=4/results/array" ] ||
  fail "sweep -s -c did not conquer on Slurm: $out"
out=$(TASKS_DIE=1 slurm_sweep 4 "$family" -o "$work/w-dead" -m 2); [ $? -eq 1 ] || fail "sweep -s, dead parts: $out"
[[ $(tail -n 1 <<< "$out") == "sweep: failed: 2 of 2 parts (no record"* ]] || fail "sweep -s, dead parts: $out"
[ ! -f "$work/w-dead/sweep.tsv" ] || fail "sweep -s, dead parts: the merge ran their members here"
out=$(slurm_sweep 4 "$family" -o "$work/w-hosts" -S 1/alpha); [ $? -eq 2 ] || fail "sweep -s -S accepted: $out"
out=$(PATH=$work/bare "$repo/scripts/sweep.sh" 4 "$family" -o "$work/w-bare" -s -b "$bin" 2>&1); [ $? -eq 2 ] &&
  [ "$(wc -l <<< "$out")" -eq 1 ] && grep -q 'sbatch not found' <<< "$out" || fail "sweep -s without sbatch: $out"
rm -rf u3/results
out=$(TASKS_DIE=1 slurm u3); [ $? -eq 1 ] || fail "conquer --slurm, dead tasks: $out"
[[ $(tail -n 1 <<< "$out") == "conquer: failed: a cube task failed: cube 1 of u3"* ]] || fail "conquer --slurm, dead tasks: $out"

# hunt.sh and sweep.sh on a shared file system: the answers of a run here.
out=$(PARALLEL_SSH=$work/ssh "$repo/scripts/hunt.sh" 3 -n 2 -t 20 -o "$work/h3" -S "$hosts" -b "$bin" 2>&1) ||
  fail "remote hunt: $out"
[[ $(tail -n 1 <<< "$out") == "hunt: found: "*"(checked)" ]] || fail "remote hunt: $out"
out=$(PARALLEL_SSH=$work/ssh "$repo/scripts/sweep.sh" 4 "$family" -o "$work/w4" -S "$hosts" -b "$bin" 2>&1) ||
  fail "remote sweep: $out"
[ "$(answers "$work/w4")" = "$(answers "$work/w-here")" ] || fail "remote sweep's answers differ from a run here"
check_no_temporaries
echo "remote: all passed"
