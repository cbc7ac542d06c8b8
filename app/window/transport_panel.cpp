// Transport: first / back / play-pause / forward / last, speed, and a scrub bar whose slots are the
// steps (tinted by the step's worst conflict degree, labelled where the labels fit).
#include <algorithm>
#include <cstdio>

#include "model.h"
#include "panels.h"

namespace scanscope {

void TransportPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  begin_panel("##transport", "", r);
  const int n = step_count(s);
  if (ImGui::Button("|<")) set_step(s, 0);
  ImGui::SameLine();
  if (ImGui::Button("<")) step_by(s, -1);
  ImGui::SameLine();
  if (ImGui::Button(s.playing ? "Pause" : "Play ", ImVec2(80 * ui.scale, 0))) {
    if (!s.playing && s.step + 1 >= n) set_step(s, 0);
    s.playing = !s.playing;
    s.play_clock = 0;
  }
  ImGui::SameLine();
  if (ImGui::Button(">")) step_by(s, +1);
  ImGui::SameLine();
  if (ImGui::Button(">|")) set_step(s, n - 1);
  ImGui::SameLine();
  ImGui::SetNextItemWidth(140 * ui.scale);
  ImGui::SliderFloat("steps/s", &s.settings.speed, 0.25f, 8.0f, "%.2f", ImGuiSliderFlags_Logarithmic);
  ImGui::SameLine();
  if (s.have_trace) {
    const Step& st = s.trace.steps[s.step];
    if (s.have_grid)  // a grid trace: the block shown, then its step
      ImGui::Text("launch %d/%d, block %d/%d, step %d / %d:", s.grid_launch + 1, static_cast<int>(s.grid.launches.size()), s.grid_block,
                  s.grid_launch < static_cast<int>(s.grid.launches.size()) ? s.grid.launches[s.grid_launch].grid - 1 : 0, s.step, n - 1);
    else
      ImGui::Text("step %d / %d:", s.step, n - 1);
    ImGui::SameLine();
    ImGui::TextColored(ImVec4(0.95f, 0.75f, 0.3f, 1), "%s", st.label.c_str());
    ImGui::SameLine();
    ImGui::TextDisabled("(%d active, %s)", st.active_threads, st.max_degree > 1 ? (std::to_string(st.max_degree) + "-way conflict").c_str() : "no conflict");
  }
  // Scrub bar.
  ImVec2 p = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  ImFont* small = ui.fonts.small;
  const float bar_h = std::max(12.0f, avail.y - small->FontSize - 4);
  if (n > 0 && avail.x > 20 && avail.y > 8) {
    ImDrawList* dl = ImGui::GetWindowDrawList();
    const float slot = avail.x / n;
    for (int i = 0; i < n; ++i) {
      ImVec2 q0(p.x + i * slot, p.y), q1(p.x + (i + 1) * slot - (slot > 3 ? 1 : 0), p.y + bar_h);
      Rgba c = heat_class_color(step_heat_class(s.trace.steps[i]));
      if (i > s.step) c = mix(c, Rgba{20, 20, 20}, 0.55f);
      dl->AddRectFilled(q0, q1, col(c), 2);
    }
    dl->AddRect(ImVec2(p.x + s.step * slot - 1, p.y - 1), ImVec2(p.x + (s.step + 1) * slot, p.y + bar_h + 1), IM_COL32(255, 255, 255, 255), 2, 0, 2.5f);
    std::vector<float> widths;
    for (const auto& st : s.trace.steps) widths.push_back(text_width(st.label, small));
    for (int i : scrub_label_steps(widths, avail.x, 10))
      text_centered(dl, ImVec2(p.x + (i + 0.5f) * slot, p.y + bar_h + 2 + small->FontSize / 2), i == s.step ? IM_COL32(255, 255, 255, 255) : IM_COL32(170, 170, 180, 255),
                    s.trace.steps[i].label, small);
    ImGui::InvisibleButton("##scrub", ImVec2(avail.x, std::max(1.0f, avail.y)));
    if (ImGui::IsItemActive()) set_step(s, std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - p.x) / slot), 0, n - 1));
    if (ImGui::IsItemHovered()) {
      int i = std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - p.x) / slot), 0, n - 1);
      ImGui::SetTooltip("step %d: %s", i, s.trace.steps[i].label.c_str());
    }
  }
  end_panel();
}

}  // namespace scanscope
