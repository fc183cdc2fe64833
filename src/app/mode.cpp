#include "app/mode.hpp"

#include <fmt/format.h>

#include <array>
#include <vector>

namespace bel_pyramid {
namespace {

struct ModeName {
  const char* noun;   // what the run is: "a count"
  const char* flags;  // what makes it so: "--count or --all"; empty for Solve
};

// Indexed by Mode.
constexpr std::array<ModeName, 9> kNames = {{
    {"a solve", ""},
    {"a count", "--count, --all"},
    {"a sample", "--sample"},
    {"a sweep", "--sweep"},
    {"a certificate import", "--cert"},
    {"a split", "--split"},
    {"a build without solving", "--skip-solver"},
    {"a check", "--check"},
    {"a list of centre patterns", "--list-centre-patterns"},
}};

// "a, b or c".
std::string spoken(const std::vector<std::string>& items) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i)
    out += fmt::format("{}{}", i == 0 ? "" : i + 1 == items.size() ? " or " : ", ", items[i]);
  return out;
}

}  // namespace

// The modes in, then in parentheses what makes them (or, when a solve is
// among them, the flags that would take the run out of them; a check is
// refused apart, option_table.hpp).
std::string describe_modes(Modes modes) {
  std::vector<std::string> nouns, flags;
  const bool solves = has(modes, Mode::Solve);
  for (std::size_t i = 0; i < kNames.size(); ++i) {
    const auto m = static_cast<Mode>(i);
    if (has(modes, m)) nouns.emplace_back(kNames[i].noun);
    if (has(modes, m) != solves && m != Mode::Check && m != Mode::Solve)
      flags.emplace_back(kNames[i].flags);
  }
  if (flags.empty()) return spoken(nouns);
  return fmt::format("{} ({}{})", spoken(nouns), solves ? "not with " : "", spoken(flags));
}

}  // namespace bel_pyramid
