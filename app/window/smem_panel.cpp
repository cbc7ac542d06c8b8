// Shared-memory view: the array, one row per `banks` words so a column is a bank; cells tinted by
// bank, changed cells outlined, padding slots hatched. Small arrays are drawn twice, before and
// after the step, with the step's reads going from the old cells to the threads and its writes
// from the threads to the new cells; large ones once, with the lines from the threads to the cells.
#include <algorithm>
#include <cmath>

#include "model.h"
#include "panels.h"

namespace scanscope {

namespace {

struct GridStyle {
  bool show_changes = false;
  float anim = 1.0f;  // eased progress of the step's animation
  float dim = 0.0f;   // 0: full colour; towards 1: faded (the "before" grid)
};

void draw_grid(ImDrawList* dl, const SmemGrid& g, const std::vector<double>& values, int words, int banks, const std::vector<bool>& pads,
               const std::vector<char>& changed, const GridStyle& style, ImFont* small, float ui_scale, Operator op) {
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
      if (show_values && label_fits(cell.w, text_width("pad", small)))
        text_centered(dl, ImVec2(cell.x + cell.w / 2, cell.y + cell.h / 2), IM_COL32(255, 255, 255, 255), "pad", small);
      continue;
    }
    const double v = w < static_cast<int>(values.size()) ? values[w] : NAN;
    Rgba fill = bank_color(w % banks, banks);
    if (std::isnan(v)) fill = mix(fill, Rgba{30, 30, 30}, 0.7f);
    if (style.dim > 0) fill = mix(fill, Rgba{40, 40, 44}, style.dim);
    const bool is_changed = style.show_changes && w < static_cast<int>(changed.size()) && changed[w];
    const bool thin = cell.w < 8;  // no room for an outline: a changed cell is filled orange
    if (thin && is_changed) fill = mix(fill, kChangedColor, 0.35f + 0.65f * style.anim);
    dl->AddRectFilled(q0, q1, col(fill));
    if (is_changed && !thin)
      dl->AddRect(q0, q1, col(kChangedColor.with_alpha(static_cast<uint8_t>(80 + 175 * style.anim))), 0, 0,
                  std::max(1.5f, std::min(4.0f * ui_scale, cell.w * 0.12f)));
    if (show_values) {
      draw_value_in_box(dl, ImVec2(cell.x + cell.w / 2, cell.y + cell.h / 2), cell.w, cell.h, format_value(v, op, ValueStyle::Cell), col(text_on(fill)), small);
    }
  }
}

void bank_numbers(ImDrawList* dl, const SmemGrid& g, float y, ImFont* small) {
  for (int b = 0; b < g.columns; ++b) {
    std::string label = std::to_string(b);
    if (label_fits(g.cell_w, text_width(label, small)))
      text_centered(dl, ImVec2(g.area.x + (b + 0.5f) * g.cell_w, y), IM_COL32(170, 170, 180, 255), label, small);
  }
}

}  // namespace

void SmemPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  if (!s.have_trace) {
    begin_panel("##smem", "Shared memory", r);
    end_panel();
    return;
  }
  const Trace& t = s.trace;
  const Step& st = t.steps[s.step];
  std::string title = "Shared memory, step " + std::to_string(s.step) + ": " + st.label;
  if (text_width(title + "   (column = bank)") < r.w - 16) title += "   (column = bank)";
  Rect c = begin_panel("##smem", title, r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_col = IM_COL32(170, 170, 180, 255);
  std::vector<std::pair<Rgba, std::string>> legend = {{kReadColor, "read"}, {kWriteColor, "write"}, {kChangedColor, "changed"}, {kPaddingColor, "padding"}};
  if (!st.hazards.empty()) legend.push_back({kRaceColor, "RACE (no barrier)"});
  float lx = draw_legend(dl, c.x, c.y, legend, text_col);
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
    arrays_ = shared_arrays(t);
  }
  std::vector<char> changed(words, 0);
  for (int w : changed_words(t, s.step))
    if (w < words) changed[w] = 1;
  const std::vector<double> none;
  const std::vector<double>& before = s.step > 0 ? t.steps[s.step - 1].smem : none;
  ImFont* small = ui.fonts.small;
  const float a = ease_in_out(s.anim);
  const float label_h = small->FontSize + 3;
  const float strip_h = std::max(10.0f, fh * 1.2f);
  const int threads = std::max(1, t.threads);
  const float tw = c.w / static_cast<float>(threads);
  const float top = c.y + fh + 6;
  const float avail = c.bottom() - top - 2 - (arrays_.empty() ? 0.0f : small->FontSize + 8);  // room for the array names
  const int rows = (words + std::min(banks, std::max(1, words)) - 1) / std::min(banks, std::max(1, words));
  // Two grids (before / after) when the array is small enough that both stay legible.
  const float two_cell_h = (avail - strip_h - 4 * label_h - 2 * 28.0f * ui.scale) / std::max(1, 2 * rows);
  const bool two = rows <= 4 && two_cell_h >= small->FontSize * 1.4f;

  float strip_y = 0;
  SmemGrid g_before, g_after;
  if (two) {
    const float cell_h = std::min(3.0f * fh, two_cell_h);
    const float gap = std::max(28.0f * ui.scale, (avail - strip_h - 4 * label_h - 2 * rows * cell_h) / 2);
    float y = top;
    dl->AddText(small, small->FontSize, ImVec2(c.x, y), dim_col, "before the step");
    y += label_h;
    bank_numbers(dl, smem_grid(words, banks, Rect{c.x, y, c.w, cell_h}, cell_h), y + small->FontSize / 2, small);
    y += label_h;
    g_before = smem_grid(words, banks, Rect{c.x, y, c.w, rows * cell_h}, cell_h);
    y += rows * cell_h + gap;
    strip_y = y;
    y += strip_h + gap;
    dl->AddText(small, small->FontSize, ImVec2(c.x, y), dim_col, "after the step");
    y += label_h;
    bank_numbers(dl, smem_grid(words, banks, Rect{c.x, y, c.w, cell_h}, cell_h), y + small->FontSize / 2, small);
    y += label_h;
    g_after = smem_grid(words, banks, Rect{c.x, y, c.w, rows * cell_h}, cell_h);
  } else {
    dl->AddText(small, small->FontSize, ImVec2(c.x, top), dim_col, "threads");
    strip_y = top + label_h;
    const float gap = std::max(40.0f * ui.scale, (avail - strip_h) * 0.22f);
    const float gy = strip_y + strip_h + gap + label_h;
    g_after = smem_grid(words, banks, Rect{c.x, gy, c.w, c.bottom() - gy - 2 - (arrays_.empty() ? 0 : label_h)}, 3.6f * fh);
    bank_numbers(dl, g_after, gy - label_h / 2 - 1, small);
  }

  // Threads strip.
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
    std::string label = (two && tw > text_width("t00", small) + 4 ? "t" : "") + std::to_string(tid);
    if (label_fits(tw, text_width(label, small))) text_centered(dl, ImVec2((q0.x + q1.x) / 2, (q0.y + q1.y) / 2), IM_COL32(255, 255, 255, 255), label, small);
  }

  // One grid: the lines go over it and end in the cells (a deep row would hide them otherwise).
  if (!two) draw_grid(dl, g_after, st.smem, words, banks, pads_, changed, GridStyle{true, a, 0.0f}, small, ui.scale, t.op);
  // Reads and writes. Too many lines hide each other: above 192 accesses only the selected warp's.
  const bool only_warp = st.accesses.size() > 192;
  const float lw = std::max(1.0f, 2.0f * ui.scale);
  for (const auto& acc : st.accesses) {
    if (acc.op == kShuffle || acc.word >= words) continue;
    if (only_warp && acc.tid / kWarpSize != s.selected_warp) continue;
    const float tx = c.x + (acc.tid + 0.5f) * tw;
    const Rgba color = (acc.op == kLoad ? kReadColor : kWriteColor).with_alpha(only_warp ? 200 : 190);
    ImVec2 from, to;
    if (two && acc.op == kLoad) {  // old cell -> thread
      Rect cell = g_before.cell(acc.word);
      from = ImVec2(cell.x + cell.w / 2, cell.bottom());
      to = ImVec2(tx, strip_y);
    } else if (two) {  // thread -> new cell
      Rect cell = g_after.cell(acc.word);
      from = ImVec2(tx, strip_y + strip_h);
      to = ImVec2(cell.x + cell.w / 2, cell.y);
    } else {
      Rect cell = g_after.cell(acc.word);
      from = ImVec2(tx, strip_y + strip_h);
      to = ImVec2(cell.x + cell.w * (acc.op == kLoad ? 0.35f : 0.65f), cell.y + cell.h * 0.5f);
    }
    dl->AddLine(from, ImVec2(from.x + (to.x - from.x) * a, from.y + (to.y - from.y) * a), col(color), lw);
  }
  // Two grids: the cells go over the lines, so a line passing a row of cells never hides a value.
  if (two) {
    draw_grid(dl, g_before, before, words, banks, pads_, changed, GridStyle{false, a, 0.35f}, small, ui.scale, t.op);
    draw_grid(dl, g_after, st.smem, words, banks, pads_, changed, GridStyle{true, a, 0.0f}, small, ui.scale, t.op);
  }
  // Raced words: a thick red outline over everything else.
  if (!st.hazards.empty()) {
    const std::vector<char> raced = hazard_words(st, words);
    for (int w = 0; w < words; ++w) {
      if (!raced[w]) continue;
      for (const SmemGrid* g : {&g_after, two ? &g_before : nullptr}) {
        if (!g) continue;
        Rect cell = g->cell(w);
        dl->AddRect(ImVec2(cell.x + 0.5f, cell.y + 0.5f), ImVec2(cell.right() - 0.5f, cell.bottom() - 0.5f), col(kRaceColor), 0, 0,
                    std::max(2.0f, std::min(3.5f * ui.scale, cell.w * 0.15f)));
      }
    }
  }
  // The application kernels' arrays: a bracket and a name under the cells of each.
  if (!arrays_.empty()) {
    const ImU32 bracket = IM_COL32(220, 220, 230, 255);
    const int cols = g_after.columns;
    for (const auto& arr : arrays_) {
      if (arr.words <= 0 || arr.first >= words) continue;
      const int last = std::min(words, arr.first + arr.words) - 1;
      // One bracket per grid row the array covers.
      for (int w = arr.first; w <= last;) {
        const int row_end = std::min(last, (w / cols + 1) * cols - 1);
        Rect c0 = g_after.cell(w), c1 = g_after.cell(row_end);
        const float by = c1.bottom() + 2;
        if (row_end == last || (w / cols) == (last / cols)) {
          dl->AddLine(ImVec2(c0.x + 2, by), ImVec2(c1.right() - 2, by), bracket, 1.5f);
          dl->AddLine(ImVec2(c0.x + 2, by - 3), ImVec2(c0.x + 2, by + 1), bracket, 1.5f);
          dl->AddLine(ImVec2(c1.right() - 2, by - 3), ImVec2(c1.right() - 2, by + 1), bracket, 1.5f);
          std::string name = arr.name;
          const float room = c1.right() - c0.x;
          if (!label_fits(room, text_width(name, small))) name = name.substr(0, name.find(' '));
          if (label_fits(room, text_width(name, small)))
            text_centered(dl, ImVec2((c0.x + c1.right()) / 2, by + 2 + small->FontSize / 2), bracket, name, small);
        } else {
          dl->AddLine(ImVec2(c0.x + 1, c0.y), ImVec2(c0.x + 1, c0.bottom()), bracket, 2.0f);  // where the array starts
        }
        w = row_end + 1;
      }
    }
  }
  if (only_warp)
    dl->AddText(small, small->FontSize, ImVec2(c.x, strip_y + strip_h + 2), text_col,
                ("lines: warp " + std::to_string(s.selected_warp) + " only (select a warp in the Warps view)").c_str());
  end_panel();
}

}  // namespace scanscope
