#include "base/output_file.hpp"

#include <fmt/format.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include "base/error.hpp"
#include "base/interrupt.hpp"

namespace bel_pyramid {
namespace {
thread_local PublishBatch* current_batch = nullptr;
}  // namespace

PublishBatch::PublishBatch() : outer_(current_batch) { current_batch = this; }

PublishBatch::~PublishBatch() {
  current_batch = outer_;
  for (const Pending& p : pending_) {
    std::remove(p.temp.c_str());
    unregister_temporary(p.temp.c_str());
  }
}

void PublishBatch::publish() {
  while (!pending_.empty()) {
    const Pending& p = pending_.front();
    if (std::rename(p.temp.c_str(), p.path.c_str()) != 0)
      throw UserError(fmt::format("cannot rename into \"{}\": {}", p.path, std::strerror(errno)));
    unregister_temporary(p.temp.c_str());
    pending_.erase(pending_.begin());
  }
}

OutputFile::OutputFile(std::string path) : path_(std::move(path)) {
  if (path_.empty()) throw UserError("output file name is empty");
  if (is_stdout()) {
    file_ = stdout;
    return;
  }
  struct stat st {};
  const bool exists = ::stat(path_.c_str(), &st) == 0;
  if (exists && S_ISDIR(st.st_mode))
    throw UserError(fmt::format("cannot write \"{}\": it is a directory", path_));
  if (exists && !S_ISREG(st.st_mode)) {
    file_ = std::fopen(path_.c_str(), "wb");
    if (!file_) fail("cannot open");
    return;
  }
  temp_ = path_ + ".tmp-XXXXXX";
  const int fd = ::mkstemp(temp_.data());
  if (fd < 0) {
    temp_.clear();
    fail("cannot create");
  }
  register_temporary(temp_.c_str());
  file_ = ::fdopen(fd, "wb");
  if (!file_) {
    ::close(fd);
    fail("cannot open");
  }
}

void OutputFile::check_creatable(const std::string& path) {
  struct stat st {};
  if (path != "-" && ::stat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode))
    return;
  const OutputFile probe(path);  // its destructor removes the empty temporary
}

OutputFile::~OutputFile() {
  if (file_ && file_ != stdout) std::fclose(file_);
  if (deferred_) return;
  if (!committed_ && !temp_.empty()) std::remove(temp_.c_str());
  if (!temp_.empty()) unregister_temporary(temp_.c_str());
}

void OutputFile::fail(const std::string& what) {
  const std::string reason = std::strerror(errno);
  throw UserError(fmt::format("{} \"{}\": {}", what, path_, reason));
}

void OutputFile::write(std::string_view data) {
  if (std::fwrite(data.data(), 1, data.size(), file_) != data.size()) fail("cannot write");
}

void OutputFile::commit() {
  if (std::fflush(file_) != 0) fail("cannot write");
  if (file_ != stdout) {
    std::FILE* f = file_;
    file_ = nullptr;
    if (std::fclose(f) != 0) fail("cannot write");
  }
  if (!temp_.empty()) {
    // mkstemp creates 0600; give the file the usual permissions.
    const mode_t mask = ::umask(0);
    ::umask(mask);
    ::chmod(temp_.c_str(), 0666 & ~mask);
    if (current_batch) {
      // The batch takes the temporary over, with its own copy of the name
      // for the interrupt handler.
      current_batch->pending_.push_back({temp_, path_});
      unregister_temporary(temp_.c_str());
      register_temporary(current_batch->pending_.back().temp.c_str());
      deferred_ = committed_ = true;
      return;
    }
    if (std::rename(temp_.c_str(), path_.c_str()) != 0) fail("cannot rename into");
  }
  committed_ = true;
}

}  // namespace bel_pyramid
