// The temperature ladder of the replica exchange in the local search: the
// geometric ladder it starts from, and the feedback step that re-spaces it
// from the measured acceptance of exchanges between adjacent replicas.
// Guarantees: the coldest and hottest temperatures never move, the ladder
// stays strictly increasing, and a step uses no randomness (so a run stays
// deterministic for its seed).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

namespace bel_pyramid {

// `count` temperatures from `coldest` to `hottest`, evenly spaced on the log
// scale (count == 1: just `coldest`).
[[nodiscard]] std::vector<double> geometric_ladder(double coldest, double hottest, int count);

// One feedback step: given, per adjacent pair (coldest first), the exchanges
// offered and accepted since the last step, moves the inner temperatures on
// the log scale so that pairs with low acceptance get closer and pairs with
// high acceptance further apart, aiming at equal acceptance everywhere. The
// step is damped (half the log-distance to the estimate) and bounded per
// gap, so noise in a short window cannot flip the ladder. nullopt when a pair
// has fewer than `min_offers` offers (the window is too short to judge) or
// the ladder has fewer than three temperatures (nothing to move).
[[nodiscard]] std::optional<std::vector<double>> rebalanced_ladder(
    const std::vector<double>& temperatures, const std::vector<std::uint64_t>& offers,
    const std::vector<std::uint64_t>& accepts, std::uint64_t min_offers = 16);

}  // namespace bel_pyramid
