// OutputFile: writes a file so that a failed or interrupted run never leaves
// a truncated file under the requested name and never destroys what was
// there. Data goes to a temporary file in the same directory, renamed over
// the target by commit(); the destructor removes an uncommitted temporary.
// A target that exists and is not a regular file (/dev/null, /dev/full, a
// FIFO, /dev/stdout) is written in place: renaming over a device as root
// would replace the device. "-" means standard output.
#pragma once

#include <cstdio>
#include <string>
#include <string_view>

namespace bel_pyramid {

class OutputFile {
 public:
  explicit OutputFile(std::string path);  // throws UserError if it cannot be created
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Throws the UserError that OutputFile(path) would, without writing: lets a
  // run with several outputs fail before it publishes any of them. An
  // existing non-regular target is not opened (a FIFO would block).
  static void check_creatable(const std::string& path);

  void write(std::string_view data);  // throws UserError on a write error
  void commit();                      // flush, close, rename; throws UserError
  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] bool is_stdout() const { return path_ == "-"; }

 private:
  void fail(const std::string& what);

  std::string path_;
  std::string temp_;  // empty when written in place
  std::FILE* file_ = nullptr;
  bool committed_ = false;
};

}  // namespace bel_pyramid
