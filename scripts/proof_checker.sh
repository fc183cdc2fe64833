# shellcheck shell=bash
# Which DRAT checker checks a proof, for conquer.sh --check-proofs and
# verify_proof.sh (sourced, not run): drat-trim where DRAT_TRIM names one
# (the reference checker), else CHECK_PROOF, else bel_pyramid_check_proof
# beside the bel_pyramid binary, else on the PATH.

# proof_checker BEL: prints the checker's path; else prints why there is
# none (a message for the caller's usage error) and fails.
proof_checker() {
  local checker
  if [ -n "${DRAT_TRIM:-}" ]; then
    checker=$DRAT_TRIM
  else
    checker=${CHECK_PROOF:-$(dirname "$1")/bel_pyramid_check_proof}
    [ -x "$checker" ] || checker=$(command -v bel_pyramid_check_proof) || {
      echo "no proof checker: build bel_pyramid_check_proof (or set CHECK_PROOF or DRAT_TRIM)"
      return 1
    }
  fi
  [ -x "$checker" ] && [ -f "$checker" ] || {
    echo "the proof checker $checker is not an executable"
    return 1
  }
  echo "$checker"
}
