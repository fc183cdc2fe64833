#include "app/memory_estimate.hpp"

#include <unistd.h>

#include "model/pyramid.hpp"

namespace bel_pyramid {
namespace {

// Local search keeps O(cubes) state (6.5 MB flat to N=6), measured with
// /usr/bin/time -v; rounded up.
constexpr double kLocalBytesPerCube = 1024;
constexpr double kBaseBytes = 16.0 * (1 << 20);

}  // namespace

double estimated_bytes(double bytes_per_placement, int levels) {
  const double cubes = static_cast<double>(Pyramid::cube_count(levels));
  const double labels = 2.0 * levels - 1;
  return kBaseBytes + cubes * kLocalBytesPerCube +
         cubes * labels * labels * labels * bytes_per_placement;
}

double physical_memory() {
  return static_cast<double>(::sysconf(_SC_PHYS_PAGES)) *
         static_cast<double>(::sysconf(_SC_PAGE_SIZE));
}

}  // namespace bel_pyramid
