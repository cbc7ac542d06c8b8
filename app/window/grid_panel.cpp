// The whole grid: the launches of the file's sequence as stages, each a row of block tiles; under
// them the global arrays, their values after the current step, the cells the step read and wrote,
// the 32-byte sectors of the selected warp-instruction framed; lines from the current block to
// what it reads and writes, so the block sums can be seen flowing into the next launch. A click
// on a tile shows that block in the other panels (grid_model.h). A trace of one block says so.
#include <algorithm>
#include <set>
#include <cmath>
#include <cstdio>

#include "engine/format.h"
#include "grid_model.h"
#include "panels.h"

namespace scanscope {

namespace {

// The x of element i of an array of `count` elements drawn from x0 over width w.
float element_x(int i, int count, float x0, float w) { return x0 + w * static_cast<float>(i) / static_cast<float>(std::max(1, count)); }

// The width of a tile of a launch's row.
float tw_min(const std::vector<GridStage>& stages, int launch, float w) {
  return launch >= 0 && launch < static_cast<int>(stages.size()) ? w / static_cast<float>(std::max(1, stages[static_cast<size_t>(launch)].grid)) : w;
}

// Where the rows go: the tiles' x and width, the labels' width, the footer's height, the band for
// arcs over the first row, the gap between launches' rows and the height of a row's share.
struct GridRoom {
  float label_w = 0, x0 = 0, w = 0;
  float arc_h = 0, footer = 0, gap_extra = 0, unit = 0;
};

// --- Decide: the rows of tiles and strips share the height left above the two footer lines; in a
// low panel they shrink to a small line each, and the footer to one line. Where a block reads what
// another block of its launch wrote (a look-back), arcs over the tiles need a band above the first
// row; where a block reads what an earlier launch wrote (block sums), the launches' rows stand
// apart, so that arrows from the tiles that wrote to the tile that reads have room, where there is
// room.
GridRoom grid_room(const Rect& c, int stages, int arrays, bool same_launch_reads, bool earlier_launch_reads, float fh, float sh) {
  GridRoom p;
  p.label_w = std::min(c.w * 0.3f, 14.0f * sh);
  p.x0 = c.x + p.label_w;
  p.w = std::max(10.0f, c.w - p.label_w - 4);
  p.arc_h = same_launch_reads ? 2 * sh + 10 : 0.0f;  // the label's line, then the arcs
  const int rows = stages + arrays;
  p.footer = c.h - p.arc_h - rows * (sh + 8) - fh * 0.6f >= 2.4f * fh ? 2.4f * fh : 1.2f * fh;
  const float avail = c.h - p.arc_h - p.footer - fh * 0.6f;
  const int gaps = std::max(0, stages - 1);
  p.gap_extra = earlier_launch_reads && gaps > 0
                    ? std::clamp((avail - static_cast<float>(rows) * std::min(fh * 1.3f + 6, sh + 20)) / static_cast<float>(gaps), 0.0f, fh * 0.8f)
                    : 0.0f;
  p.unit = (avail - p.gap_extra * static_cast<float>(gaps)) / static_cast<float>(std::max(1, rows));
  return p;
}

// Where each launch's row of tiles was drawn.
struct TileRows {
  std::vector<float> top, bottom;
};

// --- Draw: a row per launch from y, a tile per block (the current one, those done, those to come);
// a click on a tile shows that block (its first step) in the other panels. Returns the y under the
// rows; *rows gets each row's top and bottom.
float draw_tile_rows(ImDrawList* dl, AppState& s, const Trace& g, const std::vector<GridStage>& stages, const GridRoom& p, const Rect& c, float y, ImFont* small,
                     float row_h, TileRows* rows) {
  const float sh = small->FontSize;
  const ImU32 text_col = col(kText), dim_col = col(kDimText);
  const float label_w = p.label_w, x0 = p.x0, w = p.w;
  rows->top.assign(stages.size(), 0.0f);
  rows->bottom.assign(stages.size(), 0.0f);
  for (const GridStage& st : stages) {
    const bool cur_launch = st.launch == s.grid_launch;
    char label[64];
    std::snprintf(label, sizeof label, "%d: %s", st.launch + 1, g.launches[st.launch].entry.c_str());
    dl->AddText(small, sh, ImVec2(c.x, y + (row_h - sh) / 2), cur_launch ? text_col : dim_col, fit_text(label, label_w - 6, small).c_str());
    const float tw = w / static_cast<float>(st.grid);
    rows->top[static_cast<size_t>(st.launch)] = y;
    for (int b = 0; b < st.grid; ++b) {
      const float tx = x0 + tw * static_cast<float>(b);
      const bool current = cur_launch && b == s.grid_block;
      const bool done = st.launch < s.grid_launch || (cur_launch && b < s.grid_block);
      const Rgba fill = current ? kChangedColor : done ? kActiveLane.with_alpha(150) : Rgba{70, 70, 78, 255};
      dl->AddRectFilled(ImVec2(tx + (tw > 4 ? 1 : 0), y), ImVec2(tx + std::max(1.0f, tw - (tw > 4 ? 1 : 0)), y + row_h), col(fill), tw > 8 ? 3.0f : 0.0f);
      if (tw > text_width("b" + std::to_string(b), small) + 6)
        text_centered(dl, ImVec2(tx + tw / 2, y + row_h / 2), current ? IM_COL32(0, 0, 0, 255) : text_col, "b" + std::to_string(b), small);
    }
    // a click on a tile shows that block (its first step) in the other panels
    ImGui::SetCursorScreenPos(ImVec2(x0, y));
    ImGui::InvisibleButton(("##stage" + std::to_string(st.launch)).c_str(), ImVec2(w, row_h));
    if (ImGui::IsItemClicked()) {
      const int b = std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - x0) / tw), 0, st.grid - 1);
      const int to = grid_step(g, st.launch, b, 0);
      if (to >= 0) select_grid_step(s, to);
    }
    y += row_h + 3;
    rows->bottom[static_cast<size_t>(st.launch)] = y - 3;
    if (st.launch + 1 < static_cast<int>(stages.size())) y += p.gap_extra;
  }
  return y;
}

// The layers the strips are drawn in: the strips, then the lines and arrows over them, then the
// values on top (a line through a cell does not cut its number).
enum { kStrips = 0, kLines = 1, kValues = 2 };

// What the strips drew, for the layout report.
struct StripsDrawn {
  int strips = 0, values = 0, values_total = 0;
  float values_px = 0;
};

// --- Draw: the array's values in its strip at y: all of them, at one size where the widest fits its
// cell at the legible minimum or more (a mat2 value on two lines where that fits every cell); else
// none, since a few short ones alone (buf's leading 0) would read as the whole array.
void draw_strip_values(ImDrawList* dl, const AppState& s, const UiContext& ui, const Trace& g, const std::vector<double>& values, const std::vector<unsigned char>& touched,
                       int count, float x0, float w, float y, float strip_h, StripsDrawn* out) {
  ImFont* small = ui.fonts.small;
  const ImU32 text_col = col(kText);
  const float cw = w / static_cast<float>(count);
  if (cw < text_width("888", small) + 4) return;
  std::vector<std::string> texts(static_cast<size_t>(count));
  float widest = 0;
  bool all_fit = true;
  const bool matrix = operator_info(g.op).matrix;
  for (int i = 0; i < count; ++i) {
    const double v = i < static_cast<int>(values.size()) ? values[i] : std::nan("");
    if (std::isnan(v)) continue;
    texts[i] = format_value(v, g.op, ValueStyle::Cell);
    widest = std::max(widest, text_width(texts[i], small));
    if (matrix) all_fit = all_fit && value_box_px(cw - 2, strip_h, texts[i], small) > 0;
  }
  const float px = matrix ? (all_fit ? small->FontSize : 0.0f)
                          : fit_text_px(widest, small->FontSize, cw - 2, strip_h, min_text_px(ui.scale, s.settings.presenter), small->FontSize);
  dl->ChannelsSetCurrent(kValues);
  if (px > 0)
    for (int i = 0; i < count; ++i) {
      if (texts[i].empty()) continue;
      const ImU32 k = touched.size() > static_cast<size_t>(i) && touched[i] ? IM_COL32(0, 0, 0, 255) : text_col;
      const ImVec2 mid(element_x(i, count, x0, w) + cw / 2, y + strip_h / 2);
      float drawn = px;
      if (matrix)
        drawn = draw_value_in_box(dl, mid, cw - 2, strip_h, texts[i], k, small);
      else
        text_centered_px(dl, ui.fonts, mid, k, texts[i], px);
      ++out->values;
      out->values_px = out->values_px > 0 ? std::min(out->values_px, drawn) : drawn;
    }
  dl->ChannelsSetCurrent(kStrips);
}

// --- Draw: the global arrays from y, one strip each while they fit above the footer: the cells
// the step read and wrote, the values, the sectors' boundaries, the selected warp-instruction's
// sectors framed. Returns the y under them; *strip_y gets each strip's top (0: not drawn).
float draw_array_strips(ImDrawList* dl, const AppState& s, const UiContext& ui, const Trace& g, const StepGlobalView& view, const std::vector<std::vector<double>>& values,
                        const GridRoom& p, const Rect& c, float y, float strip_h, std::vector<float>* strip_y, StripsDrawn* out) {
  ImFont* small = ui.fonts.small;
  const float sh = small->FontSize;
  const ImU32 text_col = col(kText);
  const float label_w = p.label_w, x0 = p.x0, w = p.w;
  strip_y->assign(g.global_arrays.size(), 0.0f);
  for (size_t a = 0; a < g.global_arrays.size(); ++a)
    for (double v : values[a]) out->values_total += !std::isnan(v);
  for (size_t a = 0; a < g.global_arrays.size() && y + strip_h <= c.bottom() - p.footer; ++a) {
    const GlobalArrayInfo& arr = g.global_arrays[a];
    const int count = std::max(1, arr.count);
    (*strip_y)[a] = y;
    char label[96];
    std::snprintf(label, sizeof label, "%s[%d]", arr.name.c_str(), arr.count);
    dl->AddText(small, sh, ImVec2(c.x, y + (strip_h - sh) / 2), text_col, fit_text(label, label_w - 6, small).c_str());
    const float cw = w / static_cast<float>(count);
    dl->AddRectFilled(ImVec2(x0, y), ImVec2(x0 + w, y + strip_h), IM_COL32(45, 45, 52, 255));
    const std::vector<unsigned char>& touched = view.touched[a];
    // cells (or pixel columns of cells) the step touched: read blue, written orange
    int last_px = -1;
    for (int i = 0; i < count && i < static_cast<int>(touched.size()); ++i) {
      if (!touched[i]) continue;
      const float ex = element_x(i, count, x0, w);
      const int px = static_cast<int>(ex);
      if (cw < 1.0f && px == last_px) continue;
      last_px = px;
      const Rgba k = touched[i] & 2 ? kChangedColor : kReadColor;
      dl->AddRectFilled(ImVec2(ex, y), ImVec2(ex + std::max(1.0f, cw), y + strip_h), col(k));
    }
    draw_strip_values(dl, s, ui, g, values[a], touched, count, x0, w, y, strip_h, out);
    // sector boundaries (every 8 elements) where they are at least 5 pixels apart
    if (8.0f * cw >= 5.0f)
      for (int i = 8; i < count; i += 8) {
        const float ex = element_x(i, count, x0, w);
        dl->AddLine(ImVec2(ex, y + strip_h - 5), ImVec2(ex, y + strip_h), IM_COL32(200, 200, 210, 200), 1.0f);
      }
    // the selected warp-instruction's sectors, framed
    for (const auto& [sa, sector] : view.inst_sectors) {
      if (sa != static_cast<int>(a)) continue;
      const float sx0 = element_x(sector * 8, count, x0, w), sx1 = element_x(std::min(count, sector * 8 + 8), count, x0, w);
      dl->AddRect(ImVec2(sx0, y - 2), ImVec2(std::max(sx0 + 2, sx1), y + strip_h + 2), col(okabe_ito::yellow), 0.0f, 0, 2.0f);
    }
    y += strip_h + 6;
    ++out->strips;
  }
  return y;
}

// --- Draw: lines from the current block's tile to what its launch reads and writes.
void draw_block_spans(ImDrawList* dl, const AppState& s, const Trace& g, const std::vector<GridStage>& stages, const GridRoom& p, const TileRows& rows,
                      const std::vector<float>& strip_y) {
  if (s.grid_launch >= static_cast<int>(stages.size())) return;
  const float x0 = p.x0, w = p.w;
  const GridStage& st = stages[static_cast<size_t>(s.grid_launch)];
  const float tw = w / static_cast<float>(st.grid);
  const ImVec2 from(x0 + tw * (static_cast<float>(s.grid_block) + 0.5f), rows.bottom[static_cast<size_t>(s.grid_launch)]);
  if (s.grid_block < static_cast<int>(st.spans.size()))
    for (size_t a = 0; a < st.spans[s.grid_block].size() && a < strip_y.size(); ++a) {
      if (strip_y[a] <= 0) continue;
      const BlockSpan& sp = st.spans[s.grid_block][a];
      const int count = std::max(1, g.global_arrays[a].count);
      if (sp.read_first >= 0) {
        const float mx = (element_x(sp.read_first, count, x0, w) + element_x(sp.read_last + 1, count, x0, w)) / 2;
        dl->AddLine(from, ImVec2(mx, strip_y[a]), col(kReadColor.with_alpha(170)), 1.5f);
      }
      if (sp.write_first >= 0) {
        const float mx = (element_x(sp.write_first, count, x0, w) + element_x(sp.write_last + 1, count, x0, w)) / 2;
        dl->AddLine(from, ImVec2(mx, strip_y[a]), col(kChangedColor.with_alpha(200)), 2.0f);
      }
    }
}

// --- Draw: what the current block read from other blocks (their words stored before it read them),
// as arrows from each of those blocks' tiles into the current one: up from the launch before (its
// block sums), or an arc over the row from a tile of the same launch (a look-back's flag and
// prefix), labelled with the first word read. Returns the arrows drawn; *total gets how many reads.
int draw_producer_arrows(ImDrawList* dl, const AppState& s, const Trace& g, const std::vector<GridStage>& stages,
                         const std::vector<std::vector<std::vector<ProducerRead>>>& producers, const GridRoom& p, const TileRows& rows, ImFont* small,
                         int* total) {
  int drawn = 0;
  *total = 0;
  if (!(s.grid_launch >= 0 && s.grid_launch < static_cast<int>(producers.size()) && s.grid_launch < static_cast<int>(stages.size()) && s.grid_block >= 0 &&
        s.grid_block < static_cast<int>(producers[static_cast<size_t>(s.grid_launch)].size())))
    return 0;
  const float sh = small->FontSize;
  const float x0 = p.x0, w = p.w, arc_h = p.arc_h;
  const std::vector<ProducerRead>& reads = producers[static_cast<size_t>(s.grid_launch)][static_cast<size_t>(s.grid_block)];
  *total = static_cast<int>(reads.size());
  const ImU32 arrow_col = col(okabe_ito::yellow);
  auto tile_x = [&](int launch, int block, float at = 0.5f) {
    const GridStage& st = stages[static_cast<size_t>(launch)];
    return x0 + w / static_cast<float>(std::max(1, st.grid)) * (static_cast<float>(block) + at);
  };
  auto head = [&](ImVec2 tip, ImVec2 from) {  // an arrowhead at tip, pointing away from `from`
    const float dx = tip.x - from.x, dy = tip.y - from.y, len = std::max(1e-3f, std::sqrt(dx * dx + dy * dy));
    const float ux = dx / len, uy = dy / len, a = std::max(6.0f, sh * 0.45f);
    dl->AddTriangleFilled(tip, ImVec2(tip.x - ux * a - uy * a * 0.5f, tip.y - uy * a + ux * a * 0.5f), ImVec2(tip.x - ux * a + uy * a * 0.5f, tip.y - uy * a - ux * a * 0.5f),
                          arrow_col);
  };
  const float me_x = tile_x(s.grid_launch, s.grid_block), me_top = rows.top[static_cast<size_t>(s.grid_launch)];
  for (const ProducerRead& pr : reads) {
    if (pr.launch < 0 || pr.launch > s.grid_launch || pr.block < 0 || pr.block >= stages[static_cast<size_t>(pr.launch)].grid) continue;
    const float px = tile_x(pr.launch, pr.block);
    if (pr.launch == s.grid_launch) {  // an arc over the row, from the producer's tile into this one
      const float top = me_top - arc_h + sh + 4;  // under the label's line
      const ImVec2 a(px, me_top), b(me_x, me_top), c1(px, top - (arc_h - sh) * 0.3f), c2(me_x, top - (arc_h - sh) * 0.3f);
      dl->AddBezierCubic(a, c1, c2, b, arrow_col, 2.5f);
      head(b, ImVec2(me_x, top));
      const std::string t = fit_text(producer_read_text(g, pr), std::max(std::fabs(me_x - px) + tw_min(stages, s.grid_launch, w), w * 0.5f), small);
      const float tw = text_width(t, small);
      const ImVec2 mid(std::clamp((px + me_x) / 2, x0 + tw / 2 + 3, x0 + w - tw / 2 - 3), me_top - arc_h + sh * 0.5f + 1);
      dl->AddRectFilled(ImVec2(mid.x - tw / 2 - 3, mid.y - sh / 2), ImVec2(mid.x + tw / 2 + 3, mid.y + sh / 2), IM_COL32(0, 0, 0, 220), 3.0f);
      text_centered(dl, mid, arrow_col, t, small);
    } else {  // down from a tile of an earlier launch's row: straight down where the two tiles overlap
      const float lo = std::max(tile_x(pr.launch, pr.block, 0.1f), tile_x(s.grid_launch, s.grid_block, 0.1f));
      const float hi = std::min(tile_x(pr.launch, pr.block, 0.9f), tile_x(s.grid_launch, s.grid_block, 0.9f));
      const float fx = lo <= hi ? (lo + hi) / 2 : px, tx = lo <= hi ? fx : me_x;
      const ImVec2 from(fx, rows.bottom[static_cast<size_t>(pr.launch)] - 2), to(tx, me_top + 1);
      dl->AddLine(from, to, arrow_col, 2.5f);
      head(to, from);
    }
    ++drawn;
  }
  return drawn;
}

// --- Draw: the footer from y: the step's global traffic and, where there is a second line, the
// selected warp-instruction with buttons to pick another.
void draw_footer(AppState& s, const Trace& g, int gstep, const StepGlobalView& view, const Rect& c, float y, float footer, float fh) {
  const int insts = gstep >= 0 ? static_cast<int>(g.steps[static_cast<size_t>(gstep)].global_instructions.size()) : 0;
  ImGui::SetCursorScreenPos(ImVec2(c.x, std::max(y + 2, c.bottom() - footer)));
  char line[200];
  if (view.requests > 0)
    std::snprintf(line, sizeof line, "%.1f sectors per request (%s, %s): launch %d, block %d, this step", static_cast<double>(view.sectors) / view.requests,
                  counted(view.requests, "request").c_str(), counted(view.sectors, "sector").c_str(), s.grid_launch + 1, s.grid_block);
  else
    std::snprintf(line, sizeof line, "launch %d, block %d: this step touches no global memory", s.grid_launch + 1, s.grid_block);
  ImGui::TextUnformatted(fit_text(line, c.w).c_str());
  if (insts > 0 && footer > 2 * fh) {
    if (ImGui::SmallButton("<##ginst")) s.grid_inst = (s.grid_inst + insts - 1) % insts;
    ImGui::SameLine();
    if (ImGui::SmallButton(">##ginst")) s.grid_inst = (s.grid_inst + 1) % insts;
    ImGui::SameLine();
    std::set<int> issuing;  // the warps whose instructions these are ("of 16 (8 warps)")
    for (const GlobalInstruction& gi : g.steps[static_cast<size_t>(gstep)].global_instructions) issuing.insert(gi.warp);
    const std::string t = "instruction " + std::to_string(std::min(s.grid_inst, insts - 1) + 1) + " of " + std::to_string(insts) +
                          (issuing.size() > 1 ? " (" + std::to_string(issuing.size()) + " warps)" : "") + ": " + view.inst_text;
    ImGui::TextUnformatted(fit_text(t, ImGui::GetContentRegionAvail().x).c_str());
  }
}

}  // namespace

// The launches' stages and who reads whose words, once per grid trace (not once per frame).
void GridPanel::refresh(const AppState& s) {
  const Trace& g = s.grid;
  if (generation_ == s.trace_generation && grid_kernel_ == g.kernel && grid_steps_ == static_cast<int>(g.steps.size())) return;
  generation_ = s.trace_generation;
  grid_kernel_ = g.kernel;
  grid_steps_ = static_cast<int>(g.steps.size());
  stages_ = grid_stages(g);
  producers_ = producer_reads(g);
  same_launch_reads_ = false;
  earlier_launch_reads_ = false;
  for (size_t l = 0; l < producers_.size(); ++l)
    for (const auto& block : producers_[l])
      for (const ProducerRead& p : block) {
        same_launch_reads_ = same_launch_reads_ || p.launch == static_cast<int>(l);
        earlier_launch_reads_ = earlier_launch_reads_ || p.launch != static_cast<int>(l);
      }
}

void GridPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  const Rect c = begin_panel("##grid", "Grid: launches, blocks and global memory", r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* small = ui.fonts.small;
  const float fh = ImGui::GetFontSize(), sh = small->FontSize;
  if (!s.have_grid) {
    ImGui::TextWrapped("This trace is one block of one launch: nothing more to show here. Kernel files with several launch lines or a "
                       "grid of blocks (demouth-reduce-two-blocks, scan-large-array, copy-coalescing) are traced block by block.");
    end_panel();
    return;
  }
  const Trace& g = s.grid;
  refresh(s);
  const int gstep = current_grid_step(s);
  const StepGlobalView view = step_global_view(g, gstep, s.grid_inst);
  if (values_step_ != gstep || values_generation_ != generation_) {  // a replay of the stores so far: once per step, not per frame
    values_ = arrays_at_step(g, gstep);
    values_step_ = gstep;
    values_generation_ = generation_;
  }

  // Stages: a row per launch, a tile per block.
  const GridRoom p = grid_room(c, static_cast<int>(stages_.size()), static_cast<int>(g.global_arrays.size()), same_launch_reads_, earlier_launch_reads_, fh, sh);
  const float row_h = std::clamp(p.unit - 6, sh + 2, fh * 1.3f);
  TileRows tiles;
  float y = draw_tile_rows(dl, s, g, stages_, p, c, c.y + p.arc_h, small, row_h, &tiles);

  // The global arrays: one strip each, the step's reads and writes, the selected instruction's sectors.
  dl->ChannelsSplit(3);
  dl->ChannelsSetCurrent(kStrips);
  y += p.footer > 2 * fh ? fh * 0.6f : 2.0f;
  const float strip_h = std::clamp(p.unit - 6, sh + 2, fh * 1.4f);
  std::vector<float> strip_y;
  StripsDrawn sd;
  y = draw_array_strips(dl, s, ui, g, view, values_, p, c, y, strip_h, &strip_y, &sd);
  // For the layout report: the launches' rows and the arrays' strips with their labels (at the small
  // font), and the arrays' values, written for an array whose every value fits its cells (else its
  // strip shows what the step touched, cell by cell or pixel column by pixel column).
  s.layout_report.add({"grid", "launches", static_cast<int>(stages_.size()), static_cast<int>(stages_.size()), sh, ""});
  s.layout_report.add({"grid", "arrays", sd.strips, static_cast<int>(g.global_arrays.size()), sh,
                       sd.strips < static_cast<int>(g.global_arrays.size()) ? "left out: panel too low" : ""});
  s.layout_report.add({"grid", "values", sd.values, sd.values_total, sd.values_px, sd.values < sd.values_total ? "touched cells only where an array's values do not fit its cells" : ""});

  dl->ChannelsSetCurrent(kLines);
  draw_block_spans(dl, s, g, stages_, p, tiles, strip_y);
  int arrows_total = 0;
  const int arrows_drawn = draw_producer_arrows(dl, s, g, stages_, producers_, p, tiles, small, &arrows_total);
  dl->ChannelsMerge();
  s.layout_report.add({"grid", "reads from blocks", arrows_drawn, arrows_total, sh, ""});

  draw_footer(s, g, gstep, view, c, y, p.footer, fh);
  end_panel();
}

}  // namespace scanscope
