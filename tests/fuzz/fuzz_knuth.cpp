// libFuzzer target: the Knuth-format parser must either throw ParseError or
// return a solution that prints back to text it parses to the same solution.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "base/error.hpp"
#include "formats/knuth_format.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bel_pyramid;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const Solution s = parse_knuth(text, "fuzz");
    const Pyramid p(s.levels());
    (void)validate(p, s);
    if (!(parse_knuth(format_knuth(p, s), "again") == s)) std::abort();
  } catch (const ParseError&) {
  }
  return 0;
}
