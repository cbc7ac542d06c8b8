// The window's entry point: the display check, the start-up without a window (startup.h), the
// GLFW/ImGui window (window_loop.cpp), then either the interactive loop or a scripted run
// (--screenshot: scripted_runs.cpp).
#include <cstdio>
#include <cstdlib>
#include <string>

#include "settings.h"
#include "startup.h"
#include "window_options.h"
#include "window_shell.h"

namespace scanscope {

bool window_built() { return true; }

int run_window(const WindowOptions& o) {
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  if ((!display || !*display) && (!wayland || !*wayland)) {
    std::fprintf(stderr, "scanscope: no display: set DISPLAY or use xvfb-run\n");
    return 2;
  }
  const bool screenshot = !o.screenshot_path.empty();
  AppState s;
  const WindowSize size = start_app(s, o, screenshot ? "" : config_dir());  // screenshots keep no settings
  s.startup_resolutions = resolve_count(s.request);  // the request shown first
  s.startup_lesson_steps = lesson_step_resolutions();  // the process's, the command line's included
  s.startup_all_resolutions = resolve_count();
  int rc = 0;
  {
    WindowShell w(s, size.width, size.height, screenshot);
    if (!w.ok()) {
      std::fprintf(stderr, "scanscope: %s\n", w.error().c_str());
      return w.exit_code();
    }
    rc = screenshot ? run_screenshot(w, s, o) : w.run_interactive(o.exit_after_frames);
  }
  s.bench_job.reset();  // cancels and joins a sweep still running
  return rc;
}

}  // namespace scanscope
