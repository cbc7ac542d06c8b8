// The GLFW window with its OpenGL 3.3 core context and Dear ImGui, drawing an AppState through the
// panels (the fixed ones and one object per line of panel_table.h). The interactive loop lives
// here; the scripted runs (scripted_runs.cpp) drive the same frames one by one.
#pragma once

#include <memory>
#include <string>

#include "app_state.h"

namespace scanscope {

class WindowShell {
 public:
  // Opens the window. `scripted`: a fixed-size window, no vsync, no imgui.ini, no mouse hover.
  // On failure ok() is false and error() says why (exit_code() 2: no display, 1: no GL 3.3).
  WindowShell(AppState& s, int width, int height, bool scripted);
  ~WindowShell();  // the panels' GL objects, ImGui, the context, the window: in reverse order
  WindowShell(const WindowShell&) = delete;
  WindowShell& operator=(const WindowShell&) = delete;

  bool ok() const;
  const std::string& error() const;
  int exit_code() const;

  // One frame: animation and playback by dt seconds, the UI, rendered into the back buffer (and a
  // PNG export the UI asked for); not yet shown.
  void frame(double dt);
  void poll();    // handles pending window events
  void swap();    // shows the back buffer
  void finish();  // waits until the GPU has drawn the frame
  int vertices() const;  // ImGui's vertices in the last frame
  int framebuffer_width() const;
  int framebuffer_height() const;
  // Scripted input (--edit-script), through the same ImGui callbacks as the keyboard: a key
  // ("enter", "ctrl+shift+s", "delete", "a", ... with ctrl+, shift+, alt+) going down or up
  // (false: no such key), and characters typed.
  bool press_key(const std::string& combo, bool down);
  void type_text(const std::string& utf8);
  // The window manager's close button: closes, or asks first when there are unsaved changes.
  void close_button();
  bool should_close() const;
  // Writes the back buffer (after frame(), before swap()) as a PNG, atomically. Throws on failure.
  void write_png(const std::string& path) const;

  // The interactive loop until the user closes the window (or after exit_after_frames frames
  // when that is >= 0, playing from step 0); then the settings are saved. Returns the exit code.
  int run_interactive(long exit_after_frames);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

// The scripted run of --screenshot (scripted_runs.cpp): --frame-stats and --lesson-walk first when
// asked, then the requested view after a few frames, written to o.screenshot_path; error toasts
// become warnings on stderr. Returns the exit code.
int run_screenshot(WindowShell& w, AppState& s, const WindowOptions& o);

}  // namespace scanscope
