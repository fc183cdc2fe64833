// The one table of searches: `--solver`, `--portfolio`, `--help`, counting,
// the memory guard and the tests all read solver_table(). A new search is one
// row (src/solvers/solver_table.cpp).
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "solvers/portfolio.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

// Every search, in the order --help lists them.
[[nodiscard]] const std::vector<SolverEntry>& solver_table();
// The entry a run uses when the user names none (--solver's default).
[[nodiscard]] const SolverEntry& default_solver();
// The exact-cover engine: counts, estimates (--estimate) and the quotient count.
[[nodiscard]] const Counter& xcc_counter();
// The search of each member of a --sweep unless --solver says otherwise: a
// complete one, on one thread, that completes a shape which fixes lines
// (completion.hpp) in its own compact CNF.
[[nodiscard]] const SolverEntry& default_sweep_solver();
// The entry of that name (case-sensitive), or nullptr.
[[nodiscard]] const SolverEntry* find_solver(std::string_view name);
// The racer of that name: a racer entry's name, or "NAME:CONFIG" for an entry
// that runs CaDiCaL, CONFIG one of cadical-config's values (portfolio.hpp);
// nullopt for any other name.
[[nodiscard]] std::optional<Racer> find_racer(std::string_view name);
// The racers' names for messages, with the configuration suffix.
[[nodiscard]] std::string racer_names_list();
// "a, b, c": the names of the entries (with `flag` set), for messages.
[[nodiscard]] std::string solver_names_list(bool SolverEntry::*flag = nullptr);
// "a, b": the entries that count with an engine of their own (the names a
// user may choose to count with).
[[nodiscard]] std::string counting_engine_names();

// The counter that lists: the entry's own, except that the default entry (the
// portfolio: the user left the choice) with a max_solutions takes the engine
// measured fastest to list that many distinct solutions at `levels`
// (bench/RESULTS.md, "Listing" and "Finding at N=4"): xcc with restarts up
// to N=4, local search from independent seeds above, where xcc finds none and
// CaDiCaL is slower.
[[nodiscard]] const Counter& listing_counter(const SolverEntry& entry, int levels,
                                             std::uint64_t max_solutions);

// The default racers for `threads` cores (measured: doc/solvers.md).
// A run that may have to answer "no solution" (`refutes`: a hypothesis, or
// a proof asked for) races CaDiCaL and threads-1 local searches. The bare
// puzzle at `levels` races the construction on every core, with seeds N,
// N+1, ... (where the shape table has a shape for `levels` and `fits` says
// its CNF fits in memory): it solves N=5..7 in seconds, where local search
// needs hours from N=6 on, and its time varies with the seed (N=7: 3 to 23
// CPU s), so two seeds halve the median (bench/RESULTS.md). A run that may
// refute and that the completion takes with only Z lines free
// (`completes`: completion.hpp, takes_column_completion) races CaDiCaL's "sat"
// and "unsat" configurations on that compact CNF instead: each is ten
// times faster than the other on one kind of answer (bench/RESULTS.md,
// "The completion's CaDiCaL configuration"). Without either, local
// searches on every core (a second one halves the heavy tail).
[[nodiscard]] std::vector<std::string> default_racers(
    int threads, bool refutes, int levels, const std::function<bool(const SolverEntry&)>& fits,
    bool completes = false);

// Races the entries of these names (racer entries; see portfolio.hpp).
[[nodiscard]] PortfolioResult solve_portfolio(const Formulation& formulation,
                                              const std::vector<std::string>& racers,
                                              const SolveLimits& limits);

}  // namespace bel_pyramid
