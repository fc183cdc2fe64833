#include "app/memory_guard.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

#include "base/error.hpp"
#include "model/pyramid.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

// Peak memory per placement Boolean of the exports, measured with
// /usr/bin/time -v (peak RSS, KB / placement): Z3 lowering (--smt2,
// --cnf-encoder z3) 3.8-5.7; native CNF alone (--cnf, --cert) 0.18-0.39;
// rounded up. The solvers' own figures are in the solver table. Local search
// keeps O(cubes) state (6.5 MB flat to N=6).
constexpr double kZ3BytesPerPlacement = 8192;
constexpr double kNativeCnfBytesPerPlacement = 512;
constexpr double kLocalBytesPerCube = 1024;
constexpr double kBaseBytes = 16.0 * (1 << 20);

// A portfolio builds what its racers build (racers_of): the bare puzzle's
// default racers are local searches and, where its CNF fits, the construction.
double solver_bytes_per_placement(const Options& o) {
  if (o.skip_solver || !o.certificate_path.empty()) return 0;
  if (o.solver == "portfolio") {
    double most = 0;
    for (const std::string& racer : racers_of(o))
      if (const SolverEntry* e = find_solver(racer)) most = std::max(most, e->bytes_per_placement);
    return most;
  }
  const SolverEntry* e = find_solver(o.solver);
  return e ? e->bytes_per_placement : 0;
}

// The largest per-placement cost among the steps this run takes (they run
// one after the other, each freeing its model).
double bytes_per_placement(const Options& o) {
  const bool z3_cnf =
      o.cnf_encoder == CnfEncoder::Z3 &&
      (!o.cnf_path.empty() || !o.certificate_path.empty() || !o.var_map_path.empty());
  double bytes = solver_bytes_per_placement(o);
  if (!o.smt2_path.empty() || z3_cnf) bytes = std::max(bytes, kZ3BytesPerPlacement);
  if (!o.cnf_path.empty() || !o.certificate_path.empty())
    bytes = std::max(bytes, kNativeCnfBytesPerPlacement);
  return bytes;
}

double estimated_bytes(double bytes_per_placement, int levels) {
  const double cubes = static_cast<double>(Pyramid::cube_count(levels));
  const double labels = 2.0 * levels - 1;
  return kBaseBytes + cubes * kLocalBytesPerCube +
         cubes * labels * labels * labels * bytes_per_placement;
}

double estimated_bytes(const Options& o, int levels) {
  return estimated_bytes(bytes_per_placement(o), levels);
}

double physical_memory() {
  return static_cast<double>(::sysconf(_SC_PHYS_PAGES)) *
         static_cast<double>(::sysconf(_SC_PAGE_SIZE));
}

}  // namespace

bool construction_fits(int levels) {
  return estimated_bytes(find_solver("construct")->bytes_per_placement, levels) <=
         physical_memory();
}

double estimated_memory_bytes(const Options& options) {
  return estimated_bytes(options, options.levels);
}

void check_fits_in_memory(const Options& options) {
  const double memory = physical_memory();
  if (estimated_bytes(options, options.levels) <= memory) return;
  int largest = 1;
  while (largest < kMaxLevels && estimated_bytes(options, largest + 1) <= memory) ++largest;
  throw UserError(
      fmt::format("N={} needs about {:.3g} GiB for its formulation; this machine has {:.1f} GiB "
                  "(largest N that fits: {})",
                  options.levels, estimated_bytes(options, options.levels) / (1 << 30),
                  memory / (1 << 30), largest));
}

}  // namespace bel_pyramid
