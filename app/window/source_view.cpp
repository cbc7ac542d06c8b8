// The code view's model (see source_view.h).
#include "source_view.h"

namespace scanscope {

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find('\n', start);
    if (end == std::string::npos) {
      if (start < text.size()) lines.push_back(text.substr(start));
      break;
    }
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  return lines;
}

int main_file_index(const Trace& t) {
  if (t.main_file >= 0 && t.main_file < static_cast<int>(t.files.size())) return t.main_file;
  return t.files.empty() ? -1 : static_cast<int>(t.files.size()) - 1;
}

std::string site_text(const Trace& t, int site) {
  if (site < 0 || site >= static_cast<int>(t.sites.size())) return "";
  const SourceSite& s = t.sites[site];
  if (s.file < 0 || s.file >= static_cast<int>(t.file_texts.size())) return "";
  const auto lines = split_lines(t.file_texts[s.file]);
  if (s.line < 1 || s.line > static_cast<int>(lines.size())) return "";
  const std::string& l = lines[s.line - 1];
  const int end = s.end_line == s.line ? s.end_col : static_cast<int>(l.size()) + 1;
  if (s.col < 1 || s.col > static_cast<int>(l.size()) || end <= s.col) return "";
  return l.substr(s.col - 1, std::min<size_t>(l.size() + 1, end) - s.col);
}

std::string site_label(const Trace& t, int site) {
  if (site < 0 || site >= static_cast<int>(t.sites.size())) return "site " + std::to_string(site);
  const std::string text = site_text(t, site);
  const std::string line = "line " + std::to_string(t.sites[site].line);
  return text.empty() ? line : text + ", " + line;
}

}  // namespace scanscope
