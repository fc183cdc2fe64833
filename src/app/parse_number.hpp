// Numbers typed on the command line: the whole text must be one number in
// C++'s plain notation (std::from_chars: no sign "+", no spaces, no "0x"),
// so "3x", " 3" and "" are refused instead of read as 3 or 0.
#pragma once

#include <charconv>
#include <string>
#include <string_view>
#include <system_error>

#include "base/error.hpp"

namespace bel_pyramid {

// Reads all of `text` into `value`: std::errc() when it is one number of T,
// result_out_of_range when it is one but too large for T (value unchanged),
// invalid_argument otherwise.
template <class T>
[[nodiscard]] std::errc read_number(std::string_view text, T& value) {
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(text.data(), end, value);
  if (text.empty() || ptr != end) return std::errc::invalid_argument;
  return ec;
}

// The number `text` holds, if it lies in [min, max] (a NaN never does);
// otherwise throws UserError(message).
template <class T>
[[nodiscard]] T parse_number(std::string_view text, T min, T max, const std::string& message) {
  T value{};
  if (read_number(text, value) != std::errc() || !(value >= min && value <= max))
    throw UserError(message);
  return value;
}

}  // namespace bel_pyramid
