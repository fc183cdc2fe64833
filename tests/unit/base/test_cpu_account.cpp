// CpuAccount and CpuCharge: a piece of work's CPU, summed over the threads
// that charge it, each counting its own thread's clock only.
#include <gtest/gtest.h>

#include <thread>
#include <vector>

#include "base/cpu_account.hpp"

namespace bel_pyramid {
namespace {

// Spends `seconds` of this thread's CPU.
void spin(double seconds) {
  const double until = thread_cpu_seconds() + seconds;
  volatile unsigned long sink = 0;
  while (thread_cpu_seconds() < until) sink = sink + 1;
}

TEST(CpuAccount, ThreadsStartedUnderAChargeCountTheirCpuToIt) {
  CpuAccount account;
  {
    const CpuCharge charge(&account);
    std::vector<std::thread> racers;
    for (int i = 0; i < 2; ++i)
      racers.emplace_back([parent = CpuCharge::current()] {
        const CpuCharge own(parent);
        spin(0.05);
      });
    for (std::thread& t : racers) t.join();
  }
  // Two racers' 0.05 s each, and the caller's little: one racer alone, or
  // the caller alone (which only waits), falls short.
  EXPECT_GE(account.seconds(), 0.1);
  EXPECT_LT(account.seconds(), 0.5);
}

TEST(CpuAccount, TheAccountIsCurrentWhileItsChargeLives) {
  EXPECT_EQ(CpuCharge::current(), nullptr);
  CpuAccount account;
  {
    const CpuCharge charge(&account);
    EXPECT_EQ(CpuCharge::current(), &account);
    spin(0.02);
  }
  EXPECT_EQ(CpuCharge::current(), nullptr);
  EXPECT_GE(account.seconds(), 0.02);
}

}  // namespace
}  // namespace bel_pyramid
