#include "solvers/local_search_tuning.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string_view>

#include "base/error.hpp"
#include "base/key_value.hpp"

namespace bel_pyramid {
namespace {

using T = LocalSearchTuning;

constexpr LocalTuneKey kKeys[] = {
    {"replicas", 1, 64, true, "replicas in the temperature ladder (1: plain annealing)",
     [](const T& t) { return static_cast<double>(t.replicas); },
     [](T& t, double v) { t.replicas = static_cast<int>(v); }},
    {"tmin", 0.01, 10, false, "the coldest temperature (Metropolis accepts +d with exp(-d/T))",
     [](const T& t) { return t.temperature; }, [](T& t, double v) { t.temperature = v; }},
    {"tmax", 0.01, 10, false, "the hottest temperature; the ladder is geometric between the two",
     [](const T& t) { return t.max_temperature; }, [](T& t, double v) { t.max_temperature = v; }},
    {"exchange-every", 1, 1e9, true, "moves per replica between two rounds of exchanges",
     [](const T& t) { return static_cast<double>(t.exchange_every); },
     [](T& t, double v) { t.exchange_every = static_cast<std::uint64_t>(v); }},
    {"swap", 0, 1, false, "share of moves that swap the labels of two lines of equal length",
     [](const T& t) { return t.swap_probability; }, [](T& t, double v) { t.swap_probability = v; }},
    {"aim", 0, 1, false, "share of focused relabels that aim at a missing cube",
     [](const T& t) { return t.aim_probability; }, [](T& t, double v) { t.aim_probability = v; }},
};

}  // namespace

// The whole text must be the number: "0.2x" and "" are refused.
void LocalTuneKey::set(LocalSearchTuning& tuning, std::string_view value_text) const {
  const std::string text(value_text);
  std::size_t used = 0;
  double value = std::nan("");
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const bool whole_ok = !whole || value == std::floor(value);
  if (used == 0 || used != text.size() || !std::isfinite(value) || !whole_ok || value < min ||
      value > max)
    throw UserError(fmt::format("--local-tune {}: expected {} from {:g} to {:g}, got \"{}\"", name,
                                whole ? "an integer" : "a number", min, max, text));
  store(tuning, value);
}

std::span<const LocalTuneKey> local_tune_keys() { return kKeys; }

void set_local_option(LocalSearchTuning& tuning, std::string_view assignment) {
  assign_key(local_tune_keys(), "--local-tune", assignment, tuning);
}

LocalSearchTuning local_tuning_from(const std::vector<std::string>& assignments) {
  auto tuning = assign_keys<LocalSearchTuning>(local_tune_keys(), "--local-tune", assignments);
  if (tuning.temperature > tuning.max_temperature)
    throw UserError(fmt::format("--local-tune: tmin ({:g}) is above tmax ({:g})",
                                tuning.temperature, tuning.max_temperature));
  return tuning;
}

}  // namespace bel_pyramid
