// Histogram equalization around a traced scan.
#include "demos/histeq.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#if SCANSCOPE_HAVE_STB
#include <stb_image.h>
#include <stb_image_write.h>
#endif

#include "formats/trace_json.h"

namespace scanscope {

GrayImage synthetic_image(int width, int height) {
  GrayImage img;
  img.width = width;
  img.height = height;
  img.pixels.resize(static_cast<size_t>(width) * height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      // Soft rings over a gradient, squeezed into 80..150: a washed-out picture.
      double dx = x - width * 0.5, dy = y - height * 0.5;
      double r = std::sqrt(dx * dx + dy * dy) / (0.5 * std::min(width, height));
      double v = 0.5 + 0.25 * std::cos(r * 12.0) * std::exp(-r) + 0.25 * (static_cast<double>(x) / width - 0.5);
      img.pixels[static_cast<size_t>(y) * width + x] = static_cast<uint8_t>(80 + std::lround(std::clamp(v, 0.0, 1.0) * 70));
    }
  return img;
}

#if SCANSCOPE_HAVE_STB
GrayImage load_gray_image(const std::string& path) {
  int w = 0, h = 0, channels = 0;
  if (!stbi_info(path.c_str(), &w, &h, &channels)) {
    const char* why = stbi_failure_reason();
    throw std::runtime_error(path + ": cannot read as an image (" + (why ? why : "unknown reason") + ")");
  }
  if (w <= 0 || h <= 0 || static_cast<long long>(w) * h > (64LL << 20))
    throw std::runtime_error(path + ": " + std::to_string(w) + "x" + std::to_string(h) + " pixels; at most 64 megapixels are accepted");
  unsigned char* data = stbi_load(path.c_str(), &w, &h, &channels, 1);
  if (!data) {
    const char* why = stbi_failure_reason();
    throw std::runtime_error(path + ": cannot decode (" + (why ? why : "unknown reason") + ")");
  }
  GrayImage img;
  img.width = w;
  img.height = h;
  img.pixels.assign(data, data + static_cast<size_t>(w) * h);
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

void save_gray_png(const std::string& path, const GrayImage& image) {
  save_png(path, image.width, image.height, 1, image.pixels.data());
}
#else
namespace {
[[noreturn]] void no_stb(const std::string& path) {
  throw std::runtime_error(path + ": this scanscope was built without stb (libstb-dev), so it reads and writes no image files");
}
}  // namespace
GrayImage load_gray_image(const std::string& path) { no_stb(path); }
void save_gray_png(const std::string& path, const GrayImage&) { no_stb(path); }
void save_png(const std::string& path, int, int, int, const uint8_t*) { no_stb(path); }
#endif

Equalization equalize(const GrayImage& image, Device device) {
  if (image.pixels.empty()) throw std::runtime_error("the image has no pixels");
  Equalization e;
  e.histogram.assign(256, 0.0);
  for (uint8_t p : image.pixels) e.histogram[p] += 1;
  TraceRequest r;
  r.kernel = "scan-hillis-steele";
  r.n = 256;
  r.scan = "inclusive";
  r.input = e.histogram;
  e.cdf_trace = run_trace(r, device, &e.where);
  e.cdf = e.cdf_trace.output;
  double total = static_cast<double>(image.pixels.size());
  double cdf_min = 0;
  for (double c : e.cdf)
    if (c > 0) {
      cdf_min = c;
      break;
    }
  e.lut.resize(256);
  for (int v = 0; v < 256; ++v) {
    double denom = total - cdf_min;
    double mapped = denom > 0 ? (e.cdf[v] - cdf_min) / denom * 255.0 : v;
    e.lut[v] = static_cast<int>(std::clamp(std::lround(mapped), 0L, 255L));
  }
  e.equalized = image;
  for (auto& p : e.equalized.pixels) p = static_cast<uint8_t>(e.lut[p]);
  return e;
}

}  // namespace scanscope
