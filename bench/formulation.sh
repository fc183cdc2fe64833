#!/usr/bin/env bash
# Formulation benchmark: time and peak memory of building the model for N=4
# and N=5 (--skip-solver, and with the Z3 lowering forced by an SMT2 export to
# /dev/null), `bel_pyramid 4` end to end, and the peak memory of each
# lowering at N=5 and N=6 (the figures behind the memory guard in
# src/app/memory_guard.cpp). Medians of RUNS runs.
# Usage: bench/formulation.sh [RUNS]   (build first: scripts/setup.sh)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
bin=build/bel_pyramid

source scripts/median.sh

# measure LABEL ARGS...: prints label, median wall seconds, median peak MB.
measure() {
  local label=$1 times=() mems=()
  shift
  for ((i = 0; i < runs; i++)); do
    local out
    out=$( { /usr/bin/time -f '%e %M' "$bin" "$@" >/dev/null || true; } 2>&1 | tail -n 1)  # exit 3: gave up
    times+=("${out% *}")
    mems+=("${out#* }")
  done
  local t m
  t=$(printf '%s\n' "${times[@]}" | median)
  m=$(printf '%s\n' "${mems[@]}" | median)
  printf '| %-40s | %8.2f | %8.0f |\n' "$label" "$t" "$((${m%.*} / 1024))"
}

echo "| run (median of $runs) | seconds | peak MB |"
echo "|---|---:|---:|"
measure "N=4 formulation (--skip-solver)" 4 --skip-solver
measure "N=5 formulation (--skip-solver)" 5 --skip-solver
measure "N=4 formulation + Z3 lowering (SMT2)" 4 --smt2 /dev/null --skip-solver
measure "N=5 formulation + Z3 lowering (SMT2)" 5 --smt2 /dev/null --skip-solver
measure "bel_pyramid 4 (end to end, Z3 qffd)" 4
measure "N=5 native CNF (--cnf /dev/null)" 5 --cnf /dev/null --skip-solver
measure "N=6 native CNF (--cnf /dev/null)" 6 --cnf /dev/null --skip-solver
measure "N=5 native CNF + CaDiCaL (3 s)" 5 --solver cadical --timeout 3
measure "N=6 native CNF + CaDiCaL (3 s)" 6 --solver cadical --timeout 3
measure "N=6 local search (1 s)" 6 --solver local --timeout 1
