#!/usr/bin/env bash
# Outputs through symbolic links and into things that are not regular files:
# a link is written through to its target (the link stays; a dangling link
# creates its target; a link to a directory is refused with one line), and a
# device, a FIFO or a /proc file is written in place, never renamed over.
# Usage: output_links_test.sh BIN
# "A && B || fail" is meant: fail runs exactly when A or B is false.
# shellcheck disable=SC2015
set -euo pipefail
bin=$1
dir=$(mktemp -d)
reader=""
cleanup() {
  [ -z "$reader" ] || kill "$reader" 2> /dev/null || true
  rm -rf "$dir"
}
trap cleanup EXIT
cd "$dir"

fail() {
  echo "FAIL: $*"
  exit 1
}
is_json() { python3 -c 'import json, sys; json.load(open(sys.argv[1]))' "$1" 2> /dev/null; }
no_temporaries() {
  if find . -name '*.tmp-*' | grep -q .; then fail "temporary left behind: $(find . -name '*.tmp-*')"; fi
}

# A link to a regular file: the target is replaced, the link stays, the
# target keeps its permissions.
echo old > t.json
chmod 640 t.json
ln -s t.json l.json
"$bin" 2 --json l.json > /dev/null
[ -L l.json ] || fail "l.json is no longer a link"
is_json t.json || fail "t.json was not written through the link"
[ "$(stat -c %a t.json)" = 640 ] || fail "t.json lost its permissions: $(stat -c %a t.json)"

# A chain of links, relative to their own directories.
mkdir -p sub out
echo old > out/t.cnf
ln -s ../out/t.cnf sub/b.cnf
ln -s sub/b.cnf a.cnf
"$bin" 2 --cnf a.cnf --skip-solver > /dev/null
[ -L a.cnf ] && [ -L sub/b.cnf ] || fail "a link of the chain was replaced"
head -1 out/t.cnf | grep -q '^c ' || fail "out/t.cnf was not written through the chain"

# A dangling link creates its target.
ln -s new.json dangling.json
"$bin" 2 --json dangling.json > /dev/null
[ -L dangling.json ] || fail "dangling.json is no longer a link"
is_json new.json || fail "the dangling link's target was not created"

# A link to a directory is refused with one line, and nothing is written.
mkdir d
ln -s d dirlink
status=0
"$bin" 2 --json dirlink > /dev/null 2> err || status=$?
[ "$status" -eq 1 ] || fail "a link to a directory: exit $status, expected 1"
[ "$(wc -l < err)" -eq 1 ] && grep -q 'it is a link to the directory' err ||
  fail "a link to a directory: $(cat err)"
[ -L dirlink ] && [ -z "$(ls d)" ] || fail "the link to a directory was touched"

# A link to /dev/null: written in place.
ln -s /dev/null null.json
"$bin" 2 --json null.json > /dev/null
[ -L null.json ] && [ -c /dev/null ] || fail "the link to /dev/null or /dev/null was replaced"

# A link to a FIFO: its reader gets the output, the FIFO stays a FIFO.
mkfifo pipe
ln -s pipe pipe.json
cat pipe > from_pipe &
reader=$!
"$bin" 2 --json pipe.json > /dev/null
wait "$reader"
reader=""
[ -L pipe.json ] && [ -p pipe ] || fail "the link to a FIFO or the FIFO was replaced"
is_json from_pipe || fail "the FIFO's reader did not get the JSON"

# A link to /proc/self/fd/1 (what /dev/stdout is) while standard output is a
# regular file: written through standard output, the link stays a link.
ln -s /proc/self/fd/1 stdout.cnf
"$bin" 2 --cnf stdout.cnf --skip-solver > captured
[ -L stdout.cnf ] || fail "the link to /proc/self/fd/1 was replaced by a file"
grep -q '^p cnf ' captured || fail "the CNF did not reach standard output"
grep -q '^Skipping the solver' captured || fail "the report was overwritten"

# A failed run keeps every existing file as it was.
echo "keep me" > keep.cnf
status=0
"$bin" 3 --cnf keep.cnf --json /dev/full --skip-solver > /dev/null 2>&1 || status=$?
[ "$status" -eq 1 ] || fail "--json /dev/full: exit $status, expected 1"
[ "$(cat keep.cnf)" = "keep me" ] || fail "keep.cnf was replaced by a run that failed"
no_temporaries

echo "outputs: links written through, devices, FIFOs and /proc written in place"
