// The scripted runs of the window (see window_shell.h): --screenshot, with --frame-stats (a timed
// play-through of every step) and --lesson-walk (every step of every lesson to a PNG) before it.
// For the tests and the documentation's screenshots; they drive the same frames as the loop.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

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
      for (size_t t = errors_before; t < s.toasts.size(); ++t)
        if (s.toasts[t].error) std::printf("lesson %s step %d: error: %s\n", name.c_str(), k, s.toasts[t].text.c_str());
      w.swap();
    }
  }
}

}  // namespace

int run_screenshot(WindowShell& w, AppState& s, const WindowOptions& o) {
  if (o.frame_stats) frame_stats(w, s);
  if (!o.lesson_walk.empty()) lesson_walk(w, s, o.lesson_walk);
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
  for (const auto& t : s.toasts)
    if (t.error) std::fprintf(stderr, "scanscope: warning: %s\n", t.text.c_str());
  return rc;
}

}  // namespace scanscope
