// The lesson box: the step's title and text in a large font along the bottom of the window, the
// question beside it with its answer behind a key, the step's exercise (offered, then tried: its
// task, hint, the checks of the last Run, the model solution, the way back to the start; the
// logic is exercise_state.cpp), and the navigation (PageUp / PageDown, Esc).
#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cmath>
#include <initializer_list>
#include <string>
#include <vector>

#include "panels.h"
#include "formats/shown_text.h"

namespace scanscope {

namespace {
const ImVec4 kQuestionColor(0.95f, 0.80f, 0.35f, 1.0f);
const ImVec4 kAnswerColor(0.45f, 0.90f, 0.60f, 1.0f);
const ImVec4 kFailedColor(0.93f, 0.62f, 0.80f, 1.0f);  // kCheckColor, lightened to read on the box's dark blue
const ImVec4 kFailedSentence(0.96f, 0.86f, 0.92f, 1.0f);
const ImVec4 kPassedSentence(0.80f, 0.95f, 0.86f, 1.0f);

bool plain_key(int key) { return !ImGui::GetIO().KeyCtrl && !ImGui::GetIO().KeyAlt && ImGui::IsKeyPressed(key, false); }

// Before Try it: the button (first, so that it is in view however narrow the column), the
// exercise's title and its task (beside the step's text).
void draw_exercise_offer(AppState& s, const UiContext& ui, const Exercise& ex) {
  const auto w = s.exercise.work.find(ex.name);
  const bool started = w != s.exercise.work.end() && w->second.started;
  if (ImGui::Button(started ? "Go on with your version (T)" : "Try it (T)")) try_exercise(s);
  ImGui::PushTextWrapPos(0);
  ImGui::PushFont(ui.fonts.large && !s.settings.presenter ? ui.fonts.large : ImGui::GetFont());
  ImGui::TextColored(kQuestionColor, "Exercise: %s", shown_text(ex.title).c_str());
  ImGui::PopFont();
  const bool passed = started && w->second.passed_before;
  ImGui::TextDisabled("%s", passed    ? "Your version, which passed, goes back into the editor."
                            : started ? "Your version goes back into the editor."
                                      : "Its start goes into the editor; Ctrl+Enter runs and checks it.");
  ImGui::Spacing();
  ImGui::TextUnformatted(ex.task.c_str());
  ImGui::PopTextWrapPos();
}

// While it is tried: its title, the task and the hint (left), the buttons and the checks of the
// last Run (right). Presenter mode's fonts are large already: the task takes the normal one there.
void draw_exercise(AppState& s, const UiContext& ui, const Exercise& ex, float avail_h, float width) {
  ImFont* large = ui.fonts.large ? ui.fonts.large : ImGui::GetFont();
  ImFont* title = ui.fonts.title && !s.settings.presenter ? ui.fonts.title : large;
  ImFont* body = s.settings.presenter ? ImGui::GetFont() : large;  // the task's and the checks' sentences
  const ExerciseWork& w = s.exercise.work[ex.name];
  ImGui::BeginChild("##exercise_task", ImVec2(width * 0.45f, avail_h), false);
  ImGui::PushTextWrapPos(0);
  ImGui::PushFont(title);
  ImGui::TextUnformatted(shown_text("Exercise: " + ex.title).c_str());
  ImGui::PopFont();
  ImGui::PushFont(body);
  ImGui::TextUnformatted(ex.task.c_str());
  if (w.hint_shown) {
    ImGui::Spacing();
    ImGui::TextColored(kAnswerColor, "Hint: %s", ex.hint.c_str());
  }
  ImGui::PopFont();
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.09f, 0.06f, 0.10f, 1.0f));
  ImGui::BeginChild("##exercise_checks", ImVec2(0, avail_h), true);
  if (flow_button(w.hint_shown ? "Hide the hint (H)" : "Hint (H)", true)) toggle_exercise_hint(s);
  if (flow_button("Show the model solution", false)) ask_model_solution(s);
  if (flow_button("Reset to the start", false, exercise_edited(s))) reset_exercise(s);
  if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled)) ImGui::SetTooltip("the exercise's start in the editor again (your unsaved changes are asked about)");
  const ExerciseVerdict v = exercise_verdict(s);
  ImGui::PushTextWrapPos(0);
  ImGui::PushFont(large);
  const ImVec4 headline = v.kind == ExerciseVerdict::Passed     ? kAnswerColor
                          : v.kind == ExerciseVerdict::Failed    ? kFailedColor
                          : v.kind == ExerciseVerdict::DidNotRun ? ImGui::ColorConvertU32ToFloat4(col(kErrorColor))
                                                                 : ImGui::GetStyleColorVec4(ImGuiCol_TextDisabled);
  ImGui::TextColored(headline, "%s", v.headline.c_str());
  ImGui::PopFont();
  ImGui::PushFont(body);
  for (const auto& [lines, color] : {std::pair{&v.failures, kFailedSentence}, std::pair{&v.passes, kPassedSentence}})
    for (const ExerciseSentence& f : *lines) {
      if (f.run.empty()) ImGui::TextColored(color, "%s", f.sentence.c_str());
      else ImGui::TextColored(color, "%s: %s", f.run.c_str(), f.sentence.c_str());
    }
  if (!v.note.empty()) ImGui::TextDisabled("%s", shown_text(v.note, kMaxShownText, true).c_str());
  ImGui::PopFont();
  ImGui::PopTextWrapPos();
  ImGui::EndChild();
  ImGui::PopStyleColor();
}

void go(AppState& s, int step) {
  const LessonState& L = s.lesson;
  if (L.active < 0) return;
  const int n = static_cast<int>(L.lessons[L.active].steps.size());
  if (step < 0 || step >= n) return;
  go_lesson_step(s, L.active, step);
}
}  // namespace

// Whether the wrapped `parts` (one after the other) fit a w x h box in font f.
static bool parts_fit(const std::vector<std::string>& parts, float w, float h, ImFont* f) {
  float total = 0;
  for (const std::string& p : parts) total += f->CalcTextSizeA(f->FontSize, 1e9f, w, p.c_str()).y + ImGui::GetStyle().ItemSpacing.y * 2;
  return total <= h;
}

// The largest of `fonts` at which the wrapped `parts` (one after the other) fit a w x h box; the
// last (smallest) one where none does.
static ImFont* fitting_font(const std::vector<std::string>& parts, float w, float h, std::initializer_list<ImFont*> fonts) {
  ImFont* last = nullptr;
  for (ImFont* f : fonts) {
    if (!f) continue;
    last = f;
    if (parts_fit(parts, w, h, f)) return f;
  }
  return last;
}

// After a child's text: whether it fits the child's height. Where it does not even at the smallest
// font, a "more below: scroll" hint at the child's bottom right (a scroll bar alone is too thin for
// a room to see). For the layout report: 1/1 (fits; "smaller font" when not at the large one) or
// 0/1 (overflows by N px, with the hint).
static float fit_report(AppState& s, const char* item, bool bordered, ImFont* font, ImFont* large, ImFont* small) {
  const float content_h = ImGui::GetCursorPosY() - ImGui::GetStyle().ItemSpacing.y;
  const float over = content_h - ImGui::GetWindowHeight() + (bordered ? ImGui::GetStyle().WindowPadding.y : 0.0f);
  std::string rule = font != large ? "smaller font" : "";
  if (over > 0.5f) {
    rule = "overflows by " + std::to_string(static_cast<int>(std::ceil(over))) + " px, scroll hint";
    if (ImGui::GetScrollY() < ImGui::GetScrollMaxY() - 0.5f) {  // the hint, until scrolled to the end
      const std::string hint = "more below: scroll";
      const ImVec2 pos = ImGui::GetWindowPos(), size = ImGui::GetWindowSize();
      const float tw = text_width(hint, small), th = small->FontSize;
      const ImVec2 q0(pos.x + size.x - tw - ImGui::GetStyle().ScrollbarSize - 10, pos.y + size.y - th - 6);
      ImDrawList* dl = ImGui::GetWindowDrawList();
      dl->AddRectFilled(ImVec2(q0.x - 4, q0.y - 2), ImVec2(q0.x + tw + 4, q0.y + th + 2), IM_COL32(20, 20, 24, 235), 3.0f);
      dl->AddText(small, th, q0, IM_COL32(255, 210, 80, 255), hint.c_str());
    }
  }
  s.layout_report.add({"lesson", item, over > 0.5f ? 0 : 1, 1, font->FontSize, rule});
  return over;
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
    ask_leave_lesson(s);
    if (!current_lesson_step(s)) {
      end_panel();
      ImGui::PopStyleColor(2);
      return;
    }
  }
  st = current_lesson_step(s);  // a button may have moved to another step
  if (!st) {
    end_panel();
    ImGui::PopStyleColor(2);
    return;
  }
  const Exercise* ex = st->exercise.empty() ? nullptr : step_exercise(s);
  if (ex && exercise_in_editor(s)) {  // the exercise's title heads its own column: the room goes to the task and the checks
    draw_exercise(s, ui, *ex, ImGui::GetContentRegionAvail().y, c.w);
    end_panel();
    ImGui::PopStyleColor(2);
    return;
  }
  // The title on one line, whole: smaller where it is wider than the box (down to the small font).
  {
    const float full = text_width(st->title, title_font), room = c.w - 4;
    const float px = full > room ? std::max(ui.fonts.small->FontSize, title_font->FontSize * room / full) : title_font->FontSize;
    const ImVec2 at = ImGui::GetCursorScreenPos();
    dl->AddText(title_font, px, at, IM_COL32(255, 255, 255, 255), st->title.c_str());
    ImGui::Dummy(ImVec2(std::min(room, full), px));
    const bool whole = text_width_px(st->title, title_font, px) <= room + 0.5f;
    s.layout_report.add({"lesson", "title", whole ? 1 : 0, 1, px, whole ? (px < title_font->FontSize ? "smaller font" : "") : "cut"});
  }

  // Body: the text (left), the question and its answer, and the exercise offered (right).
  const FilledStep& shown = s.lesson.shown;  // text, question, answer: the placeholders filled
  const bool has_q = !st->question.empty() || ex;
  const float avail_h = ImGui::GetContentRegionAvail().y;
  const float scrollbar = ImGui::GetStyle().ScrollbarSize;
  const ImVec2 pad = ImGui::GetStyle().WindowPadding;
  const std::vector<std::string> q_parts = {"Question: " + shown.question, s.lesson.answer_shown ? "Answer: " + shown.answer : "Show answer"};
  // The text takes 60 % of the width beside a question; where then the text or the question (with
  // its answer shown) would not fit at the small font, the first share from 60 % down to 35 % (or
  // up to 75 %) that fits both: a revealed answer is not clipped while the text has room to give.
  auto question_w = [&](float tw) { return c.w - tw - ImGui::GetStyle().ItemSpacing.x - 2 * pad.x - scrollbar; };
  float text_w = has_q ? c.w * 0.6f : c.w;
  if (has_q && !st->question.empty() && !ex) {
    ImFont* smallest = ui.fonts.small ? ui.fonts.small : ImGui::GetFont();
    auto both_fit = [&](float tw) {
      return parts_fit({shown.text}, tw - scrollbar, avail_h, smallest) && parts_fit(q_parts, question_w(tw), avail_h - 2 * pad.y, smallest);
    };
    if (!both_fit(text_w))
      for (float share : {0.55f, 0.65f, 0.5f, 0.7f, 0.45f, 0.75f, 0.4f, 0.35f})
        if (both_fit(c.w * share)) {
          text_w = c.w * share;
          break;
        }
  }
  // The text at the large font where it fits, else at the UI's, then the small one (presenter: 31, 24, 19 px).
  ImFont* text_font = fitting_font({shown.text}, text_w - scrollbar, avail_h, {large, ImGui::GetFont(), ui.fonts.small});
  ImGui::BeginChild("##lesson_text", ImVec2(text_w, avail_h), false);
  ImGui::PushFont(text_font);
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(shown_text(shown.text, kMaxShownText, true).c_str());
  ImGui::PopTextWrapPos();
  float over = fit_report(s, "text", false, text_font, large, ui.fonts.small);
  ImGui::PopFont();
  ImGui::EndChild();
  if (has_q) {
    ImGui::SameLine();
    ImGui::PushStyleColor(ImGuiCol_ChildBg, ImVec4(0.12f, 0.11f, 0.05f, 1.0f));
    const float qw = question_w(text_w);
    ImFont* q_font = st->question.empty() ? large : fitting_font(q_parts, qw, avail_h - 2 * pad.y, {large, ImGui::GetFont(), ui.fonts.small});
    ImGui::BeginChild("##lesson_question", ImVec2(0, avail_h), true);
    if (!st->question.empty()) {
      ImGui::PushFont(q_font);
      ImGui::PushTextWrapPos(0);
      ImGui::TextColored(kQuestionColor, "Question: %s", shown.question.c_str());
      ImGui::Spacing();
      if (s.lesson.answer_shown) {
        ImGui::TextColored(kAnswerColor, "Answer: %s", shown.answer.empty() ? "(none given)" : shown.answer.c_str());
      } else {
        ImGui::PopFont();
        if (ImGui::Button("Show answer (A or Enter)")) s.lesson.answer_shown = true;
        ImGui::PushFont(q_font);
      }
      ImGui::PopTextWrapPos();
      ImGui::PopFont();
      if (ex) ImGui::Separator();
    }
    if (ex) draw_exercise_offer(s, ui, *ex);
    if (!ex) over = std::max(over, fit_report(s, "question", true, q_font, large, ui.fonts.small));
    ImGui::EndChild();
    ImGui::PopStyleColor();
  }
  // What does not fit asks the layout for that much more height next frame (the box grows, the
  // panels give it up, to the layout's limit): a revealed answer is not clipped.
  const auto now = std::make_tuple(s.lesson.active, s.lesson.step, s.lesson.answer_shown);
  if (s.lesson.grow_for != now) {
    s.lesson.grow_for = now;
    s.lesson.grow = 0;
  }
  if (over > 0.5f) s.lesson.grow += std::ceil(over) + 4;
  end_panel();
  ImGui::PopStyleColor(2);
}

void draw_leave_prompt(AppState& s);

void draw_exercise_prompt(AppState& s, const UiContext& ui) {
  (void)ui;
  draw_leave_prompt(s);
  const char* name = "Show the model solution?##exercise";
  if (s.exercise.confirm_solution && !ImGui::IsPopupOpen(name)) ImGui::OpenPopup(name);
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.4f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(name, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) return;
  ImGui::PushTextWrapPos(io.DisplaySize.x * 0.5f);
  ImGui::Text("The model solution of exercise %s goes into the editor in place of your text, and runs.", s.editor.exercise.c_str());
  ImGui::TextUnformatted(editor_dirty(s.editor) ? "Your text has unsaved changes: you are asked about them next."
                                                : "Reset to the start brings the start back.");
  ImGui::PopTextWrapPos();
  if (ImGui::Button("Show it (Y)") || plain_key(GLFW_KEY_Y)) answer_model_solution(s, true);
  ImGui::SameLine();
  if (ImGui::Button("Cancel (Esc)") || ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false)) answer_model_solution(s, false);
  if (!s.exercise.confirm_solution) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

void draw_leave_prompt(AppState& s) {
  const char* name = "Leave the lesson?##lesson";
  if (s.lesson.confirm_leave && !ImGui::IsPopupOpen(name)) ImGui::OpenPopup(name);
  const ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x * 0.5f, io.DisplaySize.y * 0.4f), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  if (!ImGui::BeginPopupModal(name, nullptr, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings)) return;
  ImGui::PushTextWrapPos(io.DisplaySize.x * 0.5f);
  ImGui::Text("Leave the lesson and the verdict of exercise %s? Your version is kept: the exercise's step offers it again.", s.editor.exercise.c_str());
  ImGui::PopTextWrapPos();
  const bool keys = !ImGui::IsWindowAppearing();  // the Esc that asked is not the answer
  if (ImGui::Button("Leave (Y)") || (keys && plain_key(GLFW_KEY_Y))) answer_leave_lesson(s, true);
  ImGui::SameLine();
  if (ImGui::Button("Stay (Esc)") || (keys && ImGui::IsKeyPressed(GLFW_KEY_ESCAPE, false))) answer_leave_lesson(s, false);
  if (!s.lesson.confirm_leave) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

}  // namespace scanscope
