// LocalSearchTuning: the knobs of the local search (local_search.hpp), a
// setting of SolveLimits that only the local entry reads. The defaults are
// measured (bench/local_search.sh, bench/tune_local); the bench drivers and
// --local-tune (the table of keys below) vary them.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace bel_pyramid {

struct LocalSearchTuning {
  // Replica exchange (parallel tempering) in one thread: `replicas` states at
  // temperatures spaced geometrically from `temperature` to `max_temperature`
  // swap temperatures when the Metropolis rule on their costs says so.
  // replicas == 1: plain annealing at `temperature`.
  double temperature = 0.15;  // Metropolis: accept +d with exp(-d / T)
  double max_temperature = 0.35;
  int replicas = 8;
  std::uint64_t exchange_every = 1024;  // moves per replica between exchanges
  double swap_probability = 0.1;        // share of moves that swap two lines
  double focus_probability = 0.9;       // share of moves that start at a conflict
  double aim_probability = 0.5;         // focused relabels that aim at a missing cube
  std::uint64_t restart_after = 0;      // moves without a new best before restart; 0: never

  bool operator==(const LocalSearchTuning&) const = default;
};

// One --local-tune key: a number in [min, max] (a whole one if `whole`) that
// sets one knob above. The table is the one list of keys: parsing, the
// errors' list of valid keys and doc/searches.md's table (a test compares)
// come from it.
struct LocalTuneKey {
  const char* name;
  double min, max;
  bool whole;
  const char* meaning;  // one line of Markdown
  double (*get)(const LocalSearchTuning&);
  void (*store)(LocalSearchTuning&, double);

  // Parses `value` (the whole text a number of the key's kind in its range)
  // and stores it; the row's part of the KEY=VALUE engine (base/key_value.hpp).
  void set(LocalSearchTuning& tuning, std::string_view value) const;
};

[[nodiscard]] std::span<const LocalTuneKey> local_tune_keys();

// Sets one knob from "key=value"; throws UserError on an unknown key, a value
// that is not a number of the key's kind, or one outside its range.
void set_local_option(LocalSearchTuning& tuning, std::string_view assignment);

// The assignments in order, then the checks that span keys (a ladder whose
// coldest temperature is above its hottest); throws UserError.
[[nodiscard]] LocalSearchTuning local_tuning_from(const std::vector<std::string>& assignments);

}  // namespace bel_pyramid
