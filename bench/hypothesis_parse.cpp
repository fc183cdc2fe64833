// Parse time of hypothesis files: for each FILE and N, the median CPU time
// of REPEAT parses (doc/hypotheses.md; the aim is under 10 ms at N=6).
//   hypothesis_parse N REPEAT FILE...
#include <fmt/format.h>

#include <algorithm>
#include <ctime>
#include <fstream>
#include <sstream>
#include <vector>

#include "model/hypothesis.hpp"

using namespace bel_pyramid;

namespace {

double cpu_seconds() { return static_cast<double>(std::clock()) / CLOCKS_PER_SEC; }

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) {
    fmt::print(stderr, "usage: hypothesis_parse N REPEAT FILE...\n");
    return 2;
  }
  const Pyramid p(std::atoi(argv[1]));
  const int repeat = std::max(1, std::atoi(argv[2]));
  for (int i = 3; i < argc; ++i) {
    std::ifstream in(argv[i]);
    std::ostringstream text;
    text << in.rdbuf();
    std::vector<double> times;
    std::size_t constraints = 0;
    for (int r = 0; r < repeat; ++r) {
      const double start = cpu_seconds();
      constraints = parse_hypothesis(text.str(), argv[i], p).constraints.size();
      times.push_back(cpu_seconds() - start);
    }
    std::sort(times.begin(), times.end());
    fmt::print("{:<50} N={} constraints={:<5} median {:.3f} ms, max {:.3f} ms\n", argv[i],
               p.levels(), constraints, 1e3 * times[times.size() / 2], 1e3 * times.back());
  }
  return 0;
}
