// Solutions through the library's own code: validate() (which trusts no
// solver), Knuth's format, the JSON of --json and the SVG of --svg. A
// solution crosses the boundary as (levels, labels), labels in the Pyramid
// numbering.
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "app/check.hpp"
#include "base/error.hpp"
#include "bindings.hpp"
#include "formats/json_result.hpp"
#include "formats/knuth_format.hpp"
#include "formats/svg_picture.hpp"
#include "model/solution.hpp"

namespace py = pybind11;

namespace bel_pyramid::python {
namespace {

Solution solution_of(int levels, const std::vector<int>& labels) {
  if (levels < 1) throw UserError("a solution needs N >= 1");
  if (static_cast<int>(labels.size()) != Pyramid(levels).var_count())
    throw UserError("a " + std::to_string(levels) + "-level solution has " +
                    std::to_string(Pyramid(levels).var_count()) + " labels, not " +
                    std::to_string(labels.size()));
  return {levels, labels};
}

std::string solution_json(int levels, const std::vector<int>& labels) {
  RunSummary summary;
  summary.source = "check";
  summary.levels = levels;
  summary.status = "sat";
  summary.solution = solution_of(levels, labels);
  return to_json(summary);
}

}  // namespace

void bind_solutions(py::module_& m) {
  m.def("validate", [](int levels, const std::vector<int>& labels) {
    const Validation v = validate(Pyramid(levels), solution_of(levels, labels));
    return py::make_tuple(v.ok, v.message);
  });
  m.def("format_knuth", [](int levels, const std::vector<int>& labels) {
    return format_knuth(Pyramid(levels), solution_of(levels, labels));
  });
  m.def("read_solution", [](const std::string& text, const std::string& path) {
    const Solution s = read_solution(text, path);
    return py::make_tuple(s.levels(), s.labels());
  });
  m.def("solution_json", &solution_json);
  m.def("render_svg", [](int levels, const std::vector<int>& labels, const std::string& subtitle) {
    return render_svg(Pyramid(levels), solution_of(levels, labels), subtitle);
  });
  m.def("cube_at", [](int levels, const std::vector<int>& labels, int x, int y, int h) {
    const Pyramid p(levels);
    if (x < 0 || y < 0 || h < 0 || x >= p.base() || y >= p.base() || h >= p.height(x, y))
      throw py::index_error("no place (" + std::to_string(x) + "," + std::to_string(y) + "," +
                            std::to_string(h) + ") in a " + std::to_string(levels) +
                            "-level pyramid");
    return solution_of(levels, labels).cube_at(p, {x, y, h});
  });
}

}  // namespace bel_pyramid::python
