#include "model/label_class.hpp"

#include <algorithm>
#include <utility>

namespace bel_pyramid {

std::optional<LabelClass> label_class(const std::vector<Constraint>& constraints, int labels) {
  std::vector<std::pair<int, int>> fixed;  // (line, label)
  for (const Constraint& c : constraints) {
    if (c.kind != Constraint::Kind::Compare || c.rel != Rel::Eq || c.lhs.is_var() == c.rhs.is_var())
      return std::nullopt;
    const Term& line = c.lhs.is_var() ? c.lhs : c.rhs;
    const Term& value = c.lhs.is_var() ? c.rhs : c.lhs;
    fixed.emplace_back(line.var, value.value);
  }
  std::sort(fixed.begin(), fixed.end());
  fixed.erase(std::unique(fixed.begin(), fixed.end()), fixed.end());
  LabelClass out;
  out.to_key.assign(static_cast<std::size_t>(labels), -1);
  int next = 0;
  for (const auto& [line, value] : fixed) {
    if (out.to_key[value] < 0) out.to_key[value] = next++;
    out.key.push_back(line);
    out.key.push_back(out.to_key[value]);
  }
  for (int& name : out.to_key)
    if (name < 0) name = next++;
  return out;
}

std::vector<int> label_map(const LabelClass& from, const LabelClass& to) {
  std::vector<int> from_key(to.to_key.size());
  for (std::size_t l = 0; l < to.to_key.size(); ++l) from_key[to.to_key[l]] = static_cast<int>(l);
  std::vector<int> out(from.to_key.size());
  for (std::size_t l = 0; l < from.to_key.size(); ++l) out[l] = from_key[from.to_key[l]];
  return out;
}

std::vector<int> relabelled(const std::vector<int>& labels, const std::vector<int>& permutation) {
  std::vector<int> out(labels.size());
  for (std::size_t v = 0; v < labels.size(); ++v) out[v] = permutation[labels[v]];
  return out;
}

}  // namespace bel_pyramid
