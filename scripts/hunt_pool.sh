# shellcheck shell=bash
# The pool of a cooperative hunt (doc/hunt.md), sourced by hunt_job.sh: the
# directory DIR/pool where the jobs of a hunt, on any number of hosts, share
# their best states as checkpoints.
#
# Writers never collide and readers never see half a file: an entry is
# written under a temporary name in the pool itself (same file system), then
# renamed over the writer's own name, which carries the seed, the host and
# the writer's pid. Readers list only *.ckpt names, rank the entries by the
# cost recorded inside them (never by mtime, which hosts may see late), copy
# the chosen one aside, and trust the copy only once bel_pyramid --resume has
# accepted it (it refuses a malformed file and a state whose cost is not the
# recorded one). An entry a job cannot read or the binary refuses is skipped
# with a warning, once per content.

# pool_entry_name SEED: this writer's entry name.
pool_host=$(uname -n)
pool_entry_name() { echo "seed-$1.${pool_host//[^A-Za-z0-9_.-]/_}.$$.ckpt"; }

# pool_cost FILE: the cost a checkpoint's header records; fails without one.
pool_cost() {
  local line n=0
  while ((n++ < 16)) && IFS= read -r line; do
    [[ $line == c* ]] || return 1
    if [[ $line =~ ^c\ cost\ ([0-9]+)$ ]]; then
      echo "${BASH_REMATCH[1]}"
      return 0
    fi
  done <"$1"
  return 1
}

# pool_publish POOL FILE NAME: FILE becomes the entry POOL/NAME, atomically.
pool_publish() {
  local pool=$1 file=$2 name=$3
  local tmp="$pool/.$name.tmp"
  mkdir -p "$pool" && cp "$file" "$tmp" && mv -f "$tmp" "$pool/$name" && return 0
  rm -f "$tmp"
  echo "hunt: warning: cannot publish $file to the pool as $pool/$name" >&2
  return 1
}

# pool_ranked POOL: "cost path" of each entry with a recorded cost, best first,
# ties in random order (the jobs that adopt a state spread over the best
# ones). An entry without one is named on stderr, once per content. Call it
# with its output redirected, not in a subshell: it records what it refuses.
pool_ranked() {
  local entry cost lines=()
  for entry in "$1"/*.ckpt; do
    [ -f "$entry" ] || continue
    if cost=$(pool_cost "$entry" 2>/dev/null); then
      lines+=("$cost $entry")
    else
      pool_refuse "$entry" "no 'c cost' line in its header"
    fi
  done
  ((${#lines[@]} == 0)) || printf '%s\n' "${lines[@]}" | shuf | sort -s -n -k 1,1
}

# The contents refused so far (cksum of the bytes), so each is reported once.
declare -A pool_refused=()
pool_key() { cksum <"$1" 2>/dev/null | tr ' ' _; }

# pool_refuse ENTRY WHY [COPY]: ENTRY (as copied to COPY) is never used again.
pool_refuse() {
  local key
  key=$(pool_key "${3:-$1}")
  [ -n "${pool_refused[$key]:-}" ] && return 0
  pool_refused[$key]=1
  echo "hunt: warning: pool entry $1 skipped: $2" >&2
}

# pool_adopt POOL COPY: copies the best entry not yet refused to COPY and sets
# adopted_cost (the copy's) and adopted_entry; fails when no entry is left.
# Call it directly, not in a subshell (as pool_ranked).
pool_adopt() {
  local pool=$1 copy=$2 cost="" entry found=1
  pool_ranked "$pool" >"$copy.ranked"
  while read -r _ entry; do
    cp "$entry" "$copy" 2>/dev/null || continue  # gone since it was listed
    [ -n "${pool_refused[$(pool_key "$copy")]:-}" ] && continue
    if cost=$(pool_cost "$copy"); then
      found=0
      break
    fi
    pool_refuse "$entry" "no 'c cost' line in its header" "$copy"
  done <"$copy.ranked"
  rm -f "$copy.ranked"
  # shellcheck disable=SC2034 # read by hunt_job.sh
  ((found == 0)) && adopted_cost=$cost adopted_entry=$entry
  return "$found"
}
