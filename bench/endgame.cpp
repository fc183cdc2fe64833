// The endgame benchmark: how long the local search needs from a stuck state
// (a checkpoint of cost 1-2) to a solution, per method, under a CPU cap.
//   endgame isolation DEPTH STATE...  per state, the sets of 1..DEPTH relabels
//                                   (distinct lines) that keep its cost or lower it
//   endgame analyse STATE...        the conflict of each state: duplicated and
//                                   missing cubes, the lines through them
//   endgame run CAP SEEDS STATE... -m METHOD [-m METHOD...]
// METHOD is NAME or NAME:KEY=VALUE,... over the local search's tuning
// (replicas, tmin, tmax, every). Runs interleave the methods per state and
// seed (FIRST_SEED=1), print one line per run (CPU seconds, lines changed from the start state by
// the solution and by the first state below the start's cost, the exchange acceptance of adjacent
// replicas), then per state and method the solved count and the median CPU seconds (unsolved runs
// count at CAP), and how far apart the runs' first states below the start are.
// Every solution is re-checked with checked_solution().
#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <ctime>
#include <map>
#include <string>
#include <vector>

#include "checkpoint_formulation.hpp"
#include "formats/checkpoint.hpp"
#include "model/checked_solution.hpp"
#include "model/strategy.hpp"
#include "solvers/local_search.hpp"
#include "solvers/move_engine.hpp"

using namespace bel_pyramid;

namespace {

struct Method {
  std::string spec;
  LocalSearchTuning tuning;
};

Method parse_method(const std::string& spec) {
  Method m{spec, {}};
  LocalSearchTuning& t = m.tuning;
  const auto colon = spec.find(':');
  std::string rest = colon == std::string::npos ? "" : spec.substr(colon + 1);
  while (!rest.empty()) {
    const auto comma = rest.find(',');
    const std::string kv = rest.substr(0, comma);
    rest = comma == std::string::npos ? "" : rest.substr(comma + 1);
    const auto eq = kv.find('=');
    const std::string key = kv.substr(0, eq);
    const double v = std::atof(kv.substr(eq + 1).c_str());
    const std::map<std::string, std::function<void()>> set = {
        {"replicas", [&] { t.replicas = static_cast<int>(v); }},
        {"tmin", [&] { t.temperature = v; }},
        {"tmax", [&] { t.max_temperature = v; }},
        {"every", [&] { t.exchange_every = static_cast<std::uint64_t>(v); }},
    };
    const auto it = set.find(key);
    if (it == set.end()) {
      fmt::print(stderr, "unknown key \"{}\" in method \"{}\"\n", key, spec);
      std::exit(2);
    }
    it->second();
  }
  return m;
}

std::string where(const Pyramid& p, const Position& q) {
  std::string lines;
  for (int v : p.vars_at(q)) lines += " " + p.var_name(v);
  return fmt::format("({},{},{}) lines{}", q.x, q.y, q.h, lines);
}

std::string cube_text(const Cube& c) { return fmt::format("{}{}{}", c[0], c[1], c[2]); }

void analyse(const std::string& path) {
  const Checkpoint c = read_checkpoint(path);
  const Pyramid p(c.levels);
  std::vector<std::vector<int>> at(p.cubes().size());
  for (int q = 0; q < static_cast<int>(p.positions().size()); ++q) {
    const auto vs = p.vars_at(p.positions()[q]);
    Cube cube{c.labels[vs[0]], c.labels[vs[1]], c.labels[vs[2]]};
    std::sort(cube.begin(), cube.end());
    at[p.cube_index(cube)].push_back(q);
  }
  fmt::print("{}: N={} cost {} (seed {}, {:.0f} CPU s)\n", path, c.levels, c.cost, c.seed,
             c.cpu_seconds);
  std::string missing;
  for (std::size_t k = 0; k < at.size(); ++k) {
    if (at[k].empty()) missing += " " + cube_text(p.cubes()[k]);
    if (at[k].size() < 2) continue;
    fmt::print("  cube {} at", cube_text(p.cubes()[k]));
    for (int q : at[k]) fmt::print(" {};", where(p, p.positions()[q]));
    fmt::print("\n");
  }
  fmt::print("  missing:{}\n", missing);
}

// Counts the sets of `left` more relabels on lines after `from` that end at
// the start's cost (kept) or below it (lowered), the engine left as it was.
void relabel_sets(MoveEngine& e, int labels, int from, int left, int cost, int start, long& kept,
                  long& lowered) {
  const int lines = static_cast<int>(e.labels().size());
  for (int v = from; v < lines; ++v) {
    const int old = e.label(v);
    for (int l = 0; l < labels; ++l) {
      if (l == old) continue;
      if (left == 1) {
        const int after = cost + e.relabel_delta(v, l);
        kept += after == start;
        lowered += after < start;
        continue;
      }
      const int delta = e.set_label(v, l);
      relabel_sets(e, labels, v + 1, left - 1, cost + delta, start, kept, lowered);
      e.set_label(v, old);
    }
  }
}

// Whether a stuck state has a better state within DEPTH relabels.
void isolation(int depth, const std::string& path) {
  const Checkpoint c = read_checkpoint(path);
  const Pyramid p(c.levels);
  MoveEngine e(p, {});
  e.reset(c.labels);
  for (int k = 1; k <= depth; ++k) {
    long kept = 0, lowered = 0;
    relabel_sets(e, p.labels(), 0, k, e.cost(), e.cost(), kept, lowered);
    fmt::print("{}: N={} cost {}: sets of {} relabels: {} keep the cost, {} lower it\n", path,
               c.levels, e.cost(), k, kept, lowered);
    std::fflush(stdout);
  }
}

double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n == 0 ? 0 : n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

struct Outcome {
  bool solved = false;
  double cpu = 0;
  int changed = 0;         // lines that differ from the start state
  std::vector<int> lower;  // the first state below the start's cost, if any
};

int distance(const std::vector<int>& a, const std::vector<int>& b) {
  int d = 0;
  for (std::size_t v = 0; v < a.size(); ++v) d += a[v] != b[v];
  return d;
}

Outcome run_one(const Formulation& f, const Checkpoint& c, const Method& m, std::uint64_t seed,
                double cap) {
  SolveLimits limits;
  limits.seed = seed;
  limits.seed_given = true;
  limits.start = c.labels;
  limits.local_tuning = m.tuning;
  std::atomic<bool> stop{false};
  limits.stop = &stop;
  const std::clock_t start = std::clock();
  auto cpu = [&] { return static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC; };
  std::vector<double> acceptance;
  int best = c.cost;
  std::vector<int> lower;
  limits.progress = [&](const SearchProgress& p) {
    acceptance = p.exchange_acceptance;
    best = p.best_cost;
    if (lower.empty() && p.best_cost < c.cost) lower = p.best_labels;
    if (cpu() >= cap) stop = true;
  };
  const SolveResult r = solve_local(f, limits);
  Outcome o{r.status == SolveResult::Status::Sat, std::min(cpu(), cap), 0, lower};
  if (o.solved && !(r.solution && checked_solution(f, r.solution->labels()))) {
    fmt::print("INVALID solution from {} seed {}\n", m.spec, seed);
    std::exit(1);
  }
  if (o.solved) o.changed = distance(r.solution->labels(), c.labels);
  std::string acc;
  for (double a : acceptance) acc += fmt::format(" {:.2f}", a);
  const std::string first_lower = lower.empty() ? "-" : std::to_string(distance(lower, c.labels));
  fmt::print(
      "  {:<40} seed {:>3} {} cpu {:7.2f} s best {} changed {:3} first lower {:>3} "
      "acceptance{}\n",
      m.spec, seed, o.solved ? "SAT    " : "unknown", o.cpu, o.solved ? 0 : best, o.changed,
      first_lower, acc);
  std::fflush(stdout);
  return o;
}

// Whether the runs' first states below the start are one state or many: a
// start that every run leaves downwards may lead to one dead end.
void print_lower_states(const std::vector<Outcome>& outcomes) {
  std::vector<std::vector<int>> states;
  for (const Outcome& o : outcomes)
    if (!o.lower.empty()) states.push_back(o.lower);
  if (states.size() < 2) return;
  int low = static_cast<int>(states[0].size()), high = 0;
  for (std::size_t i = 0; i < states.size(); ++i)
    for (std::size_t j = i + 1; j < states.size(); ++j) {
      const int d = distance(states[i], states[j]);
      low = std::min(low, d);
      high = std::max(high, d);
    }
  std::sort(states.begin(), states.end());
  const auto distinct = std::unique(states.begin(), states.end()) - states.begin();
  fmt::print("  first states below the start: {} runs, {} distinct, {}-{} lines apart\n",
             states.size(), distinct, low, high);
}

void run(double cap, int seeds, const std::vector<std::string>& states,
         const std::vector<Method>& methods) {
  const int first = std::getenv("FIRST_SEED") ? std::atoi(std::getenv("FIRST_SEED")) : 1;
  for (const std::string& path : states) {
    const Checkpoint c = read_checkpoint(path);
    const Formulation f = formulation_of(c);
    fmt::print("{} (N={}, cost {}), CPU cap {} s\n", path, c.levels, c.cost, cap);
    std::vector<std::vector<Outcome>> out(methods.size());
    for (int seed = first; seed < first + seeds; ++seed)
      for (std::size_t m = 0; m < methods.size(); ++m)
        out[m].push_back(run_one(f, c, methods[m], static_cast<std::uint64_t>(seed), cap));
    for (std::size_t m = 0; m < methods.size(); ++m) {
      std::vector<double> cpu, changed;
      for (const Outcome& o : out[m]) {
        cpu.push_back(o.cpu);
        if (o.solved) changed.push_back(o.changed);
      }
      fmt::print("| {} | {} | {}/{} | {:.2f} | {} |\n", path, methods[m].spec, changed.size(),
                 out[m].size(), median(cpu),
                 changed.empty() ? "-" : fmt::format("{:g}", median(changed)));
      print_lower_states(out[m]);
    }
    std::fflush(stdout);
  }
}

}  // namespace

int main(int argc, char** argv) {
  const std::vector<std::string> args(argv + 1, argv + argc);
  if (args.size() >= 3 && args[0] == "isolation") {
    for (std::size_t i = 2; i < args.size(); ++i) isolation(std::atoi(args[1].c_str()), args[i]);
    return 0;
  }
  if (args.size() >= 2 && args[0] == "analyse") {
    for (std::size_t i = 1; i < args.size(); ++i) analyse(args[i]);
    return 0;
  }
  if (args.size() < 4 || args[0] != "run") {
    fmt::print(
        stderr,
        "usage: endgame isolation DEPTH STATE... | endgame analyse STATE... | endgame run CAP "
        "SEEDS STATE... -m METHOD...\n");
    return 2;
  }
  std::vector<std::string> states;
  std::vector<Method> methods;
  for (std::size_t i = 3; i < args.size(); ++i) {
    if (args[i] == "-m" && i + 1 < args.size())
      methods.push_back(parse_method(args[++i]));
    else
      states.push_back(args[i]);
  }
  if (methods.empty()) methods.push_back(parse_method("default"));
  run(std::atof(args[1].c_str()), std::atoi(args[2].c_str()), states, methods);
}
