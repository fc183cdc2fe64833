// read_binary_input reads binary data whole, NUL bytes and all, plain or
// gzip/xz; read_input, for text, stops at a first chunk holding a NUL byte.
#include <gtest/gtest.h>

#include <string>

#include "base/compressed_stream.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

TEST(BinaryInput, ReadsAWholeBinaryFile) {
  test::TempDir dir;
  std::string bytes;
  for (int i = 0; i < 300000; ++i) bytes += static_cast<char>(i % 7 == 0 ? 0 : 'a' + i % 26);
  for (const char* name : {"p.drat", "p.drat.gz", "p.drat.xz"}) {
    const std::string path = (dir.path() / name).string();
    write_output_file(path, bytes);
    EXPECT_EQ(read_binary_input(path), bytes) << name;
  }
  EXPECT_LT(read_input((dir.path() / "p.drat").string()).size(), bytes.size());
}

}  // namespace
}  // namespace bel_pyramid
