#!/usr/bin/env bash
# `cmake --install` into a temporary prefix: the installed binary runs (and
# bel_pyramid_check_proof verifies its proof), the man page (when help2man
# was found) and the docs are in their places.
set -euo pipefail
build=$1
man=$2  # "man" or "no-man"
python=${3:-no-python}  # the interpreter of the Python module, or "no-python"
site=${4:-}             # where the module installs under the prefix
prefix=$(mktemp -d)
trap 'rm -rf "$prefix"' EXIT

cmake --install "$build" --prefix "$prefix" > /dev/null
bin="$prefix/bin/bel_pyramid"
"$bin" --version | grep -q '^bel_pyramid '
"$bin" 2 --solver cadical --json "$prefix/run.json" | grep -q '^Solution:'
"$bin" --check "$prefix/run.json" | grep -q 'is a valid 2-level solution'
# The proof checker is installed beside it, and checks the tool's proofs.
"$bin" 3 --strategy XStep --strategy YStep --solver cadical --proof "$prefix/p.drat" > /dev/null
"$bin" 3 --strategy XStep --strategy YStep --cnf "$prefix/f.cnf" --skip-solver > /dev/null
[ "$("$prefix/bin/bel_pyramid_check_proof" "$prefix/f.cnf" "$prefix/p.drat")" = "s VERIFIED" ] ||
  { echo "the installed bel_pyramid_check_proof does not verify a proof"; exit 1; }
for doc in README.md json.md cnf.md strategies.md pyramid5.png; do
  [ -s "$prefix/share/doc/bel_pyramid/$doc" ] || { echo "missing doc $doc"; exit 1; }
done
if [ "$man" = man ]; then
  page="$prefix/share/man/man1/bel_pyramid.1"
  [ -s "$page" ] || { echo "missing man page $page"; exit 1; }
  grep -q '^\.TH BEL_PYRAMID "1"' "$page" || { echo "not a section-1 man page"; exit 1; }
  grep -q 'check' "$page" || { echo "man page lacks --check"; exit 1; }
  if command -v man > /dev/null; then
    MANWIDTH=80 man -l "$page" 2>/dev/null | grep -q 'Bel' || { echo "man cannot render it"; exit 1; }
  fi
fi
if [ "$python" != no-python ]; then
  [ -d "$prefix/$site/bel_pyramid" ] || { echo "missing Python package in $prefix/$site"; exit 1; }
  # Under the default prefix, the interpreter finds it without PYTHONPATH.
  "$python" -c 'import sys; assert sys.argv[1] in sys.path, sys.path' "/usr/local/$site" ||
    { echo "/usr/local/$site is not on $python's path"; exit 1; }
  # Outside the source and build trees, so only the installed package can be found.
  (cd "$prefix" && PYTHONPATH="$prefix/$site" "$python" -c '
import bel_pyramid as bp, sys
assert bp.__file__.startswith(sys.argv[1]), bp.__file__
r = bp.solve(3, solver="cadical", seed=1)
assert r.status == "sat" and r.solution.is_valid() and bp.check(r.solution) == r.solution
' "$prefix") || { echo "the installed Python package does not work"; exit 1; }
fi
echo "installed into a temporary prefix: binary, docs ($man), Python package ($python)"
