// A cursor over DIMACS-like text that knows its line: skips blanks and
// comment lines, reads signed integers with overflow checks. Shared by the
// CNF reader and the text DRAT reader; errors are ParseErrors naming the line.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace bel_pyramid::proof {

class TextScanner {
 public:
  TextScanner(std::string_view text, const std::string& path) : text_(text), path_(path) {}

  // Skips white space and whole lines that start with 'c'; false at the end.
  bool skip_blanks_and_comments();
  [[nodiscard]] char peek() const { return text_[at_]; }
  void advance() { ++at_; }
  // The word (such as "cnf") at the cursor, and the cursor past it.
  bool consume(std::string_view word);
  // A decimal integer with an optional '-', followed by white space or the
  // end; `what` names it in errors. Values beyond 2^62 are refused.
  std::int64_t integer(const char* what);
  [[noreturn]] void fail(const std::string& message) const;
  [[nodiscard]] long line() const { return line_; }

 private:
  std::string_view text_;
  const std::string& path_;
  std::size_t at_ = 0;
  long line_ = 1;
  bool line_start_ = true;
};

}  // namespace bel_pyramid::proof
