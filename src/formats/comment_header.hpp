// The "c key value" lines that open the tool's own state files (the search's
// checkpoint, checkpoint.hpp; the count's, count_checkpoint.hpp): a magic
// first line naming the file's kind, then one key and its value per line.
#pragma once

#include <fmt/format.h>

#include <charconv>
#include <string>
#include <string_view>
#include <system_error>
#include <vector>

#include "base/error.hpp"

namespace bel_pyramid {

struct HeaderLine {
  std::string_view key, value;
  long line = 0;  // 1-based, in the file
};

// The lines after the magic one, up to the first that does not start with
// 'c'; `end` is set to the offset after them. Throws ParseError when the
// first line is not `magic`.
[[nodiscard]] std::vector<HeaderLine> read_comment_header(std::string_view text,
                                                          const std::string& path,
                                                          std::string_view magic, std::size_t& end);

// The value as a number: the whole of it, in range; else ParseError
// "bad value 'V' for KEY".
template <typename T>
[[nodiscard]] T header_number(const HeaderLine& h, const std::string& path) {
  T value{};
  const char* last = h.value.data() + h.value.size();
  auto [ptr, ec] = std::from_chars(h.value.data(), last, value);
  if (h.value.empty() || ptr != last || ec != std::errc())
    throw ParseError(path, h.line, fmt::format("bad value '{}' for {}", h.value, h.key));
  return value;
}

// A duration: a finite number >= 0, else ParseError "bad value 'V' for KEY".
[[nodiscard]] double header_seconds(const HeaderLine& h, const std::string& path);

}  // namespace bel_pyramid
