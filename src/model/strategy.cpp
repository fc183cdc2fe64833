#include "model/strategy.hpp"

#include <algorithm>
#include <cctype>

namespace bel_pyramid {
namespace {

using Constraints = std::vector<Constraint>;

Constraint equals(int v, int l) { return compare(var(v), Rel::Eq, label(l)); }
Constraint below(int v, int bound) { return compare(var(v), Rel::Lt, label(bound)); }

std::vector<int> x_column(const Pyramid& p, int x) {
  std::vector<int> vars;
  for (int h = 0; h < p.tri(x); ++h) vars.push_back(p.x_var(x, h));
  return vars;
}

std::vector<int> y_row(const Pyramid& p, int y) {
  std::vector<int> vars;
  for (int h = 0; h < p.tri(y); ++h) vars.push_back(p.y_var(y, h));
  return vars;
}

// X variables in numbering order (column by column, h ascending), then Y, Z.
std::vector<int> family(const Pyramid& p, Axis axis) {
  const int first = axis == Axis::X   ? 0
                    : axis == Axis::Y ? p.x_var_count()
                                      : p.x_var_count() + p.y_var_count();
  const int count = axis == Axis::X   ? p.x_var_count()
                    : axis == Axis::Y ? p.y_var_count()
                                      : p.z_var_count();
  std::vector<int> vars(count);
  for (int k = 0; k < count; ++k) vars[k] = first + k;
  return vars;
}

Constraints bottom_center_012(const Pyramid& p) {
  const int m = p.mid();
  const int vars[3] = {p.x_var(m, 0), p.y_var(m, 0), p.z_var(m, m)};
  Constraints options;
  for (Cube c : {Cube{0, 0, 0}, Cube{0, 0, 1}, Cube{0, 1, 2}}) {
    if (c[2] >= p.labels()) continue;  // N=1: only (0,0,0) exists
    options.push_back(
        all_of({equals(vars[0], c[0]), equals(vars[1], c[1]), equals(vars[2], c[2])}));
  }
  return {any_of(std::move(options))};
}

Constraints top_cube_ordering(const Pyramid& p) {
  const int m = p.mid();
  const int h = p.levels() - 1;
  return {compare(var(p.x_var(m, h)), Rel::Le, var(p.y_var(m, h)))};
}

Constraints cake_slice_ordering(const Pyramid& p) {
  Constraints out;
  for (int i = 0; i < p.mid(); ++i)
    out.push_back(lex_less_eq(x_column(p, i), x_column(p, p.base() - 1 - i)));
  for (int i = 0; i < p.mid(); ++i)
    out.push_back(lex_less_eq(y_row(p, i), y_row(p, p.base() - 1 - i)));
  return out;
}

Constraints anti_mirror(const Pyramid& p) {
  Constraints out = bottom_center_012(p);
  for (auto* part : {top_cube_ordering, cake_slice_ordering})
    for (auto& c : part(p)) out.push_back(std::move(c));
  out.push_back(lex_less_eq(family(p, Axis::X), family(p, Axis::Y)));
  return out;
}

Constraints increasing_x_axis(const Pyramid& p) {
  Constraints chain;
  for (int x = 0; x + 1 < p.base(); ++x)
    chain.push_back(compare(var(p.x_var(x, 0)), Rel::Le, var(p.x_var(x + 1, 0))));
  return {all_of(std::move(chain))};
}

Constraints label_permutation(const Pyramid& p) {
  std::vector<int> order = family(p, Axis::Z);
  for (Axis a : {Axis::X, Axis::Y})
    for (int v : family(p, a)) order.push_back(v);
  return {value_precedence(std::move(order))};
}

Constraints label_permutation_importance(const Pyramid& p) {
  const int m = p.mid();
  std::vector<int> order{p.z_var(m, m)};
  for (int h = 0; h < p.levels(); ++h) {
    order.push_back(p.x_var(m, h));
    order.push_back(p.y_var(m, h));
  }
  return {value_precedence(std::move(order))};
}

// Cubes on lines carrying label l, over the given variables.
Constraint faces(const Pyramid& p, const std::vector<int>& vars, int l, Rel rel, long bound) {
  std::vector<WeightedLabel> terms;
  for (int v : vars) terms.push_back({v, l, p.line_length(v)});
  return label_count(std::move(terms), rel, bound);
}

Constraints face_pb_eq(const Pyramid& p) {
  const long L = p.labels();
  std::vector<int> all(p.var_count());
  for (int v = 0; v < p.var_count(); ++v) all[v] = v;
  Constraints out;
  for (int l = 0; l < L; ++l) out.push_back(faces(p, all, l, Rel::Eq, (L + 1) * (L + 2) / 2));
  return out;
}

Constraints face_pb_le(const Pyramid& p) {
  const long L = p.labels();
  Constraints out;
  for (int l = 0; l < L; ++l)
    for (Axis a : {Axis::X, Axis::Y, Axis::Z})
      out.push_back(faces(p, family(p, a), l, Rel::Le, L * (L + 1) / 2));
  return out;
}

Constraints z_ring(const Pyramid& p) {
  const int last = p.base() - 1;
  Constraints left, right, front, back;
  for (int k = 0; k < p.base(); ++k) {
    left.push_back(equals(p.z_var(k, 0), k));
    right.push_back(equals(p.z_var(k, last), k));
    front.push_back(equals(p.z_var(0, k), 0));
    back.push_back(equals(p.z_var(last, k), p.labels() - 1));
  }
  return {all_of(std::move(left)), all_of(std::move(right)), all_of(std::move(front)),
          all_of(std::move(back))};
}

Constraints y_step(const Pyramid& p) {
  Constraints out;
  for (int y = 0; y < p.base(); ++y)
    for (int h = 0; h < p.tri(y); ++h) out.push_back(equals(p.y_var(y, h), y + h));
  return out;
}

Constraints x_step(const Pyramid& p) {
  Constraints out;
  for (int x = 0; x < p.base(); ++x)
    for (int h = 0; h < p.tri(x); ++h) out.push_back(equals(p.x_var(x, h), x - h));
  return out;
}

Constraints constructive_triple_diagonal(const Pyramid& p) {
  Constraints out;
  for (int l = 0; l < p.labels(); ++l)
    out.push_back(
        all_of({equals(p.x_var(l, 0), l), equals(p.y_var(l, 0), l), equals(p.z_var(l, l), l)}));
  return out;
}

// Level k of ConstructiveBottom/Shell: the lines selected by `in_level` and
// the Z lines of the inner square [k, base-k)^2 use labels below L - 2k.
template <class Selected>
Constraints constructive_levels(const Pyramid& p, Selected in_level) {
  Constraints out;
  for (int k = 1; k < p.levels(); ++k) {
    const int m = p.labels() - 2 * k;
    for (int i = 0; i < p.base(); ++i)
      for (int h = 0; h < p.tri(i); ++h)
        if (in_level(i, h, k)) out.push_back(below(p.x_var(i, h), m));
    for (int i = 0; i < p.base(); ++i)
      for (int h = 0; h < p.tri(i); ++h)
        if (in_level(i, h, k)) out.push_back(below(p.y_var(i, h), m));
    for (int y = k; y < p.base() - k; ++y)
      for (int x = k; x < p.base() - k; ++x) out.push_back(below(p.z_var(y, x), m));
  }
  return out;
}

Constraints constructive_bottom(const Pyramid& p) {
  return constructive_levels(p, [](int, int h, int k) { return h >= k; });
}

Constraints constructive_shell(const Pyramid& p) {
  return constructive_levels(p, [&p](int i, int h, int k) { return h < p.tri(i) - k; });
}

Constraints constructive_diagonal(const Pyramid& p) {
  Constraints out;
  for (int k = 0; k < p.levels(); ++k) {
    const int b = 2 * k + 1;
    for (int i = 0; i < b; ++i)
      for (int h = 0; h < std::min(i + 1, b - i); ++h) out.push_back(below(p.x_var(i, h), b));
    for (int i = 0; i < b; ++i)
      for (int h = 0; h < std::min(i + 1, b - i); ++h) out.push_back(below(p.y_var(i, h), b));
    for (int y = 0; y < b; ++y)
      for (int x = 0; x < b; ++x) out.push_back(below(p.z_var(y, x), b));
  }
  return out;
}

using K = StrategyKind;

const std::vector<Strategy> kStrategies = {
    {"BottomCenter012", K::SymmetryBreaking,
     "bottom centre cube (X,Y,Z) is (0,0,0), (0,0,1) or (0,1,2)", bottom_center_012},
    {"TopCubeOrdering", K::SymmetryBreaking, "top cube: X label <= Y label", top_cube_ordering},
    {"CakeSliceOrdering", K::SymmetryBreaking,
     "column i's X labels lex<= column base-1-i's, and the same for Y rows", cake_slice_ordering},
    {"AntiMirror", K::SymmetryBreaking,
     "BottomCenter012 + TopCubeOrdering + CakeSliceOrdering + all X lex<= all Y", anti_mirror},
    {"IncreasingXAxis", K::Constructive, "bottom X labels are non-decreasing in x",
     increasing_x_axis},
    {"LabelPermutation", K::SymmetryBreaking,
     "labels first appear in increasing order over Z, X, Y (value precedence)", label_permutation},
    {"LabelPermutationImportance", K::SymmetryBreaking,
     "value precedence over the centre column: Z centre, then X/Y at each height",
     label_permutation_importance},
    {"FacePBEQ", K::Redundant, "each label covers exactly (L+1)(L+2)/2 cube faces", face_pb_eq},
    {"FacePBLE", K::Redundant, "each label covers at most L(L+1)/2 cubes per axis family",
     face_pb_le},
    {"ZRing", K::Constructive, "Z border: left/right columns y, front row 0, back row L-1", z_ring},
    {"YStep", K::Constructive, "Y[y][h] = y + h", y_step},
    {"XStep", K::Constructive, "X[x][h] = x - h", x_step},
    {"ConstructiveTripleDiagonal", K::Constructive, "cube (l,l,l) sits at (l, l, 0)",
     constructive_triple_diagonal},
    {"ConstructiveBottom", K::Constructive,
     "level k's lines above height k and inner Z use labels < L-2k", constructive_bottom},
    {"ConstructiveShell", K::Constructive,
     "level k's inner X/Y lines and inner Z use labels < L-2k", constructive_shell},
    {"ConstructiveDiagonal", K::Constructive, "each corner sub-pyramid of width b uses labels < b",
     constructive_diagonal},
};

bool iequals(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return std::tolower(static_cast<unsigned char>(x)) ==
                  std::tolower(static_cast<unsigned char>(y));
         });
}

}  // namespace

const std::vector<Strategy>& strategies() { return kStrategies; }

const Strategy* find_strategy(std::string_view name) {
  for (const Strategy& s : kStrategies)
    if (iequals(s.name, name)) return &s;
  return nullptr;
}

std::string strategy_names() {
  std::string out;
  for (const Strategy& s : kStrategies) {
    if (!out.empty()) out += ", ";
    out += s.name;
  }
  return out;
}

const char* to_string(StrategyKind kind) {
  switch (kind) {
    case StrategyKind::SymmetryBreaking: return "symmetry-breaking";
    case StrategyKind::Constructive: return "constructive";
    case StrategyKind::Redundant: return "redundant";
  }
  return "?";
}

}  // namespace bel_pyramid
