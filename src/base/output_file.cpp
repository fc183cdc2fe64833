#include "base/output_file.hpp"

#include <fmt/format.h>
#include <linux/magic.h>
#include <pthread.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>
#include <filesystem>
#include <optional>

#include "base/error.hpp"
#include "base/interrupt.hpp"

namespace bel_pyramid {
namespace {

// Holds SIGINT and SIGTERM back on this thread while a temporary's name
// changes hands (created, or handed to the batch): a stop in between would
// leave a file the interrupt handler does not know about.
class StopsHeld {
 public:
  StopsHeld() {
    sigset_t stops;
    sigemptyset(&stops);
    sigaddset(&stops, SIGINT);
    sigaddset(&stops, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stops, &old_);
  }
  ~StopsHeld() { pthread_sigmask(SIG_SETMASK, &old_, nullptr); }
  StopsHeld(const StopsHeld&) = delete;
  StopsHeld& operator=(const StopsHeld&) = delete;

 private:
  sigset_t old_{};
};

thread_local PublishBatch* current_batch = nullptr;
constexpr int kMaxLinks = 40;  // the kernel's limit (ELOOP)

enum class Kind { Stdout, InPlace, Replace };

struct Target {
  Kind kind;
  std::string path;            // the file replaced (links resolved), or opened in place
  std::optional<mode_t> mode;  // permissions of the file replaced
};

std::string parent_of(const std::string& path) {
  const std::size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// /proc and /sys hold no files to replace: /proc/self/fd/1 is a process's
// standard output, /sys/.../value a kernel setting.
bool on_pseudo_filesystem(const std::string& directory) {
  struct statfs fs {};
  return ::statfs(directory.c_str(), &fs) == 0 &&
         (fs.f_type == PROC_SUPER_MAGIC || fs.f_type == SYSFS_MAGIC);
}

std::string link_target(const std::string& link, const std::string& path) {
  std::error_code ec;
  const std::filesystem::path to = std::filesystem::read_symlink(link, ec);
  if (ec)
    throw UserError(fmt::format("cannot write \"{}\": cannot read the link \"{}\": {}", path, link,
                                ec.message()));
  if (to.is_absolute()) return to.string();
  const std::string directory = parent_of(link);
  return directory == "." ? to.string() : directory + "/" + to.string();
}

bool is_standard_output(const std::string& path) {
  struct stat a {
  }, b{};
  return ::stat(path.c_str(), &a) == 0 && ::fstat(STDOUT_FILENO, &b) == 0 && a.st_dev == b.st_dev &&
         a.st_ino == b.st_ino;
}

Target in_place(const std::string& path) {
  return {is_standard_output(path) ? Kind::Stdout : Kind::InPlace, path, std::nullopt};
}

// Where the bytes for `path` go (output_file.hpp); throws UserError for a
// directory, a link to one, or a loop of links.
Target resolve(const std::string& path) {
  if (path == "-") return {Kind::Stdout, path, std::nullopt};
  std::string at = path;
  for (int links = 0;; ++links) {
    struct stat st {};
    // Not there (or not reachable: creating the temporary then says why).
    if (::lstat(at.c_str(), &st) != 0) return {Kind::Replace, at, std::nullopt};
    if (on_pseudo_filesystem(parent_of(at))) return in_place(path);
    if (S_ISLNK(st.st_mode)) {
      if (links == kMaxLinks)
        throw UserError(
            fmt::format("cannot write \"{}\": too many levels of symbolic links", path));
      at = link_target(at, path);
      continue;
    }
    if (S_ISDIR(st.st_mode))
      throw UserError(links == 0 ? fmt::format("cannot write \"{}\": it is a directory", path)
                                 : fmt::format("cannot write \"{}\": it is a link to the "
                                               "directory \"{}\"",
                                               path, at));
    if (!S_ISREG(st.st_mode)) return in_place(path);
    return {Kind::Replace, at, st.st_mode & 07777};
  }
}

// What a new file gets: 0666 less the umask (mkstemp creates 0600).
mode_t new_file_mode() {
  static const mode_t mask = [] {
    const mode_t m = ::umask(0);
    ::umask(m);
    return m;
  }();
  return 0666 & ~mask;
}

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
    if (std::rename(p.temp.c_str(), p.target.c_str()) != 0)
      throw UserError(fmt::format("cannot rename into \"{}\": {}", p.path, std::strerror(errno)));
    unregister_temporary(p.temp.c_str());
    pending_.erase(pending_.begin());
  }
}

OutputFile::OutputFile(std::string path, Publish when) : path_(std::move(path)), when_(when) {
  if (path_.empty()) throw UserError("output file name is empty");
  const Target target = resolve(path_);
  switch (target.kind) {
    case Kind::Stdout: file_ = stdout; return;
    case Kind::InPlace:
      file_ = std::fopen(path_.c_str(), "wb");
      if (!file_) fail("cannot open");
      return;
    case Kind::Replace:
      target_ = target.path;
      mode_ = target.mode.value_or(new_file_mode());
      open_temporary(target.path);
      return;
  }
}

void OutputFile::open_temporary(const std::string& target) {
  temp_ = target + ".tmp-XXXXXX";
  int fd = -1;
  {
    const StopsHeld held;
    fd = ::mkstemp(temp_.data());
    if (fd >= 0) register_temporary(temp_.c_str());
  }
  if (fd < 0) {
    temp_.clear();
    fail("cannot create");
  }
  file_ = ::fdopen(fd, "wb");
  if (!file_) {
    ::close(fd);
    fail("cannot open");
  }
}

void OutputFile::check_creatable(const std::string& path) {
  if (!path.empty() && resolve(path).kind != Kind::Replace) return;  // nothing to create
  const OutputFile probe(path, Publish::Now);  // its destructor removes the empty temporary
}

OutputFile::~OutputFile() {
  if (file_ && file_ != stdout) std::fclose(file_);
  if (deferred_) return;
  if (!committed_ && !temp_.empty()) std::remove(temp_.c_str());
  if (!temp_.empty()) unregister_temporary(temp_.c_str());
}

void OutputFile::fail(const std::string& what) const {
  const std::string reason = std::strerror(errno);
  if (!target_.empty() && target_ != path_)  // through a link
    throw UserError(fmt::format("{} \"{}\" (a link to \"{}\"): {}", what, path_, target_, reason));
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
    ::chmod(temp_.c_str(), mode_);
    if (when_ == Publish::WithRun && current_batch) {
      // The batch takes the temporary over, with its own copy of the name
      // for the interrupt handler.
      const StopsHeld held;
      current_batch->pending_.push_back({temp_, target_, path_});
      unregister_temporary(temp_.c_str());
      register_temporary(current_batch->pending_.back().temp.c_str());
      deferred_ = committed_ = true;
      return;
    }
    if (std::rename(temp_.c_str(), target_.c_str()) != 0) fail("cannot rename into");
  }
  committed_ = true;
}

}  // namespace bel_pyramid
