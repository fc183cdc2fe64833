#!/usr/bin/env bash
# The whole test suite: set-up and release build (scripts/setup.sh), the
# benchmark drivers of bench/ built into it (so they keep compiling), the
# CTest suite, the same suite under AddressSanitizer + UndefinedBehaviorSanitizer,
# a short libFuzzer smoke run, and the clang-format check.
# BEL_PYRAMID_QUICK=1 runs the release suite only.
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=$(nproc)
scripts/setup.sh

echo "== release build: the benchmark drivers (bench/)"
cmake -S . -B build -DBEL_PYRAMID_BENCH=ON >/dev/null
cmake --build build -j "$jobs"

echo "== release build: tests"
ctest --test-dir build --output-on-failure -j "$jobs"
[ "${BEL_PYRAMID_QUICK:-0}" = 1 ] && exit 0

echo "== AddressSanitizer + UndefinedBehaviorSanitizer build: tests"
cmake -S . -B build-asan -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DBEL_PYRAMID_SANITIZE=ON >/dev/null
cmake --build build-asan -j "$jobs"
ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 \
  ctest --test-dir build-asan --output-on-failure -j "$jobs"

echo "== libFuzzer smoke run (clang)"
cmake -S . -B build-fuzz -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DCMAKE_CXX_COMPILER=clang++ \
  -DBEL_PYRAMID_FUZZ=ON -DBEL_PYRAMID_TESTS=OFF >/dev/null
cmake --build build-fuzz -j "$jobs"
scripts/fuzz.sh 20

echo "== clang-format"
scripts/check_format.sh
