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
  dl->AddText(small, small->FontSize, ImVec2(r.x, y), col(kText), fit_text(line, r.w, small).c_str());
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

// --- Draw: no partner yet: the buttons that make one (my edit beside the text as opened, the other
// paddings of the scan, the other kernels of the family).
void draw_partner_choices(AppState& s) {
  const bool edit = trace_runs_edit(s);  // the trace runs the editor's edited text
  const bool pads = s.trace.kernel == "scan-blelloch";
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
}

// Each side's work as the lessons count it, after its name: additions, and the steps that add
// (Hillis-Steele's n log n against Blelloch's 2(n - 1)).
std::string work_text(const Trace& t) {
  const TraceWork w = trace_work(t);
  return w.additions > 0 ? ", " + std::to_string(w.additions) + " adds in " + std::to_string(w.steps) + " steps" : std::string();
}

// --- Decide: the two sides' lines, "A: scan-blelloch pad=harris, 1022 adds in 18 steps" (where
// there is work to say, the "(32 banks)" both sides share goes).
struct SideLines {
  std::string a, b;
};
SideLines side_lines(const AppState& s, bool swap, const std::string& wa, const std::string& wb) {
  std::string na = compare_side_label(s, swap), nb = compare_side_label(s, !swap);
  if (!wa.empty() || !wb.empty()) {  // room for the work: a "(32 banks)" both sides share goes
    const size_t pa = na.rfind(" ("), pb = nb.rfind(" (");
    if (pa != std::string::npos && pb != std::string::npos && na.substr(pa) == nb.substr(pb)) {
      na.resize(pa);
      nb.resize(pb);
    }
  }
  return {"A: " + na + wa, "B: " + nb + wb};
}

// --- Draw: the title and its buttons on one line (swap, table only / side by side, vs original,
// clear). Returns false when "clear" took the partner away (nothing more to draw).
bool draw_title_buttons(AppState& s, bool* show_sides) {
  const bool edit = trace_runs_edit(s);
  ImGui::TextColored(vec4(kTitleText), "Comparison");  // as begin_panel's title
  if (flow_button("swap A, B", false, true, true)) s.compare_swap = !s.compare_swap;
  if (flow_button(*show_sides ? "table only" : "side by side", false, true, true)) *show_sides = !*show_sides;
  if (edit && !s.compare_original && flow_button("vs original", false, true, true)) compare_with_original(s, "");
  if (flow_button("clear", false, true, true)) {
    clear_compare(s);
    return false;
  }
  return true;
}

// --- Draw: the sides' lines, each in its colour, and the totals' caption after them where it fits.
// A side's line wider than the panel keeps its leading clause, the name ("A: scan-blelloch
// pad=harris", its work left out), not a word cut at the panel's edge ("in 18 st").
void draw_side_lines(AppState& s, const SideLines& lines, ImVec4 ca, ImVec4 cb, const UiContext& ui) {
  const float room = ImGui::GetContentRegionAvail().x;
  int whole = 0;
  auto fitted = [&](const std::string& l) {
    if (ImGui::CalcTextSize(l.c_str()).x <= room) return ++whole, l;
    return fit_words(l, room);
  };
  const std::string fa = fitted(lines.a), fb = fitted(lines.b);
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
}

// --- Decide: the table of levels on top (a few levels, it scrolls to the current one) and both
// sides' grids under it. In a short panel (a projector's quarter) the sides take it all, the
// current level's name over them; "table only" brings the table back.
struct LevelsLayout {
  std::vector<LevelPair> pairs;
  long long max_wf = 1;  // the most wavefronts of a level, either side (the bars' scale)
  float row_h = 0;
  bool sides = false, table = false;
  float table_h = 0;
  int current_pair = -1;  // the level of the trace's current step
};
LevelsLayout layout_levels(const AppState& s, const Trace& A, const Trace& B, bool swap, bool show_sides) {
  LevelsLayout L;
  L.pairs = align_levels(A, B);
  for (const auto& p : L.pairs) {
    if (p.a >= 0) L.max_wf = std::max<long long>(L.max_wf, step_totals(A.steps[p.a]).wavefronts);
    if (p.b >= 0) L.max_wf = std::max<long long>(L.max_wf, step_totals(B.steps[p.b]).wavefronts);
  }
  L.row_h = ImGui::GetFrameHeight();
  const float avail_h = ImGui::GetContentRegionAvail().y;
  L.sides = show_sides && avail_h >= 5 * L.row_h;
  L.table = !L.sides || avail_h >= 9 * L.row_h;
  L.table_h = L.sides ? std::max(2.6f * L.row_h, std::min(avail_h * 0.22f, (L.pairs.size() + 1.5f) * L.row_h)) : avail_h;
  for (int i = 0; i < static_cast<int>(L.pairs.size()); ++i)
    if ((swap ? L.pairs[i].b : L.pairs[i].a) == s.step) L.current_pair = i;
  return L;
}

// --- Draw: a side's wavefronts on a level, a bar scaled to the most of any level, the number after it.
void draw_wavefront_bar(const Trace& t, int idx, ImVec4 color, long long max_wf, float row_h) {
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
}

// --- Draw: the level table's row i: its name (a click shows the level), both sides' wavefronts,
// B - A, and each side's worst conflict degree; the current level's row marked and kept in view.
void draw_level_row(AppState& s, const Trace& A, const Trace& B, bool swap, const LevelsLayout& L, int i, ImVec4 ca, ImVec4 cb, int* scrolled_to) {
  const auto& p = L.pairs[i];
  const float row_h = L.row_h;
  ImGui::TableNextRow(0, row_h);
  const int mine = swap ? p.b : p.a;  // the trace's step on this level
  if (mine == s.step) {
    ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(90, 90, 40, 255));
    if (*scrolled_to != s.step) {  // keep the current level in view
      ImGui::SetScrollHereY(0.5f);
      *scrolled_to = s.step;
    }
  }
  ImGui::TableNextColumn();
  // Not "selected": its highlight would cover the bars; the row background marks the current level.
  if (ImGui::Selectable((p.label + "##lv" + std::to_string(i)).c_str(), false, ImGuiSelectableFlags_SpanAllColumns) && mine >= 0) set_step(s, mine);
  ImGui::TableNextColumn();
  draw_wavefront_bar(A, p.a, ca, L.max_wf, row_h);
  ImGui::TableNextColumn();
  draw_wavefront_bar(B, p.b, cb, L.max_wf, row_h);
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

// --- Draw: the table of levels (where the layout keeps it).
void draw_level_table(AppState& s, const Trace& A, const Trace& B, bool swap, const LevelsLayout& L, ImVec4 ca, ImVec4 cb, int* scrolled_to) {
  if (!L.table || !ImGui::BeginTable("##levels", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
                                     ImVec2(0, L.table_h)))
    return;
  ImGui::TableSetupScrollFreeze(0, 1);
  ImGui::TableSetupColumn("level", ImGuiTableColumnFlags_WidthStretch, 1.3f);
  ImGui::TableSetupColumn("A wavefronts", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("B wavefronts", ImGuiTableColumnFlags_WidthStretch, 1.0f);
  ImGui::TableSetupColumn("B - A", ImGuiTableColumnFlags_WidthStretch, 0.45f);
  ImGui::TableSetupColumn("worst A | B", ImGuiTableColumnFlags_WidthStretch, 0.7f);
  ImGui::TableHeadersRow();
  for (int i = 0; i < static_cast<int>(L.pairs.size()); ++i) draw_level_row(s, A, B, swap, L, i, ca, cb, scrolled_to);
  ImGui::EndTable();
}

// What the sides showed, for the layout report: how many were drawn and by which rule, and the
// lanes and banks each side's bank x lane grid shows.
struct SidesShown {
  int drawn = 0;
  std::string rule;
  CellWindow lanes[2], banks[2];
};

// One side's inputs: its trace, its step on the level, its name, colour, padding and arrays.
struct SideInput {
  const Trace& t;
  int step;
  const char* name;
  ImVec4 color;
  const std::vector<bool>& pads;
  const std::vector<SharedArray>& arrays;
};

// --- Draw: both sides of the current level under the table, a line over them naming the level
// (and the rule where the panel is short), a rule between them.
SidesShown draw_sides(ImDrawList* dl, const AppState& s, const UiContext& ui, const Rect& c, const LevelsLayout& L, const SideInput& a, const SideInput& b,
                      bool show_sides) {
  SidesShown shown;
  shown.rule = L.sides ? "" : show_sides ? "table only: panel too low" : "table only";
  if (!L.sides) return shown;
  const ImVec2 p = ImGui::GetCursorScreenPos();
  const float h = c.bottom() - p.y - 2, w = (c.right() - p.x - 12) / 2;
  const bool short_sides = c.bottom() - p.y - 2 * ImGui::GetTextLineHeightWithSpacing() < kShortSide * ui.scale;
  ImGui::TextDisabled("%s", fit_text(L.current_pair >= 0 ? "side by side: " + L.pairs[L.current_pair].label +
                                                                 (short_sides ? " (bank x lane grids only: a short panel)"
                                                                  : L.table   ? " (pick a level above, a warp in the Warps view)"
                                                                              : "")
                                                           : "side by side: this step has no level in the table",
                                     c.w)
                                .c_str());
  const float y = ImGui::GetCursorScreenPos().y;
  if (L.current_pair >= 0 && h > 60) {
    draw_side(dl, a.t, a.step, Rect{p.x, y, w, c.bottom() - y - 2}, a.name, a.color, a.pads, a.arrays, s, ui, &shown.lanes[0], &shown.banks[0]);
    dl->AddLine(ImVec2(p.x + w + 6, y), ImVec2(p.x + w + 6, c.bottom() - 2), IM_COL32(90, 90, 100, 255), 1.0f);
    draw_side(dl, b.t, b.step, Rect{p.x + w + 12, y, w, c.bottom() - y - 2}, b.name, b.color, b.pads, b.arrays, s, ui, &shown.lanes[1], &shown.banks[1]);
    shown.drawn = 2;
    if (short_sides) shown.rule = "bank x lane grids only";
  } else {
    shown.rule = L.current_pair < 0 ? "no level for this step" : "left out: panel too low";
  }
  return shown;
}

// The layout report's lines for the sides: how many were drawn, and the lanes and banks of each
// side's bank x lane grid.
void report_sides(LayoutReport& report, const SidesShown& shown, const UiContext& ui) {
  report.add({"compare", "sides", shown.drawn, 2, ui.fonts.small->FontSize, shown.rule});
  for (int side = 0; side < 2; ++side)
    if (shown.lanes[side].count > 0)
      report.add({"compare", side == 0 ? "A bank grid lanes" : "B bank grid lanes", shown.lanes[side].shown, shown.lanes[side].count, shown.lanes[side].cell,
                  shown.lanes[side].all() ? "" : shown.lanes[side].rule("lanes") + " shown"});
  for (int side = 0; side < 2; ++side)
    if (shown.banks[side].count > 0)
      report.add({"compare", side == 0 ? "A bank grid banks" : "B bank grid banks", shown.banks[side].shown, shown.banks[side].count, shown.banks[side].cell,
                  shown.banks[side].all() ? "" : shown.banks[side].rule("banks") + " shown"});
}

}  // namespace

// Each trace's work (work_), again where the traces changed: every access of both traces, once per
// trace, not per frame.
void ComparePanel::count_work(const AppState& s) {
  if (work_generation_ == s.trace_generation) return;
  work_generation_ = s.trace_generation;
  work_[0] = work_text(s.trace);
  work_[1] = work_text(s.compare);
}

// Both traces' padding slots and arrays (pads_, arrays_), again where the traces changed.
void ComparePanel::refresh_sides(const AppState& s) {
  if (generation_ == s.trace_generation) return;
  generation_ = s.trace_generation;
  for (int k = 0; k < 2; ++k) {
    const Trace& t = k == 0 ? s.trace : s.compare;
    pads_[k] = padding_slots(t);
    arrays_[k] = shared_arrays(t);
  }
}

// The partner's buttons where there is none; else the title line, the sides' names and totals, the
// table of levels and both sides of the current level.
void ComparePanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  // With a partner, the title shares its line with the buttons (a line more for the table and sides).
  Rect c = begin_panel("##compare", s.have_trace && s.have_compare ? "" : "Comparison, level by level", r);
  if (!s.have_trace) {
    end_panel();
    return;
  }
  if (!s.have_compare) {
    draw_partner_choices(s);
    end_panel();
    return;
  }
  // A and B: the trace and its partner, or (swapped) the partner first, e.g. "original vs my edit".
  const bool swap = s.compare_swap;
  const Trace& A = swap ? s.compare : s.trace;
  const Trace& B = swap ? s.trace : s.compare;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImVec4 ca(0.34f, 0.71f, 0.91f, 1), cb(0.90f, 0.62f, 0.0f, 1);
  count_work(s);
  const SideLines lines = side_lines(s, swap, work_[swap ? 1 : 0], work_[swap ? 0 : 1]);
  if (!draw_title_buttons(s, &show_sides_)) {
    end_panel();
    return;
  }
  draw_side_lines(s, lines, ca, cb, ui);
  draw_totals(A, B, ca, cb, ui);

  const LevelsLayout L = layout_levels(s, A, B, swap, show_sides_);
  draw_level_table(s, A, B, swap, L, ca, cb, &scrolled_to_);
  refresh_sides(s);
  const int ka = swap ? 1 : 0;  // which cache holds A's padding and arrays
  const LevelPair* lp = L.current_pair >= 0 ? &L.pairs[L.current_pair] : nullptr;
  const SideInput a{A, lp ? lp->a : -1, "A", ca, pads_[ka], arrays_[ka]}, b{B, lp ? lp->b : -1, "B", cb, pads_[1 - ka], arrays_[1 - ka]};
  report_sides(s.layout_report, draw_sides(dl, s, ui, c, L, a, b, show_sides_), ui);
  end_panel();
}

}  // namespace scanscope
