// Pyramid, the Constraint tree and the hypothesis language, as the library
// defines them: the Python package's expressions build these trees, and a
// hypothesis is checked by printing it in the language and parsing it back.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include <map>
#include <string>
#include <tuple>
#include <vector>

#include "app/memory_guard.hpp"
#include "bindings.hpp"
#include "model/constraint.hpp"
#include "model/cube_constraint.hpp"
#include "model/hypothesis.hpp"
#include "model/line_shift.hpp"
#include "model/pyramid.hpp"

namespace py = pybind11;

namespace bel_pyramid::python {
namespace {

const char* kind_name(Constraint::Kind k) {
  switch (k) {
    case Constraint::Kind::Compare: return "compare";
    case Constraint::Kind::All: return "all";
    case Constraint::Kind::Any: return "any";
    case Constraint::Kind::LexLessEq: return "lex_le";
    case Constraint::Kind::Precedence: return "precedence";
    case Constraint::Kind::LabelCount: return "count";
    case Constraint::Kind::Not: return "not";
  }
  return "?";
}

Rel rel_of(const std::string& text) {
  for (Rel r : {Rel::Eq, Rel::Ne, Rel::Lt, Rel::Le, Rel::Gt, Rel::Ge})
    if (text == to_string(r) || (text == "=" && r == Rel::Eq)) return r;
  throw py::value_error("unknown relation \"" + text + "\" (valid: == != < <= > >=)");
}

Term term_of(const py::object& o) {  // ("var", v) or ("label", l)
  const auto [what, value] = o.cast<std::tuple<std::string, int>>();
  return what == "var" ? var(value) : label(value);
}

py::tuple term_tuple(const Term& t) {
  return t.is_var() ? py::make_tuple("var", t.var) : py::make_tuple("label", t.value);
}

// What package.Pyramid keeps per line variable (a Line object and its list
// slot), measured with tracemalloc: about 100 bytes, doubled for safety.
constexpr double kPythonBytesPerLine = 200;

void bind_pyramid(py::module_& m) {
  py::class_<Pyramid>(m, "Pyramid")
      .def(py::init([](int levels) {
             check_pyramid_fits(levels, kPythonBytesPerLine);
             return Pyramid(levels);
           }),
           py::arg("levels"))
      .def_property_readonly("levels", &Pyramid::levels)
      .def_property_readonly("base", &Pyramid::base)
      .def_property_readonly("labels", &Pyramid::labels)
      .def_property_readonly("mid", &Pyramid::mid)
      .def("tri", &Pyramid::tri)
      .def("height", &Pyramid::height)
      .def_property_readonly("level_sizes", &Pyramid::level_sizes)
      .def_property_readonly("cube_count", py::overload_cast<>(&Pyramid::cube_count, py::const_))
      .def_property_readonly("positions",
                             [](const Pyramid& p) {
                               std::vector<std::tuple<int, int, int>> out;
                               for (const Position& q : p.positions())
                                 out.emplace_back(q.x, q.y, q.h);
                               return out;
                             })
      .def_property_readonly("cubes", &Pyramid::cubes)
      .def_property_readonly("var_count", &Pyramid::var_count)
      .def("x_var", &Pyramid::x_var)
      .def("y_var", &Pyramid::y_var)
      .def("z_var", &Pyramid::z_var)
      .def("var_name", &Pyramid::var_name)
      .def("vars_at", [](const Pyramid& p, int x, int y, int h) {
        return p.vars_at({x, y, h});
      });
}

void bind_constraint(py::module_& m) {
  py::class_<Constraint>(m, "Constraint")
      .def_property_readonly("kind", [](const Constraint& c) { return kind_name(c.kind); })
      .def_property_readonly("rel", [](const Constraint& c) { return to_string(c.rel); })
      .def_property_readonly("lhs", [](const Constraint& c) { return term_tuple(c.lhs); })
      .def_property_readonly("rhs", [](const Constraint& c) { return term_tuple(c.rhs); })
      .def_readonly("children", &Constraint::children)
      .def_readonly("left", &Constraint::left)
      .def_readonly("right", &Constraint::right)
      .def_property_readonly("terms",
                             [](const Constraint& c) {
                               std::vector<std::tuple<int, int, int>> out;
                               for (const WeightedLabel& w : c.terms)
                                 out.emplace_back(w.var, w.label, w.weight);
                               return out;
                             })
      .def_readonly("bound", &Constraint::bound)
      .def(py::self == py::self)
      .def(py::self != py::self)
      .def("evaluate",
           [](const Constraint& c, const std::vector<int>& labels) { return evaluate(c, labels); });
  m.def("compare", [](const py::object& l, const std::string& rel, const py::object& r) {
    return compare(term_of(l), rel_of(rel), term_of(r));
  });
  m.def("all_of", &all_of);
  m.def("any_of", &any_of);
  m.def("negation", &negation);
  m.def("lex_less_eq", &lex_less_eq);
  m.def("value_precedence", &value_precedence);
  m.def("label_count", [](const std::vector<std::tuple<int, int, int>>& terms,
                          const std::string& rel, long bound) {
    std::vector<WeightedLabel> ws;
    for (const auto& [v, l, w] : terms) ws.push_back({v, l, w});
    return label_count(std::move(ws), rel_of(rel), bound);
  });
  m.def("cube_placed", [](const Pyramid& p, int x, int y, int h, Cube labels) {
    return cube_placed(p, {x, y, h}, labels);
  });
  m.def("cube_in_class", [](const Pyramid& p, int x, int y, int h, const std::string& name) {
    for (CubeClass c :
         {CubeClass::Triple, CubeClass::Double, CubeClass::Distinct, CubeClass::Repeated})
      if (name == to_string(c)) return cube_in_class(p, {x, y, h}, c);
    throw py::value_error("unknown cube class \"" + name +
                          "\" (valid: triple, double, distinct, repeated)");
  });
  m.def("shifted_equal", &shifted_equal, py::arg("a"), py::arg("b"), py::arg("shift"),
        py::arg("labels"));
}

void bind_hypothesis(py::module_& m) {
  m.def(
      "parse_hypothesis",
      [](const std::string& text, const std::string& path, const Pyramid& p,
         const std::map<std::string, long>& params) {
        Hypothesis h = parse_hypothesis(text, path, p, {params.begin(), params.end()});
        return py::make_tuple(h.name, h.constraints, h.params);
      },
      py::arg("text"), py::arg("path"), py::arg("pyramid"),
      py::arg("params") = std::map<std::string, long>{});
  m.def(
      "family_members",
      [](const std::string& text, const std::string& path, const Pyramid& p,
         const std::map<std::string, long>& fixed) {
        std::vector<std::map<std::string, long>> out;
        for (const ParamValues& m : family_members(text, path, p, {fixed.begin(), fixed.end()}))
          out.emplace_back(m.begin(), m.end());
        return out;
      },
      py::arg("text"), py::arg("path"), py::arg("pyramid"),
      py::arg("fixed") = std::map<std::string, long>{});
  m.def("print_hypothesis", &print_hypothesis, py::arg("constraints"), py::arg("pyramid"));
  m.def("print_constraint", &print_constraint, py::arg("constraint"), py::arg("pyramid"));
  m.def("hypothesis_name", &hypothesis_name);
  m.def("hypothesis_var_name", &hypothesis_var_name);
}

}  // namespace

void bind_model(py::module_& m) {
  bind_pyramid(m);
  bind_constraint(m);
  bind_hypothesis(m);
}

}  // namespace bel_pyramid::python
