// libFuzzer target: the DRAT reader and checker. The first byte picks the
// formula, the rest is the proof (binary or text, as detected). The reader
// either throws ParseError or the check ends with a verdict; a proof is
// never verified against the satisfiable formula (RUP and RAT lemmas keep a
// formula satisfiable, so verifying one would be a checker's unsoundness).
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "base/error.hpp"
#include "proof/cnf_reader.hpp"
#include "proof/drat_checker.hpp"
#include "proof/drat_reader.hpp"

namespace {

// A model: x1 = x3 = x6 = false, x2 = x4 = x5 = true.
constexpr const char* kSatisfiable =
    "p cnf 6 8\n1 2 0\n-1 3 0\n-2 -3 4 0\n-4 5 6 0\n-5 -6 0\n2 -6 0\n-2 4 -5 0\n3 4 0\n";
// Every clause over x1, x2 (x3..x6 unused): refuted by the lemma 1.
constexpr const char* kUnsatisfiable = "p cnf 6 4\n1 2 0\n1 -2 0\n-1 2 0\n-1 -2 0\n";

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace bel_pyramid;
  if (size == 0) return 0;
  const bool satisfiable = (data[0] & 1) == 0;
  const std::string_view proof(reinterpret_cast<const char*>(data) + 1, size - 1);
  proof::ClauseStore store;
  const std::uint32_t variables =
      proof::read_cnf(satisfiable ? kSatisfiable : kUnsatisfiable, "f.cnf", store);
  const std::size_t formula = store.count();
  std::vector<proof::Step> steps;
  try {
    steps = proof::read_drat(proof, "fuzz", variables, store);
  } catch (const ParseError&) {
    return 0;
  }
  const proof::Verdict verdict = proof::check_drat(store, formula, steps);
  if (satisfiable && verdict.verified) std::abort();
  return 0;
}
