// Test helper: decodes the 8-bit RGB/RGBA, non-interlaced PNG files that
// rsvg-convert writes, so that a test can look at the rendered pixels.
#pragma once

#include <zlib.h>

#include <cstdint>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

namespace bel_pyramid::test {

struct Image {
  int width = 0, height = 0;
  std::vector<std::uint8_t> rgba;  // 4 bytes per pixel, row by row
  [[nodiscard]] std::uint32_t rgb(int x, int y) const {
    const std::uint8_t* p = &rgba[(static_cast<std::size_t>(y) * width + x) * 4];
    return (std::uint32_t{p[0]} << 16) | (std::uint32_t{p[1]} << 8) | p[2];
  }
};

inline std::uint32_t be32(const std::string& s, std::size_t at) {
  return (std::uint32_t{static_cast<std::uint8_t>(s[at])} << 24) |
         (std::uint32_t{static_cast<std::uint8_t>(s[at + 1])} << 16) |
         (std::uint32_t{static_cast<std::uint8_t>(s[at + 2])} << 8) |
         std::uint32_t{static_cast<std::uint8_t>(s[at + 3])};
}

inline int paeth(int a, int b, int c) {
  const int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

inline Image decode_png(const std::string& file) {
  if (file.size() < 8 || file.compare(0, 8, "\x89PNG\r\n\x1a\n") != 0)
    throw std::runtime_error("not a PNG");
  Image img;
  int channels = 0;
  std::string idat;
  for (std::size_t at = 8; at + 8 <= file.size();) {
    const std::uint32_t length = be32(file, at);
    const std::string type = file.substr(at + 4, 4);
    if (type == "IHDR") {
      img.width = static_cast<int>(be32(file, at + 8));
      img.height = static_cast<int>(be32(file, at + 12));
      const int depth = file[at + 16], colour = file[at + 17], interlace = file[at + 20];
      if (depth != 8 || interlace != 0 || (colour != 2 && colour != 6))
        throw std::runtime_error("unsupported PNG layout");
      channels = colour == 6 ? 4 : 3;
    } else if (type == "IDAT") {
      idat += file.substr(at + 8, length);
    }
    at += 12 + length;
  }
  const std::size_t stride = static_cast<std::size_t>(img.width) * channels;
  std::vector<std::uint8_t> raw((stride + 1) * img.height);
  uLongf size = raw.size();
  if (uncompress(raw.data(), &size, reinterpret_cast<const Bytef*>(idat.data()), idat.size()) !=
      Z_OK)
    throw std::runtime_error("corrupt PNG data");
  std::vector<std::uint8_t> prev(stride, 0), row(stride);
  img.rgba.resize(static_cast<std::size_t>(img.width) * img.height * 4);
  for (int y = 0; y < img.height; ++y) {
    const std::uint8_t* in = &raw[y * (stride + 1)];
    for (std::size_t i = 0; i < stride; ++i) {
      const int a = i >= static_cast<std::size_t>(channels) ? row[i - channels] : 0;
      const int b = prev[i];
      const int c = i >= static_cast<std::size_t>(channels) ? prev[i - channels] : 0;
      const int pred = in[0] == 1   ? a
                       : in[0] == 2 ? b
                       : in[0] == 3 ? (a + b) / 2
                       : in[0] == 4 ? paeth(a, b, c)
                                    : 0;
      row[i] = static_cast<std::uint8_t>(in[1 + i] + pred);
    }
    for (int x = 0; x < img.width; ++x)
      for (int k = 0; k < 4; ++k)
        img.rgba[(static_cast<std::size_t>(y) * img.width + x) * 4 + k] =
            k < channels ? row[x * channels + k] : 255;
    prev = row;
  }
  return img;
}

}  // namespace bel_pyramid::test
