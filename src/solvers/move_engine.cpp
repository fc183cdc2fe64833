#include "solvers/move_engine.hpp"

#include <algorithm>
#include <cassert>

namespace bel_pyramid {
namespace {

void collect_vars(const Constraint& c, std::vector<int>& out) {
  for (Term t : {c.lhs, c.rhs})
    if (c.kind == Constraint::Kind::Compare && t.is_var()) out.push_back(t.var);
  for (const Constraint& child : c.children) collect_vars(child, out);
  out.insert(out.end(), c.left.begin(), c.left.end());
  out.insert(out.end(), c.right.begin(), c.right.end());
  for (const WeightedLabel& t : c.terms) out.push_back(t.var);
}

}  // namespace

MoveEngine::MoveEngine(const Pyramid& pyramid, std::vector<Constraint> penalties,
                       int penalty_weight)
    : labels_count_(pyramid.labels()),
      penalty_weight_(penalty_weight),
      line_(pyramid.var_count()),
      penalties_(std::move(penalties)),
      penalties_of_(pyramid.var_count()),
      satisfied_(penalties_.size(), 1),
      labels_(pyramid.var_count(), 0),
      cube_(pyramid.positions().size(), -1),
      uses_(pyramid.cubes().size(), 0) {
  const int L = labels_count_;
  cube_id_.resize(static_cast<std::size_t>(L) * L * L);
  for (int a = 0; a < L; ++a)
    for (int b = 0; b < L; ++b)
      for (int c = 0; c < L; ++c) {
        Cube sorted{a, b, c};
        std::sort(sorted.begin(), sorted.end());
        cube_id_[(a * L + b) * L + c] = pyramid.cube_index(sorted);
      }
  const auto& positions = pyramid.positions();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    vars_at_.push_back(pyramid.vars_at(positions[i]));
    for (int v : vars_at_.back()) line_[v].push_back(static_cast<int>(i));
  }
  for (std::size_t k = 0; k < penalties_.size(); ++k) {
    std::vector<int> vars;
    collect_vars(penalties_[k], vars);
    std::sort(vars.begin(), vars.end());
    vars.erase(std::unique(vars.begin(), vars.end()), vars.end());
    for (int v : vars) penalties_of_[v].push_back(static_cast<int>(k));
  }
  reset(labels_);
}

void MoveEngine::reset(std::vector<int> labels) {
  assert(labels.size() == labels_.size());
  labels_ = std::move(labels);
  std::fill(uses_.begin(), uses_.end(), 0);
  duplicates_ = 0;
  for (int p = 0; p < position_count(); ++p) duplicates_ += place(p, cube_of(p));
  violated_ = 0;
  for (std::size_t k = 0; k < penalties_.size(); ++k) {
    satisfied_[k] = evaluate(penalties_[k], labels_);
    violated_ += satisfied_[k] ? 0 : 1;
  }
}

int MoveEngine::set_label(int var, int label) {
  const int before = cost();
  for (int p : line_[var]) duplicates_ += unplace(p);
  labels_[var] = label;
  for (int p : line_[var]) duplicates_ += place(p, cube_of(p));
  for (int k : penalties_of_[var]) {
    const char now = evaluate(penalties_[k], labels_);
    violated_ += (satisfied_[k] ? 0 : -1) + (now ? 0 : 1);
    satisfied_[k] = now;
  }
  return cost() - before;
}

int MoveEngine::relabel_delta(int var, int label) {
  const int old = labels_[var];
  const std::vector<int>& line = line_[var];
  int duplicates = 0;
  for (int p : line) duplicates -= --uses_[cube_[p]] >= 1 ? 1 : 0;
  labels_[var] = label;
  scratch_.clear();
  for (int p : line) {
    scratch_.push_back(cube_of(p));
    duplicates += uses_[scratch_.back()]++ >= 1 ? 1 : 0;
  }
  int violated = 0;
  for (int k : penalties_of_[var])
    violated += (evaluate(penalties_[k], labels_) ? 0 : 1) - (satisfied_[k] ? 0 : 1);
  labels_[var] = old;  // and the counts as they were
  for (int c : scratch_) --uses_[c];
  for (int p : line) ++uses_[cube_[p]];
  return duplicates + penalty_weight_ * violated;
}

int MoveEngine::recount() const {
  std::vector<int> uses(uses_.size(), 0);
  int duplicates = 0;
  for (int p = 0; p < position_count(); ++p)
    if (uses[cube_of(p)]++ >= 1) ++duplicates;
  int violated = 0;
  for (const Constraint& c : penalties_) violated += evaluate(c, labels_) ? 0 : 1;
  return duplicates + penalty_weight_ * violated;
}

}  // namespace bel_pyramid
