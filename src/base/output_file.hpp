// OutputFile: one output of a run, published so that a failed or interrupted
// run never leaves a truncated file under the requested name and never
// destroys what was there, and PublishBatch: every output of a run appears
// together, or none does.
//
// Where the bytes go, as GNU tools do it:
//   * a regular file, or a name that does not exist yet: a temporary file
//     beside it, renamed over it once written (commit(), or the batch's
//     publish());
//   * a symbolic link is written through: the chain is followed and the
//     temporary goes beside the final target, which is replaced while the
//     links stay (a dangling link creates its target; a link to a directory
//     is refused);
//   * anything that is not a regular file (a device such as /dev/null or
//     /dev/full, a FIFO, a terminal) and every file of /proc and /sys
//     (/dev/stdout is /proc/self/fd/1) is written in place, never renamed
//     over; the file that is already standard output is written through it;
//   * "-" is standard output.
#pragma once

#include <cstdio>
#include <list>
#include <string>
#include <string_view>

namespace bel_pyramid {

// WithRun: the rename waits for the run's PublishBatch when one is alive.
// Now: published by commit() (a checkpoint saved while a search goes on).
enum class Publish { WithRun, Now };

class OutputFile {
 public:
  // Throws UserError if it cannot be created.
  explicit OutputFile(std::string path, Publish when = Publish::WithRun);
  ~OutputFile();
  OutputFile(const OutputFile&) = delete;
  OutputFile& operator=(const OutputFile&) = delete;

  // Throws the UserError that OutputFile(path) would, without writing: lets a
  // run with several outputs fail before it starts any work. An existing
  // non-regular target is not opened (a FIFO would block).
  static void check_creatable(const std::string& path);

  void write(std::string_view data);  // throws UserError on a write error
  // The open stream, for a library that writes through a FILE* itself
  // (CaDiCaL's proof trace); commit() then checks its errors.
  [[nodiscard]] std::FILE* stream() const { return file_; }
  void commit();  // flush, close, rename; throws UserError
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  void open_temporary(const std::string& target);
  [[noreturn]] void fail(const std::string& what) const;

  std::string path_;    // as the user gave it
  std::string target_;  // the file renamed over (links resolved)
  std::string temp_;    // empty when written in place
  unsigned mode_ = 0;   // permissions of the published file
  Publish when_;
  std::FILE* file_ = nullptr;
  bool committed_ = false;
  bool deferred_ = false;  // the temporary now belongs to a PublishBatch
};

// While a PublishBatch is alive (on this thread), OutputFile::commit() closes
// its temporary but leaves the rename to publish(): run() holds one for the
// whole run, so the outputs of a run all appear once every one was written,
// or, when one fails (even on /dev/full, found only while writing), none
// does. The destructor removes what was not published.
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
    std::string temp, target, path;
  };
  std::list<Pending> pending_;  // a list: the signal handler holds c_str() pointers
  PublishBatch* outer_;
};

}  // namespace bel_pyramid
