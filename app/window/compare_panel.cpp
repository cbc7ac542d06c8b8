// Comparison: the trace beside its partner (other padding, another kernel on the same input, or
// the editor's original text beside the edited one), level by level, with totals and the
// per-level difference in wavefronts; A and B can be swapped. Under the table both sides of the
// current level stand side by side: each one's shared-memory grid and bank x lane grid, for the
// same warp and instruction, drawn by the same code as the shared-memory and warps panels.
#include <algorithm>
#include <cstdio>

#include "model.h"
#include "formats/lesson.h"  // trace_work
#include "formats/shown_text.h"
#include "panels.h"
#include "source_view.h"

namespace scanscope {

namespace {

// Below this height (at scale 1) a side shows its bank x lane grid alone.
constexpr float kShortSide = 220.0f;

// One side of the current level: a heading, the shared-memory grid, the bank x lane grid.
void draw_side(ImDrawList* dl, const Trace& t, int step, const Rect& r, const std::string& name, ImVec4 color, const std::vector<bool>& pads,
               const std::vector<SharedArray>& arrays, const AppState& s, const UiContext& ui, CellWindow* lanes_shown,
               CellWindow* banks_shown) {
  ImFont* small = ui.fonts.small;
  const float fh = ImGui::GetFontSize();
  dl->PushClipRect(ImVec2(r.x, r.y), ImVec2(r.right(), r.bottom()), true);
  if (step < 0) {
    dl->AddText(ImVec2(r.x, r.y), ImGui::ColorConvertFloat4ToU32(color), shown_text(name + ": no step on this level").c_str());
    dl->PopClipRect();
    return;
  }
  const Step& st = t.steps[step];
  const StepTotals tot = step_totals(st);
  // The side's heading in the longest form that fits, in whole words: its wavefronts, conflicts and
  // degree; then without the degree; then the conflicts and the degree (what a conflict step is
  // about: "A: 3 conflicts, 2-way", not "A: 6 wavefronts, 3 co.."); then the conflicts alone.
  const std::string way = st.max_degree > 1 ? ", " + std::to_string(st.max_degree) + "-way" : "";
  const std::string conflicts = std::to_string(tot.conflicts) + (tot.conflicts == 1 ? " conflict" : " conflicts");
  const std::string wavefronts = std::to_string(tot.wavefronts) + (tot.wavefronts == 1 ? " wavefront, " : " wavefronts, ");
  std::string head;
  for (const std::string& form : {name + ": " + wavefronts + conflicts + way, name + ": " + wavefronts + conflicts, name + ": " + conflicts + way,
                                  name + ": " + conflicts}) {
    head = form;
    if (ImGui::CalcTextSize(head.c_str()).x <= r.w) break;
  }
  dl->AddText(ImVec2(r.x, r.y), ImGui::ColorConvertFloat4ToU32(color), fit_words(head, r.w).c_str());
  float y = r.y + fh + 4;
  // The grid above, the bank x lane grid below; in a short panel the bank x lane grid alone, so its
  // column of conflicts (or its staircase without) keeps its room (the line over the sides says so).
  if (r.bottom() - y >= kShortSide * ui.scale) {
    const float smem_h = (r.bottom() - y) * (r.bottom() - y > 300.0f * ui.scale ? 0.62f : 0.5f);
    SmemViewInput in;
    in.pads = &pads;
    in.arrays = &arrays;
    in.selected_warp = s.selected_warp;
    in.selected_inst = s.selected_inst;
    in.anim = s.anim;
    in.compact = true;
    draw_smem_view(dl, t, step, Rect{r.x, y, r.w, smem_h}, in, ui, nullptr);
    y += smem_h + 4;
  }
  // The same warp's instruction in the same place of its list (the Warps view's choice).
  const int wi = pick_instruction(st, std::min(s.selected_warp, warp_count(t) - 1), s.selected_inst);
  if (wi < 0 || st.instructions[wi].op == kShuffle) {
    dl->AddText(small, small->FontSize, ImVec2(r.x, y), col(kDimText),
                wi < 0 ? ("warp " + std::to_string(s.selected_warp) + ": no shared-memory instruction in this step").c_str() : "a shuffle: registers, no banks");
    dl->PopClipRect();
    return;
  }
  const WarpInstruction& ins = st.instructions[wi];
  char line[240];
  std::snprintf(line, sizeof line, "warp %d, %s %s: %d wavefront%s, %s", ins.warp, access_op_name(ins.op), site_label(t, ins.site).c_str(), ins.wavefronts,
                ins.wavefronts == 1 ? "" : "s", ins.degree > 1 ? (std::to_string(ins.degree) + "-way").c_str() : "no conflict");
  dl->AddText(small, small->FontSize, ImVec2(r.x, y), IM_COL32(220, 220, 230, 255), fit_text(line, r.w, small).c_str());
  y += small->FontSize + 3;
  if (r.bottom() - y > 2 * small->FontSize) draw_bank_lane_grid(dl, bank_lane_grid(t, st, ins), Rect{r.x, y, r.w, r.bottom() - y}, small, ui.scale,
                                                                    min_cell_px(ui.scale, s.settings.presenter), lanes_shown, banks_shown);
  dl->PopClipRect();
}

// Both sides' totals, loads and stores apart (as the lessons quote them): a line each, in the
// small font, "loads  A 73 / 73 / 0  B 73 / 383 / 310" (the caption "inst / wavefronts /
// conflicts" stands after the buttons above).
void draw_totals(const Trace& A, const Trace& B, ImVec4 ca, ImVec4 cb, const UiContext& ui) {
  ImGui::PushFont(ui.fonts.small);
  if (ImGui::BeginTable("##compare_totals", 3, ImGuiTableFlags_SizingFixedFit)) {
    auto triple = [](const OpTotals& o, ImVec4 color, const char* side) {
      ImGui::TableNextColumn();
      ImGui::TextColored(color, "%s %lld / %lld / %lld", side, o.inst, o.wavefronts, o.conflicts);
    };
    for (int k = 0; k < 2; ++k) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k == 0 ? "loads" : "stores");
      triple(k == 0 ? A.totals.ld : A.totals.st, ca, "A");
      triple(k == 0 ? B.totals.ld : B.totals.st, cb, "B");
    }
    ImGui::EndTable();
  }
  ImGui::PopFont();
}

}  // namespace

void ComparePanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  CellWindow side_lanes[2], side_banks[2];  // the lanes and banks each side's bank x lane grid shows (layout report)
  // With a partner, the title shares its line with the buttons (a line more for the table and sides).
  Rect c = begin_panel("##compare", s.have_trace && s.have_compare ? "" : "Comparison, level by level", r);
  if (!s.have_trace) {
    end_panel();
    return;
  }
  const bool edit = trace_runs_edit(s);  // the trace runs the editor's edited text
  const bool pads = s.trace.kernel == "scan-blelloch";
  if (!s.have_compare) {
    (void)c;
    ImGui::TextWrapped("No partner yet. Compare this trace with:");
    if (edit) {  // my edit beside the text as opened, or beside the paper's padding of it
      ImGui::SameLine();
      if (ImGui::Button("the original")) compare_with_original(s, "");
      if (pads)
        for (const char* p : {"harris", "zero"}) {
          ImGui::SameLine();
          if (ImGui::Button((std::string("original, pad ") + p).c_str())) compare_with_original(s, p);
        }
    }
    if (pads) {
      for (const char* p : {"none", "harris", "zero"})
        if (pad_name(s.trace.pad) != std::string(p)) {
          ImGui::SameLine();
          if (ImGui::Button((std::string("pad ") + p).c_str())) {
            s.compare_pad = p;
            s.compare_kernel.clear();
            s.compare_original = false;
            update_compare(s);
          }
        }
    }
    for (const char* k : {"reduce-interleaved", "reduce-sequential", "scan-hillis-steele", "scan-blelloch"})
      if (s.trace.kernel != k && std::string(k).substr(0, 4) == s.trace.kernel.substr(0, 4)) {
        ImGui::SameLine();
        if (ImGui::Button(k)) {
          s.compare_kernel = k;
          s.compare_pad.clear();
          s.compare_original = false;
          update_compare(s);
        }
      }
    end_panel();
    return;
  }
  // A and B: the trace and its partner, or (swapped) the partner first, e.g. "original vs my edit".
  const bool swap = s.compare_swap;
  const Trace& A = swap ? s.compare : s.trace;
  const Trace& B = swap ? s.trace : s.compare;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec4 ca(0.34f, 0.71f, 0.91f, 1), cb(0.90f, 0.62f, 0.0f, 1);
  // Each side's work as the lessons count it, after its name: additions, and the steps that add
  // (Hillis-Steele's n log n against Blelloch's 2(n - 1)).
  auto work = [](const Trace& t) {
    const TraceWork w = trace_work(t);
    return w.additions > 0 ? ", " + std::to_string(w.additions) + " adds in " + std::to_string(w.steps) + " steps" : std::string();
  };
  if (work_generation_ != s.trace_generation) {  // every access of both traces: once per trace, not per frame
    work_generation_ = s.trace_generation;
    work_[0] = work(s.trace);
    work_[1] = work(s.compare);
  }
  std::string na = compare_side_label(s, swap), nb = compare_side_label(s, !swap);
  const std::string& wa = work_[swap ? 1 : 0];
  const std::string& wb = work_[swap ? 0 : 1];
  if (!wa.empty() || !wb.empty()) {  // room for the work: a "(32 banks)" both sides share goes
    const size_t pa = na.rfind(" ("), pb = nb.rfind(" (");
    if (pa != std::string::npos && pb != std::string::npos && na.substr(pa) == nb.substr(pb)) {
      na.resize(pa);
      nb.resize(pb);
    }
  }
  const std::string la = "A: " + na + wa, lb = "B: " + nb + wb;
  ImGui::TextColored(ImVec4(0.95f, 0.75f, 0.30f, 1.0f), "Comparison");  // begin_panel's title colour
  if (flow_button("swap A, B", false, true, true)) s.compare_swap = !s.compare_swap;
  if (flow_button(show_sides_ ? "table only" : "side by side", false, true, true)) show_sides_ = !show_sides_;
  if (edit && !s.compare_original && flow_button("vs original", false, true, true)) compare_with_original(s, "");
  if (flow_button("clear", false, true, true)) {
    clear_compare(s);
    end_panel();
    return;
  }
  // A side's line wider than the panel keeps its leading clause, the name ("A: scan-blelloch
  // pad=harris", its work left out), not a word cut at the panel's edge ("in 18 st").
  const float room = ImGui::GetContentRegionAvail().x;
  int whole = 0;
  auto fitted = [&](const std::string& l) {
    if (ImGui::CalcTextSize(l.c_str()).x <= room) return ++whole, l;
    return fit_words(l, room);
  };
  const std::string fa = fitted(la), fb = fitted(lb);
  s.layout_report.add({"compare", "side names", whole, 2, ImGui::GetFontSize(), whole < 2 ? "cut to their leading clause: the work left out" : ""});
  ImGui::TextColored(ca, "%s", fa.c_str());
  flow_item(ImGui::CalcTextSize(fb.c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2, false);
  ImGui::TextColored(cb, "%s", fb.c_str());
  // What the totals' three numbers are, after the buttons where it fits.
  ImGui::PushFont(ui.fonts.small);
  const char* totals_caption = "totals: inst / wavefronts / conflicts";
  flow_item(ImGui::CalcTextSize(totals_caption).x, false);
  ImGui::TextDisabled("%s", totals_caption);
  ImGui::PopFont();
  draw_totals(A, B, ca, cb, ui);

  auto pairs = align_levels(A, B);
  long long max_wf = 1;
  for (const auto& p : pairs) {
    if (p.a >= 0) max_wf = std::max<long long>(max_wf, step_totals(A.steps[p.a]).wavefronts);
    if (p.b >= 0) max_wf = std::max<long long>(max_wf, step_totals(B.steps[p.b]).wavefronts);
  }
  const float row_h = ImGui::GetFrameHeight();
  // The table on top (a few levels, it scrolls to the current one), both sides' grids under it. In
  // a short panel (a projector's quarter) the sides take it all, the current level's name over them;
  // "table only" brings the table back.
  const float avail_h = ImGui::GetContentRegionAvail().y;
  const bool sides = show_sides_ && avail_h >= 5 * row_h;
  const bool table = !sides || avail_h >= 9 * row_h;
  const float table_h = sides ? std::max(2.6f * row_h, std::min(avail_h * 0.22f, (pairs.size() + 1.5f) * row_h)) : avail_h;
  int current_pair = -1;
  for (int i = 0; i < static_cast<int>(pairs.size()); ++i)
    if ((swap ? pairs[i].b : pairs[i].a) == s.step) current_pair = i;
  if (table && ImGui::BeginTable("##levels", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
                                 ImVec2(0, table_h))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("level", ImGuiTableColumnFlags_WidthStretch, 1.3f);
    ImGui::TableSetupColumn("A wavefronts", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("B wavefronts", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableSetupColumn("B - A", ImGuiTableColumnFlags_WidthStretch, 0.45f);
    ImGui::TableSetupColumn("worst A | B", ImGuiTableColumnFlags_WidthStretch, 0.7f);
    ImGui::TableHeadersRow();
    auto bar = [&](const Trace& t, int idx, ImVec4 color) {
      if (idx < 0) {
        ImGui::TextDisabled("-");
        return;
      }
      StepTotals st = step_totals(t.steps[idx]);
      ImVec2 p = ImGui::GetCursorScreenPos();
      float w = ImGui::GetContentRegionAvail().x - text_width("8888") - 6;
      float bw = std::max(1.0f, w * st.wavefronts / static_cast<float>(max_wf));
      if (st.wavefronts > 0) ImGui::GetWindowDrawList()->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + bw, p.y + row_h - 4), ImGui::ColorConvertFloat4ToU32(color));
      ImGui::SetCursorScreenPos(ImVec2(p.x + (st.wavefronts > 0 ? bw : 0) + 4, p.y));
      ImGui::Text("%d", st.wavefronts);
    };
    for (int i = 0; i < static_cast<int>(pairs.size()); ++i) {
      const auto& p = pairs[i];
      ImGui::TableNextRow(0, row_h);
      const int mine = swap ? p.b : p.a;  // the trace's step on this level
      if (mine == s.step) {
        ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(90, 90, 40, 255));
        if (scrolled_to_ != s.step) {  // keep the current level in view
          ImGui::SetScrollHereY(0.5f);
          scrolled_to_ = s.step;
        }
      }
      ImGui::TableNextColumn();
      // Not "selected": its highlight would cover the bars; the row background marks the current level.
      if (ImGui::Selectable((p.label + "##lv" + std::to_string(i)).c_str(), false, ImGuiSelectableFlags_SpanAllColumns) && mine >= 0) set_step(s, mine);
      ImGui::TableNextColumn();
      bar(A, p.a, ca);
      ImGui::TableNextColumn();
      bar(B, p.b, cb);
      ImGui::TableNextColumn();
      int da = p.a >= 0 ? step_totals(A.steps[p.a]).wavefronts : 0, db = p.b >= 0 ? step_totals(B.steps[p.b]).wavefronts : 0;
      if (db - da < 0) ImGui::TextColored(ImVec4(0.0f, 0.75f, 0.5f, 1), "%+d", db - da);
      else if (db - da > 0) ImGui::TextColored(ImVec4(0.9f, 0.4f, 0.1f, 1), "%+d", db - da);
      else ImGui::TextDisabled("0");
      ImGui::TableNextColumn();
      int ma = p.a >= 0 ? A.steps[p.a].max_degree : 0, mb = p.b >= 0 ? B.steps[p.b].max_degree : 0;
      ImVec2 q = ImGui::GetCursorScreenPos();
      float sq = row_h - 6;
      ImDrawList* tl = ImGui::GetWindowDrawList();  // the table's, clipped to its cells
      tl->AddRectFilled(ImVec2(q.x, q.y + 2), ImVec2(q.x + sq, q.y + 2 + sq), col(degree_color(ma)));
      tl->AddRectFilled(ImVec2(q.x + sq + 4, q.y + 2), ImVec2(q.x + 2 * sq + 4, q.y + 2 + sq), col(degree_color(mb)));
      ImGui::SetCursorScreenPos(ImVec2(q.x + 2 * sq + 10, q.y));
      ImGui::Text("%d | %d", ma, mb);
    }
    ImGui::EndTable();
  }
  if (generation_ != s.trace_generation) {
    generation_ = s.trace_generation;
    for (int k = 0; k < 2; ++k) {
      const Trace& t = k == 0 ? s.trace : s.compare;
      pads_[k] = padding_slots(t);
      arrays_[k] = shared_arrays(t);
    }
  }
  const int ka = swap ? 1 : 0;  // which cache holds A's padding and arrays
  int sides_drawn = 0;  // for the layout report
  std::string sides_rule = sides ? "" : show_sides_ ? "table only: panel too low" : "table only";
  if (sides) {
    const ImVec2 p = ImGui::GetCursorScreenPos();
    const float h = c.bottom() - p.y - 2, w = (c.right() - p.x - 12) / 2;
    const bool short_sides = c.bottom() - p.y - 2 * ImGui::GetTextLineHeightWithSpacing() < kShortSide * ui.scale;
    ImGui::TextDisabled("%s", fit_text(current_pair >= 0 ? "side by side: " + pairs[current_pair].label +
                                                               (short_sides ? " (bank x lane grids only: a short panel)"
                                                                : table     ? " (pick a level above, a warp in the Warps view)"
                                                                            : "")
                                                         : "side by side: this step has no level in the table",
                                       c.w)
                                  .c_str());
    const float y = ImGui::GetCursorScreenPos().y;
    if (current_pair >= 0 && h > 60) {
      const LevelPair& lp = pairs[current_pair];
      draw_side(dl, A, lp.a, Rect{p.x, y, w, c.bottom() - y - 2}, "A", ca, pads_[ka], arrays_[ka], s, ui, &side_lanes[0], &side_banks[0]);
      dl->AddLine(ImVec2(p.x + w + 6, y), ImVec2(p.x + w + 6, c.bottom() - 2), IM_COL32(90, 90, 100, 255), 1.0f);
      draw_side(dl, B, lp.b, Rect{p.x + w + 12, y, w, c.bottom() - y - 2}, "B", cb, pads_[1 - ka], arrays_[1 - ka], s, ui, &side_lanes[1], &side_banks[1]);
      sides_drawn = 2;
      if (short_sides) sides_rule = "bank x lane grids only";
    } else {
      sides_rule = current_pair < 0 ? "no level for this step" : "left out: panel too low";
    }
  }
  s.layout_report.add({"compare", "sides", sides_drawn, 2, ui.fonts.small->FontSize, sides_rule});
  for (int side = 0; side < 2; ++side)
    if (side_lanes[side].count > 0)
      s.layout_report.add({"compare", side == 0 ? "A bank grid lanes" : "B bank grid lanes", side_lanes[side].shown, side_lanes[side].count, side_lanes[side].cell,
                           side_lanes[side].all() ? "" : side_lanes[side].rule("lanes") + " shown"});
  for (int side = 0; side < 2; ++side)
    if (side_banks[side].count > 0)
      s.layout_report.add({"compare", side == 0 ? "A bank grid banks" : "B bank grid banks", side_banks[side].shown, side_banks[side].count, side_banks[side].cell,
                           side_banks[side].all() ? "" : side_banks[side].rule("banks") + " shown"});
  end_panel();
}

}  // namespace scanscope
