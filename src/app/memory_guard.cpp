#include "app/memory_guard.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <functional>

#include "app/memory_estimate.hpp"
#include "base/error.hpp"
#include "model/pyramid.hpp"
#include "solvers/solver_table.hpp"
#include "solvers/z3_backend.hpp"

namespace bel_pyramid {
namespace {

// Peak memory per placement Boolean of the native CNF alone (--cnf, --cert),
// measured with /usr/bin/time -v (peak RSS): 0.18-0.39 KB, rounded up. The
// Z3 lowering's figure is z3_backend.hpp's, the solvers' the solver table's.
constexpr double kNativeCnfBytesPerPlacement = 512;

// A portfolio builds what its racers build (racers_of): the bare puzzle's
// default racers are local searches and, where its CNF fits, the construction.
double solver_bytes_per_placement(const Options& o) {
  if (o.skip_solver || !o.certificate_path.empty()) return 0;
  const SolverEntry* chosen = find_solver(o.solver);
  if (chosen && chosen->races_others) {
    double most = 0;
    for (const std::string& racer : racers_of(o))
      if (const auto r = find_racer(racer)) most = std::max(most, r->entry->bytes_per_placement);
    return most;
  }
  return chosen ? chosen->bytes_per_placement : 0;
}

// The largest per-placement cost among the steps this run takes (they run
// one after the other, each freeing its model).
double bytes_per_placement(const Options& o) {
  const bool z3_cnf =
      o.cnf_encoder == CnfEncoder::Z3 &&
      (!o.cnf_path.empty() || !o.certificate_path.empty() || !o.var_map_path.empty());
  double bytes = solver_bytes_per_placement(o);
  if (!o.smt2_path.empty() || z3_cnf) bytes = std::max(bytes, kZ3BytesPerPlacement);
  if ((!o.cnf_path.empty() || !o.certificate_path.empty()) &&
      o.cnf_encoder != CnfEncoder::Completion)
    bytes = std::max(bytes, kNativeCnfBytesPerPlacement);
  return bytes;
}

double run_bytes(const Options& o, int levels) {
  return estimated_bytes(bytes_per_placement(o), levels);
}

// The largest N (up to kMaxLevels) whose estimate `bytes(N)` fits in `memory`.
int largest_fitting(const std::function<double(int)>& bytes, double memory) {
  int largest = 1;
  while (largest < kMaxLevels && bytes(largest + 1) <= memory) ++largest;
  return largest;
}

double pyramid_bytes(int levels, double bytes_per_line) {
  const double base = 2.0 * levels - 1, lines = 2.0 * levels * levels + base * base;
  return static_cast<double>(Pyramid::cube_count(levels)) * (sizeof(Position) + sizeof(Cube)) +
         lines * bytes_per_line;
}

}  // namespace

void check_pyramid_fits(int levels, double bytes_per_line) {
  if (levels < 1) throw UserError(fmt::format("N must be at least 1, got {}", levels));
  if (levels > kMaxLevels)
    throw UserError(fmt::format("N={} is too large: the largest N this tool accepts is {}", levels,
                                kMaxLevels));
  const double memory = physical_memory();
  if (pyramid_bytes(levels, bytes_per_line) <= memory) return;
  const int largest =
      largest_fitting([bytes_per_line](int n) { return pyramid_bytes(n, bytes_per_line); }, memory);
  throw UserError(fmt::format(
      "N={} needs about {:.3g} GiB for its pyramid alone; this machine has {:.1f} GiB (largest "
      "N that fits: {})",
      levels, pyramid_bytes(levels, bytes_per_line) / (1 << 30), memory / (1 << 30), largest));
}

double estimated_memory_bytes(const Options& options) { return run_bytes(options, options.levels); }

void check_fits_in_memory(const Options& options) {
  const double memory = physical_memory();
  if (run_bytes(options, options.levels) <= memory) return;
  const int largest = largest_fitting([&options](int n) { return run_bytes(options, n); }, memory);
  throw UserError(fmt::format(
      "N={} needs about {:.3g} GiB for its formulation; this machine has {:.1f} GiB "
      "(largest N that fits: {})",
      options.levels, run_bytes(options, options.levels) / (1 << 30), memory / (1 << 30), largest));
}

}  // namespace bel_pyramid
