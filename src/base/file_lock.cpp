#include "base/file_lock.hpp"

#include <fcntl.h>
#include <fmt/format.h>
#include <sys/file.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <string>
#include <thread>

#include "base/error.hpp"

namespace bel_pyramid {

FileLock::FileLock(const std::string& path, const std::atomic<bool>* stop,
                   const std::function<void()>& waiting) {
  fd_ = ::open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0644);
  if (fd_ < 0)
    throw UserError(
        fmt::format("cannot open the lock file \"{}\": {}", path, std::strerror(errno)));
  // Polled rather than blocking, so that a stop request is seen while waiting.
  for (bool told = false;; told = true) {
    if (::flock(fd_, LOCK_EX | LOCK_NB) == 0) {
      held_ = true;
      return;
    }
    if (errno != EWOULDBLOCK && errno != EINTR) {
      const std::string why = std::strerror(errno);
      ::close(fd_);  // the destructor does not run for a throwing constructor
      throw UserError(fmt::format("cannot lock \"{}\": {}", path, why));
    }
    if (stop && stop->load()) return;
    if (!told) waiting();
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  }
}

FileLock::~FileLock() {
  if (fd_ >= 0) ::close(fd_);  // closing the only descriptor releases the lock
}

}  // namespace bel_pyramid
