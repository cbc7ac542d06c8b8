// Histogram equalization (the primitives tutorial): histogram of a gray image, its inclusive scan (the CDF, run
// and traced as scan-hillis-steele on 256 bins), and the remapping
// new = round((cdf[v] - cdf_min) / (pixels - cdf_min) * 255).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "engine/runner.h"

namespace scanscope {

struct GrayImage {
  int width = 0, height = 0;
  std::vector<uint8_t> pixels;  // row-major, one byte per pixel
};

// Loads PNG, JPEG, BMP, ... as gray (formats/image_io.h). Throws std::runtime_error naming the
// file and the problem.
GrayImage load_gray_image(const std::string& path);
// A low-contrast test picture (values within 80..150; 100..133 at 320x240) for when no image is
// given.
GrayImage synthetic_image(int width, int height);
// Writes the image as a PNG atomically (formats/image_io.h). Throws on failure.
void save_gray_png(const std::string& path, const GrayImage& image);

struct Equalization {
  std::vector<double> histogram;  // 256 bins
  Trace cdf_trace;                // the traced inclusive scan of the histogram
  std::vector<double> cdf;        // = cdf_trace.output
  std::vector<int> lut;           // old gray -> new gray
  GrayImage equalized;
  std::string where;              // where the scan ran
};

Equalization equalize(const GrayImage& image, Device device);

}  // namespace scanscope
