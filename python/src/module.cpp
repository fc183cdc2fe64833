#include <pybind11/pybind11.h>

#include "app/version_string.hpp"
#include "base/error.hpp"
#include "bindings.hpp"

namespace py = pybind11;

// Library errors become ValueError with the text the command line prints
// (without its "bel_pyramid: error: " prefix; a ParseError keeps its
// "PATH:LINE: parse error: ..." form).
PYBIND11_MODULE(_core, m) {
  m.doc() = "The C++ library behind the bel_pyramid package (use `import bel_pyramid`).";
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const bel_pyramid::UserError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    } catch (const bel_pyramid::ParseError& e) {
      PyErr_SetString(PyExc_ValueError, e.what());
    }
  });
  m.attr("version") = bel_pyramid::version_string();
  bel_pyramid::python::bind_model(m);
  bel_pyramid::python::bind_solutions(m);
  bel_pyramid::python::bind_tables(m);
  bel_pyramid::python::bind_summary(m);
  bel_pyramid::python::bind_defaults(m);
  bel_pyramid::python::bind_run(m);
}
