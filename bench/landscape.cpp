// Landscape of the two-level cost against the raw duplicate count (doc/searches.md):
// one random walk of X/Y relabels, two costs along it. "raw": the Z labels
// stay as they were (the local search's cost); "two-level": after each step
// every Z line of a touched column takes its best label (the two-level
// search's cost). Prints, per cost, its mean, standard deviation, lag-1
// autocorrelation rho and correlation length -1/ln(rho) in steps (Weinberger):
// longer is smoother; and the time of one two-level step. (The two-level
// search itself was removed: it lost everywhere, bench/RESULTS.md.)
//   landscape N STEPS [SEED]
#include <fmt/format.h>

#include <cmath>
#include <cstdlib>
#include <vector>

#include "base/rng.hpp"
#include "base/stopwatch.hpp"
#include "solvers/move_engine.hpp"

using namespace bel_pyramid;

namespace {

void summary(const char* name, const std::vector<double>& c) {
  double mean = 0, var = 0, cov = 0;
  for (double v : c) mean += v;
  mean /= static_cast<double>(c.size());
  for (std::size_t i = 0; i < c.size(); ++i) {
    var += (c[i] - mean) * (c[i] - mean);
    if (i + 1 < c.size()) cov += (c[i] - mean) * (c[i + 1] - mean);
  }
  const double rho = cov / var;
  fmt::print("{:<10} mean {:7.2f}  sd {:6.2f}  rho {:.4f}  correlation length {:7.1f} steps\n",
             name, mean, std::sqrt(var / static_cast<double>(c.size())), rho, -1 / std::log(rho));
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 3) return 2;
  const Pyramid p(std::atoi(argv[1]));
  const long steps = std::atol(argv[2]);
  Rng rng(argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1);
  const int L = p.labels();
  std::vector<int> labels(p.var_count());
  for (int& l : labels) l = rng.below(L);
  MoveEngine raw(p, {}), two(p, {});
  raw.reset(labels);
  two.reset(labels);
  std::vector<std::vector<int>> columns(p.var_count());
  for (const Position& q : p.positions()) {
    const auto vs = p.vars_at(q);
    columns[vs[0]].push_back(vs[2]);
    columns[vs[1]].push_back(vs[2]);
  }
  auto respond = [&](int z) {
    int best = two.cost(), best_label = two.label(z);
    for (int l = 0; l < L; ++l) {
      two.set_label(z, l);
      if (two.cost() < best) best = two.cost(), best_label = l;
    }
    two.set_label(z, best_label);
  };
  for (int pass = 0; pass < 3; ++pass)
    for (int y = 0; y < p.base(); ++y)
      for (int x = 0; x < p.base(); ++x) respond(p.z_var(y, x));
  std::vector<double> a, b;
  double step_seconds = 0;
  const int xy = p.x_var_count() + p.y_var_count();
  for (long s = 0; s < steps; ++s) {
    const int v = rng.below(xy), l = rng.below(L);
    raw.set_label(v, l);
    const Stopwatch step;
    two.set_label(v, l);
    for (int z : columns[v]) respond(z);
    step_seconds += step.seconds();
    a.push_back(raw.cost());
    b.push_back(two.cost());
  }
  fmt::print("N={} random walk of {} X/Y relabels\n", p.levels(), steps);
  summary("raw", a);
  summary("two-level", b);
  fmt::print("two-level step (X/Y relabel + best responses): {:.2f} us\n",
             1e6 * step_seconds / static_cast<double>(steps));
}
