#include "bel_pyramid/memory_guard.hpp"

#include <fmt/format.h>
#include <unistd.h>

#include "bel_pyramid/error.hpp"
#include "bel_pyramid/pyramid.hpp"

namespace bel_pyramid {
namespace {

// Peak memory per placement Boolean (cube position x label triple) of what a
// run builds, measured with /usr/bin/time -v (peak RSS, KB / placement):
//   Z3 lowering: 5 --smt2 /dev/null --skip-solver 3.8; 4 --solver z3 5.7
//   native CNF + CaDiCaL: 4/5/6 --solver cadical --timeout 3  1.8/1.2/1.25
//   native CNF only: 4/5/6 --cnf /dev/null --skip-solver  0.39/0.20/0.18
// and rounded up by about 1.5-2.5x, since a longer search grows the learnt
// clause database. Local search keeps O(cubes) state (6.5 MB flat to N=6).
constexpr double kZ3BytesPerPlacement = 8192;
constexpr double kCadicalBytesPerPlacement = 2560;
constexpr double kNativeCnfBytesPerPlacement = 512;
constexpr double kLocalBytesPerCube = 1024;
constexpr double kXccBytesPerPlacement = 128;  // 6 dancing-links nodes and their labels
constexpr double kBaseBytes = 16.0 * (1 << 20);

bool uses_z3(const Options& o) {
  const bool solves = !o.skip_solver && o.certificate_path.empty();
  const bool z3_cnf =
      o.cnf_encoder == CnfEncoder::Z3 &&
      (!o.cnf_path.empty() || !o.certificate_path.empty() || !o.var_map_path.empty());
  return (solves && o.solver == SolverKind::Z3) || !o.smt2_path.empty() || z3_cnf;
}

bool uses_cadical(const Options& o) {
  const bool solves = !o.skip_solver && o.certificate_path.empty();
  return solves && (o.solver == SolverKind::Cadical || o.solver == SolverKind::Portfolio);
}

// The largest per-placement cost among the steps this run takes (they run
// one after the other, each freeing its model).
double bytes_per_placement(const Options& o) {
  if (uses_z3(o)) return kZ3BytesPerPlacement;
  if (uses_cadical(o)) return kCadicalBytesPerPlacement;
  if (o.solver == SolverKind::Xcc && !o.skip_solver) return kXccBytesPerPlacement;
  if (!o.cnf_path.empty() || !o.certificate_path.empty()) return kNativeCnfBytesPerPlacement;
  return 0;
}

double estimated_bytes(const Options& o, int levels) {
  const double cubes = static_cast<double>(Pyramid::cube_count(levels));
  const double labels = 2.0 * levels - 1;
  return kBaseBytes + cubes * kLocalBytesPerCube +
         cubes * labels * labels * labels * bytes_per_placement(o);
}

}  // namespace

double estimated_memory_bytes(const Options& options) {
  return estimated_bytes(options, options.levels);
}

void check_fits_in_memory(const Options& options) {
  const double memory = static_cast<double>(::sysconf(_SC_PHYS_PAGES)) *
                        static_cast<double>(::sysconf(_SC_PAGE_SIZE));
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
