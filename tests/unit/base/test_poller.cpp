// The one polling thread: it calls its function until that returns true,
// and its destruction stops and joins the thread.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "base/poller.hpp"

namespace bel_pyramid {
namespace {

using namespace std::chrono_literals;

TEST(Poller, PollsUntilItsFunctionSaysDone) {
  std::atomic<int> calls{0};
  {
    const Poller poller([&calls] { return ++calls >= 3; });
    for (int waited = 0; calls.load() < 3 && waited < 500; ++waited)
      std::this_thread::sleep_for(10ms);
    std::this_thread::sleep_for(5 * Poller::kPeriod);  // time for a call too many, if any
  }
  EXPECT_EQ(calls.load(), 3);
}

TEST(Poller, DestructionStopsAPollerThatNeverFinishes) {
  std::atomic<int> calls{0};
  {
    const Poller poller([&calls] {
      ++calls;
      return false;
    });
    std::this_thread::sleep_for(3 * Poller::kPeriod);
  }
  const int seen = calls.load();
  EXPECT_GE(seen, 1);
  std::this_thread::sleep_for(3 * Poller::kPeriod);
  EXPECT_EQ(calls.load(), seen);  // joined: nobody calls it any more
}

}  // namespace
}  // namespace bel_pyramid
