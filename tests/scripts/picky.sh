# shellcheck shell=bash disable=SC2154  # work: set by the test that sources this
# Sourced by the cube-and-conquer script tests (conquer_test.sh,
# proof_test.sh), which set `work` to a scratch directory first.
#
# The scripts' temporary files go to a directory of the test's own, so that
# check_no_temporaries can say at the end that none was left behind.
mkdir "$work/tmp" && export TMPDIR=$work/tmp
check_no_temporaries() {
  local left
  left=$(ls -A "$work/tmp")
  [ -z "$left" ] || fail "temporary files left behind: $left"
}

# $work/picky, a solver that answers "unknown" to every cube of fewer than MIN
# literals beyond the formula's BASE clauses (as a real solver answers only
# small enough cubes within the limit), so that conquer.sh must split them
# again; other cubes go to cadical. It reads the CNF from its standard input,
# or takes options, the CNF and a proof file as its arguments (--proofs).
cat > "$work/picky" << 'EOS'
#!/usr/bin/env bash
proof=()
if [ $# -ge 3 ]; then
  cnf=${*: -2:1} proof=("${@: -1}")
else
  cnf=$(mktemp) && trap 'rm -f "$cnf"' EXIT && cat > "$cnf"
fi
read -r _ _ _ clauses < <(grep -m1 '^p cnf ' "$cnf")
if [ $((clauses - BASE)) -lt "$MIN" ]; then echo "s UNKNOWN"; exit 0; fi
cadical -q "$cnf" "${proof[@]}"  # not exec: the trap removes the copy
EOS
chmod +x "$work/picky"
