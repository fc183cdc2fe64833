#include "app/report.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <fmt/ranges.h>

#include <cassert>
#include <string>
#include <vector>

#include "base/error.hpp"
#include "formats/knuth_format.hpp"
#include "model/strategy.hpp"

namespace bel_pyramid {
namespace {

std::string list(const std::vector<int>& values) {
  return fmt::format("[{}]", fmt::join(values, ", "));
}

// "the strategies A, B", "the hypotheses H.hyp" or "the strategies A and the
// hypotheses H.hyp": the built-in strategies by name, the rest (files, parts,
// symmetry breaking) as hypotheses.
std::string describe_assumptions(const std::vector<StrategyRecord>& records) {
  std::vector<std::string> strategies, hypotheses;
  for (const StrategyRecord& r : records)
    (find_strategy(r.name) ? strategies : hypotheses).push_back(r.name);
  const auto named = [](const char* what, const std::vector<std::string>& names) {
    return fmt::format("the {} {}", what, fmt::join(names, ", "));
  };
  if (hypotheses.empty()) return named("strategies", strategies);
  if (strategies.empty()) return named("hypotheses", hypotheses);
  return named("strategies", strategies) + " and " + named("hypotheses", hypotheses);
}

}  // namespace

std::ostream& null_stream() {
  static std::ostream discard(nullptr);  // no buffer: every write is dropped
  return discard;
}

void print_statistics(const Formulation& f, std::ostream& out) {
  const Pyramid& p = f.pyramid();
  std::vector<int> cubes, labels;
  for (int size : p.level_sizes()) cubes.push_back(size * size);
  for (int l = 0; l < p.labels(); ++l) labels.push_back(l);
  fmt::print(out, "Parameters:\n");
  fmt::print(out, "    Levels: {}\n", p.levels());
  fmt::print(out, "    Level Sizes: {}\n", list(p.level_sizes()));
  fmt::print(out, "    Level Cubes: {}\n", list(cubes));
  fmt::print(out, "    Total Cubes: {}\n", p.cube_count());
  fmt::print(out, "    Labels: {}\n", list(labels));
  fmt::print(out, "    Label Sort: {}\n\n", f.domain() == Domain::Int ? "Int" : "label");
  fmt::print(out, "Variables:\n");
  fmt::print(out, "    X Axis Variables: {}\n", p.x_var_count());
  fmt::print(out, "    Y Axis Variables: {}\n", p.y_var_count());
  fmt::print(out, "    Z Axis Variables: {}\n", p.z_var_count());
  fmt::print(out, "    Placement Variables: {}\n\n", p.placement_count());
  fmt::print(out, "Constraints:\n");
  fmt::print(out, "    Axis Label Bounds: {}\n", f.axis_label_bounds());
  fmt::print(out, "    Placement Equalities: {}\n", f.placement_equalities());
  fmt::print(out, "    Cube Uniqueness Constraints: {}\n\n", f.cube_uniqueness_constraints());
  if (f.strategies().empty()) return;
  fmt::print(out, "Strategies:\n");
  for (const StrategyRecord& s : f.strategies())
    fmt::print(out, "    {} applied {} constraint(s).\n", s.name, s.constraints);
  fmt::print(out, "\n");
}

void print_result(const Formulation& f, const SolveResult& result, std::ostream& out) {
  const Pyramid& p = f.pyramid();
  switch (result.status) {
    case SolveResult::Status::Sat: {
      const Validation v = validate(p, *result.solution);
      if (!v.ok) throw UserError("the solver returned an invalid solution: " + v.message);
      for (const Constraint& c : f.constraints())
        if (!evaluate(c, result.solution->labels()))
          throw UserError("the solver returned a solution that violates a strategy constraint");
      fmt::print(out, "Solution:\n{}", format_knuth(p, *result.solution));
      return;
    }
    case SolveResult::Status::Unsat: {
      fmt::print(out, "No solution exists for {} levels.\n", p.levels());
      if (!f.strategies().empty())
        fmt::print(out, "(under {}: without them solutions may exist)\n",
                   describe_assumptions(f.strategies()));
      return;
    }
    case SolveResult::Status::Unknown:
      assert(false && "run() reports Unknown before printing a result");
      return;
  }
}

}  // namespace bel_pyramid
