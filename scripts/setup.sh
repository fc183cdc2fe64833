#!/usr/bin/env bash
# Installs what a fresh Debian 12 machine lacks, then configures and builds
# bel_pyramid into build/. Safe to run again.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build pkg-config libz3-dev libfmt-dev libcli11-dev
          libgtest-dev libgmock-dev libbenchmark-dev zlib1g-dev liblzma-dev xz-utils
          libcadical-dev cadical minisat nlohmann-json3-dev hyperfine parallel rsync openssh-client jq
          clang libclang-rt-14-dev clang-format help2man librsvg2-bin libxml2-utils python3
          nettle-dev pybind11-dev python3-pybind11 python3-dev python3-pytest python3-setuptools
          python3-wheel python3-pip python3-venv)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo_cmd=()
  [ "$(id -u)" -eq 0 ] || sudo_cmd=(sudo)
  "${sudo_cmd[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq "${missing[@]}" >/dev/null
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build -j "$(nproc)"
