// --split K DIR: the files of cube-and-conquer (doc/cube-and-conquer.md).
//
//   DIR/formula.cnf  the CNF of the run, once (DIMACS): the native one, or
//                    with --cnf-encoder completion the exact cover of what
//                    the run's shape leaves free (a member of a sweep)
//   DIR/cubes        one cube per line, "a lit ... 0" (iCNF's cube lines);
//                    the cubes are the leaves of cube_split.hpp's tree, so
//                    they partition the search space
//   DIR/args         the arguments that rebuild the same formulation, one
//                    per line, for re-importing certificates (--cert)
//
// The scripts (scripts/conquer.sh, scripts/conquer.slurm) give cube i to a
// solver as formula.cnf plus one unit clause per literal of line i: kissat
// 4.0.4 rejects iCNF ("p inccnf") and CaDiCaL 1.5.3 solves an iCNF's cubes
// one after another in one process, so plain per-cube CNF is the portable
// form, built on the fly so the disk holds the formula once.
#pragma once

#include <ostream>
#include <string>
#include <vector>

#include "app/options.hpp"

namespace bel_pyramid {

// The arguments that rebuild this run's formulation (N, --strategy,
// --hypothesis and --given with absolute paths, --param, --finite-domain,
// --symmetry-breaking), as DIR/args holds them and a sweep's table records
// them per member.
[[nodiscard]] std::vector<std::string> formulation_args(const Options& options);

// Writes the three files (all or none), reporting to `report`.
void export_split(const Formulation& f, const Options& options, std::ostream& report);

}  // namespace bel_pyramid
