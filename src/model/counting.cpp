#include "model/counting.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <functional>
#include <stdexcept>

#include "base/error.hpp"

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

Formulation with_part(const Formulation& formulation, const CountOptions& options) {
  Formulation f = formulation;
  if (options.part) f.add_strategy("part", {part_constraint(f.pyramid(), *options.part)});
  if (!options.centre.empty()) {
    const std::vector<int> vars = centre_vars(f.pyramid());
    std::vector<Constraint> fixed;
    for (std::size_t k = 0; k < vars.size(); ++k)
      fixed.push_back(compare(var(vars[k]), Rel::Eq, label(options.centre[k])));
    f.add_strategy("centre", std::move(fixed));
  }
  return f;
}

namespace {

// The centre column's cubes (mid, mid, h) under a pattern are distinct.
bool centre_cubes_distinct(const std::vector<int>& labels) {
  std::vector<Cube> cubes;
  for (std::size_t h = 0; 2 * h + 2 < labels.size() + 1; ++h) {
    Cube c{labels[0], labels[2 * h + 1], labels[2 * h + 2]};
    std::sort(c.begin(), c.end());
    if (std::find(cubes.begin(), cubes.end(), c) != cubes.end()) return false;
    cubes.push_back(c);
  }
  return true;
}

std::uint64_t falling(int n, int k) {
  std::uint64_t w = 1;
  for (int i = 0; i < k; ++i) w *= static_cast<std::uint64_t>(n - i);
  return w;
}

}  // namespace

std::vector<CentrePattern> centre_patterns(const Pyramid& p) {
  const std::size_t length = centre_vars(p).size();
  std::vector<CentrePattern> out;
  std::vector<int> labels;
  std::function<void(int)> grow = [&](int used) {
    if (labels.size() == length) {
      if (centre_cubes_distinct(labels)) out.push_back({labels, falling(p.labels(), used)});
      return;
    }
    for (int l = 0; l <= used && l < p.labels(); ++l) {
      labels.push_back(l);
      grow(std::max(used, l + 1));
      labels.pop_back();
    }
  };
  grow(0);
  return out;
}

std::string to_string(const CentrePattern& pattern) {
  return fmt::format("{}", fmt::join(pattern.labels, ","));
}

CentrePattern parse_centre_pattern(const Pyramid& p, const std::string& text) {
  CentrePattern pattern;
  int used = 0;
  std::size_t at = 0;
  const auto bad = [&](const std::string& why) {
    return UserError(fmt::format("--centre-pattern \"{}\": {}", text, why));
  };
  while (at <= text.size()) {
    const std::size_t comma = std::min(text.find(',', at), text.size());
    int l = -1;
    auto [ptr, ec] = std::from_chars(text.data() + at, text.data() + comma, l);
    if (ec != std::errc() || ptr != text.data() + comma || l < 0)
      throw bad("expected labels separated by commas");
    if (l > used) throw bad("each label must be at most 1 + the largest before it");
    if (l >= p.labels()) throw bad(fmt::format("label {} is not below L={}", l, p.labels()));
    used = std::max(used, l + 1);
    pattern.labels.push_back(l);
    at = comma + 1;
  }
  if (pattern.labels.size() != centre_vars(p).size())
    throw bad(fmt::format("expected {} labels (the centre column's lines), got {}",
                          centre_vars(p).size(), pattern.labels.size()));
  pattern.weight = falling(p.labels(), used);
  return pattern;
}

SolutionTally::SolutionTally(const Formulation& formulation, const CountOptions& options)
    : formulation_(formulation),
      options_(options),
      closed_(std::all_of(
          formulation.strategies().begin(), formulation.strategies().end(),
          [](const StrategyRecord& s) { return s.name == "part" || s.name == "centre"; })) {
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
