// Comparison: the trace beside its partner (other padding, another kernel on the same input, or
// the editor's original text beside the edited one), level by level, with totals and the
// per-level difference in wavefronts; A and B can be swapped.
#include <algorithm>
#include <cstdio>

#include "model.h"
#include "panels.h"

namespace scanscope {

void ComparePanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  Rect c = begin_panel("##compare", "Comparison, level by level", r);
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
  const std::string la = "A: " + compare_side_label(s, swap), lb = "B: " + compare_side_label(s, !swap);
  ImGui::TextColored(ca, "%s", la.c_str());
  flow_item(ImGui::CalcTextSize(lb.c_str()).x + ImGui::GetStyle().ItemSpacing.x * 2, false);
  ImGui::TextColored(cb, "%s", lb.c_str());
  if (flow_button("swap A, B", false, true, true)) s.compare_swap = !s.compare_swap;
  if (edit && !s.compare_original && flow_button("vs original", false, true, true)) compare_with_original(s, "");
  if (flow_button("clear", false, true, true)) {
    clear_compare(s);
    end_panel();
    return;
  }
  auto total = [](const Trace& t) { return t.totals.ld.wavefronts + t.totals.st.wavefronts; };
  auto confl = [](const Trace& t) { return t.totals.ld.conflicts + t.totals.st.conflicts; };
  ImGui::TextWrapped("wavefronts: A %lld, B %lld (%+lld)   conflicts: A %lld, B %lld (%+lld)", total(A), total(B), total(B) - total(A), confl(A), confl(B),
              confl(B) - confl(A));

  auto pairs = align_levels(A, B);
  long long max_wf = 1;
  for (const auto& p : pairs) {
    if (p.a >= 0) max_wf = std::max<long long>(max_wf, step_totals(A.steps[p.a]).wavefronts);
    if (p.b >= 0) max_wf = std::max<long long>(max_wf, step_totals(B.steps[p.b]).wavefronts);
  }
  const float row_h = ImGui::GetFrameHeight();
  if (ImGui::BeginTable("##levels", 5, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_ScrollY | ImGuiTableFlags_SizingStretchProp,
                        ImVec2(0, ImGui::GetContentRegionAvail().y))) {
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
      if (st.wavefronts > 0) dl->AddRectFilled(ImVec2(p.x, p.y + 2), ImVec2(p.x + bw, p.y + row_h - 4), ImGui::ColorConvertFloat4ToU32(color));
      ImGui::SetCursorScreenPos(ImVec2(p.x + (st.wavefronts > 0 ? bw : 0) + 4, p.y));
      ImGui::Text("%d", st.wavefronts);
    };
    for (int i = 0; i < static_cast<int>(pairs.size()); ++i) {
      const auto& p = pairs[i];
      ImGui::TableNextRow(0, row_h);
      const int mine = swap ? p.b : p.a;  // the trace's step on this level
      if (mine == s.step) ImGui::TableSetBgColor(ImGuiTableBgTarget_RowBg0, IM_COL32(90, 90, 40, 255));
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
      dl->AddRectFilled(ImVec2(q.x, q.y + 2), ImVec2(q.x + sq, q.y + 2 + sq), col(degree_color(ma)));
      dl->AddRectFilled(ImVec2(q.x + sq + 4, q.y + 2), ImVec2(q.x + 2 * sq + 4, q.y + 2 + sq), col(degree_color(mb)));
      ImGui::SetCursorScreenPos(ImVec2(q.x + 2 * sq + 10, q.y));
      ImGui::Text("%d | %d", ma, mb);
    }
    ImGui::EndTable();
  }
  (void)ui;
  end_panel();
}

}  // namespace scanscope
