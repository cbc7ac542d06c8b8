// The lesson box: the step's title and text in a large font along the bottom of the window, the
// question beside it with its answer behind a key, and the navigation (PageUp / PageDown, Esc).
#include <algorithm>

#include "panels.h"

namespace scanscope {

namespace {
const ImVec4 kQuestionColor(0.95f, 0.80f, 0.35f, 1.0f);
const ImVec4 kAnswerColor(0.45f, 0.90f, 0.60f, 1.0f);

void go(AppState& s, int step) {
  const LessonState& L = s.lesson;
  if (L.active < 0) return;
  const int n = static_cast<int>(L.lessons[L.active].steps.size());
  if (step < 0 || step >= n) return;
  go_lesson_step(s, L.active, step);
}
}  // namespace

void LessonPanel::handle_keys(AppState& s) {
  if (s.lesson.active < 0) return;
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput || s.editor.prompt != EditorPrompt::None) return;  // (Esc there answers the editor's question)
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageDown), false)) go(s, s.lesson.step + 1);
  else if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_PageUp), false)) go(s, s.lesson.step - 1);
  else if (!io.KeyCtrl && (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_A), false) || ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Enter), false) ||
                           ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_KeyPadEnter), false)))  // Ctrl+Enter: the editor's Run
    s.lesson.answer_shown = !s.lesson.answer_shown;
  else if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Escape), false)) leave_lesson(s);
}

void LessonPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  const LessonStep* st = current_lesson_step(s);
  if (!st || r.h <= 0) return;
  const Lesson& les = s.lesson.lessons[s.lesson.active];
  ImGui::PushStyleColor(ImGuiCol_WindowBg, ImVec4(0.05f, 0.07f, 0.12f, 1.0f));
  ImGui::PushStyleColor(ImGuiCol_Border, ImVec4(0.35f, 0.55f, 0.85f, 1.0f));
  Rect c = begin_panel("##lesson", "", r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* title_font = ui.fonts.title ? ui.fonts.title : ImGui::GetFont();
  ImFont* large = ui.fonts.large ? ui.fonts.large : ImGui::GetFont();

  // Heading: lesson name, step title, progress; navigation on the right.
  const std::string progress = lesson_progress(s);
  const float nav_w = text_width("< Prev (PgUp)") + text_width("Next (PgDn) >") + text_width("Leave (Esc)") + 6 * ImGui::GetStyle().FramePadding.x +
                      2 * ImGui::GetStyle().ItemSpacing.x + 8;
  // The heading never runs under the buttons: the lesson's title goes first when it would.
  std::string heading = "Lesson: " + les.title + "   -   " + progress;
  if (text_width(heading) > c.w - nav_w) heading = progress;
  ImGui::TextDisabled("%s", heading.c_str());
  ImGui::SameLine(std::max(0.0f, c.w - nav_w));
  ImGui::BeginDisabled(s.lesson.step == 0);
  if (ImGui::Button("< Prev (PgUp)")) go(s, s.lesson.step - 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(s.lesson.step + 1 >= static_cast<int>(les.steps.size()));
  if (ImGui::Button("Next (PgDn) >")) go(s, s.lesson.step + 1);
  ImGui::EndDisabled();
  ImGui::SameLine();
  if (ImGui::Button("Leave (Esc)")) {
    leave_lesson(s);
    end_panel();
    ImGui::PopStyleColor(2);
    return;
  }
  st = current_lesson_step(s);  // a button may have moved to another step
  if (!st) {
    end_panel();
    ImGui::PopStyleColor(2);
    return;
  }
  ImGui::PushFont(title_font);
  ImGui::PushStyleColor(ImGuiCol_Text, ImVec4(1.0f, 1.0f, 1.0f, 1.0f));
  ImGui::TextUnformatted(st->title.c_str());
  ImGui::PopStyleColor();
  ImGui::PopFont();
  (void)dl;

  // Body: the text (left), the question and its answer (right).
  const bool has_q = !st->question.empty();
  const float avail_h = ImGui::GetContentRegionAvail().y;
  const float text_w = has_q ? c.w * 0.6f : c.w;
  ImGui::BeginChild("##lesson_text", ImVec2(text_w, avail_h), false);
  ImGui::PushFont(large);
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(st->text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  ImGui::EndChild();
  if (has_q) {
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.12f, 0.11f, 0.05f, 1.0f));
    ImGui::BeginChild("##lesson_question", ImVec2(0, avail_h), true);
    ImGui::PushFont(large);
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(kQuestionColor, "Question: %s", st->question.c_str());
    ImGui::Spacing();
    if (s.lesson.answer_shown) {
      ImGui::TextColored(kAnswerColor, "Answer: %s", st->answer.empty() ? "(none given)" : st->answer.c_str());
    } else {
      ImGui::PopFont();
      if (ImGui::Button("Show answer (A or Enter)")) s.lesson.answer_shown = true;
      ImGui::PushFont(large);
    }
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }
  end_panel();
  ImGui::PopStyleColor(2);
}

}  // namespace scanscope
