// Global traffic in bytes per element: for the trace (and the comparison's partner, below it), a
// row per launch with a bar of the bytes its loads (blue) and stores (orange) move per element of
// the input, each launch's bar starting where the launch before ended, so a row's end is the
// sequence's running total; the totals and each array's share under the rows; a common axis marked
// every 4 bytes (one 4-byte read or write of every element). Everything comes from the traces'
// global accesses (grid_model.h traffic_picture). Large arrays lesson: three passes beside one.
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/bank_model.h"
#include "grid_model.h"
#include "panels.h"

namespace scanscope {

namespace {

// The axis: the larger side's total, up to the next multiple of 4 bytes, at least 8.
float axis_bytes(const std::vector<TrafficPicture>& sides) {
  double most = 0;
  for (const TrafficPicture& p : sides) most = std::max(most, p.ld_bytes + p.st_bytes);
  return static_cast<float>(std::max(8.0, 4.0 * std::ceil(most / 4.0 - 1e-9)));
}

}  // namespace

void TrafficPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  const Rect c = begin_panel("##traffic", "Global memory: bytes per element, launch by launch", r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* small = ui.fonts.small;
  const float fh = ImGui::GetFontSize(), sh = small->FontSize;
  const ImU32 text_col = col(kText), dim_col = col(kDimText);
  if (!s.have_trace) {
    ImGui::TextWrapped("No trace.");
    end_panel();
    return;
  }
  if (generation_ != s.trace_generation) {
    generation_ = s.trace_generation;
    sides_.clear();
    names_.clear();
    const Trace& main = s.have_grid ? s.grid : s.trace;
    sides_.push_back(traffic_picture(main));
    names_.push_back(main.kernel);
    if (s.have_compare) {
      sides_.push_back(traffic_picture(s.compare));
      names_.push_back(s.compare.kernel);
    }
  }
  bool any = false;
  for (const TrafficPicture& p : sides_) any = any || p.ld_sectors + p.st_sectors > 0;
  if (!any) {
    ImGui::TextWrapped("This trace moves nothing through global memory (a block's kernel on the input it was given).");
    s.layout_report.add({"traffic", "launches", 0, 0, 0, "no global memory"});
    end_panel();
    return;
  }

  // Lines: per side a heading, a row per launch, the arrays' line; then the axis and its legend.
  int lines = 2;
  std::vector<std::vector<std::string>> array_lines;  // per side, each array's share (the small ones together)
  for (const TrafficPicture& p : sides_) {
    array_lines.push_back(traffic_array_lines(p));
    lines += 1 + static_cast<int>(p.launches.size()) + std::max<int>(1, std::min<int>(2, static_cast<int>(array_lines.back().size()) - 1));
  }
  const float line_h = std::clamp((c.h - 4) / static_cast<float>(lines), sh + 2, fh * 1.5f);
  const bool big = line_h >= fh + 4;  // the rows' labels and numbers in the panel's font, else the small one
  ImFont* row_font = big ? ImGui::GetFont() : small;
  const float row_px = big ? fh : sh;
  const float axis = axis_bytes(sides_);
  // the numbers column fits the widest "read + written"; the labels take the row font where they fit
  float num_w = 0, label_w = 0;
  for (const TrafficPicture& p : sides_)
    for (const TrafficRow& row : p.launches) {
      num_w = std::max(num_w, text_width(bytes_per_element_text(row.ld_bytes) + " + " + bytes_per_element_text(row.st_bytes), row_font) + 12);
      label_w = std::max(label_w, text_width(row.name, row_font) + 8);
    }
  num_w = std::min(num_w, c.w * 0.35f);
  ImFont* label_font = label_w <= c.w * 0.36f ? row_font : small;
  const float label_px = label_w <= c.w * 0.36f ? row_px : sh;
  label_w = 0;
  for (const TrafficPicture& p : sides_)
    for (const TrafficRow& row : p.launches) label_w = std::max(label_w, text_width(row.name, label_font) + 8);
  label_w = std::min(label_w, c.w * 0.36f);
  const float x0 = c.x + label_w, bar_w = std::max(20.0f, c.w - label_w - num_w);
  auto bx = [&](double bytes) { return x0 + bar_w * static_cast<float>(std::min<double>(bytes, axis) / axis); };

  float y = c.y;
  int rows_drawn = 0, rows_total = 0;
  for (size_t side = 0; side < sides_.size(); ++side) {
    const TrafficPicture& p = sides_[side];
    rows_total += static_cast<int>(p.launches.size());
    if (y + line_h > c.bottom()) continue;
    // heading: "A: 12.2 bytes per element" in the panel's font, then "scan-reduce-then-scan-staged, n = 8192" where it fits
    const std::string head = (sides_.size() > 1 ? std::string(side == 0 ? "A: " : "B: ") : std::string()) +
                             bytes_per_element_text(p.ld_bytes + p.st_bytes) + " bytes per element";
    const std::string shown_head = fit_words(head, c.w);
    dl->AddText(ImGui::GetFont(), fh, ImVec2(c.x, y + (line_h - fh) / 2), text_col, shown_head.c_str());
    const float hw = text_width(shown_head) + 10;
    if (c.w - hw > 4 * sh)
      dl->AddText(small, sh, ImVec2(c.x + hw, y + (line_h - fh) / 2 + (fh - sh) * 0.7f), dim_col,
                  fit_text(std::to_string(p.ld_sectors) + " + " + std::to_string(p.st_sectors) + " sectors; " + names_[side] + ", n = " + std::to_string(p.n), c.w - hw, small)
                      .c_str());  // the sectors first: what a lesson counts
    y += line_h;
    double at = 0;  // the running total: each launch's bar starts where the one before ended
    for (size_t l = 0; l < p.launches.size() && y + line_h <= c.bottom(); ++l) {
      const TrafficRow& row = p.launches[l];
      const bool current = side == 0 && static_cast<int>(l) == (s.have_grid ? s.grid_launch : 0);
      dl->AddText(label_font, label_px, ImVec2(c.x, y + (line_h - label_px) / 2), current ? text_col : dim_col,
                  fit_text(row.name, label_w - 8, label_font).c_str());
      const float top = y + line_h * 0.15f, bottom = y + line_h * 0.85f;
      dl->AddRectFilled(ImVec2(x0, top), ImVec2(x0 + bar_w, bottom), IM_COL32(45, 45, 52, 255));
      const float r0 = bx(at), r1 = bx(at + row.ld_bytes), w1 = bx(at + row.ld_bytes + row.st_bytes);
      if (row.ld_bytes > 0) dl->AddRectFilled(ImVec2(r0, top), ImVec2(std::max(r0 + 1, r1), bottom), col(kReadColor));
      if (row.st_bytes > 0) dl->AddRectFilled(ImVec2(r1, top), ImVec2(std::max(r1 + 1, w1), bottom), col(kChangedColor));
      for (int b = 4; b < static_cast<int>(axis + 0.5f); b += 4)  // the axis' ticks, across the bar
        dl->AddLine(ImVec2(bx(b), top), ImVec2(bx(b), bottom), IM_COL32(0, 0, 0, 110), 1.0f);
      if (current) dl->AddRect(ImVec2(x0 - 1, top - 1), ImVec2(x0 + bar_w + 1, bottom + 1), IM_COL32(230, 230, 235, 200), 0.0f, 0, 1.5f);
      const std::string nums = bytes_per_element_text(row.ld_bytes) + " + " + bytes_per_element_text(row.st_bytes);
      dl->AddText(row_font, row_px, ImVec2(x0 + bar_w + 8, y + (line_h - row_px) / 2), text_col, fit_text(nums, num_w - 8, row_font).c_str());
      at += row.ld_bytes + row.st_bytes;
      y += line_h;
      ++rows_drawn;
    }
    // each array's share, in the small font, on as few lines as fit: "in: read 8.0   out: written 4.0   buf: read 0.13, written 0.04"
    std::string arrays;
    for (size_t i = 0; i < array_lines[side].size(); ++i) {
      const std::string& a = array_lines[side][i];
      const std::string joined = arrays + (arrays.empty() ? "" : "   ") + a;
      if (!arrays.empty() && text_width(joined, small) > c.w) {
        if (y + line_h > c.bottom()) break;
        dl->AddText(small, sh, ImVec2(c.x, y + (line_h - sh) / 2), dim_col, fit_text(arrays, c.w, small).c_str());
        y += line_h;
        arrays = a;
      } else {
        arrays = joined;
      }
    }
    if (!arrays.empty() && y + line_h <= c.bottom()) {
      dl->AddText(small, sh, ImVec2(c.x, y + (line_h - sh) / 2), dim_col, fit_text(arrays, c.w, small).c_str());
      y += line_h;
    }
  }
  // the axis: a tick every 4 bytes (each element read or written once), then the legend
  if (y + line_h <= c.bottom() + 2) {
    dl->AddLine(ImVec2(x0, y + 1), ImVec2(x0 + bar_w, y + 1), IM_COL32(200, 200, 210, 160), 1.0f);
    // Every tick is drawn; a number on every k-th (4, 8, 12 ... or 8, 16 ...) where their labels
    // would run into each other in a narrow panel.
    const int top_tick = static_cast<int>(axis + 0.5f);
    const float label_room = text_width(std::to_string(top_tick), small) + 6;
    int every = 1;
    while (every < 64 && bx(4.0 * every) - bx(0) < label_room) every *= 2;
    for (int b = 0; b <= top_tick; b += 4) {
      const float x = bx(b);
      dl->AddLine(ImVec2(x, y + 1), ImVec2(x, y + 5), IM_COL32(200, 200, 210, 200), 1.0f);
      if ((b / 4) % every == 0) text_centered(dl, ImVec2(x, y + 5 + sh / 2), dim_col, std::to_string(b), small);
    }
    dl->AddText(small, sh, ImVec2(c.x, y + 5), dim_col, fit_text("bytes/element", label_w - 8, small).c_str());
    y += line_h;
  }
  if (y + fh <= c.bottom() + 2) draw_legend(dl, x0, y + std::max(0.0f, (line_h - fh) / 2), {{kReadColor, "read"}, {kChangedColor, "written"}}, dim_col, c.right());
  s.layout_report.add({"traffic", "launches", rows_drawn, rows_total, row_px, rows_drawn < rows_total ? "left out: panel too low" : ""});
  end_panel();
}

}  // namespace scanscope
