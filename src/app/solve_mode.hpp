// The solve step of a run: which searches run (one solver-table entry, or
// racers), the "Starting solver" line, --resume's start state, the progress
// monitor (--log, --checkpoint), and the outcome's report with its exit code.
#pragma once

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "app/report.hpp"
#include "formats/checkpoint.hpp"
#include "formats/run_summary.hpp"
#include "model/formulation.hpp"

namespace bel_pyramid {

// Whether some search of the run has the solver table's `flag`: `stateful`
// (--log, --checkpoint) or `starts` (--resume).
[[nodiscard]] bool some_search_has(const Options& options, bool SolverEntry::*flag);

// The checkpoint to resume from (--resume), checked against this run's N.
[[nodiscard]] std::optional<Checkpoint> resumed(const Options& options);

// Solves, reports the outcome on `report` ("Solver finished ..." and the
// answer, or why it gave up), publishes --json/--svg for every outcome (to
// `out` for "-") and returns the exit code.
int solve_and_report(const Formulation& f, const Options& options,
                     const std::optional<Checkpoint>& start, RunSummary& summary,
                     const ReportStreams& streams);

}  // namespace bel_pyramid
