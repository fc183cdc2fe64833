#include "bel_pyramid/counting.hpp"

#include <algorithm>
#include <stdexcept>

namespace bel_pyramid {

Constraint part_constraint(const Pyramid& p, const Part& part) {
  const int m = p.mid(), L = p.labels();
  const int vars[3] = {p.x_var(m, 0), p.y_var(m, 0), p.z_var(m, m)};
  std::vector<Constraint> triples;
  for (int t = part.index; t < L * L * L; t += part.count)
    triples.push_back(all_of({compare(var(vars[0]), Rel::Eq, label(t / (L * L))),
                              compare(var(vars[1]), Rel::Eq, label(t / L % L)),
                              compare(var(vars[2]), Rel::Eq, label(t % L))}));
  return any_of(std::move(triples));
}

Formulation with_part(const Formulation& formulation, const std::optional<Part>& part) {
  Formulation f = formulation;
  if (part) f.add_strategy("part", {part_constraint(f.pyramid(), *part)});
  return f;
}

SolutionTally::SolutionTally(const Formulation& formulation, const CountOptions& options)
    : formulation_(formulation),
      options_(options),
      closed_(std::all_of(formulation.strategies().begin(), formulation.strategies().end(),
                          [](const StrategyRecord& s) { return s.name == "part"; })) {
  if (options.up_to_symmetry) group_ = std::make_unique<SymmetryGroup>(formulation.pyramid());
}

bool SolutionTally::new_class(const std::vector<int>& labels) {
  if (closed_) return group_->is_canonical(labels);
  const std::vector<int> form = group_->canonical_form(labels);
  return seen_.emplace(form.begin(), form.end()).second;
}

bool SolutionTally::add(const std::vector<int>& labels) {
  const Pyramid& p = formulation_.pyramid();
  const Solution solution(p.levels(), labels);
  const Validation v = validate(p, solution);
  if (!v.ok) throw std::logic_error("a counting engine reported an invalid solution: " + v.message);
  for (const Constraint& c : formulation_.constraints())
    if (!evaluate(c, labels))
      throw std::logic_error("a counting engine reported a solution that violates a constraint");
  ++solutions_;
  bool listed = !options_.up_to_symmetry;
  if (options_.up_to_symmetry && new_class(labels)) {
    ++classes_;
    listed = true;
  }
  if (listed && options_.on_solution) options_.on_solution(solution, counted());
  return !limit_reached();
}

}  // namespace bel_pyramid
