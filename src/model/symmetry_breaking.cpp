#include "model/symmetry_breaking.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <numeric>
#include <optional>
#include <utility>

#include "model/symmetry.hpp"

namespace bel_pyramid {
namespace {

Symmetry identity(const Pyramid& p, std::string name) {
  Symmetry g{std::move(name), std::vector<int>(p.var_count()), std::vector<int>(p.labels())};
  std::iota(g.var_image.begin(), g.var_image.end(), 0);
  std::iota(g.label_image.begin(), g.label_image.end(), 0);
  return g;
}

// ---- canonical form of a constraint's image ------------------------------
// A string per constraint; nullopt when the image is not a constraint of
// the language (an order relation under a non-identity label map).
class Canon {
 public:
  Canon(const Symmetry& g, int labels)
      : g_(g), labels_(labels), label_identity_(is_identity(g.label_image)) {}

  // Top-level conjunctions are flattened into the multiset.
  bool add(const Constraint& c, std::vector<std::string>& out) const {
    if (c.kind == Constraint::Kind::All) {
      for (const Constraint& k : c.children)
        if (!add(k, out)) return false;
      return true;
    }
    const auto s = of(c);
    if (!s) return false;
    out.push_back(*s);
    return true;
  }

 private:
  static bool is_identity(const std::vector<int>& v) {
    for (std::size_t i = 0; i < v.size(); ++i)
      if (v[i] != static_cast<int>(i)) return false;
    return true;
  }
  [[nodiscard]] int var(int v) const { return g_.var_image[v]; }
  [[nodiscard]] int label(int l) const { return l >= 0 && l < labels_ ? g_.label_image[l] : l; }

  [[nodiscard]] std::optional<std::string> of(const Constraint& c) const {
    using Kind = Constraint::Kind;
    switch (c.kind) {
      case Kind::Compare: return compare(c);
      case Kind::All:
      case Kind::Any: {
        std::vector<std::string> parts;
        for (const Constraint& k : c.children) {
          const auto s = of(k);
          if (!s) return std::nullopt;
          parts.push_back(*s);
        }
        std::sort(parts.begin(), parts.end());
        return fmt::format("{}({})", c.kind == Kind::All ? "all" : "any", fmt::join(parts, ","));
      }
      case Kind::LexLessEq:
      case Kind::Precedence: {
        if (!label_identity_) return std::nullopt;
        std::vector<int> a, b;
        for (int v : c.left) a.push_back(var(v));
        for (int v : c.right) b.push_back(var(v));
        return fmt::format("{}[{}][{}]", c.kind == Kind::LexLessEq ? "lex" : "prec",
                           fmt::join(a, ","), fmt::join(b, ","));
      }
      case Kind::LabelCount: {
        std::vector<std::string> terms;
        for (const WeightedLabel& t : c.terms)
          terms.push_back(fmt::format("{}:{}*{}", var(t.var), label(t.label), t.weight));
        std::sort(terms.begin(), terms.end());
        return fmt::format("count{}{}[{}]", to_string(c.rel), c.bound, fmt::join(terms, ","));
      }
      case Kind::Not: {
        const auto s = of(c.children.at(0));
        if (!s) return std::nullopt;
        return fmt::format("not({})", *s);
      }
    }
    return std::nullopt;
  }

  [[nodiscard]] std::optional<std::string> compare(const Constraint& c) const {
    const Term a = c.lhs, b = c.rhs;
    if (!a.is_var() && !b.is_var()) return holds(a.value, c.rel, b.value) ? "true" : "false";
    if (a.is_var() && b.is_var()) {
      if (c.rel == Rel::Eq || c.rel == Rel::Ne) {
        const int x = var(a.var), y = var(b.var);
        return fmt::format("{}({},{})", to_string(c.rel), std::min(x, y), std::max(x, y));
      }
      if (!label_identity_) return std::nullopt;
      const bool flip = c.rel == Rel::Gt || c.rel == Rel::Ge;
      const bool strict = c.rel == Rel::Lt || c.rel == Rel::Gt;
      return fmt::format("{}({},{})", strict ? "<" : "<=", var(flip ? b.var : a.var),
                         var(flip ? a.var : b.var));
    }
    // One variable: the set of labels it may take, mapped label by label.
    const int v = a.is_var() ? a.var : b.var;
    std::vector<int> allowed;
    for (int l = 0; l < labels_; ++l)
      if (a.is_var() ? holds(l, c.rel, b.value) : holds(a.value, c.rel, l))
        allowed.push_back(label(l));
    std::sort(allowed.begin(), allowed.end());
    return fmt::format("in({},{{{}}})", var(v), fmt::join(allowed, ","));
  }

  const Symmetry& g_;
  int labels_;
  bool label_identity_;
};

std::optional<std::vector<std::string>> image(const Symmetry& g, const Formulation& f) {
  const Canon canon(g, f.pyramid().labels());
  std::vector<std::string> out;
  for (const Constraint& c : f.constraints())
    if (!canon.add(c, out)) return std::nullopt;
  std::sort(out.begin(), out.end());
  return out;
}

// A <=lex g(A) over Pyramid's order, for an involution g of the variables:
// only the positions v < g(v) can decide (at v > g(v) the earlier position
// g(v) already compared the same two values), fixed points never do.
Constraint lex_leader(const Symmetry& g) {
  std::vector<int> left, right;
  for (int v = 0; v < static_cast<int>(g.var_image.size()); ++v)
    if (v < g.var_image[v]) {
      left.push_back(v);
      right.push_back(g.var_image[v]);
    }
  return lex_less_eq(std::move(left), std::move(right));
}

// Value precedence over a class of interchangeable labels s1 < ... < sk: a
// variable may take s(i+1) only if an earlier variable took s(i).
std::vector<Constraint> precedence(const std::vector<int>& cls, int vars, int labels) {
  if (static_cast<int>(cls.size()) == labels) {
    std::vector<int> all(vars);
    std::iota(all.begin(), all.end(), 0);
    return {value_precedence(std::move(all))};
  }
  std::vector<Constraint> out;
  for (int j = 0; j < vars; ++j)
    for (std::size_t i = 1; i < cls.size(); ++i) {
      std::vector<Constraint> any{compare(var(j), Rel::Ne, label(cls[i]))};
      for (int k = 0; k < j; ++k) any.push_back(compare(var(k), Rel::Eq, label(cls[i - 1])));
      out.push_back(any_of(std::move(any)));
    }
  return out;
}

bool is_label_symmetry(const Symmetry& g) {
  for (std::size_t v = 0; v < g.var_image.size(); ++v)
    if (g.var_image[v] != static_cast<int>(v)) return false;
  return true;
}

}  // namespace

std::vector<Symmetry> puzzle_symmetries(const Pyramid& p) {
  std::vector<Symmetry> out;
  const auto geometric = [&](std::string name, const GeometricElement& e) {
    Symmetry g = identity(p, std::move(name));
    g.var_image = permutation(p, e);
    out.push_back(std::move(g));
  };
  for (int i = 0; i < p.mid(); ++i) {
    const int j = p.base() - 1 - i;
    geometric(fmt::format("columns {}<->{}", i, j), {1U << i, 0, false, false});
    geometric(fmt::format("rows {}<->{}", i, j), {0, 1U << i, false, false});
  }
  geometric("transpose", {0, 0, true, false});
  geometric("top-cube flip", {0, 0, false, true});
  for (int a = 0; a < p.labels(); ++a)
    for (int b = a + 1; b < p.labels(); ++b) {
      Symmetry g = identity(p, fmt::format("labels {}<->{}", a, b));
      std::swap(g.label_image[a], g.label_image[b]);
      out.push_back(std::move(g));
    }
  return out;
}

std::vector<int> apply(const Symmetry& g, const std::vector<int>& labels) {
  std::vector<int> out(labels.size());
  for (std::size_t v = 0; v < labels.size(); ++v) out[g.var_image[v]] = g.label_image[labels[v]];
  return out;
}

bool preserves(const Symmetry& g, const Formulation& f) {
  const auto mapped = image(g, f);
  return mapped && mapped == image(identity(f.pyramid(), "identity"), f);
}

namespace {
constexpr std::pair<SymmetryBreakingMode, std::string_view> kModes[] = {
    {SymmetryBreakingMode::None, "none"},
    {SymmetryBreakingMode::Auto, "auto"},
    {SymmetryBreakingMode::Labels, "labels"},
    {SymmetryBreakingMode::Geometry, "geometry"},
};
}  // namespace

std::string_view to_string(SymmetryBreakingMode mode) {
  for (const auto& [m, name] : kModes)
    if (m == mode) return name;
  return "none";
}

std::vector<std::string> symmetry_breaking_names() {
  std::vector<std::string> out;
  for (const auto& [m, name] : kModes) out.emplace_back(name);
  return out;
}

std::optional<SymmetryBreakingMode> parse_symmetry_breaking(std::string_view name) {
  for (const auto& [m, n] : kModes)
    if (n == name) return m;
  return std::nullopt;
}

SymmetryBreaking break_symmetries(const Formulation& f, SymmetryBreakingMode mode) {
  using Mode = SymmetryBreakingMode;
  const bool geometry = mode == Mode::Auto || mode == Mode::Geometry;
  const bool labels = mode == Mode::Auto || mode == Mode::Labels;
  const Pyramid& p = f.pyramid();
  SymmetryBreaking out;
  std::vector<int> root(p.labels());  // union-find over interchangeable labels
  std::iota(root.begin(), root.end(), 0);
  const auto find = [&](int l) {
    while (root[l] != l) l = root[l] = root[root[l]];
    return l;
  };
  for (Symmetry& g : puzzle_symmetries(p)) {
    if (!preserves(g, f)) continue;
    if (is_label_symmetry(g)) {
      int a = -1, b = -1;
      for (int l = 0; l < p.labels(); ++l)
        if (g.label_image[l] != l) (a < 0 ? a : b) = l;
      root[find(b)] = find(a);
    } else if (geometry) {
      out.constraints.push_back(lex_leader(g));
    }
    out.kept.push_back(std::move(g));
  }
  for (int r = 0; r < p.labels(); ++r) {
    std::vector<int> cls;
    for (int l = 0; l < p.labels(); ++l)
      if (find(l) == r) cls.push_back(l);
    if (cls.size() < 2) continue;
    if (labels)
      for (Constraint& c : precedence(cls, p.var_count(), p.labels()))
        out.constraints.push_back(std::move(c));
    out.label_classes.push_back(std::move(cls));
  }
  return out;
}

}  // namespace bel_pyramid
