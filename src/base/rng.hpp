// Rng: the local search's random numbers. xoshiro256** seeded by splitmix64:
// fast, and the same stream for a seed on every platform (the std
// distributions are not portable across standard libraries).
#pragma once

#include <array>
#include <cstdint>

namespace bel_pyramid {

// splitmix64's finaliser: a bijection of 64-bit words that scatters nearby inputs.
[[nodiscard]] inline std::uint64_t splitmix64_mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

class Rng {
 public:
  explicit Rng(std::uint64_t seed) {
    for (auto& s : state_) {
      seed += 0x9e3779b97f4a7c15ULL;
      s = splitmix64_mix(seed);
    }
  }
  std::uint64_t next() {
    const std::uint64_t result = rotl(state_[1] * 5, 7) * 9;
    const std::uint64_t t = state_[1] << 17;
    state_[2] ^= state_[0];
    state_[3] ^= state_[1];
    state_[1] ^= state_[2];
    state_[0] ^= state_[3];
    state_[2] ^= t;
    state_[3] = rotl(state_[3], 45);
    return result;
  }
  // Uniform in [0, n) by multiply-shift (bias below 2^-32 for our n).
  int below(int n) {
    return static_cast<int>(((next() >> 32) * static_cast<std::uint64_t>(n)) >> 32);
  }
  std::uint32_t bits32() { return static_cast<std::uint32_t>(next() >> 32); }
  bool chance(std::uint32_t threshold) { return bits32() < threshold; }

 private:
  static std::uint64_t rotl(std::uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }
  std::array<std::uint64_t, 4> state_{};
};

// The seed of a seed's stream `stream`: the seed itself for stream 0, so a
// run that names no stream is the run it always was; another stream is an
// unrelated seed.
[[nodiscard]] inline std::uint64_t stream_seed(std::uint64_t seed, std::uint64_t stream) {
  return stream == 0 ? seed : splitmix64_mix(seed ^ (stream * 0x9e3779b97f4a7c15ULL));
}

}  // namespace bel_pyramid
