#include "proof/text_scanner.hpp"

#include <cctype>

#include "base/error.hpp"

namespace bel_pyramid::proof {

bool TextScanner::skip_blanks_and_comments() {
  while (at_ < text_.size()) {
    const char c = text_[at_];
    if (c == '\n') {
      ++line_;
      line_start_ = true;
    } else if (c == 'c' && line_start_) {
      while (at_ < text_.size() && text_[at_] != '\n') ++at_;
      continue;
    } else if (c != ' ' && c != '\t' && c != '\r') {
      line_start_ = false;
      return true;
    }
    ++at_;
  }
  return false;
}

bool TextScanner::consume(std::string_view word) {
  if (text_.substr(at_, word.size()) != word) return false;
  at_ += word.size();
  line_start_ = false;
  return true;
}

std::int64_t TextScanner::integer(const char* what) {
  constexpr std::int64_t kLimit = std::int64_t{1} << 62;
  const bool negative = at_ < text_.size() && text_[at_] == '-';
  if (negative) ++at_;
  if (at_ >= text_.size() || text_[at_] < '0' || text_[at_] > '9')
    fail(std::string("expected ") + what);
  std::int64_t value = 0;
  while (at_ < text_.size() && text_[at_] >= '0' && text_[at_] <= '9') {
    const int digit = text_[at_++] - '0';
    if (value > (kLimit - digit) / 10) fail(std::string(what) + " is too large");
    value = value * 10 + digit;
  }
  if (at_ < text_.size() && !std::isspace(static_cast<unsigned char>(text_[at_])))
    fail(std::string("unexpected character after ") + what);
  line_start_ = false;
  return negative ? -value : value;
}

void TextScanner::fail(const std::string& message) const {
  throw ParseError(path_, line_, message);
}

}  // namespace bel_pyramid::proof
