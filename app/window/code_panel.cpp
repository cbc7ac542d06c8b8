// Code view: the kernel file the trace ran (as the trace carries it), the expression of the
// current access highlighted at its line and columns, the step's other accesses marked, and one
// sentence saying what the step does. Tabs are shown as spaces to the next multiple of kTabWidth;
// a line wider than the panel wraps onto continuation rows marked "»" in the line-number gutter,
// so nothing is cut off at the panel's edge (no horizontal scrolling).
#include <algorithm>
#include <cmath>
#include <set>

#include "model.h"
#include "formats/shown_text.h"
#include "panels.h"

namespace scanscope {

// Whole rows only (issue 24: at 1280x720 presenter the top line was cut across): rows are placed
// a whole number of pixels apart (`pitch`; ImGui's own layout truncates each row's advance, so
// row k drifted from k * lh), the view scrolls by whole rows (code_scroll), and a row the view's
// edge would still cut (the last, where the view is not a whole number of rows high) is not drawn.
struct CodeRowGrid {
  float pad = 0, view_h = 0, spacing = 0, pitch = 1, view_top = 0, view_bottom = 0;
  float gutter = 0, cw = 0;  // the line numbers' column; one character's advance
  int digits = 2;            // the line numbers' width: as many digits as the file's last line needs
  int nrows = 0, visible = 1;
  ImVec2 origin;  // row 0's top, moved up by the scroll
};

namespace {

// "kernels/reduce/reduce-sequential.cu" when it fits in `width`, else ".../reduce-sequential.cu".
std::string fitting_path(const std::string& path, float width) {
  if (ImGui::CalcTextSize(path.c_str()).x <= width) return path;
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : ".../" + path.substr(slash + 1);
}

constexpr int kCodeRows = 5;  // the cited line and two neighbours each side

// What the panel marks in the file shown: the current access (its instruction's sites: one, or the
// accesses the compiler merged into one vector access) with its expression's spans, the step's
// other access lines, and the lines the open lesson step cites (all 0-based lines).
struct CodeMarks {
  int shared_site = -1, site = -1;  // the current access: shared memory's, else the grid panel's global one
  const SourceSite* cur = nullptr;
  bool fault_step = false;          // the last step of a trace stopped by a fault: its line, in the error colour
  std::vector<int> cur_sites;
  std::vector<CodeSpan> spans;
  std::set<int> cur_lines, step_lines, cited;
};

// The current access: the warp view's selected instruction, else the step's first access. A step
// without shared-memory accesses: the grid panel's global instruction.
CodeMarks current_access(const AppState& s) {
  const Trace& t = s.trace;
  CodeMarks k;
  k.shared_site = current_site(t, s.step, s.selected_warp, s.selected_inst);
  k.site = k.shared_site >= 0 ? k.shared_site : current_global_site(t, s.step, s.grid_inst);
  k.cur = k.site >= 0 && k.site < static_cast<int>(t.sites.size()) ? &t.sites[k.site] : nullptr;
  k.fault_step = at_fault_step(s) && t.fault_file >= 0 && t.fault_file < static_cast<int>(t.file_texts.size());
  return k;
}

// The rest of the marks, in the file shown (`file`, its `lines` as the trace carries them).
void mark_lines(const AppState& s, int file, const std::vector<std::string>& lines, CodeMarks* k) {
  const Trace& t = s.trace;
  if (k->cur) k->cur_sites = instruction_sites(t, k->site);
  for (int cs : k->cur_sites) {
    if (t.sites[cs].file != file) continue;
    for (const auto& sp : site_spans(t, cs, lines)) {
      k->spans.push_back(sp);
      k->cur_lines.insert(sp.line);
    }
  }
  if (k->fault_step) k->cur_lines = {t.fault_line - 1};  // scrolled into view as an access's line is
  k->step_lines = step_site_lines(t, s.step, file);
  if (current_lesson_step(s) && file >= 0) {
    const FilledStep& f = s.lesson.shown;
    for (int l : cited_lines(f.text + "\n" + f.question + "\n" + f.answer, t.files[file], file == main_file_index(t))) k->cited.insert(l - 1);
  }
}

// --- Draw: the step's sentence, where it leaves the code its kCodeRows rows (a narrow panel wraps
// it onto many lines); the code's rows come first.
void draw_step_sentence(const AppState& s, const UiContext& ui, const Rect& c) {
  const std::string sentence = describe_step(s.trace, s.step);
  const float sentence_h = ImGui::CalcTextSize(sentence.c_str(), nullptr, false, c.w).y + ImGui::GetStyle().ItemSpacing.y;
  const float code_rows_h = kCodeRows * (ui.fonts.mono->FontSize + ImGui::GetStyle().ItemSpacing.y) + 2 * ImGui::GetStyle().WindowPadding.y;
  const float where_h = 2 * (ImGui::GetFontSize() + ImGui::GetStyle().ItemSpacing.y);
  const bool with_sentence = c.h - sentence_h - where_h >= code_rows_h;
  if (with_sentence) ImGui::TextUnformatted(sentence.c_str());
}

// --- Draw: where the access is: the file (shortened to its name when the path does not fit), the
// line and the expression (a merged vector access, a wide one, a global one said so); a fault's
// line and message in the error colour.
void draw_access_line(AppState& s, const UiContext& ui, int file, const CodeMarks& k) {
  const Trace& t = s.trace;
  const SourceSite* cur = k.cur;
  const std::string path = file >= 0 ? t.files[file] : "";
  const std::string shown_path = fitting_path(path, ImGui::GetContentRegionAvail().x);
  if (k.fault_step) {
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.35f, 1), "%s", (shown_path + ", line " + std::to_string(t.fault_line) + ": FAULT, " + shown_text(t.fault)).c_str());
  } else if (cur) {
    std::string where = shown_path + ", line " + std::to_string(cur->line) + ": " + site_text(t, k.site);
    for (size_t i = 1; i < k.cur_sites.size(); ++i) where += " + line " + std::to_string(t.sites[k.cur_sites[i]].line) + ": " + site_text(t, k.cur_sites[i]);
    if (cur->vector_width > 1)  // the compiler merged this access with the thread's next: one vector access
      where += ", one " + std::to_string(4 * cur->vector_width) + "-byte " + (cur->op == kStore ? "store" : "load") +
               (k.cur_sites.size() > 1 ? "" : " (the loop's turns merged)");
    else if (cur->bytes > 4)  // a whole int2 / float4, as the source writes it
      where += ", one " + std::to_string(cur->bytes) + "-byte " + (cur->op == kStore ? "store" : cur->op == kAtomic ? "atomic" : "load") + " per thread";
    if (cur->gated >= 0 && cur->gated < static_cast<int>(t.sites.size()))  // the compiler moved the load under the store's condition
      where += ", made only by the threads that store at line " + std::to_string(t.sites[cur->gated].line) +
               (!cur->gated_sites.empty()    ? " and others (each copy of the unrolled loop by the store of its own line)"
                : !cur->gated_copies.empty() ? " (copy by copy of the unrolled loop)"
                : cur->gated_exit         ? " (the others leave before it)"
                                          : " (predicated with its condition)");
    if (k.shared_site < 0)
      where += std::string("  (global ") + (cur->op == kStore ? "store" : cur->op == kLoad ? "load" : "atomic") +
               (s.have_grid ? ", the grid panel's instruction)" : ")");
    // The compiler view's notes on this line (engine/compiler_view.cpp: where the SASS says the
    // line's prediction may differ from the GPU's counters): marked here, in full under it on N.
    const std::string notes = shown_text(site_compiler_notes(t, k.site));
    if (!notes.empty()) where += s.compiler_notes_shown ? "  (compiler note below: counts may differ; N hides it)" : "  (compiler note: counts may differ; N shows it)";
    ImGui::TextDisabled("%s", where.c_str());
    if (!notes.empty()) compiler_notes_under(s, ui, "code", notes);
  } else {
    ImGui::TextDisabled("%s  (no shared-memory access in this step)", shown_path.c_str());
  }
}

// What the rows drawn showed, for the layout report.
struct RowsShown {
  int whole = 0, first_whole = -1;
  bool top_cut = false;
};

// --- Draw: one row of code at p: its background (the faulting line; the access's line and its
// expression; the step's other access lines), the gutter (its number, "»" for a continuation, the
// lesson's cited lines marked) and its text.
void draw_code_row(ImDrawList* dl, const CodeRow& row, const std::string& line, ImVec2 p, const CodeRowGrid& rg, const CodeMarks& k) {
  const ImU32 text_col = ImGui::GetColorU32(ImVec4(0.95f, 0.95f, 0.95f, 1));
  const ImU32 mark_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 line_bg = col(kChangedColor.with_alpha(60)), expr_bg = col(kChangedColor.with_alpha(150));
  const ImU32 step_bg = IM_COL32(86, 180, 233, 45);
  const float pitch = rg.pitch, gutter = rg.gutter;
  const float w = ImGui::GetWindowWidth();
  const std::string lead = std::string(static_cast<size_t>(row.indent), ' ');
  if (k.fault_step && k.cur_lines.count(row.line)) {
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + pitch), IM_COL32(230, 90, 70, 110));  // the faulting line
  } else if (k.cur_lines.count(row.line)) {
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + pitch), line_bg);
    // the expression itself, on this row's part of the line
    for (const auto& sp : k.spans) {
      if (sp.line != row.line) continue;
      const int b = std::max(sp.begin, row.begin), e = std::min(sp.end, row.end);
      if (e <= b) continue;
      auto x_at = [&](int off) { return p.x + gutter + ImGui::CalcTextSize((lead + line.substr(row.begin, off - row.begin)).c_str()).x; };
      dl->AddRectFilled(ImVec2(x_at(b) - 1, p.y), ImVec2(x_at(e) + 1, p.y + pitch), expr_bg);
    }
  } else if (k.step_lines.count(row.line)) {
    dl->AddRectFilled(p, ImVec2(p.x + w, p.y + pitch), step_bg);
  }
  // The gutter: the line number, or "»" where the line goes on from the row above.
  const int digits = rg.digits;
  const std::string num = row.continuation ? std::string(static_cast<size_t>(digits - 1), ' ') + "\xC2\xBB"
                                           : std::string(static_cast<size_t>(std::max(0, digits - static_cast<int>(std::to_string(row.line + 1).size()))), ' ') +
                                                 std::to_string(row.line + 1);
  const bool cited_row = !row.continuation && k.cited.count(row.line);
  if (cited_row) dl->AddRectFilled(p, ImVec2(p.x + gutter - rg.cw, p.y + pitch), col(kTitleText.with_alpha(70)));  // the lesson cites it
  dl->AddText(p, row.continuation ? mark_col : cited_row ? col(kTitleText) : text_col, num.c_str());
  const std::string text = lead + line.substr(row.begin, row.end - row.begin);
  dl->AddText(ImVec2(p.x + gutter, p.y), text_col, text.c_str());
}

// --- Draw: the rows in view, whole rows only (a row the view's edge cuts is left out).
RowsShown draw_code_rows(ImDrawList* dl, const std::vector<CodeRow>& rows, const std::vector<std::string>& shown, const CodeRowGrid& rg, const CodeMarks& k) {
  RowsShown out;
  const float pitch = rg.pitch, spacing = rg.spacing;
  const int i0 = std::clamp(static_cast<int>(std::floor((rg.view_top - rg.origin.y) / pitch)), 0, rg.nrows);
  const int i1 = std::clamp(static_cast<int>(std::ceil((rg.view_bottom - rg.origin.y) / pitch)) + 1, i0, rg.nrows);
  for (int i = i0; i < i1; ++i) {
    const ImVec2 p(rg.origin.x, rg.origin.y + i * pitch);
    if (p.y + pitch - spacing <= rg.view_top || p.y >= rg.view_bottom) continue;  // outside the view
    if (p.y < rg.view_top - 0.5f || p.y + pitch - spacing > rg.view_bottom + 0.5f) {  // cut by the view's edge: not drawn
      out.top_cut = out.top_cut || p.y < rg.view_top - 0.5f;
      continue;
    }
    ++out.whole;
    if (out.first_whole < 0) out.first_whole = i;
    draw_code_row(dl, rows[i], shown[rows[i].line], p, rg, k);
  }
  return out;
}

// --- Draw: the cited lines out of view, stated on a bar over the view's last (first) whole row
// ("cited: line 38 below"), and the layout report's line for the cited lines.
void draw_cited_bar(ImDrawList* dl, AppState& s, const std::vector<CodeRow>& rows, const std::set<int>& cited, const CodeRowGrid& rg, float scroll, int span) {
  const float pitch = rg.pitch, spacing = rg.spacing;
  const int visible = rg.visible;
  const int first = std::max(0, static_cast<int>(std::ceil(scroll / pitch - 0.01f)));
  int in_view = 0;
  std::string note = cited_out_of_view(rows, cited, first, visible, &in_view);
  const bool below = note.find("below") != std::string::npos;
  if (!note.empty()) note = cited_out_of_view(rows, cited, below ? first : first + 1, visible - 1, &in_view);  // the bar takes a row
  int total = 0;
  for (int l : cited) total += first_row_of(rows, l) >= 0 ? 1 : 0;
  if (!note.empty()) {
    const ImVec2 wp = ImGui::GetWindowPos();
    const float y = below ? rg.view_top + (visible - 1) * pitch : rg.view_top;  // over the view's last (first) whole row
    const float x1 = wp.x + ImGui::GetWindowWidth() - ImGui::GetStyle().ScrollbarSize;
    dl->AddRectFilled(ImVec2(wp.x, y - spacing / 2), ImVec2(x1, y + pitch - spacing / 2), IM_COL32(40, 34, 16, 245));
    dl->AddText(ImVec2(wp.x + rg.gutter, y + (pitch - spacing - ImGui::GetFontSize()) / 2), col(kTitleText), ("cited: " + note).c_str());
  }
  s.layout_report.add({"code", "cited lines", in_view, total, ImGui::GetFontSize(),
                       note.empty() ? "" : note + ": the cited lines span " + std::to_string(span) + " rows, " + std::to_string(visible) + " in view"});
}

}  // namespace

float code_panel_min_height(const UiContext& ui) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float small_line = ui.fonts.small->FontSize + st.ItemSpacing.y;
  const float mono_line = ui.fonts.mono->FontSize + st.ItemSpacing.y;
  return ui.fonts.ui->FontSize + st.ItemSpacing.y + 3 * small_line + kCodeRows * mono_line + 2 * st.WindowPadding.y + 2 * st.ChildBorderSize + 4;
}

// The file again where the trace or the file shown changed: its lines as the trace carries them,
// escaped, capped and with tabs expanded; wrapped again at the next draw.
void CodePanel::refresh(const AppState& s, int file) {
  if (generation_ == s.trace_generation && file_ == file) return;
  const Trace& t = s.trace;
  generation_ = s.trace_generation;
  file_ = file;
  lines_ = split_lines(file_ >= 0 && file_ < static_cast<int>(t.file_texts.size()) ? t.file_texts[file_] : "");
  shown_.clear();
  for (const auto& l : lines_) shown_.push_back(shown_text(expand_tabs(l)));  // the file's text, escaped and capped per line
  rows_.clear();
  wrap_width_ = -1;
  scrolled_to_ = -2;
}

// The rows' grid in the code's child (the mono font pushed): the gutter, the rows wrapped to the
// view's width (again where it changed), whole-pixel row pitch and the rows that fit.
CodeRowGrid CodePanel::row_grid() {
  CodeRowGrid rg;
  const float lh = ImGui::GetTextLineHeightWithSpacing();
  for (size_t n = lines_.size(); n >= 100; n /= 10) ++rg.digits;
  const std::string gutter_digits = std::string(static_cast<size_t>(rg.digits), '0') + "  ";
  rg.cw = ImGui::CalcTextSize("MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM").x / 32.0f;  // one advance (CalcTextSize rounds up)
  rg.gutter = ImGui::CalcTextSize(gutter_digits.c_str()).x;
  const int width = std::max(8, static_cast<int>((ImGui::GetContentRegionAvail().x - rg.gutter) / std::max(1.0f, rg.cw)) - 1);
  if (width != wrap_width_) {
    rows_ = wrap_code(shown_, width);
    wrap_width_ = width;
    scrolled_to_ = -2;
  }
  rg.pad = ImGui::GetStyle().WindowPadding.y;
  rg.view_h = ImGui::GetWindowHeight() - 2 * rg.pad;
  rg.spacing = ImGui::GetStyle().ItemSpacing.y;
  rg.pitch = std::max(1.0f, std::floor(lh));
  rg.view_top = ImGui::GetWindowPos().y + rg.pad;
  rg.view_bottom = rg.view_top + rg.view_h;
  rg.nrows = static_cast<int>(rows_.size());
  rg.visible = std::max(1, static_cast<int>((rg.view_h + rg.spacing) / rg.pitch));  // the last row needs no spacing under it
  rg.origin = ImGui::GetCursorScreenPos();
  return rg;
}

// Scroll (code_scroll): the current line and the lines the lesson cites, centred where they all
// fit; else the cited lines; else from the first cited line, the others stated on a bar at the
// view's edge ("line 38 below"), and in the layout report. Returns the scroll the view will have.
float CodePanel::scroll_to(const CodeScroll& aim, float pitch) {
  const int key = aim.top * 1000 + std::min(999, aim.span);
  float scroll = ImGui::GetScrollY();
  if (key != scrolled_to_) {
    const float y = aim.top * pitch;  // row k where row 0 is at scroll 0: under the view's top padding
    scroll = std::clamp(y, 0.0f, std::max(0.0f, ImGui::GetScrollMaxY()));
    ImGui::SetScrollY(y);
    scrolled_to_ = key;
  }
  return scroll;
}

// The sentence and the access's line over the code, then the code's rows in a scrolling child.
void CodePanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  Rect c = begin_panel("##code", "Code", r);
  if (!s.have_trace) {
    end_panel();
    return;
  }
  const Trace& t = s.trace;
  if (t.files.empty()) {
    ImGui::TextDisabled("this trace holds no source (written by an older scanscope)");
    end_panel();
    return;
  }
  // A low panel sets the sentence and the line above the code in the small font: the code keeps
  // its lines (four panels at 1280x720 presenter left it four).
  const bool compact = c.h < 14.0f * ImGui::GetFontSize();
  if (compact) ImGui::PushFont(ui.fonts.small);
  ImGui::PushTextWrapPos(0);
  draw_step_sentence(s, ui, c);
  CodeMarks k = current_access(s);
  refresh(s, k.fault_step ? t.fault_file : k.cur ? k.cur->file : main_file_index(t));
  mark_lines(s, file_, lines_, &k);
  draw_access_line(s, ui, file_, k);
  ImGui::PopTextWrapPos();
  if (compact) ImGui::PopFont();

  ImGui::PushFont(ui.fonts.mono);
  ImGui::BeginChild("##src", ImVec2(0, 0), true, ImGuiWindowFlags_AlwaysVerticalScrollbar);
  const CodeRowGrid rg = row_grid();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const RowsShown shown = draw_code_rows(dl, rows_, shown_, rg, k);
  // What the view shows: its whole rows, and the line it starts on ("from line 37"; "top row cut"
  // would be a row half under the view's top edge, which the scroll by whole rows avoids).
  if (shown.first_whole >= 0)
    s.layout_report.add({"code", "rows", shown.whole, rg.visible, ImGui::GetFontSize(),
                         std::string(shown.top_cut ? "top row cut, " : "") + "from " + (rows_[shown.first_whole].continuation ? "a continuation of " : "") + "line " +
                             std::to_string(rows_[shown.first_whole].line + 1)});
  // The rows' height, and room under the last for the rest of the view, so that the file's end is
  // reached on a whole row too (row nrows - visible at the top).
  const float tail = rg.nrows > rg.visible ? std::max(0.0f, rg.view_h + rg.spacing - rg.visible * rg.pitch) : 0.0f;
  ImGui::Dummy(ImVec2(1, std::max(1.0f, rg.nrows * rg.pitch - rg.spacing + tail)));
  const CodeScroll aim = code_scroll(rows_, k.cur_lines, k.cited, rg.visible);
  const float scroll = scroll_to(aim, rg.pitch);
  if (!k.cited.empty()) draw_cited_bar(dl, s, rows_, k.cited, rg, scroll, aim.span);
  ImGui::EndChild();
  ImGui::PopFont();
  end_panel();
}

// The text cut into the lines ImGui's wrapping makes at width w in the current font ('\n' ends one).
static std::vector<std::string> wrapped_lines(const std::string& text, float w) {
  std::vector<std::string> out;
  ImFont* font = ImGui::GetFont();
  const float size = ImGui::GetFontSize();
  const char* p = text.c_str();
  const char* end = p + text.size();
  while (p < end) {
    const char* nl = std::find(p, end, '\n');
    if (p == nl) {
      out.emplace_back();
    }
    while (p < nl) {
      const char* cut = font->CalcWordWrapPositionA(size / font->FontSize, p, nl, w);
      if (cut <= p) cut = p + 1;  // a word wider than the box: one character a line at worst
      out.emplace_back(p, cut);
      p = cut;
      while (p < nl && *p == ' ') ++p;
    }
    p = nl + 1;
  }
  return out;
}

// --- Draw: the line's compiler notes in full (N, or a click on the header line): in the panel's
// font, in a box that leaves the code three rows; where the notes are longer than the box, its
// last line says so (F, the panel alone, gives them room; the hover shows them whole).
void draw_compiler_notes(AppState& s, const UiContext& ui, const char* panel, const std::string& notes) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float pad = st.FramePadding.y;
  std::vector<std::string> lines = wrapped_lines(notes, ImGui::GetContentRegionAvail().x - 2 * st.FramePadding.x);
  const float line_h = ImGui::GetTextLineHeight();
  const float code_min_h = 3 * (ui.fonts.mono->FontSize + st.ItemSpacing.y) + 2 * st.WindowPadding.y + st.ItemSpacing.y;
  const int fit = std::max(1, static_cast<int>(std::floor((ImGui::GetContentRegionAvail().y - code_min_h - 2 * pad - st.ItemSpacing.y) / line_h)));
  const int total = static_cast<int>(lines.size());
  if (total > fit) {
    lines.resize(static_cast<size_t>(fit));
    lines.back() = "... (" + std::to_string(total - fit + 1) + " lines more: F shows the panel alone)";
  }
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float w = ImGui::GetContentRegionAvail().x;
  const float h = static_cast<float>(lines.size()) * line_h + 2 * pad;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  dl->AddRectFilled(p, ImVec2(p.x + w, p.y + h), IM_COL32(77, 61, 20, 160), st.FrameRounding);
  for (size_t i = 0; i < lines.size(); ++i)
    dl->AddText(ImVec2(p.x + st.FramePadding.x, p.y + pad + static_cast<float>(i) * line_h), ImGui::GetColorU32(ImGuiCol_Text), lines[i].c_str());
  ImGui::Dummy(ImVec2(w, h));
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", notes.c_str());
  s.layout_report.add({panel, "compiler note lines", total > fit ? fit - 1 : total, total, ImGui::GetFontSize(), total > fit ? "the rest behind F or a hover" : ""});
}

void compiler_notes_under(AppState& s, const UiContext& ui, const char* panel, const std::string& notes) {
  if (ImGui::IsItemClicked()) s.compiler_notes_shown = !s.compiler_notes_shown;
  if (s.compiler_notes_shown) draw_compiler_notes(s, ui, panel, notes);
  else if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", notes.c_str());
}

}  // namespace scanscope
