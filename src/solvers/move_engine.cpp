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
      line_stride_(pyramid.var_count(), 0),
      penalties_(std::move(penalties)),
      penalties_of_(pyramid.var_count()),
      satisfied_(penalties_.size(), 1),
      labels_(pyramid.var_count(), 0),
      triple_(pyramid.positions().size(), 0),
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
  std::vector<std::vector<int>> lines(pyramid.var_count());
  const auto& positions = pyramid.positions();
  for (std::size_t i = 0; i < positions.size(); ++i) {
    vars_at_.push_back(pyramid.vars_at(positions[i]));
    for (int slot = 0; slot < 3; ++slot) {
      const int v = vars_at_.back()[slot];
      lines[v].push_back(static_cast<int>(i));
      line_stride_[v] = slot_stride(slot);
    }
  }
  std::size_t longest = 0;
  for (const std::vector<int>& line : lines) {
    line_start_.push_back(static_cast<int>(line_positions_.size()));
    line_positions_.insert(line_positions_.end(), line.begin(), line.end());
    longest = std::max(longest, line.size());
  }
  line_start_.push_back(static_cast<int>(line_positions_.size()));
  fresh_.resize(longest);
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
  for (int p = 0; p < position_count(); ++p) {
    triple_[p] = triple_of(p);
    duplicates_ += place(p, cube_id_[triple_[p]]);
  }
  violated_ = 0;
  for (std::size_t k = 0; k < penalties_.size(); ++k) {
    satisfied_[k] = evaluate(penalties_[k], labels_);
    violated_ += satisfied_[k] ? 0 : 1;
  }
}

int MoveEngine::set_label(int var, int label) {
  const int before = cost();
  const int shift = (label - labels_[var]) * line_stride_[var];
  for (const int p : line(var)) duplicates_ += unplace(p);
  labels_[var] = label;
  for (const int p : line(var)) {
    triple_[p] += shift;
    duplicates_ += place(p, cube_id_[triple_[p]]);
  }
  for (int k : penalties_of_[var]) {
    const char now = evaluate(penalties_[k], labels_);
    violated_ += (satisfied_[k] ? 0 : -1) + (now ? 0 : 1);
    satisfied_[k] = now;
  }
  return cost() - before;
}

// Takes the line's cubes out, puts the new ones in while counting, then
// restores the counts: positions of one line can trade cubes among
// themselves, which a per-position count would miss.
int MoveEngine::relabel_delta(int var, int label) {
  const int shift = (label - labels_[var]) * line_stride_[var];
  const std::span<const int> positions = line(var);
  int duplicates = 0;
  for (const int p : positions) duplicates -= --uses_[cube_[p]] >= 1 ? 1 : 0;
  int* fresh = fresh_.data();
  for (const int p : positions) {
    *fresh = cube_id_[triple_[p] + shift];
    duplicates += uses_[*fresh++]++ >= 1 ? 1 : 0;
  }
  int violated = 0;
  if (!penalties_of_[var].empty()) {
    const int old = labels_[var];
    labels_[var] = label;
    for (int k : penalties_of_[var])
      violated += (evaluate(penalties_[k], labels_) ? 0 : 1) - (satisfied_[k] ? 0 : 1);
    labels_[var] = old;
  }
  for (int* c = fresh_.data(); c != fresh; ++c) --uses_[*c];
  for (const int p : positions) ++uses_[cube_[p]];
  return duplicates + penalty_weight_ * violated;
}

int MoveEngine::recount() const {
  std::vector<int> uses(uses_.size(), 0);
  int duplicates = 0;
  for (int p = 0; p < position_count(); ++p)
    if (uses[cube_id_[triple_of(p)]]++ >= 1) ++duplicates;
  int violated = 0;
  for (const Constraint& c : penalties_) violated += evaluate(c, labels_) ? 0 : 1;
  return duplicates + penalty_weight_ * violated;
}

}  // namespace bel_pyramid
