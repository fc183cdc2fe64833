# shellcheck shell=bash
# Sourced by conquer.sh and hunt.sh (not run): GNU parallel's own note on the
# job that stopped a run ("parallel: This job succeeded:" or "...failed:",
# then the job's command) says nothing the script's last line does not.

# drop_parallel_note WORD: copies standard input to standard output without
# the note "parallel: This job WORD:" and its next line, a line at a time.
drop_parallel_note() {
  awk -v note="parallel: This job $1:" '$0 == note { skip = 1; next } skip { skip = 0; next } { print; fflush() }'
}
