// sweep_run: --sweep DIR, every member of a family answered (doc/families.md).
//
// A family is a hypothesis file with parameters (`param f in 0..L-1`); its
// members are the bindings of its parameters that --param leaves free; a
// --param list (NAME=V1,V2,... or NAME=A..B) searches only the members that
// take those values, and the table still holds the whole family. Each
// member is searched on its own with the run's --solver (default: CaDiCaL,
// which completes a shape that fixes lines in a compact CNF), --timeout
// seconds each, --threads members at a time, and its answer (found, refuted,
// undecided) goes to DIR as it comes (sweep_table.hpp), so that a stopped
// sweep resumes where it was and a second run with a larger --timeout
// searches only the undecided.
//
// Members that fix lines to labels, alone on the bare puzzle, fall into
// classes under the puzzle's symmetries (shape_class.hpp: renaming the
// labels, mirroring and transposing the base): one member per class is
// searched, and its answer, and its solution carried over and checked again,
// stand for the others (--every-member searches them all).
#pragma once

#include <ostream>

#include "app/options.hpp"

namespace bel_pyramid {

// Exit code: 0 when every member this run searched was decided, 3 when some
// stayed undecided, 128+signal when stopped.
[[nodiscard]] int run_sweep(const Options& options, std::ostream& out, std::ostream& err);

}  // namespace bel_pyramid
