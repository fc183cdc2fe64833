// Counting and listing solutions: the options, the result, and the tally
// that every counting engine (xcc.hpp, solvers/cadical_count.hpp) feeds.
//
// A solution is a labelling of the axis variables that satisfies the puzzle
// and every constraint of the formulation; the count is the number of
// distinct such labellings. The tally re-checks every labelling an engine
// reports (validate() and evaluate()) and throws if an engine is wrong.
//
// Up to symmetry (symmetry.hpp): with no strategy the set of solutions is
// closed under the group, so each class has exactly one member equal to its
// canonical form and the tally counts those — no memory, and the counts of
// disjoint parts (--part) add up. With strategies the set need not be closed;
// the tally then keeps the canonical forms it has seen and counts distinct
// ones (the classes that meet the strategies' solutions).
//
// Parts: `--part I/M` keeps the solutions whose bottom-centre cube, read as
// the ordered triple (X[mid][0], Y[mid][0], Z[mid][mid]) = (a, b, c) with
// index a*L^2 + b*L + c, has index % M == I. The parts of 0..M-1 partition the
// solutions, so their counts (labelled, and canonical with no strategy) sum
// to the whole.
//
// Centre patterns (`--centre-pattern P`, no strategy): the lines through the
// centre column (centre_vars(), symmetry.hpp) fixed to the labels P, a
// restricted-growth string (each label at most 1 + the largest before it).
// Every labelling of those lines is a relabelling of exactly one pattern, and
// relabellings do not change counts, so
//   labelled count = sum over patterns P of count(P) * weight(P),
// weight(P) = L (L-1) ... (L-k+1) for the k labels P uses; and the canonical
// member of each class has a pattern as its centre, so the classes counted
// with each pattern sum to the number of classes. The label symmetry (L!) is
// thus divided out of the work.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <unordered_set>
#include <vector>

#include "model/formulation.hpp"
#include "model/solution.hpp"
#include "model/symmetry.hpp"

namespace bel_pyramid {

struct Part {
  int index = 0;
  int count = 1;
};

struct CentrePattern {
  std::vector<int> labels;  // one per centre_vars() entry
  std::uint64_t weight = 1;
};
// Every pattern whose centre-column cubes are distinct (the others have no
// solution), in lexicographic order.
[[nodiscard]] std::vector<CentrePattern> centre_patterns(const Pyramid& pyramid);
// "0,1,0,2,..."; parse_centre_pattern throws UserError unless the text is a
// pattern for this pyramid.
[[nodiscard]] std::string to_string(const CentrePattern& pattern);
[[nodiscard]] CentrePattern parse_centre_pattern(const Pyramid& pyramid, const std::string& text);

struct CountOptions {
  std::uint64_t max_solutions = 0;  // stop after this many counted (0: no limit)
  bool up_to_symmetry = false;      // count (and list) one member per class
  std::optional<Part> part;
  std::vector<int> centre;  // a centre pattern's labels; empty: none
  // Each new solution (each new class with up_to_symmetry), validated, with
  // its number from 1.
  std::function<void(const Solution&, std::uint64_t)> on_solution;
};

struct CountResult {
  // How the count ended: the search space exhausted (the counts are exact),
  // stopped at max_solutions, or cut short by a limit (time, stop flag).
  enum class End { Exhausted, MaxSolutions, Limit };

  std::uint64_t solutions = 0;  // labelled solutions counted
  std::uint64_t classes = 0;    // with up_to_symmetry
  End end = End::Limit;
  std::string reason;          // with End::Limit: "time limit reached", "interrupted"
  std::uint64_t nodes = 0;     // engine's unit: XCC options tried, CaDiCaL solve calls
  std::uint64_t restarts = 0;  // XCC with restarts: runs begun again from the root

  [[nodiscard]] bool complete() const { return end == End::Exhausted; }
};

// The constraint of a part: the bottom-centre triple index % count == index.
[[nodiscard]] Constraint part_constraint(const Pyramid& pyramid, const Part& part);
// The formulation plus the part's and the centre pattern's constraints (a copy).
[[nodiscard]] Formulation with_part(const Formulation& formulation, const CountOptions& options);

// The figures of the first `done` representatives (in walk order) of a part
// of the quotient count (solvers/xcc.hpp), all counted whole: what a stopped
// part's checkpoint keeps (formats/count_checkpoint.hpp) and a resumed part
// starts from.
struct QuotientTally {
  std::uint64_t done = 0;
  std::uint64_t solutions = 0, classes = 0, nodes = 0;
  std::uint64_t class_orbits = 0;  // the sum of the classes' orbit sizes
  bool operator==(const QuotientTally&) const = default;
};

class SolutionTally {
 public:
  SolutionTally(const Formulation& formulation, const CountOptions& options);

  // Checks and counts one labelling; false when the count must stop
  // (max_solutions reached). Throws std::logic_error on an invalid labelling.
  bool add(const std::vector<int>& labels);
  [[nodiscard]] std::uint64_t solutions() const { return solutions_; }
  [[nodiscard]] std::uint64_t classes() const { return classes_; }
  [[nodiscard]] bool limit_reached() const {
    return options_.max_solutions > 0 && counted() >= options_.max_solutions;
  }

 private:
  [[nodiscard]] std::uint64_t counted() const {
    return options_.up_to_symmetry ? classes_ : solutions_;
  }
  bool new_class(const std::vector<int>& labels);

  const Formulation& formulation_;
  const CountOptions& options_;
  std::unique_ptr<SymmetryGroup> group_;
  bool closed_;  // the solution set is closed under the group (no strategy)
  std::unordered_set<std::string> seen_;
  std::uint64_t solutions_ = 0;
  std::uint64_t classes_ = 0;
};

}  // namespace bel_pyramid
