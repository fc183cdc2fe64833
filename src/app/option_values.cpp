#include "app/option_values.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>

#include <cmath>
#include <iterator>
#include <limits>
#include <optional>
#include <sstream>
#include <tuple>
#include <utility>

#include "app/exit_codes.hpp"
#include "app/memory_guard.hpp"
#include "app/parse_number.hpp"
#include "base/error.hpp"
#include "model/counting.hpp"
#include "solvers/solver_table.hpp"

namespace bel_pyramid {
namespace {

// Only racer entries and the portfolio use more than one thread.
inline constexpr int kMaxThreads = 256;
inline constexpr int kMaxCubes = 1 << 20;

// Centre patterns (counting.hpp), kept to N <= 5: N=6 has tens of millions.
void check_centre_levels(int levels) {
  if (levels > 5)
    throw UserError(fmt::format("centre patterns are supported up to N=5, got N={}", levels));
}

}  // namespace

int parse_levels(const std::string& text) {
  long long value = 0;
  const std::errc ec = read_number(text, value);
  if (ec != std::errc() && ec != std::errc::result_out_of_range)
    throw UserError(fmt::format("N must be a positive integer, got \"{}\"", text));
  if (ec == std::errc::result_out_of_range && text[0] == '-')
    throw UserError(fmt::format("N must be at least 1, got {}", text));
  if (ec == std::errc::result_out_of_range || value > kMaxLevels)
    throw UserError(
        fmt::format("N={} is too large: the largest N this tool accepts is {}", text, kMaxLevels));
  if (value < 1) throw UserError(fmt::format("N must be at least 1, got {}", value));
  return static_cast<int>(value);
}

double parse_seconds(const std::string& text, const char* option) {
  return parse_number(
      text, std::numeric_limits<double>::denorm_min(), std::numeric_limits<double>::max(),
      fmt::format("{} must be a positive number of seconds, got \"{}\"", option, text));
}

unsigned parse_seed(const std::string& text) {
  constexpr unsigned kMax = std::numeric_limits<unsigned>::max();
  return parse_number(
      text, 0U, kMax,
      fmt::format("--seed must be an integer from 0 to {}, got \"{}\"", kMax, text));
}

int parse_threads(const std::string& text) {
  return parse_number(
      text, 1, kMaxThreads,
      fmt::format("--threads must be an integer from 1 to {}, got \"{}\"", kMaxThreads, text));
}

std::vector<std::string> parse_portfolio(const std::string& text) {
  std::vector<std::string> racers;
  std::size_t pos = 0;
  while (pos <= text.size()) {
    const std::size_t comma = std::min(text.find(',', pos), text.size());
    const std::string name = text.substr(pos, comma - pos);
    if (!find_racer(name))
      throw UserError(
          fmt::format("--portfolio: \"{}\" is not a racer (racers: {})", name, racer_names_list()));
    racers.push_back(name);
    pos = comma + 1;
  }
  if (racers.size() > static_cast<std::size_t>(kMaxThreads))
    throw UserError(fmt::format("--portfolio: at most {} racers", kMaxThreads));
  return racers;
}

void parse_split(const std::vector<std::string>& values, Options& options) {
  const std::string& k = values.at(0);
  options.split_cubes = parse_number(
      k, 1, kMaxCubes,
      fmt::format("--split: K must be an integer from 1 to {}, got \"{}\"", kMaxCubes, k));
  if (values.at(1).empty()) throw UserError("--split: DIR must not be empty");
  options.split_dir = values.at(1);
}

std::vector<int> parse_cube(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> words{std::istream_iterator<std::string>(in), {}};
  if (!words.empty() && words.front() == "a") words.erase(words.begin());
  if (!words.empty() && words.back() == "0") words.pop_back();
  std::vector<int> cube;
  for (const std::string& w : words) {
    int lit = 0;
    if (read_number(w, lit) != std::errc() || lit == 0)
      throw UserError(fmt::format(
          "--split-under: \"{}\" is not a nonzero literal (expected a cube line \"a LIT ... 0\")",
          w));
    // A literal beside its negation: a cube no assignment satisfies.
    for (const int earlier : cube)
      if (static_cast<long long>(earlier) == -static_cast<long long>(lit))
        throw UserError(fmt::format("--split-under: the cube holds both {} and {}", earlier, lit));
    cube.push_back(lit);
  }
  return cube;
}

std::uint64_t parse_positive(const char* option, const std::string& text) {
  return parse_number(text, std::uint64_t{1}, std::numeric_limits<std::uint64_t>::max(),
                      fmt::format("{} must be a positive integer, got \"{}\"", option, text));
}

namespace {

// "I/M" with first <= I < M + first and 1 <= M <= max_count, or nullopt.
std::optional<std::pair<int, int>> read_fraction(std::string_view text, int first, int max_count) {
  const std::size_t slash = text.find('/');
  int index = -1, count = 0;
  const bool ok = slash != std::string::npos &&
                  read_number(text.substr(0, slash), index) == std::errc() &&
                  read_number(text.substr(slash + 1), count) == std::errc() && count >= 1 &&
                  count <= max_count && index >= first && index < count + first;
  if (!ok) return std::nullopt;
  return std::pair{index, count};
}

// "I/M" with 0 <= I < M.
std::pair<int, int> read_part(const std::string& text, const char* option) {
  const auto part = read_fraction(text, 0, std::numeric_limits<int>::max());
  if (!part)
    throw UserError(fmt::format("{} must be I/M with 0 <= I < M, got \"{}\"", option, text));
  return *part;
}

}  // namespace

void parse_part(const std::string& text, Options& options) {
  const long long labels = 2LL * options.levels - 1;
  const long long triples = labels * labels * labels;
  const auto [index, count] = read_part(text, "--part");
  if (count > triples)
    throw UserError(
        fmt::format("--part {}: at most {} parts for N={}", text, triples, options.levels));
  options.part_index = index;
  options.part_count = count;
}

void parse_quotient(const std::string& text, Options& options) {
  std::tie(options.quotient_index, options.quotient_count) = read_part(text, "--quotient");
}

void parse_sweep_part(const std::string& text, Options& options) {
  const auto part = read_fraction(text, 1, 1'000'000);
  if (!part) throw UserError(fmt::format("--sweep-part {}: expected K/M with 1 <= K <= M", text));
  std::tie(options.sweep_part, options.sweep_parts) = *part;
}

void set_centre_pattern(const std::string& text, Options& options) {
  check_centre_levels(options.levels);
  const CentrePattern pattern = parse_centre_pattern(Pyramid(options.levels), text);
  options.centre_pattern = pattern.labels;
  options.centre_weight = pattern.weight;
}

int list_centre_patterns(int levels, std::ostream& out) {
  check_centre_levels(levels);
  for (const CentrePattern& p : centre_patterns(Pyramid(levels)))
    fmt::print(out, "{} {}\n", to_string(p), p.weight);
  return kExitOk;
}

}  // namespace bel_pyramid
