// The recursive-descent parser of hypothesis files (grammar: doc/hypotheses.md).
// Integer expressions are evaluated while parsing, so a loop body is parsed
// once per value of its variable; a body that is not taken (an empty range,
// a false `if`) is still parsed, in "skip" mode, for its syntax only.
#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <map>
#include <numeric>
#include <optional>

#include "base/error.hpp"
#include "model/cube_constraint.hpp"
#include "model/hypothesis.hpp"
#include "model/hypothesis_lexer.hpp"
#include "model/line_shift.hpp"

namespace bel_pyramid {
namespace {

using Kind = HypToken::Kind;

constexpr std::array<std::string_view, 25> kKeywords = {
    "for", "in",   "if",    "let", "param", "where", "levels",     "and",   "or",
    "not", "true", "false", "all", "any",   "lex",   "precedence", "count", "cube",
    "X",   "Y",    "Z",     "tri", "min",   "max",   "gcd"};
constexpr long kMaxNumber = 1'000'000'000;  // every value stays well inside a long
constexpr long kMaxRange = 1'000'000;       // values one loop may take
constexpr long kMaxSteps = 20'000'000;      // tokens read in all, loops unrolled
constexpr int kMaxDepth = 200;              // nested brackets and bodies
constexpr long kMaxItems = 1'000'000;       // comparisons and list items built in all

bool is_keyword(std::string_view name) {
  return std::find(kKeywords.begin(), kKeywords.end(), name) != kKeywords.end();
}

// Thrown, when the parser lists a family's members, at the first parameter
// `given` leaves unbound: its name and the values it may take.
struct Unbound {
  FamilyParam param;
};

class Parser {
 public:
  Parser(const std::vector<HypToken>& tokens, const std::string& path, const Pyramid& p,
         const ParamValues& given, bool listing)
      : tokens_(tokens), path_(path), p_(p), L_(p.labels()), given_(given), listing_(listing) {
    builtins_ = {{"N", p.levels()}, {"L", p.labels()}, {"base", p.base()}, {"mid", p.mid()}};
  }

  std::vector<Constraint> file() {
    if (peek().kind == Kind::End) fail(peek(), "empty hypothesis (no statement)");
    std::vector<Constraint> out;
    while (peek().kind != Kind::End) statement(out);
    return out;
  }
  // The parameters the file declared, bound, in order.
  [[nodiscard]] const std::vector<std::pair<std::string, long>>& bound() const { return bound_; }

 private:
  // ---- tokens ---------------------------------------------------------
  const HypToken& peek(std::size_t ahead = 0) const {
    return tokens_[std::min(pos_ + ahead, tokens_.size() - 1)];
  }
  const HypToken& next() {
    if (++steps_ > kMaxSteps) fail(peek(), "the loops expand to too many statements");
    const HypToken& t = peek();
    if (pos_ + 1 < tokens_.size()) ++pos_;
    return t;
  }
  bool at(std::string_view text, std::size_t ahead = 0) const {
    const HypToken& t = peek(ahead);
    return t.kind != Kind::End && t.kind != Kind::Number && t.text == text;
  }
  bool accept(std::string_view text) {
    if (!at(text)) return false;
    next();
    return true;
  }
  static std::string describe(const HypToken& t) {
    return t.kind == Kind::End ? "the end of the file" : fmt::format("'{}'", t.text);
  }
  [[noreturn]] void fail(const HypToken& t, const std::string& message) const {
    throw ParseError(path_, t.line, t.column, message);
  }
  // An error of meaning (a range, a label): ignored in skip mode, where the
  // values are placeholders.
  void semantic(bool ok, const HypToken& t, const std::string& message) const {
    if (!ok && skip_ == 0) fail(t, message);
  }
  const HypToken& expect(std::string_view text) {
    if (!at(text)) fail(peek(), fmt::format("expected '{}', found {}", text, describe(peek())));
    return next();
  }
  // The closing bracket of `open`.
  void close(const HypToken& open, std::string_view closing) {
    if (at(closing)) {
      next();
      return;
    }
    if (peek().kind == Kind::End)
      fail(open, fmt::format("unbalanced brackets: '{}' is never closed", open.text));
    fail(peek(), fmt::format("expected '{}' to close the '{}' at {}:{}, found {}", closing,
                             open.text, open.line, open.column, describe(peek())));
  }
  struct Nesting {
    Parser& parser;
    explicit Nesting(Parser& p) : parser(p) {
      if (++parser.depth_ > kMaxDepth) parser.fail(parser.peek(), "nesting too deep");
    }
    ~Nesting() { --parser.depth_; }
    Nesting(const Nesting&) = delete;
    Nesting& operator=(const Nesting&) = delete;
  };
  [[nodiscard]] bool skipping() const { return skip_ > 0; }

  // ---- statements -----------------------------------------------------
  void statement(std::vector<Constraint>& out) {
    const Nesting nesting(*this);
    const HypToken& first = peek();
    if (accept("let")) {
      const std::string name = new_name();
      expect("=");
      const long value = int_expr();
      lets_[name] = value;
    } else if (accept("param")) {
      param(first);
    } else if (accept("levels")) {
      levels(first);
    } else if (accept("for")) {
      loop([&] { body(out); });
    } else if (accept("if")) {
      const bool taken = condition();
      if (!taken) ++skip_;
      body(out);
      if (!taken) --skip_;
    } else {
      stray_closing();
      Constraint c = constraint();
      if (!skipping()) out.push_back(std::move(c));
    }
    accept(";");
  }

  // A body's `let`s end with it.
  void body(std::vector<Constraint>& out) {
    const auto outer_lets = lets_;
    ++bodies_;
    body_statements(out);
    --bodies_;
    lets_ = outer_lets;
  }

  // `levels A` or `levels A..B`: the N the file holds for (without it,
  // every N); another N is refused here, before its lines are read.
  void levels(const HypToken& keyword) {
    if (bodies_ > 0 || skipping()) fail(keyword, "'levels' is declared at the top level only");
    if (levels_declared_) fail(keyword, "'levels' is declared twice");
    levels_declared_ = true;
    const long from = int_expr();
    const long to = accept("..") ? int_expr() : from;
    if (p_.levels() < from || p_.levels() > to)
      fail(keyword, fmt::format("the file holds for N={} only, not N={}",
                                from == to ? fmt::to_string(from) : fmt::format("{}..{}", from, to),
                                p_.levels()));
  }

  // `param NAME in A..B [where CONDITION]` or `param NAME in [V, ...] [where
  // CONDITION]`: a family's parameter, bound by `given_` (--param NAME=VALUE).
  void param(const HypToken& keyword) {
    if (bodies_ > 0 || skipping()) fail(keyword, "a param is declared at the top level only");
    const HypToken& name_token = peek();
    const std::string name = new_name();
    if (lets_.count(name)) fail(name_token, fmt::format("'{}' is already taken", name));
    expect("in");
    const auto it = given_.find(name);
    const std::size_t domain = pos_;
    // A bound parameter's `where` is evaluated for its value alone (a
    // sweep parses every member).
    const std::vector<long> values =
        param_values(name, it == given_.end() ? std::nullopt : std::optional(it->second));
    if (it == given_.end()) {
      if (listing_) throw Unbound{{name, values}};
      fail(name_token, fmt::format("the parameter '{}' has no value (it takes {} at N={})", name,
                                   describe_values(values), p_.levels()));
    }
    if (values.empty()) {
      pos_ = domain;
      fail(name_token,
           fmt::format("the parameter {} = {} is not one of its values ({} at N={})", name,
                       it->second, describe_values(param_values(name, {})), p_.levels()));
    }
    params_[name] = it->second;
    bound_.emplace_back(name, it->second);
  }
  // The domain after `in`, then the `where` filter, evaluated per value;
  // with `only`, the domain's values that equal it.
  std::vector<long> param_values(const std::string& name, std::optional<long> only) {
    std::vector<long> values;
    if (at("[")) {
      const HypToken& open = next();
      if (!at("]")) {
        do values.push_back(int_expr());
        while (accept(","));
      }
      close(open, "]");
    } else {
      const long from = int_expr();
      const HypToken& dots = expect("..");
      const long to = int_expr();
      if (to - from >= kMaxRange) fail(dots, "range too long");
      for (long v = from; v <= to; ++v) values.push_back(v);
    }
    std::sort(values.begin(), values.end());
    values.erase(std::unique(values.begin(), values.end()), values.end());
    if (only) values.assign(std::count(values.begin(), values.end(), *only), *only);
    if (!accept("where")) return values;
    const std::size_t start = pos_;
    std::vector<long> kept;
    for (long v : values.empty() ? std::vector<long>{0} : values) {
      pos_ = start;
      params_[name] = v;
      if (condition() && !values.empty()) kept.push_back(v);
    }
    params_.erase(name);
    return kept;
  }
  static std::string describe_values(const std::vector<long>& values) {
    if (values.empty()) return "no value";
    if (values.back() - values.front() + 1 == static_cast<long>(values.size()) && values.size() > 2)
      return fmt::format("{}..{}", values.front(), values.back());
    return fmt::format("[{}]", fmt::join(values, ", "));
  }
  void body_statements(std::vector<Constraint>& out) {
    if (accept(":")) return statement(out);
    if (!at("{")) fail(peek(), fmt::format("expected ':' or '{{', found {}", describe(peek())));
    const HypToken& open = next();
    while (!at("}")) {
      if (peek().kind == Kind::End) fail(open, "unbalanced brackets: '{' is never closed");
      statement(out);
    }
    next();
  }

  void stray_closing() const {
    for (std::string_view c : {")", "]", "}"})
      if (at(c)) fail(peek(), fmt::format("unbalanced brackets: '{}' without its opening", c));
  }

  // A name the file binds (let, for): not a keyword, a builtin or a loop variable.
  std::string new_name() {
    const HypToken& t = peek();
    if (t.kind != Kind::Name) fail(t, fmt::format("expected a name, found {}", describe(t)));
    if (is_keyword(t.text) || builtins_.count(t.text) || loop_vars_.count(t.text) ||
        params_.count(t.text))
      fail(t, fmt::format("'{}' is already taken", t.text));
    next();
    return t.text;
  }

  // `NAME in A..B` then the body, once per value (parsed once, skipped,
  // when the range is empty). Leaves pos_ after the body.
  template <class Body>
  void loop(Body body_once) {
    const HypToken& name_token = peek();
    const std::string name = new_name();
    if (lets_.count(name)) fail(name_token, fmt::format("'{}' is already taken", name));
    expect("in");
    const long from = int_expr();
    const HypToken& dots = expect("..");
    const long to = int_expr();
    semantic(to - from < kMaxRange, dots, "range too long");
    const std::size_t start = pos_;
    const bool empty = skipping() || from > to;
    if (empty) ++skip_;
    for (long v = from; v <= (empty ? from : to); ++v) {
      loop_vars_[name] = v;
      pos_ = start;
      body_once();
    }
    if (empty) --skip_;
    loop_vars_.erase(name);
  }

  // A constraint with no line variable, evaluated now.
  bool condition() {
    const HypToken& at_token = peek();
    const Constraint c = constraint();
    if (uses_line(c)) fail(at_token, "a condition cannot use a line variable");
    return evaluate(c, {});
  }
  static bool uses_line(const Constraint& c) {
    if (c.lhs.is_var() || c.rhs.is_var() || !c.left.empty() || !c.right.empty() || !c.terms.empty())
      return true;
    return std::any_of(c.children.begin(), c.children.end(), uses_line);
  }

  // ---- constraints ----------------------------------------------------
  // `a -> b` (right-associative, the loosest) is `not a or b`: one tree,
  // so every lowering, evaluate() and the printer already know it.
  Constraint constraint() {
    const Nesting nesting(*this);
    Constraint premise = disjunction();
    if (!accept("->")) return premise;
    return any_of({negation(std::move(premise)), constraint()});
  }
  Constraint disjunction() {
    std::vector<Constraint> parts{conjunction()};
    while (accept("or")) parts.push_back(conjunction());
    return parts.size() == 1 ? std::move(parts[0]) : any_of(std::move(parts));
  }
  Constraint conjunction() {
    std::vector<Constraint> parts{unary()};
    while (accept("and")) parts.push_back(unary());
    return parts.size() == 1 ? std::move(parts[0]) : all_of(std::move(parts));
  }
  Constraint unary() {
    const Nesting nesting(*this);
    if (accept("not")) return negation(unary());
    return primary();
  }

  Constraint primary() {
    if (accept("true")) return all_of({});
    if (accept("false")) return any_of({});
    if (at("all") || at("any")) {
      const bool all = next().text == "all";
      std::vector<Constraint> children;
      list([&] {
        Constraint c = constraint();
        if (!skipping()) children.push_back(std::move(c));
      });
      return all ? all_of(std::move(children)) : any_of(std::move(children));
    }
    if (accept("lex")) return lex();
    if (accept("precedence")) return value_precedence(var_list());
    if (accept("count")) return count();
    if (accept("cube")) return cube();
    if (at("(")) return parenthesised();
    stray_closing();
    return comparison();
  }

  // "(" starts either a constraint in brackets or a comparison whose left
  // side is an integer in brackets: try the first, then the second, and
  // report the error that got further.
  Constraint parenthesised() {
    const std::size_t save = pos_;
    const long steps = steps_;
    const int skip = skip_;
    const auto loop_vars = loop_vars_;
    const auto restore = [&] {
      pos_ = save;
      steps_ = steps;
      skip_ = skip;
      loop_vars_ = loop_vars;
    };
    std::optional<ParseError> first;
    try {
      const HypToken& open = next();
      Constraint c = constraint();
      close(open, ")");
      if (!is_relation(peek())) return c;
    } catch (const ParseError& e) {
      first = e;
    }
    restore();
    try {
      return comparison();
    } catch (const ParseError& second) {
      if (first &&
          std::pair(first->line(), first->column()) >= std::pair(second.line(), second.column()))
        throw ParseError(*first);
      throw;
    }
  }

  static bool is_relation(const HypToken& t) {
    return t.kind == Kind::Punct &&
           (t.text == "=" || t.text == "==" || t.text == "!=" || t.text == "<" || t.text == "<=" ||
            t.text == ">" || t.text == ">=");
  }
  Rel relation() {
    const HypToken& t = peek();
    if (!is_relation(t))
      fail(t, fmt::format("expected a comparison (=, !=, <, <=, >, >=), found {}", describe(t)));
    next();
    if (t.text == "=" || t.text == "==") return Rel::Eq;
    if (t.text == "!=") return Rel::Ne;
    if (t.text == "<") return Rel::Lt;
    if (t.text == "<=") return Rel::Le;
    if (t.text == ">") return Rel::Gt;
    return Rel::Ge;
  }

  struct Operand {
    Term term;
    const HypToken* token;
    long shift = 0;        // (LINE + shift) % L
    bool shifted = false;  // written as line arithmetic
  };
  Operand operand() {
    const HypToken& t = peek();
    if (at("(") && at_line_ref(1)) return shifted_line();
    if (const auto v = line_ref()) return {var(*v), &t};
    return {label(static_cast<int>(int_expr())), &t};
  }
  // `(LINE + K) % L` or `(LINE - K) % L`: the line's label shifted mod L.
  Operand shifted_line() {
    const HypToken& open = next();
    const HypToken& t = peek();
    const int v = *line_ref();
    if (!at("+") && !at("-"))
      fail(peek(), fmt::format("expected '+' or '-' after the line in (LINE + K) % L, found {}",
                               describe(peek())));
    const long shift = more_terms(0);  // the line stands where the sum's first term would
    close(open, ")");
    expect("%");
    const HypToken& m = peek();
    const long modulus = int_unary();
    semantic(modulus == L_, m,
             fmt::format("line arithmetic is mod L = {}, not mod {}", L_, modulus));
    return {var(v), &t, shift, true};
  }

  // Every comparison and list item built counts against kMaxItems, so that
  // a huge file is refused before its tree fills memory.
  void built(const HypToken& t) {
    if (!skipping() && ++items_ > kMaxItems)
      fail(t, fmt::format("the hypothesis has more than {} comparisons and list items", kMaxItems));
  }

  Constraint comparison() {
    built(peek());
    const Operand lhs = operand();
    const HypToken& rel_token = peek();
    const Rel rel = relation();
    const Operand rhs = operand();
    if (lhs.shifted || rhs.shifted) return shifted_comparison(lhs, rel, rhs, rel_token);
    if (lhs.term.is_var() != rhs.term.is_var()) {
      const Operand& k = lhs.term.is_var() ? rhs : lhs;
      // Orderings may name the bound L ("X < L" allows every label).
      check_label(k.term.value, *k.token, rel == Rel::Eq || rel == Rel::Ne ? L_ - 1 : L_);
    }
    return compare(lhs.term, rel, rhs.term);
  }

  // A comparison with line arithmetic on a side: = or != only, and
  // `(A + s) % L = (B + t) % L` is A = (B + t - s) mod L.
  Constraint shifted_comparison(const Operand& lhs, Rel rel, const Operand& rhs,
                                const HypToken& rel_token) {
    if (rel != Rel::Eq && rel != Rel::Ne)
      fail(rel_token, "line arithmetic ((LINE + K) % L) compares with = or != only");
    Constraint equal;
    if (lhs.term.is_var() && rhs.term.is_var()) {
      equal = shifted_equal(lhs.term.var, rhs.term.var, rhs.shift - lhs.shift, L_);
    } else {
      const Operand& line = lhs.term.is_var() ? lhs : rhs;
      const Operand& constant = lhs.term.is_var() ? rhs : lhs;
      check_label(constant.term.value, *constant.token, L_ - 1);
      const long value = ((constant.term.value - line.shift) % L_ + L_) % L_;
      equal = compare(line.term, Rel::Eq, label(static_cast<int>(value)));
    }
    if (skipping()) return all_of({});
    return rel == Rel::Eq ? equal : negation(std::move(equal));
  }

  void check_label(long value, const HypToken& t, long max) const {
    semantic(value >= 0, t, fmt::format("label {} < 0", value));
    semantic(value <= max, t,
             max < L_ ? fmt::format("label {} >= 2N-1 = {} (labels are 0..{})", value, L_, L_ - 1)
                      : fmt::format("bound {} > 2N-1 = {}", value, L_));
  }
  int label_value(long max) {
    const HypToken& t = peek();
    const long value = int_expr();
    check_label(value, t, max);
    return skipping() ? 0 : static_cast<int>(value);
  }

  Constraint lex() {
    const std::vector<int> left = var_list();
    const HypToken& rel = peek();
    const bool ge = accept(">=");
    if (!ge && !accept("<="))
      fail(rel, fmt::format("expected '<=' or '>=' between lex lists, found {}", describe(rel)));
    const HypToken& second = expect("lex");
    const std::vector<int> right = var_list();
    semantic(left.size() == right.size(), second,
             fmt::format("lex lists of different lengths ({} and {})", left.size(), right.size()));
    if (skipping()) return all_of({});
    return ge ? lex_less_eq(right, left) : lex_less_eq(left, right);
  }

  std::vector<int> var_list() {
    std::vector<int> vars;
    list([&] {
      const HypToken& t = peek();
      built(t);
      const auto v = line_ref();
      if (!v) fail(t, fmt::format("expected a line variable, found {}", describe(t)));
      if (!skipping()) vars.push_back(*v);
    });
    return vars;
  }

  // count(ITEM, ...) REL BOUND, ITEM = LINE = LABEL or WEIGHT * (LINE = LABEL).
  Constraint count() {
    std::vector<WeightedLabel> terms;
    list([&] {
      WeightedLabel w;
      built(peek());
      std::optional<HypToken> open;
      if (!at_line_ref()) {
        w.weight = static_cast<int>(int_unary());
        expect("*");
        open = expect("(");
      }
      const HypToken& t = peek();
      const auto v = line_ref();
      if (!v) fail(t, fmt::format("expected a line variable, found {}", describe(t)));
      w.var = *v;
      if (!accept("=") && !accept("=="))
        fail(peek(), fmt::format("expected '=' in a count, found {}", describe(peek())));
      w.label = label_value(L_ - 1);
      if (open) close(*open, ")");
      if (!skipping()) terms.push_back(w);
    });
    const Rel rel = relation();
    const long bound = int_expr();
    return label_count(std::move(terms), rel, bound);
  }

  // cube(x, y, h) = {a, b, c}: some orientation of the cube sits at (x, y, h).
  Constraint cube() {
    const HypToken& open = expect("(");
    built(open);
    std::array<long, 3> at{};
    for (int i = 0; i < 3; ++i) {
      if (i > 0) expect(",");
      at[i] = int_expr();
    }
    close(open, ")");
    const auto [x, y, h] = at;
    const bool exists = x >= 0 && x < p_.base() && y >= 0 && y < p_.base() && h >= 0 &&
                        h < std::min(p_.tri(x), p_.tri(y));
    semantic(exists, open,
             fmt::format("index out of range for N={}: there is no place ({},{},{})", p_.levels(),
                         x, y, h));
    const Position place{static_cast<int>(x), static_cast<int>(y), static_cast<int>(h)};
    if (accept("is")) {
      const CubeClass cls = cube_class();
      if (skipping() || !exists) return all_of({});
      return cube_in_class(p_, place, cls);
    }
    const HypToken& rel = peek();
    const bool equal = accept("=") || accept("==");
    if (!equal && !accept("!="))
      fail(rel, fmt::format("expected '=', '!=' or 'is' after cube(...), found {}", describe(rel)));
    const HypToken& brace = expect("{");
    std::array<int, 3> labels{};
    for (int i = 0; i < 3; ++i) {
      if (i > 0) expect(",");
      labels[i] = label_value(L_ - 1);
    }
    close(brace, "}");
    if (skipping() || !exists) return all_of({});
    Constraint some = cube_placed(p_, place, labels);
    return equal ? some : negation(std::move(some));
  }
  // After `cube(x, y, h) is`: triple, double, distinct or repeated.
  CubeClass cube_class() {
    const HypToken& t = peek();
    for (CubeClass c :
         {CubeClass::Triple, CubeClass::Double, CubeClass::Distinct, CubeClass::Repeated})
      if (accept(to_string(c))) return c;
    fail(t, fmt::format("expected triple, double, distinct or repeated after 'is', found {}",
                        describe(t)));
  }

  // A comma-separated list in brackets; each item may be prefixed by
  // `for NAME in A..B:` or `if CONDITION:` (repeating or dropping it).
  template <class Element>
  void list(Element element) {
    const Nesting nesting(*this);
    const HypToken& open = expect("(");
    if (!at(")")) {
      do item(element);
      while (accept(","));
    }
    close(open, ")");
  }
  template <class Element>
  void item(Element element) {
    const Nesting nesting(*this);
    if (accept("for")) {
      loop([&] {
        expect(":");
        item(element);
      });
    } else if (accept("if")) {
      const bool taken = condition();
      expect(":");
      if (!taken) ++skip_;
      item(element);
      if (!taken) --skip_;
    } else {
      element();
    }
  }

  // ---- line variables -------------------------------------------------
  bool at_line_ref(std::size_t ahead = 0) const {
    const HypToken& t = peek(ahead);
    if (t.kind != Kind::Name) return false;
    if ((t.text == "X" || t.text == "Y" || t.text == "Z") && at("[", ahead + 1)) return true;
    return smt2_name(t.text).has_value();
  }

  // "X_2_0" as --smt2 and --var-map print the lines: axis, then the indices.
  static std::optional<std::array<long, 3>> smt2_name(const std::string& text) {
    if (text.size() < 5 || (text[0] != 'X' && text[0] != 'Y' && text[0] != 'Z') || text[1] != '_')
      return std::nullopt;
    std::array<long, 3> out{text[0], 0, 0};
    std::size_t i = 2;
    for (int k = 1; k <= 2; ++k) {
      const std::size_t start = i;
      while (i < text.size() && i - start < 6 && text[i] >= '0' && text[i] <= '9')
        out[k] = out[k] * 10 + (text[i++] - '0');
      if (i == start || (k == 1 && (i >= text.size() || text[i++] != '_'))) return std::nullopt;
    }
    if (i != text.size()) return std::nullopt;
    return out;
  }

  // The variable of a line reference at the cursor, or nullopt (nothing read).
  std::optional<int> line_ref() {
    if (!at_line_ref()) return std::nullopt;
    const HypToken& t = next();
    char axis = 0;
    long i = 0, j = 0;
    if (const auto smt2 = smt2_name(t.text)) {
      axis = static_cast<char>((*smt2)[0]);
      i = (*smt2)[1];
      j = (*smt2)[2];
    } else {
      axis = t.text[0];
      const HypToken& open = expect("[");
      i = int_expr();
      if (at("]") && at("[", 1)) {
        next();
        next();
      } else if (!accept(",")) {
        fail(peek(), fmt::format("expected ',' between the indices, found {}", describe(peek())));
      }
      j = int_expr();
      close(open, "]");
    }
    return skipping() ? 0 : line_var(axis, i, j, t);
  }

  int line_var(char axis, long i, long j, const HypToken& t) const {
    const std::string name = fmt::format("{}[{},{}]", axis, i, j);
    const auto out_of_range = [&](const std::string& why) {
      fail(t, fmt::format("index out of range for N={}: {} ({})", p_.levels(), name, why));
    };
    const char* first = axis == 'X' ? "x" : "y";
    if (i < 0 || i >= p_.base())
      out_of_range(fmt::format("{} must be in 0..{}", axis == 'Z' ? "y" : first, p_.base() - 1));
    if (axis == 'Z') {
      if (j < 0 || j >= p_.base()) out_of_range(fmt::format("x must be in 0..{}", p_.base() - 1));
      return p_.z_var(static_cast<int>(i), static_cast<int>(j));
    }
    const int tri = p_.tri(static_cast<int>(i));
    if (j < 0 || j >= tri) out_of_range(fmt::format("h must be in 0..tri({})-1 = {}", i, tri - 1));
    return axis == 'X' ? p_.x_var(static_cast<int>(i), static_cast<int>(j))
                       : p_.y_var(static_cast<int>(i), static_cast<int>(j));
  }

  // ---- integers -------------------------------------------------------
  long checked(long value, const HypToken& t) const {
    if (value > kMaxNumber || value < -kMaxNumber) fail(t, "number too large");
    return value;
  }

  long int_expr() {
    const Nesting nesting(*this);
    return more_terms(int_term());
  }
  // `value` followed by any `+ TERM` and `- TERM`.
  long more_terms(long value) {
    while (at("+") || at("-")) {
      const HypToken& op = next();
      const long rhs = int_term();
      value = checked(op.text == "+" ? value + rhs : value - rhs, op);
    }
    return value;
  }
  long int_term() {
    long value = int_unary();
    while (at("*") || at("/") || at("%")) {
      const HypToken& op = next();
      const long rhs = int_unary();
      if (op.text == "*") {
        value = checked(value * rhs, op);  // both factors <= 1e9: no overflow in a long
        continue;
      }
      semantic(rhs != 0, op, "division by zero");
      if (rhs == 0) return 0;
      const long q = value / rhs, r = value % rhs;
      const bool adjust = r != 0 && ((r < 0) != (rhs < 0));  // floor division
      value = op.text == "/" ? q - (adjust ? 1 : 0) : r + (adjust ? rhs : 0);
    }
    return value;
  }
  long int_unary() {
    const Nesting nesting(*this);
    if (at("-")) {
      const HypToken& op = next();
      return checked(-int_unary(), op);
    }
    return int_atom();
  }
  long int_atom() {
    const HypToken& t = peek();
    if (t.kind == Kind::Number) {
      next();
      return checked(t.number, t);
    }
    if (at("(")) {
      const HypToken& open = next();
      const long value = int_expr();
      close(open, ")");
      return value;
    }
    if (t.kind != Kind::Name)
      fail(t, fmt::format("expected a number or a name, found {}", describe(t)));
    if (t.text == "tri" || t.text == "min" || t.text == "max" || t.text == "gcd") return function();
    next();
    if (const auto it = loop_vars_.find(t.text); it != loop_vars_.end()) return it->second;
    if (const auto it = lets_.find(t.text); it != lets_.end()) return it->second;
    if (const auto it = params_.find(t.text); it != params_.end()) return it->second;
    if (const auto it = builtins_.find(t.text); it != builtins_.end()) return it->second;
    if (at("[") || t.text.find('_') != std::string::npos)
      fail(t,
           fmt::format("unknown variable '{}' (the lines are X[x,h], Y[y,h] and Z[y,x])", t.text));
    if (is_keyword(t.text) || t.text == "X" || t.text == "Y" || t.text == "Z")
      fail(t, fmt::format("expected a number, found '{}'", t.text));
    fail(t, fmt::format("unknown name '{}'", t.text));
  }
  long function() {
    const HypToken& name = next();
    const HypToken& open = expect("(");
    std::vector<long> args{int_expr()};
    while (accept(",")) args.push_back(int_expr());
    close(open, ")");
    if (name.text == "tri") {
      if (args.size() != 1) fail(name, "tri takes one argument");
      return std::min(args[0] + 1, p_.base() - args[0]);
    }
    if (name.text == "gcd") {
      long g = 0;
      for (long a : args) g = std::gcd(g, a);  // non-negative; gcd(0, 0) = 0
      return g;
    }
    return name.text == "min" ? *std::min_element(args.begin(), args.end())
                              : *std::max_element(args.begin(), args.end());
  }

  const std::vector<HypToken>& tokens_;
  const std::string& path_;
  const Pyramid& p_;
  const int L_;
  std::size_t pos_ = 0;
  long steps_ = 0;
  int depth_ = 0;
  int skip_ = 0;
  int bodies_ = 0;  // bodies of loops and conditions around the cursor
  long items_ = 0;  // comparisons and list items built (kMaxItems)
  bool levels_declared_ = false;
  std::map<std::string, long, std::less<>> builtins_, lets_, loop_vars_, params_;
  const ParamValues& given_;
  const bool listing_;  // throw Unbound at a parameter `given_` leaves free
  std::vector<std::pair<std::string, long>> bound_;
};

Hypothesis parsed(const std::vector<HypToken>& tokens, const std::string& path, const Pyramid& p,
                  const ParamValues& params, bool listing) {
  Parser parser(tokens, path, p, params, listing);
  Hypothesis h{hypothesis_name(path), parser.file(), parser.bound()};
  if (!h.params.empty()) h.name += "(" + member_name(h.params) + ")";
  return h;
}

// Extends `binding` by every value of the first parameter it leaves free, in
// turn, until the file parses; each parse stops at that parameter.
void members_from(const std::vector<HypToken>& tokens, const std::string& path, const Pyramid& p,
                  ParamValues& binding, const MemberVisitor& visit) {
  std::optional<Hypothesis> h;
  try {
    h = parsed(tokens, path, p, binding, true);
  } catch (const Unbound& free) {
    for (long v : free.param.values) {
      binding[free.param.name] = v;
      members_from(tokens, path, p, binding, visit);
      binding.erase(free.param.name);
    }
    return;
  }
  visit(binding, std::move(*h));
}

}  // namespace

Hypothesis parse_hypothesis(std::string_view text, const std::string& path, const Pyramid& p,
                            const ParamValues& params) {
  return parsed(lex_hypothesis(text, path), path, p, params, false);
}

void for_each_member(std::string_view text, const std::string& path, const Pyramid& p,
                     const ParamValues& fixed, const MemberVisitor& visit) {
  ParamValues binding = fixed;
  members_from(lex_hypothesis(text, path), path, p, binding, visit);
}

std::vector<ParamValues> family_members(std::string_view text, const std::string& path,
                                        const Pyramid& p, const ParamValues& fixed,
                                        std::size_t limit) {
  std::vector<ParamValues> out;
  for_each_member(text, path, p, fixed, [&](const ParamValues& binding, Hypothesis&&) {
    if (out.size() >= limit)
      throw ParseError(path, fmt::format("the family has more than {} members", limit));
    out.push_back(binding);
  });
  return out;
}

std::string member_name(const std::vector<std::pair<std::string, long>>& params) {
  std::vector<std::string> parts;
  for (const auto& [name, value] : params) parts.push_back(fmt::format("{}={}", name, value));
  return fmt::to_string(fmt::join(parts, ","));
}

std::string hypothesis_name(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace bel_pyramid
