// Test helper: a reader of binary DRAT proofs (the format CaDiCaL writes and
// drat-trim reads), so that a test can see a proof is whole and well-formed
// without drat-trim: every step is 'a' (add) or 'd' (delete) followed by
// literals, each 2*var + sign in 7-bit groups (low first, high bit = more),
// and a 0 byte that ends the clause.
#pragma once

#include <cstddef>
#include <cstdint>
#include <stdexcept>
#include <string>

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

}  // namespace bel_pyramid::test
