// libFuzzer target: --check's reader (Knuth's format or JSON) must either
// throw ParseError or return a solution that survives a JSON round trip and
// can be drawn.
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "app/check.hpp"
#include "base/error.hpp"
#include "formats/json_result.hpp"
#include "formats/svg_picture.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bel_pyramid;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  try {
    const Solution s = read_solution(text, "fuzz");
    const Pyramid p(s.levels());
    (void)validate(p, s);
    RunSummary summary;
    summary.levels = s.levels();
    summary.status = "sat";
    summary.solution = s;
    if (!(solution_from_json(to_json(summary), "again") == s)) std::abort();
    if (s.levels() <= 7) (void)render_svg(p, s, "fuzz");
  } catch (const ParseError&) {
  }
  return 0;
}
