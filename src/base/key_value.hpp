// KEY=VALUE settings: the one engine of every table of keys (--cnf-tune,
// cnf/cnf_options.hpp; --local-tune, solvers/local_search_tuning.hpp). A
// table is a span of key rows, each with a `name` and a
// `void set(Target&, std::string_view value) const` that parses the value
// (throwing UserError "<option> <key>: expected ..., got ..." when it cannot)
// and stores it. The engine splits the assignment, finds the key and names
// the valid keys when there is none; the options are parsed once, by the
// command line's reader, into the target struct.
#pragma once

#include <fmt/format.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"

namespace bel_pyramid {

// Sets one key of `target` from "key=value"; `option` ("--cnf-tune") names
// the errors: "<option> expects KEY=VALUE, got ...", "<option>: unknown key
// ... (valid: a, b)".
template <class Key, class Target>
void assign_key(std::span<const Key> keys, std::string_view option, std::string_view assignment,
                Target& target) {
  const std::size_t eq = assignment.find('=');
  if (eq == std::string_view::npos)
    throw UserError(fmt::format("{} expects KEY=VALUE, got \"{}\"", option, assignment));
  const std::string_view name = assignment.substr(0, eq);
  std::string names;
  for (const Key& key : keys) {
    if (name == key.name) return key.set(target, assignment.substr(eq + 1));
    names += fmt::format("{}{}", names.empty() ? "" : ", ", key.name);
  }
  throw UserError(fmt::format("{}: unknown key \"{}\" (valid: {})", option, name, names));
}

// Every assignment in order, into a target that starts at its defaults.
template <class Target, class Key>
[[nodiscard]] Target assign_keys(std::span<const Key> keys, std::string_view option,
                                 const std::vector<std::string>& assignments) {
  Target target;
  for (const std::string& assignment : assignments) assign_key(keys, option, assignment, target);
  return target;
}

}  // namespace bel_pyramid
