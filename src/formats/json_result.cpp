#include "formats/json_result.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "base/error.hpp"
#include "base/version.hpp"
#include "model/strategy.hpp"

namespace bel_pyramid {
namespace {

using Json = nlohmann::ordered_json;  // keeps the documented field order

// Compact text of a value; bytes that are not UTF-8 (argv and file names
// may hold any) become U+FFFD instead of an exception.
std::string text(const Json& j) { return j.dump(-1, ' ', false, Json::error_handler_t::replace); }

// ---- writing ----

Json lines(const Pyramid& p, const Solution& s, Axis axis) {
  Json out = Json::array();
  for (int i = 0; i < p.base(); ++i) {
    Json line = Json::array();
    const int count = axis == Axis::Z ? p.base() : p.tri(i);
    for (int j = 0; j < count; ++j)
      line.push_back(axis == Axis::X   ? s.x(p, i, j)
                     : axis == Axis::Y ? s.y(p, i, j)
                                       : s.z(p, i, j));
    out.push_back(std::move(line));
  }
  return out;
}

Json solution_json(const Solution& s) {
  const Pyramid p(s.levels());
  Json cubes = Json::array();
  for (const Position& pos : p.positions()) {
    const Cube c = s.cube_at(p, pos);
    cubes.push_back({{"x", pos.x}, {"y", pos.y}, {"h", pos.h}, {"cube", {c[0], c[1], c[2]}}});
  }
  return {{"X", lines(p, s, Axis::X)},
          {"Y", lines(p, s, Axis::Y)},
          {"Z", lines(p, s, Axis::Z)},
          {"cubes", std::move(cubes)}};
}

template <class T>
Json optional_json(const std::optional<T>& value) {
  return value ? Json(*value) : Json(nullptr);
}

Json text_or_null(const std::string& text) { return text.empty() ? Json(nullptr) : Json(text); }

Json proof_json(const RunSummary& r) {
  if (r.proof.empty()) return nullptr;
  return {{"path", r.proof},
          {"format", "binary DRAT"},
          {"symmetry_breaking", r.proof_symmetry_breaking}};
}

// A value whose members are all scalars, or arrays of scalars, fits on one line.
bool is_flat(const Json& j) {
  if (!j.is_structured()) return true;
  return std::all_of(j.begin(), j.end(), [](const Json& e) {
    return !e.is_structured() ||
           (e.is_array() &&
            std::none_of(e.begin(), e.end(), [](const Json& f) { return f.is_structured(); }));
  });
}

void print(const Json& j, int indent, std::string& out) {
  if (is_flat(j)) {
    out += text(j);
    return;
  }
  const std::string pad(static_cast<std::size_t>(indent) + 2, ' ');
  const bool object = j.is_object();
  out += object ? "{\n" : "[\n";
  bool first = true;
  for (auto it = j.begin(); it != j.end(); ++it) {
    if (!first) out += ",\n";
    first = false;
    out += pad;
    if (object) out.append(text(Json(it.key()))).append(": ");
    print(*it, indent + 2, out);
  }
  out += '\n';
  out.append(static_cast<std::size_t>(indent), ' ').append(object ? "}" : "]");
}

// ---- reading ----

class JsonReader {
 public:
  JsonReader(std::string_view text, const std::string& path) : text_(text), path_(path) {}

  Solution read() {
    const Json doc = parse();
    if (!doc.is_object()) fail("expected a JSON object written by --json");
    const Json& version = member(doc, "schema_version");
    if (!version.is_number_unsigned() || version.get<std::uint64_t>() != kJsonSchemaVersion)
      fail(fmt::format("schema_version {} is not supported (this tool reads {})", text(version),
                       kJsonSchemaVersion));
    const Json& levels = member(doc, "levels");
    if (!levels.is_number_unsigned() || levels.get<std::uint64_t>() < 1 ||
        levels.get<std::uint64_t>() > 1000)
      fail(fmt::format("\"levels\" must be an integer from 1 to 1000, got {}", text(levels)));
    const Json& solution = member(doc, "solution");
    if (solution.is_null())
      fail(fmt::format("it holds no solution (status {})",
                       doc.contains("status") ? text(doc["status"]) : "missing"));
    if (!solution.is_object()) fail("\"solution\" must be an object");
    return read_solution(solution, static_cast<int>(levels.get<std::uint64_t>()));
  }

 private:
  [[noreturn]] void fail(const std::string& message) const { throw ParseError(path_, message); }

  Json parse() const {
    try {
      return Json::parse(text_);
    } catch (const Json::out_of_range& e) {  // a number too large for a double
      throw ParseError(path_, "invalid JSON: " + std::string(e.what()).substr(
                                                     std::string(e.what()).find("] ") + 2));
    } catch (const Json::parse_error& e) {
      const std::size_t at = std::min<std::size_t>(e.byte > 0 ? e.byte - 1 : 0, text_.size());
      const long line = 1 + std::count(text_.begin(), text_.begin() + static_cast<long>(at), '\n');
      std::string what = e.what();
      const auto colon = what.find(": ", what.find("column"));
      throw ParseError(
          path_, line,
          "invalid JSON: " + (colon == std::string::npos ? what : what.substr(colon + 2)));
    }
  }

  const Json& member(const Json& object, const char* key) const {
    if (!object.contains(key)) fail(fmt::format("missing \"{}\"", key));
    return object[key];
  }

  // A list of `count` labels (or anything else a wrong file holds).
  std::vector<int> labels(const Json& list, std::size_t count, const std::string& where) const {
    if (!list.is_array() || list.size() != count)
      fail(fmt::format("{} must be an array of {} labels", where, count));
    std::vector<int> out;
    for (const Json& v : list) {
      if (!v.is_number_unsigned() || v.get<std::uint64_t>() > 1000000)
        fail(fmt::format("{} holds {}, which is not a label", where, text(v)));
      out.push_back(static_cast<int>(v.get<std::uint64_t>()));
    }
    return out;
  }

  // The family's lines, checked against the shape of a pyramid with this base.
  std::vector<std::vector<int>> family(const Json& solution, const char* name, int base) const {
    const Json& lines = member(solution, name);
    if (!lines.is_array() || lines.size() != static_cast<std::size_t>(base))
      fail(fmt::format("\"{}\" must be an array of {} lines", name, base));
    std::vector<std::vector<int>> out;
    for (int i = 0; i < base; ++i) {
      const int count = name[0] == 'Z' ? base : std::min(i + 1, base - i);
      out.push_back(labels(lines[i], count, fmt::format("\"{}\"[{}]", name, i)));
    }
    return out;
  }

  Solution read_solution(const Json& solution, int levels) const {
    const int base = 2 * levels - 1;
    const auto xs = family(solution, "X", base);
    const auto ys = family(solution, "Y", base);
    const auto zs = family(solution, "Z", base);
    const Pyramid p(levels);
    std::vector<int> all(p.var_count());
    for (int i = 0; i < base; ++i) {
      for (int h = 0; h < p.tri(i); ++h) all[p.x_var(i, h)] = xs[i][h];
      for (int h = 0; h < p.tri(i); ++h) all[p.y_var(i, h)] = ys[i][h];
      for (int x = 0; x < base; ++x) all[p.z_var(i, x)] = zs[i][x];
    }
    Solution s(levels, std::move(all));
    if (solution.contains("cubes")) check_cubes(solution["cubes"], p, s);
    return s;
  }

  // The optional "cubes" list must say what the labels say.
  void check_cubes(const Json& cubes, const Pyramid& p, const Solution& s) const {
    if (!cubes.is_array() || cubes.size() != p.positions().size())
      fail(fmt::format("\"cubes\" must be an array of {} entries", p.positions().size()));
    for (std::size_t k = 0; k < cubes.size(); ++k) {
      const std::string where = fmt::format("\"cubes\"[{}]", k);
      const Json& c = cubes[k];
      if (!c.is_object()) fail(where + " must be an object");
      const Position pos = p.positions()[k];
      const auto at = labels(Json::array({member(c, "x"), member(c, "y"), member(c, "h")}), 3,
                             where + " position");
      if (at != std::vector<int>{pos.x, pos.y, pos.h})
        fail(fmt::format("{} must be at {} (positions in x, y, h order)", where, to_string(pos)));
      const Cube expected = s.cube_at(p, pos);
      if (labels(member(c, "cube"), 3, where + " cube") !=
          std::vector<int>(expected.begin(), expected.end()))
        fail(fmt::format("{} says {} at {}, but the X, Y and Z labels give {}", where,
                         text(member(c, "cube")), to_string(pos), to_string(expected)));
    }
  }

  std::string_view text_;
  const std::string& path_;
};

}  // namespace

namespace {

// The strategies a "no solution" verdict assumed: [] when it is the puzzle's own.
Json verdict_under(const RunSummary& r) {
  if (r.status != "unsat") return nullptr;
  Json names = Json::array();
  for (const StrategyRecord& s : r.strategies) names.push_back(s.name);
  return names;
}

Json count_json(const std::optional<CountSummary>& c) {
  if (!c) return nullptr;
  const auto number = [&](double v) { return c->estimate ? Json(v) : Json(std::llround(v)); };
  return {{"estimate", c->estimate},
          {"solutions", number(c->solutions)},
          {"classes", c->classes ? number(*c->classes) : Json(nullptr)},
          {"standard_error", optional_json(c->standard_error)},
          {"class_orbits", c->class_orbits ? number(*c->class_orbits) : Json(nullptr)},
          {"complete", c->complete},
          {"nodes", number(c->nodes)},
          {"node_unit", c->node_unit}};
}

}  // namespace

std::string strategies_json() {
  Json list = Json::array();
  for (const Strategy& s : strategies())
    list.push_back({{"name", s.name}, {"kind", to_string(s.kind)}, {"summary", s.summary}});
  const Json doc = {{"schema_version", kJsonSchemaVersion},
                    {"tool", {{"name", "bel_pyramid"}, {"version", kVersion}}},
                    {"strategies", std::move(list)}};
  return doc.dump(2) + "\n";
}

std::string to_json(const RunSummary& r) {
  Json strategies = Json::array();
  for (const StrategyRecord& s : r.strategies)
    strategies.push_back({{"name", s.name}, {"constraints", s.constraints}});
  Json hypotheses = Json::array();
  for (const HypothesisRecord& h : r.hypotheses)
    hypotheses.push_back({{"name", h.name},
                          {"path", h.kind == "built" ? Json(nullptr) : Json(h.path)},
                          {"kind", h.kind},
                          {"sha256", h.sha256}});
  const Json doc = {
      {"schema_version", kJsonSchemaVersion},
      {"tool", {{"name", "bel_pyramid"}, {"version", kVersion}}},
      {"command_line", r.command_line},
      {"source", r.source},
      {"input", text_or_null(r.input)},
      {"levels", r.levels},
      {"labels", 2 * r.levels - 1},
      {"domain", to_string(r.domain)},
      {"strategies", std::move(strategies)},
      {"hypotheses", std::move(hypotheses)},
      {"params", r.params},
      {"solver", text_or_null(r.solver)},
      {"seed", optional_json(r.seed)},
      {"answered_by", r.answered_by.empty() ? Json(nullptr)
                                            : Json{{"solver", r.answered_by},
                                                   {"seed", optional_json(r.answered_by_seed)}}},
      {"timings",
       {{"build_seconds", optional_json(r.build_seconds)},
        {"solve_seconds", optional_json(r.solve_seconds)},
        {"export_seconds", optional_json(r.export_seconds)}}},
      {"status", r.status},
      {"reason", text_or_null(r.reason)},
      {"solution", r.solution ? solution_json(*r.solution) : Json(nullptr)},
      {"verdict_under", verdict_under(r)},
      {"count", count_json(r.count)},
      {"proof", proof_json(r)},
      {"unsat_core", r.unsat_core ? Json{{"lines", r.unsat_core->lines},
                                         {"fixed", r.unsat_core->fixed},
                                         {"undecided", r.unsat_core->undecided},
                                         {"stopped", r.unsat_core->stopped},
                                         {"axis", text_or_null(r.unsat_core->axis)},
                                         {"kept", r.unsat_core->kept}}
                                  : Json(nullptr)},
  };
  std::string out;
  print(doc, 0, out);
  return out + "\n";
}

Solution solution_from_json(std::string_view text, const std::string& path) {
  try {
    return JsonReader(text, path).read();
  } catch (const Json::exception& e) {  // a shape the checks above missed: still data
    throw ParseError(path, fmt::format("unexpected JSON content ({})", e.what()));
  }
}

}  // namespace bel_pyramid
