// The tokens of a hypothesis file (doc/hypotheses.md): names, numbers and
// punctuation, each with its line and column (both from 1) for error
// messages. Whitespace and `#` comments separate tokens and are dropped.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace bel_pyramid {

struct HypToken {
  enum class Kind { Name, Number, Punct, End };
  Kind kind = Kind::End;
  std::string text;  // the name, the digits or the punctuation; empty at End
  long number = 0;   // Number
  int line = 1;
  int column = 1;
};

// A file of more tokens is refused as it is read, before they fill memory
// (a full drawing at N=20 has about 100,000).
inline constexpr std::size_t kMaxHypothesisTokens = 4'000'000;

// Throws ParseError (path:line:col) on a character no token starts with, on
// a number too large for a label or an index, and past kMaxHypothesisTokens.
[[nodiscard]] std::vector<HypToken> lex_hypothesis(std::string_view text, const std::string& path);

}  // namespace bel_pyramid
