// The quotient count of a slice of one part, by either completion engine:
// quick figures for tuning the counter (bench/quotient.sh times whole parts).
//
//   quotient_sample LEVELS I M [LIMIT [bits|links]]
//
// prints the representatives counted, solutions, classes, nodes and CPU seconds.
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "solvers/xcc.hpp"

int main(int argc, char** argv) {
  using namespace bel_pyramid;
  if (argc < 4) {
    std::fprintf(stderr, "usage: quotient_sample LEVELS I M [LIMIT [bits|links]]\n");
    return 2;
  }
  QuotientOptions options;
  options.index = std::atoi(argv[2]);
  options.count = std::atoi(argv[3]);
  options.limit = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 0;
  options.dancing_links = argc > 5 && std::string(argv[5]) == "links";
  const std::clock_t start = std::clock();
  const QuotientCount q =
      count_quotient_xcc(Formulation(std::atoi(argv[1]), Domain::Int), {}, options);
  std::printf("counted %llu solutions %llu classes %llu nodes %llu cpu %.2f\n",
              static_cast<unsigned long long>(q.counted),
              static_cast<unsigned long long>(q.solutions),
              static_cast<unsigned long long>(q.classes), static_cast<unsigned long long>(q.nodes),
              static_cast<double>(std::clock() - start) / CLOCKS_PER_SEC);
}
