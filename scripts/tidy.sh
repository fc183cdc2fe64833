#!/usr/bin/env bash
# Runs clang-tidy (configuration: .clang-tidy) over src/ with the compile
# commands of build/ (scripts/setup.sh exports them). Exits non-zero on any
# finding. Usage: scripts/tidy.sh [JOBS]
set -euo pipefail
cd "$(dirname "$0")/.."
jobs=${1:-$(nproc)}
[ -f build/compile_commands.json ] || { echo "run scripts/setup.sh first" >&2; exit 2; }
log=$(mktemp)
trap 'rm -f "$log"' EXIT
# Too slow for CI (4-7 minutes on 2 shared cores); run it before a merge.
run-clang-tidy -quiet -p build -j "$jobs" "$PWD/src/.*\.cpp" 2>&1 | sed 's/\x1b\[[0-9;]*m//g' >"$log" || true
findings=$(grep -E '(warning|error): ' "$log" | sort -u || true)
if [ -n "$findings" ]; then
  echo "$findings"
  echo "clang-tidy: $(echo "$findings" | wc -l) finding(s)" >&2
  exit 1
fi
echo "clang-tidy: clean"
