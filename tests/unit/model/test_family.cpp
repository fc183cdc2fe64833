// Families (doc/families.md): parameters, their domains and errors, the
// members a family lists, and the classes of members under the puzzle's
// symmetries.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "base/error.hpp"
#include "model/constraint.hpp"
#include "model/hypothesis.hpp"
#include "model/shape_class.hpp"
#include "model/solution.hpp"

namespace bel_pyramid {
namespace {

namespace fs = std::filesystem;

Hypothesis parse(const std::string& text, int levels, const ParamValues& params = {}) {
  return parse_hypothesis(text, "t.hyp", Pyramid(levels), params);
}

std::string error_of(const std::string& text, const ParamValues& params = {}, int levels = 3) {
  try {
    (void)parse(text, levels, params);
  } catch (const ParseError& e) {
    return e.what();
  }
  return "";
}

std::string read(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

const std::string kShift =
    "param f in 0..L-1\n"
    "for x in 0..base-1: for h in 0..tri(x)-1: X[x,h] = x\n"
    "for y in 0..base-1: for h in 0..tri(y)-1: Y[y,h] = (y + h + f) % L\n";

TEST(Family, AParameterIsALetWithAValueFromOutside) {
  const Hypothesis h = parse("param f in 0..L-1\nX[0,0] = f", 3, {{"f", 4}});
  const Pyramid p(3);
  EXPECT_EQ(h.constraints, std::vector{compare(var(p.x_var(0, 0)), Rel::Eq, label(4))});
  EXPECT_EQ(h.params, (std::vector<std::pair<std::string, long>>{{"f", 4}}));
  EXPECT_EQ(h.name, "t.hyp(f=4)");
  // Names the file does not declare are left to the caller; a file without
  // parameters keeps its plain name.
  EXPECT_EQ(parse("X[0,0] = 1", 3, {{"g", 1}}).name, "t.hyp");
}

TEST(Family, DomainsListsWhereAndGcd) {
  const auto members = [](const std::string& text, int levels, const ParamValues& fixed = {}) {
    std::vector<std::string> out;
    for (const ParamValues& m : family_members(text, "t.hyp", Pyramid(levels), fixed)) {
      std::string name;
      for (const auto& [k, v] : m) name += fmt::format("{}={} ", k, v);
      out.push_back(name);
    }
    return out;
  };
  // Units mod L = 9 (N=5): gcd(d, 9) = 1.
  EXPECT_EQ(members("param d in 1..L-1 where gcd(d, L) = 1\nX[0,0] = d", 5),
            (std::vector<std::string>{"d=1 ", "d=2 ", "d=4 ", "d=5 ", "d=7 ", "d=8 "}));
  // Lists (sorted, each value once); a later domain may use an earlier parameter.
  EXPECT_EQ(members("param a in [2, 0, 2]\nparam b in a..1\nX[0,0] = a + b", 3),
            (std::vector<std::string>{"a=0 b=0 ", "a=0 b=1 "}));
  // --param fixes some, the others are swept.
  EXPECT_EQ(members("param a in 0..1\nparam b in 0..1\nX[0,0] = a + b", 3, {{"a", 1}}),
            (std::vector<std::string>{"a=1 b=0 ", "a=1 b=1 "}));
  // A file without parameters is one member; an empty domain, none.
  EXPECT_EQ(members("X[0,0] = 1", 3), (std::vector<std::string>{""}));
  EXPECT_TRUE(members("param a in 1..0\nX[0,0] = a", 3).empty());
}

TEST(Family, ErrorsNameLineAndColumn) {
  const std::vector<std::tuple<std::string, ParamValues, std::string>> cases = {
      {"param f in 0..L-1\nX[0,0] = f",
       {},
       "t.hyp:1:7: parse error: the parameter 'f' has no value (it takes 0..4 at N=3)"},
      {"param f in 0..L-1\nX[0,0] = f",
       {{"f", 5}},
       "t.hyp:1:7: parse error: the parameter f = 5 is not one of its values (0..4 at N=3)"},
      {"param d in [1, 3] where gcd(d, 3) = 1\nX[0,0] = d",
       {{"d", 3}},
       "t.hyp:1:7: parse error: the parameter d = 3 is not one of its values ([1] at N=3)"},
      {"for i in 0..1: param f in 0..1",
       {{"f", 0}},
       "t.hyp:1:16: parse error: a param is declared at the top level only"},
      {"let f = 1\nparam f in 0..1", {{"f", 0}}, "t.hyp:2:7: parse error: 'f' is already taken"},
      {"param N in 0..1", {{"N", 0}}, "t.hyp:1:7: parse error: 'N' is already taken"},
      {"param f in 0..1\nlet f = 2", {{"f", 0}}, "t.hyp:2:5: parse error: 'f' is already taken"},
      {"param f in 0..1\nfor f in 0..1: X[0,0] = f",
       {{"f", 0}},
       "t.hyp:2:5: parse error: 'f' is already taken"},
      {"param f in 0..L-1\nX[0,0] = f + 3",
       {{"f", 2}},
       "t.hyp:2:10: parse error: label 5 >= 2N-1 = 5"},
      {"param f in [1, 2\nX[0,0] = f", {{"f", 1}}, "t.hyp:2:1: parse error: expected ']'"},
      {"param f in 0..1 where X[0,0] = 0\nX[0,0] = f",
       {{"f", 0}},
       "t.hyp:1:23: parse error: a condition cannot use a line"},
  };
  for (const auto& [text, params, expected] : cases) {
    SCOPED_TRACE(text);
    const std::string got = error_of(text, params);
    EXPECT_EQ(got.substr(0, expected.size()), expected) << got;
  }
}

// The family files' members are the single-shape files they generalise.
TEST(Family, ColumnStepIsAMemberOfItsFamily) {
  const fs::path doc(BEL_PYRAMID_DOC_DIR);
  const std::string family = read(doc / "hypotheses" / "families" / "ColumnStepShift.hyp");
  const std::string single = read(doc / "hypotheses" / "ColumnStep.hyp");
  for (int n = 2; n <= 6; ++n) {
    SCOPED_TRACE(n);
    const Pyramid p(n);
    EXPECT_EQ(parse_hypothesis(family, "f.hyp", p, {{"f", (n - 3 + 2 * n - 1) % (2 * n - 1)}})
                  .constraints,
              parse_hypothesis(single, "s.hyp", p).constraints);
    EXPECT_EQ(family_members(family, "f.hyp", p).size(), static_cast<std::size_t>(2 * n - 1));
  }
}

// Freeing k levels from level j up: the bottom level (j = 0, k = 1) is
// ColumnStepFreeBottom, the top k levels (j = N - k) are ColumnStepFreeTop.
TEST(Family, FreeLevelsHoldsTheFreeBottomAndFreeTopFamilies) {
  const fs::path dir = fs::path(BEL_PYRAMID_DOC_DIR) / "hypotheses" / "families";
  const std::string levels = read(dir / "ColumnStepFreeLevels.hyp");
  const std::string bottom = read(dir / "ColumnStepFreeBottom.hyp");
  const std::string top = read(dir / "ColumnStepFreeTop.hyp");
  for (int n = 2; n <= 6; ++n) {
    const Pyramid p(n);
    for (int f = 0; f < p.labels(); ++f) {
      SCOPED_TRACE(fmt::format("N={} f={}", n, f));
      const auto member = [&](int j, int k) {
        return parse_hypothesis(levels, "l.hyp", p, {{"f", f}, {"j", j}, {"k", k}}).constraints;
      };
      EXPECT_EQ(member(0, 1), parse_hypothesis(bottom, "b.hyp", p, {{"f", f}}).constraints);
      for (int k = 1; k <= std::min(2, n); ++k)
        EXPECT_EQ(member(n - k, k),
                  parse_hypothesis(top, "t.hyp", p, {{"f", f}, {"k", k}}).constraints);
    }
    // Every run of consecutive levels, for every shift.
    EXPECT_EQ(family_members(levels, "l.hyp", p).size(),
              static_cast<std::size_t>(p.labels() * n * (n + 1) / 2));
  }
}

// Freeing row r: ColumnStep's lines hold it; moving a line of row r keeps
// it and breaks the member of every other row, and ColumnStepShift.
TEST(Family, FreeRowFreesTheYLinesOfItsRowOnly) {
  const fs::path dir = fs::path(BEL_PYRAMID_DOC_DIR) / "hypotheses" / "families";
  const std::string rows = read(dir / "ColumnStepFreeRow.hyp");
  const std::string shift = read(dir / "ColumnStepShift.hyp");
  for (int n = 2; n <= 5; ++n) {
    const Pyramid p(n);
    const int L = p.labels();
    EXPECT_EQ(family_members(rows, "r.hyp", p).size(), static_cast<std::size_t>(L * p.base()));
    for (int f = 0; f < L; ++f) {
      std::vector<int> labels(p.var_count(), 0);
      for (int i = 0; i < p.base(); ++i)
        for (int h = 0; h < p.tri(i); ++h) {
          labels[p.x_var(i, h)] = i;
          labels[p.y_var(i, h)] = (i + h + f) % L;
        }
      const auto holds = [&](const std::string& text, const ParamValues& params) {
        const Hypothesis hyp = parse_hypothesis(text, "h.hyp", p, params);
        return std::all_of(hyp.constraints.begin(), hyp.constraints.end(),
                           [&](const Constraint& c) { return evaluate(c, labels); });
      };
      for (int r = 0; r < p.base(); ++r) {
        SCOPED_TRACE(fmt::format("N={} f={} r={}", n, f, r));
        EXPECT_TRUE(holds(rows, {{"f", f}, {"r", r}}));
        const int moved = p.y_var(r, p.tri(r) - 1);
        const int kept = labels[moved];
        labels[moved] = (kept + 1) % L;
        EXPECT_TRUE(holds(rows, {{"f", f}, {"r", r}}));
        EXPECT_FALSE(holds(rows, {{"f", f}, {"r", (r + 1) % p.base()}}));
        EXPECT_FALSE(holds(shift, {{"f", f}}));
        labels[moved] = kept;
      }
    }
  }
}

TEST(Family, AffineFamilyMembersAreItsFormulas) {
  const fs::path doc(BEL_PYRAMID_DOC_DIR);
  const std::string family = read(doc / "hypotheses" / "families" / "Affine.hyp");
  const Pyramid p(3);
  // X[x,h] = (a x + b h), Y[y,h] = (d y + e h + f) mod 5 with (a,b,d,e,f) = (1,2,3,4,1).
  const Hypothesis h =
      parse_hypothesis(family, "a.hyp", p, {{"a", 1}, {"b", 2}, {"d", 3}, {"e", 4}, {"f", 1}});
  std::vector<Constraint> expected;
  for (int x = 0; x < p.base(); ++x)
    for (int k = 0; k < p.tri(x); ++k)
      expected.push_back(compare(var(p.x_var(x, k)), Rel::Eq, label((x + 2 * k) % 5)));
  for (int y = 0; y < p.base(); ++y)
    for (int k = 0; k < p.tri(y); ++k)
      expected.push_back(compare(var(p.y_var(y, k)), Rel::Eq, label((3 * y + 4 * k + 1) % 5)));
  EXPECT_EQ(h.constraints, expected);
  // (a, b) least under scaling by the units 1..4 of 5: 875 members at N=3,
  // 3087 at N=4 (the sweep that found ColumnStep counted the same).
  EXPECT_EQ(family_members(family, "a.hyp", p).size(), 875U);
  EXPECT_EQ(family_members(family, "a.hyp", Pyramid(4)).size(), 3087U);
}

std::optional<ShapeClass> class_of(const Hypothesis& h, const Pyramid& p) {
  return shape_class(h.constraints, p.labels(), square_symmetries(p));
}

TEST(ShapeClass, RenamingTheLabelsGivesTheSameKey) {
  const Pyramid p(3);
  EXPECT_TRUE(class_of(parse(kShift, 3, {{"f", 1}}), p).has_value());
  // Y + 1 under the renaming l -> l + 1 of X[x,h] = x is not the same shape:
  // the X lines pin the renaming to the identity (and the mirrors give
  // Y lines falling with y or with h).
  EXPECT_NE(class_of(parse(kShift, 3, {{"f", 1}}), p)->key,
            class_of(parse(kShift, 3, {{"f", 2}}), p)->key);
  // X[0,0] = a, X[1,0] = b: every pair a != b is one class, a = b another.
  const std::string pair = "param a in 0..L-1\nparam b in 0..L-1\nX[0,0] = a; X[1,0] = b";
  std::set<std::vector<int>> keys;
  for (const ParamValues& m : family_members(pair, "t.hyp", p))
    keys.insert(class_of(parse(pair, 3, m), p)->key);
  EXPECT_EQ(keys.size(), 2U);
  // Anything but line = label breaks the invariance.
  EXPECT_FALSE(class_of(parse("X[0,0] < 2", 3), p).has_value());
  EXPECT_FALSE(class_of(parse("X[0,0] = X[1,0]", 3), p).has_value());
}

// ColumnAffine: X[x,h] = x, Y[y,h] = (d y + e h + f) mod L. Mirroring the
// rows takes member (d, e, f) to (-d, e, f - d); mirroring the columns and
// renaming l -> L-1-l takes it to (-d, -e, -1 - f).
TEST(ShapeClass, TheMirrorsOfTheBaseAreTheSameQuestion) {
  const std::string family =
      "param d in 0..L-1\nparam e in 0..L-1\nparam f in 0..L-1\n"
      "for x in 0..base-1: for h in 0..tri(x)-1: X[x,h] = x\n"
      "for y in 0..base-1: for h in 0..tri(y)-1: Y[y,h] = (d*y + e*h + f) % L";
  for (const int n : {3, 4}) {
    const Pyramid p(n);
    const int l = p.labels();
    const auto key = [&](int d, int e, int f) {
      const ParamValues m = {
          {"d", (d % l + l) % l}, {"e", (e % l + l) % l}, {"f", (f % l + l) % l}};
      return class_of(parse(family, n, m), p)->key;
    };
    EXPECT_EQ(key(1, 1, 2), key(-1, 1, 1)) << n;
    EXPECT_EQ(key(1, 1, 2), key(-1, -1, -3)) << n;
    EXPECT_EQ(key(2, 3, 0), key(-2, 3, -2)) << n;
    EXPECT_NE(key(1, 1, 2), key(1, 1, 3)) << n;
  }
}

// A solution carried from one shape to an image of it satisfies the image:
// the shape fixes every line of a known solution, its image is the
// solution moved by a symmetry of the base and its labels renamed.
TEST(ShapeClass, ACarriedSolutionSolvesTheOtherShape) {
  // A 2-level solution, line by line (X by column, Y by row, Z row by row).
  const Solution s(2, {0, 1, 1, 2, 2, 0, 1, 1, 0, 0, 2, 0, 1, 2, 0, 2, 2});
  const Pyramid p(2);
  ASSERT_TRUE(validate(p, s).ok);
  const std::vector<std::vector<int>> symmetries = square_symmetries(p);
  EXPECT_EQ(symmetries.size(), 16U);
  const std::vector<int> rename = {2, 0, 1};
  const auto shape_of = [&](const std::vector<int>& labels) {
    std::vector<Constraint> fixed;
    for (int v = 0; v < p.var_count(); ++v)
      fixed.push_back(compare(var(v), Rel::Eq, label(labels[v])));
    return *shape_class(fixed, p.labels(), symmetries);
  };
  for (const std::vector<int>& g : symmetries) {
    std::vector<int> image(s.labels().size());
    for (std::size_t v = 0; v < image.size(); ++v) image[g[v]] = rename[s.labels()[v]];
    const ShapeClass from = shape_of(s.labels()), to = shape_of(image);
    ASSERT_EQ(from.key, to.key);
    const std::vector<int> carried_labels = carried(s.labels(), from, to);
    EXPECT_EQ(carried_labels, image);
    EXPECT_TRUE(validate(p, Solution(2, carried_labels)).ok);
  }
}

}  // namespace
}  // namespace bel_pyramid
