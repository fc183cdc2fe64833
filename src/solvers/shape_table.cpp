#include "solvers/shape_table.hpp"

#include <fmt/format.h>

#include <charconv>
#include <sstream>
#include <stdexcept>

namespace bel_pyramid {
namespace {

constexpr std::string_view kTable = "shapes.tsv";

std::string_view embedded(std::string_view path) {
  for (const EmbeddedFile& f : embedded_hypotheses())
    if (f.path == path) return f.text;
  throw std::logic_error(fmt::format("shapes.tsv names {}, which the build did not embed", path));
}

int number(std::string_view text, const std::string& line) {
  int value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (ec != std::errc() || end != text.data() + text.size() || value < 1)
    throw std::logic_error(fmt::format("shapes.tsv: bad levels in \"{}\"", line));
  return value;
}

std::vector<std::string> fields(const std::string& line) {
  std::vector<std::string> out;
  std::istringstream in(line);
  for (std::string field; std::getline(in, field, '\t');) out.push_back(field);
  return out;
}

// "f=4,g=1" -> {f: 4, g: 1}
ParamValues params_of(const std::string& text, const std::string& line) {
  ParamValues out;
  std::istringstream in(text);
  for (std::string item; std::getline(in, item, ',');) {
    const std::size_t eq = item.find('=');
    if (eq == std::string::npos || eq == 0)
      throw std::logic_error(fmt::format("shapes.tsv: bad params in \"{}\"", line));
    long value = 0;
    const std::string_view v = std::string_view(item).substr(eq + 1);
    const auto [end, ec] = std::from_chars(v.data(), v.data() + v.size(), value);
    if (ec != std::errc() || end != v.data() + v.size())
      throw std::logic_error(fmt::format("shapes.tsv: bad params in \"{}\"", line));
    out[item.substr(0, eq)] = value;
  }
  return out;
}

ShapeRow row_of(const std::string& line) {
  const std::vector<std::string> f = fields(line);
  if (f.size() < 2 || f.size() > 3)
    throw std::logic_error(fmt::format("shapes.tsv: expected 2 or 3 fields in \"{}\"", line));
  ShapeRow row;
  const std::string_view levels = f[0];
  const std::size_t dots = levels.find("..");
  row.from = number(levels.substr(0, dots), line);
  row.to = dots == std::string_view::npos ? row.from : number(levels.substr(dots + 2), line);
  row.file = f[1];
  if (f.size() == 3) row.params = params_of(f[2], line);
  (void)embedded(row.file);
  return row;
}

std::vector<ShapeRow> read_table() {
  std::vector<ShapeRow> rows;
  std::istringstream in{std::string(embedded(kTable))};
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') rows.push_back(row_of(line));
  return rows;
}

}  // namespace

const std::vector<ShapeRow>& shape_table() {
  static const std::vector<ShapeRow> rows = read_table();
  return rows;
}

std::vector<const ShapeRow*> shapes_for(int levels) {
  std::vector<const ShapeRow*> out;
  for (const ShapeRow& row : shape_table())
    if (row.from <= levels && levels <= row.to) out.push_back(&row);
  return out;
}

Hypothesis shape_hypothesis(const ShapeRow& row, const Pyramid& pyramid) {
  return parse_hypothesis(embedded(row.file), row.file, pyramid, row.params);
}

}  // namespace bel_pyramid
