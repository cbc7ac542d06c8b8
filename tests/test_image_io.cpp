// Image files (formats/image_io.h): PNG and JPEG through libpng and libjpeg-turbo, PGM/PPM and BMP
// through our readers; a size the header declares is checked against the bytes there are before
// anything is allocated, and formats we do not read are refused by name.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#if SCANSCOPE_TEST_JPEG
#include <jpeglib.h>
#endif

#include "formats/files.h"
#include "formats/image_io.h"

namespace scanscope {
namespace {

std::string message_of(const std::string& bytes, const std::string& name, int channels = 1) {
  try {
    decode_image(bytes, name, channels);
  } catch (const FileError& e) {
    return e.what();
  }
  return "(decoded)";
}

std::string be16(int v) { return std::string{static_cast<char>(v >> 8), static_cast<char>(v & 255)}; }
std::string le(uint32_t v, int bytes) {
  std::string s;
  for (int i = 0; i < bytes; ++i) s += static_cast<char>((v >> (8 * i)) & 255);
  return s;
}

// A BMP of w x h pixels with `bpp` bits, its headers saying so, `pixel_bytes` bytes of pixels.
std::string bmp(int w, int h, int bpp, const std::string& pixels, uint32_t compression = 0, const std::string& palette = "") {
  const uint32_t offset = 54 + static_cast<uint32_t>(palette.size());
  std::string b = "BM" + le(offset + static_cast<uint32_t>(pixels.size()), 4) + le(0, 4) + le(offset, 4);
  b += le(40, 4) + le(static_cast<uint32_t>(w), 4) + le(static_cast<uint32_t>(h), 4) + le(1, 2) + le(static_cast<uint32_t>(bpp), 2) + le(compression, 4);
  b += le(static_cast<uint32_t>(pixels.size()), 4) + le(2835, 4) + le(2835, 4) + le(static_cast<uint32_t>(palette.size() / 4), 4) + le(0, 4);
  return b + palette + pixels;
}

TEST(ImageIo, PngRoundTripsInEveryChannelCount) {
  if (!image_io_built()) GTEST_SKIP() << "built without libpng";
  const std::string path = ::testing::TempDir() + "/scanscope_rgba.png";
  const std::vector<uint8_t> rgba = {255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100, 110, 120};
  save_png(path, 3, 2, 4, rgba.data());
  const Image8 back = load_image(path, 4);
  EXPECT_EQ(back.width, 3);
  EXPECT_EQ(back.height, 2);
  EXPECT_EQ(back.pixels, rgba);
  const Image8 rgb = load_image(path, 3);
  EXPECT_EQ(rgb.pixels.size(), 18u);
  EXPECT_EQ(rgb.pixels[3], 0);
  EXPECT_EQ(rgb.pixels[4], 255);
  const Image8 gray = load_image(path, 1);
  EXPECT_EQ(gray.pixels[0], (77 * 255) >> 8);  // pure red's luma
  std::remove(path.c_str());
}

TEST(ImageIo, PngWhoseDataCannotHoldItsPixelsIsRefused) {
  if (!image_io_built()) GTEST_SKIP() << "built without libpng";
  const std::string path = ::testing::TempDir() + "/scanscope_small.png";
  std::vector<uint8_t> px(64 * 64, 7);
  save_png(path, 64, 64, 1, px.data());
  std::string bytes = read_text_file(path, 1 << 20, "an image");
  std::remove(path.c_str());
  // The header claims 8192x8192 (64 MiB of pixels) over the few bytes of a 64x64 picture.
  std::string big = bytes;
  big.replace(16, 8, std::string("\0\0\x20\0\0\0\x20\0", 8));
  EXPECT_NE(message_of(big, "big.png").find("big.png: the PNG header says 8192x8192 pixels (67117056 bytes), but its compressed data ("),
            std::string::npos)
      << message_of(big, "big.png");
  std::string wide = bytes;  // 4143380214 x 4143380214: once a signed overflow (fuzz_image)
  wide.replace(16, 8, std::string("\xf6\xf6\xf6\xf6\xf6\xf6\xf6\xf6", 8));
  EXPECT_EQ(message_of(wide, "wide.png"), "wide.png: the PNG header says 4143380214x4143380214 pixels; 1 to 64 megapixels are accepted");
  // Cut inside its data: libpng's error, not a picture completed with black.
  const std::string cut = bytes.substr(0, bytes.size() - 30);
  EXPECT_NE(message_of(cut, "cut.png").find("cut.png: not a readable PNG (libpng: "), std::string::npos) << message_of(cut, "cut.png");
}

TEST(ImageIo, PgmAndSixteenBitPpmAreReadExactly) {
  const Image8 g = decode_image("P5\n# a comment\n2 2\n255\n" + std::string("\x00\x40\x80\xff", 4), "g.pgm", 1);
  EXPECT_EQ(g.pixels, (std::vector<uint8_t>{0, 0x40, 0x80, 0xff}));
  // 16 bits a sample (maxval 65535): once a crash in stb; each sample scaled to 8 bits.
  const std::string ppm16 = "P6 1 1 65535\n" + be16(65535) + be16(0) + be16(32896);
  const Image8 c = decode_image(ppm16, "c.ppm", 3);
  EXPECT_EQ(c.pixels, (std::vector<uint8_t>{255, 0, 128}));
  // 4096x4096 at 16 bits, as in the crash: read in full.
  const std::string big = "P5 4096 4096 65535\n" + std::string(4096 * 4096 * 2, '\x80');
  const Image8 b = decode_image(big, "big.pgm", 1);
  EXPECT_EQ(b.width, 4096);
  EXPECT_EQ(b.pixels[4096 * 4096 - 1], 128);
  EXPECT_EQ(message_of("P6 4096 4096 65535\n" + std::string(1000, '\0'), "t.ppm"),
            "t.ppm: the header says 4096x4096 pixels (100663315 bytes), but the file has 1019 bytes: truncated");
  EXPECT_EQ(message_of("P5 2 2 0\n", "z.pgm"), "z.pgm: the PGM/PPM maximum value is 0; 1 to 65535 are accepted");
  EXPECT_EQ(message_of("P5 99999999999 2 255\n", "w.pgm"), "w.pgm: the PGM/PPM header's width is not a number of at most 10 digits");
  EXPECT_EQ(message_of("P5 0 2 255\n", "e.pgm"), "e.pgm: the PGM header says 0x2 pixels; 1 to 64 megapixels are accepted");
  // sides whose product overflows 64 bits (found by fuzz_image): compared without multiplying
  EXPECT_EQ(message_of("P5 9999999999 9999999999 255\n", "o.pgm"),
            "o.pgm: the PGM header says 9999999999x9999999999 pixels; 1 to 64 megapixels are accepted");
  EXPECT_EQ(message_of("P2 1 1 255\n7\n", "a.pgm"),
            "a.pgm: a plain-text or 1-bit PNM (P1 to P4) image, which scanscope does not read (it reads PNG, JPEG, PGM/PPM (P5/P6) and BMP)");
}

TEST(ImageIo, BmpIsReadWhenItsPixelsAreThere) {
  // 2x2, 24 bits, bottom-up: rows of 6 bytes padded to 8, blue-green-red.
  const std::string px = std::string("\x00\x00\xff\x00\xff\x00\0\0", 8) + std::string("\xff\x00\x00\xff\xff\xff\0\0", 8);
  const Image8 img = decode_image(bmp(2, 2, 24, px), "p.bmp", 3);
  EXPECT_EQ(img.pixels, (std::vector<uint8_t>{0, 0, 255, 255, 255, 255, 255, 0, 0, 0, 255, 0}));
  // 8 bits with a palette of two colours.
  const std::string pal = std::string("\x00\x00\x00\x00\x10\x20\x30\x00", 8);
  const Image8 p8 = decode_image(bmp(2, 1, 8, std::string("\x01\x00\0\0", 4), 0, pal), "p8.bmp", 3);
  EXPECT_EQ(p8.pixels, (std::vector<uint8_t>{0x30, 0x20, 0x10, 0, 0, 0}));
  EXPECT_EQ(message_of(bmp(30000, 2000, 24, std::string(1000, '\0')), "t.bmp"),
            "t.bmp: the header says 30000x2000 pixels (180000054 bytes), but the file has 1054 bytes: truncated");
  EXPECT_EQ(message_of(bmp(2, 2, 8, std::string(8, '\0'), 1), "rle.bmp"),
            "rle.bmp: a compressed BMP (compression 1); only uncompressed BMPs are read");
  EXPECT_EQ(message_of(bmp(2, 2, 16, std::string(8, '\0')), "b16.bmp"), "b16.bmp: a BMP of 16 bits a pixel; 8, 24 and 32 are read");
  EXPECT_EQ(message_of("BM", "s.bmp"), "s.bmp: a BMP file of 2 bytes, shorter than its headers: truncated");
}

// The campaign's files: a 46-byte PSD claiming 8192x8192 (once a black picture, exit 0), TGAs with
// 1 or 10 bytes of pixels, truncated RLE HDRs (once a hang): refused by name, nothing decoded.
TEST(ImageIo, FormatsWeDoNotReadAreRefusedByName) {
  std::string psd = "8BPS" + std::string("\0\x01\0\0\0\0\0\0\0\x03\0\0\x20\0\0\0\x20\0\0\x08\0\x03", 22);
  psd.resize(46, '\0');
  EXPECT_EQ(message_of(psd, "x.psd"), "x.psd: a PSD image, which scanscope does not read (it reads PNG, JPEG, PGM/PPM (P5/P6) and BMP)");
  const std::string tga = std::string("\0\0\x02\0\0\0\0\0\0\0\0\0\0\x20\0\x20\x18\0", 18) + std::string(10, '\x7f');
  EXPECT_EQ(message_of(tga, "x.tga"), "x.tga: a TGA image, which scanscope does not read (it reads PNG, JPEG, PGM/PPM (P5/P6) and BMP)");
  EXPECT_EQ(message_of(tga, "x.TGA"), message_of(tga, "x.tga").replace(2, 3, "TGA"));
  const std::string hdr = "#?RADIANCE\nFORMAT=32-bit_rle_rgbe\n\n-Y 64 +X 64\n\x02\x02\x00\x40\x80";
  EXPECT_NE(message_of(hdr, "x.hdr").find("a Radiance HDR image, which scanscope does not read"), std::string::npos);
  EXPECT_NE(message_of("GIF89a....", "x.png").find("a GIF image"), std::string::npos);
  EXPECT_EQ(message_of("not an image", "junk.png"), "junk.png: cannot read as an image (not PNG, JPEG, PGM/PPM or BMP)");
  EXPECT_EQ(message_of("", "empty.png"), "empty.png: cannot read as an image (not PNG, JPEG, PGM/PPM or BMP)");
}

#if SCANSCOPE_TEST_JPEG
// A w x h RGB JPEG of a gradient, encoded with libjpeg-turbo.
std::string jpeg(int w, int h) {
  jpeg_compress_struct c{};
  jpeg_error_mgr err{};
  c.err = jpeg_std_error(&err);
  jpeg_create_compress(&c);
  unsigned char* out = nullptr;
  unsigned long size = 0;
  jpeg_mem_dest(&c, &out, &size);
  c.image_width = static_cast<JDIMENSION>(w);
  c.image_height = static_cast<JDIMENSION>(h);
  c.input_components = 3;
  c.in_color_space = JCS_RGB;
  jpeg_set_defaults(&c);
  jpeg_set_quality(&c, 95, TRUE);
  jpeg_start_compress(&c, TRUE);
  std::vector<unsigned char> row(static_cast<size_t>(w) * 3);
  while (c.next_scanline < c.image_height) {
    for (int x = 0; x < w; ++x) row[x * 3] = row[x * 3 + 1] = row[x * 3 + 2] = static_cast<unsigned char>(x * 255 / std::max(1, w - 1));
    JSAMPROW r = row.data();
    jpeg_write_scanlines(&c, &r, 1);
  }
  jpeg_finish_compress(&c);
  std::string bytes(reinterpret_cast<char*>(out), size);
  jpeg_destroy_compress(&c);
  std::free(out);
  return bytes;
}

TEST(ImageIo, JpegIsDecodedAndATruncatedOneRefused) {
  const std::string j = jpeg(64, 48);
  const Image8 img = decode_image(j, "g.jpg", 1);
  EXPECT_EQ(img.width, 64);
  EXPECT_EQ(img.height, 48);
  EXPECT_NEAR(img.pixels[0], 0, 4);
  EXPECT_NEAR(img.pixels[63], 255, 4);
  // Cut in its scan data: libjpeg-turbo would fill the rest with grey; it is an error here.
  EXPECT_NE(message_of(j.substr(0, j.size() / 2), "cut.jpg").find("cut.jpg: not a readable JPEG (libjpeg-turbo: Premature end of JPEG file)"),
            std::string::npos)
      << message_of(j.substr(0, j.size() / 2), "cut.jpg");
  // The header of a 64x48 picture edited to say 8192x8192, its scan data that of 64x48: refused.
  std::string big = j;
  const size_t sof = big.find("\xff\xc0");
  ASSERT_NE(sof, std::string::npos);
  big.replace(sof + 5, 4, std::string("\x20\x00\x20\x00", 4));
  EXPECT_NE(message_of(big, "big.jpg").find("big.jpg: not a readable JPEG (libjpeg-turbo: "), std::string::npos) << message_of(big, "big.jpg");
  std::string huge = j;
  huge.replace(sof + 5, 4, std::string("\xff\x00\xff\x00", 4));
  EXPECT_EQ(message_of(huge, "huge.jpg"), "huge.jpg: the JPEG header says 65280x65280 pixels; 1 to 64 megapixels are accepted");
}
#endif

}  // namespace
}  // namespace scanscope
