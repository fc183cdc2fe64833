// Cnf: an in-memory clause database with a variable pool, and the native
// encoder that lowers a Formulation straight to clauses (no Z3).
//
// Literals are DIMACS integers: +v / -v for variable v >= 1. Two sentinels,
// kTrue and kFalse, stand for constants while clauses are built; add_clause()
// drops a clause holding kTrue, removes kFalse, duplicate literals and
// tautologies, so the database only ever holds clean clauses (possibly the
// empty clause, which makes the formula unsatisfiable).
//
// Variable numbering of the native encoder (documented in doc/cnf.md too):
//   1 .. V*L            label literal "axis variable v has label l":
//                       id = v*L + l + 1 (v in Pyramid's numbering, l < L)
//   V*L+1 .. V*L+P      placement Boolean "position pos carries the ordered
//                       triple (a,b,c)": id = V*L + 1 + (pos*L + a)*L^2 + b*L + c
//                       (pos in Pyramid::positions() order)
//   V*L+P+1 ..          auxiliaries (order ladders, counters, Tseitin
//                       variables), in creation order — not meaningful.
// The primary variables are the first V*L + P; a certificate decodes from
// the label literals alone. The numbering does not depend on the options.
//
// The Cnf is independent of any file format: dimacs_writer.hpp writes it,
// an embedded solver can take its clauses directly.
#pragma once

#include <climits>
#include <cstdint>
#include <initializer_list>
#include <span>
#include <string>
#include <vector>

#include "base/stop_check.hpp"
#include "model/formulation.hpp"

namespace bel_pyramid {

inline constexpr int kTrue = INT_MAX;
inline constexpr int kFalse = -INT_MAX;

class Cnf {
 public:
  Cnf() = default;

  int new_var() { return ++vars_; }
  // Reserves variables 1..count (e.g. the primary variables).
  void reserve_vars(int count) { vars_ = std::max(vars_, count); }
  [[nodiscard]] int num_vars() const { return vars_; }
  [[nodiscard]] std::size_t num_clauses() const { return starts_.size(); }
  [[nodiscard]] std::size_t num_literals() const { return lits_.size(); }

  // Adds a clause after simplification (see the header comment).
  void add_clause(std::span<const int> clause);
  void add_clause(std::initializer_list<int> clause) {
    add_clause(std::span<const int>(clause.begin(), clause.size()));
  }

  [[nodiscard]] std::span<const int> clause(std::size_t i) const {
    const std::size_t end = i + 1 < starts_.size() ? starts_[i + 1] : lits_.size();
    return {lits_.data() + starts_[i], end - starts_[i]};
  }

  // Number of primary variables (those a certificate sets; see above).
  int primary_vars = 0;

  // Polled every 32768 clauses while clauses are added (throws Stopped);
  // nullptr: never. The encoder clears it before handing the Cnf out.
  void set_stop_check(const StopCheck* stop) { stop_ = stop; }

 private:
  const StopCheck* stop_ = nullptr;
  int vars_ = 0;
  std::vector<int> lits_;
  std::vector<std::size_t> starts_;
  std::vector<int> scratch_;
  std::vector<std::uint32_t> seen_;  // per variable: stamp of the clause being added
  std::uint32_t stamp_ = 0;
};

// Options of the native encoder. The defaults are the measured best (see
// doc/cnf.md); the others stay for benchmarking (--cnf-tune KEY=VALUE).
struct CnfOptions {
  enum class Amo { Pairwise, Sequential, Product };
  Amo cube_amo = Amo::Sequential;  // at-most-one placement per cube
  bool order_ladder = false;       // order variables [v >= k] for every axis variable
  bool label_alo = true;           // every axis variable has at least one label
  bool placement_reverse = true;   // (X==a & Y==b & Z==c) -> placement
  bool position_alo = false;       // every position holds at least one placement
  bool position_amo = false;       // every position holds at most one placement
  // Encoding study (issue 12; figures in doc/cnf.md). Redundant layers:
  bool count_doubles = false;  // per label a: exactly L positions hold a at least twice
  // In-process CaDiCaL only (no effect on the clauses): configure() name
  // ("default", "sat", "unsat") and the initial phase (-1: CaDiCaL's own).
  std::string cadical_config = "default";
  int cadical_phase = -1;
};

// Sets one option from "key=value"; throws UserError on an unknown key/value.
void set_cnf_option(CnfOptions& options, const std::string& assignment);
[[nodiscard]] std::string describe(const CnfOptions& options);

// Lowers the base model and every constraint of the formulation.
// With `stop`, the encoding polls it and throws Stopped when it fires.
[[nodiscard]] Cnf encode_native(const Formulation& formulation, const CnfOptions& options = {},
                                const StopCheck* stop = nullptr);

// Only "every axis variable has exactly one label" and the formulation's
// constraints (no placements, no cube uniqueness; placement ids stay
// reserved): for testing each constraint kind against evaluate().
[[nodiscard]] Cnf encode_constraints_only(const Formulation& formulation);

// Primary numbering helpers of the native encoder.
[[nodiscard]] inline int label_literal(const Pyramid& p, int var, int label) {
  return var * p.labels() + label + 1;
}
[[nodiscard]] int native_primary_count(const Pyramid& p);
// "X[1][0]=2" or "P(x=1,y=0,h=0)=(0,1,2)".
[[nodiscard]] std::string native_var_name(const Pyramid& p, int id);

}  // namespace bel_pyramid
