// Certificates (formats/certificate.hpp) read without the command line.
#include <gtest/gtest.h>

#include <filesystem>
#include <vector>

#include "base/error.hpp"
#include "formats/certificate.hpp"
#include "process.hpp"

namespace bel_pyramid {
namespace {

using test::slurp;

// Found while fuzzing (fuzz_certificate's RSS grew past 1.4 GB): a variable id
// near INT_MAX sized the duplicate table to match. It must parse in a small,
// constant amount of memory and keep the literal for the range check.
TEST(CertificateCorpus, HugeVariableIdNeedsNoHugeTable) {
  const auto path =
      std::filesystem::path(BEL_PYRAMID_TEST_DATA) / "certificates" / "huge_variable_id.cert";
  const Certificate cert = parse_certificate(slurp(path), "huge_variable_id.cert");
  EXPECT_EQ(cert.status, Certificate::Status::Sat);
  EXPECT_EQ(cert.literals, (std::vector<int>{-2147483646, 1}));
  EXPECT_THROW(check_literal_range(cert, 581, "huge_variable_id.cert"), ParseError);
  EXPECT_THROW((void)parse_certificate("v 2147483646 -2147483646 0\n", "x"),
               ParseError);  // still contradictory
}

}  // namespace
}  // namespace bel_pyramid
