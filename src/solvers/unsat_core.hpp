// unsat_core: why a shape has no solution, in terms of the lines it fixes.
// A shape that fixes lines (`X[2,0] = 2`, ...) and has no solution may fail
// because of a few of them: CaDiCaL solves the native CNF of everything else
// with each fixed line as an assumption (where the search takes the
// completion: its exact cover with one axis's fixed lines left free and
// assumed, the others kept as given), takes the assumptions its
// refutation used, and shrinks them one by one (a line whose removal leaves
// the rest unsatisfiable is dropped) to a set of fixed lines that alone, with
// the other constraints, admit no solution, and from which no line can be
// dropped: freeing any one of them is needed to restore a solution.
// Dropping a line can leave a question as hard as a pigeonhole (too many
// lines on one label), so each shrinking step has a budget of
// kShrinkConflicts conflicts; a line whose step runs out is kept, and the
// core is then reported as not shown minimal.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "model/formulation.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

inline constexpr std::uint64_t kShrinkConflicts = 20'000;

struct UnsatCore {
  std::vector<Constraint> lines;  // `line = label` constraints of the formulation
  std::size_t fixed = 0;          // of how many fixed lines
  // Where the search takes the completion, only the fixed lines of one axis
  // are assumed (the completion cannot leave every line free): `axis` names
  // it, and `kept` fixed lines of the others stay as given. Else "" and 0.
  std::string axis;
  std::size_t kept = 0;
  std::size_t undecided = 0;  // lines kept because their step ran out of its budget
  bool stopped = false;       // the limits stopped the shrinking (still a core)
  [[nodiscard]] bool minimal() const { return undecided == 0 && !stopped; }
};

struct CoreAnswer {
  SolveResult::Status status = SolveResult::Status::Unknown;  // Unsat: `core` is set
  std::optional<UnsatCore> core;
  std::string reason;  // when Unknown
};

// Sat when the formulation has a solution after all, Unknown when stopped
// before the first answer.
[[nodiscard]] CoreAnswer unsat_core(const Formulation& formulation, const SolveLimits& limits);

}  // namespace bel_pyramid
