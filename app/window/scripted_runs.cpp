// The scripted runs of the window (see window_shell.h): --screenshot, with --frame-stats (a timed
// play-through of every step), --lesson-walk (every step of every lesson to a PNG) and
// --edit-script (keys and text into the editor) before it.
// For the tests and the documentation's screenshots; they drive the same frames as the loop.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <stdexcept>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "formats/shown_text.h"
#include "screen_text.h"
#include "window_shell.h"

namespace scanscope {

namespace {

constexpr double kFrameDt = 1.0 / 30.0;

// `frames` frames, each shown but the last (which stays in the back buffer for a PNG).
void settle(WindowShell& w, int frames) {
  for (int f = 0; f < frames; ++f) {
    w.poll();
    w.frame(kFrameDt);
    if (f + 1 < frames) w.swap();
  }
}

// Plays through every step (12 frames each, the animation included) and prints the mean and 95th
// percentile of the frame time, for the whole frame and for the UI alone; the step shown is kept.
void frame_stats(WindowShell& w, AppState& s) {
  std::vector<double> ms, cpu_ms;
  double vertices = 0;
  const int keep = s.step;
  for (int k = 0; k < step_count(s); ++k) {
    set_step(s, k);
    for (int f = 0; f < 12; ++f) {
      auto t0 = std::chrono::steady_clock::now();
      w.poll();
      w.frame(kFrameDt);
      cpu_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
      vertices += w.vertices();
      w.finish();
      w.swap();
      ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
    }
  }
  auto summary = [](std::vector<double> v, double* mean, double* p95) {
    std::sort(v.begin(), v.end());
    double sum = 0;
    for (double x : v) sum += x;
    *mean = sum / v.size();
    *p95 = v[v.size() * 95 / 100];
  };
  double mean = 0, p95 = 0, cmean = 0, cp95 = 0;
  summary(ms, &mean, &p95);
  summary(cpu_ms, &cmean, &cp95);
  std::printf("frame stats: %zu frames over %d steps at %dx%d: frame (UI + GL finish + swap) mean %.2f ms, p95 %.2f ms; "
              "UI build + draw submission mean %.2f ms, p95 %.2f ms; %.0f vertices a frame\n",
              ms.size(), step_count(s), w.framebuffer_width(), w.framebuffer_height(), mean, p95, cmean, cp95, vertices / ms.size());
  s.step = s.prev_step = keep;
  s.anim = 1.0f;
}

// What the panels had to shrink, thin out or leave out in the last frame (LayoutReport).
void print_layout(const AppState& s) {
  const std::string text = s.layout_report.text();
  for (size_t i = 0; i < text.size();) {
    const size_t nl = text.find('\n', i);
    std::printf("layout: %s\n", text.substr(i, nl - i).c_str());
    i = nl + 1;
  }
}

// The text the last frame drew (screen_text.h): "screen: WINDOW PX at X,Y WxH | TEXT", a line per
// run (its glyphs' bounds in pixels, so a test can ask what text covers what).
void print_screen_text() {
  for (const ScreenText& t : screen_text())
    std::printf("screen: %s %.1f at %.0f,%.0f %.0fx%.0f | %s\n", t.window.c_str(), t.px, t.box.x, t.box.y, t.box.w, t.box.h, t.text.c_str());
}

// The open lesson step's text, question and answer as the lesson box has them (placeholders filled),
// each on one line.
void print_lesson_shown(const AppState& s) {
  auto one_line = [](std::string v) {
    std::replace(v.begin(), v.end(), '\n', ' ');
    return v;
  };
  const FilledStep& f = s.lesson.shown;
  std::printf("lesson-text: %s\n", one_line(f.text).c_str());
  if (!f.question.empty()) std::printf("lesson-question: %s\n", one_line(f.question).c_str());
  if (!f.answer.empty()) std::printf("lesson-answer: %s\n", one_line(f.answer).c_str());
}

// Opens every step of every lesson in turn and writes DIR/NAME-K.png for each, in one process;
// prints a line per step and the errors a step raised.
void lesson_walk(WindowShell& w, AppState& s, const std::string& dir) {
  for (int li = 0; li < static_cast<int>(s.lesson.lessons.size()); ++li) {
    const std::string& name = s.lesson.lessons[li].name;
    for (int k = 0; k < static_cast<int>(s.lesson.lessons[li].steps.size()); ++k) {
      const size_t errors_before = s.toasts.size();
      open_lesson_step(s, li, k);
      settle(w, 3);
      const std::string png = dir + "/" + name + "-" + std::to_string(k) + ".png";
      w.write_png(png);
      std::printf("lesson %s step %d: %s\n", name.c_str(), k, png.c_str());
      if (s.options.layout_report) print_layout(s);
      if (s.options.screen_text) {
        print_lesson_shown(s);
        print_screen_text();
      }
      for (size_t t = errors_before; t < s.toasts.size(); ++t)
        if (s.toasts[t].error) std::printf("lesson %s step %d: error: %s\n", name.c_str(), k, s.toasts[t].text.c_str());
      w.swap();
    }
  }
}

// `frames` frames, each shown.
void frames(WindowShell& w, int n) {
  settle(w, n);
  w.swap();
}

// What the editor, the trace, the lesson and the comparison hold, on one line each (the tests read it).
void print_state(const AppState& s) {
  const EditorState& e = s.editor;
  const char* prompts[] = {"none", "unsaved", "save-as", "open"};
  std::printf("editor: file=%s dirty=%d edited=%d builtin=%d prompt=%s quit=%d cursor_line=%d top_line=%d errors=%zu", e.display.c_str(), editor_dirty(e),
              editor_edited(e), e.builtin, prompts[static_cast<int>(e.prompt)], s.quit, line_of_offset(e.text, e.cursor) + 1, e.top_line + 1, e.errors.size());
  for (const EditorError& x : e.errors) std::printf(" error_line=%d error_here=%d error=\"%s\"", x.line, x.here, x.message.c_str());
  bool red = false;
  std::printf(" status=\"%s\"\n", editor_status(s, &red).c_str());
  auto totals = [](const Trace& t) {
    return " wavefronts=" + std::to_string(t.totals.ld.wavefronts + t.totals.st.wavefronts) +
           " conflicts=" + std::to_string(t.totals.ld.conflicts + t.totals.st.conflicts);
  };
  if (s.have_trace)
    std::printf("trace: kernel=%s steps=%zu step=%d runs_text=%d runs_edit=%d%s\n", s.trace.kernel.c_str(), s.trace.steps.size(), s.step, trace_runs_text(s),
                trace_runs_edit(s), totals(s.trace).c_str());
  if (const LessonStep* st = current_lesson_step(s)) std::printf("lesson: %s step=%d title=\"%s\"\n", s.lesson.lessons[s.lesson.active].name.c_str(), s.lesson.step, st->title.c_str());
  if (!e.exercise.empty()) {  // what the lesson box says of it, and the lines the editor marks
    const ExerciseVerdict v = exercise_verdict(s);
    const char* kinds[] = {"none", "not-checked", "did-not-run", "passed", "failed"};
    const auto w = s.exercise.work.find(e.exercise);
    std::printf("exercise: %s in_lesson_box=%d verdict=%s hint=%d asking=%d headline=\"%s\"", e.exercise.c_str(), exercise_in_editor(s), kinds[v.kind],
                w != s.exercise.work.end() && w->second.hint_shown, s.exercise.confirm_solution, v.headline.c_str());
    for (const EditorMark& m : editor_marks(s))
      if (m.kind == EditorMark::Flag) std::printf(" flag_line=%d", m.line + 1);
    std::printf("\n");
    for (const ExerciseSentence& f : v.failures) std::printf("exercise-failure: [%s] %s\n", f.run.c_str(), f.sentence.c_str());
  }
  std::printf("start-up: resolutions=%lld\n", s.startup_resolutions);  // of a kernel file, before the first frame
  // the whole process's before the first frame: lesson steps resolved, kernel resolutions of any request
  std::printf("first-frame: lesson-steps=%lld resolutions=%lld\n", s.startup_lesson_steps, s.startup_all_resolutions);
  std::printf("view: sidebar=%d focus=%s help=%d panels=%zu\n", !s.sidebar_hidden, s.focus_panel.empty() ? "-" : s.focus_panel.c_str(), s.help_open, s.panels.size());
  print_layout(s);
  if (s.have_compare)
    std::printf("compare: A=\"%s\" B=\"%s\" partner%s\n", compare_side_label(s, s.compare_swap).c_str(), compare_side_label(s, !s.compare_swap).c_str(),
                totals(s.compare).c_str());
  std::fflush(stdout);
}

// --edit-script FILE: drives the editor as the user would, one command a line ("#" comments):
//   goto LINE:COL   the editor gets the keyboard, the cursor at LINE:COL (1-based)
//   type TEXT       characters, as typed
//   key COMBO       a key pressed and released: enter, delete, backspace, escape, a..z, ... with
//                   ctrl+, shift+, alt+ (ctrl+enter runs, ctrl+s saves)
//   tap KEY [N]     KEY pressed and released N times before the next frame (a clicker's quick taps)
//   frames N        N more frames
//   step K          the trace's step K
//   compare original [PAD] | swap | clear   the comparison panel's buttons
//   exercise try | hint | solution | reset   the lesson box's exercise buttons (solution asks first: key y answers)
//   sweep start | wait K | cancel | finish   the timing panel's sweep: start it, draw frames until
//                   it has K points (or ends), cancel it and collect, draw until it ends
//   close           the window manager's close button
//   print           the state on stdout (print_state)
//   shot FILE.png   a screenshot now
// Returns 0, or 2 (with a message naming FILE:LINE) for a command it does not know. The command
// line has read FILE (`text`) before the window opened: a regular file of bounded size.
int edit_script(WindowShell& w, AppState& s, const std::string& path, const std::string& text) {
  std::istringstream in(text);
  frames(w, 2);  // the layout, and the editor's widget, exist
  std::string line;
  for (int no = 1; std::getline(in, line); ++no) {
    const size_t b = line.find_first_not_of(" \t");
    if (b == std::string::npos || line[b] == '#') continue;
    line = line.substr(b);
    const size_t sp = line.find(' ');
    const std::string cmd = line.substr(0, sp), arg = sp == std::string::npos ? "" : line.substr(sp + 1);
    auto bad = [&](const std::string& why) {
      std::fprintf(stderr, "scanscope: error: %s\n", shown_text(path + ":" + std::to_string(no) + ": " + why, kMaxShownText, true).c_str());
      return 2;
    };
    auto repeat = [&](const std::string& n, int* out) {  // a count of 1 to kMaxScriptRepeat
      char* end = nullptr;
      const long v = std::strtol(n.c_str(), &end, 10);
      if (n.empty() || *end != '\0' || v < 1 || v > kMaxScriptRepeat) return false;
      *out = static_cast<int>(v);
      return true;
    };
    if (cmd == "goto") {
      int l = 0, c = 0;
      if (std::sscanf(arg.c_str(), "%d:%d", &l, &c) != 2 || l < 1 || c < 1) return bad("goto LINE:COL, not '" + arg + "'");
      const int start = line_start(s.editor.text, l - 1);
      const size_t nl = s.editor.text.find('\n', static_cast<size_t>(start));
      const int end = static_cast<int>(nl == std::string::npos ? s.editor.text.size() : nl);
      s.editor.want_focus = true;
      s.editor.want_cursor = std::min(start + c - 1, end);
      frames(w, 3);  // focus, then the cursor placed
    } else if (cmd == "type") {
      w.type_text(arg);
      frames(w, 1);
    } else if (cmd == "key") {
      if (!w.press_key(arg, true)) return bad("no key '" + arg + "'");
      frames(w, 1);
      w.press_key(arg, false);
      frames(w, 1);
    } else if (cmd == "tap") {  // tap KEY [N]: N presses and releases before the next frame (a clicker's quick taps)
      const size_t sp2 = arg.find(' ');
      const std::string key = arg.substr(0, sp2);
      int times = 1;
      if (sp2 != std::string::npos && !repeat(arg.substr(sp2 + 1), &times))
        return bad("tap KEY N: N from 1 to " + std::to_string(kMaxScriptRepeat) + ", not '" + arg.substr(sp2 + 1) + "'");
      for (int i = 0; i < times; ++i) {
        if (!w.press_key(key, true)) return bad("no key '" + key + "'");
        w.press_key(key, false);
      }
      frames(w, 1);
    } else if (cmd == "frames") {
      int n = 1;
      if (!repeat(arg, &n)) return bad("frames N: N from 1 to " + std::to_string(kMaxScriptRepeat) + ", not '" + arg + "'");
      frames(w, n);
    } else if (cmd == "step") {
      set_step(s, std::atoi(arg.c_str()));
      s.anim = 1.0f;
      frames(w, 1);
    } else if (cmd == "compare") {
      if (arg.rfind("original", 0) == 0) compare_with_original(s, arg.size() > 9 ? arg.substr(9) : "");
      else if (arg == "swap") s.compare_swap = !s.compare_swap;
      else if (arg == "clear") clear_compare(s);
      else return bad("compare original [PAD] | swap | clear, not '" + arg + "'");
      frames(w, 1);
    } else if (cmd == "exercise") {
      if (arg == "try") try_exercise(s);
      else if (arg == "hint") toggle_exercise_hint(s);
      else if (arg == "solution") ask_model_solution(s);
      else if (arg == "reset") reset_exercise(s);
      else return bad("exercise try | hint | solution | reset, not '" + arg + "'");
      frames(w, 2);
    } else if (cmd == "sweep") {
      const bool wait = arg.rfind("wait ", 0) == 0;
      if (arg == "start") start_sweep(s);
      else if (arg == "cancel") cancel_sweep(s);
      else if (!wait && arg != "finish") return bad("sweep start | wait K | cancel | finish, not '" + arg + "'");
      const size_t k = wait ? static_cast<size_t>(std::max(1, std::atoi(arg.c_str() + 5))) : 0;
      const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(120);
      frames(w, 1);
      while (s.bench_job && (arg != "start") && (!wait || s.bench.points.size() < k || s.bench_origin.find("running") == std::string::npos) &&
             std::chrono::steady_clock::now() < until) {
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
        collect_sweep(s);  // as the timing panel does every frame, shown or not
        frames(w, 1);
      }
    } else if (cmd == "close") {
      w.close_button();
      frames(w, 2);
    } else if (cmd == "print") {
      print_state(s);
    } else if (cmd == "shot") {
      s.anim = 1.0f;
      settle(w, 2);
      try {
        w.write_png(arg);
      } catch (const std::exception& e) {
        return bad(e.what());
      }
      w.swap();
    } else {
      return bad("unknown command '" + cmd + "' (goto, type, key, tap, frames, step, compare, exercise, sweep, close, print, shot)");
    }
  }
  return 0;
}

}  // namespace

int run_screenshot(WindowShell& w, AppState& s, const WindowOptions& o) {
  if (o.frame_stats) frame_stats(w, s);
  if (!o.lesson_walk.empty()) lesson_walk(w, s, o.lesson_walk);
  if (!o.edit_script.empty()) {
    if (const int rc = edit_script(w, s, o.edit_script, o.edit_script_text); rc != 0) return rc;
  }
  // The requested step is shown as arrived; a few frames let the layout and fonts settle.
  s.anim = 1.0f;
  settle(w, 4);
  int rc = 0;
  try {
    w.write_png(o.screenshot_path);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scanscope: error: %s\n", e.what());
    rc = 1;
  }
  if (o.layout_report) print_layout(s);
  if (o.screen_text) print_screen_text();
  for (const auto& t : s.toasts)
    if (t.error) std::fprintf(stderr, "scanscope: warning: %s\n", t.text.c_str());
  return rc;
}

}  // namespace scanscope
