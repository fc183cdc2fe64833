// The native encoder's options and the one table of their --cnf-tune keys.
//
// Every key is one row of cnf_tune_keys(): its name, its values, its meaning
// and how it reads and writes CnfOptions. set_cnf_option(), describe(), the
// list of valid keys in errors and doc/cnf.md's table (compared by a test)
// all come from it, so a new key is one member and one row.
#pragma once

#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cnf/cardinality.hpp"

namespace bel_pyramid {

// The defaults are the measured best (doc/cnf.md); the others stay for
// benchmarking. The meaning of each member is its row in cnf_tune_keys().
struct CnfOptions {
  using Amo = AmoEncoding;
  Amo cube_amo = Amo::Sequential;
  bool order_ladder = false;
  bool label_alo = true;
  bool placement_reverse = true;
  bool position_alo = false;
  bool position_amo = false;
  bool count_doubles = false;
  // Placements that no perfect matching of positions to cubes uses under the
  // line domains are false (model/cube_matching.hpp): bench/RESULTS.md,
  // "Hall sets".
  bool cube_matching = true;
  // A formulation whose X and Y lines are all fixed is solved as the exact
  // cover of its Z lines (solvers/completion.hpp), not as this encoding.
  bool completion = true;
  // The at-most-one encoding of the completion's exactly-one constraints
  // (one label per column, each cube once): bench/RESULTS.md, "Completions".
  Amo completion_amo = Amo::Pairwise;
  // In-process CaDiCaL only (no effect on the clauses): configure() name
  // (unset: "default", or "sat" from a start state, cadical_driver.cpp) and
  // the initial phase (-1: CaDiCaL's own).
  std::optional<std::string> cadical_config;
  int cadical_phase = -1;

  bool operator==(const CnfOptions&) const = default;
};

// One --cnf-tune key. A value is an index into `values`; a flag's values are
// {"on", "off"} and it also accepts 1/true and 0/false.
struct CnfTuneKey {
  enum class Kind { Flag, Choice };
  const char* name;
  Kind kind;
  std::span<const char* const> values;
  // Listed by describe() even at its default (the CNF header's `native
  // options:` line); the others only when changed, so older headers stay.
  bool always_described;
  const char* meaning;            // one line of Markdown
  int (*get)(const CnfOptions&);  // the current value's index; -1: none of `values`
  void (*store)(CnfOptions&, int value);

  // Parses `value` (one of `values`, or a flag's other spelling) and stores
  // it; the row's part of the KEY=VALUE engine (base/key_value.hpp).
  void set(CnfOptions& options, std::string_view value) const;
};

// Every key, in the order of describe() and of the documentation.
[[nodiscard]] std::span<const CnfTuneKey> cnf_tune_keys();
// The values of cadical-config: CaDiCaL's configure() names.
[[nodiscard]] std::span<const char* const> cadical_configs();

// Sets one option from "key=value"; throws UserError on an unknown key/value.
void set_cnf_option(CnfOptions& options, std::string_view assignment);
// The options of the assignments (--cnf-tune), in order, from the defaults.
[[nodiscard]] CnfOptions cnf_options_from(const std::vector<std::string>& assignments);

// "key=value ..." for the always-described keys and every changed one.
[[nodiscard]] std::string describe(const CnfOptions& options);
// "key=value" for every key that differs from its default, in table order.
[[nodiscard]] std::vector<std::string> changed_keys(const CnfOptions& options);

}  // namespace bel_pyramid
