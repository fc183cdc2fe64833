#include "model/hypothesis_lexer.hpp"

#include <fmt/format.h>

#include <array>
#include <cctype>

#include "base/error.hpp"

namespace bel_pyramid {
namespace {

// Longest first, so that "<=" wins over "<".
constexpr std::array<std::string_view, 23> kPunct = {"..", "==", "!=", "<=", ">=", "->", "<", ">",
                                                     "=",  "(",  ")",  "[",  "]",  "{",  "}", ",",
                                                     ":",  ";",  "+",  "-",  "*",  "/",  "%"};

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }
bool digit(char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; }

}  // namespace

std::vector<HypToken> lex_hypothesis(std::string_view text, const std::string& path) {
  std::vector<HypToken> out;
  int line = 1, column = 1;
  std::size_t i = 0;
  auto advance = [&](std::size_t n) {
    for (; n > 0 && i < text.size(); --n, ++i) {
      if (text[i] == '\n') {
        ++line;
        column = 1;
      } else {
        ++column;
      }
    }
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') advance(1);
      continue;
    }
    if (std::isspace(static_cast<unsigned char>(c))) {
      advance(1);
      continue;
    }
    HypToken t;
    t.line = line;
    t.column = column;
    std::size_t end = i;
    if (name_start(c)) {
      while (end < text.size() && name_char(text[end])) ++end;
      t.kind = HypToken::Kind::Name;
    } else if (digit(c)) {
      while (end < text.size() && digit(text[end])) ++end;
      if (end - i > 9) throw ParseError(path, line, column, "number too large");
      t.kind = HypToken::Kind::Number;
      t.number = std::stol(std::string(text.substr(i, end - i)));
    } else {
      for (std::string_view p : kPunct)
        if (text.substr(i, p.size()) == p) {
          end = i + p.size();
          break;
        }
      if (end == i) {
        const auto shown = static_cast<unsigned char>(c);
        throw ParseError(path, line, column,
                         std::isprint(shown) ? fmt::format("unexpected character '{}'", c)
                                             : fmt::format("unexpected byte 0x{:02x}", shown));
      }
      t.kind = HypToken::Kind::Punct;
    }
    t.text = std::string(text.substr(i, end - i));
    advance(end - i);
    out.push_back(std::move(t));
    if (out.size() > kMaxHypothesisTokens)
      throw ParseError(path, line, column,
                       fmt::format("the file has more than {} tokens", kMaxHypothesisTokens));
  }
  HypToken end_token;
  end_token.line = line;
  end_token.column = column;
  out.push_back(end_token);
  return out;
}

}  // namespace bel_pyramid
