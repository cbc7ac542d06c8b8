// Warps and banks: which lanes of which warps are active this step (divergence), a heatmap of the
// worst conflict degree over step x warp (GLSL), and for one warp-instruction the bank x lane grid
// showing who collides, with totals (measured beside predicted for a GPU trace).
#include <algorithm>
#include <cctype>
#include <cfloat>
#include <cmath>
#include <cstdio>

#include "engine/bank_model.h"
#include "formats/shown_text.h"
#include "engine/catalogue.h"
#include "editor.h"
#include "model.h"
#include "panels.h"

namespace scanscope {

namespace {

// The trace's totals: a table where it fits the column, else a sentence a row (wrapped between
// words), so no header or number is cut off.
void totals_table(const char* id, const Trace& t, const Trace* predicted, float width) {
  char stores[64];
  std::snprintf(stores, sizeof stores, "stores (%lld inst)", t.totals.st.inst);
  const float pad = 2 * ImGui::GetStyle().CellPadding.x + 2;
  const float table_w = text_width(stores) + text_width("wavefronts") + text_width("conflicts") + (predicted ? text_width("00000 / 00000") : 0.0f) +
                        (predicted ? 4 : 3) * pad;
  if (table_w > width) {
    auto line = [&](const char* name, const OpTotals& o, const OpTotals* p) {
      std::string text = std::string(name) + ": " + std::to_string(o.inst) + " inst, " + std::to_string(o.wavefronts) + " wavefronts, " +
                         std::to_string(o.conflicts) + " conflicts";
      if (p) text += " (model " + std::to_string(p->wavefronts) + " / " + std::to_string(p->conflicts) + ")";
      if (o.conflicts > 0) ImGui::TextColored(ImVec4(0.9f, 0.45f, 0.1f, 1), "%s", text.c_str());
      else ImGui::TextUnformatted(text.c_str());
    };
    line("loads", t.totals.ld, predicted ? &predicted->totals.ld : nullptr);
    line("stores", t.totals.st, predicted ? &predicted->totals.st : nullptr);
    return;
  }
  if (!ImGui::BeginTable(id, predicted ? 4 : 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) return;
  ImGui::TableSetupColumn("totals");
  ImGui::TableSetupColumn("wavefronts");
  ImGui::TableSetupColumn("conflicts");
  if (predicted) ImGui::TableSetupColumn("model");
  ImGui::TableHeadersRow();
  auto row = [&](const char* name, const OpTotals& o, const OpTotals* p) {
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%s (%lld inst)", name, o.inst);
    ImGui::TableNextColumn();
    ImGui::Text("%lld", o.wavefronts);
    ImGui::TableNextColumn();
    if (o.conflicts > 0) ImGui::TextColored(ImVec4(0.9f, 0.45f, 0.1f, 1), "%lld", o.conflicts);
    else ImGui::Text("0");
    if (p) {
      ImGui::TableNextColumn();
      ImGui::Text("%lld / %lld", p->wavefronts, p->conflicts);
    }
  };
  row("loads", t.totals.ld, predicted ? &predicted->totals.ld : nullptr);
  row("stores", t.totals.st, predicted ? &predicted->totals.st : nullptr);
  ImGui::EndTable();
}

// The degree classes' legend: the classes, and shuffles where the trace has any.
using Legend = std::vector<std::pair<Rgba, std::string>>;

// --- Decide: the legend's items ("2-way" -> "2" where a compact panel's one line is too short for
// the whole legend) and, compact, the lines it takes across the panel (a very narrow one wraps it,
// as draw_legend lays it out).
// short_shuffle: "shuffle" for "shuffle (registers)" (a panel too low for its totals otherwise).
Legend degree_legend(const Heatmap& h, bool compact, float width, ImFont* small, int* lines, bool short_shuffle = false) {
  Legend legend;
  for (int cls = 0; cls < kHeatClasses; ++cls)
    if (cls != kShuffleClass || std::find(h.shuffled.begin(), h.shuffled.end(), 1) != h.shuffled.end())
      legend.push_back({heat_class_color(cls), cls == kShuffleClass && short_shuffle ? std::string("shuffle") : heat_class_label(cls)});
  if (compact) {  // "2-way" -> "2" where the whole legend would not fit on the panel's one line
    float w = text_width("n-way: ", small);
    for (const auto& it : legend) w += small->FontSize * 1.8f + 4 + text_width(it.second, small);
    if (w > width)
      for (auto& it : legend)
        if (it.second.find("-way") != std::string::npos) it.second = it.second.substr(0, it.second.find("-way"));
  }
  *lines = 1;
  if (compact) {
    const float x0 = legend[2].second.find("-way") == std::string::npos ? text_width("n-way: ", small) : 0.0f;
    float x = x0;
    for (const auto& it : legend) {
      const float item_w = small->FontSize + 4 + text_width(it.second, small);
      if (x > x0 && x + item_w > width) {
        x = x0;
        ++*lines;
      }
      x += item_w + small->FontSize * 0.8f;
    }
  }
  return legend;
}

// --- Draw: the compact legend across the whole panel, at its bottom ("n-way:" before shortened items).
void draw_compact_legend(ImDrawList* dl, const Legend& legend, const Rect& c, float c_bottom, ImFont* small, ImU32 text_col) {
  ImGui::PushFont(small);
  const bool shortened = legend[2].second.find("-way") == std::string::npos;
  float x = c.x;
  if (shortened) {  // the numbers say n-way
    dl->AddText(small, small->FontSize, ImVec2(x, c_bottom + 3), text_col, "n-way:");
    x += text_width("n-way: ", small);
  }
  draw_legend(dl, x, c_bottom + 3, legend, text_col, c.right());
  ImGui::PopFont();
}

// The left column: from c.x, left_w wide, down to c_bottom.
struct LeftColumn {
  Rect c;
  float left_w = 0, c_bottom = 0, label_w = 0;
  bool compact = false;
};

// --- Draw: the active lanes, a row per warp (a click selects a warp), and their legend; returns the
// y under them.
float draw_active_lanes(ImDrawList* dl, AppState& s, const Step& st, int warps, const LeftColumn& lc, const UiContext& ui, ImU32 text_col) {
  const Rect& c = lc.c;
  const float left_w = lc.left_w, label_w = lc.label_w;
  ImFont* small = ui.fonts.small;
  const float fh = ImGui::GetFontSize();
  float y = c.y;
  if (lc.compact) {  // "lanes [] active [] idle" on one line ("lanes" left out where the line is too long)
    const float legend_w = 2 * (small->FontSize + 4) + text_width("active", small) + text_width("idle", small) + small->FontSize * 0.8f;
    const bool named = text_width("lanes ", small) + legend_w <= left_w;
    const float x = c.x + (named ? text_width("lanes ", small) : 0.0f);
    if (named) dl->AddText(small, small->FontSize, ImVec2(c.x, y), text_col, "lanes");
    ImGui::PushFont(small);
    draw_legend(dl, x, y, {{kActiveLane, "active"}, {kIdleLane, "idle"}}, text_col);
    ImGui::PopFont();
  } else {
    dl->AddText(small, small->FontSize, ImVec2(c.x, y), text_col, fit_words("active lanes: a row per warp, a cell per lane", left_w - 4, small).c_str());
  }
  y += small->FontSize + 3;
  const float lanes_h = std::min((lc.c_bottom - c.y - 3 * fh) * (lc.compact ? 0.3f : 0.38f), warps * 18.0f * ui.scale);
  const float cw = (left_w - label_w - 8) / kWarpSize, rh = lanes_h / warps;
  for (int w = 0; w < warps; ++w) {
    const uint32_t mask = active_lanes(st, w);
    const float ry = y + w * rh;
    if (rh >= small->FontSize) dl->AddText(small, small->FontSize, ImVec2(c.x, ry + (rh - small->FontSize) / 2), col(kDimText), ("w" + std::to_string(w)).c_str());
    for (int l = 0; l < kWarpSize; ++l) {
      ImVec2 q0(c.x + label_w + l * cw, ry), q1(c.x + label_w + (l + 1) * cw - 1, ry + rh - (rh > 3 ? 1 : 0));
      dl->AddRectFilled(q0, q1, col(mask >> l & 1 ? kActiveLane : kIdleLane));
    }
    if (w == s.selected_warp) dl->AddRect(ImVec2(c.x + label_w - 1, ry), ImVec2(c.x + label_w + kWarpSize * cw, ry + rh), IM_COL32(255, 255, 255, 255), 0, 0, 2);
    if (s.trace.warp_issue == 16) dl->AddLine(ImVec2(c.x + label_w + 16 * cw - 0.5f, ry), ImVec2(c.x + label_w + 16 * cw - 0.5f, ry + rh), IM_COL32(0, 0, 0, 255), 2);
  }
  ImGui::SetCursorScreenPos(ImVec2(c.x + label_w, y));
  if (ImGui::InvisibleButton("##lanes", ImVec2(kWarpSize * cw, std::max(1.0f, lanes_h))) && rh > 0)
    s.selected_warp = std::clamp(static_cast<int>((ImGui::GetIO().MousePos.y - y) / rh), 0, warps - 1);
  y += lanes_h + 6;
  if (!lc.compact) {
    draw_legend(dl, c.x, y, {{kActiveLane, "active"}, {kIdleLane, "idle"}}, text_col);
    y += fh + 8;
  }
  return y;
}

// Where the heatmap's cells go and which warps and steps they show.
struct HeatmapPlace {
  Rect hm;
  CellWindow ws, ks;
  bool drawn = false;
};

// --- Decide and draw: the heatmap's heading from y, with the windows of warps and steps where not
// all fit at min_cell each (on lines of their own where the heading's line is too short for them:
// the lines take height, so the warps' window is decided again below them); where the cells go.
HeatmapPlace heatmap_heading(ImDrawList* dl, const AppState& s, const Heatmap& h, const LeftColumn& lc, float y, const Legend& legend, float min_cell,
                             const UiContext& ui, ImU32 text_col) {
  const Rect& c = lc.c;
  const float left_w = lc.left_w, c_bottom = lc.c_bottom, label_w = lc.label_w;
  ImFont* small = ui.fonts.small;
  const float fh = ImGui::GetFontSize();
  float legend_w = 0;
  for (const auto& it : legend) legend_w += fh * 1.8f + 4 + text_width(it.second);
  const float legend_h = lc.compact ? 0.0f : std::ceil(legend_w / std::max(1.0f, left_w - 8)) * (fh + 4) + 4;
  const float heading_y = y;
  y += small->FontSize + 3;
  const float hm_w = left_w - label_w - 8;
  CellWindow ws = cell_window(h.warps, c_bottom - y - legend_h - 4, min_cell, s.selected_warp);
  const CellWindow ks = cell_window(h.steps, hm_w, min_cell, s.step);
  std::string window_rule;
  if (!ws.all()) window_rule = ws.rule("warps");
  if (!ks.all()) window_rule += (window_rule.empty() ? "" : ", ") + ks.rule("steps");
  if (!window_rule.empty() && text_width("worst conflict: " + window_rule, small) > left_w - 4) {  // the rules on lines of their own
    std::vector<std::string> rules;
    for (int pass = 0; pass < 2; ++pass) {  // the lines take height: the warps' window again, below them
      rules.clear();
      const float top = heading_y + small->FontSize + 3;
      if (!ws.all()) rules.push_back(ws.rule("warps"));
      if (!ks.all()) rules.push_back(ks.rule("steps"));
      if (rules.size() == 2 && text_width(rules[0] + ", " + rules[1], small) <= left_w - 4) rules = {rules[0] + ", " + rules[1]};
      y = top + static_cast<float>(rules.size()) * (small->FontSize + 2);
      ws = cell_window(h.warps, c_bottom - y - legend_h - 4, min_cell, s.selected_warp);
    }
    dl->AddText(small, small->FontSize, ImVec2(c.x, heading_y), text_col, "worst conflict:");
    for (size_t i = 0; i < rules.size(); ++i)
      dl->AddText(small, small->FontSize, ImVec2(c.x, heading_y + (small->FontSize + 2) * static_cast<float>(i + 1)), col(okabe_ito::yellow), fit_words(rules[i], left_w - 4, small).c_str());
  } else if (!window_rule.empty()) {
    dl->AddText(small, small->FontSize, ImVec2(c.x, heading_y), text_col, "worst conflict:");
    dl->AddText(small, small->FontSize, ImVec2(c.x + text_width("worst conflict: ", small), heading_y), col(okabe_ito::yellow), window_rule.c_str());
  } else {
    dl->AddText(small, small->FontSize, ImVec2(c.x, heading_y), text_col,
                fit_words(lc.compact ? "worst conflict" : "worst conflict: steps left to right, warps down", left_w - 4, small).c_str());
  }
  HeatmapPlace p;
  p.hm = Rect{c.x + label_w, y, hm_w, c_bottom - y - legend_h - 4};
  if (!ws.all()) p.hm.h = ws.shown * ws.cell;
  p.ws = ws;
  p.ks = ks;
  p.drawn = p.hm.h > 8 && p.hm.w > 8;
  return p;
}

// --- Draw: the heatmap's cells (the shader's texture, else the draw list), the current step's
// column and the selected warp's row framed, the warps' labels, the tooltip and click of a cell,
// and (not compact) the legend under it.
void draw_heatmap_cells(ImDrawList* dl, AppState& s, const Heatmap& h, const std::vector<uint8_t>& classes, const HeatmapPlace& p, const LeftColumn& lc,
                        const Legend& legend, const UiContext& ui, ImU32 text_col) {
  const Trace& t = s.trace;
  const Rect& hm = p.hm;
  const CellWindow &ws = p.ws, &ks = p.ks;
  ImFont* small = ui.fonts.small;
  ImGuiIO& io = ImGui::GetIO();
  // The window's classes, warp-major as the texture takes them.
  std::vector<uint8_t> shown(static_cast<size_t>(ks.shown) * ws.shown);
  for (int w = 0; w < ws.shown; ++w)
    for (int k = 0; k < ks.shown; ++k) shown[static_cast<size_t>(w) * ks.shown + k] = classes[static_cast<size_t>(ws.first + w) * h.steps + ks.first + k];
  unsigned tex = 0;
  const int version = s.trace_generation * 7919 + ws.first * 101 + ks.first;  // a window is a picture of its own
  if (ui.heatmap && ui.heatmap->ready()) tex = ui.heatmap->render(shown, ks.shown, ws.shown, static_cast<int>(hm.w), static_cast<int>(hm.h), version);
  if (tex) {
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(tex)), ImVec2(hm.x, hm.y), ImVec2(hm.right(), hm.bottom()), ImVec2(0, 0), ImVec2(1, 1));  // texture row 0 = the first warp shown, at the top
  } else {  // no shader: the same cells with the draw list
    for (int w = 0; w < ws.shown; ++w)
      for (int k = 0; k < ks.shown; ++k)
        dl->AddRectFilled(ImVec2(hm.x + hm.w * k / ks.shown, hm.y + hm.h * w / ws.shown), ImVec2(hm.x + hm.w * (k + 1) / ks.shown, hm.y + hm.h * (w + 1) / ws.shown),
                          col(heat_class_color(shown[static_cast<size_t>(w) * ks.shown + k])));
  }
  const float sx = hm.w / ks.shown, sy = hm.h / ws.shown;
  if (s.step >= ks.first && s.step < ks.first + ks.shown)
    dl->AddRect(ImVec2(hm.x + (s.step - ks.first) * sx, hm.y), ImVec2(hm.x + (s.step - ks.first + 1) * sx, hm.bottom()), IM_COL32(255, 255, 255, 255), 0, 0, 2);
  if (s.selected_warp >= ws.first && s.selected_warp < ws.first + ws.shown)
    dl->AddRect(ImVec2(hm.x, hm.y + (s.selected_warp - ws.first) * sy), ImVec2(hm.right(), hm.y + (s.selected_warp - ws.first + 1) * sy), IM_COL32(255, 255, 255, 140), 0, 0, 1);
  // Warp labels: every row's where rows are as tall as the small font, else every k-th.
  const int label_every = sy >= small->FontSize ? 1 : static_cast<int>(std::ceil(small->FontSize / std::max(1.0f, sy)));
  if (label_every <= 4)
    for (int w = 0; w < ws.shown; w += label_every)
      dl->AddText(small, small->FontSize, ImVec2(lc.c.x, std::min(hm.y + w * sy + (sy - small->FontSize) / 2, hm.bottom() - small->FontSize)), col(kDimText),
                  ("w" + std::to_string(ws.first + w)).c_str());
  ImGui::SetCursorScreenPos(ImVec2(hm.x, hm.y));
  ImGui::InvisibleButton("##heat", ImVec2(hm.w, hm.h));
  if (ImGui::IsItemHovered()) {
    int k = ks.first + std::clamp(static_cast<int>((io.MousePos.x - hm.x) / sx), 0, ks.shown - 1);
    int w = ws.first + std::clamp(static_cast<int>((io.MousePos.y - hm.y) / sy), 0, ws.shown - 1);
    const std::string what = heat_class(h, k, w) == kShuffleClass ? "shuffles between lanes (registers), no shared-memory access"
                             : h.at(k, w) == 0                   ? "no shared-memory access"
                                                                 : std::to_string(h.at(k, w)) + "-way";
    ImGui::SetTooltip("step %d (%s), warp %d: %s", k, shown_text(t.steps[k].label).c_str(), w, what.c_str());
    if (ImGui::IsItemClicked()) {
      set_step(s, k);
      s.selected_warp = w;
    }
  }
  if (!lc.compact) draw_legend(dl, lc.c.x, hm.bottom() + 4, legend, text_col, lc.c.x + lc.left_w - 4);
}

// The right column: from rx, rw wide, down to c_bottom.
struct RightColumn {
  float rx = 0, rw = 0, c_y = 0, c_bottom = 0;
  bool compact = false;
  ImFont* body = nullptr;  // the totals' font
};

// --- Draw: "warp N, instruction" (with a vector access's rule where it fits) and the picker of the
// selected warp's instructions in this step; returns them (indices into st.instructions).
// one_line: "warp N:" and the picker on one line in the small font (a panel too low for its totals
// under two lines; not for a vector access, whose rule takes the label's line).
std::vector<int> draw_instruction_picker(AppState& s, const Step& st, const RightColumn& rc, const std::map<int, std::string>& site_names,
                                         const UiContext& ui, bool one_line = false) {
  const float rx = rc.rx;
  float rw = rc.rw;
  ImFont* small = ui.fonts.small;
  ImGui::SetCursorScreenPos(ImVec2(rx, rc.c_y));
  ImGui::BeginGroup();
  auto insts = warp_instructions(st, s.selected_warp);
  ImGui::PushFont(small);
  if (one_line) {
    ImGui::AlignTextToFramePadding();
    ImGui::Text("warp %d:", s.selected_warp);
    ImGui::SameLine();
    rw = rx + rc.rw - ImGui::GetCursorScreenPos().x;
  } else {
    ImGui::Text(rw > 380 * ui.scale ? "warp %d, instruction (click a warp on the left):" : "warp %d:", s.selected_warp);
  }
  // A vector access is served a half- or quarter-warp at a time: the grid's colours count per group.
  const int shown_width = insts.empty() ? 1 : st.instructions[insts[std::clamp(s.selected_inst, 0, static_cast<int>(insts.size()) - 1)]].width;
  if (shown_width > 1 && !one_line) {
    const std::string rule = std::to_string(4 * shown_width) + "-byte: per " + std::to_string(kWarpSize / shown_width) + " lanes";
    if (ImGui::GetItemRectMax().x + ImGui::GetStyle().ItemSpacing.x + ImGui::CalcTextSize(rule.c_str()).x <= rx + rw) {
      ImGui::SameLine();
      ImGui::TextColored(vec4(kTitleText), "%s", rule.c_str());
    }
  }
  if (!one_line) ImGui::PopFont();
  ImGui::SetNextItemWidth(rw);
  s.selected_inst = insts.empty() ? 0 : std::clamp(s.selected_inst, 0, static_cast<int>(insts.size()) - 1);
  auto site_label = [&](int site) {
    auto it = site_names.find(site);
    return it == site_names.end() ? "site " + std::to_string(site) : it->second;
  };
  auto inst_name = [&](int i) {
    const WarpInstruction& wi = st.instructions[insts[i]];
    if (wi.op == kShuffle) return "shuffle " + site_label(wi.site) + ": registers, no shared memory";
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s %s: %d wavefront%s, %s", access_op_name(wi.op), site_label(wi.site).c_str(), wi.wavefronts,
                  wi.wavefronts == 1 ? "" : "s", wi.degree > 1 ? (std::to_string(wi.degree) + "-way").c_str() : "no conflict");
    return std::string(buf);
  };
  // The picker's text: the instruction as its list names it, or, where its expression does not fit,
  // by its line ("ld, line 36: 32 wavefronts, 32-way", not "ld.." at transpose step 3's 1280x720
  // presenter width), then cut to whole words.
  std::string picked;
  if (!insts.empty()) {
    const float room = rw - ImGui::GetFrameHeight() - 2 * ImGui::GetStyle().FramePadding.x;
    const WarpInstruction& wi = st.instructions[insts[s.selected_inst]];
    const std::string op = access_op_name(wi.op), label = site_label(wi.site);
    const size_t at_line = label.rfind(", line ");
    picked = inst_name(s.selected_inst);
    if (ImGui::CalcTextSize(picked.c_str()).x > room && wi.op != kShuffle && at_line != std::string::npos &&
        picked.compare(0, op.size() + 1 + label.size(), op + " " + label) == 0)
      picked = op + label.substr(at_line) + picked.substr(op.size() + 1 + label.size());
    picked = fit_words(picked, room);
  }
  if (insts.empty()) {
    ImGui::TextDisabled("no shared-memory instruction");
  } else if (ImGui::BeginCombo("##inst", picked.c_str())) {
    for (int i = 0; i < static_cast<int>(insts.size()); ++i)
      if (ImGui::Selectable(inst_name(i).c_str(), i == s.selected_inst)) s.selected_inst = i;
    ImGui::EndCombo();
  }
  if (one_line) ImGui::PopFont();
  ImGui::EndGroup();
  return insts;
}

// The totals' place and form: the step, then the kernel's loads and its stores apart (as the
// lessons quote them), compact as a small table (rows, else columns) or as sentences; beside the
// grid in a wide, low panel, else under it.
struct TotalsForm {
  StepTotals stt;
  float rows_form_w = 0;     // the rows form's width (a row each for the step, loads and stores)
  float columns_form_w = 0;  // the column form's (a column each), headed loads/stores or ld/st
  bool long_heads = false;
  float all_w = 0;        // the column form's fourth column ("both")
  float totals_h = 0;     // the height the totals take under the grid
  float caption_h = 0;    // the grid's explanation under it (not compact)
  bool beside = false;    // the totals beside the grid, not under it
  float gw = 0;           // the grid's width
  float table_row = 0;    // a row of the small table
  std::string note;       // under the totals: what the counters leave out (kTileBarrierNote), or ""
};

// A kernel with barriers of tiles of several warps (Trace::tile_barriers): the GPU's own counters
// of it count more shared loads than the model can say (validate leaves them out of its comparison).
constexpr const char* kTileBarrierNote = "shared counters on a GPU also include the tile barrier's own polling loads; not predicted";

// The height `text` wraps to in `font` within `width`, with the line spacing after it.
float wrapped_h_at(ImFont* font, float width, const std::string& text) {
  return font->CalcTextSizeA(font->FontSize, FLT_MAX, std::max(1.0f, width), text.c_str()).y + ImGui::GetStyle().ItemSpacing.y;
}

// --- Decide: the totals' form and the room they take.
TotalsForm totals_form(const Trace& t, const Step& st, const RightColumn& rc, const UiContext& ui) {
  const float rw = rc.rw;
  const bool compact = rc.compact;
  ImFont* body = rc.body;
  ImFont* small = ui.fonts.small;
  TotalsForm f;
  const float cell = 2 * ImGui::GetStyle().CellPadding.x + 2;
  // The compact totals table: the step, then the kernel's loads and its stores apart (as the
  // lessons quote them), as rows (4 lines) where the width allows, else as columns (4 lines);
  // beside the grid it takes the width of the row form.
  f.rows_form_w = text_width("kernel stores", body) + text_width("00000", body) + text_width("wavefronts", body) + text_width("conflicts", body) + 4 * cell;
  // The totals below the grid: a line for the step, then the table (three rows), in `body`.
  const float body_line = body->FontSize + ImGui::GetStyle().ItemSpacing.y;
  const float table_row = body->FontSize + 2 * ImGui::GetStyle().CellPadding.y + 1;
  f.table_row = table_row;
  // (Compact and too narrow even for the column form: two sentences, wrapped.)
  // The column form: a column each for the step, the kernel's loads and its stores, headed
  // "loads" and "stores" where those fit, else "ld" and "st" (the instructions' own names).
  f.stt = step_totals(st);
  const StepTotals& stt = f.stt;
  const OpTotals& ld = t.totals.ld;
  const OpTotals& sto = t.totals.st;
  float number_w = 0;
  for (long long v : {static_cast<long long>(stt.instructions), static_cast<long long>(stt.wavefronts), static_cast<long long>(stt.conflicts), ld.inst, ld.wavefronts,
                      ld.conflicts, sto.inst, sto.wavefronts, sto.conflicts})
    number_w = std::max(number_w, text_width(std::to_string(v), body));
  for (long long v : {ld.inst + sto.inst, ld.wavefronts + sto.wavefronts, ld.conflicts + sto.conflicts}) number_w = std::max(number_w, text_width(std::to_string(v), body));
  auto columns_w = [&](const char* a, const char* b) {
    return text_width("wavefronts", body) + std::max(number_w, text_width("step", body)) + std::max(number_w, text_width(a, body)) +
           std::max(number_w, text_width(b, body)) + 4 * cell;
  };
  f.long_heads = columns_w("loads", "stores") <= rw;
  f.columns_form_w = f.long_heads ? columns_w("loads", "stores") : columns_w("ld", "st");
  // The column form's fourth column where it fits: the kernel's loads and stores together ("9
  // shared-memory instructions in total: 8 stores and 1 load"), beside them, never instead.
  f.all_w = std::max(number_w, text_width("both", body)) + cell;
  const bool compact_sentences = compact && f.rows_form_w > rw && f.columns_form_w > rw;
  auto wrapped_h = [&](const char* text) { return body->CalcTextSizeA(body->FontSize, FLT_MAX, rw, text).y + ImGui::GetStyle().ItemSpacing.y; };
  const float compact_h = compact_sentences ? wrapped_h("this step: 000 inst, 0000 wavefronts, 000 conflicts") +
                                                  2 * wrapped_h("stores: 0000 inst, 00000 wavefronts, 0000 conflicts")
                                            : 4.0f * table_row + 4;
  f.totals_h = (compact ? compact_h : 2 * body_line + 3 * table_row) + (is_gpu_measurement(t) ? body_line : 0.0f) + (t.gpu_us > 0 ? body_line : 0.0f) + 4;
  if (!compact) {  // a trace's table too wide for the column is sentences that wrap (totals_table): their lines
    const float pad = 2 * ImGui::GetStyle().CellPadding.x + 2;
    const std::string stores = "stores (" + std::to_string(sto.inst) + " inst)";
    if (text_width(stores, body) + text_width("wavefronts", body) + text_width("conflicts", body) + 3 * pad > rw) {
      auto sentence = [](const char* name, long long inst, long long wavefronts, long long conflicts) {
        return std::string(name) + ": " + std::to_string(inst) + " inst, " + std::to_string(wavefronts) + " wavefronts, " + std::to_string(conflicts) + " conflicts";
      };
      const float sentences_h = wrapped_h(sentence("this step", stt.instructions, stt.wavefronts, stt.conflicts).c_str()) +
                                wrapped_h(sentence("loads", ld.inst, ld.wavefronts, ld.conflicts).c_str()) +
                                wrapped_h(sentence("stores", sto.inst, sto.wavefronts, sto.conflicts).c_str());
      f.totals_h += std::max(0.0f, sentences_h - (2 * body_line + 3 * table_row));
    }
  }
  // The grid's explanation (draw_bank_grid), as many lines as it wraps to, at least three.
  f.caption_h = compact ? 0.0f
                        : std::max(3 * small->FontSize, wrapped_h_at(small, rw, "A row per active lane; the cell sits in the bank of the word the lane touches "
                                                                                "(word number inside). 32 wavefronts = 31 conflicts.")) + 8;
  // A wide, low panel (a lesson's top row) puts the totals beside the grid, not under it.
  f.beside = compact && rw > 520 * ui.scale;
  f.gw = f.beside ? std::max(rw * 0.35f, rw - f.rows_form_w - 12) : rw;  // the grid's width
  // The note, a footnote in the small font, takes the lines it wraps to in the totals' column (the
  // grid gives them up).
  if (t.tile_barriers) {
    f.note = kTileBarrierNote;
    f.totals_h += wrapped_h_at(small, f.beside ? rw - f.gw - 12 : rw, f.note);
  }
  return f;
}

// --- Draw: the selected warp-instruction's bank x lane grid from gy, grid_h high, and its
// explanation (compact: its tooltip); returns the y under them.
float draw_bank_grid(ImDrawList* dl, AppState& s, const Trace& t, const Step& st, const WarpInstruction& wi, const RightColumn& rc, const TotalsForm& f, float gy,
                     float grid_h, float min_cell, const UiContext& ui) {
  const float rx = rc.rx, rw = rc.rw, gw = f.gw;
  const bool compact = rc.compact;
  ImFont* small = ui.fonts.small;
  const float g0 = gy + small->FontSize + 4;  // the grid's first row, under the bank numbers
  CellWindow lanes_shown, banks_shown;
  const float grid_bottom = draw_bank_lane_grid(dl, bank_lane_grid(t, st, wi), Rect{rx, gy, gw, grid_h}, small, ui.scale, min_cell, &lanes_shown, &banks_shown);
  s.layout_report.add({"warps", "bank grid", 1, 1, small->FontSize, compact ? "explanation in the tooltip" : ""});
  s.layout_report.add({"warps", "bank grid lanes", lanes_shown.shown, lanes_shown.count, lanes_shown.cell, lanes_shown.all() ? "" : lanes_shown.rule("lanes") + " shown"});
  s.layout_report.add({"warps", "bank grid banks", banks_shown.shown, banks_shown.count, banks_shown.cell, banks_shown.all() ? "" : banks_shown.rule("banks") + " shown"});
  gy = grid_bottom + 4;
  char buf[400];
  // How a vector access is counted, said where it is one (the colour is per half- or quarter-warp).
  const std::string vector_rule = wi.width > 1 ? " A " + std::to_string(4 * wi.width) + "-byte access is served " + std::to_string(kWarpSize / wi.width) +
                                                     " lanes at a time: the colour counts words per bank within those lanes (lines between them)."
                                               : "";
  std::snprintf(buf, sizeof buf, "A row per active lane; the cell sits in the bank of the word the lane touches (word number inside). %d wavefront%s = %d conflict%s.%s",
                wi.wavefronts, wi.wavefronts == 1 ? "" : "s", wi.conflicts, wi.conflicts == 1 ? "" : "s", vector_rule.c_str());
  if (compact) {
    ImGui::SetCursorScreenPos(ImVec2(rx, g0));
    ImGui::InvisibleButton("##bankgrid", ImVec2(std::max(1.0f, gw), std::max(1.0f, grid_bottom - g0)));
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", buf);
  } else {
    ImGui::SetCursorScreenPos(ImVec2(rx, gy));
    ImGui::PushFont(small);
    ImGui::PushTextWrapPos(rx + rw - ImGui::GetWindowPos().x);  // local coordinates
    ImGui::TextUnformatted(buf);
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    gy = ImGui::GetCursorScreenPos().y;
  }
  return gy;
}

// --- Decide: which of a small table's three rows are drawn where only `fit` of them fit above the
// column's bottom: those whose word the lesson step's text uses (`talk`, lower case: "conflicts
// drop from 652 to ...") are kept first, the others dropped from the last; the kept ones in the
// table's order.
std::vector<int> kept_rows(int fit, const char* const words[3], const std::string& talk) {
  std::vector<int> kept = {0, 1, 2};
  for (int pass = 0; pass < 2 && static_cast<int>(kept.size()) > fit; ++pass)  // pass 0: the rows the text does not name
    for (int r = 2; r >= 0 && static_cast<int>(kept.size()) > fit; --r)
      if (pass == 1 || talk.find(words[r]) == std::string::npos) kept.erase(std::remove(kept.begin(), kept.end(), r), kept.end());
  return kept;
}

// The step's text, question and answer in lower case where a lesson step is open ("" otherwise).
std::string lesson_talk(const AppState& s) {
  if (!current_lesson_step(s)) return "";
  std::string v = s.lesson.shown.text + "\n" + s.lesson.shown.question + "\n" + s.lesson.shown.answer;
  std::transform(v.begin(), v.end(), v.begin(), [](unsigned char ch) { return static_cast<char>(std::tolower(ch)); });
  return v;
}

// --- Draw: the totals at the cursor, in `body`: compact, the step and the trace in one small
// table (as rows, else as columns) where it fits col_room, else as sentences that wrap; not
// compact, a line for the step and the trace's table; the model's and the GPU's lines. A small
// table lower than the room left above the column's bottom keeps the rows that fit (kept_rows)
// and says in its corner how many of its three it shows ("1 of 3 rows"); the layout report names
// the rows cut ("warps totals rows").
void draw_totals(AppState& s, const Trace& t, const TotalsForm& f, const RightColumn& rc, float col_room) {
  const bool compact = rc.compact;
  const StepTotals& stt = f.stt;
  const OpTotals& ld = t.totals.ld;
  const OpTotals& sto = t.totals.st;
  const float rows_form_w = f.rows_form_w, columns_form_w = f.columns_form_w;
  const bool rows_form = compact && rows_form_w <= col_room;
  const bool small_table = compact && (rows_form || columns_form_w <= col_room);
  if (!small_table) ImGui::Text("this step: %d inst, %d wavefronts, %d conflicts", stt.instructions, stt.wavefronts, stt.conflicts);
  if (is_gpu_measurement(t)) ImGui::TextColored(ImVec4(0.35f, 0.7f, 0.9f, 1), "measured on the GPU, beside the bank model:");
  const long long step_v[3] = {stt.instructions, stt.wavefronts, stt.conflicts};
  const long long loads_v[3] = {ld.inst, ld.wavefronts, ld.conflicts};
  const long long stores_v[3] = {sto.inst, sto.wavefronts, sto.conflicts};
  const long long* rows_v[3] = {step_v, loads_v, stores_v};
  const char* row_names[3] = {"step", "kernel loads", "kernel stores"};
  const char* names[3] = {"inst", "wavefronts", "conflicts"};
  auto number = [](long long v, bool warn) {
    if (warn && v > 0) ImGui::TextColored(ImVec4(0.9f, 0.45f, 0.1f, 1), "%lld", v);
    else ImGui::Text("%lld", v);
  };
  // The rows that fit under the header (2 px of the last row's padding and border may be cut); where
  // not all do, the rows' padding is 1 px (not 2) if that is enough.
  const float room = rc.c_bottom - ImGui::GetCursorScreenPos().y + 2.0f;
  auto rows_in = [&](float row) { return std::clamp(static_cast<int>(std::floor(room / row)) - 1, 0, 3); };
  const ImVec2 pad = ImGui::GetStyle().CellPadding;
  const float tight_row = f.table_row - 2 * std::max(0.0f, pad.y - 1);
  const bool tight = small_table && rows_in(f.table_row) < 3 && rows_in(tight_row) == 3;
  const int fit = rows_in(tight ? tight_row : f.table_row);
  if (tight) ImGui::PushStyleVar(ImGuiStyleVar_CellPadding, ImVec2(pad.x, std::min(pad.y, 1.0f)));
  static const char* const row_words[3] = {"step", "load", "store"};
  static const char* const name_words[3] = {"inst", "wavefront", "conflict"};
  const std::vector<int> kept = small_table ? kept_rows(fit, rows_form ? row_words : name_words, fit < 3 ? lesson_talk(s) : "") : std::vector<int>{};
  const std::string corner = kept.size() < 3 ? std::to_string(kept.size()) + " of 3 rows" : "";
  if (small_table) {
    std::string cut;
    for (int r = 0; r < 3; ++r)
      if (std::find(kept.begin(), kept.end(), r) == kept.end()) cut += (cut.empty() ? "" : ", ") + std::string(rows_form ? row_names[r] : names[r]);
    s.layout_report.add({"warps", "totals rows", static_cast<int>(kept.size()), 3, rc.body->FontSize,
                         cut.empty() ? "" : corner + " (" + cut + " cut), said in the table's corner"});
  }
  if (small_table && rows_form && ImGui::BeginTable("##totals_rows", 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH)) {
    ImGui::TableSetupColumn(corner.c_str());
    for (const char* n : names) ImGui::TableSetupColumn(n);
    ImGui::TableHeadersRow();
    for (int r : kept) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row_names[r]);
      for (int k = 0; k < 3; ++k) {
        ImGui::TableNextColumn();
        number(rows_v[r][k], k == 2);
      }
    }
    ImGui::EndTable();
  }
  const bool both_column = columns_form_w + f.all_w <= col_room;
  if (small_table && !rows_form && ImGui::BeginTable("##totals_compact", both_column ? 5 : 4, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_BordersInnerH)) {
    ImGui::TableSetupColumn(corner.c_str());
    for (const char* n : {"step", f.long_heads ? "loads" : "ld", f.long_heads ? "stores" : "st"}) ImGui::TableSetupColumn(n);
    if (both_column) ImGui::TableSetupColumn("both");
    ImGui::TableHeadersRow();
    for (int k : kept) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(names[k]);
      for (int r = 0; r < 3; ++r) {
        ImGui::TableNextColumn();
        number(rows_v[r][k], k == 2);
      }
      if (both_column) {
        ImGui::TableNextColumn();
        number(loads_v[k] + stores_v[k], k == 2);
      }
    }
    ImGui::EndTable();
  }
  if (tight) ImGui::PopStyleVar();
  if (small_table) {
    if (ImGui::IsItemHovered()) {
      ImGui::BeginTooltip();
      totals_table("##totals_tip2", t, s.have_predicted ? &s.predicted : nullptr, 1e9f);
      ImGui::EndTooltip();
    }
    if (s.have_predicted) {
      const OpTotals& pl = s.predicted.totals.ld;
      const OpTotals& ps = s.predicted.totals.st;
      ImGui::Text("model: %lld wavefronts, %lld conflicts", pl.wavefronts + ps.wavefronts, pl.conflicts + ps.conflicts);
    }
  } else if (compact) {  // a sentence for the kernel's loads, one for its stores
    ImGui::Text("loads: %lld inst, %lld wavefronts, %lld conflicts", ld.inst, ld.wavefronts, ld.conflicts);
    ImGui::Text("stores: %lld inst, %lld wavefronts, %lld conflicts", sto.inst, sto.wavefronts, sto.conflicts);
    if (s.have_predicted) {
      const OpTotals& pl = s.predicted.totals.ld;
      const OpTotals& ps = s.predicted.totals.st;
      ImGui::Text("model: %lld wavefronts, %lld conflicts", pl.wavefronts + ps.wavefronts, pl.conflicts + ps.conflicts);
    }
  } else {
    totals_table("##totals", t, s.have_predicted ? &s.predicted : nullptr, rc.rw);
  }
}

// --- Draw: the GPU's own result and time beside the model's picture, where the GPU ran this very text.
void draw_gpu_line(const AppState& s, const Trace& t) {
  if (t.gpu_us <= 0) return;
  const bool agrees = t.gpu_check.rfind("DIFFERS", 0) != 0;
  char buf[160];
  std::snprintf(buf, sizeof buf, "GPU: %.2f us as written", t.gpu_us);
  std::string line = buf;
  if (s.editor.original_gpu_us > 0 && trace_runs_edit(s)) {
    std::snprintf(buf, sizeof buf, ", the original %.2f us", s.editor.original_gpu_us);
    line += buf;
  }
  line += agrees ? "; output and snapshots agree" : "; DIFFERS from the model";
  ImGui::TextColored(agrees ? ImVec4(0.35f, 0.7f, 0.9f, 1) : ImVec4(1, 0.4f, 0.35f, 1), "%s", line.c_str());
}

}  // namespace

// The heatmap's classes and the sites' names, once per trace (not once per frame).
void WarpsPanel::refresh(const AppState& s) {
  if (generation_ == s.trace_generation) return;
  const Trace& t = s.trace;
  generation_ = s.trace_generation;
  heat_ = conflict_heatmap(t);
  classes_.assign(static_cast<size_t>(heat_.steps) * heat_.warps, 0);
  for (int w = 0; w < heat_.warps; ++w)
    for (int k = 0; k < heat_.steps; ++k) classes_[static_cast<size_t>(w) * heat_.steps + k] = static_cast<uint8_t>(heat_class(heat_, k, w));
  site_names_.clear();
  for (const auto& st2 : t.steps)
    for (const auto& wi : st2.instructions)
      if (!site_names_.count(wi.site)) site_names_[wi.site] = site_label(t, wi.site);
}

void WarpsPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  if (!s.have_trace) {
    begin_panel("##warps", "Warps and banks", r);
    end_panel();
    return;
  }
  const Trace& t = s.trace;
  const Step& st = t.steps[s.step];
  const int warps = warp_count(t);
  s.selected_warp = std::clamp(s.selected_warp, 0, warps - 1);
  // In a lesson the lesson box's step is the one "step" on the screen.
  Rect c = begin_panel("##warps", (current_lesson_step(s) ? std::string("Warps and banks") : "Warps and banks: step " + std::to_string(s.step)) + " (" +
                                      std::to_string(t.banks) + " banks" + (t.warp_issue == 16 ? ", half-warps" : "") + ")",
                       r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  ImFont* small = ui.fonts.small;
  const float fh = ImGui::GetFontSize();
  // A low panel (1280x720 presenter, four panels) keeps the heatmap and the bank grid and gives up
  // words around them: the legends go on one line each in the small font (the degree legend
  // across the whole panel, at its bottom), the grid's explanation becomes its tooltip, the
  // totals take the small font.
  const bool compact = c.h < 15.0f * fh;
  // A low panel gives the right column (the grid and the totals, loads and stores apart) more room.
  const float left_w = c.w * (compact ? 0.36f : 0.42f);
  refresh(s);
  const Heatmap& h = heat_;
  int legend_lines = 1;
  Legend legend = degree_legend(h, compact, c.w, small, &legend_lines);
  auto bottom_of = [&](int lines) { return c.bottom() - (compact ? lines * (small->FontSize + 4) + 2 : 0.0f); };
  float c_bottom = bottom_of(legend_lines);
  // The right column, and the totals' form.
  RightColumn rc{c.x + left_w + 8, c.w - left_w - 8, c.y, c_bottom, compact, compact ? small : ImGui::GetFont()};
  const TotalsForm f = totals_form(t, st, rc, ui);
  // A panel too low for the totals under the picker's two lines (warp-shuffle's second step at
  // 1280x720, its panel 156 px inside): the picker goes on one line in the small font, and where
  // that is not enough either, the legend's "shuffle (registers)" says "shuffle" if that keeps it
  // to one line. (Its rows that still do not fit: draw_totals.)
  const ImGuiStyle& style = ImGui::GetStyle();
  const std::vector<int> sel = warp_instructions(st, s.selected_warp);
  const bool vector_inst = !sel.empty() && st.instructions[sel[std::clamp(s.selected_inst, 0, static_cast<int>(sel.size()) - 1)]].width > 1;
  const bool one_line_picker = compact && !f.beside && !vector_inst &&
                               c_bottom - (c.y + small->FontSize + style.ItemSpacing.y + ImGui::GetFrameHeight() + style.ItemSpacing.y + 2) < f.totals_h;
  if (one_line_picker && legend_lines > 1 && c_bottom - (c.y + small->FontSize + 2 * style.FramePadding.y + style.ItemSpacing.y + 2) < f.totals_h) {
    int short_lines = 1;
    Legend short_legend = degree_legend(h, compact, c.w, small, &short_lines, true);
    if (short_lines < legend_lines) {
      legend = std::move(short_legend);
      legend_lines = short_lines;
      c_bottom = bottom_of(legend_lines);
      rc.c_bottom = c_bottom;
    }
  }

  // --- Left: active lanes (top) and the heatmap (bottom), clipped to their column.
  // Heatmap: columns = steps, rows = warps. A cell is at least min_cell_px each way: where the
  // warps (steps) do not all fit at that size, a window of them holds the selected warp (the
  // current step), and the line under the heading says which are shown.
  const LeftColumn lc{c, left_w, c_bottom, text_width("w31", small) + 4, compact};
  dl->PushClipRect(ImVec2(c.x, c.y), ImVec2(c.x + left_w, c_bottom), true);
  const float y = draw_active_lanes(dl, s, st, warps, lc, ui, text_col);
  const float min_cell = min_cell_px(ui.scale, s.settings.presenter);
  const HeatmapPlace hp = heatmap_heading(dl, s, h, lc, y, legend, min_cell, ui, text_col);
  if (hp.drawn) draw_heatmap_cells(dl, s, h, classes_, hp, lc, legend, ui, text_col);
  const CellWindow &ws = hp.ws, &ks = hp.ks;
  s.layout_report.add({"warps", "heatmap", hp.drawn ? 1 : 0, 1, small->FontSize, compact ? "compact" : ""});
  s.layout_report.add({"warps", "heatmap warps", hp.drawn ? ws.shown : 0, ws.count, hp.drawn ? ws.cell : 0.0f, ws.all() ? "" : ws.rule("warps") + " shown"});
  s.layout_report.add({"warps", "heatmap steps", hp.drawn ? ks.shown : 0, ks.count, hp.drawn ? ks.cell : 0.0f, ks.all() ? "" : ks.rule("steps") + " shown"});
  dl->PopClipRect();
  if (compact) draw_compact_legend(dl, legend, c, c_bottom, small, text_col);

  // --- Right: the selected warp-instruction's bank x lane grid (a row per active lane), the totals.
  const float rx = rc.rx, rw = rc.rw;
  ImGui::PushClipRect(ImVec2(rx, c.y), ImVec2(c.right(), c_bottom), true);
  const std::vector<int> insts = draw_instruction_picker(s, st, rc, site_names_, ui, one_line_picker);
  float gy = ImGui::GetCursorScreenPos().y + 2;
  const float totals_top = gy;
  const float grid_h = c_bottom - gy - (f.beside ? 0.0f : f.totals_h) - f.caption_h;
  if (!insts.empty() && grid_h > 30 && st.instructions[insts[s.selected_inst]].op != kShuffle) {
    gy = draw_bank_grid(dl, s, t, st, st.instructions[insts[s.selected_inst]], rc, f, gy, grid_h, min_cell, ui);
  } else if (!insts.empty() && st.instructions[insts[s.selected_inst]].op != kShuffle) {
    s.layout_report.add({"warps", "bank grid", 0, 1, 0.0f, "left out: panel too low"});
  }
  if (f.beside) ImGui::SetCursorScreenPos(ImVec2(rx + f.gw + 12, totals_top));
  else ImGui::SetCursorScreenPos(ImVec2(rx, std::max(gy, c_bottom - f.totals_h)));
  ImGui::PushFont(rc.body);
  ImGui::PushTextWrapPos(rx + rw - ImGui::GetWindowPos().x);  // a line too long for the column wraps between words
  ImGui::BeginGroup();
  draw_totals(s, t, f, rc, f.beside ? rw - f.gw - 12 : rw);
  draw_gpu_line(s, t);
  if (!f.note.empty()) {
    ImGui::PushFont(ui.fonts.small);
    ImGui::TextColored(vec4(kTitleText), "%s", f.note.c_str());
    ImGui::PopFont();
    s.layout_report.add({"warps", "tile barrier note", 1, 1, ui.fonts.small->FontSize, ""});
  }
  ImGui::EndGroup();
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  ImGui::PopClipRect();
  end_panel();
}

}  // namespace scanscope
