// The window's keys: one table (kKeyBindings) that the key handling dispatches from and the help
// overlay (F1 or ?) and docs/window.md list, so the keys and their description cannot part. The
// shell queues every press it gets from GLFW (AppState::key_queue) and handle_queued_keys() applies
// them one by one at the next frame: quick taps (a presenter's clicker) are never lost, even when
// press and release arrive between two frames or while a step animates. No ImGui, no GLFW here.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

struct AppState;

enum class KeyAction {
  PlayPause, NextStep, PrevStep, FirstStep, LastStep, NextBlock, PrevBlock, NextWarp, CompilerNotes, ToggleSidebar, FocusPanel, Help, FullScreen,
  LessonNext, LessonPrev, LessonAnswer, LessonLeave, ExerciseTry, ExerciseHint,
  // Handled by the editor and its questions (editor_panel.cpp); listed for the help overlay.
  EditorRun, EditorSave, EditorSaveAs, EditorOpen, EditorLeaveText, QuestionAnswer,
};

struct KeyBinding {
  KeyAction action;
  std::vector<std::string> keys;  // key names: "right", "f1", "?", "a", ...; with "ctrl+", "shift+"
  const char* shown;              // as the help overlay writes the keys
  const char* what;
  const char* where;              // "" (anywhere), "lesson", "exercise", "editor", "question"
};

const std::vector<KeyBinding>& key_bindings();

// One key press as the shell queued it: the key's name (the table's spelling) and modifiers.
struct KeyPress {
  std::string key;
  bool ctrl = false, shift = false, alt = false;
  bool repeat = false;  // the key held down: only stepping repeats, a toggle does not flicker
};

// The binding a press is for in the window's present state (a lesson open or not), or null.
const KeyBinding* binding_for(const AppState& s, const KeyPress& k);
// Applies the queued presses in order and empties the queue. While a text box or a question has
// the keyboard (text_has_keys) the presses are theirs: dropped from the queue without an action.
// Returns how many presses became an action.
int handle_queued_keys(AppState& s, bool text_has_keys);
// Applies one press; false when no binding of the present state takes it.
bool apply_key(AppState& s, const KeyPress& k);

// The help overlay's lines: "keys  what" per binding, grouped by where they apply.
struct KeyHelpLine {
  std::string group, keys, what;
};
std::vector<KeyHelpLine> key_help_lines();

}  // namespace scanscope
