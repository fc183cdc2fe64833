// The tables the command line reads (--list-strategies, --solver, --help),
// unchanged: the Python package lists what the CLI accepts.
#include <pybind11/stl.h>

#include "bindings.hpp"
#include "model/strategy.hpp"
#include "solvers/solver_table.hpp"

namespace py = pybind11;

namespace bel_pyramid::python {

void bind_tables(py::module_& m) {
  m.def("strategies", [] {
    py::list out;
    for (const Strategy& s : strategies())
      out.append(py::dict(py::arg("name") = std::string(s.name),
                          py::arg("kind") = std::string(to_string(s.kind)),
                          py::arg("summary") = std::string(s.summary)));
    return out;
  });
  m.def("solvers", [] {
    py::list out;
    for (const SolverEntry& s : solver_table())
      out.append(py::dict(py::arg("name") = s.name, py::arg("summary") = s.summary,
                          py::arg("complete") = s.complete, py::arg("racer") = s.racer,
                          py::arg("stateful") = s.stateful,
                          py::arg("counts") = s.counts ? py::object(py::str(s.counts->name))
                                                       : py::object(py::none())));
    return out;
  });
}

}  // namespace bel_pyramid::python
