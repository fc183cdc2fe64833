#include "app/search_monitor.hpp"

#include <fmt/format.h>
#include <fmt/ostream.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <ctime>
#include <numeric>

#include "app/hypothesis_files.hpp"
#include "base/error.hpp"

namespace bel_pyramid {
namespace {

constexpr double kLogEverySeconds = 60;

std::string utc_now() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

}  // namespace

SearchMonitor::SearchMonitor(const Options& options, std::ostream& out, std::ostream& err,
                             const Checkpoint* resumed)
    : options_(options),
      hypothesis_digests_(options.checkpoint_path.empty() ? std::vector<std::string>{}
                                                          : hypothesis_digests(options)),
      err_(err),
      previous_seconds_(resumed ? resumed->seconds : 0),
      previous_cpu_seconds_(resumed ? resumed->cpu_seconds : 0),
      start_cpu_seconds_(process_cpu_seconds()),
      resumes_(resumed ? resumed->resumes + 1 : 0),
      terminal_(::isatty(STDERR_FILENO) == 1 && !options.quiet),
      status_every_(::isatty(STDERR_FILENO) == 1 ? 0 : options.progress_seconds) {
  if (resumed) {
    best_cost_ = resumed->cost;
    best_labels_ = resumed->labels;
  }
  if (options.log_path.empty()) return;
  if (options.log_path == "-") {
    log_stream_ = &out;
  } else {
    log_ = std::fopen(options.log_path.c_str(), "a");
    if (!log_)
      throw UserError(fmt::format("cannot append to log file \"{}\": {}", options.log_path,
                                  std::strerror(errno)));
  }
  append_to_log(fmt::format("# {} started {}; seconds total_seconds best_cost total_cpu_seconds\n",
                            fmt::join(options.command_line, " "), utc_now()));
}

SearchMonitor::~SearchMonitor() {
  if (shown_) fmt::print(err_, "\r{:70}\r", "");
  if (log_) std::fclose(log_);
}

std::function<void(const SearchProgress&)> SearchMonitor::callback() {
  if (!terminal_ && status_every_ <= 0 && options_.log_path.empty() &&
      options_.checkpoint_path.empty())
    return {};
  return [this](const SearchProgress& p) { report(p); };
}

void SearchMonitor::report(const SearchProgress& p) {
  const std::lock_guard lock(mutex_);
  const double seconds = watch_.seconds();
  if (rates_.size() <= static_cast<std::size_t>(p.racer)) rates_.resize(p.racer + 1);
  rates_[p.racer] = p.rate;
  bool improved = false;
  if (p.best_cost >= 0 && (best_cost_ < 0 || p.best_cost < best_cost_)) {
    best_cost_ = p.best_cost;
    if (!p.best_labels.empty()) best_labels_ = p.best_labels;
    improved = true;
  }
  if (!options_.log_path.empty() && (improved || seconds - last_log_ >= kLogEverySeconds)) {
    if (!improved) log_acceptance(p);
    log_line(seconds);
  }
  if (!options_.checkpoint_path.empty() && seconds - last_save_ >= options_.checkpoint_seconds) {
    save(seconds);
    last_save_ = seconds;
  }
  if (terminal_) {
    fmt::print(err_, "\r{} ", status(seconds, p));
    err_.flush();
    shown_ = true;
  }
  if (status_every_ > 0 && seconds - last_status_ >= status_every_) {
    fmt::print(err_, "c {}\n", status(seconds, p));
    err_.flush();
    last_status_ = seconds;
  }
}

// A search without a cost (CaDiCaL, xcc) shows its rate alone, never "cost -1".
std::string SearchMonitor::status(double seconds, const SearchProgress& p) const {
  const double rate = std::accumulate(rates_.begin(), rates_.end(), 0.0);
  const std::string speed = fmt::format("{:7.2f} M {}/s", rate / 1e6, p.rate_unit);
  if (best_cost_ < 0) return fmt::format("{:8.1f} s  {}", seconds, speed);
  return fmt::format("{:8.1f} s  best cost {:4}  cost {:>4}  {}", seconds, best_cost_,
                     p.cost < 0 ? "-" : std::to_string(p.cost), speed);
}

void SearchMonitor::log_line(double seconds) {
  append_to_log(fmt::format("{:.1f} {:.1f} {} {:.1f}\n", seconds, previous_seconds_ + seconds,
                            best_cost_, previous_cpu_seconds_ + cpu_seconds()));
  last_log_ = seconds;
}

// The ladder's health for tuning it (doc/searches.md): a comment line, so
// readers of the cost columns skip it as they skip the run headers.
void SearchMonitor::log_acceptance(const SearchProgress& p) {
  if (p.exchange_acceptance.empty()) return;
  std::string shares;
  for (double a : p.exchange_acceptance) shares += fmt::format(" {:.2f}", a);
  append_to_log(
      fmt::format("# racer {} exchange acceptance, coldest pair first:{}\n", p.racer, shares));
}

// One write and a flush per line: a reader of the log never sees half a line.
void SearchMonitor::append_to_log(const std::string& text) {
  if (log_stream_) {
    *log_stream_ << text << std::flush;
    return;
  }
  std::fputs(text.c_str(), log_);
  std::fflush(log_);
}

void SearchMonitor::save(double seconds) {
  if (best_labels_.empty()) return;
  Checkpoint c;
  c.levels = options_.levels;
  c.cost = best_cost_;
  c.seconds = previous_seconds_ + seconds;
  c.cpu_seconds = previous_cpu_seconds_ + cpu_seconds();
  c.solver = options_.solver;
  c.seed = options_.seed.value_or(0);
  c.resumes = resumes_;
  c.strategies = options_.strategies;
  c.hypotheses = hypothesis_digests_;
  c.labels = best_labels_;
  try {
    write_checkpoint(c, options_.checkpoint_path);
  } catch (const UserError& e) {  // a full disk must not end a week-long search
    fmt::print(err_, "\nbel_pyramid: warning: {}\n", e.what());
  }
}

double SearchMonitor::cpu_seconds() const { return process_cpu_seconds() - start_cpu_seconds_; }

void SearchMonitor::finish(const std::vector<int>* solution) {
  const std::lock_guard lock(mutex_);
  const double seconds = watch_.seconds();
  if (solution) {
    best_cost_ = 0;
    best_labels_ = *solution;
  }
  if (!options_.log_path.empty() && best_cost_ >= 0) log_line(seconds);
  if (!options_.checkpoint_path.empty()) save(seconds);
}

}  // namespace bel_pyramid
