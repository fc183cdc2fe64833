// libFuzzer target: the hypothesis parser, for N = 1..6 (the first byte),
// must either throw ParseError or return constraints that print to text
// which parses back to the same constraints.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "base/error.hpp"
#include "model/hypothesis.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bel_pyramid;
  if (size == 0) return 0;
  const Pyramid p(1 + data[0] % 6);
  const std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);
  try {
    const Hypothesis h = parse_hypothesis(text, "fuzz", p);
    if (!(parse_hypothesis(print_hypothesis(h.constraints, p), "again", p).constraints ==
          h.constraints))
      std::abort();
  } catch (const ParseError&) {
  }
  return 0;
}
