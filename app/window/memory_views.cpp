// The shared-memory grid (with its threads strip and read/write lines) and the bank x lane grid:
// drawn by the shared-memory and warps panels, and for both sides by the comparison, so each
// picture is one piece of code (panels.h: draw_smem_view, draw_bank_lane_grid).
#include <algorithm>
#include <cmath>

#include "engine/bank_model.h"
#include "model.h"
#include "panels.h"

namespace scanscope {

namespace {

// A grid of whole rows of the array: all of it, or the window of rows [first_row, first_row + rows).
struct GridRows {
  SmemGrid g;
  int first_word = 0, end_word = 0;
  bool contains(int w) const { return w >= first_word && w < end_word; }
  Rect cell(int w) const { return g.cell(w - first_word); }
};

// What a grid drew of its values (for the layout report): how many, the smallest size.
struct ValuesDrawn {
  int count = 0;
  float min_px = 0;
  void add(float px) {
    if (px <= 0) return;
    ++count;
    min_px = min_px > 0 ? std::min(min_px, px) : px;
  }
};

struct GridStyle {
  bool show_changes = false;
  float anim = 1.0f;  // eased progress of the step's animation
  float dim = 0.0f;   // 0: full colour; towards 1: faded (the "before" grid)
  float min_px = 0;   // values too wide for a cell at the small font shrink down to this (0: left out)
};

// The cells (fill, hatching, outlines); values too unless they are drawn later, over the lines.
void draw_cells(ImDrawList* dl, const GridRows& gr, const std::vector<double>& values, int banks, const std::vector<bool>& pads,
                const std::vector<char>& changed, const GridStyle& style, ImFont* small, float ui_scale, Operator op, bool with_values,
                ValuesDrawn* drawn = nullptr) {
  const SmemGrid& g = gr.g;
  const bool show_values = with_values && g.cell_h >= small->FontSize;
  for (int w = gr.first_word; w < gr.end_word; ++w) {
    Rect cell = gr.cell(w);
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
    Rgba fill = bank_color(bank_of(w, banks), banks);
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
      const float px = draw_value_in_box(dl, ImVec2(cell.x + cell.w / 2, cell.y + cell.h / 2), cell.w, cell.h, format_value(v, op, ValueStyle::Cell), col(text_on(fill)), small,
                                         style.min_px);
      if (drawn && !std::isnan(v)) drawn->add(px);
    }
  }
}

// The values alone, over whatever was drawn on the cells (the lines ending in them).
void draw_values(ImDrawList* dl, const GridRows& gr, const std::vector<double>& values, int banks, const std::vector<bool>& pads, ImFont* small,
                 Operator op, ValuesDrawn* drawn, float min_px) {
  if (gr.g.cell_h < small->FontSize) return;
  for (int w = gr.first_word; w < gr.end_word; ++w) {
    if (w < static_cast<int>(pads.size()) && pads[w]) continue;
    const double v = w < static_cast<int>(values.size()) ? values[w] : NAN;
    if (std::isnan(v)) continue;
    Rect cell = gr.cell(w);
    const std::string text = format_value(v, op, ValueStyle::Cell);
    // A dark plate under the number keeps it readable where lines cross the cell.
    const float fit = text_width(text, small) + 2 <= cell.w - 2 || min_px <= 0 ? 1.0f : std::max(min_px / small->FontSize, (cell.w - 4) / (text_width(text, small) + 2));
    const float tw = std::min(cell.w - 2, (text_width(text, small) + 2) * fit), th = std::min(cell.h - 2, small->FontSize * fit);
    const ImVec2 mid(cell.x + cell.w / 2, cell.y + cell.h / 2);
    const Rgba fill = bank_color(bank_of(w, banks), banks);
    dl->AddRectFilled(ImVec2(mid.x - tw / 2, mid.y - th / 2), ImVec2(mid.x + tw / 2, mid.y + th / 2), col(fill));
    drawn->add(draw_value_in_box(dl, mid, cell.w, cell.h, text, col(text_on(fill)), small, min_px));
  }
}

void bank_numbers(ImDrawList* dl, const SmemGrid& g, float y, ImFont* small) {
  for (int b = 0; b < g.columns; ++b) {
    std::string label = std::to_string(b);
    if (label_fits(g.cell_w, text_width(label, small)))
      text_centered(dl, ImVec2(g.area.x + (b + 0.5f) * g.cell_w, y), col(kDimText), label, small);
  }
}

}  // namespace

void draw_smem_view(ImDrawList* dl, const Trace& t, int step, const Rect& c, const SmemViewInput& in, const UiContext& ui, SmemViewState* state) {
  const Step& st = t.steps[step];
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_col = col(kDimText);
  const float fh = ImGui::GetFontSize();
  const int banks = std::max(1, t.banks);
  const int words = static_cast<int>(st.smem.size());
  const std::vector<bool>& pads = *in.pads;
  const std::vector<SharedArray>& arrays = *in.arrays;
  std::vector<char> changed(words, 0);
  for (int w : changed_words(t, step))
    if (w < words) changed[w] = 1;
  const std::vector<double> none;
  const std::vector<double>& before = step > 0 ? t.steps[step - 1].smem : none;
  ImFont* small = ui.fonts.small;
  const float a = ease_in_out(in.anim);
  const float label_h = small->FontSize + 3;
  float strip_h = std::max(10.0f, fh * (in.compact ? 0.8f : 1.2f));
  const int threads = std::max(1, t.threads);
  const float tw = c.w / static_cast<float>(threads);
  const float top = c.y;
  // Rows of `banks` words (a column is a bank), or a 2-D array's own rows (smem_layout): tile[y][x]
  // in row y, column x, each cell still coloured by its word's bank. The matrix's title names the
  // array, so it needs no bracket under it.
  const SmemLayout layout = smem_layout(t);
  const bool matrix = layout.matrix && layout.words == words;
  const bool brackets = !arrays.empty() && !matrix;
  const float arrays_h = brackets ? small->FontSize + 8 : 0.0f;  // room for the array names
  const float caption_h = small->FontSize + 2;
  const float avail = c.bottom() - top - 2 - arrays_h;
  const int cols = matrix ? layout.columns : std::min(banks, std::max(1, words));
  const int rows = (words + cols - 1) / cols;
  // Two grids (before / after) when the array is small enough that both stay legible.
  const float two_cell_h = (avail - strip_h - 4 * label_h - 2 * 28.0f * ui.scale) / std::max(1, 2 * rows);
  const bool two = !in.compact && rows <= 4 && two_cell_h >= small->FontSize * 1.4f;
  // Lines: one per access while they stay apart, else one warp's (smem_lines says which, and why).
  const SmemLines lines = smem_lines(t, step, words, in.selected_warp, in.selected_inst, two ? 192 : 64);

  float strip_y = 0;
  GridRows g_before, g_after;
  std::string window_caption;
  float bank_y = -1;  // one grid: where its bank numbers go
  bool tight = false;  // one grid in a short panel: little room for the lines, one caption line
  bool bare = false;   // and so short that the bank numbers and the caption are left out
  bool colour_only = false;  // a matrix too narrow for its values: cells in their banks' colours, no values (hover: one)
  if (two) {
    const float cell_h = std::min(3.0f * fh, two_cell_h);
    const float gap = std::max(28.0f * ui.scale, (avail - strip_h - 4 * label_h - 2 * rows * cell_h) / 2);
    float y = top;
    dl->AddText(small, small->FontSize, ImVec2(c.x, y), dim_col, "before the step");
    y += label_h;
    bank_numbers(dl, smem_grid(words, cols, Rect{c.x, y, c.w, cell_h}, cell_h), y + small->FontSize / 2, small);
    y += label_h;
    g_before = {smem_grid(words, cols, Rect{c.x, y, c.w, rows * cell_h}, cell_h), 0, words};
    y += rows * cell_h + gap;
    strip_y = y;
    y += strip_h + gap;
    dl->AddText(small, small->FontSize, ImVec2(c.x, y), dim_col, "after the step");
    y += label_h;
    bank_numbers(dl, smem_grid(words, cols, Rect{c.x, y, c.w, cell_h}, cell_h), y + small->FontSize / 2, small);
    y += label_h;
    g_after = {smem_grid(words, cols, Rect{c.x, y, c.w, rows * cell_h}, cell_h), 0, words};
  } else {
    // The lines' fan takes a fifth of the height, less when the rows need the room for their values,
    // and hardly any in a short panel (a projector's quarter), where two rows of values come first.
    float value_h = small->FontSize * 1.3f;
    // A matrix whose cells are too narrow for its widest value with a gap between neighbours (a
    // 32-column tile at 1280 px: 14 px cells, 11 px digits, a row read as one long number) is drawn
    // in colour only, its subject: the banks. Its rows need no room for values then, so more show.
    if (matrix) {
      const float px_lo = in.min_px > 0 ? std::min(in.min_px, small->FontSize) : small->FontSize;
      float widest = 0;
      for (int w = 0; w < words; ++w)
        if (!(w < static_cast<int>(pads.size()) && pads[w]) && !std::isnan(st.smem[w]))
          widest = std::max(widest, text_width(format_value(st.smem[w], t.op, ValueStyle::Cell), small));
      const float cell_w = (c.w - text_width(std::to_string(rows - 1), small) - 6) / static_cast<float>(cols);
      colour_only = widest > 0 && !value_keeps_gap(cell_w, widest * px_lo / small->FontSize, px_lo);
      if (colour_only) value_h = std::max(1.0f, in.min_cell);
    }
    tight = avail < 2 * label_h + strip_h + 24.0f * ui.scale + 2 * value_h + 2 * caption_h + arrays_h;
    if (tight) strip_h = std::max(6.0f, fh * 0.5f);
    if (!in.compact && !tight) {
      dl->AddText(small, small->FontSize, ImVec2(c.x, top), dim_col, "threads");
      // A matrix says what it is at the right of that line: the array, and what a cell's colour means.
      const float room = c.w - text_width("threads", small) - 16;
      for (const std::string& key : matrix ? std::vector<std::string>{layout.declared() + ": a row per " + layout.name + "[y], colour = bank",
                                                                      layout.declared() + ", colour = bank", layout.declared()}
                                           : std::vector<std::string>{})
        if (text_width(key, small) <= room) {
          dl->AddText(small, small->FontSize, ImVec2(c.right() - text_width(key, small), top), text_col, key.c_str());
          break;
        }
    }
    strip_y = top + (in.compact || tight ? 0.0f : label_h);
    const bool crowded = rows * value_h > avail - strip_h - label_h - 2 * caption_h - arrays_h - 40.0f * ui.scale;
    // A matrix's lines all go down into a column or along a row, so its rows take most of the fan's room.
    const float gap = tight       ? std::max(6.0f * ui.scale, strip_h * 0.5f)
                      : in.compact ? std::max(12.0f * ui.scale, (avail - strip_h) * 0.08f)
                      : matrix     ? std::max(16.0f * ui.scale, (avail - strip_h) * 0.06f)
                                   : std::max(24.0f * ui.scale, (avail - strip_h) * (crowded ? 0.12f : 0.22f));
    // Where not even one row of values would fit, the bank numbers and the caption give up their room.
    bare = tight && c.bottom() - (strip_y + strip_h + gap + label_h) - 2 - arrays_h - caption_h < value_h;
    const float gy = strip_y + strip_h + gap + (bare ? 0.0f : label_h);
    const float grid_h = c.bottom() - gy - 2 - arrays_h - (bare ? 0 : in.compact || tight ? 1 : colour_only ? 3 : 2) * caption_h;
    // Rows tall enough for a value; when not all of them fit, a window of rows: those the drawn
    // lines touch, the wheel scrolls it (the caption says which rows are shown).
    const int fit = std::max(1, static_cast<int>(grid_h / value_h));
    std::vector<int> touched;
    for (int i : lines.accesses) touched.push_back(st.accesses[i].word / cols);
    const GridWindow win = grid_window(rows, fit, touched, state ? state->scroll : 0);
    if (state) state->scroll = win.first - grid_window(rows, fit, touched, 0).first;  // kept in range
    // A gutter with each row's first word where not all rows are shown; a matrix's row numbers (y
    // of tile[y]) always.
    const float gutter = matrix ? text_width(std::to_string(rows - 1), small) + 6 : win.all() ? 0.0f : text_width(std::to_string(words), small) + 6;
    const int first_word = win.first * cols, end_word = std::min(words, (win.first + win.count) * cols);
    g_after = {smem_grid(win.count * cols, cols, Rect{c.x + gutter, gy, c.w - gutter, std::max(1.0f, grid_h)}, std::max(3.6f * fh, value_h)), first_word, end_word};
    if (in.interactive && state && !win.all() && ImGui::IsMouseHoveringRect(ImVec2(c.x, gy), ImVec2(c.right(), gy + grid_h)) && ImGui::GetIO().MouseWheel != 0)
      state->scroll -= static_cast<int>(ImGui::GetIO().MouseWheel);  // applied from the next frame
    bank_y = gy - label_h / 2 - 1;  // drawn over the lines, below
    if (!win.all() || matrix) {
      for (int r = 0; r < win.count; ++r) {  // the first word (or the matrix's row) of each row shown
        const Rect cell = g_after.cell(first_word + r * cols);
        if (cell.h < small->FontSize) continue;
        const std::string wl = std::to_string(matrix ? win.first + r : first_word + r * cols);
        dl->AddText(small, small->FontSize, ImVec2(c.x + gutter - 4 - text_width(wl, small), cell.y + (cell.h - small->FontSize) / 2), dim_col, wl.c_str());
      }
    }
    if (!win.all()) {
      window_caption = "rows " + std::to_string(win.first) + "-" + std::to_string(win.first + win.count - 1) + " of " + std::to_string(rows);
      if (!in.compact && !tight) {
        const std::string shown = matrix ? layout.name + "[" + std::to_string(win.first) + "] to " + layout.name + "[" + std::to_string(win.first + win.count - 1) + "]"
                                         : "words " + std::to_string(first_word) + "-" + std::to_string(end_word - 1);
        window_caption += " (" + shown + "): where the lines go" + (in.interactive ? "; wheel scrolls" : "");
      }
    }
  }

  // Threads strip; the warp whose lines are drawn is framed.
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
    if (label_fits(tw, text_width(label, small)) && strip_h >= small->FontSize)
      text_centered(dl, ImVec2((q0.x + q1.x) / 2, (q0.y + q1.y) / 2), IM_COL32(255, 255, 255, 255), label, small);
  }
  if (lines.one_warp) {
    const float x0 = c.x + lines.warp * kWarpSize * tw, x1 = c.x + std::min(threads, (lines.warp + 1) * kWarpSize) * tw;
    dl->AddRect(ImVec2(x0 - 1, strip_y - 2), ImVec2(x1 + 1, strip_y + strip_h + 2), IM_COL32(255, 255, 255, 255), 0, 0, 2);
  }
  if (in.interactive) {  // a click on the strip picks that thread's warp
    ImGui::SetCursorScreenPos(ImVec2(c.x, strip_y));
    ImGui::InvisibleButton((std::string(in.id) + "strip").c_str(), ImVec2(std::max(1.0f, c.w), strip_h));
    if (ImGui::IsItemClicked() && state) state->clicked_warp = std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - c.x) / tw), 0, threads - 1) / kWarpSize;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("click: draw this thread's warp's reads and writes");
  }

  // One grid: the lines go over the cells and end in them, then the values go over the lines; a
  // line to a row out of view passes under the cells to the grid's edge (drawn first, so they cover it).
  const float lw = std::max(1.0f, (lines.one_warp ? 1.5f : 2.0f) * ui.scale);
  int out_of_view = 0;
  auto draw_line = [&](const Access& acc) {
    const float tx = c.x + (acc.tid + 0.5f) * tw;
    const Rgba color = (acc.op == kLoad ? kReadColor : kWriteColor).with_alpha(lines.one_warp ? 210 : 190);
    ImVec2 from, to;
    if (two && acc.op == kLoad) {  // old cell -> thread
      Rect cell = g_before.cell(acc.word);
      from = ImVec2(cell.x + cell.w / 2, cell.bottom());
      to = ImVec2(tx, strip_y);
    } else if (two) {  // thread -> new cell
      Rect cell = g_after.cell(acc.word);
      from = ImVec2(tx, strip_y + strip_h);
      to = ImVec2(cell.x + cell.w / 2, cell.y);
    } else if (!g_after.contains(acc.word)) {  // a row out of view: to the grid's edge, under the cells
      ++out_of_view;
      from = ImVec2(tx, strip_y + strip_h);
      const float x = g_after.g.area.x + (acc.word % cols + (acc.op == kLoad ? 0.35f : 0.65f)) * g_after.g.cell_w;
      to = ImVec2(x, acc.word < g_after.first_word ? g_after.g.area.y : g_after.g.area.y + g_after.g.rows * g_after.g.cell_h);
    } else {
      Rect cell = g_after.cell(acc.word);
      from = ImVec2(tx, strip_y + strip_h);
      to = ImVec2(cell.x + cell.w * (acc.op == kLoad ? 0.35f : 0.65f), cell.y + cell.h * 0.5f);
    }
    dl->AddLine(from, ImVec2(from.x + (to.x - from.x) * a, from.y + (to.y - from.y) * a), col(color), lw);
  };
  if (!two) {
    for (int ai : lines.accesses)
      if (!g_after.contains(st.accesses[ai].word)) draw_line(st.accesses[ai]);
    draw_cells(dl, g_after, st.smem, banks, pads, changed, GridStyle{true, a, 0.0f}, small, ui.scale, t.op, false);
  }
  for (int ai : lines.accesses)
    if (two || g_after.contains(st.accesses[ai].word)) draw_line(st.accesses[ai]);
  ValuesDrawn drawn;  // of the step's state (the "after" grid)
  if (!two) {
    if (!colour_only) draw_values(dl, g_after, st.smem, banks, pads, small, t.op, &drawn, in.min_px);
    // The bank numbers on a strip of the panel's colour, so the lines passing it never hide them.
    if (!bare)
      dl->AddRectFilled(ImVec2(g_after.g.area.x, bank_y - small->FontSize / 2 - 1), ImVec2(g_after.g.area.right(), bank_y + small->FontSize / 2 + 1),
                      ImGui::GetColorU32(ImGuiCol_WindowBg));
    if (!bare) bank_numbers(dl, g_after.g, bank_y, small);
  }
  // Two grids: the cells go over the lines, so a line passing a row of cells never hides a value.
  if (two) {
    draw_cells(dl, g_before, before, banks, pads, changed, GridStyle{false, a, 0.35f}, small, ui.scale, t.op, true);
    draw_cells(dl, g_after, st.smem, banks, pads, changed, GridStyle{true, a, 0.0f, in.min_px}, small, ui.scale, t.op, true, &drawn);
  }
  if (in.report) {  // the step's values: how many were drawn, at which size, and the rows' window if not all
    int total = 0;
    for (int w = 0; w < words; ++w)
      if (!(w < static_cast<int>(pads.size()) && pads[w]) && !std::isnan(st.smem[w])) ++total;
    int in_view = 0;  // the values of the rows shown
    for (int w = g_after.first_word; w < g_after.end_word; ++w)
      if (!(w < static_cast<int>(pads.size()) && pads[w]) && !std::isnan(st.smem[w])) ++in_view;
    std::string rule;
    if (!two && (g_after.first_word > 0 || g_after.end_word < words))
      rule = "rows " + std::to_string(g_after.first_word / cols) + "-" + std::to_string((g_after.end_word - 1) / cols) + " of " + std::to_string(rows);
    if (colour_only)
      rule += (rule.empty() ? "" : ", ") + std::string("colour only: cells too narrow");
    else if (drawn.count < in_view)  // values of shown rows not drawn: too wide for their cells (or the rows too low)
      rule += (rule.empty() ? "" : ", ") + std::to_string(in_view - drawn.count) + " left out: " +
              (g_after.g.cell_h < small->FontSize ? "rows too low" : "cells too narrow");
    in.report->add({in.report_panel, "values", drawn.count, total, drawn.min_px, rule});
  }
  // Raced words: a thick red outline over everything else.
  if (!st.hazards.empty()) {
    const std::vector<char> raced = hazard_words(st, words);
    for (int w = 0; w < words; ++w) {
      if (!raced[w]) continue;
      for (const GridRows* g : {&g_after, two ? &g_before : nullptr}) {
        if (!g || !g->contains(w)) continue;
        Rect cell = g->cell(w);
        dl->AddRect(ImVec2(cell.x + 0.5f, cell.y + 0.5f), ImVec2(cell.right() - 0.5f, cell.bottom() - 0.5f), col(kRaceColor), 0, 0,
                    std::max(2.0f, std::min(3.5f * ui.scale, cell.w * 0.15f)));
      }
    }
  }
  // The application kernels' arrays: a bracket and a name under the cells of each.
  if (brackets) {
    const ImU32 bracket = IM_COL32(220, 220, 230, 255);
    for (const auto& arr : arrays) {
      const int first = std::max(arr.first, g_after.first_word);
      const int last = std::min({words, arr.first + arr.words, g_after.end_word}) - 1;
      if (arr.words <= 0 || first > last) continue;
      // One bracket per grid row the array covers.
      for (int w = first; w <= last;) {
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
  // The rules in force, in words, under the grid: which lines are drawn, which rows are shown.
  std::string caption = in.compact || tight ? lines.short_caption : lines.caption;
  if (out_of_view > 0 && !in.compact && !tight)
    caption += (caption.empty() ? "lines: " : "; ") + std::to_string(out_of_view) + " of " + std::to_string(lines.accesses.size()) +
               " end in rows out of view (they pass under the grid)";
  if ((in.compact || tight) && !window_caption.empty()) {  // one line
    caption += (caption.empty() ? "" : "; ") + window_caption;
    window_caption.clear();
  }
  // Colour only: the caption says so, and a hovered cell shows its value.
  std::string hidden_caption;
  if (colour_only) {
    hidden_caption = std::string("values hidden: cells too narrow") + (in.interactive ? "; hover a cell for its value" : "");
    if (in.compact || tight) {
      caption = "values hidden" + std::string(caption.empty() ? "" : "; ") + caption;
      hidden_caption.clear();
    }
    const Rect ga{g_after.g.area.x, g_after.g.area.y, g_after.g.cell_w * cols, g_after.g.cell_h * g_after.g.rows};
    if (in.interactive && ImGui::IsMouseHoveringRect(ImVec2(ga.x, ga.y), ImVec2(ga.right(), ga.bottom()))) {
      const ImVec2 mp = ImGui::GetIO().MousePos;
      const int x = std::clamp(static_cast<int>((mp.x - ga.x) / std::max(1.0f, g_after.g.cell_w)), 0, cols - 1);
      const int w = g_after.first_word + std::clamp(static_cast<int>((mp.y - ga.y) / std::max(1.0f, g_after.g.cell_h)), 0, g_after.g.rows - 1) * cols + x;
      if (g_after.contains(w) && w < words) {
        const bool pad = w < static_cast<int>(pads.size()) && pads[w];
        ImGui::SetTooltip("%s[%d][%d] = %s (word %d, bank %d)", layout.name.c_str(), w / cols, x,
                          pad ? "padding" : format_value(st.smem[w], t.op, ValueStyle::Cell).c_str(), w, bank_of(w, banks));
      }
    }
  }
  float cy = two ? strip_y + strip_h + 2 : g_after.g.area.y + g_after.g.rows * g_after.g.cell_h + 3 + arrays_h;
  for (const std::string& line : {hidden_caption, caption, window_caption}) {
    if (line.empty() || bare) continue;
    dl->AddText(small, small->FontSize, ImVec2(c.x, cy), text_col, fit_text(line, c.w, small).c_str());
    cy += caption_h;
  }
}

float draw_bank_lane_grid(ImDrawList* dl, const BankLaneGrid& g, const Rect& r, ImFont* small, float ui_scale, float min_cell, CellWindow* lanes_shown,
                          CellWindow* banks_shown) {
  const int banks = std::max(1, g.banks);
  const float lw = std::max(text_width("L31", small), text_width("bank", small)) + 6;
  const int lanes = static_cast<int>(g.lanes.size());
  // Bank columns narrower than min_cell: a window of banks at that width, the one holding most of
  // the shown lanes' cells (busiest_banks), said on the rule's line ("banks 0-15 of 32").
  CellWindow bank_win{0, banks, banks, (r.w - lw) / banks};
  if (min_cell > 0 && bank_win.cell < min_cell) bank_win = cell_window(banks, r.w - lw, min_cell, 0);
  // Strips thinner than min_cell: the first lanes that fit at that size, the rule on a line (two
  // where lanes and banks are both windowed and do not fit one) under them.
  CellWindow win;
  float lh = 0;
  std::vector<std::string> rule_lines;
  for (int lines = 0; lines <= 2; ++lines) {
    lh = std::min(28.0f * ui_scale, (r.h - small->FontSize - 4 - lines * (small->FontSize + 4)) / std::max(1, lanes));
    if (lh >= min_cell || lanes == 0) {
      win = CellWindow{0, lanes, lanes, lh};
    } else {
      win = cell_window(lanes, r.h - small->FontSize - 4 - std::max(1, lines) * (small->FontSize + 4), min_cell, 0);
      lh = std::min(28.0f * ui_scale, win.cell);
    }
    if (!bank_win.all()) bank_win.first = busiest_banks(g, win.shown, bank_win.shown);
    rule_lines.clear();
    if (win.all() && bank_win.all()) break;
    // "lanes 0-5 of 32" where the lanes are 0, 1, 2 ...; "6 of 8 lanes" where they have gaps
    // (every fourth lane busy: lanes 0-20 are 6 lanes, not 21; the rows' labels name them).
    const std::string span = std::to_string(g.lanes[0]) + "-" + std::to_string(g.lanes[win.shown - 1]);
    const bool dense = g.lanes[win.shown - 1] - g.lanes[0] + 1 == win.shown;
    const std::string lane_rule = win.all() ? ""
                                  : dense ? "lanes " + span + " of " + std::to_string(lanes)
                                          : std::to_string(win.shown) + " of " + std::to_string(lanes) + " lanes";
    const std::string bank_rule = bank_win.all() ? "" : bank_win.rule("banks");
    const std::string both = lane_rule + (lane_rule.empty() || bank_rule.empty() ? "" : ", ") + bank_rule;
    for (const std::string& cand : {both + " shown (colours count all " + std::to_string(lanes) + " lanes)", both + " shown", both})
      if (text_width(cand, small) <= r.w) {
        rule_lines = {cand};
        break;
      }
    if (rule_lines.empty() && (lane_rule.empty() || bank_rule.empty())) rule_lines = {fit_words(both, r.w, small)};
    if (rule_lines.empty() && lines == 2) rule_lines = {fit_words(lane_rule, r.w, small), fit_words(bank_rule, r.w, small)};
    if (!rule_lines.empty() && static_cast<int>(rule_lines.size()) <= lines) break;  // the lines the lanes left room for
  }
  win.cell = lh;
  if (lanes_shown) *lanes_shown = win;
  if (banks_shown) *banks_shown = bank_win;
  const float bw = bank_win.cell;
  const int b0 = bank_win.first, b1 = bank_win.first + bank_win.shown;  // [b0, b1)
  // Bank numbers: first the banks where the shown lanes conflict (the ones a lesson names: "16-way
  // in bank 7"), then every 1st, 2nd, 4th or 8th, each where it does not run into one already placed.
  const float num_w = text_width("31", small) + 4;  // a bank number and a gap
  const int every = bw >= num_w ? 1 : bw * 2 >= num_w ? 2 : bw * 4 >= num_w ? 4 : 8;
  std::vector<int> numbered;
  for (const BankLaneCell& cell : g.cells)
    if (cell.row < win.shown && cell.bank >= b0 && cell.bank < b1 && cell.degree > 1) numbered.push_back(cell.bank);
  for (int b = b0; b < b1; ++b)
    if (b % every == 0) numbered.push_back(b);
  std::vector<std::pair<float, float>> placed;
  for (int b : numbered) {
    const float cx = r.x + lw + (b - b0 + 0.5f) * bw, hw = text_width(std::to_string(b), small) / 2 + 2;
    if (std::any_of(placed.begin(), placed.end(), [&](const std::pair<float, float>& p) { return cx - hw < p.second && cx + hw > p.first; })) continue;
    placed.push_back({cx - hw, cx + hw});
    text_centered(dl, ImVec2(cx, r.y + small->FontSize / 2), col(kDimText), std::to_string(b), small);
  }
  dl->AddText(small, small->FontSize, ImVec2(r.x, r.y), col(kDimText), "bank");
  const float g0 = r.y + small->FontSize + 4;
  const float gx1 = r.x + lw + bank_win.shown * bw;
  dl->AddRectFilled(ImVec2(r.x + lw, g0), ImVec2(gx1, g0 + win.shown * lh), IM_COL32(30, 30, 34, 255));
  const int label_every = lh >= small->FontSize ? 1 : std::max(1, static_cast<int>(std::ceil(small->FontSize / std::max(1.0f, lh))));
  for (size_t i = 0; i < static_cast<size_t>(win.shown); ++i) {
    const float ly = g0 + i * lh;
    if (static_cast<int>(i) % label_every == 0)
      dl->AddText(small, small->FontSize, ImVec2(r.x, ly + (lh - small->FontSize) / 2), col(kDimText), ("L" + std::to_string(g.lanes[i])).c_str());
    if (g.issue < kWarpSize && i > 0 && g.lanes[i - 1] / g.issue != g.lanes[i] / g.issue)  // where one issue group ends
      dl->AddLine(ImVec2(r.x, ly), ImVec2(gx1, ly), IM_COL32(255, 255, 255, 220), 2);
  }
  for (const BankLaneCell& cell : g.cells) {
    if (cell.row >= win.shown || cell.bank < b0 || cell.bank >= b1) continue;
    ImVec2 q0(r.x + lw + (cell.bank - b0) * bw, g0 + cell.row * lh), q1(r.x + lw + (cell.bank - b0 + 1) * bw - 1, g0 + (cell.row + 1) * lh - (lh > 3 ? 1 : 0));
    dl->AddRectFilled(q0, q1, col(degree_color(cell.degree)));
    std::string wl = std::to_string(cell.word);
    if (label_fits(bw, text_width(wl, small)) && lh >= small->FontSize)
      text_centered(dl, ImVec2((q0.x + q1.x) / 2, (q0.y + q1.y) / 2), col(text_on(degree_color(cell.degree))), wl, small);
  }
  float y = g0 + win.shown * lh + 2;  // the rule: which lanes and banks, and that the colours still count them all
  for (const std::string& line : rule_lines) {
    dl->AddText(small, small->FontSize, ImVec2(r.x, y), col(okabe_ito::yellow), line.c_str());
    y += small->FontSize + 4;
  }
  if (!rule_lines.empty()) return y;
  return g0 + win.shown * lh;
}

}  // namespace scanscope
