// Mode: what a run does, decided once from the options (mode_of(),
// options.hpp) and read
// by every step that differs between runs: the run's pipeline (run.cpp), the
// option rows, which declare the modes they are read in (option_table.hpp),
// and the checks. A run has exactly one mode; the exports (--cnf, --smt2,
// --var-map) are side outputs of any mode that builds the formulation.
#pragma once

#include <string>

namespace bel_pyramid {

enum class Mode {
  Solve,               // search for one solution (the default)
  Count,               // --count, --all (and --estimate, --quotient)
  Sample,              // --sample K: solutions from independent seeds
  Sweep,               // --sweep DIR: every member of a family (sweep_run.hpp)
  Certificate,         // --cert: read a SAT solver's answer
  Split,               // --split K DIR: cubes for cube-and-conquer
  Export,              // --skip-solver: build (and export) the formulation, then stop
  Check,               // --check: check a solution, build nothing
  ListCentrePatterns,  // --list-centre-patterns
};

// A set of modes, one bit per Mode.
using Modes = unsigned;
[[nodiscard]] constexpr Modes bit(Mode m) { return 1U << static_cast<unsigned>(m); }
inline constexpr Modes kAllModes = bit(Mode::ListCentrePatterns) * 2 - 1;
inline constexpr Modes kSearchModes =
    bit(Mode::Solve) | bit(Mode::Count) | bit(Mode::Sample) | bit(Mode::Sweep);
[[nodiscard]] constexpr bool has(Modes modes, Mode m) { return (modes & bit(m)) != 0; }

// "a solve, a count or a sample (not with --skip-solver, ...)": the modes,
// as an option's "is used only with ..." refusal names them.
[[nodiscard]] std::string describe_modes(Modes modes);

}  // namespace bel_pyramid
