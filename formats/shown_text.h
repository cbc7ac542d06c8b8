// Text that came from a file (a trace, a bench recording, a lesson, an exercise, a kernel file,
// an error quoting one), made fit to show: the one function every such string goes through before
// it reaches the terminal or the window. The readers refuse C0 control characters in names, but a
// file may still hold C1 controls (U+0080..U+009F: U+009B starts an escape sequence in terminals
// that take 8-bit controls), bidirectional overrides that reorder what follows, bytes that are not
// UTF-8, and texts long enough to cost ImGui more vertices than a frame holds.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace scanscope {

// A name or a line (a kernel, a device, a step label, a title, an error message).
constexpr size_t kMaxShownLine = 2000;
// A text of several lines (a lesson step, a file's source).
constexpr size_t kMaxShownText = 16000;

// `text` with every control character, C1 control, bidirectional control and byte that is not
// UTF-8 written as an escape ("\x1b", "\u009b", "\u202e", "\xff"); line breaks and tabs kept where
// `lines` (else escaped too); cut at a whole character when longer than max_bytes, with
// " ... (N more bytes)" after it. Text without any of these (and short enough) comes back as it is.
std::string shown_text(std::string_view text, size_t max_bytes = kMaxShownLine, bool lines = false);

}  // namespace scanscope
