#!/usr/bin/env bash
# bench/frontier.sh refuses, in one line and with exit 1, a KISSAT that is
# not an executable file, a build without bel_pyramid when KISSAT is set, and
# a driver that fails (here: exits 2, as for an unknown method). Before, a
# bad KISSAT and a failing driver were counted as runs that hit the CPU
# limit, and a missing bel_pyramid killed the script in the middle of a row.
set -uo pipefail
root=$1
bin=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/build"
printf '#!/bin/sh\nexit 2\n' > "$work/build/search_driver"
chmod +x "$work/build/search_driver"

# expect_refusal WHAT ENV...: frontier.sh exits 1 with one "frontier.sh: error:" line.
expect_refusal() {
  local what=$1 status=0
  shift
  env -u KISSAT "$@" "$root/bench/frontier.sh" -b "$work/build" -r 1 -R four -m local \
    >"$work/out" 2>"$work/err" || status=$?
  if [ "$status" != 1 ] || [ "$(wc -l <"$work/err")" != 1 ] ||
     ! grep -q '^frontier.sh: error: ' "$work/err"; then
    echo "FAIL: $what: exit $status, stderr:"; cat "$work/err"; exit 1
  fi
}

expect_refusal "no bel_pyramid beside the driver" KISSAT=/bin/true
ln -s "$bin" "$work/build/bel_pyramid"
expect_refusal "KISSAT that does not exist" KISSAT="$work/no-such-kissat"
expect_refusal "KISSAT that is a directory" KISSAT="$work"
expect_refusal "a driver that fails"
echo "frontier: a bad KISSAT, a missing bel_pyramid and a failing driver refused"
