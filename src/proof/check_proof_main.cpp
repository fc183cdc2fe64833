// bel_pyramid_check_proof: checks a DRAT proof (binary or text, as CaDiCaL
// and kissat write them) against a DIMACS CNF, each plain, gzip or xz.
// Prints "s VERIFIED" or "s NOT VERIFIED" (and why, on stderr).
// Exit status: 0 verified, 1 not verified, 2 bad usage or unreadable or
// malformed input (one line on stderr).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <new>
#include <string>
#include <string_view>
#include <vector>

#include "base/compressed_stream.hpp"
#include "proof/cnf_reader.hpp"
#include "proof/drat_checker.hpp"
#include "proof/drat_reader.hpp"

namespace {

using namespace bel_pyramid;
constexpr const char* kUsage =
    "usage: bel_pyramid_check_proof [-v] CNF PROOF\n"
    "Checks that the DRAT proof PROOF (binary or text) refutes the DIMACS formula CNF\n"
    "(either may be gzip or xz). Prints s VERIFIED or s NOT VERIFIED; exit status 0\n"
    "verified, 1 not verified, 2 bad usage or input. -v: statistics on stderr.\n";

struct Arguments {
  bool verbose = false;
  std::vector<std::string> files;
};

double seconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

void print_stats(const std::vector<proof::Step>& steps, const proof::CheckStats& s,
                 double read_seconds, double check_seconds) {
  const auto deletions = static_cast<std::size_t>(std::count_if(
      steps.begin(), steps.end(), [](const proof::Step& step) { return step.deletion; }));
  std::fprintf(stderr,
               "c proof: %zu steps, %zu lemmas, %zu deletions\n"
               "c up to the conflict: %zu steps, %zu lemmas, %zu deletions (ignored: %zu of unit "
               "or reason clauses, %zu of no active clause)\n"
               "c lemmas checked %zu (RAT %zu)\n"
               "c read %.2f s, check %.2f s\n",
               steps.size(), steps.size() - deletions, deletions, s.steps_used, s.lemmas,
               s.deletions, s.ignored_unit_deletions, s.missing_deletions, s.checked, s.rat,
               read_seconds, check_seconds);
}

int check(const Arguments& args) {
  const auto start = std::chrono::steady_clock::now();
  proof::ClauseStore store;
  const std::string& cnf_path = args.files[0];
  const std::string& proof_path = args.files[1];
  const std::uint32_t variables = proof::read_cnf(read_input(cnf_path), cnf_path, store);
  const std::size_t formula_clauses = store.count();
  const std::vector<proof::Step> steps =
      proof::read_drat(read_binary_input(proof_path), proof_path, variables, store);
  const double read_seconds = seconds_since(start);
  const proof::Verdict verdict = proof::check_drat(store, formula_clauses, steps);
  if (args.verbose)
    print_stats(steps, verdict.stats, read_seconds, seconds_since(start) - read_seconds);
  if (!verdict.verified) {
    std::printf("s NOT VERIFIED\n");
    std::fprintf(stderr, "bel_pyramid_check_proof: %s\n", verdict.reason.c_str());
    return 1;
  }
  std::printf("s VERIFIED\n");
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Arguments args;
  for (int i = 1; i < argc; ++i) {
    const std::string_view arg = argv[i];
    if (arg == "-h" || arg == "--help") {
      std::fputs(kUsage, stdout);
      return 0;
    }
    if (arg == "-v") {
      args.verbose = true;
    } else if (arg.size() > 1 && arg[0] == '-') {
      std::fprintf(stderr, "bel_pyramid_check_proof: error: unknown option %s\n%s", argv[i],
                   kUsage);
      return 2;
    } else {
      args.files.emplace_back(arg);
    }
  }
  if (args.files.size() != 2) {
    std::fprintf(stderr, "bel_pyramid_check_proof: error: needs CNF and PROOF\n%s", kUsage);
    return 2;
  }
  try {
    return check(args);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "bel_pyramid_check_proof: error: out of memory\n");
  } catch (const std::exception& e) {
    std::fprintf(stderr, "bel_pyramid_check_proof: error: %s\n", e.what());
  }
  return 2;
}
