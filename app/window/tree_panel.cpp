// Tree view: each row is a step that changes shared memory, each column a word; edges go from the
// words a thread loaded to the word it stored. Up-sweep, down-sweep (swap = copy edge, add =
// combine edges) and reduction trees all come out of the recorded accesses.
#include <algorithm>
#include <cmath>

#include "model.h"
#include "panels.h"

namespace scanscope {

void TreePanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  Rect c = begin_panel("##tree", "Tree  (rows: steps, columns: shared-memory words)", r);
  if (!s.have_trace) {
    ImGui::TextDisabled("No trace: choose a kernel and press Run.");
    end_panel();
    return;
  }
  const Trace& t = s.trace;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_col = ImGui::GetColorU32(ImGuiCol_TextDisabled);

  // Legend and zoom on one line.
  float lx = draw_legend(dl, c.x, c.y,
                         {{kReadColor, "add (combine)"}, {kCopyEdge, "move (swap)"}, {kChangedColor, "written this step"}},
                         text_col);
  (void)lx;
  ImGui::Dummy(ImVec2(1, ImGui::GetFontSize() + 4));
  if (generation_ != s.trace_generation) {
    generation_ = s.trace_generation;
    model_ = tree_model(t);
  }
  const TreeModel& m = model_;
  const int words = m.columns;
  ImGui::SetNextItemWidth(160 * ui.scale);
  ImGui::SliderFloat("zoom", &s.tree_zoom, 1.0f, std::max(2.0f, words / 8.0f), "%.1fx", ImGuiSliderFlags_Logarithmic);
  ImGui::SameLine();
  if (ImGui::Button("Fit")) {
    s.tree_zoom = 1.0f;
    s.tree_pan = 0.0f;
  }
  ImGui::SameLine();
  ImGui::TextDisabled("wheel: zoom, drag: pan");

  std::vector<int> rows;  // the trace step of each row
  for (const TreeRow& row : m.rows) rows.push_back(row.step);
  float longest = 0;
  for (const TreeRow& row : m.rows) longest = std::max(longest, text_width(row.label, ui.fonts.small));
  const float gutter = std::min(longest + 10, c.w * 0.3f);
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  // The application kernels' arrays get a named bracket over their columns.
  const std::vector<SharedArray> arrays = shared_arrays(t);
  const float strip = arrays.empty() ? 0.0f : ui.fonts.small->FontSize + 8;
  // A caption line under the tree says how columns and labels are laid out when that is not plain.
  const float caption_h = ImGui::GetFontSize() + 4;
  Rect area{p0.x + gutter, p0.y + strip, avail.x - gutter - 4, avail.y - 4 - strip - caption_h};
  if (rows.empty() || area.w < 20 || area.h < 20) {
    ImGui::TextDisabled("This kernel keeps its values in registers: no shared-memory tree to draw.");
    end_panel();
    return;
  }
  // Pan and zoom (zoom around the mouse).
  ImGui::InvisibleButton("##treecanvas", ImVec2(avail.x, std::max(1.0f, avail.y - 4)));
  ImGuiIO& io = ImGui::GetIO();
  if (ImGui::IsItemHovered() && io.MouseWheel != 0) {
    float old = s.tree_zoom;
    s.tree_zoom = std::clamp(s.tree_zoom * std::pow(1.25f, io.MouseWheel), 1.0f, std::max(2.0f, words / 8.0f));
    float mx = io.MousePos.x - area.x;
    s.tree_pan = mx - (mx - s.tree_pan) * (s.tree_zoom / old);
  }
  if (ImGui::IsItemActive() && ImGui::IsMouseDragging(ImGuiMouseButton_Left)) s.tree_pan += io.MouseDelta.x;
  TreeGeometry g = tree_geometry(words, static_cast<int>(rows.size()), area, s.tree_zoom, s.tree_pan, ui.fonts.small->FontSize + 4);
  s.tree_pan = g.pan_x;

  // The row of the current step (or the last row before it; the first of the rows showing it).
  int cur_row = -1;
  for (int i = 0; i < static_cast<int>(rows.size()); ++i)
    if (rows[i] <= s.step && (cur_row < 0 || rows[i] != rows[cur_row])) cur_row = i;
  const bool cur_is_row = cur_row >= 0 && rows[cur_row] == s.step;
  auto is_current = [&](int i) { return cur_is_row && rows[i] == s.step; };
  const float a = ease_in_out(s.anim);

  dl->PushClipRect(ImVec2(p0.x, area.y), ImVec2(area.right(), area.bottom()), true);
  // Row labels in the gutter: every row's, or every k-th and the current one's where rows are
  // shorter than a line (the caption says which).
  int label_every = 1;
  const std::vector<int> labelled = labelled_rows(static_cast<int>(rows.size()), g.row_h, ui.fonts.small->FontSize, cur_is_row ? cur_row : -1, &label_every);
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    const float y = g.row_y(i);
    const bool cur = is_current(i);
    if (cur) dl->AddRectFilled(ImVec2(p0.x, y - g.row_h / 2), ImVec2(area.right(), y + g.row_h / 2), IM_COL32(255, 255, 255, 18));
  }
  for (int i : labelled) {
    const float y = g.row_y(i);
    const bool cur = is_current(i);
    ImFont* f = ui.fonts.small;
    std::string label = fit_text(m.rows[i].label, gutter - 8, f);
    if (label_every > 1 && g.row_h < f->FontSize) {  // a tick from the label to its row
      dl->AddLine(ImVec2(p0.x + gutter - 6, y), ImVec2(p0.x + gutter - 1, y), dim_col, 1.0f);
    }
    dl->AddText(f, f->FontSize, ImVec2(p0.x + 2, std::clamp(y - f->FontSize / 2, area.y, area.bottom() - f->FontSize)),
                i <= cur_row || cur ? (cur ? text_col : dim_col) : IM_COL32(110, 110, 110, 255), label.c_str());
  }
  dl->PopClipRect();
  dl->PushClipRect(ImVec2(area.x, area.y), ImVec2(area.right(), area.bottom()), true);
  const int w0 = g.first_visible(words), w1 = g.last_visible(words);
  const bool show_values = label_fits(g.node_w, text_width("888", ui.fonts.small));
  const bool big_nodes = g.node_w >= 4;

  // Edges first (under the nodes). Rows after the current one are not computed yet: ghosts.
  for (int i = 1; i < static_cast<int>(rows.size()); ++i) {
    const bool current = is_current(i);
    const bool future = i > cur_row && !current;
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

  // Nodes.
  for (int i = 0; i < static_cast<int>(rows.size()); ++i) {
    const TreeRow& row = m.rows[i];
    const bool current = is_current(i);
    const bool future = i > cur_row && !current;
    const std::vector<char>& written = row.written;
    const float y = g.row_y(i);
    if (!big_nodes) {  // columns under 4 pixels: runs of written words become one bar
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
      continue;
    }
    for (int w = w0; w <= w1; ++w) {
      const float x = g.word_x(w);
      if (!written[w]) {
        if (big_nodes && !future && g.node_w >= 10) {
          ImVec2 q0(x - g.node_w / 2, y - g.node_h / 2), q1(x + g.node_w / 2, y + g.node_h / 2);
          dl->AddRect(q0, q1, IM_COL32(90, 90, 95, 255), 2);
          if (show_values && !row.output && !std::isnan(row.values[w])) {
            draw_value_in_box(dl, ImVec2(x, y), g.node_w, g.node_h, format_value(row.values[w], t.op, ValueStyle::Cell), IM_COL32(120, 120, 125, 255), ui.fonts.small);
          }
        }
        continue;
      }
      Rgba fill = future ? Rgba{55, 55, 60} : current ? mix(Rgba{70, 70, 75}, kChangedColor, a) : Rgba{205, 215, 230};
      ImVec2 q0(x - g.node_w / 2, y - g.node_h / 2), q1(x + g.node_w / 2, y + g.node_h / 2);
      dl->AddRectFilled(q0, q1, col(fill), big_nodes ? 3.0f : 0.0f);
      if (row.output && !future)  // global memory, not shared: a white frame
        dl->AddRect(ImVec2(q0.x - 1, q0.y - 1), ImVec2(q1.x + 1, q1.y + 1), IM_COL32(255, 255, 255, 230), 3.0f, 0, 1.5f);
      if (!future && show_values && !std::isnan(row.values[w])) {
        Rgba tc = text_on(fill);
        draw_value_in_box(dl, ImVec2(x, y), g.node_w, g.node_h, format_value(row.values[w], t.op, ValueStyle::Cell),
                          col(tc.with_alpha(static_cast<uint8_t>(current ? 255 * a : 255))), ui.fonts.small);
      }
    }
  }
  // Word numbers along the top when they fit.
  if (label_fits(g.col_w, text_width("2047", ui.fonts.small)) && g.row_h > g.node_h + ui.fonts.small->FontSize * 2) {
    for (int w = w0; w <= w1; ++w)
      text_centered(dl, ImVec2(g.word_x(w), area.y + ui.fonts.small->FontSize * 0.5f), IM_COL32(140, 140, 150, 255), std::to_string(w), ui.fonts.small);
  }
  dl->PopClipRect();
  for (const auto& arr : arrays) {
    if (arr.words <= 0 || arr.first >= words) continue;
    const float x0 = std::max(area.x, g.word_x(arr.first) - g.col_w / 2 + 2);
    const float x1 = std::min(area.right(), g.word_x(std::min(words, arr.first + arr.words) - 1) + g.col_w / 2 - 2);
    if (x1 <= x0) continue;
    const float by = area.y - 3;
    const ImU32 bc = IM_COL32(220, 220, 230, 255);
    dl->AddLine(ImVec2(x0, by), ImVec2(x1, by), bc, 1.5f);
    dl->AddLine(ImVec2(x0, by), ImVec2(x0, by - 4), bc, 1.5f);
    dl->AddLine(ImVec2(x1, by), ImVec2(x1, by - 4), bc, 1.5f);
    std::string name = arr.name;
    if (!label_fits(x1 - x0, text_width(name, ui.fonts.small))) name = name.substr(0, name.find(' '));
    if (label_fits(x1 - x0, text_width(name, ui.fonts.small)))
      text_centered(dl, ImVec2((x0 + x1) / 2, by - 4 - ui.fonts.small->FontSize / 2), bc, name, ui.fonts.small);
  }
  // The caption line under the tree: how columns and row labels are laid out, when not plain.
  std::string caption;
  for (const std::string& note : m.notes) caption += (caption.empty() ? "" : "; ") + note;
  if (label_every > 1)
    caption += (caption.empty() ? "" : "; ") + std::string("row labels: every ") + std::to_string(label_every) + (label_every == 2 ? "nd" : label_every == 3 ? "rd" : "th") +
               " row and the current one";
  if (!caption.empty()) {
    ImGui::SetCursorScreenPos(ImVec2(p0.x + 2, area.bottom() + 2));
    ImGui::PushTextWrapPos(0.0f);
    ImGui::TextDisabled("%s", fit_text(caption, c.right() - p0.x - 4).c_str());
    ImGui::PopTextWrapPos();
  }
  end_panel();
}

}  // namespace scanscope
