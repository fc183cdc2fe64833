#include "formats/certificate.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <string_view>
#include <unordered_map>

#include "base/error.hpp"
#include "cnf/cnf.hpp"

namespace bel_pyramid {
namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r'))
    s.remove_suffix(1);
  return s;
}

std::string shorten(std::string_view s) {
  return s.size() <= 40 ? std::string(s) : std::string(s.substr(0, 40)) + "...";
}

class CertificateParser {
 public:
  CertificateParser(const std::string& text, const std::string& path) : text_(text), path_(path) {}

  Certificate parse() {
    reject_binary();
    std::vector<std::string_view> lines;
    for (std::size_t start = 0; start <= text_.size();) {
      std::size_t end = text_.find('\n', start);
      if (end == std::string::npos) end = text_.size();
      lines.push_back(std::string_view(text_).substr(start, end - start));
      start = end + 1;
    }
    std::size_t first = 0;
    while (first < lines.size() && trim(lines[first]).empty()) ++first;
    if (first == lines.size())
      throw ParseError(path_, 1, "empty certificate (no status and no values)");
    const std::string_view head = trim(lines[first]);
    if (head == "SAT" || head == "UNSAT" || head == "INDET") {
      minisat(lines, first);
    } else {
      competition(lines);
    }
    if (cert_.status == Certificate::Status::Unsat && !cert_.literals.empty())
      throw ParseError(path_, cert_.lines.front(), "values given with an UNSAT status");
    return std::move(cert_);
  }

 private:
  void reject_binary() const {
    long line = 1;
    for (unsigned char ch : text_) {
      if (ch == '\n')
        ++line;
      else if ((ch < 0x20 && ch != '\t' && ch != '\r') || ch >= 0x7f)
        throw ParseError(path_, line,
                         fmt::format("binary data (byte 0x{:02x}); not a SAT solver's output", ch));
    }
  }

  void minisat(const std::vector<std::string_view>& lines, std::size_t first) {
    const std::string_view head = trim(lines[first]);
    cert_.status = head == "SAT"     ? Certificate::Status::Sat
                   : head == "UNSAT" ? Certificate::Status::Unsat
                                     : Certificate::Status::Unknown;
    for (std::size_t i = first + 1; i < lines.size(); ++i)
      values(trim(lines[i]), static_cast<long>(i + 1));
  }

  void competition(const std::vector<std::string_view>& lines) {
    bool have_status = false;
    for (std::size_t i = 0; i < lines.size(); ++i) {
      const long line = static_cast<long>(i + 1);
      const std::string_view s = trim(lines[i]);
      if (s.empty()) continue;
      const char kind = s[0];
      const bool tagged = s.size() == 1 || s[1] == ' ' || s[1] == '\t';
      if (kind == 'c' && tagged) continue;  // "c UNKNOWN" leaves the status unknown
      if (kind == 's' && tagged) {
        if (have_status) throw ParseError(path_, line, "second status line");
        have_status = true;
        const std::string_view status = trim(s.substr(1));
        if (status == "SATISFIABLE")
          cert_.status = Certificate::Status::Sat;
        else if (status == "UNSATISFIABLE")
          cert_.status = Certificate::Status::Unsat;
        else if (status == "UNKNOWN")
          cert_.status = Certificate::Status::Unknown;
        else
          throw ParseError(path_, line, fmt::format("unknown status \"{}\"", shorten(status)));
        continue;
      }
      if (kind == 'v' && tagged) {
        values(s.substr(1), line);
        continue;
      }
      throw ParseError(
          path_, line,
          fmt::format("unexpected line \"{}\" (expected c, s or v lines)", shorten(s)));
    }
  }

  void values(std::string_view s, long line) {
    std::size_t i = 0;
    while (i < s.size()) {
      while (i < s.size() && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r')) ++i;
      if (i == s.size()) break;
      const std::size_t start = i;
      while (i < s.size() && s[i] != ' ' && s[i] != '\t' && s[i] != '\r') ++i;
      const std::string_view token = s.substr(start, i - start);
      long lit = 0;
      auto [ptr, ec] = std::from_chars(token.data(), token.data() + token.size(), lit);
      if (ec == std::errc::result_out_of_range || (ec == std::errc() && std::labs(lit) >= kTrue))
        throw ParseError(path_, line, fmt::format("literal {} out of range", shorten(token)));
      if (ec != std::errc() || ptr != token.data() + token.size())
        throw ParseError(path_, line, fmt::format("invalid literal \"{}\"", shorten(token)));
      if (terminated_)
        throw ParseError(path_, line, fmt::format("value {} after the terminating 0", lit));
      if (lit == 0) {
        terminated_ = true;
        continue;
      }
      add(static_cast<int>(lit), line);
    }
  }

  void add(int lit, long line) {
    const auto v = static_cast<std::size_t>(std::abs(lit));
    signed char& sign = sign_of(v);
    const signed char s = lit > 0 ? 1 : -1;
    if (sign == s) return;
    if (sign == -s)
      throw ParseError(path_, line, fmt::format("contradictory literals {} and {}", -lit, lit));
    sign = s;
    cert_.literals.push_back(lit);
    cert_.lines.push_back(line);
  }

  // A dense table for the ids a real CNF uses; one line "v 2147483646" must
  // not allocate 2 GB, so larger ids go to a sparse map.
  signed char& sign_of(std::size_t v) {
    if (v >= kDenseVariables) return sparse_sign_[v];
    if (sign_.size() <= v) sign_.resize(std::max(v + 1, 2 * sign_.size()), 0);
    return sign_[v];
  }

  static constexpr std::size_t kDenseVariables = std::size_t{1} << 24;
  const std::string& text_;
  const std::string& path_;
  Certificate cert_;
  std::vector<signed char> sign_;
  std::unordered_map<std::size_t, signed char> sparse_sign_;
  bool terminated_ = false;
};

}  // namespace

Certificate parse_certificate(const std::string& text, const std::string& path) {
  return CertificateParser(text, path).parse();
}

void check_literal_range(const Certificate& cert, int max_var, const std::string& path) {
  for (std::size_t i = 0; i < cert.literals.size(); ++i)
    if (std::abs(cert.literals[i]) > max_var)
      throw ParseError(path, cert.lines[i],
                       fmt::format("literal {} out of range (the CNF has {} variables)",
                                   cert.literals[i], max_var));
}

int count_primary(const Certificate& cert, int primary) {
  int k = 0;
  for (int lit : cert.literals) k += std::abs(lit) <= primary ? 1 : 0;
  return k;
}

std::string mismatch_hint() {
  return "it likely comes from a different N, strategies, domain or --cnf-encoder than this run";
}

Solution decode_native_labels(const Pyramid& p, const Certificate& cert) {
  const int L = p.labels();
  const int V = p.var_count();
  std::vector<signed char> value(static_cast<std::size_t>(V) * L, 0);
  for (int lit : cert.literals)
    if (std::abs(lit) <= V * L) value[std::abs(lit) - 1] = lit > 0 ? 1 : -1;
  std::vector<int> labels(V, -1);
  for (int v = 0; v < V; ++v) {
    int yes = 0, no = 0, unset = -1;
    for (int l = 0; l < L; ++l) {
      const signed char x = value[static_cast<std::size_t>(v) * L + l];
      if (x > 0) {
        ++yes;
        labels[v] = l;
      } else if (x < 0) {
        ++no;
      } else {
        unset = l;
      }
    }
    if (yes == 0 && no == L - 1) labels[v] = unset;  // implied by exactly-one
    if (yes > 1 || labels[v] < 0)
      throw UserError(fmt::format("the certificate gives {} {} label(s) ({}); {}", p.var_name(v),
                                  yes, yes > 1 ? "several" : "none", mismatch_hint()));
  }
  return Solution(p.levels(), std::move(labels));
}

Solution decode_placements(const Pyramid& p, const Certificate& cert,
                           const std::vector<PlacementRef>& placement_at) {
  std::vector<int> labels(p.var_count(), -1);
  for (int lit : cert.literals) {
    if (lit <= 0 || lit > static_cast<int>(placement_at.size())) continue;
    const PlacementRef& ref = placement_at[lit - 1];
    const auto vars = p.vars_at(p.positions()[ref.position]);
    for (int k = 0; k < 3; ++k) {
      int& l = labels[vars[k]];
      if (l >= 0 && l != ref.triple[k])
        throw UserError(fmt::format("the certificate places conflicting labels {} and {} on {}; {}",
                                    l, ref.triple[k], p.var_name(vars[k]), mismatch_hint()));
      l = ref.triple[k];
    }
  }
  for (int v = 0; v < p.var_count(); ++v)
    if (labels[v] < 0)
      throw UserError(fmt::format("the certificate places no cube that determines {}; {}",
                                  p.var_name(v), mismatch_hint()));
  return Solution(p.levels(), std::move(labels));
}

}  // namespace bel_pyramid
