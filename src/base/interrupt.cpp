#include "base/interrupt.hpp"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <cstdint>

namespace bel_pyramid {
namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM};
constexpr int kSlots = 16;

// Only lock-free atomics: the handler reads them, on any thread.
std::atomic<bool> stop{false};
std::atomic<int> signal_of_request{0};
std::atomic<std::int64_t> request_time_ns{0};  // 0: no request yet
std::atomic<int> deferrals{0};
std::atomic<const char*> temporaries[kSlots];
struct sigaction previous[2];

std::int64_t monotonic_ns() {  // clock_gettime is async-signal-safe
  timespec t{};
  ::clock_gettime(CLOCK_MONOTONIC, &t);
  return static_cast<std::int64_t>(t.tv_sec) * 1000000000 + t.tv_nsec + 1;  // never 0
}

[[noreturn]] void exit_now(int signal_number) {
  for (auto& slot : temporaries)
    if (const char* path = slot.load()) ::unlink(path);
  ::_exit(128 + signal_number);
}

extern "C" void on_signal(int signal_number) {
  const std::int64_t now = monotonic_ns();
  std::int64_t first = 0;
  if (request_time_ns.compare_exchange_strong(first, now)) {  // the request
    signal_of_request.store(signal_number);
    stop.store(true);
    if (deferrals.load() > 0) return;
    exit_now(signal_number);
  }
  constexpr auto kGraceNs = static_cast<std::int64_t>(kStopGraceSeconds * 1e9);
  if (now - first < kGraceNs) return;  // a copy of the request
  exit_now(signal_number);             // the user insists
}

}  // namespace

InterruptGuard::InterruptGuard() {
  stop.store(false);
  signal_of_request.store(0);
  request_time_ns.store(0);
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &action, &previous[i]);
}

InterruptGuard::~InterruptGuard() {
  for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &previous[i], nullptr);
}

StopDeferral::StopDeferral(bool active) : active_(active) {
  if (active_) deferrals.fetch_add(1);
}

StopDeferral::~StopDeferral() {
  if (active_) deferrals.fetch_sub(1);
}

const std::atomic<bool>* stop_flag() { return &stop; }

int stop_signal() { return signal_of_request.load(); }

void register_temporary(const char* path) {
  for (auto& slot : temporaries) {
    const char* expected = nullptr;
    if (slot.compare_exchange_strong(expected, path)) return;
  }
}

void unregister_temporary(const char* path) {
  for (auto& slot : temporaries) {
    const char* expected = path;
    if (slot.compare_exchange_strong(expected, nullptr)) return;
  }
}

}  // namespace bel_pyramid
