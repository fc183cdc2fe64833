// Test helper: runs a shell command, captures stdout and stderr; reads files
// and makes temporary directories.
#pragma once

#include <sys/wait.h>

#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

namespace bel_pyramid::test {

struct Process {
  int exit_code = -1;
  std::string out, err;
};

inline std::string slurp(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

inline Process run_command(const std::string& command, const std::filesystem::path& dir) {
  const auto out = dir / "stdout.txt", err = dir / "stderr.txt";
  const std::string full = "( " + command + " ) >'" + out.string() + "' 2>'" + err.string() + "'";
  const int status = std::system(full.c_str());
  Process p;
  p.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  p.out = slurp(out);
  p.err = slurp(err);
  return p;
}

// A fresh directory removed at the end of the test.
class TempDir {
 public:
  TempDir() {
    std::string tmpl =
        (std::filesystem::temp_directory_path() / "bel_pyramid_test_XXXXXX").string();
    path_ = ::mkdtemp(tmpl.data());
  }
  ~TempDir() { std::filesystem::remove_all(path_); }
  [[nodiscard]] const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline bool have_program(const char* name) {
  return std::system((std::string("command -v ") + name + " >/dev/null 2>&1").c_str()) == 0;
}

// The tool's executable: only the executables of tests that run it define
// BEL_PYRAMID_BINARY (tests/cli/); the others use the helpers above.
#ifdef BEL_PYRAMID_BINARY
inline const std::string kBinary = BEL_PYRAMID_BINARY;
#endif
// The DRAT checker beside it (BEL_PYRAMID_CHECK_PROOF, tests/cli/ only).
#ifdef BEL_PYRAMID_CHECK_PROOF
inline const std::string kCheckProof = BEL_PYRAMID_CHECK_PROOF;
#endif

}  // namespace bel_pyramid::test
