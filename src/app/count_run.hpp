// The counting and listing steps of the run pipeline (--count, --all,
// --max-solutions, --up-to-symmetry, --part). The solver table names the
// counting engine of each entry (SolverEntry::counts): the XCC engine, or
// CaDiCaL with blocking clauses; both report through the same tally
// (model/counting.hpp).
#pragma once

#include <optional>
#include <ostream>

#include "app/options.hpp"
#include "app/report.hpp"
#include "formats/count_checkpoint.hpp"
#include "formats/run_summary.hpp"
#include "model/formulation.hpp"
#include "model/solve_result.hpp"

namespace bel_pyramid {

// True when the options ask for counting or listing.
[[nodiscard]] bool counting(const Options& options);
// Counts (and lists), prints the counts; returns the exit code: 0 complete
// or stopped at --max-solutions, 3 time limit, 130/143 interrupted (the counts
// are then printed as lower bounds).
// The counts go to streams.answer and into summary (--json, "-": streams.out).
// A --quotient part starts from `start` (resumed_part) when it is set.
int run_count(const Formulation& formulation, const Options& options,
              const std::optional<CountCheckpoint>& start, RunSummary& summary,
              const ReportStreams& streams);

// --resume FILE of a --quotient part: the checkpoint, checked to be of this
// N and part (UserError if not); nullopt without --resume.
[[nodiscard]] std::optional<CountCheckpoint> resumed_part(const Options& options);

// --sample K: K distinct solutions from independent seeds (each validated),
// printed as found, then how many symmetry classes they fall in (and
// recorded in `summary` for --json); the exit code as run_count's.
int run_sample(const Formulation& formulation, const Options& options, RunSummary& summary,
               const ReportStreams& streams);

}  // namespace bel_pyramid
