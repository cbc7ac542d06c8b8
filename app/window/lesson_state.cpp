// The window's lessons (the files are read by formats/lesson.cpp): the list that loaded (no step's
// kernel resolved), resolving a step when it is first opened (once, kept), opening a step (its
// kernel, trace step, panels, partner or view), leaving. Actions on AppState, no ImGui:
// the lesson box (lesson_panel.cpp) and the sidebar's menu (lesson_menu.cpp) draw them.
#include <algorithm>
#include <filesystem>

#include "app_state.h"
#include "engine/assets.h"
#include "model.h"

namespace scanscope {

void load_lesson_list(AppState& s, const std::string& dir_in) {
  LessonState& L = s.lesson;
  L.loaded = true;
  L.lessons.clear();
  L.errors.clear();
  L.resolved.clear();
  const std::string dir = dir_in.empty() ? asset_dir() + "/lessons" : dir_in;
  std::vector<std::string> files;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(dir, ec))
    if (e.path().extension() == ".lesson") files.push_back(e.path().string());
  if (ec) {
    L.errors.push_back("lessons: cannot read the folder '" + dir + "': " + ec.message());
    toast(s, L.errors.back(), true);
    return;
  }
  std::sort(files.begin(), files.end());
  for (const auto& f : files) {
    try {
      L.lessons.push_back(load_lesson_file(f, LessonResolve::OnDemand));  // a step's kernel: when the step opens
      if (L.lessons.back().steps.empty()) {
        L.errors.push_back(f + ": the lesson has no steps");
        L.lessons.pop_back();
        toast(s, L.errors.back(), true);
      }
    } catch (const std::exception& e) {  // LessonError: "FILE:LINE: problem"
      L.errors.push_back(e.what());
      toast(s, std::string("lesson not loaded: ") + e.what(), true);
    }
  }
}

int find_lesson_index(const AppState& s, const std::string& name) {
  const auto& ls = s.lesson.lessons;
  for (size_t i = 0; i < ls.size(); ++i) {
    if (ls[i].name == name) return static_cast<int>(i);
    if (std::filesystem::path(ls[i].file).stem().string() == name) return static_cast<int>(i);
  }
  return -1;
}

const LessonStep* current_lesson_step(const AppState& s) {
  const LessonState& L = s.lesson;
  if (L.active < 0 || L.active >= static_cast<int>(L.lessons.size())) return nullptr;
  const auto& steps = L.lessons[L.active].steps;
  if (L.step < 0 || L.step >= static_cast<int>(steps.size())) return nullptr;
  return &steps[L.step];
}

std::string lesson_progress(const AppState& s) {
  if (!current_lesson_step(s)) return "";
  return "step " + std::to_string(s.lesson.step + 1) + " of " + std::to_string(s.lesson.lessons[s.lesson.active].steps.size());
}

namespace {
// Would opening the step put an exercise's kept text into the editor?
bool step_resumes_exercise(const AppState& s, const LessonStep& st) {
  const auto w = s.exercise.work.find(st.exercise);
  return !st.exercise.empty() && w != s.exercise.work.end() && w->second.started;
}
}  // namespace

const StepResolution& lesson_step_resolution(AppState& s, int lesson, int step) {
  LessonState& L = s.lesson;
  const auto key = std::make_pair(lesson, step);
  if (const auto it = L.resolved.find(key); it != L.resolved.end()) return it->second;
  ++L.resolutions;
  const Lesson& les = L.lessons.at(lesson);
  const LessonStep& st = les.steps.at(step);
  StepResolution r;
  try {
    std::shared_ptr<ResolvedKernel> k;
    if (st.has_request) r.kernel = k = std::make_shared<ResolvedKernel>(resolve_lesson_step(les, st));
    // Its `at` and placeholders against its own traces: a step past its trace's last step is
    // refused, never shown at the last.
    run_lesson_step(les, st, nullptr, nullptr, k.get());
  } catch (const LessonError& e) {
    r.error = e.what();
  } catch (const std::exception&) {  // the kernel does not run: opened, the step says why
  }
  return L.resolved.emplace(key, std::move(r)).first->second;
}

bool open_lesson_step(AppState& s, int lesson, int step) {
  LessonState& L = s.lesson;
  if (lesson < 0 || lesson >= static_cast<int>(L.lessons.size())) {
    toast(s, "no such lesson", true);
    return false;
  }
  const Lesson& les = L.lessons[lesson];
  if (step < 0 || step >= static_cast<int>(les.steps.size())) {
    toast(s, "lesson " + les.name + " has steps 0.." + std::to_string(les.steps.size() - 1) + ", not " + std::to_string(step), true);
    return false;
  }
  // Resolved and checked once (lesson_step_resolution): a refused step stays refused.
  const StepResolution& resolution = lesson_step_resolution(s, lesson, step);
  if (!resolution.error.empty()) {
    toast(s, resolution.error, true);
    return false;
  }
  const std::shared_ptr<const ResolvedKernel> resolved = resolution.kernel;
  keep_exercise_text(s, true);  // the exercise's text is kept: the step may replace it without asking
  if (L.active < 0) L.panels_before = s.panels;
  L.active = lesson;
  L.step = step;
  L.answer_shown = s.options.show_answer;  // --show-answer
  const LessonStep& st = les.steps[step];
  s.playing = false;
  s.compare_pad = st.compare_pad;
  s.compare_kernel = st.compare_kernel;
  s.compare_original = false;
  s.compare_swap = false;
  if (st.has_request) {
    if (run_request(s, st.request, s.options.device, resolved.get())) {  // the kernel resolved once
      // `at` counts a grid trace's steps over the whole grid (launch after launch, block after block)
      const int n = s.have_grid ? static_cast<int>(s.grid.steps.size()) : step_count(s);
      const int at = st.at < 0 ? n - 1 : std::clamp(st.at, 0, std::max(0, n - 1));  // (checked above: within the trace)
      if (s.have_grid) select_grid_step(s, at);
      else s.step = s.prev_step = at;
      s.prev_step = s.step;
      s.anim = 1.0f;
      s.selected_inst = 0;
    }
    form_from_request(s.form, s.request, s.options.device);
  } else {
    update_compare(s);
  }
  // The text with the numbers of the trace shown (a run that failed: as written, with the toast).
  L.shown = {st.text, st.question, st.answer};
  if (!st.has_request || s.have_trace) {
    try {
      L.shown = fill_lesson_step(les, st, {st.has_request ? (s.have_grid ? &s.grid : &s.trace) : nullptr, 0, s.have_compare ? &s.compare : nullptr});
    } catch (const LessonError& e) {
      toast(s, e.what(), true);
    }
  }
  std::vector<std::string> panels;
  try {
    panels = parse_panels(st.view.empty() ? st.panels : st.view);
  } catch (const std::exception& e) {
    toast(s, les.file + ":" + std::to_string(st.line) + ": " + e.what(), true);
  }
  if (panels.empty()) panels = default_panels();
  s.panels = panels;
  if (st.view == "timing") {
    if (!st.timing_preset.empty()) {
      if (const TimingPreset* p = find_timing_preset(st.timing_preset)) choose_timing_preset(s, *p);
    }
    ensure_timing_bench(s);
    if (!st.timing_view.empty()) s.timing.view = parse_timing_view(st.timing_view, "timing-view");
  }
  if (st.view == "histeq" && !s.histeq.ready) load_histeq(s, "");
  if (st.view == "float-order") update_float_order(s);
  // Back at an exercise tried before: the student's version, in the editor again.
  if (step_resumes_exercise(s, st) && !editor_dirty(s.editor))
    if (const Exercise* ex = step_exercise(s)) open_exercise(s, *ex);
  return true;
}

void go_lesson_step(AppState& s, int lesson, int step) {
  const LessonState& L = s.lesson;
  const bool exists = lesson >= 0 && lesson < static_cast<int>(L.lessons.size()) && step >= 0 &&
                      step < static_cast<int>(L.lessons[lesson].steps.size());
  auto open = [lesson, step](AppState& st) { open_lesson_step(st, lesson, step); };
  keep_exercise_text(s, true);  // an exercise's text is kept, not asked about
  if (!exists) return open(s);  // says what is wrong
  const LessonStep& st = L.lessons[lesson].steps[step];
  const std::string what = "open lesson " + L.lessons[lesson].name + ", step " + std::to_string(step + 1);
  if (step_resumes_exercise(s, st)) guard_unsaved(s, what, open);  // the kept text would replace the editor's
  else if (st.has_request) guard_replace(s, st.request, what, open);
  else open(s);  // the step keeps the trace
}

void ask_leave_lesson(AppState& s) {
  if (s.lesson.active < 0) return;
  if (exercise_in_editor(s)) s.lesson.confirm_leave = true;
  else leave_lesson(s);
}

void answer_leave_lesson(AppState& s, bool leave) {
  s.lesson.confirm_leave = false;
  if (leave) leave_lesson(s);
}

void leave_lesson(AppState& s) {
  LessonState& L = s.lesson;
  L.confirm_leave = false;
  if (L.active < 0) return;
  keep_exercise_text(s, false);
  L.active = -1;
  L.answer_shown = false;
  if (!L.panels_before.empty()) s.panels = L.panels_before;
}

}  // namespace scanscope
