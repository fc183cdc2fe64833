#!/usr/bin/env bash
# Runs every libFuzzer target for SECONDS each (default 600) on a copy of its
# seed corpus under tests/fuzz/corpus/, writing crash reproducers to
# tests/fuzz/crashes/. Build first:
#   cmake -S . -B build-fuzz -DCMAKE_CXX_COMPILER=clang++ -DBEL_PYRAMID_FUZZ=ON -DBEL_PYRAMID_TESTS=OFF
#   cmake --build build-fuzz
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
mkdir -p tests/fuzz/crashes
for corpus in tests/fuzz/corpus/*/; do
  name=$(basename "$corpus")
  work=$(mktemp -d)
  cp "$corpus"* "$work/"
  echo "fuzz_$name: ${seconds}s"
  build-fuzz/tests/fuzz/"fuzz_$name" "$work" -max_total_time="$seconds" -print_final_stats=1 \
    -artifact_prefix=tests/fuzz/crashes/"$name"- 2>&1 | grep -E '^(stat::number_of_executed_units|Done|==|SUMMARY)' || true
  rm -rf "$work"
  # A reproducer left behind is a failure.
  if compgen -G "tests/fuzz/crashes/$name-*" >/dev/null; then
    echo "fuzz_$name found a crash: see tests/fuzz/crashes/" >&2
    exit 1
  fi
done
