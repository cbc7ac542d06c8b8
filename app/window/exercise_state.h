// Exercises in the window's lessons (formats/exercise.h, docs/exercises.md), without ImGui: the
// lesson box (lesson_panel.cpp) draws them. A lesson step that names an exercise offers it; "Try
// it" puts the exercise's start (or the student's version, kept from before) into the editor, shows
// the editor beside the step's panels and runs the options of the exercise's first run. Every Run
// of the editor's text is then checked on all the exercise's runs (check_exercise) and the report
// kept; the failed checks' lines are marked in the editor. The student's version of each exercise
// is kept while the lesson moves between steps (and the step opens it again on coming back), and
// on disk for the next session (ExerciseState::save_dir, the user's XDG data folder); the hint, the model solution (after a question, and the unsaved-changes guard) and the way back to
// the start.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "engine/check.h"
#include "formats/exercise.h"

namespace scanscope {

struct AppState;

// What the window keeps of one exercise, by name, for as long as it runs.
struct ExerciseWork {
  bool started = false;      // tried: the step opens it again (with `text`) when the lesson comes back
  std::string text;          // the student's version, as the editor last held it
  bool hint_shown = false;
  bool checked = false;      // `report` is the check of `checked_text`
  CheckReport report;
  std::string checked_text;
  bool passed_before = false;  // the kept text passed its check (in this run, or one before: the progress file)
};

struct ExerciseState {
  std::string dir;                   // the folder the exercises were loaded from ("": not yet)
  std::vector<Exercise> exercises;   // those that loaded
  std::vector<std::string> errors;   // those that did not: ExerciseError::what(), "file:line: ..."
  std::map<std::string, ExerciseWork> work;
  bool confirm_solution = false;     // the "Show the model solution?" question is open
  // Where each exercise's work is kept across runs of the program (the user's data folder,
  // my-exercises/, made when first written; "": kept in memory only, as in tests and screenshot
  // runs): NAME.cu, the student's version, and NAME.passed when that version passed its check.
  // A version that is the start again is no file.
  std::string save_dir;
};

// Reads the kept work of every exercise from s.exercise.save_dir (a missing folder: none).
void load_exercise_progress(AppState& s);
// Writes one exercise's kept work there (nothing when save_dir is ""; the start again removes its
// files); a failure is a toast, the work stays in memory.
void save_exercise_progress(AppState& s, const std::string& name);

// The exercise the current lesson step names: loaded, the first time, from the exercises folder
// beside the lesson's folder (a file that does not load is a toast naming file:line, the others
// stay). nullptr when the step names none, or its exercise did not load.
const Exercise* step_exercise(AppState& s);
// A loaded exercise by name (nullptr: none).
const Exercise* loaded_exercise(const AppState& s, const std::string& name);
// Does the editor hold the current step's exercise (Try it, and nothing has replaced it since)?
bool exercise_in_editor(const AppState& s);
// The panels while an exercise is tried: the editor first, then the step's, without the code view
// (the editor shows that file, with the same marks); in presenter mode the editor alone (the
// transport bar's scrub bar still shows each level's conflicts).
std::vector<std::string> exercise_panels(const std::vector<std::string>& step_panels, bool presenter);

// The file that keeps exercise `name`'s version ("" when save_dir is ""). Written whenever the
// version is kept (each Run, leaving the step); removed when the version is the start again.
std::string saved_exercise_path(const AppState& s, const std::string& name);

// Try it (T): the student's kept version (from this run, else the saved file), or the start, into the editor; asks first when the
// editor holds unsaved changes of another text (guard_unsaved).
void try_exercise(AppState& s);
// Puts `text` (nullptr: the kept version once tried, else the start) into the editor as the
// exercise's, with the exercise's panels, and runs it with the options of its first run (the
// lesson step's `at` shown); the Run's check follows. No question asked: the callers guard.
// False (and a toast) when the start cannot be read; a text that does not run stays in the
// editor with its error.
bool open_exercise(AppState& s, const Exercise& ex, const std::string* text = nullptr);
// Keeps the editor's exercise text (ExerciseWork::text). `release`: the lesson moves on, so the
// editor lets the text go without asking (it is kept here) and no longer holds the exercise.
void keep_exercise_text(AppState& s, bool release);
// EditorState::after_run while an exercise is in the editor: check_exercise on the text just run,
// kept as the exercise's report; a note under the editor's status line; the failed checks' lines
// become the editor's flags. Sentences name the file as the editor does.
void check_editor_exercise(AppState& s);

// The lesson box's buttons. The hint (H) shown or hidden again.
void toggle_exercise_hint(AppState& s);
// Show the model solution: opens the question; its answer, when yes, loads the solution (after the
// unsaved-changes question when the editor has unsaved changes) and runs it.
void ask_model_solution(AppState& s);
void answer_model_solution(AppState& s, bool show);
// Back to the start (after the unsaved-changes question when there are unsaved changes), run.
void reset_exercise(AppState& s);
// The editor's text differs from the exercise's start (Reset to the start has something to do).
bool exercise_edited(const AppState& s);

// What the lesson box says about the editor's exercise text: a check's outcome in words.
struct ExerciseSentence {
  std::string run;       // the run's title ("": a line about the whole text)
  std::string sentence;  // the check's sentence
};
struct ExerciseVerdict {
  enum Kind { None, NotChecked, DidNotRun, Passed, Failed } kind = None;
  std::string headline;                 // "PASSED: all 8 checks, on 3 runs" / "Not yet: 2 of 8 checks failed"
  std::vector<ExerciseSentence> failures;
  std::vector<ExerciseSentence> passes;  // when it passed: each check but `runs`, with its sentence
  std::string note;                     // how to go on (edited since the check, fix the marked line, ...)
};
ExerciseVerdict exercise_verdict(const AppState& s);

}  // namespace scanscope
