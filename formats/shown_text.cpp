// Text from files, made fit to show (shown_text.h).
#include "formats/shown_text.h"

#include <cstdint>
#include <cstdio>

namespace scanscope {

namespace {

// The length of the UTF-8 sequence at text[i] and its code point; 0 when it is not one (a stray
// continuation byte, an overlong form, a surrogate, a cut sequence, beyond U+10FFFF).
size_t utf8_at(std::string_view text, size_t i, uint32_t* cp) {
  const auto b = [&](size_t k) { return static_cast<unsigned char>(text[i + k]); };
  const unsigned char c = b(0);
  size_t n = 0;
  uint32_t v = 0, min = 0;
  if (c < 0x80) {
    *cp = c;
    return 1;
  } else if ((c & 0xE0) == 0xC0) n = 2, v = c & 0x1F, min = 0x80;
  else if ((c & 0xF0) == 0xE0) n = 3, v = c & 0x0F, min = 0x800;
  else if ((c & 0xF8) == 0xF0) n = 4, v = c & 0x07, min = 0x10000;
  else return 0;
  if (i + n > text.size()) return 0;
  for (size_t k = 1; k < n; ++k) {
    if ((b(k) & 0xC0) != 0x80) return 0;
    v = (v << 6) | (b(k) & 0x3F);
  }
  if (v < min || v > 0x10FFFF || (v >= 0xD800 && v <= 0xDFFF)) return 0;
  *cp = v;
  return n;
}

// Characters that change how the rest is shown: C1 controls and the bidirectional marks,
// embeddings, overrides and isolates.
bool is_invisible_control(uint32_t cp) {
  return (cp >= 0x80 && cp <= 0x9F) || cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

}  // namespace

std::string shown_text(std::string_view text, size_t max_bytes, bool lines) {
  std::string out;
  out.reserve(std::min(text.size(), max_bytes) + 16);
  char buf[16];
  size_t i = 0;
  while (i < text.size()) {
    uint32_t cp = 0;
    const size_t n = utf8_at(text, i, &cp);
    std::string_view piece;
    if (n == 0) {
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned char>(text[i]));
      piece = buf;
    } else if (n == 1 && (cp < 0x20 || cp == 0x7F) && !(lines && (cp == '\n' || cp == '\t'))) {
      std::snprintf(buf, sizeof buf, "\\x%02x", static_cast<unsigned>(cp));
      piece = buf;
    } else if (is_invisible_control(cp)) {
      std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(cp));
      piece = buf;
    } else {
      piece = text.substr(i, n);
    }
    if (out.size() + piece.size() > max_bytes) {
      out += " ... (" + std::to_string(text.size() - i) + " more bytes)";
      return out;
    }
    out += piece;
    i += n == 0 ? 1 : n;
  }
  return out;
}

}  // namespace scanscope
