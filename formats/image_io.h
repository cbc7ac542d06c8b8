// Image files: PNG through libpng, JPEG through libjpeg-turbo (both made for untrusted input), binary
// PGM/PPM and uncompressed BMP through the small bounded readers of image_io.cpp; every other format
// is refused by name. Decoded as 8-bit pixels; PNGs written atomically. Used by histogram
// equalization, the window's PNG export and the window's screenshot tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace scanscope {

struct Image8 {
  int width = 0, height = 0, channels = 0;
  std::vector<uint8_t> pixels;  // row-major, `channels` bytes per pixel
};

// Was libpng found at build time (otherwise PNGs are neither read nor written, and save_png throws)?
bool image_io_built();

// Reads a PNG, a JPEG, a binary PGM/PPM (P5/P6, 8 or 16 bits) or an uncompressed BMP (8, 24 or 32
// bits), converted to `channels` (1 gray, 3 RGB, 4 RGBA) bytes per pixel. Before anything is
// allocated for the pixels, the size the header declares is checked (1 to 64 megapixels) and against
// the bytes the file holds (all of them for PGM/PPM and BMP; for PNG, what its compressed data can
// hold at deflate's best ratio); a truncated or corrupt file is refused, never completed with black.
// Throws FileError "NAME: problem" (one line); other formats (GIF, PSD, TGA, HDR, TIFF, ...) by name.
Image8 load_image(const std::string& path, int channels);
// The same for bytes already in memory (`name` for the messages): what load_image and the fuzzer call.
Image8 decode_image(const std::string& bytes, const std::string& name, int channels);

// Writes 8-bit pixels with 1 to 4 channels as a PNG, atomically (temporary file, then rename: a
// killed export leaves the old file). Throws on failure.
void save_png(const std::string& path, int width, int height, int channels, const uint8_t* pixels);

}  // namespace scanscope
