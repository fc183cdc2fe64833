// Runs the whole command line in-process and captures what it printed.
#pragma once

#include <sstream>
#include <string>
#include <vector>

#include "app/cli.hpp"

namespace bel_pyramid::testing {

struct CliResult {
  int exit_code = -1;
  std::string out, err;
};

inline CliResult run_command(std::vector<std::string> args) {
  args.insert(args.begin(), "bel_pyramid");
  std::vector<const char*> argv;
  for (const auto& a : args) argv.push_back(a.c_str());
  std::ostringstream out, err;
  CliResult r;
  r.exit_code = run_cli(static_cast<int>(argv.size()), argv.data(), out, err);
  r.out = out.str();
  r.err = err.str();
  return r;
}

// The output with every "in S seconds" replaced by "in S seconds", so that
// golden comparisons do not depend on timing.
inline std::string without_timings(std::string text) {
  const std::string marker = " in ";
  for (std::size_t at = text.find(marker); at != std::string::npos;
       at = text.find(marker, at + 1)) {
    const std::size_t end = text.find(" seconds", at);
    if (end != std::string::npos && end - at < 16) text.replace(at + 4, end - at - 4, "S");
  }
  return text;
}

}  // namespace bel_pyramid::testing
