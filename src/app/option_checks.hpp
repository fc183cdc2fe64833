// How the options of one run combine: every check that involves more than one
// option, run once after the command line is read (option_values.hpp reads
// each value alone). Which error a user sees when several apply is fixed by
// the order of the checks here.
#pragma once

#include "app/options.hpp"

namespace bel_pyramid {

// Throws the UserError of the first combination that cannot run: racing
// (--threads, --portfolio), --split, the "only with X" requirements of the
// option table, counting, the memory the run needs, standard output (one
// user at most: --cnf, --smt2, --var-map, --json, --svg, --log), and the
// files a search writes as it goes (--checkpoint is a file, --log is not
// compressed). With --check only the last two apply (the rest are refused
// next to it).
void check_option_combinations(const Options& options);

// True when some output (--cnf, --smt2, --var-map, --json, --svg, --log) writes to
// standard output: the human report then goes to stderr.
[[nodiscard]] bool output_to_stdout(const Options& options);

}  // namespace bel_pyramid
