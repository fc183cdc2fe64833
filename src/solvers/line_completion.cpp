#include "solvers/line_completion.hpp"

#include <algorithm>
#include <cadical.hpp>

namespace bel_pyramid {
namespace {

class Stop : public CaDiCaL::Terminator {
 public:
  explicit Stop(const std::function<bool()>& stop) : stop_(stop) {}
  bool terminate() override { return stop_ && stop_(); }

 private:
  const std::function<bool()>& stop_;
};

void binary(CaDiCaL::Solver& solver, int a, int b) {
  solver.add(a);
  solver.add(b);
  solver.add(0);
}

// The encoding of the header; false when the kept positions repeat a cube.
bool encode(const Pyramid& p, const std::vector<LabelMask>& masks, const std::vector<int>& labels,
            const std::vector<char>& freed, CaDiCaL::Solver& solver, std::vector<int>& label_id) {
  const int L = p.labels();
  const auto& positions = p.positions();
  std::vector<char> held(p.cubes().size(), 0);
  std::vector<int> touched;
  for (int q = 0; q < static_cast<int>(positions.size()); ++q) {
    const auto vs = p.vars_at(positions[q]);
    if (freed[vs[0]] || freed[vs[1]] || freed[vs[2]]) {
      touched.push_back(q);
      continue;
    }
    Cube c{labels[vs[0]], labels[vs[1]], labels[vs[2]]};
    std::sort(c.begin(), c.end());
    const int k = p.cube_index(c);
    if (held[k]) return false;
    held[k] = 1;
  }
  int next = 0;
  label_id.assign(static_cast<std::size_t>(p.var_count()) * L, 0);
  std::vector<int> lits;
  for (int v = 0; v < p.var_count(); ++v) {
    if (!freed[v]) continue;
    lits.clear();
    for (int l = 0; l < L; ++l)
      if ((masks[v] >> l) & 1) lits.push_back(label_id[v * L + l] = ++next);
    for (int a : lits) solver.add(a);
    solver.add(0);
    for (std::size_t i = 0; i < lits.size(); ++i)
      for (std::size_t j = i + 1; j < lits.size(); ++j) binary(solver, -lits[i], -lits[j]);
  }
  // A position's choices for one of its lines: the kept label (literal 0:
  // true) or every allowed label of a freed line.
  auto choices = [&](int v, std::vector<std::pair<int, int>>& out) {
    out.clear();
    if (!freed[v]) return out.emplace_back(labels[v], 0), void();
    for (int l = 0; l < L; ++l)
      if (label_id[v * L + l]) out.emplace_back(l, label_id[v * L + l]);
  };
  std::vector<std::vector<int>> placements_of(p.cubes().size());
  std::vector<std::pair<int, int>> cx, cy, cz;
  for (int q : touched) {
    const auto vs = p.vars_at(positions[q]);
    choices(vs[0], cx);
    choices(vs[1], cy);
    choices(vs[2], cz);
    for (const auto& [a, la] : cx)
      for (const auto& [b, lb] : cy)
        for (const auto& [c, lc] : cz) {
          Cube cube{a, b, c};
          std::sort(cube.begin(), cube.end());
          const int k = p.cube_index(cube);
          lits.clear();
          for (int lit : {la, lb, lc})
            if (lit) lits.push_back(lit);
          if (held[k]) {  // forbid the triple
            for (int lit : lits) solver.add(-lit);
            solver.add(0);
            continue;
          }
          const int pl = ++next;
          placements_of[k].push_back(pl);
          for (int lit : lits) binary(solver, -pl, lit);
          solver.add(pl);
          for (int lit : lits) solver.add(-lit);
          solver.add(0);
        }
  }
  for (std::size_t k = 0; k < placements_of.size(); ++k) {
    if (held[k]) continue;
    const auto& pls = placements_of[k];
    for (int pl : pls) solver.add(pl);
    solver.add(0);  // empty: no position can take this cube, Unsat
    if (pls.size() < 2) continue;
    int prev = ++next;  // sequential at-most-one (Sinz)
    binary(solver, -pls[0], prev);
    for (std::size_t i = 1; i + 1 < pls.size(); ++i) {
      const int s = ++next;
      binary(solver, -pls[i], s);
      binary(solver, -prev, s);
      binary(solver, -pls[i], -prev);
      prev = s;
    }
    binary(solver, -pls.back(), -prev);
  }
  return true;
}

}  // namespace

LineCompletion complete_lines(const Pyramid& pyramid, const std::vector<LabelMask>& masks,
                              const std::vector<int>& labels, const std::vector<char>& freed,
                              int conflict_limit, int seed, const std::function<bool()>& stop) {
  CaDiCaL::Solver solver;
  solver.set("quiet", 1);
  solver.set("seed", seed);
  std::vector<int> label_id;
  if (!encode(pyramid, masks, labels, freed, solver, label_id))
    return {LineCompletion::Status::Impossible, {}};
  Stop terminator(stop);
  solver.connect_terminator(&terminator);
  solver.limit("conflicts", conflict_limit);
  const int status = solver.solve();
  solver.disconnect_terminator();
  if (status == 20) return {LineCompletion::Status::Impossible, {}};
  if (status != 10) return {LineCompletion::Status::GaveUp, {}};
  LineCompletion result{LineCompletion::Status::Found, labels};
  const int L = pyramid.labels();
  for (int v = 0; v < pyramid.var_count(); ++v)
    if (freed[v])
      for (int l = 0; l < L; ++l)
        if (label_id[v * L + l] && solver.val(label_id[v * L + l]) > 0) result.labels[v] = l;
  return result;
}

}  // namespace bel_pyramid
