// SearchMonitor: what a long search shows and leaves behind while it runs.
// It receives every progress report (from one search or from every racer of
// a portfolio, on their threads) and
//   * rewrites one progress line on stderr when stderr is a terminal (not
//     with --quiet), or prints a "c ..." status line there every
//     --progress-every seconds when it is not (a batch job's log);
//   * appends "seconds total_seconds best_cost total_cpu_seconds" lines to
//     --log FILE ("-": standard output), when the best cost improves and at
//     least once a minute, each line flushed whole; before the minute's line,
//     a "# racer R exchange acceptance ..." comment when the search has a
//     replica ladder;
//   * saves the best state to --checkpoint FILE every checkpoint_seconds and
//     when the search ends, so a stopped run can be resumed with --resume.
// The totals add the times recorded in the resumed checkpoint, so a
// campaign's search time adds up over runs; its state is the best one until
// the search reports a better one, so a run stopped at once still saves it.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "app/options.hpp"
#include "base/stopwatch.hpp"
#include "formats/checkpoint.hpp"
#include "solvers/solver.hpp"

namespace bel_pyramid {

class SearchMonitor {
 public:
  // Opens the log (throws UserError if it cannot be appended to); `out`
  // receives "--log -". `resumed`: the checkpoint this run started from,
  // whose times it adds to.
  SearchMonitor(const Options& options, std::ostream& out, std::ostream& err,
                const Checkpoint* resumed);
  ~SearchMonitor();
  SearchMonitor(const SearchMonitor&) = delete;
  SearchMonitor& operator=(const SearchMonitor&) = delete;

  // The callback for SolveLimits::progress; empty when nothing watches.
  [[nodiscard]] std::function<void(const SearchProgress&)> callback();
  // Last log line and checkpoint; `solution`: the labels of a validated
  // solution, which then becomes the checkpoint's state (cost 0).
  void finish(const std::vector<int>* solution);

 private:
  void report(const SearchProgress& p);
  void log_line(double seconds);
  void log_acceptance(const SearchProgress& p);
  void append_to_log(const std::string& text);
  [[nodiscard]] std::string status(double seconds, const SearchProgress& p) const;
  void save(double seconds);
  [[nodiscard]] double cpu_seconds() const;  // of this run, all threads

  const Options& options_;
  const std::vector<std::string> hypothesis_digests_;  // for the checkpoints
  std::ostream& err_;
  double previous_seconds_, previous_cpu_seconds_, start_cpu_seconds_;
  std::uint64_t resumes_;               // for the checkpoints: one more than the resumed one's
  bool terminal_;                       // rewrite one line
  double status_every_;                 // seconds between "c" status lines; 0: none
  std::FILE* log_ = nullptr;            // --log FILE
  std::ostream* log_stream_ = nullptr;  // --log -
  std::mutex mutex_;
  Stopwatch watch_;
  double last_log_ = -1e9, last_save_ = 0, last_status_ = 0;
  int best_cost_ = -1;  // over every racer; -1 until a search reports a cost
  std::vector<int> best_labels_;
  std::vector<double> rates_;  // per racer
  bool shown_ = false;
};

}  // namespace bel_pyramid
