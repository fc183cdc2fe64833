#include "solvers/completion.hpp"

#include <algorithm>
#include <bit>
#include <vector>

#include "cnf/cardinality.hpp"
#include "cnf/cnf.hpp"
#include "cnf/cnf_options.hpp"
#include "model/checked_solution.hpp"
#include "model/label_domains.hpp"
#include "solvers/cadical_driver.hpp"

namespace bel_pyramid {
namespace {

// The one label a mask allows, or -1.
int single_label(LabelMask mask) { return std::popcount(mask) == 1 ? std::countr_zero(mask) : -1; }

// One Boolean "column (y, x) takes label l".
struct Option {
  int z_var;
  int label;
  int literal;
};

// The exact cover's CNF and what its literals mean.
struct CoverCnf {
  Cnf cnf;
  std::vector<Option> options;
  std::vector<int> labels;  // every axis variable: X and Y fixed, Z to be read
};

// The cubes a column puts with label l, or an empty list when it would put
// one cube twice (that option can never be part of a solution).
std::vector<int> cubes_of(const Pyramid& p, const std::vector<int>& labels, int y, int x, int l) {
  std::vector<int> cubes;
  for (int h = 0; h < p.height(x, y); ++h) {
    Cube c = {labels[p.x_var(x, h)], labels[p.y_var(y, h)], l};
    std::sort(c.begin(), c.end());
    const int cube = p.cube_index(c);
    if (std::find(cubes.begin(), cubes.end(), cube) != cubes.end()) return {};
    cubes.push_back(cube);
  }
  return cubes;
}

// Exactly one of the literals (an empty list: the empty clause).
void exactly_one(Cnf& cnf, const std::vector<int>& lits, AmoEncoding amo) {
  cnf.add_clause(lits);
  at_most_one(cnf, lits, amo);
}

CoverCnf cover_cnf(const Formulation& f, const LabelDomains& domains, AmoEncoding amo) {
  const Pyramid& p = f.pyramid();
  CoverCnf out;
  out.labels.assign(p.var_count(), -1);
  for (int v = 0; v < p.z_var(0, 0); ++v) out.labels[v] = single_label(domains.masks[v]);
  std::vector<std::vector<int>> covering(p.cube_count());
  for (int y = 0; y < p.base(); ++y)
    for (int x = 0; x < p.base(); ++x) {
      const int z = p.z_var(y, x);
      std::vector<int> column;
      for (int l = 0; l < p.labels(); ++l) {
        if (!((domains.masks[z] >> l) & 1)) continue;
        const std::vector<int> cubes = cubes_of(p, out.labels, y, x, l);
        if (cubes.empty()) continue;
        const int literal = out.cnf.new_var();
        out.options.push_back({z, l, literal});
        column.push_back(literal);
        for (const int cube : cubes) covering[cube].push_back(literal);
      }
      exactly_one(out.cnf, column, amo);
    }
  for (const std::vector<int>& lits : covering) exactly_one(out.cnf, lits, amo);
  return out;
}

}  // namespace

bool completes(const Formulation& formulation) {
  const Pyramid& p = formulation.pyramid();
  const LabelDomains domains = split_constraints(formulation);
  if (domains.contradiction || !domains.penalties.empty()) return false;
  for (int v = 0; v < p.z_var(0, 0); ++v)
    if (single_label(domains.masks[v]) < 0) return false;
  return true;
}

bool takes_completion(const Formulation& formulation, const SolveLimits& limits) {
  CnfOptions encoder = limits.cnf_options;  // CaDiCaL's own keys apply to either CNF
  encoder.cadical_config.reset();
  encoder.cadical_phase = -1;
  encoder.completion_amo = CnfOptions{}.completion_amo;
  return limits.cnf_options.completion && !limits.proof && !limits.start &&
         encoder == CnfOptions{} && completes(formulation);
}

SolveResult solve_completion(const Formulation& formulation, const SolveLimits& given) {
  // CaDiCaL's "sat" configuration: median 14.8 CPU s against 53.3 for its
  // default on ColumnStep at N=7, seeds 1-10 (bench/RESULTS.md, "Completions").
  SolveLimits limits = given;
  if (!limits.cnf_options.cadical_config) limits.cnf_options.cadical_config = "sat";
  const StopCheck check = limits.started();
  const CoverCnf cover =
      cover_cnf(formulation, split_constraints(formulation), limits.cnf_options.completion_amo);
  try {
    CadicalDriver cadical(formulation.pyramid(), cover.cnf, limits, check);
    switch (cadical.solve()) {
      case CadicalDriver::Status::Sat: {
        std::vector<int> labels = cover.labels;
        for (const Option& o : cover.options)
          if (cadical.value(o.literal)) labels[o.z_var] = o.label;
        return checked_result(formulation, labels, "the completion");
      }
      case CadicalDriver::Status::Unsat: return {SolveResult::Status::Unsat, std::nullopt, {}};
      case CadicalDriver::Status::Stopped: break;
    }
    return {SolveResult::Status::Unknown, std::nullopt, cadical.stop_reason()};
  } catch (const Stopped& stopped) {
    return {SolveResult::Status::Unknown, std::nullopt, stopped.what()};
  }
}

}  // namespace bel_pyramid
