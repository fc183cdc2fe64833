#include "base/compressed_stream.hpp"

#include <fmt/format.h>
#include <lzma.h>
#include <zlib.h>

#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>

#include "base/error.hpp"
#include "base/output_file.hpp"

namespace bel_pyramid {
namespace {

bool ends_with(const std::string& s, std::string_view suffix) {
  if (s.size() < suffix.size()) return false;
  for (std::size_t i = 0; i < suffix.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(s[s.size() - suffix.size() + i])) != suffix[i])
      return false;
  return true;
}

// Compressions that tools name by suffix and that we do not write.
constexpr std::string_view kUnsupported[] = {".bz2", ".bz", ".tbz2", ".zst", ".zstd",
                                             ".lz4", ".lz", ".lzma", ".lzo", ".zip",
                                             ".7z",  ".br", ".z",    ".sz",  ".rar"};

constexpr std::size_t kChunk = 1 << 16;

}  // namespace

Compression compression_for_path(const std::string& path) {
  if (ends_with(path, ".gz")) return Compression::Gzip;
  if (ends_with(path, ".xz")) return Compression::Xz;
  for (const std::string_view suffix : kUnsupported)
    if (ends_with(path, suffix))
      throw UserError(
          fmt::format("cannot write \"{}\": {} compression is not supported (supported: .gz, .xz)",
                      path, path.substr(path.size() - suffix.size())));
  return Compression::None;
}

bool names_compression(const std::string& path) {
  if (ends_with(path, ".gz") || ends_with(path, ".xz")) return true;
  for (const std::string_view suffix : kUnsupported)
    if (ends_with(path, suffix)) return true;
  return false;
}

void check_output_target(const std::string& path) {
  if (path != "-") (void)compression_for_path(path);
  OutputFile::check_creatable(path);
}

struct CompressedOutput::Impl {
  Impl(const std::string& path, Publish when)
      : kind(path == "-" ? Compression::None : compression_for_path(path)), file(path, when) {
    if (kind == Compression::Gzip) {
      if (deflateInit2(&z, 6, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
        throw UserError(fmt::format("cannot start gzip compression for \"{}\"", path));
    } else if (kind == Compression::Xz) {
      if (lzma_easy_encoder(&x, 6, LZMA_CHECK_CRC64) != LZMA_OK)
        throw UserError(fmt::format("cannot start xz compression for \"{}\"", path));
    }
  }
  ~Impl() {
    if (kind == Compression::Gzip) deflateEnd(&z);
    if (kind == Compression::Xz) lzma_end(&x);
  }

  void gzip(std::string_view data, int flush) {
    z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(data.data()));
    z.avail_in = static_cast<uInt>(data.size());
    int rc = Z_OK;
    do {
      z.next_out = reinterpret_cast<Bytef*>(out);
      z.avail_out = kChunk;
      rc = deflate(&z, flush);
      if (rc == Z_STREAM_ERROR)
        throw UserError(fmt::format("gzip compression failed for \"{}\"", file.path()));
      file.write({out, kChunk - z.avail_out});
    } while (z.avail_out == 0 || (flush == Z_FINISH && rc != Z_STREAM_END));
  }

  void xz(std::string_view data, lzma_action action) {
    x.next_in = reinterpret_cast<const uint8_t*>(data.data());
    x.avail_in = data.size();
    while (true) {
      x.next_out = reinterpret_cast<uint8_t*>(out);
      x.avail_out = kChunk;
      const lzma_ret rc = lzma_code(&x, action);
      if (rc != LZMA_OK && rc != LZMA_STREAM_END)
        throw UserError(fmt::format("xz compression failed for \"{}\"", file.path()));
      file.write({out, kChunk - x.avail_out});
      if (action == LZMA_FINISH ? rc == LZMA_STREAM_END : (x.avail_in == 0 && x.avail_out != 0))
        break;
    }
  }

  Compression kind;  // first: a refused suffix creates no file
  OutputFile file;
  z_stream z{};
  lzma_stream x = LZMA_STREAM_INIT;
  char out[kChunk];
};

CompressedOutput::CompressedOutput(const std::string& path, Publish when)
    : impl_(std::make_unique<Impl>(path, when)) {}
CompressedOutput::~CompressedOutput() = default;

void CompressedOutput::write(std::string_view data) {
  switch (impl_->kind) {
    case Compression::None: impl_->file.write(data); return;
    case Compression::Gzip:
      // deflate takes at most 4 GiB per call; our chunks are far smaller.
      impl_->gzip(data, Z_NO_FLUSH);
      return;
    case Compression::Xz: impl_->xz(data, LZMA_RUN); return;
  }
}

void CompressedOutput::commit() {
  if (impl_->kind == Compression::Gzip) impl_->gzip({}, Z_FINISH);
  if (impl_->kind == Compression::Xz) impl_->xz({}, LZMA_FINISH);
  impl_->file.commit();
}

void write_output_file(const std::string& path, std::string_view text, Publish when) {
  CompressedOutput out(path, when);
  out.write(text);
  out.commit();
}

namespace {

bool is_gzip(const std::string& data) {
  return data.size() >= 2 && static_cast<unsigned char>(data[0]) == 0x1f &&
         static_cast<unsigned char>(data[1]) == 0x8b;
}

bool is_xz(const std::string& data) {
  static constexpr unsigned char kXz[6] = {0xfd, '7', 'z', 'X', 'Z', 0x00};
  return data.size() >= 6 && std::memcmp(data.data(), kXz, 6) == 0;
}

bool starts_compressed(const std::string& data) { return is_gzip(data) || is_xz(data); }

std::string read_raw(const std::string& path, bool text) {
  std::FILE* f = path == "-" ? stdin : std::fopen(path.c_str(), "rb");
  if (!f) throw UserError(fmt::format("cannot open \"{}\": {}", path, std::strerror(errno)));
  std::string data;
  char buf[kChunk];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, f)) > 0) {
    data.append(buf, n);
    // Text input never holds a NUL byte: stop at the first chunk of binary
    // data (e.g. /dev/zero, which never ends) and let the parser report it.
    if (text && data.size() == n && !starts_compressed(data) &&
        data.find('\0') != std::string::npos)
      break;
  }
  const bool failed = std::ferror(f) != 0;
  if (f != stdin) std::fclose(f);
  if (failed) throw UserError(fmt::format("cannot read \"{}\"", path));
  return data;
}

std::string gunzip(const std::string& in, const std::string& path) {
  z_stream z{};
  if (inflateInit2(&z, 15 + 32) != Z_OK) throw UserError("cannot start gzip decompression");
  std::string out;
  char buf[kChunk];
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
  z.avail_in = static_cast<uInt>(in.size());
  int rc = Z_OK;
  while (rc != Z_STREAM_END) {
    z.next_out = reinterpret_cast<Bytef*>(buf);
    z.avail_out = sizeof buf;
    rc = inflate(&z, Z_NO_FLUSH);
    if (rc != Z_OK && rc != Z_STREAM_END) {
      inflateEnd(&z);
      throw ParseError(path, 1, "corrupt or truncated gzip data");
    }
    out.append(buf, sizeof buf - z.avail_out);
    if (rc == Z_OK && z.avail_in == 0 && z.avail_out != 0) {
      inflateEnd(&z);
      throw ParseError(path, 1, "truncated gzip data");
    }
  }
  inflateEnd(&z);
  return out;
}

std::string unxz(const std::string& in, const std::string& path) {
  lzma_stream x = LZMA_STREAM_INIT;
  if (lzma_stream_decoder(&x, UINT64_MAX, LZMA_CONCATENATED) != LZMA_OK)
    throw UserError("cannot start xz decompression");
  std::string out;
  char buf[kChunk];
  x.next_in = reinterpret_cast<const uint8_t*>(in.data());
  x.avail_in = in.size();
  while (true) {
    x.next_out = reinterpret_cast<uint8_t*>(buf);
    x.avail_out = sizeof buf;
    const lzma_ret rc = lzma_code(&x, x.avail_in == 0 ? LZMA_FINISH : LZMA_RUN);
    out.append(buf, sizeof buf - x.avail_out);
    if (rc == LZMA_STREAM_END) break;
    if (rc != LZMA_OK) {
      lzma_end(&x);
      throw ParseError(path, 1, "corrupt or truncated xz data");
    }
  }
  lzma_end(&x);
  return out;
}

std::string decompressed(std::string data, const std::string& path) {
  if (is_gzip(data)) return gunzip(data, path);
  if (is_xz(data)) return unxz(data, path);
  return data;
}

}  // namespace

std::string read_input(const std::string& path) { return decompressed(read_raw(path, true), path); }

std::string read_binary_input(const std::string& path) {
  return decompressed(read_raw(path, false), path);
}

}  // namespace bel_pyramid
