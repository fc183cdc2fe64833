// OutputFile: writes a file so that a failed or interrupted run never leaves
// a truncated file under the requested name and never destroys what was
// there. Data goes to a temporary file in the same directory, renamed over
// the target by commit(); the destructor removes an uncommitted temporary.
// A target that exists and is not a regular file (/dev/null, /dev/full, a
// FIFO, /dev/stdout) is written in place: renaming over a device as root
// would replace the device. "-" means standard output.
#pragma once

#include <cstdio>
#include <list>
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
  // The open stream, for a library that writes through a FILE* itself
  // (CaDiCaL's proof trace); commit() then checks its errors.
  [[nodiscard]] std::FILE* stream() const { return file_; }
  void commit();  // flush, close, rename; throws UserError
  [[nodiscard]] const std::string& path() const { return path_; }
  [[nodiscard]] bool is_stdout() const { return path_ == "-"; }

 private:
  void fail(const std::string& what);

  std::string path_;
  std::string temp_;  // empty when written in place
  std::FILE* file_ = nullptr;
  bool committed_ = false;
  bool deferred_ = false;  // the temporary now belongs to a PublishBatch
};

// While a PublishBatch is alive (on this thread), OutputFile::commit() closes
// its temporary but leaves the rename to publish(): a run with several
// outputs publishes all of them or, when one fails (even on /dev/full, found
// only while writing), none. The destructor removes what was not published.
class PublishBatch {
 public:
  PublishBatch();
  ~PublishBatch();
  PublishBatch(const PublishBatch&) = delete;
  PublishBatch& operator=(const PublishBatch&) = delete;

  void publish();  // renames every deferred temporary over its target

 private:
  friend class OutputFile;
  struct Pending {
    std::string temp, path;
  };
  std::list<Pending> pending_;  // a list: the signal handler holds c_str() pointers
  PublishBatch* outer_;
};

}  // namespace bel_pyramid
