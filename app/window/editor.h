// The kernel editor's state and logic, without ImGui (editor_panel.cpp draws it): the text being
// edited and where it came from, whether it has unsaved changes, the interpreter's errors mapped
// to its lines, the marks of the current step's access, Run (the trace re-run with the edited
// text), Reset, open and save (atomic; never into the kernels folder), and the unsaved-changes
// question that guards whatever would replace the text (another kernel, a lesson step, closing).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "engine/runner.h"  // Device

namespace scanscope {

struct AppState;

// An error of the interpreter (cuda::CudaError: a construct it does not take, a syntax error, or
// a fault while the kernel ran), or of the request (UsageError: no launch line, a bad require:).
struct EditorError {
  std::string file;       // as the error names it ("" when it names none)
  int line = 0, col = 0;  // 1-based; 0: the error names no position
  std::string message;    // without the position
  bool fault = false;     // raised while the kernel ran, not while reading it
  bool here = false;      // the position is in the editor's text: marked on its line
};

// A line under the status line after a Run (green when ok): what a lesson's check found, say.
struct EditorNote {
  std::string text;
  bool ok = true;
};

// A line a check names (an exercise's failed check, exercise_state.h): marked in the editor with
// its message beside it. `line` is 1-based, in EditorState::flags_text.
struct EditorFlag {
  int line = 0;
  std::string message;
};

enum class EditorPrompt { None, Unsaved, SaveAs, Open };
enum class UnsavedChoice { Save, Discard, Cancel };

struct EditorState {
  bool loaded = false;
  std::string text;      // the buffer the user edits
  std::string original;  // the file's text when it was opened (Reset goes back to it)
  std::string clean;     // the text as last opened or saved: unsaved changes when text differs
  std::string path;      // the file on disk, absolute ("" when the text came with a loaded trace only)
  std::string display;   // the file as the trace and the interpreter's errors name it
  std::string kernel;    // the catalogue id when the file is a built-in kernel
  bool builtin = false;  // the file is in the kernels or the exercises folder: Save asks for a new path
  std::string save_dir;  // where Save As suggests a new file (the user's data folder); "": the current folder
  bool fresh = false;    // opened from a file and not yet run: Run starts from its own options
  std::vector<EditorError> errors;  // the last Run's error (cleared by a Run that works)
  // On a GPU, after a Run of an edit: the original text's time there, measured the same way as the
  // trace's gpu_us (the timed build, median of kTimedRepeats launches); 0 when not measured.
  double original_gpu_us = 0;

  // What a lesson (an exercise) plugs in: after each Run of the editor's text, after_run (when
  // set) is called and may fill notes, shown under the status line.
  std::function<void(AppState&)> after_run;
  std::vector<EditorNote> notes;
  std::vector<EditorFlag> flags;  // lines to mark (after_run may fill them), of the text flags_text
  std::string flags_text;         // the text the flags' lines are of (they move with later edits)
  std::string exercise;           // the exercise whose text this is (exercise_state.h); "" none

  // The prompts (modal, drawn by editor_panel.cpp): the unsaved-changes question holds the action
  // it guards until it is answered; Save As and Open ask for a path.
  EditorPrompt prompt = EditorPrompt::None;
  std::string prompt_what;                  // what the guarded action does ("open lesson padding")
  std::function<void(AppState&)> pending;   // run on Save (once saved) or Discard
  char path_buf[1024] = "";
  std::string prompt_error;                 // shown in the Save As / Open box

  // The widget (editor_panel.cpp): requests from the logic and what the widget reports.
  int generation = 0;     // bumped when the text is replaced from outside (a new widget state)
  bool want_focus = false;
  int want_cursor = -1;   // byte offset to put the cursor at (next frame), -1: none
  int cursor = 0;         // the cursor's byte offset, as the widget last reported it
  int top_line = 0;       // the first line (0-based) in view, as the widget last drew it
  int scroll_line = -1;   // 0-based line to bring into view (an error, the access), -1: none
};

// Unsaved changes: the text differs from the one last opened or saved.
bool editor_dirty(const EditorState& e);
// The text differs from the file's as opened (a built-in kernel edited, saved or not).
bool editor_edited(const EditorState& e);

// Puts a text in the editor: the file it belongs to (path on disk, display name, the catalogue id
// of a built-in kernel), its text as opened (`original`) and the text to edit (`text`: usually
// the same; a trace may carry text that differs from the file's). What belonged to the text before
// goes: errors, notes, flags, the exercise it was.
void editor_load(EditorState& e, const std::string& text, const std::string& original, const std::string& path, const std::string& display,
                 const std::string& kernel);

// The editor follows the trace shown (show_trace calls it): the trace's kernel file is loaded
// unless the editor holds unsaved changes (those are never dropped here: whatever replaces the
// trace asks first, guard_unsaved).
void editor_follow_trace(AppState& s);

// Is the request the editor's file (the built-in kernel, or the same file on disk)?
bool request_is_editors(const EditorState& e, const TraceRequest& r);
// Would running `r` replace the editor's unsaved text (another kernel while there are unsaved changes)?
bool would_replace_edit(const AppState& s, const TraceRequest& r);
// Does the trace shown run the editor's file, and with the editor's text exactly?
bool trace_is_editors(const AppState& s);
bool trace_runs_text(const AppState& s);
// Does the trace run an edit (its text differs from the editor's original)?
bool trace_runs_edit(const AppState& s);

// The request Run sends: the trace's (n, input, banks, operator, ...) with the editor's file and
// its text as edited (TraceRequest::source_text). A file just opened starts from plain options.
TraceRequest editor_request(const AppState& s);
// `options` (n, input, banks, ...) with the editor's file and text, as Run sends them.
TraceRequest editor_request_with(const EditorState& e, TraceRequest options);
// Run (Ctrl+Enter): the trace re-run with the edited text; every panel follows. An error in the
// text becomes s.editor.errors (and a toast); the old trace stays. Returns success.
bool editor_run(AppState& s);
// The sidebar's Run: the form's request; when it is the editor's file, with the editor's text; when
// it would replace unsaved changes, after the question. Returns false for a bad form (form_error).
bool run_from_form(AppState& s);
// Back to the text as opened (not yet run).
void editor_reset(AppState& s);

// run_request's report, so that the editor shows the errors of its own text: success clears them,
// an error of a run of the editor's file becomes s.editor.errors.
void editor_after_run(AppState& s, const TraceRequest& r, const std::exception* error);
// An error as the editor shows it; `display` is the editor's file (sets EditorError::here).
EditorError editor_error_of(const std::exception& e, const std::string& display);
// The status line: the error, "edited: Ctrl+Enter runs it", what the trace shows. *error: red.
std::string editor_status(const AppState& s, bool* error);

// Where the step's access is written when that is not in the editor's file (an application
// kernel's access inside the scan file it includes), "" otherwise.
std::string editor_access_elsewhere(const AppState& s);

// Lines and offsets of a text (0-based lines, byte offsets).
int line_of_offset(const std::string& text, int offset);
int line_start(const std::string& text, int line);
int line_count(const std::string& text);

// Where each line of `from` stands in `to` (0-based; -1: changed or removed), by the longest common
// subsequence of lines: the trace's marks follow the text as it is edited after a Run.
std::vector<int> map_lines(const std::vector<std::string>& from, const std::vector<std::string>& to);

// What the editor marks on its lines (byte offsets into a line of its text): the current access's
// expression, the lines of the step's other accesses (whole line), the errors (from the error's
// column to the end of the token there), the lines a check names (whole line).
struct EditorMark {
  enum Kind { Access, StepLine, Error, Flag } kind = Access;
  int line = 0;  // 0-based
  int begin = 0, end = 0;
  std::string message;  // Error: the message
};
// The marks of the current step (when the trace runs the editor's file; on the lines edited since
// the Run they are left out, the others move with the edits), of the errors, and of the flags
// (moved with the edits since the text they were made of; left out on lines edited since).
std::vector<EditorMark> editor_marks(const AppState& s);

// Files. Why `path` may not be written by the editor ("" when it may): a folder, the kernels
// folder or the exercises folder (the built-in kernels and the exercises' files are never
// overwritten).
std::string save_refusal(const std::string& path);
// Ctrl+S: writes the file (atomically, keeping its permissions); a built-in kernel or a text
// without a file opens the Save As box instead. Errors are toasts. Returns whether it was written.
bool editor_save(AppState& s);
// The Save As box, with a path in it: the file's own, or for a built-in kernel (or a text without
// a file) a new file named after it in save_dir (the user's data folder, made when saved), else
// in the current folder.
void editor_ask_save_as(EditorState& e);
// Save As: writes `path` and makes it the editor's file (later runs run it as --source).
bool editor_save_as(AppState& s, const std::string& path);
// Open (Ctrl+O): asks for a kernel file's path (EditorPrompt::Open), after the unsaved-changes
// question when the editor holds unsaved edits.
void editor_ask_open(AppState& s);
// The start-up's way when a --source file does not run (start_app): the file in the editor with
// the request's options kept for Run, and its error on its line. False when the file cannot be read.
bool editor_start_on(AppState& s, const TraceRequest& r, Device device);
// Opens a .cu file in the editor and runs it (the caller asks first: guard_unsaved). A file that
// cannot be read, or does not run, is an error (the text stays in the editor with its error).
bool editor_open(AppState& s, const std::string& path);

// Runs `action` now, or, when the editor has unsaved changes, asks first (the Unsaved prompt;
// `what` says what the action does). Returns whether it ran now.
bool guard_unsaved(AppState& s, const std::string& what, std::function<void(AppState&)> action);
// Runs `action` (which shows a trace of `r`) now, or asks first when that would replace the
// editor's unsaved text (would_replace_edit).
void guard_replace(AppState& s, const TraceRequest& r, const std::string& what, std::function<void(AppState&)> action);
// The answer to the Unsaved prompt: Save (then the action; a built-in asks for a path first),
// Discard (the action), Cancel (nothing).
void answer_unsaved(AppState& s, UnsavedChoice c);
// The window's close button: closes (s.quit) unless there are unsaved changes, then asks.
void request_close(AppState& s);

}  // namespace scanscope
