// printf's output (docs/kernel-files.md, "printf"): the lines the kernel printed up to the step
// shown, each after its thread (and block, launch where there are several), in the trace's order;
// the step's own lines in the step colour, the view kept at the newest line as the trace steps.
#include "formats/shown_text.h"
#include "panels.h"

namespace scanscope {

void ConsolePanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  begin_panel("##console", "Console: printf", r);
  if (!s.have_trace) {
    ImGui::TextWrapped("No trace.");
    end_panel();
    return;
  }
  const ConsoleView v = console_lines(s);
  if (v.total == 0) {
    ImGui::TextWrapped("This kernel prints nothing. A printf in the kernel prints here, thread by thread, under the step it ran in.");
    end_panel();
    return;
  }
  ImGui::PushFont(ui.fonts.small);
  ImGui::TextDisabled("%d of %d lines printed by this step%s", static_cast<int>(v.lines.size()) + v.left_out, v.total,
                      v.left_out > 0 ? (", the first " + std::to_string(v.left_out) + " not listed").c_str() : "");
  ImGui::PopFont();
  ImGui::PushFont(ui.fonts.mono);
  ImGui::BeginChild("##console_lines", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  const ImVec4 now = vec4(kTitleText), before(0.85f, 0.85f, 0.88f, 1);
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(v.lines.size()));
  while (clip.Step())
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      const ConsoleLine& l = v.lines[i];
      ImGui::TextDisabled("%s:", l.where.c_str());
      ImGui::SameLine();
      ImGui::TextColored(l.current ? now : before, "%s", shown_text(l.text).c_str());
    }
  const int key = s.step * 7919 + s.trace_generation;
  if (key != scrolled_for_ || generation_ != s.trace_generation) {  // the newest line in view
    ImGui::SetScrollHereY(1.0f);
    scrolled_for_ = key;
    generation_ = s.trace_generation;
  }
  ImGui::EndChild();
  ImGui::PopFont();
  end_panel();
}

}  // namespace scanscope
