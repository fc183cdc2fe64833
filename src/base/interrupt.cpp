#include "base/interrupt.hpp"

#include <signal.h>
#include <unistd.h>

namespace bel_pyramid {
namespace {

constexpr int kSignals[] = {SIGINT, SIGTERM};
constexpr int kSlots = 16;

// Only lock-free atomics: the handler reads them.
std::atomic<bool> stop{false};
std::atomic<bool> polling{false};
std::atomic<const char*> temporaries[kSlots];
struct sigaction previous[2];

extern "C" void on_signal(int signal_number) {
  if (polling.load() && !stop.exchange(true)) return;
  for (auto& slot : temporaries)
    if (const char* path = slot.load()) ::unlink(path);
  ::_exit(128 + signal_number);
}

}  // namespace

InterruptGuard::InterruptGuard() {
  stop.store(false);
  struct sigaction action {};
  action.sa_handler = on_signal;
  sigemptyset(&action.sa_mask);
  for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &action, &previous[i]);
}

InterruptGuard::~InterruptGuard() {
  for (int i = 0; i < 2; ++i) ::sigaction(kSignals[i], &previous[i], nullptr);
}

PollingScope::PollingScope(bool active) : active_(active) {
  if (active_) polling.store(true);
}

PollingScope::~PollingScope() {
  if (active_) polling.store(false);
}

const std::atomic<bool>* stop_flag() { return &stop; }

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
