#!/usr/bin/env bash
# The scripts' usage texts and their README: every script of SCRIPTS_DIR and
# BENCH_DIR that prints a usage on a usage error exits 2 and prints exactly its
# leading comment block (the '#' lines after the shebang, '# ' stripped) on
# stderr, nothing on stdout; with --help or -h it prints that block on stdout,
# nothing on stderr, and exits 0 (as do the user's scripts listed in
# help_only); every other script is listed below as printing none, so a new
# script must be placed in one list or the other; and every file of
# SCRIPTS_DIR is named in SCRIPTS_DIR/README.md.
#
#   tests/script_usage_test.sh SCRIPTS_DIR BENCH_DIR
set -uo pipefail
if (($# != 2)); then
  echo "usage: script_usage_test.sh SCRIPTS_DIR BENCH_DIR" >&2
  exit 2
fi
scripts=$(cd "$1" && pwd) bench=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
failures=0
fail() { echo "script usage test: $*"; failures=$((failures + 1)); }

# SCRIPT|ARGUMENTS: a usage error that prints the usage (the arguments are
# words; "" is no argument). A getopts script also gets --no-such-option,
# whose first line is then bash's own "illegal option -- -".
usage_cases=(
  "$scripts/count_parts.sh|"
  "$scripts/count_parts.sh|--no-such-option"
  "$scripts/hunt.sh|"
  "$scripts/run_benchmarks.sh|--no-such-option"
  "$scripts/strategy_sweep.sh|"
  "$scripts/strategy_sweep.sh|3 --no-such-option"
  "$scripts/sweep.sh|"
  "$scripts/sweep.sh|3 f.hyp --no-such-option"
  "$scripts/sweep_proofs.sh|"
  "$scripts/sweep_proofs.sh|-x dir"
  "$bench/compare_outputs.sh|"
  "$bench/compare_outputs.sh|--no-such-option"
  "$bench/conquer_slots.sh|--no-such-option"
  "$bench/completion.sh|--no-such-option"
  "$bench/count.sh|--no-such-option"
  "$bench/quotient.sh|--no-such-option"
  "$bench/encodings.sh|--no-such-option"
  "$bench/frontier.sh|--no-such-option"
  "$bench/hunt.sh|--no-such-option"
  "$bench/learned_resume.sh|--no-such-option"
  "$bench/listing.sh|--no-such-option"
  "$bench/n6.sh|--no-such-option"
  "$bench/seed_campaign.sh|"
  "$bench/seed_campaign.sh|4 --no-such-option"
  "$bench/solvers.sh|--no-such-option"
  "$bench/strategy_facts.sh|--no-such-option"
  "$bench/sweep.sh|--no-such-option"
  "$bench/xcc_first.sh|--no-such-option"
)
# Scripts whose usage errors are one line, but whose --help, -h print the
# leading comment block.
help_only=("$scripts/conquer.sh" "$scripts/verify_proof.sh")
# Scripts that print no usage: sourced helpers, setup/CI drivers without
# options, and jobs whose usage error is one line (never run here).
no_usage=(
  "$scripts/check_format.sh" "$scripts/check_layers.py"
  "$scripts/conquer.slurm" "$scripts/conquer_cube.sh" "$scripts/fuzz.sh"
  "$scripts/hunt.slurm" "$scripts/hunt_job.sh" "$scripts/hunt_pool.sh"
  "$scripts/knuth.jq" "$scripts/median.sh" "$scripts/parallel_note.sh" "$scripts/proof_checker.sh" "$scripts/setup.sh"
  "$scripts/slurm_wait.sh" "$scripts/split_cover.py"
  "$scripts/sweep.slurm"
  "$scripts/test.sh" "$scripts/tidy.sh" "$scripts/usage.sh"
  "$bench/cnf_export.sh" "$bench/cnf_solve.sh" "$bench/formulation.sh"
  "$bench/local_search.sh" "$bench/proof.sh"
)

# The leading comment block of FILE: the '#' lines after the shebang.
comment_block() { sed -n '2,${/^#/!q;s/^# \{0,1\}//;p;}' "$1"; }

declare -A listed=()
for c in "${usage_cases[@]}"; do
  script=${c%%|*} args=${c#*|}
  listed[$script]=1
  name=${script#"$(dirname "$(dirname "$script")")"/}
  [ -f "$script" ] || { fail "$name is missing"; continue; }
  comment_block "$script" >"$work/expected"
  [ -s "$work/expected" ] || { fail "$name has no leading comment block"; continue; }
  # shellcheck disable=SC2086 # the arguments are plain words
  BEL_PYRAMID=/nonexistent timeout 20 "$script" $args </dev/null >"$work/out" 2>"$work/err"
  code=$?
  [ "$code" = 2 ] || fail "$name ${args:-(no arguments)}: exit $code, not 2"
  [ -s "$work/out" ] && fail "$name ${args:-(no arguments)}: printed on stdout: $(head -n 1 "$work/out")"
  if [[ $args == *--no-such-option* ]] && head -n 1 "$work/err" | grep -q 'illegal option -- -$'; then
    tail -n +2 "$work/err" >"$work/usage"
  else
    cp "$work/err" "$work/usage"
  fi
  diff -u "$work/expected" "$work/usage" >"$work/diff" ||
    fail "$name ${args:-(no arguments)}: the usage is not the leading comment block:
$(head -n 20 "$work/diff")"
done
# --help, -h: the comment block on stdout, exit 0.
declare -A helped=()
for script in "${usage_cases[@]%%|*}" "${help_only[@]}"; do
  [ -z "${helped[$script]:-}" ] && [ -f "$script" ] || continue
  helped[$script]=1 listed[$script]=1
  name=${script#"$(dirname "$(dirname "$script")")"/}
  for help in --help -h; do
    BEL_PYRAMID=/nonexistent timeout 20 "$script" "$help" </dev/null >"$work/out" 2>"$work/err"
    code=$?
    [ "$code" = 0 ] || fail "$name $help: exit $code, not 0"
    [ -s "$work/err" ] && fail "$name $help: printed on stderr: $(head -n 1 "$work/err")"
    comment_block "$script" | diff -u - "$work/out" >"$work/diff" ||
      fail "$name $help: not the leading comment block:
$(head -n 20 "$work/diff")"
  done
done
for s in "${no_usage[@]}"; do listed[$s]=1; done
for s in "$scripts"/* "$bench"/*.sh; do
  case ${s##*/} in README.md) continue ;; esac
  [ -n "${listed[$s]:-}" ] || fail "${s#"$(dirname "$(dirname "$s")")"/} is in no list of this test"
done

# Every file of the scripts directory is named in its README.
for s in "$scripts"/*; do
  f=${s##*/}
  [ "$f" = README.md ] && continue
  grep -qF "\`$f" "$scripts/README.md" || fail "scripts/README.md does not describe $f"
done

((failures == 0)) || { echo "script usage test: $failures failure(s)"; exit 1; }
echo "script usage test: passed"
