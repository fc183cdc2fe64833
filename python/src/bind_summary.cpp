// The typed result of a run (formats/run_summary.hpp), as the run made it:
// RunSummary, the CountSummary of a count or an estimate, and the records of
// the strategies and hypothesis files, read-only. Optional fields are None;
// a solution crosses as (levels, labels), as in bind_solutions.cpp; to_json
// writes the document --json writes from the same summary.
#include <pybind11/stl.h>

#include <optional>
#include <vector>

#include "bindings.hpp"
#include "formats/json_result.hpp"
#include "formats/run_summary.hpp"

namespace py = pybind11;

namespace bel_pyramid::python {
namespace {

py::object solution_tuple(const RunSummary& r) {
  if (!r.solution) return py::none();
  return py::make_tuple(r.solution->levels(), r.solution->labels());
}

void bind_records(py::module_& m) {
  py::class_<StrategyRecord>(m, "StrategyRecord")
      .def_readonly("name", &StrategyRecord::name)
      .def_readonly("constraints", &StrategyRecord::constraints);
  py::class_<HypothesisRecord>(m, "HypothesisRecord")
      .def_readonly("name", &HypothesisRecord::name)
      .def_readonly("path", &HypothesisRecord::path)
      .def_readonly("kind", &HypothesisRecord::kind)
      .def_readonly("sha256", &HypothesisRecord::sha256);
}

void bind_count(py::module_& m) {
  py::class_<CountSummary>(m, "CountSummary")
      .def_readonly("estimate", &CountSummary::estimate)
      .def_readonly("solutions", &CountSummary::solutions)
      .def_readonly("classes", &CountSummary::classes)
      .def_readonly("standard_error", &CountSummary::standard_error)
      .def_readonly("complete", &CountSummary::complete)
      .def_readonly("nodes", &CountSummary::nodes)
      .def_readonly("node_unit", &CountSummary::node_unit);
}

}  // namespace

void bind_summary(py::module_& m) {
  bind_records(m);
  bind_count(m);
  py::class_<RunSummary>(m, "RunSummary")
      .def_readonly("source", &RunSummary::source)
      .def_readonly("input", &RunSummary::input)
      .def_readonly("command_line", &RunSummary::command_line)
      .def_readonly("levels", &RunSummary::levels)
      .def_property_readonly("domain", [](const RunSummary& r) { return to_string(r.domain); })
      .def_readonly("strategies", &RunSummary::strategies)
      .def_readonly("hypotheses", &RunSummary::hypotheses)
      .def_readonly("solver", &RunSummary::solver)
      .def_readonly("seed", &RunSummary::seed)
      .def_readonly("answered_by", &RunSummary::answered_by)
      .def_readonly("answered_by_seed", &RunSummary::answered_by_seed)
      .def_readonly("build_seconds", &RunSummary::build_seconds)
      .def_readonly("solve_seconds", &RunSummary::solve_seconds)
      .def_readonly("status", &RunSummary::status)
      .def_readonly("reason", &RunSummary::reason)
      .def_property_readonly("solution", &solution_tuple)
      .def_readonly("count", &RunSummary::count)
      .def_readonly("proof", &RunSummary::proof)
      .def_readonly("proof_symmetry_breaking", &RunSummary::proof_symmetry_breaking);
  m.def("to_json", &to_json, "The run's --json document (doc/json.md).");
}

}  // namespace bel_pyramid::python
