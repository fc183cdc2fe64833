#!/usr/bin/env bash
# Fails when a C++ source differs from the committed .clang-format style.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files '*.cpp' '*.hpp' | xargs clang-format --dry-run --Werror
echo "clang-format: clean"
