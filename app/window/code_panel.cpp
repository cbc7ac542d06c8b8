// Code view: the kernel file the trace ran (as the trace carries it), the expression of the
// current access highlighted at its line and columns, the step's other accesses marked, and one
// sentence saying what the step does.
#include <algorithm>
#include <set>

#include "model.h"
#include "panels.h"

namespace scanscope {

void CodePanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  Rect c = begin_panel("##code", "Code", r);
  (void)c;
  if (!s.have_trace) {
    end_panel();
    return;
  }
  const Trace& t = s.trace;
  if (t.files.empty()) {
    ImGui::TextDisabled("this trace holds no source (written by an older scanscope)");
    end_panel();
    return;
  }
  const Step& st = t.steps[s.step];
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(describe_step(t, s.step).c_str());
  ImGui::PopTextWrapPos();
  // The current access: the warp view's selected instruction, else the step's first access.
  int site = -1;
  auto insts = warp_instructions(st, s.selected_warp);
  if (!insts.empty()) site = st.instructions[insts[std::clamp(s.selected_inst, 0, static_cast<int>(insts.size()) - 1)]].site;
  else if (!st.accesses.empty()) site = st.accesses.front().site;
  const SourceSite* cur = site >= 0 && site < static_cast<int>(t.sites.size()) ? &t.sites[site] : nullptr;
  const int want = cur ? cur->file : main_file_index(t);
  if (generation_ != s.trace_generation || file_ != want) {
    generation_ = s.trace_generation;
    file_ = want;
    lines_ = split_lines(file_ >= 0 && file_ < static_cast<int>(t.file_texts.size()) ? t.file_texts[file_] : "");
    scrolled_to_ = -2;
  }
  std::set<int> step_lines;
  for (const auto& wi : st.instructions)
    if (wi.site >= 0 && wi.site < static_cast<int>(t.sites.size()) && t.sites[wi.site].file == file_) step_lines.insert(t.sites[wi.site].line - 1);
  const int cur_line = cur ? cur->line - 1 : -1;
  const std::string path = file_ >= 0 ? t.files[file_] : "";
  if (cur) ImGui::TextDisabled("%s, line %d: %s", path.c_str(), cur->line, site_text(t, site).c_str());
  else ImGui::TextDisabled("%s  (no shared-memory access in this step)", path.c_str());
  ImGui::PushFont(ui.fonts.mono);
  ImGui::BeginChild("##src", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  const float lh = ImGui::GetTextLineHeightWithSpacing();
  const float cw = ImGui::CalcTextSize("M").x;
  const float gutter = ImGui::CalcTextSize("0000  ").x;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(lines_.size()), lh);
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      ImVec2 p = ImGui::GetCursorScreenPos();
      const float w = ImGui::GetWindowWidth() + ImGui::GetScrollX();
      if (i == cur_line) {
        dl->AddRectFilled(p, ImVec2(p.x + w, p.y + lh), col(kChangedColor.with_alpha(60)));
        // the expression itself, column by column (tabs count as one column, as the compiler counts them)
        const int end_col = cur->end_line == cur->line ? cur->end_col : static_cast<int>(lines_[i].size()) + 1;
        const float x0 = p.x + gutter + (cur->col - 1) * cw, x1 = p.x + gutter + (end_col - 1) * cw;
        dl->AddRectFilled(ImVec2(x0 - 1, p.y), ImVec2(x1 + 1, p.y + lh), col(kChangedColor.with_alpha(150)));
      } else if (step_lines.count(i)) {
        dl->AddRectFilled(p, ImVec2(p.x + w, p.y + lh), IM_COL32(86, 180, 233, 45));
      }
      ImGui::TextColored(ImVec4(0.95f, 0.95f, 0.95f, 1), "%4d  %s", i + 1, lines_[i].c_str());
    }
  }
  const int target = cur_line >= 0 ? cur_line : 0;
  if (target != scrolled_to_) {
    ImGui::SetScrollY(std::max(0.0f, target * lh - ImGui::GetWindowHeight() * 0.35f));
    scrolled_to_ = target;
  }
  ImGui::EndChild();
  ImGui::PopFont();
  end_panel();
}

}  // namespace scanscope
