// Writes the completion's CNF (solvers/completion.hpp) of a shape, so that
// other solvers (kissat) can be measured on exactly what the in-process
// CaDiCaL solves:
//   completion_cnf N FILE.hyp OUT.cnf [NAME=VALUE ...]
// The shape is the hypothesis file with its parameters bound; the tool
// refuses a shape the completion does not take.
#include <fmt/format.h>

#include <cstdlib>
#include <exception>
#include <string>

#include "base/compressed_stream.hpp"
#include "formats/dimacs.hpp"
#include "model/formulation.hpp"
#include "model/hypothesis.hpp"
#include "solvers/completion.hpp"

using namespace bel_pyramid;

int main(int argc, char** argv) {
  if (argc < 4) {
    fmt::print(stderr, "usage: completion_cnf N FILE.hyp OUT.cnf [NAME=VALUE ...]\n");
    return 2;
  }
  try {
    Formulation f(std::atoi(argv[1]), Domain::Int);
    ParamValues params;
    for (int i = 4; i < argc; ++i) {
      const std::string binding = argv[i];
      const std::size_t eq = binding.find('=');
      params[binding.substr(0, eq)] = std::stol(binding.substr(eq + 1));
    }
    const Hypothesis h = parse_hypothesis(read_input(argv[2]), argv[2], f.pyramid(), params);
    f.add_strategy(argv[2], h.constraints);
    if (!completes(f)) {
      fmt::print(stderr, "completion_cnf: the completion does not take this shape\n");
      return 1;
    }
    const Cnf cnf = completion_cnf(f, AmoEncoding::Pairwise);
    write_dimacs(cnf, {fmt::format("the completion of {} at N={}", argv[2], argv[1])}, argv[3]);
  } catch (const std::exception& e) {
    fmt::print(stderr, "completion_cnf: {}\n", e.what());
    return 1;
  }
  return 0;
}
