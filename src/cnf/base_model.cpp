#include "cnf/base_model.hpp"

#include "cnf/cardinality.hpp"
#include "cnf/numbering.hpp"
#include "model/cube_matching.hpp"

namespace bel_pyramid {
namespace {

int position_count(const Pyramid& p) { return static_cast<int>(p.positions().size()); }

// Every placement literal at position pos whose triple satisfies keep(a, b, c).
template <class Keep>
std::vector<int> placements_at(const Pyramid& p, int pos, Keep keep) {
  const int L = p.labels();
  std::vector<int> out;
  for (int a = 0; a < L; ++a)
    for (int b = 0; b < L; ++b)
      for (int c = 0; c < L; ++c)
        if (keep(a, b, c)) out.push_back(placement_literal(p, pos, a, b, c));
  return out;
}

// p -> (X=a & Y=b & Z=c) always; the reverse with placement-reverse.
void link_placements(Cnf& cnf, const Pyramid& p, const CnfOptions& o) {
  const int L = p.labels();
  for (int pos = 0; pos < position_count(p); ++pos) {
    const auto v = p.vars_at(p.positions()[pos]);
    for (int a = 0; a < L; ++a)
      for (int b = 0; b < L; ++b)
        for (int c = 0; c < L; ++c) {
          const int pl = placement_literal(p, pos, a, b, c);
          const int x = label_literal(p, v[0], a), y = label_literal(p, v[1], b),
                    z = label_literal(p, v[2], c);
          cnf.add_clause({-pl, x});
          cnf.add_clause({-pl, y});
          cnf.add_clause({-pl, z});
          if (o.placement_reverse) cnf.add_clause({pl, -x, -y, -z});
        }
  }
}

// Each cube: exactly one of its placements, over all rotations and positions.
void place_each_cube_once(Cnf& cnf, const Pyramid& p, const CnfOptions& o) {
  std::vector<int> lits;
  for (const Cube& cube : p.cubes()) {
    lits.clear();
    for (const Cube& t : Pyramid::rotations(cube))
      for (int pos = 0; pos < position_count(p); ++pos)
        lits.push_back(placement_literal(p, pos, t[0], t[1], t[2]));
    cnf.add_clause(lits);
    at_most_one(cnf, lits, o.cube_amo);
  }
}

void bound_positions(Cnf& cnf, const Pyramid& p, const CnfOptions& o) {
  if (!o.position_alo && !o.position_amo) return;
  for (int pos = 0; pos < position_count(p); ++pos) {
    const std::vector<int> lits = placements_at(p, pos, [](int, int, int) { return true; });
    if (o.position_alo) cnf.add_clause(lits);
    if (o.position_amo) at_most_one(cnf, lits, o.cube_amo);
  }
}

// A new literal equivalent to the disjunction of lits.
int define_or(Cnf& cnf, const std::vector<int>& lits) {
  const int y = cnf.new_var();
  for (int lit : lits) cnf.add_clause({-lit, y});
  std::vector<int> clause = lits;
  clause.push_back(-y);
  cnf.add_clause(clause);
  return y;
}

// A fact of every solution: for each label l exactly L positions hold l at
// least twice (h[pos] <-> some placement at pos has l twice or more).
void count_doubles(Cnf& cnf, const Pyramid& p) {
  const int L = p.labels();
  std::vector<int> holds(position_count(p));
  for (int l = 0; l < L; ++l) {
    for (int pos = 0; pos < position_count(p); ++pos)
      holds[pos] = define_or(cnf, placements_at(p, pos, [&](int x, int y, int z) {
                               return (x == l) + (y == l) + (z == l) >= 2;
                             }));
    exactly(cnf, holds, L);
  }
}

}  // namespace

void encode_labels(Cnf& cnf, const Pyramid& p, const CnfOptions& options) {
  std::vector<int> lits(p.labels());
  for (int v = 0; v < p.var_count(); ++v) {
    for (int l = 0; l < p.labels(); ++l) lits[l] = label_literal(p, v, l);
    if (options.label_alo) cnf.add_clause(lits);
    at_most_one(cnf, lits, AmoEncoding::Pairwise);
  }
}

void encode_placements(Cnf& cnf, const Pyramid& p, const CnfOptions& options) {
  link_placements(cnf, p, options);
  place_each_cube_once(cnf, p, options);
  bound_positions(cnf, p, options);
  if (options.count_doubles) count_doubles(cnf, p);
}

void exclude_unmatched_placements(Cnf& cnf, const Pyramid& p, std::span<const LabelMask> masks) {
  for (const Placement& u : unmatched_placements(p, masks))
    cnf.add_clause({-placement_literal(p, u.position, u.labels[0], u.labels[1], u.labels[2])});
}

}  // namespace bel_pyramid
