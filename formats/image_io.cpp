// Image files through stb (see image_io.h).
#include "formats/image_io.h"

#include <stdexcept>

#if SCANSCOPE_HAVE_STB
#include <stb_image.h>
#include <stb_image_write.h>
#endif

#include "formats/trace_json.h"  // write_file_atomic

namespace scanscope {

#if SCANSCOPE_HAVE_STB
bool image_io_built() { return true; }

Image8 load_image(const std::string& path, int channels) {
  int w = 0, h = 0, file_channels = 0;
  if (!stbi_info(path.c_str(), &w, &h, &file_channels)) {
    const char* why = stbi_failure_reason();
    throw std::runtime_error(path + ": cannot read as an image (" + (why ? why : "unknown reason") + ")");
  }
  if (w <= 0 || h <= 0 || static_cast<long long>(w) * h > (64LL << 20))
    throw std::runtime_error(path + ": " + std::to_string(w) + "x" + std::to_string(h) + " pixels; at most 64 megapixels are accepted");
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &file_channels, channels);
  if (!data) {
    const char* why = stbi_failure_reason();
    throw std::runtime_error(path + ": cannot decode (" + (why ? why : "unknown reason") + ")");
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
  write_file_atomic(path, bytes);
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
