// Image files through stb (Debian's libstb-dev): read PNG, JPEG, BMP, PGM/PPM, ... as 8-bit
// pixels, write PNG atomically. Used by histogram equalization, the window's PNG export and the
// window's screenshot tests. Without stb at build time every call throws, saying so.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanscope {

struct Image8 {
  int width = 0, height = 0, channels = 0;
  std::vector<uint8_t> pixels;  // row-major, `channels` bytes per pixel
};

// Was stb found at build time (otherwise load_image and save_png throw)?
bool image_io_built();

// Reads any format stb knows, converted to `channels` (1 gray, 3 RGB, 4 RGBA) bytes per pixel.
// Throws std::runtime_error naming the file and the problem; pictures over 64 megapixels are refused.
Image8 load_image(const std::string& path, int channels);

// Writes 8-bit pixels with 1 to 4 channels as a PNG, atomically (temporary file, then rename: a
// killed export leaves the old file). Throws on failure.
void save_png(const std::string& path, int width, int height, int channels, const uint8_t* pixels);

}  // namespace scanscope
