// Warps and banks: which lanes of which warps are active this step (divergence), a heatmap of the
// worst conflict degree over step x warp (GLSL), and for one warp-instruction the bank x lane grid
// showing who collides, with totals (measured beside predicted for a GPU trace).
#include <algorithm>
#include <cstdio>

#include "bank_model.h"
#include "model.h"
#include "panels.h"

namespace scanscope {

namespace {

void totals_table(const char* id, const Trace& t, const Trace* predicted) {
  if (!ImGui::BeginTable(id, predicted ? 4 : 3, ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) return;
  ImGui::TableSetupColumn("totals");
  ImGui::TableSetupColumn("wavefronts");
  ImGui::TableSetupColumn("conflicts");
  if (predicted) ImGui::TableSetupColumn("predicted");
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
      ImGui::Text("%lld wf, %lld confl.", p->wavefronts, p->conflicts);
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

  // --- Left: active lanes (top) and the heatmap (bottom).
  float y = c.y;
  dl->AddText(ImVec2(c.x, y), text_col, "active lanes (warp x lane)");
  y += fh + 2;
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
  dl->AddText(ImVec2(c.x, y), text_col, "worst conflict degree (step x warp)");
  y += fh + 2;
  Heatmap h = conflict_heatmap(t);
  const float legend_h = 2 * (fh + 4);
  Rect hm{c.x + label_w, y, left_w - label_w - 8, c.bottom() - y - legend_h - 4};
  if (hm.h > 8 && hm.w > 8) {
    std::vector<uint8_t> classes(static_cast<size_t>(h.steps) * h.warps);
    for (int w = 0; w < h.warps; ++w)
      for (int k = 0; k < h.steps; ++k) classes[static_cast<size_t>(w) * h.steps + k] = static_cast<uint8_t>(degree_class(h.at(k, w)));
    unsigned tex = 0;
    if (ui.heatmap && ui.heatmap->ready()) tex = ui.heatmap->render(classes, h.steps, h.warps, static_cast<int>(hm.w), static_cast<int>(hm.h));
    if (tex) {
      dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(tex)), ImVec2(hm.x, hm.y), ImVec2(hm.right(), hm.bottom()), ImVec2(0, 1), ImVec2(1, 0));
    } else {  // no shader: the same cells with the draw list
      for (int w = 0; w < h.warps; ++w)
        for (int k = 0; k < h.steps; ++k)
          dl->AddRectFilled(ImVec2(hm.x + hm.w * k / h.steps, hm.y + hm.h * w / h.warps), ImVec2(hm.x + hm.w * (k + 1) / h.steps, hm.y + hm.h * (w + 1) / h.warps), col(degree_color(h.at(k, w))));
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
      ImGui::SetTooltip("step %d (%s), warp %d: %s", k, t.steps[k].label.c_str(), w, h.at(k, w) == 0 ? "no shared-memory access" : (std::to_string(h.at(k, w)) + "-way").c_str());
      if (ImGui::IsItemClicked()) {
        set_step(s, k);
        s.selected_warp = w;
      }
    }
    std::vector<std::pair<Rgba, std::string>> legend;
    for (int cls = 0; cls < kDegreeClasses; ++cls) legend.push_back({degree_color(degree_class_min(cls)), degree_class_label(cls)});
    float ly = hm.bottom() + 4;
    std::vector<std::pair<Rgba, std::string>> l1(legend.begin(), legend.begin() + 4), l2(legend.begin() + 4, legend.end());
    draw_legend(dl, c.x, ly, l1, text_col);
    draw_legend(dl, c.x, ly + fh + 4, l2, text_col);
  }

  // --- Right: the selected warp-instruction's bank x lane grid.
  const float rx = c.x + left_w + 8, rw = c.w - left_w - 8;
  ImGui::SetCursorScreenPos(ImVec2(rx, c.y));
  ImGui::BeginGroup();
  auto insts = warp_instructions(st, s.selected_warp);
  ImGui::Text("warp %d:", s.selected_warp);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(std::max(80.0f, rw - ImGui::CalcTextSize("warp 00: ").x - 8));
  s.selected_inst = insts.empty() ? 0 : std::clamp(s.selected_inst, 0, static_cast<int>(insts.size()) - 1);
  auto inst_name = [&](int i) {
    const WarpInstruction& wi = st.instructions[insts[i]];
    char buf[160];
    std::snprintf(buf, sizeof buf, "%s %s#%d: %d wavefront%s, %s", access_op_name(wi.op), site_name(t.kernel, wi.site).c_str(), wi.occurrence,
                  wi.wavefronts, wi.wavefronts == 1 ? "" : "s", wi.degree > 1 ? (std::to_string(wi.degree) + "-way").c_str() : "no conflict");
    return std::string(buf);
  };
  if (insts.empty()) {
    ImGui::TextDisabled("no shared-memory instruction in this step");
  } else if (ImGui::BeginCombo("##inst", inst_name(s.selected_inst).c_str())) {
    for (int i = 0; i < static_cast<int>(insts.size()); ++i)
      if (ImGui::Selectable(inst_name(i).c_str(), i == s.selected_inst)) s.selected_inst = i;
    ImGui::EndCombo();
  }
  ImGui::EndGroup();
  float gy = ImGui::GetCursorScreenPos().y + 4;
  const float grid_h = c.bottom() - gy - 5.5f * (fh + 6);
  if (!insts.empty() && grid_h > 40) {
    const WarpInstruction& wi = st.instructions[insts[s.selected_inst]];
    const int banks = std::max(1, t.banks);
    const float lw = text_width("L31", small) + 4;
    const float bw = (rw - lw) / banks, lh = (grid_h - small->FontSize - 4) / kWarpSize;
    // Per issue (warp or half-warp): distinct words per bank, for the colour.
    const int issue = std::max(1, t.warp_issue);
    std::vector<std::vector<std::vector<int>>> words_in(kWarpSize / issue, std::vector<std::vector<int>>(banks));
    for (int ai : wi.access_index) {
      const Access& acc = st.accesses[ai];
      const int lane = acc.tid % kWarpSize;
      auto& v = words_in[lane / issue][acc.word % banks];
      if (std::find(v.begin(), v.end(), acc.word) == v.end()) v.push_back(acc.word);
    }
    for (int b = 0; b < banks; ++b) {
      std::string label = std::to_string(b);
      if (label_fits(bw, text_width(label, small))) text_centered(dl, ImVec2(rx + lw + (b + 0.5f) * bw, gy + small->FontSize / 2), IM_COL32(170, 170, 180, 255), label, small);
    }
    const float g0 = gy + small->FontSize + 4;
    dl->AddRectFilled(ImVec2(rx + lw, g0), ImVec2(rx + lw + banks * bw, g0 + kWarpSize * lh), IM_COL32(30, 30, 34, 255));
    for (int l = 0; l < kWarpSize; ++l) {
      if (l % 4 == 0 && lh * 4 >= small->FontSize) dl->AddText(small, small->FontSize, ImVec2(rx, g0 + l * lh), IM_COL32(170, 170, 180, 255), ("L" + std::to_string(l)).c_str());
      if (t.warp_issue == 16 && l == 16) dl->AddLine(ImVec2(rx + lw, g0 + l * lh), ImVec2(rx + lw + banks * bw, g0 + l * lh), IM_COL32(255, 255, 255, 200), 2);
    }
    for (int ai : wi.access_index) {
      const Access& acc = st.accesses[ai];
      const int lane = acc.tid % kWarpSize, b = acc.word % banks;
      const int deg = static_cast<int>(words_in[lane / issue][b].size());
      ImVec2 q0(rx + lw + b * bw, g0 + lane * lh), q1(rx + lw + (b + 1) * bw - 1, g0 + (lane + 1) * lh - 1);
      dl->AddRectFilled(q0, q1, col(degree_color(deg)));
      std::string wl = std::to_string(acc.word);
      if (label_fits(bw, text_width(wl, small)) && lh >= small->FontSize * 0.9f) text_centered(dl, ImVec2((q0.x + q1.x) / 2, (q0.y + q1.y) / 2), col(text_on(degree_color(deg))), wl, small);
    }
    gy = g0 + kWarpSize * lh + 4;
    char buf[200];
    std::snprintf(buf, sizeof buf, "rows: lanes, columns: banks, cell: the word a lane touches. %d wavefront%s, %d conflict%s.", wi.wavefronts,
                  wi.wavefronts == 1 ? "" : "s", wi.conflicts, wi.conflicts == 1 ? "" : "s");
    dl->AddText(small, small->FontSize, ImVec2(rx, gy), text_col, buf);
    gy += small->FontSize + 4;
  }
  ImGui::SetCursorScreenPos(ImVec2(rx, std::max(gy, c.bottom() - 4.2f * (fh + 6))));
  ImGui::BeginGroup();
  StepTotals stt = step_totals(st);
  ImGui::Text("this step: %d inst, %d wavefronts, %d conflicts", stt.instructions, stt.wavefronts, stt.conflicts);
  if (is_gpu_measurement(t)) ImGui::TextColored(ImVec4(0.35f, 0.7f, 0.9f, 1), "measured on %s; predicted by the bank model:", t.device.substr(4).c_str());
  totals_table("##totals", t, s.have_predicted ? &s.predicted : nullptr);
  ImGui::EndGroup();
  end_panel();
}

}  // namespace scanscope
