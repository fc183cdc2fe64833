// One run of the command-line pipeline in-process: the arguments are read by
// the CLI's own reader (the same checks and messages), hypotheses built in
// Python join the formulation, and run() does the rest, handing back its
// RunSummary (bind_summary.cpp) with the exit code and the texts. The GIL is
// released while it runs; Python's progress callback is called (with the
// GIL) from the searching threads. Called from the main thread, the run
// installs the command line's interrupt handlers (base/interrupt.hpp):
// Ctrl-C stops the search within a second, as it does the CLI's, and the
// call then raises KeyboardInterrupt.
#include <fmt/format.h>
#include <pybind11/stl.h>

#include <atomic>
#include <csignal>
#include <optional>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "app/cli.hpp"
#include "app/run.hpp"
#include "base/error.hpp"
#include "base/interrupt.hpp"
#include "base/poller.hpp"
#include "bindings.hpp"
#include "built_hypothesis.hpp"
#include "formats/run_summary.hpp"

namespace py = pybind11;

namespace bel_pyramid::python {
namespace {

using BuiltHypotheses = std::vector<std::tuple<int, std::string, std::vector<Constraint>>>;

py::dict progress_dict(const SearchProgress& p) {
  return py::dict(py::arg("elapsed_seconds") = p.elapsed_seconds, py::arg("cost") = p.cost,
                  py::arg("best_cost") = p.best_cost, py::arg("rate") = p.rate,
                  py::arg("rate_unit") = std::string(p.rate_unit), py::arg("racer") = p.racer,
                  py::arg("steps") = p.steps, py::arg("restarts") = p.restarts,
                  py::arg("solutions") = p.solutions, py::arg("classes") = p.classes);
}

bool on_main_thread() {
  const py::module_ threading = py::module_::import("threading");
  const py::object main_ident = threading.attr("main_thread")().attr("ident");
  return main_ident.equal(threading.attr("get_ident")());
}

struct Outcome {
  int code = 0;
  int signal = 0;  // the stop request's signal (main thread only)
  std::exception_ptr error;
};

// Runs with the GIL released; a library error is kept for the caller.
// `install`: this call installs the interrupt handlers; `signals`: a stop
// request of the handlers (this call's or an enclosing call's) stops it.
Outcome run_released(const Options& options, std::atomic<bool>& stop, bool install, bool signals,
                     std::ostream& out, std::ostream& err) {
  Outcome o;
  const py::gil_scoped_release release;
  std::optional<InterruptGuard> guard;
  if (install) guard.emplace();
  // The first signal only sets the flag, whatever the run is doing: the
  // interpreter is never ended by the library.
  const StopDeferral deferral(signals);
  {
    // Copies the interrupt handlers' stop request into the run's own flag
    // (which a failing progress callback also sets), until the run ends.
    const Poller relay([&stop, signals] {
      if (signals && stop_flag()->load()) stop.store(true);
      return false;
    });
    try {
      o.code = run(options, out, err);
    } catch (...) {
      o.error = std::current_exception();
    }
  }
  if (signals) o.signal = stop_signal();
  return o;
}

// Whether a run on the main thread has installed the handlers (a progress
// callback may start another run); read and written with the GIL held.
bool handlers_installed = false;

py::tuple run_command(const std::vector<std::string>& args, const BuiltHypotheses& hypotheses,
                      const py::object& progress) {
  Options options = read_command_line(args);
  // A split's cubes and a sweep's members are runs of their own, rebuilt from
  // a command line, which cannot carry a hypothesis that is in no file.
  if (!hypotheses.empty() && (options.mode == Mode::Split || options.mode == Mode::Sweep))
    throw UserError(fmt::format(
        "hypothesis {} was built in Python: {} rebuilds the formula from a command line; "
        "save it (Hypothesis.save) and pass the path",
        std::get<1>(hypotheses.front()), options.mode == Mode::Split ? "--split" : "--sweep"));
  for (const auto& [levels, name, constraints] : hypotheses) {
    if (levels != options.levels)
      throw UserError("hypothesis " + name + " was built for N=" + std::to_string(levels) +
                      ", not N=" + std::to_string(options.levels));
    options.built_hypotheses.push_back(
        checked_hypothesis(name, constraints, Pyramid(options.levels)));
  }
  std::atomic<bool> stop{false};
  options.stop = &stop;
  std::optional<py::error_already_set> callback_error;
  if (!progress.is_none())
    options.progress = [&](const SearchProgress& p) {
      const py::gil_scoped_acquire gil;
      if (callback_error) return;
      try {
        progress(progress_dict(p));
      } catch (py::error_already_set& e) {  // raised again when the run has stopped
        callback_error.emplace(std::move(e));
        stop.store(true);
      }
    };
  RunSummary summary;
  options.summary = &summary;
  std::ostringstream out, err;
  const bool main = on_main_thread();
  const bool install = main && !handlers_installed;
  handlers_installed = handlers_installed || install;
  const Outcome o = run_released(options, stop, install, main, out, err);
  if (install) handlers_installed = false;
  if (callback_error) throw std::move(*callback_error);
  if (o.signal == SIGTERM) std::raise(SIGTERM);  // Python's own handling of it, now restored
  if (o.signal != 0) {
    PyErr_SetNone(PyExc_KeyboardInterrupt);
    throw py::error_already_set();
  }
  if (o.error) std::rethrow_exception(o.error);
  const py::object result = summary.source.empty() ? py::none() : py::cast(std::move(summary));
  return py::make_tuple(o.code, out.str(), err.str(), result);
}

}  // namespace

void bind_run(py::module_& m) {
  m.def("run", &run_command, py::arg("args"), py::arg("hypotheses") = BuiltHypotheses{},
        py::arg("progress") = py::none(),
        "Runs `bel_pyramid ARGS...` in-process: (exit code, stdout text, stderr text, the\n"
        "run's RunSummary or None for a run that makes none).");
  m.def("check_hypothesis",
        [](const std::string& name, const std::vector<Constraint>& constraints, const Pyramid& p) {
          return checked_hypothesis(name, constraints, p).constraints;
        });
}

}  // namespace bel_pyramid::python
