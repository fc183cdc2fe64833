// Strategy registry: the one table of named extra constraints (doc/strategies.md).
//
// Each entry builds its constraints from the geometry alone, so every backend
// honours it without knowing its name. The same table feeds --strategy
// validation, --list-strategies, doc/strategies.md (checked by a test) and the
// test that runs every entry. Composite strategies are built from the others.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "model/constraint.hpp"
#include "model/pyramid.hpp"

namespace bel_pyramid {

enum class StrategyKind {
  SymmetryBreaking,  // meant to keep at least one solution of every class
  Constructive,      // a hypothesis about a solution's shape; may remove all
  Redundant,         // implied by the puzzle; prunes the search only
};

struct Strategy {
  std::string_view name;
  StrategyKind kind;
  std::string_view summary;
  std::vector<Constraint> (*build)(const Pyramid&);
};

// Every strategy, in the order of doc/strategies.md.
[[nodiscard]] const std::vector<Strategy>& strategies();
// Case-insensitive lookup; nullptr when unknown.
[[nodiscard]] const Strategy* find_strategy(std::string_view name);
[[nodiscard]] std::string strategy_names();  // "A, B, C" for error messages
[[nodiscard]] const char* to_string(StrategyKind kind);

}  // namespace bel_pyramid
