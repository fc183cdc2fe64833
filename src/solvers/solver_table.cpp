#include "solvers/solver_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>

#include "solvers/cadical_backend.hpp"
#include "solvers/local_search.hpp"
#include "solvers/xcc.hpp"

namespace bel_pyramid {
namespace {

// Peak memory per placement Boolean, measured with /usr/bin/time -v (peak
// RSS, KB / placement): Z3 lowering 3.8-5.7; native CNF + CaDiCaL 1.2-1.8;
// rounded up about 1.5-2.5x, since a longer search grows the learnt clauses.
constexpr double kZ3BytesPerPlacement = 8192;
constexpr double kCadicalBytesPerPlacement = 2560;
constexpr double kXccBytesPerPlacement = 128;  // 6 dancing-links nodes and their labels

SolveResult solve_local_entry(const Formulation& f, const SolveLimits& limits) {
  LocalSearchOptions o;
  o.seed = limits.seed;
  o.timeout_seconds = limits.timeout_seconds;
  o.stop = limits.stop;
  o.start = limits.start;
  if (limits.progress)
    o.progress = [&limits](const LocalSearchProgress& p) {
      SearchProgress s;
      s.elapsed_seconds = p.elapsed_seconds;
      s.cost = p.cost;
      s.best_cost = p.best_cost;
      s.rate = p.moves_per_second;
      s.rate_unit = "moves";
      s.best_labels = p.best_labels;
      limits.progress(s);
    };
  return solve_local(f, o);
}

SolveResult solve_cadical_entry(const Formulation& f, const SolveLimits& limits) {
  CadicalOptions o;
  o.timeout_seconds = limits.timeout_seconds;
  if (limits.seed_given) o.seed = static_cast<unsigned>(limits.seed);
  o.stop = limits.stop;
  for (const std::string& assignment : limits.cnf_tune) set_cnf_option(o.cnf, assignment);
  return solve_with_cadical(f, o);
}

SolveResult solve_z3_entry(const Formulation& f, const SolveLimits& limits) {
  Z3Options o{limits.tactic, limits.timeout_seconds, std::nullopt, limits.stop};
  if (limits.seed_given) o.seed = static_cast<unsigned>(limits.seed);
  return solve_with_z3(f, o);
}

SolveResult solve_portfolio_entry(const Formulation& f, const SolveLimits& limits) {
  return solve_portfolio(f, default_racers(2), limits).result;
}

}  // namespace

const std::vector<SolverEntry>& solver_table() {
  static const std::vector<SolverEntry> table = {
      {.name = "portfolio",
       .summary = "racers on threads, first answer wins (default local + cadical; --portfolio)",
       .complete = true,
       .racer = false,
       .stateful = false,
       .counts = false,
       .bytes_per_placement = kCadicalBytesPerPlacement,
       .solve = solve_portfolio_entry},
      {.name = "cadical",
       .summary = "CaDiCaL in-process on the native CNF (complete)",
       .complete = true,
       .racer = true,
       .stateful = false,
       .counts = true,
       .bytes_per_placement = kCadicalBytesPerPlacement,
       .solve = solve_cadical_entry},
      {.name = "local",
       .summary = "stochastic local search (finds solutions, never proves none)",
       .complete = false,
       .racer = true,
       .stateful = true,
       .counts = false,
       .bytes_per_placement = 0,
       .solve = solve_local_entry},
      {.name = "z3",
       .summary = "Z3 with --tactic, as the original",
       .complete = true,
       .racer = false,
       .stateful = false,
       .counts = false,
       .bytes_per_placement = kZ3BytesPerPlacement,
       .solve = solve_z3_entry},
      {.name = "xcc",
       .summary = "exact cover with colours, dancing links (complete; counts)",
       .complete = true,
       .racer = false,  // loses to local search on N=4 and N=5 (doc/counting.md)
       .stateful = false,
       .counts = true,
       .bytes_per_placement = kXccBytesPerPlacement,
       .solve = solve_xcc},
  };
  return table;
}

const SolverEntry* find_solver(std::string_view name) {
  for (const SolverEntry& e : solver_table())
    if (name == e.name) return &e;
  return nullptr;
}

std::vector<std::string> default_racers(int threads) {
  std::vector<std::string> racers(static_cast<std::size_t>(std::max(threads, 2) - 1), "local");
  racers.emplace_back("cadical");
  return racers;
}

PortfolioResult solve_portfolio(const Formulation& formulation,
                                const std::vector<std::string>& racers, const SolveLimits& limits) {
  std::vector<const SolverEntry*> entries;
  for (const std::string& name : racers) {
    entries.push_back(find_solver(name));
    assert(entries.back() && entries.back()->racer && "the CLI checks racer names");
  }
  return race(formulation, entries, limits);
}

std::string solver_names_list(bool SolverEntry::*flag) {
  std::string out;
  for (const SolverEntry& e : solver_table())
    if (!flag || e.*flag) out += fmt::format("{}{}", out.empty() ? "" : ", ", e.name);
  return out;
}

}  // namespace bel_pyramid
