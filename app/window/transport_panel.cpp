// Transport: first / back / play-pause / forward / last, speed, and a scrub bar whose slots are the
// steps (tinted by the step's worst conflict degree, labelled where the labels fit).
#include <algorithm>
#include <cstdio>

#include "model.h"
#include "formats/shown_text.h"
#include "panels.h"

namespace scanscope {

void TransportPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  begin_panel("##transport", "", r);
  const int n = step_count(s);
  if (s.sidebar_hidden) {
    if (ImGui::Button(">>")) s.sidebar_hidden = false;
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("show the sidebar (Tab)");
    ImGui::SameLine();
  }
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
  ImGui::SliderFloat("##speed", &s.settings.speed, 0.25f, 8.0f, "%.2f steps/s", ImGuiSliderFlags_Logarithmic);
  ImGui::SameLine();
  // On the right: the keys (F1) and, in the focus view, the way back to all panels.
  const ImGuiStyle& style = ImGui::GetStyle();
  const char* keys_label = "Keys (F1)";
  const char* back_label = "All panels (F)";
  float right_w = ImGui::CalcTextSize(keys_label).x + 2 * style.FramePadding.x;
  if (!s.focus_panel.empty()) right_w += ImGui::CalcTextSize(back_label).x + 2 * style.FramePadding.x + style.ItemSpacing.x;
  const float line_y = ImGui::GetCursorPosY();
  const float text_x = ImGui::GetCursorPosX();
  const float right_x = ImGui::GetWindowContentRegionMax().x - right_w;
  if (s.have_trace) {
    // "step 6 / 8: down-sweep d=2 (2 active, no conflict)": what does not fit before the buttons
    // goes, the parenthesis first, then the label (whole words), never cut mid-word.
    const Step& st = s.trace.steps[s.step];
    // In a lesson the lesson box's "step 2 of 5" is the step a lecturer names: here the trace's.
    const char* word = current_lesson_step(s) ? "trace " : "step ";
    // A trace of one step has no counter to read ("0 / 0"): it says so; a grid trace's block is
    // then the counter, and stays where the line is short.
    const bool grid_head = s.have_grid && s.grid_launch < static_cast<int>(s.grid.launches.size());
    const std::string block = grid_head ? "block " + std::to_string(s.grid_block) + "/" + std::to_string(s.grid.launches[s.grid_launch].grid - 1) : "";
    std::string head = n == 1 ? std::string(grid_head ? "one step" : "one step:") : word + std::to_string(s.step) + " / " + std::to_string(n - 1) + ":";
    if (grid_head)  // a grid trace: the block shown, then its step
      head = "launch " + std::to_string(s.grid_launch + 1) + "/" + std::to_string(s.grid.launches.size()) + ", " + block + ", " + head + (n == 1 ? ":" : "");
    const std::string short_head = n == 1 ? (grid_head ? block + ":" : "one step:")
                                          : (grid_head ? block + ", " : "") + std::to_string(s.step) + "/" + std::to_string(n - 1) + ":";
    // The step's worst conflict degree stays on the line whatever else goes (a lesson speaks of it):
    // "(2 active, 4-way conflict)", else "4-way" alone; the label gives way first.
    // A trace stopped by a fault: its last step says where and what instead (the editor and the
    // code panel mark the line).
    const bool fault_step = at_fault_step(s);
    const std::string fault_at = "FAULT at line " + std::to_string(s.trace.fault_line);
    const std::string degree = fault_step ? fault_at : st.max_degree > 1 ? std::to_string(st.max_degree) + "-way" : std::string("no conflict");
    const std::string full_tail = fault_step ? fault_at + ": " + shown_text(s.trace.fault)
                                             : "(" + std::to_string(st.active_threads) + " active, " + (st.max_degree > 1 ? degree + " conflict" : degree) + ")";
    const float sp = style.ItemSpacing.x;
    const float room = right_x - text_x - sp;
    const std::string step_label = shown_text(st.label);
    const float label_w = text_width(step_label);
    if (text_width(head) + sp + label_w + sp + text_width(degree) > room) head = short_head;  // the label goes before "step"
    const float head_w = text_width(head);
    const std::string tail = head_w + sp + label_w + sp + text_width(full_tail) <= room ? full_tail : degree;
    const float tail_w = text_width(tail);
    std::string label = step_label;
    if (head_w + sp + label_w + sp + tail_w > room)
      label = shorten_words(step_label, room - head_w - 2 * sp - tail_w, [](const std::string& t) { return text_width(t); });
    ImGui::TextUnformatted(head.c_str());
    if (!label.empty()) {
      ImGui::SameLine();
      ImGui::TextColored(vec4(kTitleText), "%s", label.c_str());
    }
    ImGui::SameLine();
    if (fault_step) ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.35f, 1), "%s", tail.c_str());  // the error colour
    else if (st.max_degree > 1) ImGui::TextColored(ImVec4(0.95f, 0.55f, 0.2f, 1), "%s", tail.c_str());  // the totals' conflict colour
    else ImGui::TextDisabled("%s", tail.c_str());
    s.layout_report.add({"transport", "step line", (label == st.label ? 2 : label.empty() ? 0 : 1) + (tail == full_tail ? 1 : 0), 3, ImGui::GetFontSize(),
                         label == st.label ? (tail == full_tail ? "" : "no active count") : "label shortened"});
    s.layout_report.add({"transport", "degree", 1, 1, ImGui::GetFontSize(), tail == full_tail ? "" : "alone"});
    ImGui::SameLine();
  }
  ImGui::SetCursorPos(ImVec2(std::max(ImGui::GetCursorPosX(), right_x), line_y));
  if (!s.focus_panel.empty()) {
    if (ImGui::Button(back_label)) s.focus_panel.clear();
    ImGui::SameLine();
  }
  if (ImGui::Button(keys_label)) s.help_open = !s.help_open;
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
    for (const auto& st : s.trace.steps) widths.push_back(text_width(shown_text(st.label), small));
    for (int i : scrub_label_steps(widths, avail.x, 10))
      text_centered(dl, ImVec2(p.x + (i + 0.5f) * slot, p.y + bar_h + 2 + small->FontSize / 2), i == s.step ? IM_COL32(255, 255, 255, 255) : col(kDimText),
                    s.trace.steps[i].label, small);
    ImGui::InvisibleButton("##scrub", ImVec2(avail.x, std::max(1.0f, avail.y)));
    if (ImGui::IsItemActive()) set_step(s, std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - p.x) / slot), 0, n - 1));
    if (ImGui::IsItemHovered()) {
      int i = std::clamp(static_cast<int>((ImGui::GetIO().MousePos.x - p.x) / slot), 0, n - 1);
      ImGui::SetTooltip("step %d: %s", i, shown_text(s.trace.steps[i].label).c_str());
    }
  }
  end_panel();
}

}  // namespace scanscope
