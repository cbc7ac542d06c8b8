// Image files (image_io.h): PNG through libpng, JPEG through libjpeg-turbo, PGM/PPM and BMP read
// here; every check of a declared size happens before the pixels' memory is allocated.
#include "formats/image_io.h"

#include <csetjmp>
#include <cstdio>
#include <cstring>
#include <algorithm>
#include <memory>
#include <stdexcept>

#if SCANSCOPE_HAVE_PNG
#include <png.h>
#endif
#if SCANSCOPE_HAVE_JPEG
#include <jerror.h>
#include <jpeglib.h>
#endif

#include "formats/files.h"

namespace scanscope {

namespace {

constexpr long long kMaxImageBytes = 256LL << 20;
constexpr long long kMaxPixels = 64LL << 20;
// Deflate's best: a 258-byte match in 2 bits of a dynamic Huffman code.
constexpr long long kMaxDeflateRatio = 1032;
// Scans of a progressive JPEG (each one a pass over the whole picture; real files have about 10).
constexpr int kMaxJpegScans = 500;

[[noreturn]] void refuse(const std::string& name, const std::string& why) { throw FileError(name + ": " + why); }

std::string dims(long long w, long long h) { return std::to_string(w) + "x" + std::to_string(h); }

// 1 to kMaxPixels pixels, without multiplying sizes a header may make as large as 2^32 or 10^10.
bool pixels_fit(long long w, long long h) { return w > 0 && h > 0 && w <= kMaxPixels && h <= kMaxPixels / w; }

void check_pixels(const std::string& name, const char* format, long long w, long long h) {
  if (!pixels_fit(w, h))
    refuse(name, std::string("the ") + format + " header says " + dims(w, h) + " pixels; 1 to 64 megapixels are accepted");
}

void check_present(const std::string& name, long long w, long long h, long long need, long long have) {
  if (need > have)
    refuse(name, "the header says " + dims(w, h) + " pixels (" + std::to_string(need) + " bytes), but the file has " + std::to_string(have) +
                     " bytes: truncated");
}

uint32_t be32(const std::string& b, size_t at) {
  return (uint32_t(uint8_t(b[at])) << 24) | (uint32_t(uint8_t(b[at + 1])) << 16) | (uint32_t(uint8_t(b[at + 2])) << 8) | uint8_t(b[at + 3]);
}
uint32_t le32(const std::string& b, size_t at) {
  return uint8_t(b[at]) | (uint32_t(uint8_t(b[at + 1])) << 8) | (uint32_t(uint8_t(b[at + 2])) << 16) | (uint32_t(uint8_t(b[at + 3])) << 24);
}
uint32_t le16(const std::string& b, size_t at) { return uint8_t(b[at]) | (uint32_t(uint8_t(b[at + 1])) << 8); }

bool starts(const std::string& b, const char* magic, size_t len) { return b.size() >= len && std::memcmp(b.data(), magic, len) == 0; }

// Pixels of `from` channels (1 gray, 2 gray+alpha, 3 RGB, 4 RGBA) as `to` channels (1, 3 or 4);
// gray from colour by the usual luma weights (77, 150, 29)/256.
Image8 convert(int w, int h, int from, const uint8_t* px, int to) {
  Image8 img;
  img.width = w;
  img.height = h;
  img.channels = to;
  const size_t n = static_cast<size_t>(w) * static_cast<size_t>(h);
  img.pixels.resize(n * static_cast<size_t>(to));
  uint8_t* out = img.pixels.data();
  for (size_t i = 0; i < n; ++i, px += from, out += to) {
    const bool colour = from >= 3;
    const uint8_t r = px[0], g = colour ? px[1] : px[0], b = colour ? px[2] : px[0];
    const uint8_t a = from == 2 ? px[1] : from == 4 ? px[3] : 255;
    if (to == 1) {
      out[0] = colour ? static_cast<uint8_t>((77 * r + 150 * g + 29 * b) >> 8) : r;
      continue;
    }
    out[0] = r, out[1] = g, out[2] = b;
    if (to == 4) out[3] = a;
  }
  return img;
}

// ---- PGM (P5) and PPM (P6), binary, maxval 1..65535 (two bytes a sample above 255, big-endian).
Image8 decode_pnm(const std::string& bytes, const std::string& name, int channels) {
  size_t at = 2;
  auto number = [&](const char* what) {
    // whitespace and '#' comments before it
    while (at < bytes.size()) {
      const char c = bytes[at];
      if (c == '#') {
        while (at < bytes.size() && bytes[at] != '\n' && bytes[at] != '\r') ++at;
      } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f') {
        ++at;
      } else {
        break;
      }
    }
    long long v = 0;
    size_t digits = 0;
    while (at < bytes.size() && bytes[at] >= '0' && bytes[at] <= '9' && digits < 10) v = v * 10 + (bytes[at++] - '0'), ++digits;
    if (digits == 0 || (at < bytes.size() && bytes[at] >= '0' && bytes[at] <= '9'))
      refuse(name, std::string("the PGM/PPM header's ") + what + " is not a number of at most 10 digits");
    return v;
  };
  const int file_channels = bytes[1] == '5' ? 1 : 3;
  const long long w = number("width"), h = number("height"), maxval = number("maximum value");
  check_pixels(name, file_channels == 1 ? "PGM" : "PPM", w, h);
  if (maxval < 1 || maxval > 65535) refuse(name, "the PGM/PPM maximum value is " + std::to_string(maxval) + "; 1 to 65535 are accepted");
  if (at < bytes.size() && bytes[at] != ' ' && bytes[at] != '\t' && bytes[at] != '\n' && bytes[at] != '\r')
    refuse(name, "the PGM/PPM header's maximum value is not followed by a space or a line break");
  ++at;  // the one whitespace byte after the maximum value
  const int sample_bytes = maxval > 255 ? 2 : 1;
  check_present(name, w, h, static_cast<long long>(at) + w * h * file_channels * sample_bytes, static_cast<long long>(bytes.size()));
  std::vector<uint8_t> px(static_cast<size_t>(w * h * file_channels));
  const auto* in = reinterpret_cast<const uint8_t*>(bytes.data() + at);
  for (size_t i = 0; i < px.size(); ++i) {
    const long long v = sample_bytes == 2 ? (in[2 * i] << 8 | in[2 * i + 1]) : in[i];
    px[i] = static_cast<uint8_t>((std::min(v, maxval) * 255 + maxval / 2) / maxval);
  }
  return convert(static_cast<int>(w), static_cast<int>(h), file_channels, px.data(), channels);
}

// ---- BMP: BITMAPINFOHEADER (or its V4/V5 successors), uncompressed, 8 (palette), 24 or 32 bits.
Image8 decode_bmp(const std::string& bytes, const std::string& name, int channels) {
  if (bytes.size() < 54) refuse(name, "a BMP file of " + std::to_string(bytes.size()) + " bytes, shorter than its headers: truncated");
  const uint32_t offset = le32(bytes, 10), header = le32(bytes, 14);
  if (header != 40 && header != 108 && header != 124)
    refuse(name, "a BMP header of " + std::to_string(header) + " bytes; only the Windows headers (40, 108 or 124 bytes) are read");
  const long long w = static_cast<int32_t>(le32(bytes, 18)), h_signed = static_cast<int32_t>(le32(bytes, 22));
  const long long h = h_signed < 0 ? -h_signed : h_signed;
  const uint32_t bpp = le16(bytes, 28), compression = le32(bytes, 30);
  check_pixels(name, "BMP", w, h);
  if (compression != 0) refuse(name, "a compressed BMP (compression " + std::to_string(compression) + "); only uncompressed BMPs are read");
  if (bpp != 8 && bpp != 24 && bpp != 32) refuse(name, "a BMP of " + std::to_string(bpp) + " bits a pixel; 8, 24 and 32 are read");
  uint8_t palette[256][3] = {};
  if (bpp == 8) {
    long long colours = le32(bytes, 46);
    if (colours == 0) colours = 256;
    if (colours > 256) refuse(name, "a BMP palette of " + std::to_string(colours) + " colours; at most 256");
    const long long at = 14 + static_cast<long long>(header);
    if (at + colours * 4 > static_cast<long long>(bytes.size())) refuse(name, "the BMP palette goes past the end of the file: truncated");
    for (long long i = 0; i < colours; ++i)
      for (int c = 0; c < 3; ++c) palette[i][c] = static_cast<uint8_t>(bytes[static_cast<size_t>(at + i * 4 + 2 - c)]);
  }
  const long long row = (w * bpp + 31) / 32 * 4;
  check_present(name, w, h, static_cast<long long>(offset) + row * h, static_cast<long long>(bytes.size()));
  std::vector<uint8_t> px(static_cast<size_t>(w * h * 3));
  const auto* in = reinterpret_cast<const uint8_t*>(bytes.data()) + offset;
  for (long long y = 0; y < h; ++y) {
    const uint8_t* src = in + (h_signed < 0 ? y : h - 1 - y) * row;  // bottom-up unless the height is negative
    uint8_t* dst = px.data() + y * w * 3;
    for (long long x = 0; x < w; ++x, dst += 3) {
      if (bpp == 8) {
        std::memcpy(dst, palette[src[x]], 3);
      } else {
        const uint8_t* p = src + x * (bpp / 8);
        dst[0] = p[2], dst[1] = p[1], dst[2] = p[0];
      }
    }
  }
  return convert(static_cast<int>(w), static_cast<int>(h), 3, px.data(), channels);
}

#if SCANSCOPE_HAVE_PNG
// ---- PNG through libpng. Its errors arrive through a longjmp, so the state lives in one struct
// reached by a pointer that does not change after setjmp.
struct PngRead {
  const std::string* bytes = nullptr;
  size_t pos = 0;
  char error[256] = {};
  png_structp png = nullptr;
  png_infop info = nullptr;
  std::vector<uint8_t> pixels;
  std::vector<png_bytep> rows;
  int width = 0, height = 0, channels = 0;
};

void png_from_memory(png_structp png, png_bytep out, png_size_t n) {
  auto* r = static_cast<PngRead*>(png_get_io_ptr(png));
  if (n > r->bytes->size() - r->pos) png_error(png, "the file ends early: truncated");
  std::memcpy(out, r->bytes->data() + r->pos, n);
  r->pos += n;
}

void png_fail(png_structp png, png_const_charp message) {
  auto* r = static_cast<PngRead*>(png_get_error_ptr(png));
  std::snprintf(r->error, sizeof r->error, "%s", message ? message : "unknown error");
  png_longjmp(png, 1);
}

void png_quiet(png_structp, png_const_charp) {}

bool png_decode(PngRead* r) {
  if (setjmp(png_jmpbuf(r->png))) return false;
  png_set_read_fn(r->png, r, png_from_memory);
  png_set_user_limits(r->png, 1u << 26, 1u << 26);
  png_set_chunk_malloc_max(r->png, 8u << 20);  // a compressed text or ICC chunk may not inflate further
  png_read_info(r->png, r->info);
  const int colour = png_get_color_type(r->png, r->info), depth = png_get_bit_depth(r->png, r->info);
  if (depth == 16) png_set_strip_16(r->png);
  if (colour == PNG_COLOR_TYPE_PALETTE) png_set_palette_to_rgb(r->png);
  if (colour == PNG_COLOR_TYPE_GRAY && depth < 8) png_set_expand_gray_1_2_4_to_8(r->png);
  if (png_get_valid(r->png, r->info, PNG_INFO_tRNS)) png_set_tRNS_to_alpha(r->png);
  png_set_interlace_handling(r->png);
  png_read_update_info(r->png, r->info);
  r->width = static_cast<int>(png_get_image_width(r->png, r->info));
  r->height = static_cast<int>(png_get_image_height(r->png, r->info));
  r->channels = png_get_channels(r->png, r->info);
  const size_t row = png_get_rowbytes(r->png, r->info);
  if (row != static_cast<size_t>(r->width) * static_cast<size_t>(r->channels)) png_error(r->png, "unexpected row layout");
  r->pixels.resize(row * static_cast<size_t>(r->height));
  r->rows.resize(static_cast<size_t>(r->height));
  for (int y = 0; y < r->height; ++y) r->rows[static_cast<size_t>(y)] = r->pixels.data() + row * static_cast<size_t>(y);
  png_read_image(r->png, r->rows.data());
  png_read_end(r->png, nullptr);
  return true;
}

Image8 decode_png(const std::string& bytes, const std::string& name, int channels) {
  // The header, and the compressed data there is, before libpng allocates anything for the pixels.
  if (bytes.size() < 33 || bytes.compare(12, 4, "IHDR") != 0) refuse(name, "a PNG without its header chunk: truncated or corrupt");
  const long long w = be32(bytes, 16), h = be32(bytes, 20);
  if (!pixels_fit(w, h)) refuse(name, "the PNG header says " + dims(w, h) + " pixels; 1 to 64 megapixels are accepted");
  const int depth = uint8_t(bytes[24]), colour = uint8_t(bytes[25]);
  const int samples = colour == 2 ? 3 : colour == 4 ? 2 : colour == 6 ? 4 : 1;
  const long long raw = h * (1 + (w * samples * depth + 7) / 8);  // filtered rows, the least an image holds
  long long compressed = 0;
  for (size_t at = 8; at + 12 <= bytes.size();) {
    const long long len = be32(bytes, at);
    if (bytes.compare(at + 4, 4, "IDAT") == 0) compressed += std::min<long long>(len, static_cast<long long>(bytes.size() - at - 8));
    if (bytes.compare(at + 4, 4, "IEND") == 0 || len > static_cast<long long>(bytes.size() - at - 12)) break;
    at += static_cast<size_t>(len) + 12;
  }
  if (compressed * kMaxDeflateRatio < raw)
    refuse(name, "the PNG header says " + dims(w, h) + " pixels (" + std::to_string(raw) + " bytes), but its compressed data (" +
                     std::to_string(compressed) + " bytes) cannot hold that many: truncated");
  auto r = std::make_unique<PngRead>();
  r->bytes = &bytes;
  r->png = png_create_read_struct(PNG_LIBPNG_VER_STRING, r.get(), png_fail, png_quiet);
  if (r->png) r->info = png_create_info_struct(r->png);
  if (!r->png || !r->info) {
    png_destroy_read_struct(r->png ? &r->png : nullptr, nullptr, nullptr);
    throw std::runtime_error(name + ": out of memory for libpng");
  }
  const bool ok = png_decode(r.get());
  png_destroy_read_struct(&r->png, &r->info, nullptr);
  if (!ok) refuse(name, std::string("not a readable PNG (libpng: ") + r->error + ")");
  return convert(r->width, r->height, r->channels, r->pixels.data(), channels);
}
#endif

#if SCANSCOPE_HAVE_JPEG
// ---- JPEG through libjpeg-turbo. A warning (a premature end, corrupt data) is an error: the
// library would otherwise fill what is missing with grey.
struct JpegRead {
  jpeg_decompress_struct cinfo {};
  jpeg_error_mgr err {};
  jpeg_progress_mgr progress {};
  jmp_buf jump;
  char error[JMSG_LENGTH_MAX] = {};
  const std::string* bytes = nullptr;
  const std::string* name = nullptr;
  std::vector<uint8_t> pixels;
  int width = 0, height = 0, channels = 0;
  bool too_large = false;
};

void jpeg_fail(j_common_ptr cinfo) {
  auto* r = static_cast<JpegRead*>(cinfo->client_data);
  (*cinfo->err->format_message)(cinfo, r->error);
  std::longjmp(r->jump, 1);
}

void jpeg_message(j_common_ptr cinfo, int level) {
  if (level < 0) jpeg_fail(cinfo);  // warnings: corrupt or truncated data
}

void jpeg_scans(j_common_ptr cinfo) {
  auto* d = reinterpret_cast<j_decompress_ptr>(cinfo);
  if (d->input_scan_number > kMaxJpegScans) {
    auto* r = static_cast<JpegRead*>(cinfo->client_data);
    std::snprintf(r->error, sizeof r->error, "more than %d scans", kMaxJpegScans);
    std::longjmp(r->jump, 1);
  }
}

bool jpeg_decode(JpegRead* r) {
  if (setjmp(r->jump)) return false;
  jpeg_create_decompress(&r->cinfo);
  r->cinfo.mem->max_memory_to_use = 1L << 30;
  r->cinfo.progress = &r->progress;
  jpeg_mem_src(&r->cinfo, reinterpret_cast<const unsigned char*>(r->bytes->data()), static_cast<unsigned long>(r->bytes->size()));
  jpeg_read_header(&r->cinfo, TRUE);
  const long long w = r->cinfo.image_width, h = r->cinfo.image_height;
  if (!pixels_fit(w, h)) {
    r->width = static_cast<int>(std::min<long long>(w, 1 << 30)), r->height = static_cast<int>(std::min<long long>(h, 1 << 30));
    r->too_large = true;
    return false;
  }
  if (r->cinfo.num_components != 1 && r->cinfo.num_components != 3) {
    std::snprintf(r->error, sizeof r->error, "%d colour components (CMYK?); gray and colour JPEGs are read", r->cinfo.num_components);
    return false;
  }
  r->cinfo.out_color_space = r->cinfo.num_components == 1 ? JCS_GRAYSCALE : JCS_RGB;
  jpeg_start_decompress(&r->cinfo);
  r->width = static_cast<int>(r->cinfo.output_width);
  r->height = static_cast<int>(r->cinfo.output_height);
  r->channels = r->cinfo.output_components;
  // Rows grow as they are decoded: the scan data, not the header, decides how much memory a
  // sequential JPEG takes (its size in bytes bounds nothing: arithmetic coding needs almost none).
  const size_t row = static_cast<size_t>(r->width) * static_cast<size_t>(r->channels);
  while (r->cinfo.output_scanline < r->cinfo.output_height) {
    r->pixels.resize(row * (r->cinfo.output_scanline + 1));
    JSAMPROW line = r->pixels.data() + row * r->cinfo.output_scanline;
    jpeg_read_scanlines(&r->cinfo, &line, 1);
  }
  jpeg_finish_decompress(&r->cinfo);
  return true;
}

Image8 decode_jpeg(const std::string& bytes, const std::string& name, int channels) {
  auto r = std::make_unique<JpegRead>();
  r->bytes = &bytes;
  r->name = &name;
  r->cinfo.err = jpeg_std_error(&r->err);
  r->cinfo.client_data = r.get();
  r->err.error_exit = jpeg_fail;
  r->err.emit_message = jpeg_message;
  r->progress.progress_monitor = jpeg_scans;
  const bool ok = jpeg_decode(r.get());
  jpeg_destroy_decompress(&r->cinfo);
  if (r->too_large) check_pixels(name, "JPEG", r->width, r->height);
  if (!ok) refuse(name, std::string("not a readable JPEG (libjpeg-turbo: ") + r->error + ")");
  return convert(r->width, r->height, r->channels, r->pixels.data(), channels);
}
#endif

// The formats we do not read, by their first bytes, else by the file's extension.
const char* refused_format(const std::string& bytes, const std::string& name) {
  if (starts(bytes, "GIF87a", 6) || starts(bytes, "GIF89a", 6)) return "GIF";
  if (starts(bytes, "8BPS", 4)) return "PSD";
  if (starts(bytes, "#?RADIANCE", 10) || starts(bytes, "#?RGBE", 6)) return "Radiance HDR";
  if (starts(bytes, "II*\0", 4) || starts(bytes, "MM\0*", 4)) return "TIFF";
  if (bytes.size() >= 12 && starts(bytes, "RIFF", 4) && bytes.compare(8, 4, "WEBP") == 0) return "WebP";
  if (starts(bytes, "qoif", 4)) return "QOI";
  if (starts(bytes, "\x53\x80\xF6\x34", 4)) return "Softimage PIC";
  if (starts(bytes, "\x76\x2f\x31\x01", 4)) return "OpenEXR";
  if (bytes.size() >= 2 && bytes[0] == 'P' && (bytes[1] == '1' || bytes[1] == '2' || bytes[1] == '3' || bytes[1] == '4'))
    return "plain-text or 1-bit PNM (P1 to P4)";
  if (starts(bytes, "P7", 2)) return "PAM (P7)";
  if (starts(bytes, "PF", 2) || starts(bytes, "Pf", 2)) return "PFM";
  const size_t dot = name.rfind('.');
  std::string ext = dot == std::string::npos || name.find('/', dot) != std::string::npos ? "" : name.substr(dot + 1);
  for (char& c : ext) c = static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
  static const std::pair<const char*, const char*> by_ext[] = {
      {"tga", "TGA"}, {"psd", "PSD"}, {"hdr", "Radiance HDR"}, {"pic", "Softimage PIC"}, {"gif", "GIF"}, {"tif", "TIFF"},
      {"tiff", "TIFF"}, {"webp", "WebP"}, {"ico", "ICO"}, {"avif", "AVIF"}, {"heic", "HEIC"}, {"exr", "OpenEXR"}, {"qoi", "QOI"}};
  for (const auto& [e, format] : by_ext)
    if (ext == e) return format;
  return nullptr;
}

constexpr const char* kReadFormats = "PNG, JPEG, PGM/PPM (P5/P6) and BMP";

#if SCANSCOPE_HAVE_PNG
// ---- PNG writing through libpng, into memory (write_output replaces the file atomically).
struct PngWrite {
  std::string out;
  char error[256] = {};
  png_structp png = nullptr;
  png_infop info = nullptr;
};

void png_to_memory(png_structp png, png_bytep data, png_size_t n) {
  static_cast<PngWrite*>(png_get_io_ptr(png))->out.append(reinterpret_cast<const char*>(data), n);
}
void png_write_fail(png_structp png, png_const_charp message) {
  auto* w = static_cast<PngWrite*>(png_get_error_ptr(png));
  std::snprintf(w->error, sizeof w->error, "%s", message ? message : "unknown error");
  png_longjmp(png, 1);
}
void png_no_flush(png_structp) {}

bool png_encode(PngWrite* w, int width, int height, int channels, const uint8_t* pixels) {
  if (setjmp(png_jmpbuf(w->png))) return false;
  png_set_write_fn(w->png, w, png_to_memory, png_no_flush);
  static const int kColour[] = {PNG_COLOR_TYPE_GRAY, PNG_COLOR_TYPE_GRAY_ALPHA, PNG_COLOR_TYPE_RGB, PNG_COLOR_TYPE_RGB_ALPHA};
  png_set_IHDR(w->png, w->info, static_cast<png_uint_32>(width), static_cast<png_uint_32>(height), 8, kColour[channels - 1],
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(w->png, w->info);
  const size_t row = static_cast<size_t>(width) * static_cast<size_t>(channels);
  for (int y = 0; y < height; ++y) png_write_row(w->png, pixels + row * static_cast<size_t>(y));
  png_write_end(w->png, nullptr);
  return true;
}
#endif

}  // namespace

bool image_io_built() {
#if SCANSCOPE_HAVE_PNG
  return true;
#else
  return false;
#endif
}

Image8 decode_image(const std::string& bytes, const std::string& name, int channels) {
  if (channels != 1 && channels != 3 && channels != 4) throw std::invalid_argument("decode_image: channels must be 1, 3 or 4");
  if (starts(bytes, "\x89PNG\r\n\x1a\n", 8)) {
#if SCANSCOPE_HAVE_PNG
    return decode_png(bytes, name, channels);
#else
    refuse(name, "a PNG, and this scanscope was built without libpng (libpng-dev)");
#endif
  }
  if (starts(bytes, "\xff\xd8\xff", 3)) {
#if SCANSCOPE_HAVE_JPEG
    return decode_jpeg(bytes, name, channels);
#else
    refuse(name, "a JPEG, and this scanscope was built without libjpeg-turbo (libjpeg62-turbo-dev)");
#endif
  }
  if (starts(bytes, "P5", 2) || starts(bytes, "P6", 2)) return decode_pnm(bytes, name, channels);
  if (starts(bytes, "BM", 2)) return decode_bmp(bytes, name, channels);
  if (const char* format = refused_format(bytes, name))
    refuse(name, std::string("a ") + format + " image, which scanscope does not read (it reads " + kReadFormats + ")");
  refuse(name, "cannot read as an image (not PNG, JPEG, PGM/PPM or BMP)");
}

Image8 load_image(const std::string& path, int channels) { return decode_image(read_text_file(path, kMaxImageBytes, "an image"), path, channels); }

void save_png(const std::string& path, int width, int height, int channels, const uint8_t* pixels) {
#if SCANSCOPE_HAVE_PNG
  if (width <= 0 || height <= 0 || channels < 1 || channels > 4) throw std::runtime_error(path + ": PNG encoding failed (no pixels)");
  PngWrite w;
  w.png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &w, png_write_fail, png_quiet);
  if (w.png) w.info = png_create_info_struct(w.png);
  if (!w.png || !w.info) {
    png_destroy_write_struct(w.png ? &w.png : nullptr, nullptr);
    throw std::runtime_error(path + ": PNG encoding failed (out of memory)");
  }
  const bool ok = png_encode(&w, width, height, channels, pixels);
  png_destroy_write_struct(&w.png, &w.info);
  if (!ok) throw std::runtime_error(path + ": PNG encoding failed (libpng: " + w.error + ")");
  write_output(path, w.out);
#else
  (void)width, (void)height, (void)channels, (void)pixels;
  throw std::runtime_error(path + ": this scanscope was built without libpng (libpng-dev), so it writes no PNG files");
#endif
}

}  // namespace scanscope
