// The defaults of the options the package's keywords stand for, from the
// library: Options{} as the command line's reader starts it (its solver is
// the solver table's default entry). None where the option's absence is a
// setting of its own: no --seed (CaDiCaL and Z3 keep their own seed, local
// search uses 0), no time limit, each solver's own number of threads, the
// default racers of the portfolio, no limit on the solutions listed.
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "app/cnf_export.hpp"
#include "app/options.hpp"
#include "bindings.hpp"

namespace py = pybind11;

namespace bel_pyramid::python {
namespace {

template <class T>
py::object unless_zero(T value) {
  return value == T{} ? py::none() : py::cast(value);
}

}  // namespace

void bind_defaults(py::module_& m) {
  m.def("defaults", [] {
    const Options o;
    return py::dict(py::arg("solver") = o.solver, py::arg("seed") = o.seed,
                    py::arg("timeout") = unless_zero(o.timeout_seconds),
                    py::arg("threads") = unless_zero(o.threads),
                    py::arg("portfolio") = o.portfolio.empty() ? py::none() : py::cast(o.portfolio),
                    py::arg("symmetry_breaking") = std::string(to_string(o.symmetry_breaking)),
                    py::arg("cnf_encoder") = to_string(o.cnf_encoder),
                    py::arg("max_solutions") = unless_zero(o.max_solutions),
                    py::arg("up_to_symmetry") = o.up_to_symmetry,
                    py::arg("domain") = std::string(to_string(o.domain)));
  });
}

}  // namespace bel_pyramid::python
