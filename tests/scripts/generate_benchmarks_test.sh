#!/usr/bin/env bash
# generate_benchmarks.sh writes the requested files, and two runs into the
# same directory give identical bytes. Quick: only two N=4 benchmarks.
set -euo pipefail
root=$1
bin=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
BEL_PYRAMID=$bin "$root/generate_benchmarks.sh" -f '^bp4(_am)?$' -o "$out" -j 2
[ -s "$out/bp4.cnf.gz" ] && [ -s "$out/bp4_am.cnf.gz" ]
[ "$(ls "$out"/*.cnf.gz | wc -l)" -eq 2 ]
sums=$(cd "$out" && md5sum ./*.cnf.gz)
BEL_PYRAMID=$bin "$root/generate_benchmarks.sh" -f '^bp4(_am)?$' -o "$out" -j 2
[ "$sums" = "$(cd "$out" && md5sum ./*.cnf.gz)" ]
[ "$(zcat "$out/bp4_am.cnf.gz" | sed -n 4p)" = "c strategies: AntiMirror" ]
echo "generate_benchmarks: 2 files, identical bytes across runs"
