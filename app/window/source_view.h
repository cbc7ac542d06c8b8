// The code view's model: the kernels' source text (embedded at build time), the access sites'
// names and numbers, and which line of a kernel carries a site.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace scanscope {

// Text of kernels/reduce_kernels.h or kernels/scan_kernels.h (nullptr for another file).
const char* embedded_source(const std::string& file);

std::vector<std::string> split_lines(const std::string& text);

// The `namespace X_site { enum : int { a = 1, b = 2 }; }` of a kernel file: number -> name.
struct SiteTable {
  std::string ns;  // "reduce_site" or "scan_site"
  std::map<int, std::string> names;
};
SiteTable parse_sites(const std::vector<std::string>& lines);

// Lines [first, last] of `struct NAME {` ... `};` (-1, -1 if absent).
std::pair<int, int> struct_lines(const std::vector<std::string>& lines, const std::string& struct_name);

// The line that uses `ns::name` (0-based), preferring one inside the struct's lines (kernels share
// helpers such as sequential_tree); -1 if none.
int site_line(const std::vector<std::string>& lines, const SiteTable& sites, int site, const std::string& struct_name);

}  // namespace scanscope

namespace scanscope {
// Where a kernel's access site is written: its own file when the file's site enum has the number,
// else a kernel file it includes (app kernels reuse the scans of scan_kernels.h with scan_site
// numbers). line is -1 when the site is unknown.
struct SiteLocation {
  std::string file;  // "kernels/scan_kernels.h"
  std::string name;  // the enum name, e.g. "up_a"
  int line = -1;     // 0-based
};
SiteLocation locate_site(const std::string& file, const std::string& struct_name, int site);

// The name of access site `site` of a catalogue kernel ("site 7" when unknown).
std::string site_name(const std::string& kernel, int site);
}  // namespace scanscope
