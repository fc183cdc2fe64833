#include "app/run_formulation.hpp"

#include <fmt/format.h>

#include "app/hypothesis_files.hpp"
#include "base/error.hpp"
#include "model/strategy.hpp"
#include "model/symmetry_breaking.hpp"

namespace bel_pyramid {

Formulation run_formulation(const Options& options, int levels) {
  Formulation f(levels, options.domain);
  for (const std::string& name : options.strategies) {
    const Strategy* s = find_strategy(name);
    if (!s)
      throw UserError(fmt::format("unknown strategy \"{}\" (valid: {})", name, strategy_names()));
    f.add_strategy(std::string(s->name), s->build(f.pyramid()));
  }
  add_hypotheses(options, f);
  if (options.symmetry_breaking != SymmetryBreakingMode::None)  // after the strategies
    f.add_strategy("SymmetryBreaking", break_symmetries(f, options.symmetry_breaking).constraints);
  return f;
}

}  // namespace bel_pyramid
