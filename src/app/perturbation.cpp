#include "app/perturbation.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <bit>

#include "app/parse_number.hpp"
#include "base/rng.hpp"
#include "model/label_domains.hpp"
#include "solvers/move_engine.hpp"

namespace bel_pyramid {
namespace {

// Apart from the search's own stream, which starts from the same --seed.
constexpr std::uint64_t kStreamTag = 0x7065727475726221ULL;

// The n-th (from 0) label that `mask` allows.
int nth_label(LabelMask mask, int n) {
  for (; n > 0; --n) mask &= mask - 1;
  return std::countr_zero(mask);
}

// K relabels of lines that have a choice; none when no line has one.
void relabel(MoveEngine& engine, const std::vector<LabelMask>& masks, int count, Rng& rng) {
  std::vector<int> free_lines;
  for (int v = 0; v < static_cast<int>(masks.size()); ++v)
    if (std::popcount(masks[v]) >= 2) free_lines.push_back(v);
  if (free_lines.empty()) return;
  for (int k = 0; k < count; ++k) {
    const int v = free_lines[rng.below(static_cast<int>(free_lines.size()))];
    const LabelMask others = masks[v] & ~(LabelMask{1} << engine.label(v));
    engine.set_label(v, nth_label(others, rng.below(std::popcount(others))));
  }
}

}  // namespace

int parse_perturb(const std::string& text) {
  return parse_number(
      text, 1, kMaxPerturb,
      fmt::format("--perturb must be an integer from 1 to {}, got \"{}\"", kMaxPerturb, text));
}

std::vector<int> start_labels(const Formulation& f, const Options& options, const Checkpoint& start,
                              std::ostream& out) {
  if (options.perturb <= 0) return start.labels;
  const LabelDomains domains = split_constraints(f);
  if (domains.contradiction) return start.labels;  // no state fits; the search says why
  MoveEngine engine(f.pyramid(), domains.penalties);
  engine.reset(start.labels);
  Rng rng(stream_seed(options.seed.value_or(0), start.resumes) ^ kStreamTag);
  relabel(engine, domains.masks, options.perturb, rng);
  fmt::print(out, "Perturbed the start: {} random line relabels, cost {} -> {}.\n", options.perturb,
             start.cost, engine.cost());
  return engine.labels();
}

}  // namespace bel_pyramid
