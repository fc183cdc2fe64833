#include "cnf/cnf_options.hpp"

#include <fmt/format.h>

#include <array>
#include <string_view>

#include "base/error.hpp"
#include "base/key_value.hpp"

namespace bel_pyramid {
namespace {

using Kind = CnfTuneKey::Kind;

constexpr std::array<const char*, 2> kFlagValues = {"on", "off"};
constexpr std::array<const char*, 3> kAmoValues = {"pairwise", "sequential", "product"};
constexpr std::array<const char*, 3> kCadicalConfigs = {"default", "sat", "unsat"};
constexpr std::array<const char*, 2> kCadicalPhases = {"0", "1"};

template <bool CnfOptions::*member>
CnfTuneKey flag(const char* name, bool always_described, const char* meaning) {
  return {name,
          Kind::Flag,
          kFlagValues,
          always_described,
          meaning,
          [](const CnfOptions& o) { return o.*member ? 0 : 1; },
          [](CnfOptions& o, int value) { o.*member = value == 0; }};
}

int index_of(std::span<const char* const> values, std::string_view value) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (value == values[i]) return static_cast<int>(i);
  return -1;
}

const std::array<CnfTuneKey, 12> kKeys = {{
    {"cube-amo", Kind::Choice, kAmoValues, true,
     "at-most-one encoding of cube uniqueness (and of `position-amo`)",
     [](const CnfOptions& o) { return static_cast<int>(o.cube_amo); },
     [](CnfOptions& o, int value) { o.cube_amo = static_cast<CnfOptions::Amo>(value); }},
    flag<&CnfOptions::order_ladder>(
        "order-ladder", true,
        "order ladders `[v >= k]` for every axis variable, not only where an ordering "
        "constraint needs them"),
    flag<&CnfOptions::label_alo>("label-alo", true, "every axis variable has at least one label"),
    flag<&CnfOptions::placement_reverse>(
        "placement-reverse", true, "`(X=a & Y=b & Z=c) -> p` (redundant but kept, see below)"),
    flag<&CnfOptions::position_alo>("position-alo", true,
                                    "every position holds at least one placement"),
    flag<&CnfOptions::position_amo>("position-amo", true,
                                    "every position holds at most one placement"),
    flag<&CnfOptions::count_doubles>(
        "count-doubles", false,
        "for each label a, exactly L positions hold a at least twice (encoding study below)"),
    flag<&CnfOptions::cube_matching>(
        "cube-matching", false,
        "a placement that no one-to-one assignment of the cubes to the positions can use, "
        "under the domains the unary constraints give the lines, is false (one unit clause "
        "each; `doc/cnf.md`, \"Hall sets\")"),
    flag<&CnfOptions::completion>(
        "completion", false,
        "in-process CaDiCaL only: when a shape leaves at most two free lines through each "
        "position (every X and Y line fixed, say), solve the exact cover of its free lines "
        "instead of this encoding (`doc/searches.md`, \"Completions\")"),
    {"completion-amo", Kind::Choice, kAmoValues, false,
     "in-process CaDiCaL only: the at-most-one encoding of the completion's exact cover",
     [](const CnfOptions& o) { return static_cast<int>(o.completion_amo); },
     [](CnfOptions& o, int value) { o.completion_amo = static_cast<CnfOptions::Amo>(value); }},
    {"cadical-config", Kind::Choice, kCadicalConfigs, false,
     "in-process CaDiCaL only: `Solver::configure()` before the clauses",
     [](const CnfOptions& o) {
       return index_of(kCadicalConfigs, o.cadical_config.value_or(kCadicalConfigs[0]));
     },
     [](CnfOptions& o, int value) { o.cadical_config = kCadicalConfigs[value]; }},
    {"cadical-phase", Kind::Choice, kCadicalPhases, false,
     "in-process CaDiCaL only: the initial phase (unset: CaDiCaL's own)",
     [](const CnfOptions& o) {
       return o.cadical_phase == 0 || o.cadical_phase == 1 ? o.cadical_phase : -1;
     },
     [](CnfOptions& o, int value) { o.cadical_phase = value; }},
}};

// "a, b or c", as the error messages name the values.
std::string spoken_list(std::span<const char* const> values) {
  std::string out;
  for (std::size_t i = 0; i < values.size(); ++i)
    out += fmt::format("{}{}", i == 0 ? "" : i + 1 == values.size() ? " or " : ", ", values[i]);
  return out;
}

// A flag's other spellings of on and off.
std::string_view canonical(const CnfTuneKey& key, std::string_view value) {
  if (key.kind != Kind::Flag) return value;
  if (value == "1" || value == "true") return "on";
  if (value == "0" || value == "false") return "off";
  return value;
}

}  // namespace

void CnfTuneKey::set(CnfOptions& options, std::string_view value) const {
  const int index = index_of(values, canonical(*this, value));
  if (index < 0)
    throw UserError(
        fmt::format("--cnf-tune {}: expected {}, got \"{}\"", name, spoken_list(values), value));
  store(options, index);
}

std::span<const CnfTuneKey> cnf_tune_keys() { return kKeys; }

std::span<const char* const> cadical_configs() { return kCadicalConfigs; }

void set_cnf_option(CnfOptions& options, std::string_view assignment) {
  assign_key(cnf_tune_keys(), "--cnf-tune", assignment, options);
}

CnfOptions cnf_options_from(const std::vector<std::string>& assignments) {
  return assign_keys<CnfOptions>(cnf_tune_keys(), "--cnf-tune", assignments);
}

std::string describe(const CnfOptions& options) {
  const CnfOptions defaults;
  std::string out;
  for (const CnfTuneKey& key : kKeys) {
    const int value = key.get(options);
    if (value < 0 || (!key.always_described && value == key.get(defaults))) continue;
    out += fmt::format("{}{}={}", out.empty() ? "" : " ", key.name, key.values[value]);
  }
  return out;
}

std::vector<std::string> changed_keys(const CnfOptions& options) {
  const CnfOptions defaults;
  std::vector<std::string> out;
  for (const CnfTuneKey& key : kKeys)
    if (const int value = key.get(options); value >= 0 && value != key.get(defaults))
      out.push_back(fmt::format("{}={}", key.name, key.values[value]));
  return out;
}

}  // namespace bel_pyramid
