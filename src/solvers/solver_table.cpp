#include "solvers/solver_table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cassert>
#include <functional>
#include <string_view>

#include "cnf/cnf_options.hpp"
#include "solvers/cadical_backend.hpp"
#include "solvers/cadical_count.hpp"
#include "solvers/construction.hpp"
#include "solvers/local_search.hpp"
#include "solvers/seeded_listing.hpp"
#include "solvers/xcc.hpp"
#include "solvers/z3_backend.hpp"

namespace bel_pyramid {
namespace {

// Peak memory per placement Boolean, measured with /usr/bin/time -v (peak
// RSS, KB / placement): native CNF + CaDiCaL 1.2-1.8, rounded up about
// 1.5-2.5x, since a longer search grows the learnt clauses (Z3's figure is
// kZ3BytesPerPlacement, z3_backend.hpp).
constexpr double kCadicalBytesPerPlacement = 2560;
// 6 dancing-links nodes, their labels and support counters, with vector
// growth: peak RSS grows 194 bytes per option from N=5 to N=6 (/usr/bin/time).
constexpr double kXccBytesPerPlacement = 200;

// Called with a formulation alone, the portfolio keeps its prover.
SolveResult solve_portfolio_entry(const Formulation& f, const SolveLimits& limits) {
  return solve_portfolio(f, default_racers(2, true, 0, nullptr), limits).result;
}

CountResult list_by_xcc_restarts(const Formulation& f, const SolveLimits& limits,
                                 const CountOptions& options) {
  return list_by_seeds(solve_xcc, f, limits, options);
}

// The counting engines; an entry without its own counts with one of these.
constexpr Counter kXccCounter{
    .name = "xcc", .step_unit = "nodes", .runs_cadical = false, .count = count_xcc};
constexpr Counter kCadicalCounter{.name = "cadical",
                                  .step_unit = "solver calls",
                                  .runs_cadical = true,
                                  .count = count_with_cadical};
constexpr Counter kLocalListing{.name = "local search, one solution per seed",
                                .step_unit = "searches",
                                .runs_cadical = false,
                                .count = list_by_local_search};
constexpr Counter kXccListing{.name = "xcc with restarts, one solution per seed",
                              .step_unit = "searches",
                              .runs_cadical = false,
                              .count = list_by_xcc_restarts};

// The entry that races (the default --solver) and the construction it races
// on the bare puzzle: rows of the table below, by position.
constexpr std::size_t kPortfolioRow = 0;
constexpr std::size_t kCadicalRow = 1;
constexpr std::size_t kConstructRow = 2;

}  // namespace

const std::vector<SolverEntry>& solver_table() {
  static const std::vector<SolverEntry> table = {
      {.name = "portfolio",
       .summary = "racers on threads, first answer wins (local searches; CaDiCaL too under a "
                  "hypothesis; --portfolio)",
       .complete = true,
       .racer = false,
       .races_others = true,
       .stateful = false,
       .starts = false,
       .runs_cadical = false,
       .traces_proofs = false,
       .runs_local = false,
       .reads_tactic = false,
       .estimates = true,
       .bytes_per_placement = kCadicalBytesPerPlacement,
       .solve = solve_portfolio_entry,
       .counts = &kXccCounter,
       .samples = &kLocalListing},
      {.name = "cadical",
       .summary = "CaDiCaL in-process on the native CNF (complete)",
       .complete = true,
       .racer = true,
       .races_others = false,
       .stateful = false,
       .starts = true,
       .runs_cadical = true,
       .traces_proofs = true,
       .runs_local = false,
       .reads_tactic = false,
       .estimates = false,
       .bytes_per_placement = kCadicalBytesPerPlacement,
       .solve = solve_with_cadical,
       .counts = &kCadicalCounter,
       .samples = nullptr},
      {.name = "construct",
       .summary = "CaDiCaL under each shape known to complete at N (the shape table, "
                  "doc/hypotheses/shapes.tsv; ColumnStepFold up to N=8): finds solutions, never "
                  "proves none",
       .complete = false,
       .racer = true,
       .races_others = false,
       .stateful = false,
       .starts = false,
       .runs_cadical = true,
       .traces_proofs = false,
       .runs_local = false,
       .reads_tactic = false,
       .estimates = false,
       .bytes_per_placement = kCadicalBytesPerPlacement,
       .solve = solve_construction,
       .counts = nullptr,
       .samples = nullptr},
      {.name = "local",
       .summary = "stochastic local search (finds solutions, never proves none)",
       .complete = false,
       .racer = true,
       .races_others = false,
       .stateful = true,
       .starts = true,
       .runs_cadical = false,
       .traces_proofs = false,
       .runs_local = true,
       .reads_tactic = false,
       .estimates = false,
       .bytes_per_placement = 0,
       .solve = solve_local,
       .counts = nullptr,
       .samples = &kLocalListing},
      {.name = "z3",
       .summary = "Z3 with --tactic, as the original",
       .complete = true,
       .racer = false,
       .races_others = false,
       .stateful = false,
       .starts = false,
       .runs_cadical = false,
       .traces_proofs = false,
       .runs_local = false,
       .reads_tactic = true,
       .estimates = false,
       .bytes_per_placement = kZ3BytesPerPlacement,
       .solve = solve_with_z3,
       .counts = nullptr,
       .samples = nullptr},
      {.name = "xcc",
       .summary = "exact cover with colours, dancing links (complete; counts)",
       .complete = true,
       .racer = false,  // loses to local search on N=4 and N=5 (doc/counting.md)
       .races_others = false,
       .stateful = false,
       .starts = false,
       .runs_cadical = false,
       .traces_proofs = false,
       .runs_local = false,
       .reads_tactic = false,
       .estimates = true,
       .bytes_per_placement = kXccBytesPerPlacement,
       .solve = solve_xcc,
       .counts = &kXccCounter,
       .samples = &kXccListing},
  };
  return table;
}

const SolverEntry& default_solver() { return solver_table()[kPortfolioRow]; }

const Counter& xcc_counter() { return kXccCounter; }

const SolverEntry& default_sweep_solver() { return solver_table()[kCadicalRow]; }

const SolverEntry* find_solver(std::string_view name) {
  for (const SolverEntry& e : solver_table())
    if (name == e.name) return &e;
  return nullptr;
}

std::optional<Racer> find_racer(std::string_view name) {
  const std::size_t colon = name.find(':');
  const SolverEntry* entry = find_solver(name.substr(0, colon));
  if (!entry || !entry->racer) return std::nullopt;
  if (colon == std::string_view::npos) return Racer{entry, std::string(name), std::nullopt};
  const std::string config(name.substr(colon + 1));
  const auto configs = cadical_configs();
  if (!entry->runs_cadical || std::find(configs.begin(), configs.end(), config) == configs.end())
    return std::nullopt;
  return Racer{entry, std::string(name), config};
}

std::string racer_names_list() {
  std::string configs;
  for (const char* c : cadical_configs())
    configs += fmt::format("{}{}", configs.empty() ? "" : "|", c);
  return fmt::format("{}; a CaDiCaL one may name its configuration: cadical:{}",
                     solver_names_list(&SolverEntry::racer), configs);
}

std::vector<std::string> default_racers(int threads, bool refutes, int levels,
                                        const std::function<bool(const SolverEntry&)>& fits,
                                        bool completes) {
  const SolverEntry& construct = solver_table()[kConstructRow];
  const bool construction = !refutes && has_construction(levels) && fits && fits(construct);
  const int cores = std::max(threads, 2);
  if (construction)
    return std::vector<std::string>(static_cast<std::size_t>(cores), construct.name);
  if (refutes && completes) {
    std::vector<std::string> racers;
    for (int i = 0; i < cores; ++i) racers.emplace_back(i % 2 ? "cadical:unsat" : "cadical:sat");
    return racers;
  }
  std::vector<std::string> racers(static_cast<std::size_t>(refutes ? cores - 1 : cores), "local");
  if (refutes) racers.emplace_back("cadical");
  return racers;
}

PortfolioResult solve_portfolio(const Formulation& formulation,
                                const std::vector<std::string>& racers, const SolveLimits& limits) {
  std::vector<Racer> entries;
  for (const std::string& name : racers) {
    const std::optional<Racer> racer = find_racer(name);
    assert(racer && "the CLI checks racer names");
    entries.push_back(*racer);
  }
  return race(formulation, entries, limits);
}

const Counter& listing_counter(const SolverEntry& entry, int levels, std::uint64_t max_solutions) {
  if (max_solutions == 0 || !entry.races_others) return *entry.counts;
  return levels <= 4 ? kXccCounter : kLocalListing;
}

namespace {

std::string names_of(const std::function<bool(const SolverEntry&)>& chosen) {
  std::string out;
  for (const SolverEntry& e : solver_table())
    if (chosen(e)) out += fmt::format("{}{}", out.empty() ? "" : ", ", e.name);
  return out;
}

}  // namespace

std::string solver_names_list(bool SolverEntry::*flag) {
  return names_of([flag](const SolverEntry& e) { return !flag || e.*flag; });
}

std::string counting_engine_names() {
  return names_of(
      [](const SolverEntry& e) { return e.counts && std::string_view(e.counts->name) == e.name; });
}

}  // namespace bel_pyramid
