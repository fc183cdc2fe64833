// Compressed files: writing through OutputFile (temporary file + rename) with
// the compression chosen by the suffix, and reading a whole file or stdin
// with the compression detected from its magic bytes.
//   *.gz  zlib's gzip format (header time stamp 0, so bytes are deterministic)
//   *.xz  liblzma, preset 6, CRC64
//   else  plain; "-" is standard output / standard input
#pragma once

#include <memory>
#include <string>
#include <string_view>

namespace bel_pyramid {

enum class Compression { None, Gzip, Xz };

[[nodiscard]] Compression compression_for_path(const std::string& path);

class CompressedOutput {
 public:
  explicit CompressedOutput(const std::string& path);  // throws UserError
  ~CompressedOutput();
  CompressedOutput(const CompressedOutput&) = delete;
  CompressedOutput& operator=(const CompressedOutput&) = delete;

  void write(std::string_view data);  // throws UserError
  void commit();                      // finishes the stream, then OutputFile::commit()

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// Reads a file ("-": stdin) and decompresses gzip/xz content (by magic
// bytes). Throws UserError if it cannot be read, ParseError(path, 1, ...)
// if the compressed data is corrupt.
[[nodiscard]] std::string read_input(const std::string& path);

}  // namespace bel_pyramid
