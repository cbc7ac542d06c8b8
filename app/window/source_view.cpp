// The code view's model (see source_view.h).
#include "source_view.h"

#include <algorithm>
#include <regex>
#include <tuple>

#include "formats/lesson_numbers.h"
#include "model.h"

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

std::vector<int> instruction_sites(const Trace& t, int site) {
  if (site < 0 || site >= static_cast<int>(t.sites.size())) return {};
  const SourceSite& s = t.sites[site];
  if (s.vector_group < 0 || s.vector_width < 2) return {site};
  std::vector<int> out;
  for (int i = 0; i < static_cast<int>(t.sites.size()); ++i)
    if (t.sites[i].vector_group == s.vector_group && t.sites[i].op == s.op) out.push_back(i);
  std::sort(out.begin(), out.end(), [&](int a, int b) {
    const SourceSite &x = t.sites[a], &y = t.sites[b];
    return std::tie(x.file, x.line, x.col) < std::tie(y.file, y.line, y.col);
  });
  return out;
}

std::string expand_tabs(const std::string& line) {
  std::string out;
  int column = 0;  // shown characters so far
  for (size_t i = 0; i < line.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(line[i]);
    if (c == '\t') {
      const int next = (column / kTabWidth + 1) * kTabWidth;
      out.append(static_cast<size_t>(next - column), ' ');
      column = next;
      continue;
    }
    out += static_cast<char>(c);
    if ((c & 0xC0) != 0x80) ++column;  // a UTF-8 continuation byte adds no character
  }
  return out;
}

int shown_offset(const std::string& line, int col) {
  const int byte = std::clamp(col - 1, 0, static_cast<int>(line.size()));
  return static_cast<int>(expand_tabs(line.substr(0, static_cast<size_t>(byte))).size());
}

int utf8_chars(const std::string& text, int begin, int end) {
  if (end < 0 || end > static_cast<int>(text.size())) end = static_cast<int>(text.size());
  int n = 0;
  for (int i = std::max(0, begin); i < end; ++i) n += (static_cast<unsigned char>(text[i]) & 0xC0) != 0x80;
  return n;
}

namespace {

// The byte offset `chars` characters after `from` (or the end).
int advance_chars(const std::string& s, int from, int chars) {
  int i = from;
  const int n = static_cast<int>(s.size());
  while (i < n && chars > 0) {
    ++i;
    while (i < n && (static_cast<unsigned char>(s[i]) & 0xC0) == 0x80) ++i;
    --chars;
  }
  return i;
}

bool breaks_after(char c) { return c == ',' || c == ';' || c == '(' || c == ')'; }

}  // namespace

std::vector<CodeRow> wrap_code(const std::vector<std::string>& shown_lines, int width) {
  width = std::max(8, width);
  std::vector<CodeRow> rows;
  for (int li = 0; li < static_cast<int>(shown_lines.size()); ++li) {
    const std::string& s = shown_lines[li];
    const int n = static_cast<int>(s.size());
    const size_t lead = s.find_first_not_of(' ');
    const int indent = std::min(lead == std::string::npos ? 0 : static_cast<int>(lead), width / 3);
    int pos = 0;
    bool cont = false;
    while (true) {
      const int room = cont ? width - indent : width;
      int cut = advance_chars(s, pos, room);
      if (cut >= n) {
        rows.push_back({li, pos, n, cont ? indent : 0, cont});
        break;
      }
      // Break in the row's second half: after ", " or "; " (between arguments or clauses), else
      // after a blank, else after a punctuation mark, else at the row's end.
      // Never inside the line's indentation: a first row of blanks alone showed the line's number
      // beside nothing (Hillis-Steele's line 38 in a narrow code panel at 1280x720 presenter).
      const int text_start = pos == 0 && lead != std::string::npos ? static_cast<int>(lead) : pos;
      const int half = std::max(advance_chars(s, pos, room / 2), text_start + 1);
      auto last_break = [&](auto ok) {
        for (int q = cut; q > half; --q)
          if (ok(q)) return q;
        return -1;
      };
      int q = last_break([&](int k) { return s[k - 1] == ' ' && k >= 2 && (s[k - 2] == ',' || s[k - 2] == ';'); });
      if (q < 0) q = last_break([&](int k) { return s[k - 1] == ' '; });
      if (q < 0) q = last_break([&](int k) { return breaks_after(s[k - 1]); });
      if (q > 0) cut = q;
      rows.push_back({li, pos, cut, cont ? indent : 0, cont});
      pos = cut;
      while (pos < n && s[pos] == ' ') ++pos;  // a continuation starts at its first non-blank
      if (pos >= n) break;
      cont = true;
    }
  }
  return rows;
}

namespace {
// The rows [first, last] of a line, or {-1, -1}.
std::pair<int, int> line_rows(const std::vector<CodeRow>& rows, int line) {
  const int r0 = first_row_of(rows, line);
  if (r0 < 0) return {-1, -1};
  int r1 = r0;
  while (r1 + 1 < static_cast<int>(rows.size()) && rows[r1 + 1].line == line) ++r1;
  return {r0, r1};
}
}  // namespace

CodeScroll code_scroll(const std::vector<CodeRow>& rows, const std::set<int>& cur_lines, const std::set<int>& cited, int visible) {
  CodeScroll out;
  visible = std::max(1, visible);
  int cur0 = -1, cur1 = -1, cit0 = -1, cit1 = -1;
  for (int l : cur_lines) {
    const auto [r0, r1] = line_rows(rows, l);
    if (r0 < 0) continue;
    cur0 = cur0 < 0 ? r0 : std::min(cur0, r0);
    cur1 = std::max(cur1, r1);
  }
  for (int l : cited) {
    const auto [r0, r1] = line_rows(rows, l);
    if (r0 < 0) continue;
    cit0 = cit0 < 0 ? r0 : std::min(cit0, r0);
    cit1 = std::max(cit1, r1);
  }
  // Rows [a, b] in the middle of the view, on whole rows: the extra row, where the free rows are
  // odd, goes below.
  auto centred = [&](int a, int b) { return std::max(0, a - (visible - (b - a + 1)) / 2); };
  if (cit0 < 0) {  // nothing cited: the current line a third down
    out.span = cur0 < 0 ? 0 : cur1 - cur0 + 1;
    out.top = std::max(0, std::max(0, cur0) - static_cast<int>(visible * 0.35f));
    return out;
  }
  const int all0 = cur0 < 0 ? cit0 : std::min(cur0, cit0), all1 = std::max(cur1, cit1);
  out.span = all1 - all0 + 1;
  if (all1 - all0 + 1 <= visible) {
    out.top = centred(all0, all1);
  } else if (cit1 - cit0 + 1 <= visible) {
    out.span = cit1 - cit0 + 1;
    out.top = centred(cit0, cit1);
  } else {  // the first cited line at the top; the rest said
    out.span = cit1 - cit0 + 1;
    out.fits = false;
    out.top = cit0;
  }
  return out;
}

std::string cited_out_of_view(const std::vector<CodeRow>& rows, const std::set<int>& cited, int first, int visible, int* in_view) {
  std::vector<int> below, above;
  int n = 0;
  for (int l : cited) {
    const auto [r0, r1] = line_rows(rows, l);
    if (r0 < 0) continue;
    if (r0 >= first && (r1 < first + visible || r0 == first)) ++n;  // whole, or from the view's top where taller than the view
    else (r1 >= first + visible ? below : above).push_back(l + 1);
  }
  if (in_view) *in_view = n;
  auto say = [](const std::vector<int>& ls, const char* where) {
    std::string t = ls.size() == 1 ? "line " : "lines ";
    for (size_t i = 0; i < ls.size(); ++i) t += (i == 0 ? "" : i + 1 == ls.size() ? " and " : ", ") + std::to_string(ls[i]);
    return t + " " + where;
  };
  std::string out;
  if (!below.empty()) out = say(below, "below");
  if (!above.empty()) out += (out.empty() ? "" : "; ") + say(above, "above");
  return out;
}

int first_row_of(const std::vector<CodeRow>& rows, int line) {
  auto it = std::lower_bound(rows.begin(), rows.end(), line, [](const CodeRow& r, int l) { return r.line < l; });
  return it != rows.end() && it->line == line ? static_cast<int>(it - rows.begin()) : -1;
}

std::vector<CodeSpan> site_byte_spans(const Trace& t, int site, const std::vector<std::string>& raw_lines) {
  std::vector<CodeSpan> out;
  if (site < 0 || site >= static_cast<int>(t.sites.size())) return out;
  const SourceSite& s = t.sites[site];
  const int nlines = static_cast<int>(raw_lines.size());
  if (s.line < 1 || s.line > nlines) return out;
  const int last = std::clamp(s.end_line < s.line ? s.line : s.end_line, s.line, nlines);
  for (int l = s.line; l <= last; ++l) {
    const std::string& raw = raw_lines[l - 1];
    const int len = static_cast<int>(raw.size());
    int b = 0;
    if (l == s.line) {
      b = std::clamp(s.col - 1, 0, len);
    } else {
      const size_t first = raw.find_first_not_of(" \t");
      b = first == std::string::npos ? len : static_cast<int>(first);
    }
    const int e = l == last && s.end_line == last ? std::clamp(s.end_col - 1, 0, len) : len;
    if (e > b) out.push_back({l - 1, b, e});
  }
  return out;
}

std::vector<CodeSpan> site_spans(const Trace& t, int site, const std::vector<std::string>& raw_lines) {
  std::vector<CodeSpan> out = site_byte_spans(t, site, raw_lines);
  for (CodeSpan& sp : out) {
    const std::string& raw = raw_lines[sp.line];
    sp.begin = shown_offset(raw, sp.begin + 1);
    sp.end = shown_offset(raw, sp.end + 1);
  }
  return out;
}

std::string site_compiler_notes(const Trace& t, int site) {
  if (site < 0 || site >= static_cast<int>(t.sites.size())) return "";
  const SourceSite& cur = t.sites[site];
  const std::string path = cur.file >= 0 && cur.file < static_cast<int>(t.files.size()) ? t.files[cur.file] : "";
  std::string notes;
  for (int line : {cur.line, cur.stmt_line}) {
    const std::string prefix = path + ":" + std::to_string(line) + ": ";
    for (const auto& n : t.compiler_notes)
      if (n.rfind(prefix, 0) == 0) notes += (notes.empty() ? "" : "\n\n") + n.substr(prefix.size());
    if (cur.stmt_line == cur.line) break;
  }
  return notes;
}

int current_site(const Trace& t, int step, int warp, int inst) {
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return -1;
  const Step& st = t.steps[step];
  const std::vector<int> insts = warp_instructions(st, warp);
  if (!insts.empty()) return st.instructions[insts[std::clamp(inst, 0, static_cast<int>(insts.size()) - 1)]].site;
  return st.accesses.empty() ? -1 : st.accesses.front().site;
}

int current_global_site(const Trace& t, int step, int inst) {
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return -1;
  const auto& insts = t.steps[step].global_instructions;
  if (insts.empty()) return -1;
  return insts[std::clamp(inst, 0, static_cast<int>(insts.size()) - 1)].site;
}

std::set<int> step_site_lines(const Trace& t, int step, int file) {
  std::set<int> lines;
  if (step < 0 || step >= static_cast<int>(t.steps.size())) return lines;
  for (const auto& wi : t.steps[step].instructions)
    if (wi.site >= 0 && wi.site < static_cast<int>(t.sites.size()) && t.sites[wi.site].file == file) lines.insert(t.sites[wi.site].line - 1);
  return lines;
}

std::vector<int> cited_lines(const std::string& text, const std::string& path, bool own) {
  std::vector<int> out;
  for (const Written& w : written_numbers(text)) {
    if (w.kind != NumberKind::Line) continue;
    // The file: a kernel path right after the number and the ones joined to it ("lines 101 and
    // 102 of kernels/scan/scan-blelloch.cu"); none: the step's own kernel.
    static const std::regex of_file(R"(^((\s*(,|and|to|or)?\s*\d+)*)\s*(of|in)\s+(kernels/[A-Za-z0-9_/.-]*[A-Za-z0-9_]))");
    std::smatch m;
    const std::string rest = text.substr(w.offset + w.text.size());
    const std::string file = std::regex_search(rest, m, of_file) ? m[5].str() : "";
    if (file.empty() ? own : file == path) out.push_back(static_cast<int>(w.value));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace scanscope
