# shellcheck shell=bash
# Waiting for a Slurm job, for conquer.sh --slurm and sweep.sh -s (sourced,
# not run): squeue is asked every SQUEUE_POLL seconds (default 10) until it
# no longer lists the job.

# slurm_ready: prints why this node cannot submit and wait for jobs (sbatch,
# squeue or scancel missing, or a SQUEUE_POLL that is not a positive number
# of seconds) and fails; else succeeds quietly.
slurm_ready() {
  local c poll=${SQUEUE_POLL:-10}
  for c in sbatch squeue scancel; do
    command -v "$c" > /dev/null || { echo "$c not found (run on a node that submits Slurm jobs)"; return 1; }
  done
  [[ $poll =~ ^[0-9]*\.?[0-9]+$ ]] && awk -v p="$poll" 'BEGIN { exit !(p > 0) }' ||
    { echo "SQUEUE_POLL needs a positive number of seconds, got \"$poll\""; return 1; }
}

# slurm_wait ID TASKS LABEL: returns once squeue no longer lists job ID (an
# array of TASKS tasks); on a terminal, a line "LABEL: K of TASKS task(s)
# left" is kept up to date meanwhile.
slurm_wait() {
  local left
  while left=$(squeue -h -r -j "$1" 2> /dev/null | wc -l) && [ "$left" -gt 0 ]; do
    [ ! -t 2 ] || printf '\r%s: %s of %s task(s) left ' "$3" "$left" "$2" >&2
    sleep "${SQUEUE_POLL:-10}"
  done
  [ ! -t 2 ] || printf '\r\033[K' >&2
}
