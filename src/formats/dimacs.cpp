#include "formats/dimacs.hpp"

#include <fmt/format.h>

#include <charconv>
#include <cstdlib>

#include "base/compressed_stream.hpp"
#include "base/error.hpp"

namespace bel_pyramid {
namespace {

// The DIMACS text in pieces of about 1 MB.
void emit_dimacs(const Cnf& cnf, const std::vector<std::string>& comments, CompressedOutput& sink) {
  fmt::memory_buffer buf;
  for (const std::string& c : comments) fmt::format_to(std::back_inserter(buf), "c {}\n", c);
  fmt::format_to(std::back_inserter(buf), "p cnf {} {}\n", cnf.num_vars(), cnf.num_clauses());
  for (std::size_t i = 0; i < cnf.num_clauses(); ++i) {
    for (int lit : cnf.clause(i)) fmt::format_to(std::back_inserter(buf), "{} ", lit);
    buf.push_back('0');
    buf.push_back('\n');
    if (buf.size() > (1 << 20)) {
      sink.write(std::string_view(buf.data(), buf.size()));
      buf.clear();
    }
  }
  sink.write(std::string_view(buf.data(), buf.size()));
}

}  // namespace

std::string shell_quote(const std::string& arg) {
  std::string out = "'";
  for (char ch : arg) out += ch == '\'' ? std::string("'\\''") : std::string(1, ch);
  return out + "'";
}

void write_dimacs(const Cnf& cnf, const std::vector<std::string>& comments, const std::string& path,
                  Publish when) {
  CompressedOutput out(path, when);
  emit_dimacs(cnf, comments, out);
  out.commit();
}

DimacsFile parse_dimacs(const std::string& text, const std::string& path) {
  DimacsFile f;
  long line = 1;
  bool header = false;
  long declared = 0;
  std::vector<int> clause;
  long clause_line = 0;
  std::size_t i = 0;
  const std::size_t n = text.size();
  auto skip_line = [&] {
    while (i < n && text[i] != '\n') ++i;
  };
  while (i < n) {
    const char ch = text[i];
    if (ch == '\n') {
      ++line;
      ++i;
    } else if (ch == ' ' || ch == '\t' || ch == '\r') {
      ++i;
    } else if (ch == 'c' && clause.empty()) {
      skip_line();
    } else if (ch == 'p' && !header) {
      const std::size_t end = text.find('\n', i);
      const std::string h = text.substr(i, end == std::string::npos ? std::string::npos : end - i);
      long v = 0;
      char tail = 0;
      if (std::sscanf(h.c_str(), "p cnf %d %ld %c", &f.vars, &declared, &tail) != 2 || f.vars < 0 ||
          declared < 0)
        throw ParseError(path, line, fmt::format("invalid header \"{}\"", h));
      (void)v;
      header = true;
      skip_line();
    } else {
      if (!header) throw ParseError(path, line, "clause before the \"p cnf\" header");
      const std::size_t start = i;
      while (i < n && text[i] != ' ' && text[i] != '\n' && text[i] != '\t' && text[i] != '\r') ++i;
      long lit = 0;
      auto [ptr, ec] = std::from_chars(text.data() + start, text.data() + i, lit);
      if (ec != std::errc() || ptr != text.data() + i)
        throw ParseError(path, line,
                         fmt::format("invalid literal \"{}\"", text.substr(start, i - start)));
      if (std::labs(lit) > f.vars)
        throw ParseError(path, line,
                         fmt::format("literal {} exceeds the {} declared variables", lit, f.vars));
      if (clause.empty() && lit != 0) clause_line = line;
      if (lit == 0) {
        f.clauses.push_back(clause);
        f.lines.push_back(clause.empty() ? line : clause_line);
        clause.clear();
      } else {
        clause.push_back(static_cast<int>(lit));
      }
    }
  }
  if (!header) throw ParseError(path, line, "no \"p cnf\" header");
  if (!clause.empty()) throw ParseError(path, line, "last clause is not terminated by 0");
  if (static_cast<long>(f.clauses.size()) != declared)
    throw ParseError(
        path, line,
        fmt::format("header declares {} clauses, found {}", declared, f.clauses.size()));
  return f;
}

}  // namespace bel_pyramid
