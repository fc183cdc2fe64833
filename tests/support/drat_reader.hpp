// Test helper: a reader of binary DRAT proofs (the format CaDiCaL writes and
// drat-trim reads), so that a test can see a proof is whole and well-formed
// without a checker: every step is 'a' (add) or 'd' (delete) followed by
// literals, each 2*var + sign in 7-bit groups (low first, high bit = more),
// and a 0 byte that ends the clause. Also the steps themselves, and a proof
// written back from them, so tests can corrupt a proof step by step.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace bel_pyramid::test {

struct DratProof {
  std::size_t added = 0, deleted = 0;
  bool adds_empty_clause = false;  // the refutation's last step
  std::uint64_t max_var = 0;
};

// Throws std::runtime_error with the byte offset on anything malformed.
inline DratProof read_binary_drat(const std::string& bytes) {
  DratProof proof;
  std::size_t at = 0;
  const auto fail = [&](const char* what) {
    throw std::runtime_error(std::string(what) + " at byte " + std::to_string(at));
  };
  while (at < bytes.size()) {
    const char step = bytes[at++];
    if (step != 'a' && step != 'd') fail("a step must start with 'a' or 'd'");
    std::size_t literals = 0;
    for (;;) {
      std::uint64_t value = 0;
      for (int shift = 0;; shift += 7) {
        if (at >= bytes.size()) fail("the proof ends inside a clause");
        if (shift > 56) fail("a literal is too long");
        const auto byte = static_cast<unsigned char>(bytes[at++]);
        value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        if ((byte & 0x80) == 0) break;
      }
      if (value == 0) break;
      if (value < 2) fail("literal 1 encodes variable 0");
      proof.max_var = std::max(proof.max_var, value / 2);
      ++literals;
    }
    if (step == 'a') {
      ++proof.added;
      if (literals == 0) proof.adds_empty_clause = true;
    } else {
      ++proof.deleted;
    }
  }
  return proof;
}

struct DratStep {
  bool deletion = false;
  std::vector<std::int64_t> literals;  // DIMACS
};

// The steps of a well-formed binary proof (read_binary_drat checks it).
inline std::vector<DratStep> binary_drat_steps(const std::string& bytes) {
  (void)read_binary_drat(bytes);
  std::vector<DratStep> steps;
  std::size_t at = 0;
  while (at < bytes.size()) {
    DratStep step{bytes[at++] == 'd', {}};
    for (;;) {
      std::uint64_t value = 0;
      for (int shift = 0;; shift += 7) {
        const auto byte = static_cast<unsigned char>(bytes[at++]);
        value |= static_cast<std::uint64_t>(byte & 0x7f) << shift;
        if ((byte & 0x80) == 0) break;
      }
      if (value == 0) break;
      const auto var = static_cast<std::int64_t>(value / 2);
      step.literals.push_back(value & 1 ? -var : var);
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

inline std::string binary_drat(const std::vector<DratStep>& steps) {
  std::string bytes;
  for (const DratStep& step : steps) {
    bytes += step.deletion ? 'd' : 'a';
    for (const std::int64_t lit : step.literals) {
      std::uint64_t value = 2 * static_cast<std::uint64_t>(lit < 0 ? -lit : lit) + (lit < 0);
      for (; value >= 0x80; value >>= 7) bytes += static_cast<char>(0x80 | (value & 0x7f));
      bytes += static_cast<char>(value);
    }
    bytes += '\0';
  }
  return bytes;
}

inline std::string text_drat(const std::vector<DratStep>& steps) {
  std::string text;
  for (const DratStep& step : steps) {
    if (step.deletion) text += "d ";
    for (const std::int64_t lit : step.literals) text += std::to_string(lit) + " ";
    text += "0\n";
  }
  return text;
}

}  // namespace bel_pyramid::test
