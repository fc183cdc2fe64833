// The parts of the Python module `bel_pyramid._core`, each binding one
// concern of the library: the geometry and the Constraint tree with the
// hypothesis language, solutions and their formats, the tables, the options'
// defaults, and runs of the command-line pipeline with their typed results.
// The pure-Python package (python/bel_pyramid/) builds its conveniences on
// these; nothing here reimplements the library.
#pragma once

#include <pybind11/pybind11.h>

namespace bel_pyramid::python {

void bind_model(pybind11::module_& m);      // Pyramid, Constraint, the hypothesis language
void bind_solutions(pybind11::module_& m);  // validation, Knuth's format, JSON, SVG
void bind_tables(pybind11::module_& m);     // strategies and solvers, as the CLI lists them
void bind_summary(pybind11::module_& m);    // the typed result of a run (RunSummary)
void bind_defaults(pybind11::module_& m);   // the options' defaults, from Options{}
void bind_run(pybind11::module_& m);        // a command line run in-process

}  // namespace bel_pyramid::python
