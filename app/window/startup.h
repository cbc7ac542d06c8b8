// The window's start-up, without a window: the AppState the options ask for (what to trace,
// which lesson, which panels, the settings) and the window's size; and, at the end, the settings
// written back. No ImGui, no GLFW: tests drive it directly (tests/window/test_window_startup.cpp).
#pragma once

#include <string>

#include "app_state.h"
#include "window_options.h"

namespace scanscope {

struct WindowSize {
  int width = 1600, height = 900;
};

// Fills `s` from the options, in this order: the panels (--panels, else the ones saved in the
// settings, else the default set; the comparison joins when a partner is asked for), the settings
// (settings_dir/settings.ini; settings_dir "" reads and writes none, as screenshots do),
// presenter mode, the first trace (--open, the request, else the kernel run last), the recorded
// sweep (--bench), the run form, the lessons (--lesson, --lesson-step), the step shown (--step);
// then the window's size (--size, else the size it had when last closed). Throws UsageError with
// the command line's message for a bad option, the loaders' errors for a bad file.
WindowSize start_app(AppState& s, const WindowOptions& o, const std::string& settings_dir);

// The settings as the window leaves them: its size (unless full screen), the kernel shown, the
// panels; written to s.settings_path (nothing when that is ""). Throws std::runtime_error when
// the file cannot be written.
void save_app_settings(AppState& s, int width, int height);

}  // namespace scanscope
