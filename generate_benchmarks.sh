#!/usr/bin/env bash
# Writes the 14 published benchmarks (benchmarks.tsv) as gzipped DIMACS
# CNF, one file per row, generated in parallel with GNU parallel. The bytes
# are deterministic: two runs give identical files.
#
# Usage: ./generate_benchmarks.sh [-e native|z3] [-o DIR] [-j JOBS] [-f REGEX]
#   -e  CNF encoder (default native; z3 reproduces the original's family)
#   -o  output directory (default benchmarks/)
#   -j  parallel jobs (default: number of cores)
#   -f  only the benchmarks whose name matches REGEX (e.g. '^bp4')
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
encoder=native out=benchmarks jobs=$(nproc) filter=.
while getopts "e:o:j:f:h" opt; do
  case $opt in
    e) encoder=$OPTARG ;;
    o) out=$OPTARG ;;
    j) jobs=$OPTARG ;;
    f) filter=$OPTARG ;;
    *) sed -n '2,12p' "$0"; exit 2 ;;
  esac
done
bin=${BEL_PYRAMID:-$here/build/bel_pyramid}
[ -x "$bin" ] || { echo "generate_benchmarks.sh: error: $bin not built (run scripts/setup.sh)" >&2; exit 1; }
command -v parallel >/dev/null || { echo "generate_benchmarks.sh: error: GNU parallel is not installed" >&2; exit 1; }
mkdir -p "$out"
cp "$here/benchmarks.tsv" "$out/benchmarks.tsv"

# One command line per benchmark; its arguments are plain words (no quoting).
grep -v '^#' "$here/benchmarks.tsv" | awk -F'\t' -v re="$filter" '$1 ~ re {print $1 "\t" $2}' |
  while IFS=$'\t' read -r name args; do
    printf '%q %s --cnf-encoder %q --cnf %q --skip-solver > %q\n' \
      "$bin" "$args" "$encoder" "$out/$name.cnf.gz" "$out/$name.log"
  done | parallel --will-cite -j "$jobs" --halt now,fail=1
echo "wrote $(grep -v '^#' "$here/benchmarks.tsv" | awk -F'\t' -v re="$filter" '$1 ~ re' | wc -l) benchmarks to $out/ (encoder $encoder)"
