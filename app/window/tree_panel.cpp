// Tree view: each row is a step that changes shared memory, each column a word; edges go from the
// words a thread loaded to the word it stored. Up-sweep, down-sweep (swap = copy edge, add =
// combine edges) and reduction trees all come out of the recorded accesses.
#include <algorithm>
#include <cmath>

#include "model.h"
#include "formats/shown_text.h"
#include "panels.h"

namespace scanscope {

namespace {

// --- Draw: the title and the legend, on one line where they fit (the title shortened to "Tree",
// the legend in the small font, in that order), else the legend wraps under the title: every line
// they take is a line the tree's rows lose. Returns the free room at the right end of the title's
// line: after the legend where they share it, else after the title.
struct HeadingRoom {
  float x = 0, y = 0, w = 0;  // from x to the panel's right, on the line at y (the UI font's height)
};
HeadingRoom draw_heading(ImDrawList* dl, const UiContext& ui, const Rect& c, ImU32 text_col) {
  const std::string full = "Tree  (rows: steps, columns: shared-memory words)", brief = "Tree";
  const std::vector<std::pair<Rgba, std::string>> legend = {{kReadColor, "add (combine)"}, {kCopyEdge, "move (swap)"}, {kChangedColor, "written this step"}};
  auto legend_width = [&](ImFont* f) {
    float w = 0;
    for (const auto& it : legend) w += f->FontSize * 1.8f + 4 + text_width(it.second, f);
    return w;
  };
  ImFont* uf = ImGui::GetFont();
  ImFont* sf = ui.fonts.small;
  const float gap = 2 * ImGui::GetFontSize();
  std::string title = full;
  ImFont* lf = uf;
  bool one_line = true;
  if (text_width(full) + gap + legend_width(uf) > c.w) {
    title = brief;
    if (text_width(brief) + gap + legend_width(uf) > c.w) {
      lf = sf;
      if (text_width(brief) + gap + legend_width(sf) > c.w) one_line = false;
    }
  }
  if (!one_line) title = text_width(full) <= c.w ? full : brief;
  ImGui::TextColored(vec4(kTitleText), "%s", title.c_str());
  if (title != full && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", full.c_str());
  const float ly = one_line ? c.y + (ImGui::GetFontSize() - lf->FontSize) / 2 : ImGui::GetCursorScreenPos().y;
  float legend_bottom = ly;
  ImGui::PushFont(lf);
  const float lx = one_line ? c.x + text_width(title, uf) + gap : c.x;
  const float legend_end = draw_legend(dl, lx, ly, legend, text_col, c.right(), &legend_bottom);
  ImGui::PopFont();
  if (!one_line) ImGui::Dummy(ImVec2(1, legend_bottom - ly));
  HeadingRoom room;
  room.x = one_line ? legend_end + gap / 2 : c.x + text_width(title, uf) + gap;
  room.y = c.y;
  room.w = std::max(0.0f, c.right() - room.x);
  return room;
}

// --- Decide: the row of the current step (or the last row before it; the first of the rows
// showing it); rows after it are not computed yet (ghosts).
struct RowState {
  const std::vector<int>* steps = nullptr;  // the trace step of each row
  int step = 0, cur_row = -1;
  bool cur_is_row = false;
  bool current(int i) const { return cur_is_row && (*steps)[i] == step; }
  bool future(int i) const { return i > cur_row && !current(i); }
};
RowState row_state(const std::vector<int>& rows, int step) {
  RowState rs;
  rs.steps = &rows;
  rs.step = step;
  for (int i = 0; i < static_cast<int>(rows.size()); ++i)
    if (rows[i] <= step && (rs.cur_row < 0 || rows[i] != rows[rs.cur_row])) rs.cur_row = i;
  rs.cur_is_row = rs.cur_row >= 0 && rows[rs.cur_row] == step;
  return rs;
}

// Where the row labels go: the gutter left of the tree, the longest label's width at small_px.
struct RowLabelPlace {
  ImVec2 p0;
  float gutter;
  Rect area;
  float longest, small_px, min_px;
};
struct RowLabels {
  float px = 0;
  int every = 1, shown = 0, cut = 0;
};
// --- Decide: the row labels' size and which rows get one (every k-th and the current one where
// rows are lower than the text).
RowLabels row_label_fit(const TreeModel& m, const RowState& rs, const TreeGeometry& g, float gutter, float longest, float small_px, float min_px,
                        std::vector<int>* labelled = nullptr, bool* shortened = nullptr) {
  RowLabels out;
  float label_px = fit_text_px(longest, small_px, gutter - 6, g.row_h, min_px, small_px);
  if (shortened) *shortened = label_px == 0;
  if (label_px == 0) label_px = min_px;
  out.px = label_px;
  std::vector<int> rows = labelled_rows(static_cast<int>(m.rows.size()), g.row_h, label_px, rs.cur_is_row ? rs.cur_row : -1, &out.every);
  if (labelled) *labelled = std::move(rows);
  return out;
}

// --- Decide and draw: the row labels and the current row's band.
RowLabels draw_row_labels(ImDrawList* dl, const UiContext& ui, const TreeModel& m, const RowState& rs, const TreeGeometry& g, const RowLabelPlace& at, ImU32 text_col,
                          ImU32 dim_col) {
  const ImVec2 p0 = at.p0;
  const float gutter = at.gutter, longest = at.longest, small_px = at.small_px, min_px = at.min_px;
  const Rect& area = at.area;
  // Row labels in the gutter: all at one size that fits the longest (down to the minimum), then
  // shortened in real words (shorten_words: asides in parentheses dropped, then trailing words for
  // ".."), never to initials, never cut inside a word; the whole label is the tooltip; every k-th
  // row and the current one's where rows are lower than the text (the caption says which).
  std::vector<int> labelled;
  bool shortened = false;
  RowLabels out = row_label_fit(m, rs, g, gutter, longest, small_px, min_px, &labelled, &shortened);
  const int label_every = out.every;
  const float label_px = out.px;
  ImFont* label_font = font_for_px(ui.fonts, label_px);
  int& labels_shown = out.shown;
  int& labels_cut = out.cut;
  for (int i = 0; i < static_cast<int>(m.rows.size()); ++i) {
    const float y = g.row_y(i);
    const bool cur = rs.current(i);
    if (cur) dl->AddRectFilled(ImVec2(p0.x, y - g.row_h / 2), ImVec2(area.right(), y + g.row_h / 2), IM_COL32(255, 255, 255, 18));
  }
  for (int i : labelled) {
    const float y = g.row_y(i);
    const bool cur = rs.current(i);
    std::string label = m.rows[i].label;
    if (shortened) label = shorten_words(label, gutter - 6, [&](const std::string& x) { return text_width_px(x, label_font, label_px); });
    if (label != m.rows[i].label) ++labels_cut;
    if (label.empty()) continue;
    ++labels_shown;
    if (label != m.rows[i].label && ImGui::IsMouseHoveringRect(ImVec2(p0.x, y - g.row_h / 2), ImVec2(p0.x + gutter, y + g.row_h / 2)))
      ImGui::SetTooltip("%s", m.rows[i].label.c_str());
    if (label_every > 1 && g.row_h < label_px) {  // a tick from the label to its row
      dl->AddLine(ImVec2(p0.x + gutter - 6, y), ImVec2(p0.x + gutter - 1, y), dim_col, 1.0f);
    }
    dl->AddText(label_font, label_px, ImVec2(p0.x + 2, std::clamp(y - label_px / 2, area.y, area.bottom() - label_px)),
                i <= rs.cur_row || cur ? (cur ? text_col : dim_col) : col(kFutureText), label.c_str());
  }
  return out;
}

// --- Draw: the edges, under the nodes (a dense row sampled outside the current one), the values
// travelling along the current row's edges, and its thread ids.
void draw_edges(ImDrawList* dl, const UiContext& ui, const TreeModel& m, const RowState& rs, const TreeGeometry& g, const Rect& area, float a, bool big_nodes) {
  // Edges first (under the nodes). Rows after the current one are not computed yet: ghosts.
  for (int i = 1; i < static_cast<int>(m.rows.size()); ++i) {
    const bool current = rs.current(i);
    const bool future = rs.future(i);
    const auto& edges = m.rows[i].edges;
    // A row with more edges than pixels is a blur: outside the current row, draw a sample.
    // Ghost rows (not computed yet) get half the sample of the rows already done.
    const float sample = area.w * (future ? 0.1f : 0.2f);
    const size_t stride = current ? 1 : std::max<size_t>(1, static_cast<size_t>(edges.size() / std::max(1.0f, sample)));
    const float y_from = g.row_y(i - 1) + g.node_h / 2, y_to = g.row_y(i) - g.node_h / 2;
    for (size_t ei = 0; ei < edges.size(); ei += stride) {
      const TreeEdge& e = edges[ei];
      const float x0 = g.word_x(e.from_word), x1 = g.word_x(e.to_word);
      if (std::max(x0, x1) < area.x || std::min(x0, x1) > area.right()) continue;
      ImU32 ec;
      float th = 1.0f;
      if (future) ec = IM_COL32(90, 90, 90, 90);
      else if (current) {
        ec = col(e.copy ? kCopyEdge : kReadColor);
        th = std::max(1.5f, std::min(3.5f * ui.scale, g.col_w * 0.2f));
      } else ec = col((e.copy ? kCopyEdge : kReadColor).with_alpha(170));
      dl->AddLine(ImVec2(x0, y_from), ImVec2(x1, y_to), ec, th);
      if (current && a < 1.0f && edges.size() <= 512) {  // the value travelling along the edge (invisible in a denser row)
        ImVec2 p(x0 + (x1 - x0) * a, y_from + (y_to - y_from) * a);
        const float rad = std::max(2.0f, std::min(6.0f * ui.scale, g.col_w * 0.25f));
        if (edges.size() > 128) dl->AddRectFilled(ImVec2(p.x - rad, p.y - rad), ImVec2(p.x + rad, p.y + rad), col(e.copy ? kCopyEdge : kChangedColor));
        else dl->AddCircleFilled(p, rad, col(e.copy ? kCopyEdge : kChangedColor));  // a circle costs ~12x the vertices
      }
    }
    if (current && big_nodes) {  // active thread ids beside the stored node
      ImFont* f = ui.fonts.small;
      std::vector<int> labelled;
      for (const auto& e : edges) {
        if (std::find(labelled.begin(), labelled.end(), e.to_word * 4096 + e.tid) != labelled.end()) continue;
        labelled.push_back(e.to_word * 4096 + e.tid);
        std::string tl = "t" + std::to_string(e.tid);
        const float x = g.word_x(e.to_word), tlw = text_width(tl, f);
        if (label_fits(g.col_w, tlw) && g.row_h >= g.node_h + 2.1f * f->FontSize)  // under the node
          dl->AddText(f, f->FontSize, ImVec2(x - tlw / 2, g.row_y(i) + g.node_h / 2 + 1), col(okabe_ito::sky_blue), tl.c_str());
        else if (g.col_w - g.node_w >= 2 * tlw + 6)  // else beside it, when the column has room
          dl->AddText(f, f->FontSize, ImVec2(x + g.node_w / 2 + 2, g.row_y(i) - f->FontSize / 2), col(okabe_ito::sky_blue), tl.c_str());
      }
    }
  }
}

// The values' rule (yellow: how they were thinned or left out) has a place of its own, never over
// the tree: the heading's line where the legend leaves room for it whole, else the caption line's
// right end where the caption leaves room, else a line of its own under the tree (the rows give up
// its height). RulePlace says which; the layout decides it before the tree is sized.
enum class RulePlace { None, Heading, CaptionLine, OwnLine };
const char* rule_place_name(RulePlace p) {
  switch (p) {
    case RulePlace::Heading: return "on the heading's line";
    case RulePlace::CaptionLine: return "on the caption line";
    case RulePlace::OwnLine: return "on a line of its own under the tree";
    case RulePlace::None: break;
  }
  return "";
}

// What the tree's size decides: its area, geometry, the values' size (or thinning) and their rule.
struct TreePlan {
  Rect area;
  TreeGeometry g;
  ValueFit vf;
  bool big_nodes = false, show_values = false;
  std::string rule, rule_short;  // the rule, and the same without its advice (where it must be brief)
};

// Whether any value would be drawn in the columns w0..w1 of the rows computed so far (written
// nodes; a row not computed yet shows none).
bool values_in_view(const TreeModel& m, const RowState& rs, int w0, int w1) {
  for (int i = 0; i < static_cast<int>(m.rows.size()); ++i) {
    if (rs.future(i)) continue;
    const TreeRow& row = m.rows[i];
    for (int w = std::max(0, w0); w <= w1 && w < static_cast<int>(row.written.size()); ++w)
      if (row.written[w] && !std::isnan(row.values[w])) return true;
  }
  return false;
}

// The rule's words for a plan (both "" when every value is drawn whole): *brief is the rule
// without its advice.
std::string values_rule(const TreePlan& p, const TreeModel& m, const RowState& rs, std::string* brief) {
  if (!p.big_nodes) {  // columns under 4 pixels: bars, no values
    *brief = "values: zoom in to read them";
    return "values: zoom in (wheel) to read them";
  }
  if (p.vf.every > 1) {
    *brief = "values of every " + std::string(p.vf.every == 2 ? "2nd" : std::to_string(p.vf.every) + "th") + (m.lanes ? " lane (" : " word (") +
             std::to_string(p.vf.every - 1) + ", " + std::to_string(2 * p.vf.every - 1) + ", ...)";
    return *brief + ": zoom or F for all";
  }
  if (!p.show_values && values_in_view(m, rs, p.g.first_visible(m.columns), p.g.last_visible(m.columns))) {
    *brief = "values left out: rows too low";
    return *brief + " (F: this panel alone)";
  }
  brief->clear();
  return "";
}

// The caption's font on a line line_w wide: the UI font where the caption fits, else the small one
// (before any cut).
ImFont* caption_font(const std::string& caption, float line_w, ImFont* small) { return text_width(caption) <= line_w ? ImGui::GetFont() : small; }

// Whether the rule fits at the caption line's right end beside the caption.
bool rule_fits_caption_line(const std::string& caption, const std::string& rule, float line_w, ImFont* small) {
  return caption.empty() || text_width(caption, caption_font(caption, line_w, small)) + 2 * ImGui::GetFontSize() + text_width(rule, small) <= line_w;
}

// --- Draw: the caption line under the tree (how columns and labels are laid out), and the values'
// rule where the layout put it (RulePlace), on a dark chip in the small font. Returns the rule's
// chip (empty where none is drawn).
Rect draw_caption(ImDrawList* dl, const Rect& c, ImVec2 p0, const Rect& area, bool caption_line, const std::string& caption, std::string rule, RulePlace place,
                  const HeadingRoom& heading, ImFont* small) {
  const float small_px = small->FontSize;
  const float line_y = area.bottom() + 2, line_w = c.right() - p0.x - 4, line_h = ImGui::GetFontSize() + 4;
  if (caption_line && !caption.empty()) {
    ImFont* f = caption_font(caption, line_w, small);
    ImGui::SetCursorScreenPos(ImVec2(p0.x + 2, line_y));
    ImGui::PushFont(f);
    ImGui::TextDisabled("%s", fit_words(caption, line_w, f).c_str());
    ImGui::PopFont();
  }
  if (rule.empty() || place == RulePlace::None) return {};
  rule = fit_words(rule, place == RulePlace::Heading ? heading.w - 8 : line_w - 8, small);  // a whole clause ("values of every 8th word (7, 15, ...)")
  if (rule.empty()) return {};
  const float rule_w = text_width(rule, small);
  const float ty = place == RulePlace::Heading ? heading.y : place == RulePlace::CaptionLine || !caption_line ? line_y : line_y + line_h;
  const ImVec2 rp(std::max(place == RulePlace::Heading ? heading.x + 4 : p0.x + 4, c.right() - rule_w - 4), ty + (ImGui::GetFontSize() - small_px) / 2);
  const Rect chip{rp.x - 3, rp.y - 1, rule_w + 6, small_px + 2};
  dl->AddRectFilled(ImVec2(chip.x, chip.y), ImVec2(chip.right(), chip.bottom()), IM_COL32(0, 0, 0, 200));
  dl->AddText(small, small_px, rp, col(okabe_ito::yellow), rule.c_str());
  return chip;
}

// --- Measure: where the tree goes under the heading and the zoom line: the rows (a trace step
// each), the row labels' gutter, the arrays' bracket strip, whether a caption line is needed, and
// the tree's area for a given height kept free under it.
struct TreeMeasure {
  std::vector<int> rows;  // the trace step of each row
  float min_px = 0, small_px = 0;
  float longest = 0;  // the widest row label at the small font
  float gutter = 0;   // the row labels' column, left of the tree
  ImVec2 p0, avail;   // the tree's top-left (the gutter's) and the room under the zoom line
  std::vector<SharedArray> arrays;
  float strip = 0;  // the arrays' bracket strip over the tree (0: no brackets)
  bool caption_line = false;
  float line_h = 0, caption_h = 0;  // a line of text under the tree; the caption's (0: none)
  Rect area_for(float below) const { return Rect{p0.x + gutter, p0.y + strip, avail.x - gutter - 4, avail.y - 4 - strip - below}; }
};
TreeMeasure measure_tree(const Trace& t, const TreeModel& m, const UiContext& ui, const Rect& c, float min_px) {
  TreeMeasure f;
  const int words = m.columns;
  f.min_px = min_px;
  for (const TreeRow& row : m.rows) f.rows.push_back(row.step);
  ImFont* small = ui.fonts.small;
  f.small_px = small->FontSize;
  for (const TreeRow& row : m.rows) f.longest = std::max(f.longest, text_width(row.label, small));
  // The row labels' gutter: up to 30 % of the width, more when few columns leave room (each
  // column keeps room for a 3-digit value at the smallest size).
  const float column_room = c.w - static_cast<float>(words) * (text_width_px("888", small, min_px) + 8);
  f.gutter = std::min(f.longest + 10, std::max(c.w * 0.3f, std::min(c.w * 0.45f, column_room)));
  f.p0 = ImGui::GetCursorScreenPos();
  f.avail = ImGui::GetContentRegionAvail();
  // The application kernels' arrays get a named bracket over their columns.
  f.arrays = shared_arrays(t);
  // (One array alone, "temp", needs no bracket: its name is in the code and the memory panel.)
  f.strip = f.arrays.size() < 2 ? 0.0f : ui.fonts.small->FontSize + 8;
  // A caption line under the tree says how columns and row labels are laid out when that is not
  // plain (the model's notes; rows lower than the smallest label, so labelled every k-th row).
  // The values' rule has a place of its own (RulePlace), decided by layout_tree once the zoom is known.
  f.caption_line = !m.notes.empty() || (f.avail.y - 4 - f.strip) / static_cast<float>(std::max<size_t>(1, f.rows.size())) < min_px;
  f.line_h = ImGui::GetFontSize() + 4;
  f.caption_h = f.caption_line ? f.line_h : 0.0f;
  return f;
}

// --- Draw: the zoom line (slider, "Fit" and the hint), which costs a row of the tree's height: a
// low panel leaves it out (the wheel zooms, "Fit" comes back once zoomed), so the rows keep room
// for their values.
void draw_zoom_line(AppState& s, const UiContext& ui, const Rect& c, const TreeModel& m, float min_px) {
  const int words = m.columns;
  const bool zoom_line = c.bottom() - ImGui::GetCursorScreenPos().y - ImGui::GetFrameHeightWithSpacing() >=
                         static_cast<float>(std::max<size_t>(1, m.rows.size())) * 2.2f * min_px;
  if (zoom_line) {
    ImGui::SetNextItemWidth(160 * ui.scale);
    ImGui::SliderFloat("zoom", &s.tree_zoom, 1.0f, std::max(2.0f, words / 8.0f), "%.1fx", ImGuiSliderFlags_Logarithmic);
    ImGui::SameLine();
  }
  if (zoom_line || s.tree_zoom > 1.0f) {
    if (ImGui::Button("Fit")) {
      s.tree_zoom = 1.0f;
      s.tree_pan = 0.0f;
    }
    ImGui::SameLine();
    const std::string hint = fit_words("wheel: zoom, drag: pan", ImGui::GetContentRegionAvail().x);  // a whole clause or nothing cut
    ImGui::TextDisabled("%s", hint.c_str());
  }
}

// --- Input: pan and zoom over the tree's canvas (the wheel zooms around the mouse, a drag pans).
void handle_pan_zoom(AppState& s, const TreeMeasure& f, const Rect& area, int words) {
  ImGui::InvisibleButton("##treecanvas", ImVec2(f.avail.x, std::max(1.0f, f.avail.y - 4)));
  ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0) {
    float old = s.tree_zoom;
    s.tree_zoom = std::clamp(s.tree_zoom * std::pow(1.25f, io.MouseWheel), 1.0f, std::max(2.0f, words / 8.0f));
    float mx = io.MousePos.x - area.x;
    s.tree_pan = mx - (mx - s.tree_pan) * (s.tree_zoom / old);
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) s.tree_pan += io.MouseDelta.x;
}

// The caption's text for a row-label spacing: the model's notes, and the row labels' rule where
// rows are lower than the labels (every > 1).
std::string caption_text(const std::string& notes, int every) {
  std::string caption = notes;
  if (every > 1)
    caption += (caption.empty() ? "" : "; ") + std::string("row labels: every ") + std::to_string(every) + (every == 2 ? "nd" : every == 3 ? "rd" : "th") +
               " row and the current one";
  return caption;
}

// --- Decide: the tree's plan (area, geometry, the values' size or thinning) and where the values'
// rule goes (RulePlace): the heading's line where it fits there whole (or without its advice), the
// caption line's right end where the caption leaves room, else a line of its own, which the tree
// gives up (the plan made again for the lower tree).
struct TreeLayout {
  RowState rs;
  TreePlan plan;
  RulePlace rule_place = RulePlace::None;
  std::string rule;   // the rule as drawn
  std::string notes;  // the model's notes, joined (the caption's start)
  bool mat2 = false;  // "[a b;c d]" values: their own two-line fitting (draw_value_in_box)
};
TreeLayout layout_tree(const AppState& s, const TreeModel& m, const std::string& widest_value, const TreeMeasure& f, const HeadingRoom& heading,
                       const Rect& c, ImFont* small) {
  const Trace& t = s.trace;
  const int words = m.columns;
  const float small_px = f.small_px, min_px = f.min_px;
  TreeLayout L;
  // Values grow with the zoom (up to twice the small font, and more than the UI font only when zoomed).
  const float max_value_px = small_px * 1.25f * std::clamp(s.tree_zoom, 1.0f, 2.0f);
  // A 2x2 matrix value is two lines: its nodes are as tall as two lines at the small font where the rows allow.
  const float label_h = t.op == Operator::Mat2 ? 2.0f * std::max(small_px, min_px) + 6.0f : max_value_px + 4;
  L.rs = row_state(f.rows, s.step);
  // The values' size as large as the nodes allow (up to max_value_px), down to the minimum; below
  // it every 2nd (4th, ...) word's value, written across its neighbours' columns, with the rule
  // said in its own place; nodes too low for the minimum show no values, and say so.
  L.mat2 = t.op == Operator::Mat2;
  const bool mat2 = L.mat2;
  const RowState& rs = L.rs;
  auto plan = [&](float below) {
    TreePlan p;
    p.area = f.area_for(below);
    p.g = tree_geometry(words, static_cast<int>(f.rows.size()), p.area, s.tree_zoom, s.tree_pan, label_h);
    p.big_nodes = p.g.node_w >= 4;
    p.vf = mat2 ? ValueFit{small_px, 1}
                : fit_values(text_width(widest_value.empty() ? "0" : widest_value, small), small_px, p.g.col_w, p.g.node_w, p.g.node_h, min_px, max_value_px);
    p.show_values = p.big_nodes && p.vf.every > 0 && (!mat2 || label_fits(p.g.node_w, text_width("888", small)));
    p.rule = values_rule(p, m, rs, &p.rule_short);
    return p;
  };
  // The caption a plan's rows make: the model's notes, and the row labels' rule where rows are low.
  for (const std::string& note : m.notes) L.notes += (L.notes.empty() ? "" : "; ") + note;
  auto caption_of = [&](const TreePlan& p) { return caption_text(L.notes, row_label_fit(m, rs, p.g, f.gutter, f.longest, small_px, min_px).every); };
  TreePlan pl = plan(f.caption_h);
  const float caption_w = c.right() - f.p0.x - 4;
  L.rule = pl.rule;
  if (!pl.rule.empty()) {
    if (text_width(pl.rule, small) + 8 <= heading.w) L.rule_place = RulePlace::Heading;
    else if (text_width(pl.rule_short, small) + 8 <= heading.w) {
      L.rule_place = RulePlace::Heading;
      L.rule = pl.rule_short;
    } else if (f.caption_line && rule_fits_caption_line(caption_of(pl), pl.rule, caption_w, small)) L.rule_place = RulePlace::CaptionLine;
    else {  // a line of its own: the tree gives up its height (the rule may then say a coarser thinning)
      L.rule_place = RulePlace::OwnLine;
      pl = plan(f.caption_h + f.line_h);
      L.rule = pl.rule;
      if (pl.rule.empty()) L.rule_place = RulePlace::None;
    }
  }
  L.plan = pl;
  return L;
}

// --- Draw: a node's value, in its node at the plan's size; thinned values (wider than their
// node) are kept as chips, drawn over the nodes after all of them; counts what the layout report
// says (values drawn, values in the rows computed so far).
struct ValuePainter {
  ValuePainter(ImDrawList* dl_, const UiContext& ui_, const TreeLayout& L, ImFont* small_)
      : dl(dl_), ui(ui_), g(L.plan.g), vf(L.plan.vf), show_values(L.plan.show_values), mat2(L.mat2), small(small_) {}
  ImDrawList* dl;
  const UiContext& ui;
  const TreeGeometry& g;
  const ValueFit& vf;
  bool show_values, mat2;
  ImFont* small;
  int drawn = 0, total = 0;
  float mat2_px = 0;  // the smallest size a mat2 value was drawn at (two lines may be smaller than the font)
  struct Chip {
    float x, y;
    std::string text;
  };
  std::vector<Chip> chips;  // thinned values, drawn over the nodes
  // The right child of each pair: what the up-sweep writes.
  bool shown(int w) const { return vf.every <= 1 || (w + 1) % vf.every == 0; }
  void value(int w, float x, float y, const std::string& text, ImU32 color, bool count) {
    if (count) ++total;
    if (!show_values || !shown(w)) return;
    if (mat2) {
      const float px = draw_value_in_box(dl, ImVec2(x, y), g.node_w, g.node_h, text, color, small);
      if (px > 0 && count) {
        ++drawn;
        mat2_px = mat2_px > 0 ? std::min(mat2_px, px) : px;
      }
      return;
    }
    if (vf.every > 1) {  // wider than its node: on a dark chip over the free neighbours, after every node (so none covers it)
      chips.push_back({x, y, text});
      if (count) ++drawn;
      return;
    }
    text_centered_px(dl, ui.fonts, ImVec2(x, y), color, text, vf.px);
    if (count) ++drawn;
  }
  void draw_chips() const {
    for (const Chip& c : chips) {
      const float tw = text_width_px(c.text, font_for_px(ui.fonts, vf.px), vf.px);
      dl->AddRectFilled(ImVec2(c.x - tw / 2 - 2, c.y - vf.px / 2), ImVec2(c.x + tw / 2 + 2, c.y + vf.px / 2), IM_COL32(20, 20, 24, 230), 2);
      text_centered_px(dl, ui.fonts, ImVec2(c.x, c.y), col(kText), c.text, vf.px);
    }
  }
};

// --- Draw: one row's nodes where columns are under 4 pixels: runs of written words become one bar.
void draw_node_bars(ImDrawList* dl, const TreeRow& row, const TreeGeometry& g, float y, int w0, int w1, bool current, bool future, float a) {
  const std::vector<char>& written = row.written;
  Rgba fill = future ? Rgba{55, 55, 60} : current ? mix(Rgba{70, 70, 75}, kChangedColor, a) : Rgba{205, 215, 230};
  int w = w0;
  while (w <= w1) {
    if (!written[w]) {
      ++w;
      continue;
    }
    // A run goes on over gaps narrower than a pixel and a half (invisible at this density, but
    // each separate bar costs vertices: at n = 2048 a row of every other word is 1024 bars).
    int e = w;
    for (int next = e + 1; next <= w1 && (next - e) * g.col_w < 1.5f; ++next)
      if (written[next]) e = next;
    // At least 3 pixels wide, so a lone written word (the cleared root) stays visible.
    const float half = std::max(1.5f, g.node_w / 2);
    dl->AddRectFilled(ImVec2(g.word_x(w) - half, y - g.node_h / 2), ImVec2(g.word_x(e) + half, y + g.node_h / 2), col(fill));
    w = e + 1;
  }
}

// --- Draw: the nodes, row by row (written nodes filled, with their values; the words a row leaves
// alone as empty frames with their old values, dimmed; a row not computed yet as ghosts), then the
// thinned values' chips over them and the word numbers along the top where they fit.
void draw_nodes(ImDrawList* dl, const UiContext& ui, const TreeModel& m, const TreeLayout& L, Operator op, float a, ValuePainter& values) {
  const TreeGeometry& g = L.plan.g;
  const bool big_nodes = L.plan.big_nodes, show_values = L.plan.show_values;
  const int words = m.columns;
  const int w0 = g.first_visible(words), w1 = g.last_visible(words);
  for (int i = 0; i < static_cast<int>(m.rows.size()); ++i) {
    const TreeRow& row = m.rows[i];
    const bool current = L.rs.current(i);
    const bool future = i > L.rs.cur_row && !current;
    const std::vector<char>& written = row.written;
    const float y = g.row_y(i);
    if (!big_nodes) {
      draw_node_bars(dl, row, g, y, w0, w1, current, future, a);
      continue;
    }
    for (int w = w0; w <= w1; ++w) {
      const float x = g.word_x(w);
      if (!written[w]) {
        if (big_nodes && !future && g.node_w >= 10) {
          ImVec2 q0(x - g.node_w / 2, y - g.node_h / 2), q1(x + g.node_w / 2, y + g.node_h / 2);
          dl->AddRect(q0, q1, IM_COL32(90, 90, 95, 255), 2);
          if (show_values && !row.output && !std::isnan(row.values[w]))
            values.value(w, x, y, format_value(row.values[w], op, ValueStyle::Cell), col(kDimText), false);
        }
        continue;
      }
      Rgba fill = future ? Rgba{55, 55, 60} : current ? mix(Rgba{70, 70, 75}, kChangedColor, a) : Rgba{205, 215, 230};
      ImVec2 q0(x - g.node_w / 2, y - g.node_h / 2), q1(x + g.node_w / 2, y + g.node_h / 2);
      dl->AddRectFilled(q0, q1, col(fill), big_nodes ? 3.0f : 0.0f);
      if (row.output && !future)  // global memory, not shared: a white frame
        dl->AddRect(ImVec2(q0.x - 1, q0.y - 1), ImVec2(q1.x + 1, q1.y + 1), IM_COL32(255, 255, 255, 230), 3.0f, 0, 1.5f);
      if (!future && !std::isnan(row.values[w])) {  // the written nodes' values (a shuffle's: what the lane received): what the report counts
        Rgba tc = text_on(fill);
        values.value(w, x, y, format_value(row.values[w], op, ValueStyle::Cell), col(tc.with_alpha(static_cast<uint8_t>(current ? 255 * a : 255))), true);
      }
    }
  }
  values.draw_chips();
  // Word numbers along the top when they fit.
  if (label_fits(g.col_w, text_width("2047", ui.fonts.small)) && g.row_h > g.node_h + ui.fonts.small->FontSize * 2) {
    for (int w = w0; w <= w1; ++w)
      text_centered(dl, ImVec2(g.word_x(w), g.area.y + ui.fonts.small->FontSize * 0.5f), col(kDimText), std::to_string(w), ui.fonts.small);
  }
}

// --- Draw: the application kernels' arrays, a named bracket over each one's columns (the strip
// over the tree; none where one array alone is shared).
void draw_array_brackets(ImDrawList* dl, const UiContext& ui, const TreeMeasure& f, const TreeGeometry& g, const Rect& area, int words) {
  for (const auto& arr : f.arrays) {
    if (f.strip <= 0) break;
    if (arr.words <= 0 || arr.first >= words) continue;
    const float x0 = std::max(area.x, g.word_x(arr.first) - g.col_w / 2 + 2);
    const float x1 = std::min(area.right(), g.word_x(std::min(words, arr.first + arr.words) - 1) + g.col_w / 2 - 2);
    if (x1 <= x0) continue;
    const float by = area.y - 3;
    const ImU32 bc = col(kText);
    dl->AddLine(ImVec2(x0, by), ImVec2(x1, by), bc, 1.5f);
    dl->AddLine(ImVec2(x0, by), ImVec2(x0, by - 4), bc, 1.5f);
    dl->AddLine(ImVec2(x1, by), ImVec2(x1, by - 4), bc, 1.5f);
    std::string name = arr.name;
    if (!label_fits(x1 - x0, text_width(name, ui.fonts.small))) name = name.substr(0, name.find(' '));
    if (label_fits(x1 - x0, text_width(name, ui.fonts.small)))
      text_centered(dl, ImVec2((x0 + x1) / 2, by - 4 - ui.fonts.small->FontSize / 2), bc, name, ui.fonts.small);
  }
}

// The layout report's lines for the row labels (and a shuffling block's one warp of lanes).
void report_row_labels(LayoutReport& report, const TreeModel& m, const RowLabels& rl) {
  if (m.lane_warp >= 0)  // a shuffling block of several warps: one warp's lanes, by this rule
    report.add({"tree", "lanes", kWarpSize, m.warps * kWarpSize, rl.px, "warp " + std::to_string(m.lane_warp) + " of " + std::to_string(m.warps) + " shown"});
  report.add({"tree", "row labels", rl.shown, static_cast<int>(m.rows.size()), rl.px,
              std::string(rl.cut > 0 ? "shortened in words" : "") + (rl.cut > 0 && rl.every > 1 ? ", " : "") +
                  (rl.every > 1 ? "every " + std::to_string(rl.every) + " rows" : "")});
}

// The layout report's line for the values: how many were drawn of those in the rows computed so far,
// and by which rule (bars where columns are under 4 pixels, thinned, or left out).
void report_values(LayoutReport& report, const TreeModel& m, const TreeLayout& L, const ValuePainter& values) {
  const TreePlan& pl = L.plan;
  if (!pl.big_nodes) {  // columns under 4 pixels: bars, no values; the panel says how to get them
    int total = values.total;
    for (int i = 0; i <= L.rs.cur_row && i < static_cast<int>(m.rows.size()); ++i)
      total += static_cast<int>(std::count(m.rows[i].written.begin(), m.rows[i].written.end(), 1));
    report.add({"tree", "values", 0, total, 0.0f, "bars: zoom in"});
  } else {
    report.add({"tree", "values", values.drawn, values.total, pl.show_values ? (L.mat2 ? values.mat2_px : pl.vf.px) : 0.0f,
                pl.vf.every > 1 ? "every " + std::to_string(pl.vf.every) + (m.lanes ? " lanes" : " words") : pl.show_values ? "" : "left out"});
  }
}

}  // namespace

// The model again where the trace changed (or, for one warp's lanes, the selected warp): its rows'
// labels as shown, and the widest value any node shows.
void TreePanel::refresh(const AppState& s) {
  if (generation_ == s.trace_generation && (model_.lane_warp < 0 || model_.lane_warp == s.selected_warp)) return;
  const Trace& t = s.trace;
  generation_ = s.trace_generation;
  model_ = tree_model(t, s.selected_warp);
  for (TreeRow& row : model_.rows) row.label = shown_text(row.label);  // the trace's step labels, shown escaped and capped
  widest_value_.clear();
  for (const TreeRow& row : model_.rows)
    for (double v : row.values) {
      if (std::isnan(v)) continue;
      std::string text = format_value(v, t.op, ValueStyle::Cell);
      if (text.size() > widest_value_.size()) widest_value_ = std::move(text);
    }
}

// Heading, zoom line, measure, layout, then the pieces: row labels, edges, nodes, brackets, caption.
void TreePanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  Rect c = begin_panel("##tree", "", r);  // the title shares its line with the legend where they fit (below)
  if (!s.have_trace) {
    ImGui::TextDisabled("No trace: choose a kernel and press Run.");
    end_panel();
    return;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  const HeadingRoom heading = draw_heading(dl, ui, c, text_col);
  refresh(s);
  const TreeModel& m = model_;
  const float min_px = min_text_px(ui.scale, s.settings.presenter);
  draw_zoom_line(s, ui, c, m, min_px);

  const TreeMeasure f = measure_tree(s.trace, m, ui, c, min_px);
  const Rect first_area = f.area_for(f.caption_h);
  if (f.rows.empty() || first_area.w < 20 || first_area.h < 20) {
    ImGui::TextDisabled("This kernel keeps its values in registers: no shared-memory tree to draw.");
    end_panel();
    return;
  }
  handle_pan_zoom(s, f, first_area, m.columns);
  ImFont* small = ui.fonts.small;
  const TreeLayout L = layout_tree(s, m, widest_value_, f, heading, c, small);
  const Rect area = L.plan.area;
  const TreeGeometry& g = L.plan.g;
  s.tree_pan = g.pan_x;
  const float a = ease_in_out(s.anim);

  dl->PushClipRect(ImVec2(f.p0.x, area.y), ImVec2(area.right(), area.bottom()), true);
  const RowLabels rl = draw_row_labels(dl, ui, m, L.rs, g, RowLabelPlace{f.p0, f.gutter, area, f.longest, f.small_px, min_px}, text_col, dim_col);
  report_row_labels(s.layout_report, m, rl);
  dl->PopClipRect();
  dl->PushClipRect(ImVec2(area.x, area.y), ImVec2(area.right(), area.bottom()), true);
  ValuePainter values(dl, ui, L, small);
  draw_edges(dl, ui, m, L.rs, g, area, a, L.plan.big_nodes);
  draw_nodes(dl, ui, m, L, s.trace.op, a, values);
  dl->PopClipRect();
  draw_array_brackets(dl, ui, f, g, area, m.columns);
  // The values' counts; their rule (L.rule) is said where the layout put it.
  report_values(s.layout_report, m, L, values);
  // The caption line under the tree: how columns and row labels are laid out, when not plain
  // (the row labels' spacing as drawn: the plan's own).
  const std::string caption = caption_text(L.notes, rl.every);
  const Rect chip = draw_caption(dl, c, f.p0, area, f.caption_line, caption, L.rule, L.rule_place, heading, small);
  if (chip.w > 0) s.layout_report.add({"tree", "values rule", 1, 1, f.small_px, rule_place_name(L.rule_place)});
  end_panel();
}

}  // namespace scanscope
