// The sidebar's "Lessons" section (drawn by the controls panel): the open lesson and its progress,
// then every loaded lesson with its step count (a click opens its step 0) and the files that did
// not load; and its "Sources" section, the five documents the lessons follow.
#include "panels.h"
#include "engine/format.h"
#include "engine/sources.h"
#include "formats/shown_text.h"

namespace scanscope {

namespace {

// Each document: the short form the lessons and kernel files use, then author, title, date and
// what the project takes from it (docs/sources.md says the same).
void draw_sources() {
  if (!ImGui::CollapsingHeader("Sources")) return;
  ImGui::PushTextWrapPos(0);
  for (const SourceDocument& d : source_documents()) {
    ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1), "%s", d.short_form);
    ImGui::TextDisabled("%s: %s.", citation(d).c_str(), d.taken);
  }
  ImGui::PopTextWrapPos();
}

void draw_lessons(AppState& s) {
  const LessonState& L = s.lesson;
  if (!ImGui::CollapsingHeader("Lessons")) return;
  for (int i = 0; i < static_cast<int>(L.lessons.size()); ++i) {
    const Lesson& les = L.lessons[i];
    const std::string label = les.title + "  (" + counted(static_cast<long long>(les.steps.size()), "step") + ")" + "##lesson" + std::to_string(i);
    ImGui::PushTextWrapPos(0);
    if (ImGui::Selectable(label.c_str(), i == L.active)) go_lesson_step(s, i, 0);
    ImGui::PopTextWrapPos();
    if (ImGui::IsItemHovered() && !les.source.empty()) ImGui::SetTooltip("%s\n%s", shown_text(les.name).c_str(), shown_text(les.source).c_str());
  }
  for (const auto& e : L.errors) {
    ImGui::PushTextWrapPos(0);
    ImGui::TextColored(ImVec4(1.0f, 0.45f, 0.35f, 1), "not loaded: %s", e.c_str());
    ImGui::PopTextWrapPos();
  }
  if (L.lessons.empty() && L.errors.empty()) ImGui::TextDisabled("no lessons found");
}

}  // namespace

void draw_lesson_menu(AppState& s, const UiContext& ui) {
  (void)ui;
  if (!s.lesson.loaded) load_lesson_list(s);
  const LessonState& L = s.lesson;
  if (L.active >= 0)
    ImGui::TextColored(ImVec4(0.55f, 0.75f, 1.0f, 1), "Lesson: %s", shown_text(L.lessons[L.active].name).c_str());  // its step: the lesson box's
  draw_lessons(s);
  draw_sources();
}

}  // namespace scanscope
