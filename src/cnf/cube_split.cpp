// The lookahead of cube_split.hpp over a small unit propagator (two watched
// literals, trail undo); no solver state is shared with the search.
#include "cnf/cube_split.hpp"

#include <algorithm>
#include <cstdlib>
#include <deque>
#include <utility>

#include "cnf/numbering.hpp"

namespace bel_pyramid {
namespace {

class Propagator {
 public:
  explicit Propagator(const Cnf& cnf)
      : cnf_(cnf), value_(cnf.num_vars() + 1, 0), watches_(2 * (cnf.num_vars() + 1)) {
    for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
      const auto c = cnf.clause(i);
      if (c.empty()) {
        root_conflict_ = true;
      } else if (c.size() == 1) {
        units_.push_back(c[0]);
      } else {
        watches_[index(c[0])].push_back(i);
        watches_[index(c[1])].push_back(i);
      }
    }
    clause_first_.resize(cnf.num_clauses());
    for (std::size_t i = 0; i < cnf.num_clauses(); ++i)
      if (cnf.clause(i).size() >= 2) clause_first_[i] = {cnf.clause(i)[0], cnf.clause(i)[1]};
  }

  // Assigns `lits` and propagates; false on a conflict. Undo with reset().
  bool assume(const std::vector<int>& lits) {
    if (root_conflict_) return false;
    for (int u : units_)
      if (!assign(u)) return false;
    for (int l : lits)
      if (!assign(l)) return false;
    return propagate();
  }
  bool assume_one(int lit) { return assign(lit) && propagate(); }
  [[nodiscard]] std::size_t trail_size() const { return trail_.size(); }
  [[nodiscard]] int value(int lit) const { return lit > 0 ? value_[lit] : -value_[-lit]; }
  void undo_to(std::size_t size) {
    while (trail_.size() > size) {
      value_[std::abs(trail_.back())] = 0;
      trail_.pop_back();
    }
    head_ = std::min(head_, size);
  }

 private:
  [[nodiscard]] static std::size_t index(int lit) {
    return 2 * static_cast<std::size_t>(std::abs(lit)) + (lit < 0 ? 1 : 0);
  }
  bool assign(int lit) {
    const int v = value(lit);
    if (v != 0) return v > 0;
    value_[std::abs(lit)] = lit > 0 ? 1 : -1;
    trail_.push_back(lit);
    return true;
  }
  // The watched pair of clause i lives in clause_first_[i]; -lit just became
  // false, so clause i needs a new watch, or it is unit, or a conflict.
  bool propagate() {
    while (head_ < trail_.size()) {
      const int falsified = -trail_[head_++];
      std::vector<std::size_t>& list = watches_[index(falsified)];
      std::size_t keep = 0;
      bool ok = true;
      for (std::size_t k = 0; k < list.size(); ++k) {
        const std::size_t i = list[k];
        if (!ok) {
          list[keep++] = i;
          continue;
        }
        auto& [w0, w1] = clause_first_[i];
        if (w0 == falsified) std::swap(w0, w1);
        if (value(w0) > 0) {
          list[keep++] = i;
          continue;
        }
        bool moved = false;
        for (int lit : cnf_.clause(i)) {
          if (lit == w0 || lit == w1 || value(lit) < 0) continue;
          w1 = lit;
          watches_[index(lit)].push_back(i);
          moved = true;
          break;
        }
        if (moved) continue;
        list[keep++] = i;
        if (!assign(w0)) ok = false;
      }
      list.resize(keep);
      if (!ok) return false;
    }
    return true;
  }

  const Cnf& cnf_;
  std::vector<signed char> value_;
  std::vector<std::vector<std::size_t>> watches_;
  std::vector<std::pair<int, int>> clause_first_;
  std::vector<int> units_, trail_;
  std::size_t head_ = 0;
  bool root_conflict_ = false;
};

// Variables assigned by propagating `lit` on top of the current trail; -1
// when it fails (a conflict).
long lookahead(Propagator& prop, int lit) {
  const std::size_t base = prop.trail_size();
  const bool ok = prop.assume_one(lit);
  const auto gained = static_cast<long>(prop.trail_size() - base);
  prop.undo_to(base);
  return ok ? gained : -1;
}

// Picks the label literal to split the current (propagated) leaf on; 0 when
// none is left. A failed literal's negation is implied by the leaf, so it
// joins the leaf (and the trail); false if that refutes the leaf.
bool choose_literal(Propagator& prop, const SplitLines& lines, int candidates,
                    const StopCheck* stop, std::vector<int>& leaf, int& best) {
  std::vector<const std::vector<int>*> open;
  for (const std::vector<int>& line : lines) {
    if (open.size() == static_cast<std::size_t>(candidates)) break;
    if (std::none_of(line.begin(), line.end(),
                     [&](int lit) { return lit != 0 && prop.value(lit) > 0; }))
      open.push_back(&line);
  }
  best = 0;
  double best_score = -1;
  for (const std::vector<int>* line : open) {
    if (stop) stop->check();
    for (const int lit : *line) {
      if (lit == 0 || prop.value(lit) != 0) continue;
      const long yes = lookahead(prop, lit), no = lookahead(prop, -lit);
      if (yes < 0 || no < 0) {  // failed literal
        const int implied = yes < 0 ? -lit : lit;
        leaf.push_back(implied);
        if ((yes < 0 && no < 0) || !prop.assume_one(implied)) return false;
        if (best != 0 && prop.value(best) != 0) {  // the implied literal decided it
          best = 0;
          best_score = -1;
        }
        continue;
      }
      const double score = static_cast<double>(yes + 1) * static_cast<double>(no + 1);
      if (score > best_score) {
        best_score = score;
        best = lit;
      }
    }
  }
  return true;
}

// Picks the line to split the current (propagated) leaf on: its open label
// literals, one child each; empty when no line is open. Failed literals
// join the leaf negated, as in choose_literal; false if that refutes it.
bool choose_line(Propagator& prop, const SplitLines& lines, int candidates, const StopCheck* stop,
                 std::vector<int>& leaf, std::vector<int>& best) {
  best.clear();
  double best_score = -1;
  int tried = 0;
  for (const std::vector<int>& line : lines) {
    if (tried == candidates) break;
    if (std::any_of(line.begin(), line.end(),
                    [&](int lit) { return lit != 0 && prop.value(lit) > 0; }))
      continue;
    ++tried;
    if (stop) stop->check();
    std::vector<int> open;
    double score = 0;
    for (const int lit : line) {
      if (lit == 0 || prop.value(lit) != 0) continue;
      const long yes = lookahead(prop, lit);
      if (yes < 0) {  // failed literal: the leaf implies its negation
        leaf.push_back(-lit);
        if (!prop.assume_one(-lit)) return false;
        continue;
      }
      open.push_back(lit);
      score += static_cast<double>(yes);
    }
    // Failed literals may have decided this line or an earlier choice.
    std::erase_if(open, [&](int lit) { return prop.value(lit) != 0; });
    std::erase_if(best, [&](int lit) { return prop.value(lit) != 0; });
    if (best.size() < 2) best.clear();
    if (open.size() < 2) continue;
    if (best.empty() || open.size() < best.size() ||
        (open.size() == best.size() && score > best_score)) {
      best = std::move(open);
      best_score = score;
    }
  }
  return true;
}

// Adds a new leaf to `open` unless the options' filter drops it; a
// dropped leaf counts among the K (`dropped`), so that the tree is the one
// the split makes without the filter, less what the filter shows empty.
void add_leaf(const CubeSplitOptions& options, std::vector<int> leaf,
              std::deque<std::vector<int>>& open, std::size_t& dropped) {
  if (!options.narrow || options.narrow(leaf))
    open.push_back(std::move(leaf));
  else
    ++dropped;
}

// One step of the split by lines: `leaf`'s children go to `open`, or the
// leaf to `done` when no line is open under it (or it is refuted).
void split_by_line(Propagator& prop, const SplitLines& lines, const CubeSplitOptions& options,
                   std::vector<int> leaf, std::deque<std::vector<int>>& open,
                   std::vector<std::vector<int>>& done, std::size_t& dropped) {
  std::vector<int> line;
  const bool consistent =
      prop.assume(leaf) && choose_line(prop, lines, options.candidates, options.stop, leaf, line);
  prop.undo_to(0);
  if (!consistent || line.empty()) {
    done.push_back(std::move(leaf));
    return;
  }
  for (const int lit : line) {
    std::vector<int> child = leaf;
    child.push_back(lit);
    add_leaf(options, std::move(child), open, dropped);
  }
}

}  // namespace

SplitLines split_lines(const Pyramid& p, const std::function<std::vector<int>(int)>& literals) {
  std::vector<int> vars(p.var_count());
  for (int v = 0; v < p.var_count(); ++v) vars[v] = v;
  std::stable_sort(vars.begin(), vars.end(),
                   [&](int a, int b) { return p.line_length(a) > p.line_length(b); });
  SplitLines lines;
  for (const int v : vars)
    if (std::vector<int> line = literals(v); !line.empty()) lines.push_back(std::move(line));
  return lines;
}

SplitLines native_split_lines(const Pyramid& p) {
  return split_lines(p, [&p](int v) {
    std::vector<int> line;
    for (int l = 0; l < p.labels(); ++l) line.push_back(label_literal(p, v, l));
    return line;
  });
}

std::vector<std::vector<int>> split_cubes(const Cnf& cnf, const Pyramid& p,
                                          const CubeSplitOptions& options) {
  return split_cubes(cnf, native_split_lines(p), options);
}

std::vector<std::vector<int>> split_cubes(const Cnf& cnf, const SplitLines& lines,
                                          const CubeSplitOptions& options) {
  Propagator prop(cnf);
  std::deque<std::vector<int>> open;  // breadth first: shallowest leaf first
  std::size_t dropped = 0;            // by the options' filter
  add_leaf(options, options.root, open, dropped);
  std::vector<std::vector<int>> done;  // leaves that cannot be split further, or are refuted
  while (!open.empty() &&
         open.size() + done.size() + dropped < static_cast<std::size_t>(options.cubes)) {
    std::vector<int> leaf = std::move(open.front());
    open.pop_front();
    if (options.by == SplitBy::Line) {
      split_by_line(prop, lines, options, std::move(leaf), open, done, dropped);
      continue;
    }
    int lit = 0;
    const bool consistent = prop.assume(leaf) && choose_literal(prop, lines, options.candidates,
                                                                options.stop, leaf, lit);
    prop.undo_to(0);
    if (!consistent || lit == 0) {
      // A refuted leaf stays a cube: its refutation may take both branches
      // of a literal (a failed literal either way), which unit propagation
      // alone cannot show; its solver run then proves it, at once.
      done.push_back(std::move(leaf));
    } else {
      std::vector<int> other = leaf;
      leaf.push_back(lit);
      other.push_back(-lit);
      add_leaf(options, std::move(leaf), open, dropped);
      add_leaf(options, std::move(other), open, dropped);
    }
  }
  for (auto& leaf : open) done.push_back(std::move(leaf));
  return done;
}

}  // namespace bel_pyramid
