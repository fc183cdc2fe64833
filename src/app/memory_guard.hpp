// Memory guard: estimates, before anything is built, the peak memory of
// what a run will build, and refuses an N that would not fit.
#pragma once

#include "app/options.hpp"

namespace bel_pyramid {

// Larger N is refused outright (its pyramid would not even be enumerable).
inline constexpr int kMaxLevels = 100000;

// Refuses a run whose models would not fit in this machine's memory, naming
// the estimate and the largest N that fits. The estimate depends on what the
// run builds: the Z3 lowering (--solver z3, --smt2, --cnf-encoder z3), the
// native CNF and CaDiCaL (cadical, portfolio), the native CNF alone (--cnf,
// --cert), or only local search's O(cubes) state.
void check_fits_in_memory(const Options& options);
[[nodiscard]] double estimated_memory_bytes(const Options& options);

// Refuses a Pyramid that would not fit on its own (a library caller's
// pyramid, before any run): its places and cubes, and `bytes_per_line` for
// each line variable the caller keeps (Python's line objects).
void check_pyramid_fits(int levels, double bytes_per_line);

}  // namespace bel_pyramid
