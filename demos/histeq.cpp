// Histogram equalization around a traced scan.
#include "demos/histeq.h"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "formats/image_io.h"
#include "formats/trace_json.h"

namespace scanscope {

GrayImage synthetic_image(int width, int height) {
  GrayImage img;
  img.width = width;
  img.height = height;
  img.pixels.resize(static_cast<size_t>(width) * height);
  for (int y = 0; y < height; ++y)
    for (int x = 0; x < width; ++x) {
      // Soft rings over a gradient, mapped into 80..150 (at 320x240 the levels used are 100..133): a
      // washed-out picture.
      double dx = x - width * 0.5, dy = y - height * 0.5;
      double r = std::sqrt(dx * dx + dy * dy) / (0.5 * std::min(width, height));
      double v = 0.5 + 0.25 * std::cos(r * 12.0) * std::exp(-r) + 0.25 * (static_cast<double>(x) / width - 0.5);
      img.pixels[static_cast<size_t>(y) * width + x] = static_cast<uint8_t>(80 + std::lround(std::clamp(v, 0.0, 1.0) * 70));
    }
  return img;
}

GrayImage load_gray_image(const std::string& path) {
  Image8 img = load_image(path, 1);
  return GrayImage{img.width, img.height, std::move(img.pixels)};
}

void save_gray_png(const std::string& path, const GrayImage& image) {
  save_png(path, image.width, image.height, 1, image.pixels.data());
}

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
