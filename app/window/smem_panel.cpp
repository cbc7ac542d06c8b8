// Shared-memory view: the array after the current step, one row per `banks` words so a column is a
// bank; cells tinted by bank, changed cells outlined, padding slots hatched, and the step's reads
// and writes drawn from the threads (top strip) to the cells.
#include <algorithm>
#include <cmath>

#include "model.h"
#include "panels.h"

namespace scanscope {

void SmemPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  if (!s.have_trace) {
    begin_panel("##smem", "Shared memory", r);
    end_panel();
    return;
  }
  const Trace& t = s.trace;
  const Step& st = t.steps[s.step];
  std::string title = "Shared memory after step " + std::to_string(s.step) + ": " + st.label;
  if (text_width(title + "   (column = bank)") < r.w - 16) title += "   (column = bank)";
  Rect c = begin_panel("##smem", title, r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  float lx = draw_legend(dl, c.x, c.y, {{kReadColor, "read"}, {kWriteColor, "write"}, {kChangedColor, "changed"}, {kPaddingColor, "padding"}}, text_col);
  // bank tint strip
  const float fh = ImGui::GetFontSize();
  const int banks = std::max(1, t.banks);
  float sw = std::min(120.0f * ui.scale, c.right() - lx - text_width("banks 0.." + std::to_string(banks - 1)) - 8);
  if (sw > 20) {
    for (int b = 0; b < banks; ++b)
      dl->AddRectFilled(ImVec2(lx + sw * b / banks, c.y + 2), ImVec2(lx + sw * (b + 1) / banks + 1, c.y + fh - 1), col(bank_color(b, banks)));
    dl->AddText(ImVec2(lx + sw + 4, c.y), text_col, ("banks 0.." + std::to_string(banks - 1)).c_str());
  }
  const int words = static_cast<int>(st.smem.size());
  if (generation_ != s.trace_generation) {
    generation_ = s.trace_generation;
    pads_ = padding_slots(t);
  }
  const auto& pads = pads_;
  const auto changed = changed_words(t, s.step);
  std::vector<char> is_changed(words, 0);
  for (int w : changed)
    if (w < words) is_changed[w] = 1;

  // Threads strip.
  const float top = c.y + fh + 6;
  const float strip_h = std::max(10.0f, fh * 1.2f);
  const int threads = std::max(1, t.threads);
  const float tw = c.w / static_cast<float>(threads);
  ImFont* small = ui.fonts.small;
  dl->AddText(small, small->FontSize, ImVec2(c.x, top), IM_COL32(170, 170, 180, 255), "threads");
  const float strip_y = top + small->FontSize + 2;
  std::vector<char> active(threads, 0);
  for (const auto& acc : st.accesses)
    if (acc.tid < threads) active[acc.tid] = 1;
  if (tw < 3) {  // too narrow for separate boxes: runs of equal state become one bar
    int tid = 0;
    while (tid < threads) {
      int e = tid;
      while (e + 1 < threads && active[e + 1] == active[tid]) ++e;
      dl->AddRectFilled(ImVec2(c.x + tid * tw, strip_y), ImVec2(c.x + (e + 1) * tw, strip_y + strip_h), col(active[tid] ? kActiveLane : kIdleLane));
      tid = e + 1;
    }
  }
  for (int tid = 0; tid < threads && tw >= 3; ++tid) {
    ImVec2 q0(c.x + tid * tw, strip_y), q1(c.x + (tid + 1) * tw - (tw > 4 ? 1 : 0), strip_y + strip_h);
    dl->AddRectFilled(q0, q1, col(active[tid] ? kActiveLane : kIdleLane));
    std::string label = std::to_string(tid);
    if (label_fits(tw, text_width(label, small))) text_centered(dl, ImVec2((q0.x + q1.x) / 2, (q0.y + q1.y) / 2), IM_COL32(255, 255, 255, 255), label, small);
  }
  // Grid of cells, below a gap that the access lines cross.
  const float gap = std::max(40.0f * ui.scale, (c.h - strip_h) * 0.22f);
  Rect grid_area{c.x, strip_y + strip_h + gap + fh, c.w, c.bottom() - (strip_y + strip_h + gap + fh) - 2};
  SmemGrid g = smem_grid(words, banks, grid_area, 3.6f * ImGui::GetFontSize());
  // bank numbers over the columns
  for (int b = 0; b < g.columns; ++b) {
    std::string label = std::to_string(b);
    if (label_fits(g.cell_w, text_width(label, small)))
      text_centered(dl, ImVec2(grid_area.x + (b + 0.5f) * g.cell_w, grid_area.y - fh * 0.55f), IM_COL32(170, 170, 180, 255), label, small);
  }
  const float a = ease_in_out(s.anim);
  const bool show_values = g.cell_h >= small->FontSize;
  for (int w = 0; w < words; ++w) {
    Rect cell = g.cell(w);
    ImVec2 q0(cell.x + 1, cell.y + 1), q1(cell.right() - 1, cell.bottom() - 1);
    if (cell.w < 4) q1.x = cell.right();
    if (w < static_cast<int>(pads.size()) && pads[w]) {
      dl->AddRectFilled(q0, q1, col(kPaddingColor));
      for (float d = 0; d < cell.w + cell.h; d += 6)  // hatching
        dl->AddLine(ImVec2(q0.x + std::min(d, cell.w), q0.y + std::max(0.0f, d - cell.w)),
                    ImVec2(q0.x + std::max(0.0f, d - cell.h), q0.y + std::min(d, cell.h)), IM_COL32(120, 120, 120, 255));
      if (show_values && label_fits(cell.w, text_width("pad", small))) text_centered(dl, ImVec2(cell.x + cell.w / 2, cell.y + cell.h / 2), IM_COL32(255, 255, 255, 255), "pad", small);
      continue;
    }
    Rgba fill = bank_color(w % banks, banks);
    if (std::isnan(st.smem[w])) fill = mix(fill, Rgba{30, 30, 30}, 0.7f);
    const bool thin = cell.w < 8;  // no room for an outline: a changed cell is filled orange
    if (thin && is_changed[w]) fill = mix(fill, kChangedColor, 0.35f + 0.65f * a);
    dl->AddRectFilled(q0, q1, col(fill));
    if (is_changed[w] && !thin) dl->AddRect(q0, q1, col(kChangedColor.with_alpha(static_cast<uint8_t>(80 + 175 * a))), 0, 0, std::max(1.5f, std::min(4.0f * ui.scale, cell.w * 0.12f)));
    if (show_values) {
      std::string v = format_value(st.smem[w]);
      if (!v.empty() && label_fits(cell.w, text_width(v, small))) text_centered(dl, ImVec2(cell.x + cell.w / 2, cell.y + cell.h / 2), col(text_on(fill)), v, small);
    }
  }
  // Reads and writes: thread -> cell. Too many lines hide each other: above 192 accesses only the
  // selected warp's are drawn.
  const bool only_warp = st.accesses.size() > 192;
  for (const auto& acc : st.accesses) {
    if (acc.op == kShuffle || acc.word >= words) continue;
    if (only_warp && acc.tid / kWarpSize != s.selected_warp) continue;
    Rect cell = g.cell(acc.word);
    ImVec2 from(c.x + (acc.tid + 0.5f) * tw, strip_y + strip_h);
    ImVec2 to(cell.x + cell.w * (acc.op == kLoad ? 0.35f : 0.65f), cell.y);
    ImVec2 mid(from.x + (to.x - from.x) * a, from.y + (to.y - from.y) * a);
    dl->AddLine(from, mid, col((acc.op == kLoad ? kReadColor : kWriteColor).with_alpha(only_warp ? 200 : 170)), std::max(1.0f, 2.0f * ui.scale));
  }
  if (only_warp)
    dl->AddText(small, small->FontSize, ImVec2(c.x, strip_y + strip_h + 2), text_col,
                ("lines: warp " + std::to_string(s.selected_warp) + " only (select a warp in the Warps view)").c_str());
  end_panel();
}

}  // namespace scanscope
