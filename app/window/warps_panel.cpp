// Warps and banks: which lanes of which warps are active this step (divergence), a heatmap of the
// worst conflict degree over step x warp (GLSL), and for one warp-instruction the bank x lane grid
// showing who collides, with totals (measured beside predicted for a GPU trace).
#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/bank_model.h"
#include "engine/catalogue.h"
#include "editor.h"
#include "model.h"
#include "panels.h"

namespace scanscope {

namespace {

void totals_table(const char* id, const Trace& t, const Trace* predicted) {
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

}  // namespace

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
  Rect c = begin_panel("##warps", "Warps and banks: step " + std::to_string(s.step) + " (" + std::to_string(t.banks) + " banks" +
                                      (t.warp_issue == 16 ? ", half-warps" : "") + ")", r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  ImFont* small = ui.fonts.small;
  const float fh = ImGui::GetFontSize();
  const float left_w = c.w * 0.42f;
  ImGuiIO& io = ImGui::GetIO();

  // --- Left: active lanes (top) and the heatmap (bottom), clipped to their column.
  dl->PushClipRect(ImVec2(c.x, c.y), ImVec2(c.x + left_w, c.bottom()), true);
  float y = c.y;
  dl->AddText(small, small->FontSize, ImVec2(c.x, y), text_col, "active lanes: a row per warp, a cell per lane");
  y += small->FontSize + 3;
  const float lanes_h = std::min((c.h - 3 * fh) * 0.38f, warps * 18.0f * ui.scale);
  const float label_w = text_width("w31", small) + 4;
  const float cw = (left_w - label_w - 8) / kWarpSize, rh = lanes_h / warps;
  for (int w = 0; w < warps; ++w) {
    const uint32_t mask = active_lanes(st, w);
    const float ry = y + w * rh;
    if (rh >= small->FontSize) dl->AddText(small, small->FontSize, ImVec2(c.x, ry + (rh - small->FontSize) / 2), IM_COL32(170, 170, 180, 255), ("w" + std::to_string(w)).c_str());
    for (int l = 0; l < kWarpSize; ++l) {
      ImVec2 q0(c.x + label_w + l * cw, ry), q1(c.x + label_w + (l + 1) * cw - 1, ry + rh - (rh > 3 ? 1 : 0));
      dl->AddRectFilled(q0, q1, col(mask >> l & 1 ? kActiveLane : kIdleLane));
    }
    if (w == s.selected_warp) dl->AddRect(ImVec2(c.x + label_w - 1, ry), ImVec2(c.x + label_w + kWarpSize * cw, ry + rh), IM_COL32(255, 255, 255, 255), 0, 0, 2);
    if (t.warp_issue == 16) dl->AddLine(ImVec2(c.x + label_w + 16 * cw - 0.5f, ry), ImVec2(c.x + label_w + 16 * cw - 0.5f, ry + rh), IM_COL32(0, 0, 0, 255), 2);
  }
  ImGui::SetCursorScreenPos(ImVec2(c.x + label_w, y));
  if (ImGui::InvisibleButton("##lanes", ImVec2(kWarpSize * cw, std::max(1.0f, lanes_h))) && rh > 0)
    s.selected_warp = std::clamp(static_cast<int>((io.MousePos.y - y) / rh), 0, warps - 1);
  y += lanes_h + 6;
  draw_legend(dl, c.x, y, {{kActiveLane, "active"}, {kIdleLane, "idle"}}, text_col);
  y += fh + 8;

  // Heatmap: columns = steps, rows = warps.
  dl->AddText(small, small->FontSize, ImVec2(c.x, y), text_col, "worst conflict: steps left to right, warps down");
  y += small->FontSize + 3;
  if (generation_ != s.trace_generation) {
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
  const Heatmap& h = heat_;
  std::vector<std::pair<Rgba, std::string>> legend;
  for (int cls = 0; cls < kHeatClasses; ++cls)
    if (cls != kShuffleClass || std::find(h.shuffled.begin(), h.shuffled.end(), 1) != h.shuffled.end()) legend.push_back({heat_class_color(cls), heat_class_label(cls)});
  float legend_w = 0;
  for (const auto& it : legend) legend_w += fh * 1.8f + 4 + text_width(it.second);
  const float legend_h = std::ceil(legend_w / std::max(1.0f, left_w - 8)) * (fh + 4) + 4;
  Rect hm{c.x + label_w, y, left_w - label_w - 8, c.bottom() - y - legend_h - 4};
  if (hm.h > 8 && hm.w > 8) {
    unsigned tex = 0;
    if (ui.heatmap && ui.heatmap->ready()) tex = ui.heatmap->render(classes_, h.steps, h.warps, static_cast<int>(hm.w), static_cast<int>(hm.h), s.trace_generation);
    if (tex) {
      dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(tex)), ImVec2(hm.x, hm.y), ImVec2(hm.right(), hm.bottom()), ImVec2(0, 0), ImVec2(1, 1));  // texture row 0 = warp 0, at the top
    } else {  // no shader: the same cells with the draw list
      for (int w = 0; w < h.warps; ++w)
        for (int k = 0; k < h.steps; ++k)
          dl->AddRectFilled(ImVec2(hm.x + hm.w * k / h.steps, hm.y + hm.h * w / h.warps), ImVec2(hm.x + hm.w * (k + 1) / h.steps, hm.y + hm.h * (w + 1) / h.warps), col(heat_class_color(heat_class(h, k, w))));
    }
    const float sx = hm.w / h.steps, sy = hm.h / h.warps;
    dl->AddRect(ImVec2(hm.x + s.step * sx, hm.y), ImVec2(hm.x + (s.step + 1) * sx, hm.bottom()), IM_COL32(255, 255, 255, 255), 0, 0, 2);
    dl->AddRect(ImVec2(hm.x, hm.y + s.selected_warp * sy), ImVec2(hm.right(), hm.y + (s.selected_warp + 1) * sy), IM_COL32(255, 255, 255, 140), 0, 0, 1);
    if (sy >= small->FontSize)
      for (int w = 0; w < h.warps; ++w) dl->AddText(small, small->FontSize, ImVec2(c.x, hm.y + w * sy + (sy - small->FontSize) / 2), IM_COL32(170, 170, 180, 255), ("w" + std::to_string(w)).c_str());
    ImGui::SetCursorScreenPos(ImVec2(hm.x, hm.y));
    ImGui::InvisibleButton("##heat", ImVec2(hm.w, hm.h));
    if (ImGui::IsItemHovered()) {
      int k = std::clamp(static_cast<int>((io.MousePos.x - hm.x) / sx), 0, h.steps - 1);
      int w = std::clamp(static_cast<int>((io.MousePos.y - hm.y) / sy), 0, h.warps - 1);
      const std::string what = heat_class(h, k, w) == kShuffleClass ? "shuffles between lanes (registers), no shared-memory access"
                               : h.at(k, w) == 0                   ? "no shared-memory access"
                                                                   : std::to_string(h.at(k, w)) + "-way";
      ImGui::SetTooltip("step %d (%s), warp %d: %s", k, t.steps[k].label.c_str(), w, what.c_str());
      if (ImGui::IsItemClicked()) {
        set_step(s, k);
        s.selected_warp = w;
      }
    }
    draw_legend(dl, c.x, hm.bottom() + 4, legend, text_col, c.x + left_w - 4);
  }

  dl->PopClipRect();
  // --- Right: the selected warp-instruction's bank x lane grid (a row per active lane).
  const float rx = c.x + left_w + 8, rw = c.w - left_w - 8;
  ImGui::PushClipRect(ImVec2(rx, c.y), ImVec2(c.right(), c.bottom()), true);
  ImGui::SetCursorScreenPos(ImVec2(rx, c.y));
  ImGui::BeginGroup();
  auto insts = warp_instructions(st, s.selected_warp);
  ImGui::PushFont(small);
  ImGui::Text(rw > 380 * ui.scale ? "warp %d, instruction (click a warp on the left):" : "warp %d:", s.selected_warp);
  ImGui::PopFont();
  ImGui::SetNextItemWidth(rw);
  s.selected_inst = insts.empty() ? 0 : std::clamp(s.selected_inst, 0, static_cast<int>(insts.size()) - 1);
  auto site_label = [&](int site) {
    auto it = site_names_.find(site);
    return it == site_names_.end() ? "site " + std::to_string(site) : it->second;
  };
  auto inst_name = [&](int i) {
    const WarpInstruction& wi = st.instructions[insts[i]];
    if (wi.op == kShuffle) return "shuffle " + site_label(wi.site) + ": registers, no shared memory";
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s %s: %d wavefront%s, %s", access_op_name(wi.op), site_label(wi.site).c_str(), wi.wavefronts,
                  wi.wavefronts == 1 ? "" : "s", wi.degree > 1 ? (std::to_string(wi.degree) + "-way").c_str() : "no conflict");
    return std::string(buf);
  };
  if (insts.empty()) {
    ImGui::TextDisabled("no shared-memory instruction");
  } else if (ImGui::BeginCombo("##inst", inst_name(s.selected_inst).c_str())) {
    for (int i = 0; i < static_cast<int>(insts.size()); ++i)
      if (ImGui::Selectable(inst_name(i).c_str(), i == s.selected_inst)) s.selected_inst = i;
    ImGui::EndCombo();
  }
  ImGui::EndGroup();
  float gy = ImGui::GetCursorScreenPos().y + 2;
  const float grid_h = c.bottom() - gy - (is_gpu_measurement(t) ? 5.0f : 4.0f) * ImGui::GetFrameHeightWithSpacing() - 3 * small->FontSize - 8;
  if (!insts.empty() && grid_h > 40 && st.instructions[insts[s.selected_inst]].op != kShuffle) {
    const WarpInstruction& wi = st.instructions[insts[s.selected_inst]];
    gy = draw_bank_lane_grid(dl, bank_lane_grid(t, st, wi), Rect{rx, gy, rw, grid_h}, small, ui.scale) + 4;
    char buf[240];
    std::snprintf(buf, sizeof buf, "A row per active lane; the cell sits in the bank of the word the lane touches (word number inside). %d wavefront%s = %d conflict%s.",
                  wi.wavefronts, wi.wavefronts == 1 ? "" : "s", wi.conflicts, wi.conflicts == 1 ? "" : "s");
    ImGui::SetCursorScreenPos(ImVec2(rx, gy));
    ImGui::PushFont(small);
    ImGui::PushTextWrapPos(rx + rw - ImGui::GetWindowPos().x);  // local coordinates
    ImGui::TextUnformatted(buf);
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    gy = ImGui::GetCursorScreenPos().y;
  }
  const float totals_h = (is_gpu_measurement(t) ? 5.0f : 4.0f) * ImGui::GetFrameHeightWithSpacing() + 4 +
                         (t.gpu_us > 0 ? ImGui::GetTextLineHeightWithSpacing() : 0.0f);
  ImGui::SetCursorScreenPos(ImVec2(rx, std::max(gy, c.bottom() - totals_h)));
  ImGui::BeginGroup();
  StepTotals stt = step_totals(st);
  ImGui::Text("this step: %d inst, %d wavefronts, %d conflicts", stt.instructions, stt.wavefronts, stt.conflicts);
  if (is_gpu_measurement(t)) ImGui::TextColored(ImVec4(0.35f, 0.7f, 0.9f, 1), "measured on the GPU, beside the bank model:");
  totals_table("##totals", t, s.have_predicted ? &s.predicted : nullptr);
  if (t.gpu_us > 0) {  // the GPU ran this very text: its own result and time beside the model's picture
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
  ImGui::EndGroup();
  ImGui::PopClipRect();
  end_panel();
}

}  // namespace scanscope
