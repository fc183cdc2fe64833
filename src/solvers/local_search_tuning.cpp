#include "solvers/local_search_tuning.hpp"

#include <fmt/format.h>

#include <cmath>
#include <string_view>

#include "base/error.hpp"

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

const LocalTuneKey& find_key(std::string_view name) {
  std::string names;
  for (const LocalTuneKey& key : kKeys) {
    if (name == key.name) return key;
    names += fmt::format("{}{}", names.empty() ? "" : ", ", key.name);
  }
  throw UserError(fmt::format("--local-tune: unknown key \"{}\" (valid: {})", name, names));
}

// The whole text must be the number: "0.2x" and "" are refused.
double parse_value(const LocalTuneKey& key, const std::string& text) {
  std::size_t used = 0;
  double value = std::nan("");
  try {
    value = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  const bool whole_ok = !key.whole || value == std::floor(value);
  if (used == 0 || used != text.size() || !std::isfinite(value) || !whole_ok || value < key.min ||
      value > key.max)
    throw UserError(fmt::format("--local-tune {}: expected {} from {:g} to {:g}, got \"{}\"",
                                key.name, key.whole ? "an integer" : "a number", key.min, key.max,
                                text));
  return value;
}

}  // namespace

std::span<const LocalTuneKey> local_tune_keys() { return kKeys; }

void set_local_option(LocalSearchTuning& tuning, const std::string& assignment) {
  const auto eq = assignment.find('=');
  if (eq == std::string::npos)
    throw UserError(fmt::format("--local-tune expects KEY=VALUE, got \"{}\"", assignment));
  const LocalTuneKey& key = find_key(std::string_view(assignment).substr(0, eq));
  key.set(tuning, parse_value(key, assignment.substr(eq + 1)));
}

LocalSearchTuning local_tuning_from(const std::vector<std::string>& assignments) {
  LocalSearchTuning tuning;
  for (const std::string& a : assignments) set_local_option(tuning, a);
  if (tuning.temperature > tuning.max_temperature)
    throw UserError(fmt::format("--local-tune: tmin ({:g}) is above tmax ({:g})",
                                tuning.temperature, tuning.max_temperature));
  return tuning;
}

}  // namespace bel_pyramid
