// What the window is asked to show when it starts, and its entry points. The command line
// (app/cli.cpp) fills the options; the window (start-up, loop, scripted runs) reads them. No CLI,
// no ImGui here: the window model and its tests use this header without linking either.
#pragma once

#include <memory>
#include <string>

#include "engine/catalogue.h"
#include "engine/runner.h"

namespace scanscope {

// The window's width in pixels (--size, settings.ini): from a small laptop's to an 8K screen's.
constexpr int kMinWindowWidth = 320, kMaxWindowWidth = 7680;
// Its height follows 16:9: 180 pixels at the smallest width (320 to 355 were once refused).
constexpr int kMinWindowHeight = kMinWindowWidth * 9 / 16;

struct BenchResults;  // bench/bench.h

// An --edit-script file: at most 1 MiB (the longest shipped script is a few hundred bytes);
// `frames N` and `tap KEY N` at most kMaxScriptRepeat each.
constexpr long long kMaxEditScriptBytes = 1 << 20;
constexpr int kMaxScriptRepeat = 100000;
// --exit-after-frames: at most a million frames (about 4.6 hours at 60 frames a second).
constexpr long kMaxExitAfterFrames = 1000000;

struct WindowOptions {
  std::string open_path;        // --open TRACE.json
  std::shared_ptr<Trace> opened_trace;  // that file, already loaded and validated by the command line
  bool have_request = false;    // trace options were given
  TraceRequest request;
  // That request, already resolved by the command line (its checks before any window): the first
  // run takes it instead of resolving the kernel file again. Null where the command line did not
  // resolve it (a --source whose text has an error) or for options made without a command line.
  std::shared_ptr<const ResolvedKernel> resolved;
  Device device = Device::Auto;
  int step = -1;                // --step K (-1: first)
  std::string screenshot_path;  // --screenshot FILE.png: render, write, exit
  std::string panels;           // --panels a,b,c (empty: default layout)
  std::string compare_pad;      // --compare-pad none|harris|zero: comparison view partner
  std::string compare_kernel;   // --compare-kernel ID
  int width = 1600, height = 900;
  bool presenter = false;
  std::string lesson;           // --lesson NAME: start a guided lesson (formats/lesson.h)
  int lesson_step = 0;          // --lesson-step K: which step of it
  // The command line resolved that step and ran its check (run_lesson_step): the window takes the
  // step as resolved (LessonState::resolved), its kernel `lesson_resolved` (null: a view's step).
  bool lesson_checked = false;
  std::shared_ptr<const ResolvedKernel> lesson_resolved;
  std::string bench_path;       // --bench FILE.json (recorded sweep to show)
  std::shared_ptr<BenchResults> opened_bench;  // that file, already loaded and validated by the command line
  std::string timing_preset;    // --timing-preset NAME: the timing panel's series (bench/bench_view.h; default scan-vs-cub)
  std::string timing_series;    // --series a,b,c: the timing panel's series one by one instead
  std::string timing_view;      // --timing-view time|ratio

  // Scripted runs, for the tests and the documentation's screenshots (scripted_runs.cpp):
  bool frame_stats = false;      // --frame-stats (with --screenshot): first play every step, print frame times
  std::string lesson_walk;       // --lesson-walk DIR (with --screenshot): first render every lesson step to DIR/NAME-K.png
  bool show_answer = false;      // --show-answer: lesson steps open with their answer shown
  bool welcome = false;          // --welcome: open with the start screen (the first start opens with it anyway)
  long exit_after_frames = -1;   // --exit-after-frames N (interactive): play from step 0, close after N frames
  bool layout_report = false;    // --layout-report (with --screenshot): print what the panels had to shrink, thin out or leave out
  bool screen_text = false;      // --screen-text (with --screenshot): print the text the frame drew, run by run (screen_text.h)
  std::string edit_script;       // --edit-script FILE (with --screenshot): first drive the editor (keys, text) as FILE says
  std::string edit_script_text;  // that file, already read by the command line (a regular file of at most kMaxEditScriptBytes)
};

// Implemented by the window layer (window.cpp); a build without GLFW/ImGui provides stubs
// (app/no_window.cpp) that say so.
int run_window(const WindowOptions& options);
bool window_built();

}  // namespace scanscope
