// Code view: the kernel's source (embedded at build time) with the current access site's line
// highlighted, other sites of the step marked, and one sentence saying what the step does.
#include <algorithm>
#include <set>

#include "engine/catalogue.h"
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
  const KernelInfo* k = find_kernel(t.kernel);
  if (!k) {
    ImGui::TextDisabled("unknown kernel %s", t.kernel.c_str());
    end_panel();
    return;
  }
  if (generation_ != s.trace_generation) {  // where each site of the trace is written
    generation_ = s.trace_generation;
    sites_.clear();
    for (const auto& st2 : t.steps)
      for (const auto& a : st2.accesses)
        if (!sites_.count(a.site)) sites_[a.site] = locate_site(k->source_file, k->struct_name, a.site);
  }
  const Step& st = t.steps[s.step];
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(describe_step(t, s.step).c_str());
  ImGui::PopTextWrapPos();
  // The current site: the warp view's selected instruction, else the step's first access.
  int site = -1;
  auto insts = warp_instructions(st, s.selected_warp);
  if (!insts.empty()) site = st.instructions[insts[std::clamp(s.selected_inst, 0, static_cast<int>(insts.size()) - 1)]].site;
  else if (!st.accesses.empty()) site = st.accesses.front().site;
  const SiteLocation cur = site >= 0 && sites_.count(site) ? sites_[site] : SiteLocation();
  // Show the file holding the current site (an app kernel's scan lives in scan_kernels.h).
  const std::string want = cur.file.empty() ? std::string(k->source_file) : cur.file;
  if (file_ != want) {
    file_ = want;
    const char* text = embedded_source(file_);
    lines_ = split_lines(text ? text : "");
    scrolled_to_ = -2;
  }
  std::set<int> step_lines;
  for (const auto& wi : st.instructions) {
    auto it = sites_.find(wi.site);
    if (it != sites_.end() && it->second.file == file_) step_lines.insert(it->second.line);
  }
  const int cur_line = cur.line;
  if (file_ == k->source_file) ImGui::TextDisabled("%s  (%s)  line %d", file_.c_str(), k->struct_name, cur_line + 1);
  else ImGui::TextDisabled("%s, line %d: code that %s (%s) calls", file_.c_str(), cur_line + 1, k->struct_name, k->source_file);
  ImGui::PushFont(ui.fonts.mono);
  ImGui::BeginChild("##src", ImVec2(0, 0), true, ImGuiWindowFlags_HorizontalScrollbar);
  const float lh = ImGui::GetTextLineHeightWithSpacing();
  auto [sfirst, slast] = struct_lines(lines_, k->struct_name);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImGuiListClipper clip;
  clip.Begin(static_cast<int>(lines_.size()), lh);
  while (clip.Step()) {
    for (int i = clip.DisplayStart; i < clip.DisplayEnd; ++i) {
      ImVec2 p = ImGui::GetCursorScreenPos();
      const float w = ImGui::GetWindowWidth() + ImGui::GetScrollX();
      if (i == cur_line) dl->AddRectFilled(p, ImVec2(p.x + w, p.y + lh), col(kChangedColor.with_alpha(110)));
      else if (step_lines.count(i)) dl->AddRectFilled(p, ImVec2(p.x + w, p.y + lh), IM_COL32(86, 180, 233, 45));
      const bool inside = i >= sfirst && i <= slast;
      ImGui::TextColored(inside || i == cur_line ? ImVec4(0.95f, 0.95f, 0.95f, 1) : ImVec4(0.55f, 0.55f, 0.58f, 1), "%4d  %s", i + 1, lines_[i].c_str());
    }
  }
  // Follow the highlighted line (or the struct when the step touches no shared memory).
  const int target = cur_line >= 0 ? cur_line : sfirst;
  if (target != scrolled_to_ && target >= 0) {
    ImGui::SetScrollY(std::max(0.0f, target * lh - ImGui::GetWindowHeight() * 0.35f));
    scrolled_to_ = target;
  }
  ImGui::EndChild();
  ImGui::PopFont();
  end_panel();
}

}  // namespace scanscope
