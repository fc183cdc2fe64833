// The KEY=VALUE engine of --cnf-tune and --local-tune: splits, finds the key,
// names the valid keys, and leaves the value's parsing to the key's row.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <string_view>

#include "base/error.hpp"
#include "base/key_value.hpp"

namespace bel_pyramid {
namespace {

struct Target {
  std::string a, b;
};

struct Key {
  const char* name;
  std::string Target::*member;
  void set(Target& t, std::string_view value) const {
    if (value == "bad") throw UserError(std::string("--opt ") + name + ": bad value");
    t.*member = value;
  }
};

constexpr std::array<Key, 2> kKeys = {{{"alpha", &Target::a}, {"beta", &Target::b}}};

std::string error_of(std::string_view assignment) {
  Target t;
  try {
    assign_key(std::span<const Key>(kKeys), "--opt", assignment, t);
  } catch (const UserError& e) {
    return e.what();
  }
  return "";
}

TEST(KeyValue, AssignsInOrderFromTheDefaults) {
  const Target t =
      assign_keys<Target>(std::span<const Key>(kKeys), "--opt", {"alpha=1", "beta=x=y", "alpha=2"});
  EXPECT_EQ(t.a, "2");
  EXPECT_EQ(t.b, "x=y");  // the value is everything after the first '='
}

TEST(KeyValue, RefusalsNameTheOptionAndTheValidKeys) {
  EXPECT_EQ(error_of("alpha"), "--opt expects KEY=VALUE, got \"alpha\"");
  EXPECT_EQ(error_of("gamma=1"), "--opt: unknown key \"gamma\" (valid: alpha, beta)");
  EXPECT_EQ(error_of("=1"), "--opt: unknown key \"\" (valid: alpha, beta)");
  EXPECT_EQ(error_of("beta=bad"), "--opt beta: bad value");
  EXPECT_EQ(error_of("beta="), "");
}

}  // namespace
}  // namespace bel_pyramid
