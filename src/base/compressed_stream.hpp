// Compressed files: writing through OutputFile (temporary file + rename) with
// the compression chosen by the suffix, and reading a whole file or stdin
// with the compression detected from its magic bytes.
//   *.gz  zlib's gzip format (header time stamp 0, so bytes are deterministic)
//   *.xz  liblzma, preset 6, CRC64
//   *.bz2, *.zst, *.lz4, *.zip, ...: refused, never written uncompressed
//   else  plain; "-" is standard output / standard input
// Every output file of the tool is written this way, so every output takes
// the same suffixes.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "base/output_file.hpp"

namespace bel_pyramid {

enum class Compression { None, Gzip, Xz };

// By suffix (case-insensitive); throws UserError for a compression suffix
// that is neither .gz nor .xz.
[[nodiscard]] Compression compression_for_path(const std::string& path);

// True when the name ends with a compression suffix, written or refused.
[[nodiscard]] bool names_compression(const std::string& path);

// Throws the UserError that CompressedOutput(path) would (a refused suffix,
// a name that cannot be created), before any work is done.
void check_output_target(const std::string& path);

class CompressedOutput {
 public:
  // Throws UserError; `when` as for OutputFile.
  explicit CompressedOutput(const std::string& path, Publish when = Publish::WithRun);
  ~CompressedOutput();
  CompressedOutput(const CompressedOutput&) = delete;
  CompressedOutput& operator=(const CompressedOutput&) = delete;

  void write(std::string_view data);  // throws UserError
  void commit();                      // finishes the stream, then OutputFile::commit()

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// A whole output in one call: `text` through CompressedOutput(path, when).
void write_output_file(const std::string& path, std::string_view text,
                       Publish when = Publish::WithRun);

// Reads a file ("-": stdin) and decompresses gzip/xz content (by magic
// bytes). Throws UserError if it cannot be read, ParseError(path, 1, ...)
// if the compressed data is corrupt.
// Text input: reading stops early at a first chunk holding a NUL byte
// (binary data, such as /dev/zero, which never ends); the parser refuses it.
[[nodiscard]] std::string read_input(const std::string& path);

// read_input for binary data (a binary DRAT proof): the whole file, NUL
// bytes and all.
[[nodiscard]] std::string read_binary_input(const std::string& path);

}  // namespace bel_pyramid
