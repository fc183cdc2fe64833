// Error types of the library. The library never exits: it throws these, and
// only the CLI's top level catches them and turns them into one stderr line.
//   UserError   a bad option, value or file: "bel_pyramid: error: <what>"
//   UsageError  a UserError of the command line itself (exit 2, not 1)
//   ParseError  malformed input data: "<path>:<line>: parse error: <what>"
//               ("<path>:<line>:<column>: ..." when the reader knows the
//               column, "<path>: parse error: <what>" when no line applies)
// Programming errors are asserts, never these.
#pragma once

#include <stdexcept>
#include <string>

namespace bel_pyramid {

class UserError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A command line that cannot run: a bad option value or combination, checked
// before anything is read or written (exit 2, like CLI11's own errors).
class UsageError : public UserError {
 public:
  using UserError::UserError;
};

class ParseError : public std::runtime_error {
 public:
  ParseError(const std::string& path, long line, const std::string& message)
      : std::runtime_error(path + ":" + std::to_string(line) + ": parse error: " + message),
        line_(line),
        message_(message) {}

  ParseError(const std::string& path, long line, long column, const std::string& message)
      : std::runtime_error(path + ":" + std::to_string(line) + ":" + std::to_string(column) +
                           ": parse error: " + message),
        line_(line),
        column_(column),
        message_(message) {}

  // For data whose reader knows no line (a JSON value of the wrong shape).
  ParseError(const std::string& path, const std::string& message)
      : std::runtime_error(path + ": parse error: " + message), line_(0), message_(message) {}

  [[nodiscard]] long line() const { return line_; }      // 0: none
  [[nodiscard]] long column() const { return column_; }  // 0: none
  [[nodiscard]] const std::string& message() const { return message_; }

 private:
  long line_;
  long column_ = 0;
  std::string message_;
};

}  // namespace bel_pyramid
