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

namespace {

// "kernels/reduce/reduce-sequential.cu" when it fits in `width`, else ".../reduce-sequential.cu".
std::string fitting_path(const std::string& path, float width) {
  if (ImGui::CalcTextSize(path.c_str()).x <= width) return path;
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : ".../" + path.substr(slash + 1);
}

constexpr int kCodeRows = 5;  // the cited line and two neighbours each side

}  // namespace

float code_panel_min_height(const UiContext& ui) {
  const ImGuiStyle& st = ImGui::GetStyle();
  const float small_line = ui.fonts.small->FontSize + st.ItemSpacing.y;
  const float mono_line = ui.fonts.mono->FontSize + st.ItemSpacing.y;
  return ui.fonts.ui->FontSize + st.ItemSpacing.y + 3 * small_line + kCodeRows * mono_line + 2 * st.WindowPadding.y + 2 * st.ChildBorderSize + 4;
}

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
  // The step's sentence goes where it would leave the code fewer than kCodeRows rows (a narrow
  // panel wraps it onto many lines); the code's rows come first.
  const std::string sentence = describe_step(t, s.step);
  const float sentence_h = ImGui::CalcTextSize(sentence.c_str(), nullptr, false, c.w).y + ImGui::GetStyle().ItemSpacing.y;
  const float code_rows_h = kCodeRows * (ui.fonts.mono->FontSize + ImGui::GetStyle().ItemSpacing.y) + 2 * ImGui::GetStyle().WindowPadding.y;
  const float where_h = 2 * (ImGui::GetFontSize() + ImGui::GetStyle().ItemSpacing.y);
  const bool with_sentence = c.h - sentence_h - where_h >= code_rows_h;
  if (with_sentence) ImGui::TextUnformatted(sentence.c_str());
  // The current access: the warp view's selected instruction, else the step's first access.
  // A step without shared-memory accesses: the grid panel's global instruction.
  const int shared_site = current_site(t, s.step, s.selected_warp, s.selected_inst);
  const int site = shared_site >= 0 ? shared_site : current_global_site(t, s.step, s.grid_inst);
  const SourceSite* cur = site >= 0 && site < static_cast<int>(t.sites.size()) ? &t.sites[site] : nullptr;
  // The last step of a trace stopped by a fault: its line, marked in the error colour.
  const bool fault_step = at_fault_step(s) && t.fault_file >= 0 && t.fault_file < static_cast<int>(t.file_texts.size());
  const int want = fault_step ? t.fault_file : cur ? cur->file : main_file_index(t);
  if (generation_ != s.trace_generation || file_ != want) {
    generation_ = s.trace_generation;
    file_ = want;
    lines_ = split_lines(file_ >= 0 && file_ < static_cast<int>(t.file_texts.size()) ? t.file_texts[file_] : "");
    shown_.clear();
    for (const auto& l : lines_) shown_.push_back(shown_text(expand_tabs(l)));  // the file's text, escaped and capped per line
    rows_.clear();
    wrap_width_ = -1;
    scrolled_to_ = -2;
  }
  // The instruction's sites: one, or the accesses the compiler merged into one vector access.
  const std::vector<int> cur_sites = cur ? instruction_sites(t, site) : std::vector<int>{};
  std::vector<CodeSpan> spans;
  std::set<int> cur_lines;
  for (int cs : cur_sites) {
    if (t.sites[cs].file != file_) continue;
    for (const auto& sp : site_spans(t, cs, lines_)) {
      spans.push_back(sp);
      cur_lines.insert(sp.line);
    }
  }
  if (fault_step) cur_lines = {t.fault_line - 1};  // scrolled into view as an access's line is
  const std::set<int> step_lines = step_site_lines(t, s.step, file_);
  // The lines the open lesson step's text cites in this file (0-based): marked, and kept in view.
  std::set<int> cited;
  if (current_lesson_step(s) && file_ >= 0) {
    const FilledStep& f = s.lesson.shown;
    for (int l : cited_lines(f.text + "\n" + f.question + "\n" + f.answer, t.files[file_], file_ == main_file_index(t))) cited.insert(l - 1);
  }
  // Where: the file (shortened to its name when the path does not fit), the line, the expression.
  const std::string path = file_ >= 0 ? t.files[file_] : "";
  const std::string shown_path = fitting_path(path, ImGui::GetContentRegionAvail().x);
  if (fault_step) {
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.35f, 1), "%s", (shown_path + ", line " + std::to_string(t.fault_line) + ": FAULT, " + shown_text(t.fault)).c_str());
  } else if (cur) {
    std::string where = shown_path + ", line " + std::to_string(cur->line) + ": " + site_text(t, site);
    for (size_t i = 1; i < cur_sites.size(); ++i) where += " + line " + std::to_string(t.sites[cur_sites[i]].line) + ": " + site_text(t, cur_sites[i]);
    if (cur->vector_width > 1)  // the compiler merged this access with the thread's next: one vector access
      where += ", one " + std::to_string(4 * cur->vector_width) + "-byte " + (cur->op == kStore ? "store" : "load") +
               (cur_sites.size() > 1 ? "" : " (the loop's turns merged)");
    else if (cur->bytes > 4)  // a whole int2 / float4, as the source writes it
      where += ", one " + std::to_string(cur->bytes) + "-byte " + (cur->op == kStore ? "store" : "load") + " per thread";
    if (shared_site < 0)
      where += std::string("  (global ") + (cur->op == kStore ? "store" : cur->op == kLoad ? "load" : "atomic") +
               (s.have_grid ? ", the grid panel's instruction)" : ")");
    ImGui::TextDisabled("%s", where.c_str());
  } else {
    ImGui::TextDisabled("%s  (no shared-memory access in this step)", shown_path.c_str());
  }
  ImGui::PopTextWrapPos();
  if (compact) ImGui::PopFont();

  ImGui::PushFont(ui.fonts.mono);
  ImGui::BeginChild("##src", ImVec2(0, 0), true, ImGuiWindowFlags_AlwaysVerticalScrollbar);
  const float lh = ImGui::GetTextLineHeightWithSpacing();
  int digits = 2;  // the line numbers' width: as many digits as the file's last line needs
  for (size_t n = lines_.size(); n >= 100; n /= 10) ++digits;
  const std::string gutter_digits = std::string(static_cast<size_t>(digits), '0') + "  ";
  const float cw = ImGui::CalcTextSize("MMMMMMMMMMMMMMMMMMMMMMMMMMMMMMMM").x / 32.0f;  // one advance (CalcTextSize rounds up)
  const float gutter = ImGui::CalcTextSize(gutter_digits.c_str()).x;
  const int width = std::max(8, static_cast<int>((ImGui::GetContentRegionAvail().x - gutter) / std::max(1.0f, cw)) - 1);
  if (width != wrap_width_) {
    rows_ = wrap_code(shown_, width);
    wrap_width_ = width;
    scrolled_to_ = -2;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImVec4(0.95f, 0.95f, 0.95f, 1));
  const ImU32 mark_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const ImU32 line_bg = col(kChangedColor.with_alpha(60)), expr_bg = col(kChangedColor.with_alpha(150));
  const ImU32 step_bg = IM_COL32(86, 180, 233, 45);
  // Whole rows only (issue 24: at 1280x720 presenter the top line was cut across): rows are placed
  // a whole number of pixels apart (`pitch`; ImGui's own layout truncates each row's advance, so
  // row k drifted from k * lh), the view scrolls by whole rows (code_scroll), and a row the view's
  // edge would still cut (the last, where the view is not a whole number of rows high) is not drawn.
  const float pad = ImGui::GetStyle().WindowPadding.y, view_h = ImGui::GetWindowHeight() - 2 * pad;
  const float spacing = ImGui::GetStyle().ItemSpacing.y;
  const float pitch = std::max(1.0f, std::floor(lh));
  const float view_top = ImGui::GetWindowPos().y + pad, view_bottom = view_top + view_h;
  const int nrows = static_cast<int>(rows_.size());
  const int visible = std::max(1, static_cast<int>((view_h + spacing) / pitch));  // the last row needs no spacing under it
  const ImVec2 origin = ImGui::GetCursorScreenPos();  // row 0's top, moved up by the scroll
  const int i0 = std::clamp(static_cast<int>(std::floor((view_top - origin.y) / pitch)), 0, nrows);
  const int i1 = std::clamp(static_cast<int>(std::ceil((view_bottom - origin.y) / pitch)) + 1, i0, nrows);
  int whole = 0, first_whole = -1;
  bool top_cut = false;
  for (int i = i0; i < i1; ++i) {
    const CodeRow& row = rows_[i];
    const std::string& line = shown_[row.line];
    const ImVec2 p(origin.x, origin.y + i * pitch);
    if (p.y + pitch - spacing <= view_top || p.y >= view_bottom) continue;  // outside the view
    if (p.y < view_top - 0.5f || p.y + pitch - spacing > view_bottom + 0.5f) {  // cut by the view's edge: not drawn
      top_cut = top_cut || p.y < view_top - 0.5f;
      continue;
    }
    ++whole;
    if (first_whole < 0) first_whole = i;
    const float w = ImGui::GetWindowWidth();
    const std::string lead = std::string(static_cast<size_t>(row.indent), ' ');
    if (fault_step && cur_lines.count(row.line)) {
      dl->AddRectFilled(p, ImVec2(p.x + w, p.y + pitch), IM_COL32(230, 90, 70, 110));  // the faulting line
    } else if (cur_lines.count(row.line)) {
      dl->AddRectFilled(p, ImVec2(p.x + w, p.y + pitch), line_bg);
      // the expression itself, on this row's part of the line
      for (const auto& sp : spans) {
        if (sp.line != row.line) continue;
        const int b = std::max(sp.begin, row.begin), e = std::min(sp.end, row.end);
        if (e <= b) continue;
        auto x_at = [&](int off) {
          return p.x + gutter + ImGui::CalcTextSize((lead + line.substr(row.begin, off - row.begin)).c_str()).x;
        };
        dl->AddRectFilled(ImVec2(x_at(b) - 1, p.y), ImVec2(x_at(e) + 1, p.y + pitch), expr_bg);
      }
    } else if (step_lines.count(row.line)) {
      dl->AddRectFilled(p, ImVec2(p.x + w, p.y + pitch), step_bg);
    }
    // The gutter: the line number, or "»" where the line goes on from the row above.
    const std::string num = row.continuation ? std::string(static_cast<size_t>(digits - 1), ' ') + "\xC2\xBB"
                                             : std::string(static_cast<size_t>(std::max(0, digits - static_cast<int>(std::to_string(row.line + 1).size()))), ' ') +
                                                   std::to_string(row.line + 1);
    const bool cited_row = !row.continuation && cited.count(row.line);
    if (cited_row) dl->AddRectFilled(p, ImVec2(p.x + gutter - cw, p.y + pitch), IM_COL32(242, 191, 76, 70));  // the lesson cites it
    dl->AddText(p, row.continuation ? mark_col : cited_row ? IM_COL32(242, 191, 76, 255) : text_col, num.c_str());
    const std::string text = lead + line.substr(row.begin, row.end - row.begin);
    dl->AddText(ImVec2(p.x + gutter, p.y), text_col, text.c_str());
  }
  // What the view shows: its whole rows, and the line it starts on ("from line 37"; "top row cut"
  // would be a row half under the view's top edge, which the scroll by whole rows avoids).
  if (first_whole >= 0)
    s.layout_report.add({"code", "rows", whole, visible, ImGui::GetFontSize(),
                         std::string(top_cut ? "top row cut, " : "") + "from " + (rows_[first_whole].continuation ? "a continuation of " : "") + "line " +
                             std::to_string(rows_[first_whole].line + 1)});
  // The rows' height, and room under the last for the rest of the view, so that the file's end is
  // reached on a whole row too (row nrows - visible at the top).
  const float tail = nrows > visible ? std::max(0.0f, view_h + spacing - visible * pitch) : 0.0f;
  ImGui::Dummy(ImVec2(1, std::max(1.0f, nrows * pitch - spacing + tail)));
  // Scroll (code_scroll): the current line and the lines the lesson cites, centred where they all
  // fit; else the cited lines; else from the first cited line, the others stated on a bar at the
  // view's edge ("line 38 below"), and in the layout report.
  const CodeScroll aim = code_scroll(rows_, cur_lines, cited, visible);
  const int key = aim.top * 1000 + std::min(999, aim.span);
  float scroll = ImGui::GetScrollY();
  if (key != scrolled_to_) {
    const float y = aim.top * pitch;  // row k where row 0 is at scroll 0: under the view's top padding
    scroll = std::clamp(y, 0.0f, std::max(0.0f, ImGui::GetScrollMaxY()));
    ImGui::SetScrollY(y);
    scrolled_to_ = key;
  }
  if (!cited.empty()) {
    const int first = std::max(0, static_cast<int>(std::ceil(scroll / pitch - 0.01f)));
    int in_view = 0;
    std::string note = cited_out_of_view(rows_, cited, first, visible, &in_view);
    const bool below = note.find("below") != std::string::npos;
    if (!note.empty()) note = cited_out_of_view(rows_, cited, below ? first : first + 1, visible - 1, &in_view);  // the bar takes a row
    int total = 0;
    for (int l : cited) total += first_row_of(rows_, l) >= 0 ? 1 : 0;
    if (!note.empty()) {
      const ImVec2 wp = ImGui::GetWindowPos();
      const float y = below ? view_top + (visible - 1) * pitch : view_top;  // over the view's last (first) whole row
      const float x1 = wp.x + ImGui::GetWindowWidth() - ImGui::GetStyle().ScrollbarSize;
      dl->AddRectFilled(ImVec2(wp.x, y - spacing / 2), ImVec2(x1, y + pitch - spacing / 2), IM_COL32(40, 34, 16, 245));
      dl->AddText(ImVec2(wp.x + gutter, y + (pitch - spacing - ImGui::GetFontSize()) / 2), IM_COL32(242, 191, 76, 255), ("cited: " + note).c_str());
    }
    s.layout_report.add({"code", "cited lines", in_view, total, ImGui::GetFontSize(),
                         note.empty() ? "" : note + ": the cited lines span " + std::to_string(aim.span) + " rows, " + std::to_string(visible) + " in view"});
  }
  ImGui::EndChild();
  ImGui::PopFont();
  end_panel();
}

}  // namespace scanscope
