// The red strip under the transport bar when the trace's output is wrong (AppState::output_note).
#include "panels.h"

namespace scanscope {

void draw_notice(AppState& s, const UiContext& ui, const Rect& r) {
  (void)ui;
  if (r.h <= 0 || s.output_ok) return;
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.45f, 0.05f, 0.05f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_Border, ImVec4(1.0f, 0.3f, 0.3f, 1.0f));
  begin_panel("##notice", "", r);
  ImGui::PushTextWrapPos(0);
  ImGui::TextColored(ImVec4(1.0f, 0.92f, 0.88f, 1.0f), "%s", s.output_note.c_str());
  ImGui::PopTextWrapPos();
  end_panel();
  ImGui::PopStyleColor(2);
}

}  // namespace scanscope
