// --perturb K: a resumed search starts near the checkpoint's state instead of
// on it, after K random line relabels (each line drawn uniformly among those
// with a choice, given another label its domain allows). A hunt job that is
// stuck restarts this way from the best state of the hunt's pool
// (doc/hunt.md). The relabels keep every label the run's constraints fix, and
// the same seed perturbs the same way; the checkpoint itself stays the run's
// best state until the search finds a better one.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "formats/checkpoint.hpp"
#include "model/formulation.hpp"

namespace bel_pyramid {

// K as typed: an integer from 1 to kMaxPerturb.
inline constexpr int kMaxPerturb = 100000;
[[nodiscard]] int parse_perturb(const std::string& text);

// The labels the search starts from: the checkpoint's, perturbed when
// options.perturb > 0 (then one line says how, and the cost before and after).
[[nodiscard]] std::vector<int> start_labels(const Formulation& f, const Options& options,
                                            const Checkpoint& start, std::ostream& out);

}  // namespace bel_pyramid
