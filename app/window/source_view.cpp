// The code view's model (see source_view.h).
#include "source_view.h"

#include <cctype>
#include <regex>

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

SiteTable parse_sites(const std::vector<std::string>& lines) {
  SiteTable t;
  static const std::regex ns_re(R"(namespace\s+(\w+_site)\s*\{)");
  static const std::regex item_re(R"((\w+)\s*=\s*(\d+))");
  bool in_enum = false;
  for (const auto& line : lines) {
    std::smatch m;
    if (!in_enum && std::regex_search(line, m, ns_re)) {
      t.ns = m[1];
      in_enum = true;
      continue;
    }
    if (!in_enum) continue;
    for (auto it = std::sregex_iterator(line.begin(), line.end(), item_re); it != std::sregex_iterator(); ++it)
      t.names[std::stoi((*it)[2])] = (*it)[1];
    if (line.find('}') != std::string::npos && line.find("};") != std::string::npos) break;
  }
  return t;
}

std::pair<int, int> struct_lines(const std::vector<std::string>& lines, const std::string& struct_name) {
  const std::string head = "struct " + struct_name + " {";
  for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
    if (lines[i].rfind(head, 0) != 0) continue;
    for (int j = i + 1; j < static_cast<int>(lines.size()); ++j)
      if (lines[j].rfind("};", 0) == 0) return {i, j};
    return {i, static_cast<int>(lines.size()) - 1};
  }
  return {-1, -1};
}

int site_line(const std::vector<std::string>& lines, const SiteTable& sites, int site, const std::string& struct_name) {
  auto it = sites.names.find(site);
  if (it == sites.names.end()) return -1;
  const std::string needle = sites.ns + "::" + it->second;
  auto uses = [&](const std::string& line) {
    size_t pos = line.find(needle);
    while (pos != std::string::npos) {
      size_t end = pos + needle.size();
      if (end >= line.size() || !(std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_')) return true;
      pos = line.find(needle, end);
    }
    return false;
  };
  auto [first, last] = struct_lines(lines, struct_name);
  if (first >= 0)
    for (int i = first; i <= last; ++i)
      if (uses(lines[i])) return i;
  for (int i = 0; i < static_cast<int>(lines.size()); ++i)
    if (uses(lines[i])) return i;
  return -1;
}

}  // namespace scanscope

#include "engine/catalogue.h"

namespace scanscope {

SiteLocation locate_site(const std::string& file, const std::string& struct_name, int site) {
  SiteLocation loc;
  const char* text = embedded_source(file);
  if (!text) return loc;
  const auto lines = split_lines(text);
  const SiteTable own = parse_sites(lines);
  if (own.names.count(site)) {
    loc.file = file;
    loc.name = own.names.at(site);
    loc.line = site_line(lines, own, site, struct_name);
    return loc;
  }
  static const std::regex include_re(R"re(#include\s+"(kernels/legacy/\w+_kernels\.h)")re");
  for (const auto& line : lines) {
    std::smatch m;
    if (!std::regex_search(line, m, include_re)) continue;
    const std::string other = m[1].str();
    const char* other_text = embedded_source(other);
    if (!other_text) continue;
    const auto other_lines = split_lines(other_text);
    const SiteTable table = parse_sites(other_lines);
    if (!table.names.count(site)) continue;
    loc.file = other;
    loc.name = table.names.at(site);
    loc.line = site_line(other_lines, table, site, struct_name);
    return loc;
  }
  return loc;
}

std::string site_name(const std::string& kernel, int site) {
  const KernelInfo* k = find_kernel(kernel);
  if (k) {
    SiteLocation loc = locate_site(k->source_file, k->struct_name, site);
    if (!loc.name.empty()) return loc.name;
  }
  return "site " + std::to_string(site);
}
}  // namespace scanscope
