#!/usr/bin/env bash
# The cooperative hunt's pool (doc/hunt.md) on N=4 with two job slots and
# legs of 0.2 s: the hunt finds a checked solution and publishes it; it
# survives a job killed in the middle of a leg (its half-written entry is
# never read); corrupt entries are skipped with a warning, never trusted; and
# two writers publishing at once never leave a reader half a file.
set -euo pipefail
scripts=$1 bin=$2
dir=$(mktemp -d)
writers=()
trap 'kill "${writers[@]}" 2>/dev/null || true; wait; rm -rf "$dir"' EXIT
fail() { echo "hunt pool test: $*"; exit 1; }
hunt() { "$scripts/hunt.sh" 4 -j 2 -n 2 -c -l 0.2 -k 2 -b "$bin" "$@"; }
# unsolved N FILE: a checkpoint of a state with a positive cost (a short
# search, tried with more time until it leaves one).
unsolved() {
  local t
  for t in 0.05 0.1 0.2 0.4 0.8 1.6; do
    "$bin" "$1" --solver local --seed 3 --timeout "$t" --checkpoint "$2" >/dev/null 2>&1 || true
    grep -qx 'c cost [1-9][0-9]*' "$2" 2>/dev/null && return 0
  done
  fail "no unsolved checkpoint for N=$1"
}
# solved DIR: the hunt found and checked a solution, and the pool has it.
solved() {
  "$bin" --check "$1/solution.txt" | grep -q 'is a valid 4-level solution' ||
    fail "$1: no valid solution file"
  grep -qsx 'c cost 0' "$1"/pool/*.ckpt || fail "$1: the winner did not publish its solution"
}

# 1. The shared-pool hunt finds a solution; every entry is a state the binary resumes.
hunt -o "$dir/h1" >"$dir/out1" 2>&1 || { cat "$dir/out1"; fail "the pool hunt failed"; }
solved "$dir/h1"
for entry in "$dir"/h1/pool/*.ckpt; do
  "$bin" 4 --solver local --resume "$entry" --timeout 0.05 >/dev/null 2>&1 ||
    [ $? -eq 3 ] || fail "pool entry $entry does not resume"
done
[ -z "$(find "$dir/h1/pool" -name '.*.tmp')" ] || fail "a temporary was left in the pool"

# 2. Corrupt entries: a state whose recorded cost (0) is a lie, a truncated
# drawing, garbage, an empty file, and a writer's half-written temporary.
unsolved 4 "$dir/good.ckpt"
mkdir -p "$dir/h2/pool"
sed 's/^c cost .*/c cost 0/' "$dir/good.ckpt" >"$dir/h2/pool/liar.ckpt"
head -c 200 "$dir/good.ckpt" >"$dir/h2/pool/truncated.ckpt"
echo garbage >"$dir/h2/pool/garbage.ckpt"
: >"$dir/h2/pool/empty.ckpt"
head -c 100 "$dir/good.ckpt" >"$dir/h2/pool/.seed-9.elsewhere.1.ckpt.tmp"
hunt -o "$dir/h2" >"$dir/out2" 2>&1 || { cat "$dir/out2"; fail "a hunt over a corrupt pool failed"; }
solved "$dir/h2"
for name in liar truncated garbage empty; do
  grep -q "^hunt: warning: pool entry $dir/h2/pool/$name.ckpt skipped: " "$dir/out2" ||
    fail "no warning for the corrupt entry $name.ckpt: $(cat "$dir/out2")"
done
grep -q "liar.ckpt skipped: bel_pyramid refused it: .*'c cost 0' does not match" "$dir/out2" ||
  fail "the lying entry was not refused by the binary"
grep -q 'elsewhere' "$dir/out2" && fail "a temporary was read as an entry"

# 3. A job killed in the middle of its first leg (SIGKILL to the job and its
# search, 0.1 s into the search), leaving half an entry under a temporary
# name; the other job starts its search only then, and solves.
cat >"$dir/dying" <<EOF
#!/usr/bin/env bash
case " \$* " in
  *"/h3/checkpoints/seed-15.ckpt "*)
    "$bin" "\$@" &
    sleep 0.1
    mkdir -p "$dir/h3/pool"
    head -c 100 "$dir/good.ckpt" >"$dir/h3/pool/.seed-15.dead.1.ckpt.tmp"
    touch "$dir/killed"
    kill -9 \$! \$PPID \$\$ ;;
  *"/h3/checkpoints/seed-14.ckpt "*)
    for _ in \$(seq 600); do [ -e "$dir/killed" ] && break; sleep 0.1; done ;;
esac
exec "$bin" "\$@"
EOF
chmod +x "$dir/dying"
"$scripts/hunt.sh" 4 -j 2 -n 2 -s 14 -c -l 0.2 -b "$dir/dying" -o "$dir/h3" >"$dir/out3" 2>&1 ||
  { cat "$dir/out3"; fail "the hunt did not survive a killed job"; }
[ -e "$dir/killed" ] || fail "the job was not killed"
solved "$dir/h3"
grep -q 'dead' "$dir/out3" && fail "the half-written temporary was read"

# 4. Two writers (two processes, the same seed on the same host) publish at
# once, 60 times each, two states each; a reader meanwhile copies every
# entry: each copy must be one of the four states, whole.
mkdir -p "$dir/h4/pool"
unsolved 6 "$dir/s1.ckpt"
for s in 2 3 4; do sed "s/^c seed .*/c seed $s/" "$dir/s1.ckpt" >"$dir/s$s.ckpt"; done
writer() {
  bash -c '. "$1/hunt_pool.sh"
    for _ in $(seq 60); do
      pool_publish "$2" "$3" "$(pool_entry_name 7)" && pool_publish "$2" "$4" "$(pool_entry_name 7)"
    done' _ "$scripts" "$dir/h4/pool" "$1" "$2"
}
writer "$dir/s1.ckpt" "$dir/s2.ckpt" &
w1=$!
writer "$dir/s3.ckpt" "$dir/s4.ckpt" &
w2=$!
writers=("$w1" "$w2")
reads=0
while kill -0 "$w1" 2>/dev/null || kill -0 "$w2" 2>/dev/null; do
  for entry in "$dir"/h4/pool/*.ckpt; do
    cat "$entry" >"$dir/read" 2>/dev/null || continue
    reads=$((reads + 1))
    for s in 1 2 3 4; do cmp -s "$dir/read" "$dir/s$s.ckpt" && continue 2; done
    fail "a reader saw a pool entry that is not a whole state ($(wc -c <"$dir/read") bytes)"
  done
done
wait "$w1" || fail "a writer failed"
wait "$w2" || fail "a writer failed"
((reads > 0)) || fail "the reader never saw an entry"
entries=$(find "$dir/h4/pool" -name '*.ckpt' | wc -l)
((entries == 2)) || fail "two writers left $entries entries, expected one each"
[ -z "$(find "$dir/h4/pool" -name '.*.tmp')" ] || fail "a temporary was left in the pool"
echo "hunt pool: solved through the pool, survived a killed job, skipped corrupt entries," \
  "two writers ($reads reads) never collided"
