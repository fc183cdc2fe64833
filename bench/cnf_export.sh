#!/usr/bin/env bash
# Export time and peak memory (/usr/bin/time -v) of the native and the
# Z3-tactic CNF encoders, N=4 and N=5, in one run.
# usage: bench/cnf_export.sh [N...]   (default: 4 5); run from the repo root.
set -euo pipefail
bin=${BEL_PYRAMID:-build/bel_pyramid}
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
[ $# -eq 0 ] && set -- 4 5
for n in "$@"; do
  for enc in native z3; do
    /usr/bin/time -v "$bin" $n --cnf-encoder "$enc" --cnf "$dir/f.cnf" --skip-solver \
      --json "$dir/run.json" >/dev/null 2>"$dir/time"
    secs=$(printf '%.2f' "$(jq -r .timings.export_seconds "$dir/run.json")")
    wall=$(grep 'Elapsed (wall clock)' "$dir/time" | awk '{print $NF}')
    rss=$(grep 'Maximum resident set size' "$dir/time" | awk '{print $NF}')
    echo "N=$n $enc | $(grep -m1 '^p cnf' "$dir/f.cnf") | export ${secs}s | process wall $wall | peak RSS $((rss / 1024)) MB | $(du -h "$dir/f.cnf" | cut -f1)"
  done
done
