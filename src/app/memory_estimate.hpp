// Memory estimate: the peak memory of a run at N levels, from what it
// builds per placement Boolean, and this machine's memory. The memory
// guard (memory_guard.hpp) refuses runs with it; the default portfolio
// (racers_of) races the construction only where its CNF fits.
#pragma once

namespace bel_pyramid {

// Bytes of a run at `levels` that builds `bytes_per_placement` per
// placement Boolean, beside local search's O(cubes) state.
[[nodiscard]] double estimated_bytes(double bytes_per_placement, int levels);
// This machine's physical memory in bytes.
[[nodiscard]] double physical_memory();

}  // namespace bel_pyramid
