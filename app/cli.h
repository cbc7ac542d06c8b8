// The command line (DESIGN.md "Command line"): list, trace, validate, and the window's options.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "engine/catalogue.h"
#include "engine/runner.h"

namespace scanscope {

// What the window is asked to show when it starts (from `scanscope [options]`).
struct WindowOptions {
  std::string open_path;        // --open TRACE.json
  std::shared_ptr<Trace> opened_trace;  // that file, already loaded and validated by the command line
  bool have_request = false;    // trace options were given
  TraceRequest request;
  Device device = Device::Auto;
  int step = -1;                // --step K (-1: first)
  std::string screenshot_path;  // --screenshot FILE.png: render, write, exit
  std::string panels;           // --panels a,b,c (empty: default layout)
  std::string compare_pad;      // --compare-pad none|harris|zero: comparison view partner
  std::string compare_kernel;   // --compare-kernel ID
  int width = 1600, height = 900;
  bool presenter = false;
  std::string lesson;           // --lesson NAME: start a guided lesson (kernels/lesson.h)
  int lesson_step = 0;          // --lesson-step K: which step of it
  std::string bench_path;       // --bench FILE.json (recorded sweep to show)
};

int cli_main(int argc, char** argv);

// Implemented by the window layer; an emulator/CLI-only build provides a stub that explains.
int run_window(const WindowOptions& options);
bool window_built();

}  // namespace scanscope
