// The window's keys (see keys.h).
#include "keys.h"

#include "grid_model.h"

#include <algorithm>

#include "app_state.h"
#include "model.h"

namespace scanscope {

const std::vector<KeyBinding>& key_bindings() {
  using A = KeyAction;
  static const std::vector<KeyBinding> table = {
      {A::PlayPause, {"space"}, "Space", "play / pause", ""},
      {A::NextStep, {"right", "pagedown"}, "Right, PageDown", "next step (a clicker's forward)", ""},
      {A::PrevStep, {"left", "pageup"}, "Left, PageUp", "previous step", ""},
      {A::FirstStep, {"home"}, "Home", "first step", ""},
      {A::LastStep, {"end"}, "End", "last step", ""},
      {A::NextBlock, {"]"}, "]", "a grid trace: the next block (then the next launch)", ""},
      {A::PrevBlock, {"["}, "[", "a grid trace: the previous block", ""},
      {A::NextWarp, {"w"}, "W", "the next warp (the warps panel's selection; a shuffle tree's lanes)", ""},
      {A::CompilerNotes, {"n"}, "N", "show / hide the code line's compiler notes in full", ""},
      {A::ToggleSidebar, {"tab"}, "Tab", "hide / show the sidebar", ""},
      {A::FocusPanel, {"f"}, "F", "the panel under the mouse alone; again: back", ""},
      {A::Help, {"f1", "?"}, "F1, ?", "this list of keys (Esc closes it)", ""},
      {A::FullScreen, {"f11"}, "F11", "full screen", ""},
      {A::LessonNext, {"pagedown"}, "PageDown", "next lesson step", "lesson"},
      {A::LessonPrev, {"pageup"}, "PageUp", "previous lesson step", "lesson"},
      {A::LessonAnswer, {"a", "enter"}, "A, Enter", "show / hide the answer", "lesson"},
      {A::LessonLeave, {"escape"}, "Esc", "leave the lesson (asks during an exercise)", "lesson"},
      {A::ExerciseTry, {"t"}, "T", "try the step's exercise", "lesson"},
      {A::ExerciseHint, {"h"}, "H", "the exercise's hint", "lesson"},
      {A::EditorRun, {}, "Ctrl+Enter", "run the edit (in an exercise: check it)", "editor"},
      {A::EditorSave, {}, "Ctrl+S", "save", "editor"},
      {A::EditorSaveAs, {}, "Ctrl+Shift+S", "save as", "editor"},
      {A::EditorOpen, {}, "Ctrl+O", "open a .cu file", "editor"},
      {A::EditorLeaveText, {}, "Esc", "leave the text (keys work again)", "editor"},
      {A::QuestionAnswer, {}, "S, D, Y, Esc", "save, discard, yes (solution), cancel", "question"},
  };
  return table;
}

namespace {

bool is_lesson_action(KeyAction a) {
  return a == KeyAction::LessonNext || a == KeyAction::LessonPrev || a == KeyAction::LessonAnswer || a == KeyAction::LessonLeave ||
         a == KeyAction::ExerciseTry || a == KeyAction::ExerciseHint;
}

void go_lesson(AppState& s, int step) {
  const LessonState& L = s.lesson;
  if (L.active < 0) return;
  if (step < 0 || step >= static_cast<int>(L.lessons[L.active].steps.size())) return;
  go_lesson_step(s, L.active, step);
}

}  // namespace

const KeyBinding* binding_for(const AppState& s, const KeyPress& k) {
  if (k.ctrl || k.alt) return nullptr;  // the editor's (Ctrl+Enter, Ctrl+S, ...)
  const bool lesson = s.lesson.active >= 0;
  const KeyBinding* general = nullptr;
  for (const KeyBinding& b : key_bindings()) {
    if (std::find(b.keys.begin(), b.keys.end(), k.key) == b.keys.end()) continue;
    if (is_lesson_action(b.action)) {
      if (lesson) return &b;  // a lesson's keys go first (PageDown: the next lesson step)
    } else if (!general) {
      general = &b;
    }
  }
  return general;
}

bool apply_key(AppState& s, const KeyPress& k) {
  // Esc first closes what covers the window: the help, then the focus view.
  if (k.key == "escape" && !k.ctrl && !k.alt) {
    if (s.help_open) {
      s.help_open = false;
      return true;
    }
    if (s.welcome_open) {  // the start screen: Esc explores the trace behind it
      s.welcome_open = false;
      return true;
    }
    if (!s.focus_panel.empty()) {
      s.focus_panel.clear();
      return true;
    }
  }
  const KeyBinding* b = binding_for(s, k);
  if (!b) return false;
  if (k.repeat && b->action != KeyAction::NextStep && b->action != KeyAction::PrevStep) return false;
  switch (b->action) {
    case KeyAction::PlayPause:
      if (!s.playing && s.step + 1 >= step_count(s)) set_step(s, 0);
      s.playing = !s.playing;
      s.play_clock = 0;
      break;
    case KeyAction::NextStep: step_by(s, +1); break;  // in a grid trace, on into the next block
    case KeyAction::PrevStep: step_by(s, -1); break;
    case KeyAction::FirstStep: set_step(s, 0); break;
    case KeyAction::NextBlock:
      if (s.have_grid) select_grid_step(s, next_block_step(s.grid, s.grid_launch, s.grid_block));
      break;
    case KeyAction::PrevBlock:
      if (s.have_grid) {
        const int last = previous_block_step(s.grid, s.grid_launch, s.grid_block);  // the previous block's last step: go to its first
        if (last >= 0) {
          const GridPlace p = grid_place(s.grid, last);
          select_grid_step(s, grid_step(s.grid, p.launch, p.block, 0));
        }
      }
      break;
    case KeyAction::NextWarp:
      if (s.have_trace) s.selected_warp = (s.selected_warp + 1) % std::max(1, warp_count(s.trace));
      break;
    case KeyAction::LastStep: set_step(s, step_count(s) - 1); break;
    case KeyAction::CompilerNotes: s.compiler_notes_shown = !s.compiler_notes_shown; break;
    case KeyAction::ToggleSidebar: s.sidebar_hidden = !s.sidebar_hidden; break;
    case KeyAction::FocusPanel:
      if (!s.focus_panel.empty()) s.focus_panel.clear();
      else if (!s.hovered_panel.empty()) s.focus_panel = s.hovered_panel;
      else if (!s.panels.empty()) s.focus_panel = s.panels.front();  // no mouse over a panel: the first one
      break;
    case KeyAction::Help: s.help_open = !s.help_open; break;
    case KeyAction::FullScreen: s.toggle_fullscreen = true; break;
    case KeyAction::LessonNext: go_lesson(s, s.lesson.step + 1); break;
    case KeyAction::LessonPrev: go_lesson(s, s.lesson.step - 1); break;
    case KeyAction::LessonAnswer: s.lesson.answer_shown = !s.lesson.answer_shown; break;
    case KeyAction::LessonLeave: ask_leave_lesson(s); break;
    case KeyAction::ExerciseTry: try_exercise(s); break;
    case KeyAction::ExerciseHint: toggle_exercise_hint(s); break;
    default: return false;  // the editor's keys are the editor's
  }
  return true;
}

int handle_queued_keys(AppState& s, bool text_has_keys) {
  std::vector<KeyPress> queue;
  queue.swap(s.key_queue);
  if (text_has_keys) return 0;
  int done = 0;
  for (size_t i = 0; i < queue.size(); ++i) {
    if (question_open(s)) break;  // a key opened a question (a lesson step over unsaved edits): the rest is its
    if (apply_key(s, queue[i])) ++done;
  }
  return done;
}

std::vector<KeyHelpLine> key_help_lines() {
  std::vector<KeyHelpLine> out;
  auto group_of = [](const std::string& where) -> std::string {
    if (where.empty()) return "anywhere (not in a text box)";
    if (where == "lesson") return "in a lesson";
    if (where == "editor") return "in the editor";
    return "in a question";
  };
  for (const char* where : {"", "lesson", "editor", "question"})
    for (const KeyBinding& b : key_bindings())
      if (std::string(b.where) == where) out.push_back({group_of(where), b.shown, b.what});
  return out;
}

}  // namespace scanscope
