// The window's start-up without a window (see startup.h).
#include "startup.h"

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "engine/kernel_file.h"
#include "formats/trace_json.h"
#include "model.h"

namespace scanscope {

namespace {

// Options that only make sense together.
void check_scripted_options(const WindowOptions& o) {
  const bool screenshot = !o.screenshot_path.empty();
  if (o.frame_stats && !screenshot) throw UsageError("--frame-stats needs --screenshot (it plays every step before the screenshot)");
  if (!o.lesson_walk.empty() && !screenshot) throw UsageError("--lesson-walk needs --screenshot (it renders every lesson step before the screenshot)");
  if (o.exit_after_frames >= 0 && screenshot) throw UsageError("--exit-after-frames is for the interactive window, not with --screenshot");
  if (!o.edit_script.empty() && !screenshot) throw UsageError("--edit-script needs --screenshot (it drives the editor before the screenshot)");
}

}  // namespace

WindowSize start_app(AppState& s, const WindowOptions& o, const std::string& settings_dir) {
  check_scripted_options(o);
  const bool screenshot = !o.screenshot_path.empty();
  const bool want_compare = !o.compare_pad.empty() || !o.compare_kernel.empty();
  s.options = o;
  // Panels: --panels, else the default set (the comparison instead of the code when a partner is
  // asked for).
  s.panels = parse_panels(o.panels);
  s.compare_pad = o.compare_pad;
  s.compare_kernel = o.compare_kernel;
  if (s.panels.empty()) {
    s.panels = default_panels();
    if (want_compare) s.panels = {"tree", "compare", "smem", "warps"};
  }
  bool first_start = false;  // no settings written yet: a newcomer
  if (!settings_dir.empty()) {
    std::error_code ec;
    std::filesystem::create_directories(settings_dir, ec);  // imgui.ini is written there too
    s.settings_path = settings_dir + "/settings.ini";
    first_start = !std::filesystem::exists(s.settings_path, ec);
    s.settings = load_settings(s.settings_path);
    // A window that keeps its settings keeps the user's work too (XDG data folder; made when written).
    // my-*: a `cmake --install --prefix ~/.local` puts the program's own kernels/ and exercises/ there.
    if (const std::string data = user_data_dir(); !data.empty()) {
      s.editor.save_dir = data + "/my-kernels";
      s.exercise.save_dir = data + "/my-exercises";
      load_exercise_progress(s);  // the lesson box says which exercises passed before Try it
    }
    if (o.panels.empty() && !s.settings.panels.empty()) {
      try {
        auto saved = parse_panels(s.settings.panels);
        if (want_compare && std::find(saved.begin(), saved.end(), "compare") == saved.end()) saved.insert(saved.begin() + std::min<size_t>(1, saved.size()), "compare");
        if (!saved.empty()) s.panels = saved;
      } catch (const UsageError&) {
        // a stale settings file keeps the default panels
      }
    }
  }
  if (o.presenter) s.settings.presenter = true;
  s.sidebar_hidden = !s.settings.sidebar;  // as the window was left (Tab)

  // What to show first.
  if (!o.open_path.empty()) {
    // The command line has loaded and checked the file already; otherwise this throws with the
    // file's name and what is wrong.
    Trace t = o.opened_trace ? *o.opened_trace : load_trace_file(o.open_path);
    s.request = request_of(t);
    show_trace(s, std::move(t), "loaded from " + o.open_path);
    update_compare(s);
  } else {
    TraceRequest r = o.request;
    const bool last_kernel = !o.have_request && !s.settings.kernel.empty() && find_kernel_file(s.settings.kernel) && s.settings.kernel != r.kernel;
    if (last_kernel) r.kernel = s.settings.kernel;
    // The command line resolved the request already: the run takes that, unless the kernel is the
    // one run last instead (the kernel file is resolved once before the first frame).
    const ResolvedKernel* resolved = last_kernel ? nullptr : o.resolved.get();
    // A --source file whose text does not run opens in the editor with its error, to be fixed there;
    // a kernel that faults shows what ran up to the fault (its last step).
    const bool ran = run_request(s, r, o.device, resolved) || (!r.source.empty() && editor_start_on(s, r, o.device));
    if (!ran && !(s.have_trace && !s.trace.fault.empty())) throw UsageError(s.form_error);
    if (want_compare && !s.have_compare)
      throw UsageError("cannot build the comparison: " + (s.toasts.empty() ? std::string("?") : s.toasts.back().text));
  }
  // --source: the editor on that file, in the code view's place (unless --panels says otherwise).
  if (!o.request.source.empty() && o.panels.empty() && std::find(s.panels.begin(), s.panels.end(), "editor") == s.panels.end()) {
    auto code = std::find(s.panels.begin(), s.panels.end(), "code");
    if (code != s.panels.end()) *code = "editor";
    else s.panels.push_back("editor");
  }
  if (!o.bench_path.empty()) {
    s.bench = o.opened_bench ? *o.opened_bench : load_bench_file(o.bench_path);  // throws with the file's name and what is wrong
    s.have_bench = true;
    s.bench_origin = o.bench_path;
    std::snprintf(s.bench_buf, sizeof s.bench_buf, "%s", o.bench_path.c_str());
    if (o.panels.empty()) s.panels.push_back("timing");
  }
  // The timing panel: its series (a preset, scan-vs-cub unless --timing-preset or --series says
  // otherwise), its view, and a recording when it is shown.
  if (!o.timing_preset.empty() && !o.timing_series.empty())
    throw UsageError("--timing-preset and --series both choose the timing panel's series: give one of them");
  if (!o.timing_series.empty()) set_timing_series(s.timing, parse_timing_series(o.timing_series, "--series"));
  else apply_timing_preset(s.timing, timing_preset_or_throw(o.timing_preset.empty() ? kDefaultTimingPreset : o.timing_preset, "--timing-preset"));
  if (!o.timing_view.empty()) s.timing.view = parse_timing_view(o.timing_view, "--timing-view");
  const bool timing_asked = !o.timing_preset.empty() || !o.timing_series.empty() || !o.timing_view.empty();
  if (timing_asked && o.panels.empty() && std::find(s.panels.begin(), s.panels.end(), "timing") == s.panels.end()) s.panels.push_back("timing");
  if (std::find(s.panels.begin(), s.panels.end(), "timing") != s.panels.end()) {
    if (!ensure_timing_bench(s)) throw UsageError("the timing panel has no recording: " + (s.toasts.empty() ? std::string("?") : s.toasts.back().text));
    if (o.timing_preset.empty() && o.timing_series.empty()) fit_series_to_recording(s.timing, s.bench);  // a --bench file without the default preset's series
    const auto missing = missing_series(s.bench, shown_ids(s.timing));
    if (!o.timing_series.empty() && !missing.empty()) {
      std::string has;
      for (const auto& id : recorded_series(s.bench)) has += (has.empty() ? "" : ", ") + id;
      throw UsageError("--series: " + missing.front() + " is not in " + s.bench_origin + " (it has: " + has + ")");
    }
  }
  form_from_request(s.form, s.request, o.device);
  load_lesson_list(s);  // a file that fails to load is a toast naming file:line
  // The start screen: asked for, or the first start of a window given nothing to show.
  const bool nothing_asked = !o.have_request && o.open_path.empty() && o.lesson.empty() && o.bench_path.empty() && o.panels.empty();
  s.welcome_open = o.welcome || (first_start && nothing_asked);
  if (!o.lesson.empty()) {
    int li = find_lesson_index(s, o.lesson);
    if (names_lesson_file(o.lesson)) {  // a lesson file of the user's own: beside the program's lessons
      s.lesson.lessons.push_back(load_lesson_file(o.lesson, LessonResolve::OnDemand));
      li = static_cast<int>(s.lesson.lessons.size()) - 1;
    }
    if (li < 0) throw UsageError("--lesson: no lesson '" + o.lesson + "' (see scanscope lesson list)");
    if (o.lesson_step < 0 || o.lesson_step >= static_cast<int>(s.lesson.lessons[li].steps.size()))
      throw UsageError("--lesson-step " + std::to_string(o.lesson_step) + " is out of range: lesson " + o.lesson + " has steps 0.." +
                       std::to_string(s.lesson.lessons[li].steps.size() - 1));
    if (o.lesson_checked) s.lesson.resolved[{li, o.lesson_step}] = {"", o.lesson_resolved};  // resolved by the command line already
    open_lesson_step(s, li, o.lesson_step);
    if (!o.panels.empty()) s.panels = parse_panels(o.panels);
  }
  if (o.step >= 0) {
    // a grid trace counts its steps over the whole grid, launch after launch, block after block
    const int steps = s.have_grid ? static_cast<int>(s.grid.steps.size()) : step_count(s);
    if (o.step >= steps)
      throw UsageError("--step " + std::to_string(o.step) + " is out of range: this trace has steps 0.." + std::to_string(steps - 1));
    if (s.have_grid) select_grid_step(s, o.step);
    s.step = s.prev_step = s.have_grid ? s.step : o.step;
  }

  if (o.width < kMinWindowWidth || o.width > kMaxWindowWidth)
    throw UsageError("--size must be from " + std::to_string(kMinWindowWidth) + " to " + std::to_string(kMaxWindowWidth) + " pixels, not " + std::to_string(o.width));
  WindowSize size{o.width, o.height};
  if (size.width != 1600 && size.height == 900) size.height = size.width * 9 / 16;
  else if (!screenshot && size.width == 1600 && size.height == 900 && s.settings.width > 0 && s.settings.height > 0) {
    size.width = s.settings.width;  // the size the window had when it was last closed
    size.height = s.settings.height;
  }
  if (size.width < kMinWindowWidth || size.height < kMinWindowHeight)
    throw UsageError("--size must be at least " + std::to_string(kMinWindowWidth) + " (window " + std::to_string(size.width) + "x" +
                     std::to_string(size.height) + ")");
  return size;
}

void save_app_settings(AppState& s, int width, int height) {
  keep_exercise_text(s, false);  // the editor's exercise text as it is now, into its progress file
  if (s.settings_path.empty()) return;
  if (!s.fullscreen) {
    s.settings.width = width;
    s.settings.height = height;
  }
  if (s.have_trace) s.settings.kernel = s.trace.kernel;
  s.settings.sidebar = !s.sidebar_hidden;
  s.settings.panels.clear();
  for (const auto& p : s.panels) s.settings.panels += (s.settings.panels.empty() ? "" : ",") + p;
  save_settings(s.settings_path, s.settings);
}

}  // namespace scanscope
