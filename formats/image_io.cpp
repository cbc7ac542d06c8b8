// Image files through stb (see image_io.h).
#include "formats/image_io.h"

#include <cstdint>
#include <stdexcept>

#if SCANSCOPE_HAVE_STB
#include <stb_image.h>
#include <stb_image_write.h>
#endif

#include "formats/files.h"

namespace scanscope {

#if SCANSCOPE_HAVE_STB
bool image_io_built() { return true; }

namespace {

constexpr long long kMaxImageBytes = 256LL << 20;
constexpr long long kMaxPixels = 64LL << 20;

uint32_t be32(const std::string& b, size_t at) {
  return (uint32_t(uint8_t(b[at])) << 24) | (uint32_t(uint8_t(b[at + 1])) << 16) | (uint32_t(uint8_t(b[at + 2])) << 8) | uint8_t(b[at + 3]);
}
uint32_t le32(const std::string& b, size_t at) {
  return uint8_t(b[at]) | (uint32_t(uint8_t(b[at + 1])) << 8) | (uint32_t(uint8_t(b[at + 2])) << 16) | (uint32_t(uint8_t(b[at + 3])) << 24);
}

// What the header promises, checked against the bytes there are: stb decodes a truncated
// uncompressed file as if the missing pixels were black, and reports a PNG header with a zero
// or huge size only as "unknown image type".
void check_header(const std::string& path, const std::string& bytes, int w, int h, int file_channels) {
  const long long pixels = static_cast<long long>(w) * h;
  if (bytes.size() >= 24 && bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0) {
    const uint32_t pw = be32(bytes, 16), ph = be32(bytes, 20);
    if (pw == 0 || ph == 0 || static_cast<long long>(pw) * ph > kMaxPixels)
      throw FileError(path + ": the PNG header says " + std::to_string(pw) + "x" + std::to_string(ph) + " pixels; 1 to 64 megapixels are accepted");
  }
  long long need = 0;  // bytes of pixel data an uncompressed file must hold
  if (bytes.size() >= 2 && bytes[0] == 'P' && (bytes[1] == '5' || bytes[1] == '6')) need = pixels * file_channels;
  if (bytes.size() >= 34 && bytes.compare(0, 2, "BM") == 0 && le32(bytes, 30) == 0) {  // BI_RGB: no compression
    const long long bpp = uint8_t(bytes[28]) | (uint8_t(bytes[29]) << 8);
    need = ((static_cast<long long>(w) * bpp + 31) / 32) * 4 * h;
  }
  if (need > static_cast<long long>(bytes.size()))
    throw FileError(path + ": the header says " + std::to_string(w) + "x" + std::to_string(h) + " pixels (" + std::to_string(need) +
                    " bytes), but the file has " + std::to_string(bytes.size()) + " bytes: truncated");
}

}  // namespace

Image8 load_image(const std::string& path, int channels) {
  const std::string bytes = read_text_file(path, kMaxImageBytes, "an image");
  const auto* data_in = reinterpret_cast<const stbi_uc*>(bytes.data());
  const int len = static_cast<int>(bytes.size());
  int w = 0, h = 0, file_channels = 0;
  if (bytes.size() >= 24 && bytes.compare(0, 8, "\x89PNG\r\n\x1a\n") == 0) check_header(path, bytes, 1, 1, 1);
  if (!stbi_info_from_memory(data_in, len, &w, &h, &file_channels)) {
    const char* why = stbi_failure_reason();
    throw FileError(path + ": cannot read as an image (" + (why ? why : "unknown reason") + ")");
  }
  if (w <= 0 || h <= 0 || static_cast<long long>(w) * h > kMaxPixels)
    throw FileError(path + ": " + std::to_string(w) + "x" + std::to_string(h) + " pixels; at most 64 megapixels are accepted");
  check_header(path, bytes, w, h, file_channels);
  unsigned char* data = stbi_load_from_memory(data_in, len, &w, &h, &file_channels, channels);
  if (!data) {
    const char* why = stbi_failure_reason();
    throw FileError(path + ": cannot decode (" + (why ? why : "unknown reason") + ")");
  }
  Image8 img;
  img.width = w;
  img.height = h;
  img.channels = channels;
  img.pixels.assign(data, data + static_cast<size_t>(w) * h * channels);
  stbi_image_free(data);
  return img;
}

namespace {
void append_bytes(void* ctx, void* data, int size) {
  auto* out = static_cast<std::string*>(ctx);
  out->append(static_cast<const char*>(data), static_cast<size_t>(size));
}
}  // namespace

void save_png(const std::string& path, int width, int height, int channels, const uint8_t* pixels) {
  std::string bytes;
  if (!stbi_write_png_to_func(append_bytes, &bytes, width, height, channels, pixels, width * channels))
    throw std::runtime_error(path + ": PNG encoding failed");
  write_output(path, bytes);
}
#else
namespace {
[[noreturn]] void no_stb(const std::string& path) {
  throw std::runtime_error(path + ": this scanscope was built without stb (libstb-dev), so it reads and writes no image files");
}
}  // namespace
bool image_io_built() { return false; }
Image8 load_image(const std::string& path, int) { no_stb(path); }
void save_png(const std::string& path, int, int, int, const uint8_t*) { no_stb(path); }
#endif

}  // namespace scanscope
