#include "solvers/completion.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <bit>
#include <cstdlib>
#include <iterator>
#include <optional>
#include <tuple>
#include <utility>
#include <vector>

#include "cnf/cardinality.hpp"
#include "cnf/cnf.hpp"
#include "cnf/cnf_options.hpp"
#include "model/checked_solution.hpp"
#include "model/cube_matching.hpp"
#include "model/label_domains.hpp"
#include "model/line_shift.hpp"
#include "solvers/cadical_driver.hpp"

namespace bel_pyramid {
namespace {

// The one label a mask allows, or -1.
int single_label(LabelMask mask) { return std::popcount(mask) == 1 ? std::countr_zero(mask) : -1; }

// How many of a position's three lines are free.
int free_lines(const std::vector<int>& labels, const std::array<int, 3>& lines) {
  return static_cast<int>(
      std::count_if(lines.begin(), lines.end(), [&](int v) { return labels[v] < 0; }));
}

// The cube of three labels.
int cube_of(const Pyramid& p, int a, int b, int c) {
  Cube cube = {a, b, c};
  std::sort(cube.begin(), cube.end());
  return p.cube_index(cube);
}

// Exactly one of the literals (an empty list: the empty clause).
void exactly_one(Cnf& cnf, const std::vector<int>& lits, AmoEncoding amo) {
  cnf.add_clause(lits);
  at_most_one(cnf, lits, amo);
}

// The makers of each cube: per cube the literals of the positions' choices
// that make it (a literal that would make it twice is false), and whether a
// position of fixed lines makes it already.
class Makers {
 public:
  explicit Makers(const Pyramid& p) : lists_(p.cube_count()), fixed_(p.cube_count(), 0) {}
  void add(Cnf& cnf, int cube, int literal) {
    std::vector<int>& list = lists_[cube];
    if (std::find(list.begin(), list.end(), literal) == list.end())
      list.push_back(literal);
    else
      cnf.add_clause({-literal});  // one choice making the cube twice
  }
  void add_fixed(int cube) { ++fixed_[cube]; }
  // Each cube exactly once: by a fixed position (and then by no choice), or by one choice.
  void constrain(Cnf& cnf, AmoEncoding amo) const {
    for (std::size_t cube = 0; cube < lists_.size(); ++cube) {
      if (fixed_[cube] > 1) cnf.add_clause(std::vector<int>{});
      if (fixed_[cube] == 1)
        for (const int literal : lists_[cube]) cnf.add_clause({-literal});
      else
        exactly_one(cnf, lists_[cube], amo);
    }
  }

 private:
  std::vector<std::vector<int>> lists_;
  std::vector<int> fixed_;
};

// A position's choices: with one free line, its label; with two, a pair of
// labels, a Boolean equal to the conjunction of theirs.
void add_position(const Pyramid& p, CompletionCnf& out, const std::array<int, 3>& lines,
                  Makers& makers) {
  std::vector<int> free, fixed;
  for (const int v : lines) (out.labels[v] < 0 ? free : fixed).push_back(v);
  const int labels = p.labels();
  if (free.empty())
    return makers.add_fixed(
        cube_of(p, out.labels[lines[0]], out.labels[lines[1]], out.labels[lines[2]]));
  const std::vector<int>& first = out.literals[free[0]];
  if (free.size() == 1) {
    for (int l = 0; l < labels; ++l)
      if (first[l] != 0)
        makers.add(out.cnf, cube_of(p, out.labels[fixed[0]], out.labels[fixed[1]], l), first[l]);
    return;
  }
  const std::vector<int>& second = out.literals[free[1]];
  for (int a = 0; a < labels; ++a)
    for (int b = 0; b < labels; ++b) {
      if (first[a] == 0 || second[b] == 0) continue;
      const int both = out.cnf.new_var();
      out.cnf.add_clause({-both, first[a]});
      out.cnf.add_clause({-both, second[b]});
      out.cnf.add_clause({-first[a], -second[b], both});
      makers.add(out.cnf, cube_of(p, out.labels[fixed[0]], a, b), both);
    }
}

// Every line of a shape: fixed to a label, or free and tied to a free line
// (itself when untied) by label(v) = (label(root) + offset) mod L.
struct ShapeLines {
  std::vector<int> labels;        // the fixed label, or -1
  std::vector<int> root, offset;  // of every line
  std::vector<LabelMask> masks;   // of each root: the labels its whole class allows
};

// Union-find with offsets over the lines: the classes of tied lines.
class Ties {
 public:
  Ties(int vars, int labels) : parent_(vars), offset_(vars, 0), labels_(labels) {
    for (int v = 0; v < vars; ++v) parent_[v] = v;
  }
  // The root of v and label(v) - label(root), mod L.
  [[nodiscard]] std::pair<int, int> find(int v) const {
    int offset = 0;
    for (; parent_[v] != v; v = parent_[v]) offset = (offset + offset_[v]) % labels_;
    return {v, offset};
  }
  // label(a) = label(b) + shift; false when the ties before say otherwise.
  bool tie(const LineShift& s) {
    const auto [ra, oa] = find(s.a);
    const auto [rb, ob] = find(s.b);
    const int need = ((ob + s.shift - oa) % labels_ + labels_) % labels_;  // label(ra) - label(rb)
    if (ra == rb) return need == 0;
    parent_[ra] = rb;
    offset_[ra] = need;
    return true;
  }

 private:
  std::vector<int> parent_, offset_;
  int labels_;
};

// The labels l + shift (mod L) for the l in mask.
LabelMask rotated(LabelMask mask, int shift, int labels) {
  LabelMask out = 0;
  for (int l = 0; l < labels; ++l)
    if ((mask >> l) & 1) out |= LabelMask{1} << ((l + shift) % labels);
  return out;
}

// The domains of the lines (each line's label l + offset for the l in its
// root's mask) narrowed by the matching of positions to cubes, folded back
// into the roots' masks.
void narrow_roots(const Pyramid& p, ShapeLines& out) {
  const int labels = p.labels();
  std::vector<LabelMask> lines(p.var_count());
  for (int v = 0; v < p.var_count(); ++v)
    lines[v] = rotated(out.masks[out.root[v]], out.offset[v], labels);
  (void)narrow_by_matching(p, lines);  // no perfect matching: CaDiCaL refutes it
  for (int v = 0; v < p.var_count(); ++v)
    out.masks[out.root[v]] &= rotated(lines[v], labels - out.offset[v], labels);
}

// The lines of a formulation whose constraints are unary or line shifts
// (A = (B + k) % L); none when another constraint remains or the domains
// and ties leave some line no label.
std::optional<ShapeLines> shape_lines(const Formulation& f, const CnfOptions& options) {
  const Pyramid& p = f.pyramid();
  const int labels = p.labels();
  const LabelDomains domains = split_constraints(f);
  if (domains.contradiction) return std::nullopt;
  std::vector<LineShift> shifts;
  for (const Constraint& c : domains.penalties)
    if (!line_shifts(c, labels, shifts)) return std::nullopt;
  Ties ties(p.var_count(), labels);
  for (const LineShift& s : shifts)
    if (!ties.tie(s)) return std::nullopt;
  ShapeLines out;
  out.labels.assign(p.var_count(), -1);
  out.root.resize(p.var_count());
  out.offset.resize(p.var_count());
  out.masks.assign(p.var_count(), ~LabelMask{0});
  for (int v = 0; v < p.var_count(); ++v) {
    std::tie(out.root[v], out.offset[v]) = ties.find(v);
    out.masks[out.root[v]] &= rotated(domains.masks[v], labels - out.offset[v], labels);
  }
  if (options.cube_matching) narrow_roots(p, out);
  for (int v = 0; v < p.var_count(); ++v) {
    const LabelMask mask = out.masks[out.root[v]] & ((LabelMask{1} << labels) - 1);
    if (mask == 0) return std::nullopt;
    if (const int l = single_label(mask); l >= 0) out.labels[v] = (l + out.offset[v]) % labels;
  }
  return out;
}

// The line Booleans first (1..primary_vars, what a certificate decodes
// from): one per free root and label; a tied line's Booleans are its
// root's, rotated by its offset. Then the roots' exactly-one constraints
// and the cubes' makers.
CompletionCnf cover_cnf(const Pyramid& p, const ShapeLines& lines, AmoEncoding amo) {
  const int labels = p.labels();
  CompletionCnf out;
  out.labels = lines.labels;
  out.literals.resize(p.var_count());
  std::vector<int> roots;
  for (int v = 0; v < p.var_count(); ++v) {
    if (out.labels[v] >= 0 || lines.root[v] != v) continue;
    roots.push_back(v);
    out.literals[v].assign(labels, 0);
    for (int l = 0; l < labels; ++l)
      if ((lines.masks[v] >> l) & 1) out.literals[v][l] = out.cnf.new_var();
  }
  out.cnf.primary_vars = out.cnf.num_vars();
  for (int v = 0; v < p.var_count(); ++v) {
    if (out.labels[v] >= 0 || lines.root[v] == v) continue;
    out.literals[v].assign(labels, 0);
    for (int l = 0; l < labels; ++l)
      out.literals[v][(l + lines.offset[v]) % labels] = out.literals[lines.root[v]][l];
  }
  for (const int root : roots) {
    std::vector<int> one_of;
    std::copy_if(out.literals[root].begin(), out.literals[root].end(), std::back_inserter(one_of),
                 [](int b) { return b != 0; });
    exactly_one(out.cnf, one_of, amo);
  }
  Makers makers(p);
  for (const Position& position : p.positions()) add_position(p, out, p.vars_at(position), makers);
  makers.constrain(out.cnf, amo);
  return out;
}

// A shape leaves few enough lines free for the cover when at most two free
// lines cross at each position (a position's choices are then its free
// line's labels, or pairs of labels); a looser shape takes the native
// encoding.
bool compact_enough(const Pyramid& p, const ShapeLines& lines) {
  return std::all_of(p.positions().begin(), p.positions().end(), [&](const Position& position) {
    return free_lines(lines.labels, p.vars_at(position)) <= 2;
  });
}

}  // namespace

std::vector<int> CompletionCnf::decode(const std::function<bool(int)>& value) const {
  std::vector<int> out = labels;
  for (std::size_t v = 0; v < out.size(); ++v) {
    int chosen = 0;
    for (std::size_t l = 0; l < literals[v].size(); ++l)
      if (const int b = literals[v][l]; b != 0 && value(b)) {
        out[v] = static_cast<int>(l);
        ++chosen;
      }
    if (chosen > 1) out[v] = -1;
  }
  return out;
}

// A tied line's Booleans are its root's: each is named after the first
// line that has it.
std::vector<std::string> CompletionCnf::names(const Pyramid& p) const {
  std::vector<std::string> out(static_cast<std::size_t>(cnf.primary_vars));
  for (std::size_t v = 0; v < literals.size(); ++v)
    for (std::size_t l = 0; l < literals[v].size(); ++l)
      if (const int b = literals[v][l]; b != 0 && out[b - 1].empty())
        out[b - 1] = fmt::format("{}={}", p.var_name(static_cast<int>(v)), l);
  return out;
}

bool narrow_cube(const Pyramid& p, const CompletionCnf& cover, std::vector<int>& cube) {
  const int vars = p.var_count();
  // Each line's domain in the CNF, and each line Boolean's (line, label)
  // pairs (tied lines share their Booleans).
  std::vector<LabelMask> masks(vars, 0);
  std::vector<std::vector<std::pair<int, int>>> meaning(
      static_cast<std::size_t>(cover.cnf.num_vars()) + 1);
  for (int v = 0; v < vars; ++v) {
    if (cover.labels[v] >= 0) masks[v] = LabelMask{1} << cover.labels[v];
    for (std::size_t l = 0; l < cover.literals[v].size(); ++l)
      if (const int b = cover.literals[v][l]; b != 0) {
        masks[v] |= LabelMask{1} << l;
        meaning[b].emplace_back(v, static_cast<int>(l));
      }
  }
  for (const int lit : cube) {
    const std::size_t b = static_cast<std::size_t>(std::abs(lit));
    if (b >= meaning.size()) continue;
    for (const auto [v, l] : meaning[b])
      masks[v] &= lit > 0 ? LabelMask{1} << l : ~(LabelMask{1} << l);
  }
  if (!narrow_by_matching(p, masks)) return false;
  std::vector<char> stated(static_cast<std::size_t>(cover.cnf.num_vars()) + 1, 0);
  for (const int lit : cube)
    if (lit < 0) stated[static_cast<std::size_t>(-lit)] = 1;
  for (int v = 0; v < vars; ++v)
    for (std::size_t l = 0; l < cover.literals[v].size(); ++l)
      if (const int b = cover.literals[v][l]; b != 0 && !stated[b] && !((masks[v] >> l) & 1)) {
        stated[b] = 1;
        cube.push_back(-b);
      }
  return true;
}

namespace {

// The shape's lines when the completion applies to it.
std::optional<ShapeLines> compact_shape(const Formulation& formulation, const CnfOptions& options) {
  std::optional<ShapeLines> lines = shape_lines(formulation, options);
  if (lines && !compact_enough(formulation.pyramid(), *lines)) lines.reset();
  return lines;
}

// Whether something asks a CaDiCaL search for the native CNF.
bool wants_native_cnf(const SolveLimits& limits) {
  CnfOptions encoder = without_completion_keys(limits.cnf_options);
  encoder.cadical_config.reset();  // CaDiCaL's own keys apply to either CNF
  encoder.cadical_phase = -1;
  return !limits.cnf_options.completion || limits.proof || limits.start || encoder != CnfOptions{};
}

}  // namespace

bool completes(const Formulation& formulation, const CnfOptions& options) {
  return compact_shape(formulation, options).has_value();
}

CnfOptions without_completion_keys(CnfOptions options) {
  options.completion_amo = CnfOptions{}.completion_amo;
  options.cube_matching = CnfOptions{}.cube_matching;
  return options;
}

bool takes_completion(const Formulation& formulation, const SolveLimits& limits) {
  return !wants_native_cnf(limits) && completes(formulation, limits.cnf_options);
}

bool takes_column_completion(const Formulation& formulation, const SolveLimits& limits) {
  if (wants_native_cnf(limits)) return false;
  const std::optional<ShapeLines> lines = compact_shape(formulation, limits.cnf_options);
  if (!lines) return false;
  const Pyramid& p = formulation.pyramid();
  const auto xy_end = lines->labels.begin() + p.x_var_count() + p.y_var_count();
  return std::none_of(lines->labels.begin(), xy_end, [](int label) { return label < 0; });
}

CompletionCnf completion_cnf(const Formulation& formulation, const CnfOptions& options) {
  return cover_cnf(formulation.pyramid(), *shape_lines(formulation, options),
                   options.completion_amo);
}

SolveResult solve_completion(const Formulation& formulation, const SolveLimits& given) {
  // CaDiCaL's "sat" configuration: median 14.8 CPU s against 53.3 for its
  // default on ColumnStep at N=7, seeds 1-10 (bench/RESULTS.md, "Completions").
  SolveLimits limits = given;
  if (!limits.cnf_options.cadical_config) limits.cnf_options.cadical_config = "sat";
  const StopCheck check = limits.started();
  const CompletionCnf cover = completion_cnf(formulation, limits.cnf_options);
  try {
    CadicalDriver cadical(formulation.pyramid(), cover.cnf, limits, check);
    switch (cadical.solve()) {
      case CadicalDriver::Status::Sat: {
        const std::vector<int> labels =
            cover.decode([&cadical](int literal) { return cadical.value(literal); });
        return checked_result(formulation, labels, "the completion");
      }
      case CadicalDriver::Status::Unsat: return {SolveResult::Status::Unsat, std::nullopt, {}};
      case CadicalDriver::Status::Stopped: break;
    }
    return {SolveResult::Status::Unknown, std::nullopt, cadical.stop_reason()};
  } catch (const Stopped& stopped) {
    return {SolveResult::Status::Unknown, std::nullopt, stopped.what()};
  }
}

}  // namespace bel_pyramid
