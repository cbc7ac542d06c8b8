// Exercises in the window's lessons (see exercise_state.h): no ImGui here, the lesson box draws
// them and tests/window/test_window_exercises.cpp drives them.
#include "exercise_state.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "app_state.h"
#include "engine/assets.h"
#include "engine/kernel_file.h"
#include "formats/files.h"     // write_output: atomic
#include "formats/key_file.h"  // files_in_folder

namespace scanscope {

namespace {

// The exercises beside the current lesson's folder (as load_lessons checks its names), else
// asset_dir()/exercises.
std::string exercises_folder(const AppState& s) {
  const LessonState& L = s.lesson;
  if (L.active >= 0 && L.active < static_cast<int>(L.lessons.size())) {
    const std::string& file = L.lessons[L.active].file;
    const size_t slash = file.find_last_of('/');
    return (slash == std::string::npos ? std::string(".") : file.substr(0, slash)) + "/../exercises";
  }
  return asset_dir() + "/exercises";
}

// Loads the exercises of `dir` one file at a time, unless they are loaded already.
void load_exercise_folder(AppState& s, const std::string& dir) {
  ExerciseState& X = s.exercise;
  if (X.dir == dir) return;
  X.dir = dir;
  X.exercises.clear();
  X.errors.clear();
  std::vector<std::string> files;
  try {
    files = files_in_folder(dir, ".exercise", "exercises");
  } catch (const std::exception& e) {
    X.errors.push_back(e.what());
    toast(s, X.errors.back(), true);
    return;
  }
  for (const std::string& f : files) {
    try {
      X.exercises.push_back(load_exercise_file(f));
    } catch (const std::exception& e) {  // ExerciseError: "FILE:LINE: problem"
      X.errors.push_back(e.what());
      toast(s, std::string("exercise not loaded: ") + e.what(), true);
    }
  }
}

// The exercise's start or model solution as written in its file (a .cu file beside it, or a
// catalogue kernel: then the editor holds the built-in kernel).
const KernelFile* catalogue_kernel(const std::string& written) {
  const bool file = written.size() > 3 && written.compare(written.size() - 3, 3, ".cu") == 0;
  return file ? nullptr : find_kernel_file(written);
}

bool read_text(AppState& s, const std::string& path, std::string* text) {
  try {
    *text = read_exercise_file(path);
    return true;
  } catch (const std::exception& e) {
    toast(s, e.what(), true);
    return false;
  }
}

void replace_all(std::string& text, const std::string& from, const std::string& to) {
  if (from.empty()) return;
  for (size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size())) text.replace(at, from.size(), to);
}

// Loads `which` (the start, or the model solution) of the editor's exercise after the unsaved-changes question.
void replace_guarded(AppState& s, const std::string& what, bool solution) {
  const std::string name = s.editor.exercise;
  guard_unsaved(s, what, [name, solution](AppState& st) {
    const Exercise* ex = loaded_exercise(st, name);
    std::string text;
    if (ex && read_text(st, solution ? ex->solution_path : ex->start_path, &text)) open_exercise(st, *ex, &text);
  });
}

}  // namespace

std::string saved_exercise_path(const AppState& s, const std::string& name) {
  return s.exercise.save_dir.empty() ? "" : s.exercise.save_dir + "/" + name + ".cu";
}

const Exercise* loaded_exercise(const AppState& s, const std::string& name) {
  for (const Exercise& e : s.exercise.exercises)
    if (e.name == name) return &e;
  return nullptr;
}

const Exercise* step_exercise(AppState& s) {
  const LessonStep* st = current_lesson_step(s);
  if (!st || st->exercise.empty()) return nullptr;
  load_exercise_folder(s, exercises_folder(s));
  return loaded_exercise(s, st->exercise);
}

bool exercise_in_editor(const AppState& s) {
  const LessonStep* st = current_lesson_step(s);
  return st && !st->exercise.empty() && s.editor.loaded && s.editor.exercise == st->exercise;
}

std::vector<std::string> exercise_panels(const std::vector<std::string>& step_panels, bool presenter) {
  std::vector<std::string> out{"editor"};
  if (presenter) return out;  // its fonts leave room for the text and the lesson box only
  for (const std::string& p : step_panels)
    if (p != "editor" && p != "code") out.push_back(p);
  return out;
}

void try_exercise(AppState& s) {
  const Exercise* ex = step_exercise(s);
  if (!ex || exercise_in_editor(s)) return;
  const std::string name = ex->name;
  guard_unsaved(s, "try exercise " + name, [name](AppState& st) {
    if (const Exercise* x = loaded_exercise(st, name)) open_exercise(st, *x);
  });
}

bool open_exercise(AppState& s, const Exercise& ex, const std::string* text_in) {
  std::string start;
  if (!read_text(s, ex.start_path, &start)) return false;
  ExerciseWork& w = s.exercise.work[ex.name];
  const std::string saved = saved_exercise_path(s, ex.name);
  if (!w.started && !text_in && !saved.empty() && std::filesystem::exists(saved)) {  // from an earlier run of the program
    std::string kept;
    if (read_text(s, saved, &kept)) {
      std::error_code ec;
      w.started = true;
      w.text = kept;
      w.passed_before = std::filesystem::exists(saved.substr(0, saved.size() - 3) + ".passed", ec);
    }
  }
  const std::string text = text_in ? *text_in : w.started ? w.text : start;
  EditorState& e = s.editor;
  if (const KernelFile* k = catalogue_kernel(ex.start)) editor_load(e, text, start, k->path, k->display, k->id);
  else editor_load(e, text, start, ex.start_path, kernel_display_path(kernel_file_path(ex.start_path)), "");
  e.clean = start;     // the student's changes are unsaved changes of the start: closing asks about them
  e.builtin = true;    // Save asks for a file of the student's own
  e.exercise = ex.name;
  e.after_run = check_editor_exercise;
  w.started = true;
  w.text = text;
  s.exercise.confirm_solution = false;
  s.panels = exercise_panels(s.panels, s.settings.presenter);
  s.playing = false;
  // The comparison's partner, when the comparison is shown: the start, beside the student's version.
  s.compare_pad.clear();
  s.compare_kernel.clear();
  s.compare_original = true;
  s.compare_swap = false;
  const Device d = s.options.device;
  const TraceRequest r = editor_request_with(e, ex.runs.front().request);
  const LessonStep* st = current_lesson_step(s);
  s.request = r;  // a text that does not run: Ctrl+Enter goes on with the exercise's options
  const bool ran = run_request(s, r, d);
  if (ran) {
    const int n = step_count(s), at = st ? st->at : 0;
    s.step = s.prev_step = at < 0 ? n - 1 : std::clamp(at, 0, std::max(0, n - 1));
    s.anim = 1.0f;
    s.selected_inst = 0;
    form_from_request(s.form, s.request, d);
  }
  return ran;
}

void load_exercise_progress(AppState& s) {
  const std::string& dir = s.exercise.save_dir;
  std::error_code ec;
  if (dir.empty() || !std::filesystem::is_directory(dir, ec)) return;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::filesystem::path p = entry.path();
    if (p.extension() != ".cu") continue;
    std::string text;
    try {
      text = read_exercise_file(p.string());  // bounded as an exercise's own files are
    } catch (const std::exception&) {
      continue;  // not a version this program wrote: Try it offers the start
    }
    ExerciseWork& w = s.exercise.work[p.stem().string()];
    w.started = true;
    w.text = text;
    w.passed_before = std::filesystem::exists(std::filesystem::path(p).replace_extension(".passed"), ec);
  }
}

void save_exercise_progress(AppState& s, const std::string& name) {
  const std::string path = saved_exercise_path(s, name);
  const auto w = s.exercise.work.find(name);
  if (path.empty() || w == s.exercise.work.end()) return;
  const std::string passed = path.substr(0, path.size() - 3) + ".passed";
  std::error_code ec;
  const bool at_start = s.editor.exercise == name && w->second.text == s.editor.original;
  if (at_start) {  // the start itself needs no file
    std::filesystem::remove(path, ec);
    std::filesystem::remove(passed, ec);
    return;
  }
  try {
    std::filesystem::create_directories(s.exercise.save_dir, ec);
    write_output(path, w->second.text);
    if (w->second.passed_before) write_output(passed, "passed\n");
    else std::filesystem::remove(passed, ec);
  } catch (const std::exception& e) {
    toast(s, "your version of " + name + " is not kept on disk: " + std::string(e.what()), true);
  }
}

void keep_exercise_text(AppState& s, bool release) {
  EditorState& e = s.editor;
  if (!e.loaded || e.exercise.empty()) return;
  ExerciseWork& kept = s.exercise.work[e.exercise];
  if (kept.text != e.text) {
    kept.text = e.text;
    kept.passed_before = kept.checked && kept.report.passed && kept.checked_text == e.text;
  }
  save_exercise_progress(s, e.exercise);
  s.exercise.confirm_solution = false;
  if (!release) return;
  e.clean = e.text;  // kept: what replaces it next loses nothing, so nothing asks
  e.exercise.clear();
  e.notes.clear();
  e.flags.clear();
  e.flags_text.clear();
}

void check_editor_exercise(AppState& s) {
  EditorState& e = s.editor;
  const Exercise* ex = e.exercise.empty() ? nullptr : loaded_exercise(s, e.exercise);
  if (!ex) return;
  // The path is where the text's #include lines are looked up; the sentences name the file as the editor does.
  const std::string path = e.path.empty() ? ex->start_path : e.path;
  CheckReport rep = check_exercise(*ex, e.text, path);
  std::map<int, std::vector<std::string>> lines;  // the lines failed checks name: the checks' names
  int failed = 0, first_line = 0;
  for (CheckOutcome& o : rep.checks) {
    if (path != e.display) replace_all(o.sentence, path, e.display);
    if (o.passed) continue;
    ++failed;
    if (o.line <= 0 || o.skipped) continue;
    std::vector<std::string>& names = lines[o.line];
    if (std::find(names.begin(), names.end(), o.check) == names.end()) names.push_back(o.check);
    if (first_line == 0) first_line = o.line;
  }
  if (first_line > 0) e.scroll_line = first_line - 1;  // the first failure's line comes into view, as an error's does
  ExerciseWork& w = s.exercise.work[ex->name];
  w.report = std::move(rep);
  w.checked = true;
  w.checked_text = e.text;
  w.text = e.text;
  w.passed_before = w.report.passed;
  save_exercise_progress(s, ex->name);
  e.flags.clear();
  for (const auto& [line, names] : lines) {  // short, to fit beside the line: the sentences are in the lesson box
    std::string message = "FAIL";
    for (size_t i = 0; i < names.size(); ++i) message += (i ? ", " : " ") + names[i];
    e.flags.push_back({line, message + " (the lesson box says why)"});
  }
  e.flags_text = e.text;
  const std::string total = std::to_string(w.report.checks.size());
  e.notes.push_back({ex->name + ": " + (w.report.passed ? "PASSED, all " + total + " checks" : std::to_string(failed) + " of " + total + " checks failed (see the lesson box)"),
                     w.report.passed});
}

void toggle_exercise_hint(AppState& s) {
  if (!exercise_in_editor(s)) return;
  ExerciseWork& w = s.exercise.work[s.editor.exercise];
  w.hint_shown = !w.hint_shown;
}

void ask_model_solution(AppState& s) {
  if (exercise_in_editor(s)) s.exercise.confirm_solution = true;
}

void answer_model_solution(AppState& s, bool show) {
  s.exercise.confirm_solution = false;
  if (show && exercise_in_editor(s)) replace_guarded(s, "load the model solution", true);
}

void reset_exercise(AppState& s) {
  if (exercise_in_editor(s) && exercise_edited(s)) replace_guarded(s, "go back to the start", false);
}

bool exercise_edited(const AppState& s) { return s.editor.loaded && !s.editor.exercise.empty() && s.editor.text != s.editor.original; }

ExerciseVerdict exercise_verdict(const AppState& s) {
  ExerciseVerdict v;
  const EditorState& e = s.editor;
  if (e.exercise.empty()) return v;
  if (!e.errors.empty()) {  // the last Run of the text failed: the editor shows where
    v.kind = ExerciseVerdict::DidNotRun;
    v.headline = "Your kernel did not run";
    v.failures.push_back({"", editor_status(s, nullptr)});
    v.note = "The editor marks the line. Fix it, then Ctrl+Enter runs and checks it again.";
    return v;
  }
  const auto it = s.exercise.work.find(e.exercise);
  if (it == s.exercise.work.end() || !it->second.checked) {
    v.kind = ExerciseVerdict::NotChecked;
    v.headline = "Not checked yet";
    v.note = "Ctrl+Enter runs your kernel and checks it.";
    return v;
  }
  const ExerciseWork& w = it->second;
  std::set<std::string> runs;
  int failed = 0;
  for (const CheckOutcome& o : w.report.checks) {
    runs.insert(o.run);
    if (o.passed) continue;
    ++failed;
    if (!o.skipped) v.failures.push_back({o.run, o.sentence});
  }
  if (w.report.passed)  // what it passed, but that it runs
    for (const CheckOutcome& o : w.report.checks)
      if (o.check != check_name(CheckKind::Runs)) v.passes.push_back({o.run, o.sentence});
  const int total = static_cast<int>(w.report.checks.size());
  if (w.report.passed) {
    v.kind = ExerciseVerdict::Passed;
    v.headline = "PASSED: all " + std::to_string(total) + " checks, on " + std::to_string(runs.size()) + (runs.size() == 1 ? " run" : " runs");
  } else {
    v.kind = ExerciseVerdict::Failed;
    v.headline = "Not yet: " + std::to_string(failed) + " of " + std::to_string(total) + " checks failed";
    const int skipped = failed - static_cast<int>(v.failures.size());
    if (skipped > 0) v.failures.push_back({"", std::to_string(skipped) + (skipped == 1 ? " check was" : " checks were") + " not run: the kernel did not run there"});
  }
  if (w.checked_text != e.text) v.note = "You have edited the text since this check: Ctrl+Enter runs and checks it again.";
  return v;
}

}  // namespace scanscope
