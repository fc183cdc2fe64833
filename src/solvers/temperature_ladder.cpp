#include "solvers/temperature_ladder.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace bel_pyramid {

std::vector<double> geometric_ladder(double coldest, double hottest, int count) {
  std::vector<double> ladder;
  for (int r = 0; r < std::max(1, count); ++r) {
    const double ratio = count <= 1 ? 0.0 : static_cast<double>(r) / (count - 1);
    ladder.push_back(coldest * std::pow(hottest / coldest, ratio));
  }
  return ladder;
}

// Between well-separated replicas the acceptance falls roughly like
// exp(-c * gap^2) in the log-temperature gap, so the gap that gives every
// pair the same acceptance A is gap * sqrt(ln A / ln a): each gap is scaled
// by 1 / sqrt(-ln a), then all are rescaled to keep the ends.
std::optional<std::vector<double>> rebalanced_ladder(const std::vector<double>& temperatures,
                                                     const std::vector<std::uint64_t>& offers,
                                                     const std::vector<std::uint64_t>& accepts,
                                                     std::uint64_t min_offers) {
  const std::size_t pairs = temperatures.size() < 2 ? 0 : temperatures.size() - 1;
  if (pairs < 2 || offers.size() < pairs || accepts.size() < pairs) return std::nullopt;
  for (std::size_t i = 0; i < pairs; ++i)
    if (offers[i] < std::max<std::uint64_t>(1, min_offers)) return std::nullopt;
  std::vector<double> gaps(pairs);
  for (std::size_t i = 0; i < pairs; ++i) {
    const double gap = std::log(temperatures[i + 1] / temperatures[i]);
    const double a = std::clamp(static_cast<double>(accepts[i]) / offers[i], 0.02, 0.98);
    // Damped: the geometric mean of the old gap and the estimate, at most
    // a factor of 2 either way.
    gaps[i] = gap * std::clamp(std::sqrt(1 / std::sqrt(-std::log(a))), 0.5, 2.0);
  }
  const double total = std::log(temperatures.back() / temperatures.front());
  const double sum = std::accumulate(gaps.begin(), gaps.end(), 0.0);
  std::vector<double> ladder{temperatures.front()};
  double at = std::log(temperatures.front());
  for (std::size_t i = 0; i + 1 < pairs; ++i) {
    at += gaps[i] * total / sum;
    ladder.push_back(std::exp(at));
  }
  ladder.push_back(temperatures.back());
  return ladder;
}

}  // namespace bel_pyramid
