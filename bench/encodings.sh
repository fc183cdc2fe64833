#!/usr/bin/env bash
# The encoding study (doc/cnf.md): in-process `--solver cadical` under each
# native-encoder variant (`--cnf-tune` keys) against the baseline, kissat on
# the original's Z3-encoded CNF of the same row, measured in the same run.
# Times are CPU seconds (user + system) under a CPU limit (`ulimit -t`), so a
# busy machine skews them far less than wall time; a run that hits the limit
# is marked * and counts as the limit, so a median with * runs is a lower bound;
# once more than half of a series' seeds hit the limit, the rest are skipped (–).
#
# Usage: KISSAT=/path/to/kissat bench/encodings.sh [-r "SEEDS"] [-t SECONDS] [-f REGEX] [-z DIR] [-k] [-B] [VARIANT...]
#   VARIANT  "default" or comma-separated tune keys, e.g. count-pairs=on,cadical-config=unsat;
#            symmetry-breaking=MODE stands for the option --symmetry-breaking MODE
#            (default: just "default")
#   -r  seeds (default "1 2 3")      -t  CPU limit per run (default 120)
#   -f  rows of benchmarks.tsv whose name matches REGEX (default: the six hard rows)
#   -z  directory of the Z3-encoded CNFs NAME.cnf.gz (default benchmarks-z3/; missing
#       ones are written with generate_benchmarks.sh -e z3)
#   -k  also run kissat on our exported CNF of every variant
#   -B  no kissat baseline: ratios against the first variant (KISSAT not needed)
set -euo pipefail
# shellcheck source=scripts/usage.sh
. "$(dirname "$0")/../scripts/usage.sh"  # usage (a usage error), --help
here=$(cd "$(dirname "$0")/.." && pwd)
seeds="1 2 3" limit=120 zdir=$here/benchmarks-z3 with_kissat=0 baseline=1
filter='^(bp5_ystep_ctd|bp5_ystep_ctd_enum|bp4_zring_ctd|bp4_cbottom|bp4_cshell|bp5_ctd)$'
while getopts "r:t:f:z:kBh" opt; do
  case $opt in
    r) seeds=$OPTARG ;;
    t) limit=$OPTARG ;;
    f) filter=$OPTARG ;;
    z) zdir=$OPTARG ;;
    k) with_kissat=1 ;;
    B) baseline=0 ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
variants=("$@")
[ ${#variants[@]} -gt 0 ] || variants=(default)
bin=${BEL_PYRAMID:-$here/build/bel_pyramid}
fail() { echo "encodings.sh: error: $*" >&2; exit 1; }
[ -x "$bin" ] || fail "$bin not built"
if [ "$baseline$with_kissat" != 00 ]; then
  [ -n "${KISSAT:-}" ] && [ -x "$KISSAT" ] || fail "set KISSAT= to a kissat binary"
fi
source "$here/scripts/median.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

rows=$(grep -v '^#' "$here/benchmarks.tsv" | awk -F'\t' -v re="$filter" '$1 ~ re')
[ -n "$rows" ] || fail "no row matches $filter"
mkdir -p "$zdir"
missing=$(echo "$rows" | cut -f1 | while read -r n; do [ -f "$zdir/$n.cnf.gz" ] || echo "$n"; done | paste -sd'|')
[ -z "$missing" ] || [ "$baseline" = 0 ] || BEL_PYRAMID=$bin "$here/generate_benchmarks.sh" -e z3 -o "$zdir" -j 1 -f "^($missing)\$" >/dev/null

# cpu_of CMD...: runs CMD under the CPU limit; prints "STATUS CPU-SECONDS".
cpu_of() {
  local TIMEFORMAT='%3U %3S' status=0 cpu
  cpu=$({ time (ulimit -t "$limit"; "$@" > "$work/out" 2>/dev/null); } 2>&1) || status=$?
  echo "$status $(echo "$cpu" | tail -n 1 | awk '{print $1 + $2}')"
}
# solved_kissat / solved_ours STATUS: did the run end with an answer? (ours
# runs with --sat-exit-codes: 10 a solution, 20 none exists, as kissat.)
solved_kissat() { [ "$1" = 10 ] || [ "$1" = 20 ]; }
solved_ours() { solved_kissat "$1"; }

# series KIND CMD...: every seed (SEED in CMD replaced); KIND kissat|ours says
# how to recognise an answer. Sets $line (times|solved|median) and $med.
series() {
  local kind=$1 times=() solved=0 st t ok n ran=0
  shift
  n=$(echo "$seeds" | wc -w)
  for seed in $seeds; do
    # Once more than half the seeds hit the limit the median is the limit
    # whatever the others do: they are not run (shown as "–").
    if [ $(((ran - solved) * 2)) -gt "$n" ]; then
      times+=("–")
      continue
    fi
    ran=$((ran + 1))
    read -r st t < <(cpu_of "${@//SEED/$seed}")
    if [ "$kind" = kissat ]; then solved_kissat "$st" && ok=1 || ok=0; else solved_ours "$st" && ok=1 || ok=0; fi
    if [ "$ok" = 1 ]; then
      solved=$((solved + 1))
      times+=("$t")
    else
      times+=("$limit*")
    fi
  done
  med=$(printf '%s\n' "${times[@]}" | sed "s/–/$limit/" | tr -d '*' | median)
  line="${times[*]}|$solved/$ran|$med"
}

if [ "$baseline" = 1 ]; then against="kissat on the Z3 CNF ($zdir)"; else against="the first variant"; fi
echo "CPU limit ${limit}s, seeds: $seeds, baseline: $against"
echo
echo "| row | run | CPU s per seed | solved | median s | vs baseline |"
echo "|---|---|---|---|---:|---:|"
echo "$rows" | while IFS=$'\t' read -r name args _expected _original; do
  base=''
  if [ "$baseline" = 1 ]; then
    series kissat "$KISSAT" --seed=SEED "$zdir/$name.cnf.gz"
    base=$med
    echo "| $name | kissat z3 CNF | ${line//|/ | } | 1.00× |"
  fi
  for v in "${variants[@]}"; do
    tune=()
    [ "$v" = default ] || for kv in ${v//,/ }; do
      case $kv in
        symmetry-breaking=*) tune+=(--symmetry-breaking "${kv#*=}") ;;
        *) tune+=(--cnf-tune "$kv") ;;
      esac
    done
    # Rows whose native CNF is the same (an --finite-domain enum row and its
    # int row) run ours once: the in-process solver sees the same clauses.
    # shellcheck disable=SC2086  # args are plain words
    key=$("$bin" $args "${tune[@]}" --cnf - --skip-solver 2>/dev/null | grep -v '^c' | md5sum | cut -c1-32)
    same=''
    if [ -f "$work/ours-$key" ]; then
      read -r med first line < "$work/ours-$key"
      same=" (the CNF of $first)"
    else
      # shellcheck disable=SC2086
      series ours "$bin" $args "${tune[@]}" --solver cadical --seed SEED --sat-exit-codes
      echo "$med $name $line" > "$work/ours-$key"
    fi
    [ -n "$base" ] || base=$med
    echo "| $name | cadical $v$same | ${line//|/ | } | $(awk -v b="$base" -v o="$med" 'BEGIN {printf "%.2f×", b / o}') |"
    if [ "$with_kissat" = 1 ]; then
      # shellcheck disable=SC2086
      "$bin" $args "${tune[@]}" --cnf "$work/ours.cnf" --skip-solver >/dev/null
      series kissat "$KISSAT" --seed=SEED "$work/ours.cnf"
      echo "| $name | kissat native $v | ${line//|/ | } | $(awk -v b="$base" -v o="$med" 'BEGIN {printf "%.2f×", b / o}') |"
    fi
  done
done
