// The code view's model: the kernel's files as the trace carries them, and where each access
// site is written (file, line, the expression's columns).
#pragma once

#include <string>
#include <vector>

#include "engine/trace.h"

namespace scanscope {

std::vector<std::string> split_lines(const std::string& text);

// The file the code view opens on: the kernel file itself.
int main_file_index(const Trace& t);

// "temp[bi], line 31" (or "site 7" when the trace holds no source).
std::string site_label(const Trace& t, int site);

// The text of the site's expression (one line), or "".
std::string site_text(const Trace& t, int site);

}  // namespace scanscope
