// libFuzzer target: the image readers (libpng, libjpeg-turbo, our PGM/PPM and BMP readers, the
// refusal of every other format) take any bytes and either decode them or throw FileError.
#include <cstddef>
#include <cstdint>
#include <string>

#include "formats/files.h"
#include "formats/image_io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  // The first byte picks the channels asked for; the rest is the file.
  const int channels[] = {1, 3, 4};
  const std::string bytes(reinterpret_cast<const char*>(data) + 1, size - 1);
  try {
    scanscope::Image8 img = scanscope::decode_image(bytes, "fuzz.img", channels[data[0] % 3]);
    if (img.pixels.size() != static_cast<size_t>(img.width) * img.height * img.channels) __builtin_trap();
  } catch (const scanscope::FileError&) {
  }
  return 0;
}
