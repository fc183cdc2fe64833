// FileLock: an exclusive advisory lock (flock) on a file, for runs that share
// a directory and each rewrite a file there from what all of them wrote (two
// slices of one sweep, each writing the table from every journal): with the
// read and the write under the lock, the last table written holds every
// answer journaled before it.
#pragma once

#include <atomic>
#include <functional>
#include <string>

namespace bel_pyramid {

class FileLock {
 public:
  // Creates `path` when missing and waits for the lock, calling `waiting`
  // once when another holder makes it wait. Gives up (held() false) when
  // `stop` is set while waiting, so that Ctrl-C is not blocked by the other
  // run. Throws UserError when the file cannot be opened or locked.
  FileLock(const std::string& path, const std::atomic<bool>* stop,
           const std::function<void()>& waiting);
  ~FileLock();
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

  [[nodiscard]] bool held() const { return held_; }

 private:
  int fd_ = -1;
  bool held_ = false;
};

}  // namespace bel_pyramid
