// The window: GLFW + OpenGL 3.3 core + Dear ImGui. init, loop (poll, new frame, panels, render),
// shutdown in reverse order; --screenshot renders a few frames, writes the PNG and exits.
#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <chrono>
#include <cfloat>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include <imgui.h>
#include "backends/imgui_impl_glfw.h"
#include "backends/imgui_impl_opengl3.h"
#include "formats/image_io.h"

#include "app_state.h"
#include "window_options.h"
#include "heatmap_gl.h"
#include "layout.h"
#include "model.h"
#include "panels.h"
#include "formats/trace_json.h"

namespace scanscope {

bool window_built() { return true; }

namespace {

// The fixed parts around the main area, and one object per line of panel_table.h.
struct Panels {
  ControlsPanel controls;
  TransportPanel transport;
  LessonPanel lesson;
  std::vector<std::unique_ptr<Panel>> table = make_panels();
};

// Reads the back buffer (after rendering, before the swap) and writes it as a PNG.
void write_png(const std::string& path, int w, int h) {
  std::vector<unsigned char> px(static_cast<size_t>(w) * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, px.data());
  std::vector<unsigned char> flipped(px.size());
  const size_t row = static_cast<size_t>(w) * 3;
  for (int y = 0; y < h; ++y) std::copy(px.begin() + y * row, px.begin() + (y + 1) * row, flipped.begin() + (h - 1 - y) * row);
  save_png(path, w, h, 3, flipped.data());  // atomic: a killed export leaves the old file
}

}  // namespace

std::vector<std::unique_ptr<Panel>> make_panels() {
  std::vector<std::unique_ptr<Panel>> out;
#define SCANSCOPE_MAKE_PANEL(name, Class, title, in_default) out.push_back(std::make_unique<Class>());
  SCANSCOPE_PANELS(SCANSCOPE_MAKE_PANEL)
#undef SCANSCOPE_MAKE_PANEL
  return out;
}

namespace {

void draw_toasts(AppState& s) {
  s.toasts.erase(std::remove_if(s.toasts.begin(), s.toasts.end(), [&](const Toast& t) { return t.until < s.time; }), s.toasts.end());
  if (s.toasts.empty()) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x - 12, io.DisplaySize.y - 12), ImGuiCond_Always, ImVec2(1, 1));
  ImGui::SetNextWindowBgAlpha(0.92f);
  ImGui::Begin("##toasts", nullptr, ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings |
                                        ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav);
  ImGui::PushTextWrapPos(io.DisplaySize.x * 0.4f);
  for (const auto& t : s.toasts) ImGui::TextColored(t.error ? ImVec4(1, 0.5f, 0.4f, 1) : ImVec4(0.6f, 0.9f, 0.6f, 1), "%s", t.text.c_str());
  ImGui::PopTextWrapPos();
  ImGui::End();
}

void handle_keys(AppState& s) {
  ImGuiIO& io = ImGui::GetIO();
  if (io.WantTextInput) return;
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Space), false)) {
    if (!s.playing && s.step + 1 >= step_count(s)) set_step(s, 0);
    s.playing = !s.playing;
    s.play_clock = 0;
  }
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_RightArrow))) set_step(s, s.step + 1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_LeftArrow))) set_step(s, s.step - 1);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_Home))) set_step(s, 0);
  if (ImGui::IsKeyPressed(ImGui::GetKeyIndex(ImGuiKey_End))) set_step(s, step_count(s) - 1);
  if (ImGui::IsKeyPressed(GLFW_KEY_F11, false)) s.toggle_fullscreen = true;
}

void draw_ui(AppState& s, Panels& p, const UiContext& ui, float w, float h) {
  handle_keys(s);
  p.lesson.handle_keys(s);
  LayoutExtras extras;
  extras.lesson = current_lesson_step(s) != nullptr;
  if (!s.output_ok) {
    const float side_w = layout_window({}, w, h, ui.scale * (s.settings.presenter ? 1.25f : 1.0f)).transport.w;
    const ImVec2 pad = ImGui::GetStyle().WindowPadding;
    extras.notice_h = ImGui::CalcTextSize(s.output_note.c_str(), nullptr, false, side_w - 2 * pad.x - 8).y + 2 * pad.y + 2;
  }
  WindowLayout l = layout_window(s.panels, w, h, ui.scale * (s.settings.presenter ? 1.25f : 1.0f), extras);
  p.controls.draw(s, ui, l.sidebar);
  p.transport.draw(s, ui, l.transport);
  draw_notice(s, ui, l.notice);
  for (const auto& pr : l.panels) {
    const int i = panel_index(pr.name);
    if (i >= 0) p.table[i]->draw(s, ui, pr.rect);
  }
  p.lesson.draw(s, ui, l.lesson);
  draw_toasts(s);
}

}  // namespace

int run_window(const WindowOptions& o) {
  const char* display = std::getenv("DISPLAY");
  const char* wayland = std::getenv("WAYLAND_DISPLAY");
  if ((!display || !*display) && (!wayland || !*wayland)) {
    std::fprintf(stderr, "scanscope: no display: set DISPLAY or use xvfb-run\n");
    return 2;
  }
  const bool screenshot = !o.screenshot_path.empty();
  AppState s;
  s.options = o;
  // Panels: --panels, else the default set (plus the comparison when a partner is asked for).
  s.panels = parse_panels(o.panels);
  s.compare_pad = o.compare_pad;
  s.compare_kernel = o.compare_kernel;
  if (s.panels.empty()) {
    s.panels = default_panels();
    if (!o.compare_pad.empty() || !o.compare_kernel.empty()) s.panels = {"tree", "compare", "smem", "warps"};
  }
  if (!screenshot) {
    const std::string dir = config_dir();
    if (!dir.empty()) {
      std::error_code ec;
      std::filesystem::create_directories(dir, ec);  // imgui.ini is written there too
      s.settings_path = dir + "/settings.ini";
      s.settings = load_settings(s.settings_path);
      if (o.panels.empty() && !s.settings.panels.empty()) {
        try {
          auto saved = parse_panels(s.settings.panels);
          const bool want_compare = !o.compare_pad.empty() || !o.compare_kernel.empty();
          if (want_compare && std::find(saved.begin(), saved.end(), "compare") == saved.end()) saved.insert(saved.begin() + std::min<size_t>(1, saved.size()), "compare");
          if (!saved.empty()) s.panels = saved;
        } catch (const UsageError&) {
          // a stale settings file keeps the default panels
        }
      }
    }
  }
  if (o.presenter) s.settings.presenter = true;

  // What to show first.
  if (!o.open_path.empty()) {
    Trace t = load_trace_file(o.open_path);  // throws with the file's name and what is wrong
    s.request = request_of(t);
    show_trace(s, std::move(t), "loaded from " + o.open_path);
    update_compare(s);
  } else {
    TraceRequest r = o.request;
    if (!o.have_request && !s.settings.kernel.empty() && find_kernel(s.settings.kernel)) r.kernel = s.settings.kernel;
    if (!run_request(s, r, o.device)) throw UsageError(s.form_error);
    if (!o.compare_pad.empty() || !o.compare_kernel.empty())
      if (!s.have_compare) throw UsageError("cannot build the comparison: " + (s.toasts.empty() ? std::string("?") : s.toasts.back().text));
  }
  if (!o.bench_path.empty()) {
    s.bench = load_bench_file(o.bench_path);  // throws with the file's name and what is wrong
    s.have_bench = true;
    s.bench_origin = o.bench_path;
    std::snprintf(s.bench_buf, sizeof s.bench_buf, "%s", o.bench_path.c_str());
    if (o.panels.empty()) s.panels.push_back("timing");
  }
  form_from_request(s.form, s.request, o.device);
  load_lesson_list(s);  // a file that fails to load is a toast naming file:line
  if (!o.lesson.empty()) {
    const int li = find_lesson_index(s, o.lesson);
    if (li < 0) throw UsageError("--lesson: no lesson '" + o.lesson + "' (see scanscope lesson list)");
    if (o.lesson_step < 0 || o.lesson_step >= static_cast<int>(s.lesson.lessons[li].steps.size()))
      throw UsageError("--lesson-step " + std::to_string(o.lesson_step) + " is out of range: lesson " + o.lesson + " has steps 0.." +
                       std::to_string(s.lesson.lessons[li].steps.size() - 1));
    open_lesson_step(s, li, o.lesson_step);
    if (!o.panels.empty()) s.panels = parse_panels(o.panels);
  }
  if (o.step >= 0) {
    if (o.step >= step_count(s))
      throw UsageError("--step " + std::to_string(o.step) + " is out of range: this trace has steps 0.." + std::to_string(step_count(s) - 1));
    s.step = s.prev_step = o.step;
  }

  int width = o.width, height = o.height;
  if (width != 1600 && height == 900) height = width * 9 / 16;
  else if (!screenshot && width == 1600 && height == 900 && s.settings.width > 0 && s.settings.height > 0) {
    width = s.settings.width;  // the size the window had when it was last closed
    height = s.settings.height;
  }
  if (width < 320 || height < 200) throw UsageError("--size must be at least 320 (window " + std::to_string(width) + "x" + std::to_string(height) + ")");

  if (!glfwInit()) {
    std::fprintf(stderr, "scanscope: no display: set DISPLAY or use xvfb-run (GLFW could not open '%s')\n", display ? display : "");
    return 2;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GL_TRUE);
  if (screenshot) glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
  GLFWwindow* window = glfwCreateWindow(width, height, "scanscope", nullptr, nullptr);
  if (!window) {
    glfwTerminate();
    std::fprintf(stderr, "scanscope: no display: cannot create an OpenGL 3.3 core window (set DISPLAY or use xvfb-run)\n");
    return 2;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(screenshot ? 0 : 1);
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
    glfwDestroyWindow(window);
    glfwTerminate();
    std::fprintf(stderr, "scanscope: error: cannot load OpenGL 3.3 core functions\n");
    return 1;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  std::string ini_path;
  if (screenshot || s.settings_path.empty()) io.IniFilename = nullptr;
  else {
    ini_path = config_dir() + "/imgui.ini";
    io.IniFilename = ini_path.c_str();
  }
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");

  HeatmapGL heatmap;
  if (!heatmap.init()) toast(s, "heatmap shader failed, drawing without it: " + heatmap.error(), true);
  UiContext ui;
  ui.heatmap = &heatmap;
  Panels panels;

  int windowed[4] = {0, 0, width, height};
  auto frame = [&](double dt) {
    if (s.style_dirty) {
      ui.scale = s.settings.ui_scale;
      ui.fonts = build_fonts(s.settings.ui_scale, s.settings.presenter);
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
      apply_style(s.settings.ui_scale, s.settings.presenter);
      s.style_dirty = false;
    }
    s.time += dt;
    advance(s, dt);
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    if (screenshot) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no hover highlight from Xvfb's pointer
    ImGui::NewFrame();
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(window, &fw, &fh);
    draw_ui(s, panels, ui, io.DisplaySize.x, io.DisplaySize.y);
    ImGui::Render();
    glBindFramebuffer(GL_FRAMEBUFFER, 0);
    glViewport(0, 0, fw, fh);
    glClearColor(0.05f, 0.05f, 0.06f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    if (!s.export_png_path.empty()) {
      try {
        write_png(s.export_png_path, fw, fh);
        toast(s, "wrote " + s.export_png_path, false);
      } catch (const std::exception& e) {
        toast(s, e.what(), true);
      }
      s.export_png_path.clear();
    }
    if (s.toggle_fullscreen) {
      s.toggle_fullscreen = false;
      GLFWmonitor* mon = glfwGetPrimaryMonitor();
      if (!s.fullscreen && mon) {
        glfwGetWindowPos(window, &windowed[0], &windowed[1]);
        glfwGetWindowSize(window, &windowed[2], &windowed[3]);
        const GLFWvidmode* mode = glfwGetVideoMode(mon);
        glfwSetWindowMonitor(window, mon, 0, 0, mode->width, mode->height, mode->refreshRate);
        s.fullscreen = true;
      } else if (s.fullscreen) {
        glfwSetWindowMonitor(window, nullptr, windowed[0], windowed[1], windowed[2], windowed[3], 0);
        s.fullscreen = false;
      }
    }
  };

  int rc = 0;
  if (screenshot) {
    const double dt = 1.0 / 30.0;
    // Optional frame-time measurement: a scripted play-through of every step.
    const char* stats = std::getenv("SCANSCOPE_FRAME_STATS");
    if (stats && std::string(stats) == "1") {
      std::vector<double> ms, cpu_ms;
      double vertices = 0;
      const int keep = s.step;
      for (int k = 0; k < step_count(s); ++k) {
        set_step(s, k);
        for (int f = 0; f < 12; ++f) {
          auto t0 = std::chrono::steady_clock::now();
          glfwPollEvents();
          frame(dt);
          cpu_ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
          vertices += io.MetricsRenderVertices;
          glFinish();
          glfwSwapBuffers(window);
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
                  ms.size(), step_count(s), width, height, mean, p95, cmean, cp95, vertices / ms.size());
      s.step = s.prev_step = keep;
      s.anim = 1.0f;
    }
    // For the lesson test: SCANSCOPE_LESSON_WALK=DIR opens every step of every lesson in turn and
    // writes DIR/NAME-K.png for each (the lesson box is checked in the PNGs), in one process.
    const char* walk = std::getenv("SCANSCOPE_LESSON_WALK");
    if (walk && *walk) {
      for (int li = 0; li < static_cast<int>(s.lesson.lessons.size()); ++li) {
        for (int k = 0; k < static_cast<int>(s.lesson.lessons[li].steps.size()); ++k) {
          const size_t errors_before = s.toasts.size();
          open_lesson_step(s, li, k);
          for (int f = 0; f < 3; ++f) {
            glfwPollEvents();
            frame(dt);
            if (f < 2) glfwSwapBuffers(window);
          }
          int fw = 0, fh = 0;
          glfwGetFramebufferSize(window, &fw, &fh);
          const std::string png = std::string(walk) + "/" + s.lesson.lessons[li].name + "-" + std::to_string(k) + ".png";
          write_png(png, fw, fh);
          std::printf("lesson %s step %d: %s\n", s.lesson.lessons[li].name.c_str(), k, png.c_str());
          for (size_t t = errors_before; t < s.toasts.size(); ++t)
            if (s.toasts[t].error) std::printf("lesson %s step %d: error: %s\n", s.lesson.lessons[li].name.c_str(), k, s.toasts[t].text.c_str());
          glfwSwapBuffers(window);
        }
      }
    }
    // The requested step is shown as arrived; a few frames let the layout and fonts settle.
    s.anim = 1.0f;
    for (int f = 0; f < 4; ++f) {
      glfwPollEvents();
      frame(dt);
      if (f < 3) glfwSwapBuffers(window);
    }
    int fw = 0, fh = 0;
    glfwGetFramebufferSize(window, &fw, &fh);
    try {
      write_png(o.screenshot_path, fw, fh);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "scanscope: error: %s\n", e.what());
      rc = 1;
    }
    for (const auto& t : s.toasts)
      if (t.error) std::fprintf(stderr, "scanscope: warning: %s\n", t.text.c_str());
  } else {
    auto last = std::chrono::steady_clock::now();
    // For tests of the interactive loop: SCANSCOPE_EXIT_AFTER_FRAMES=N plays from the first step
    // and closes the window after N frames, as if the user had (settings are saved).
    const char* exit_after = std::getenv("SCANSCOPE_EXIT_AFTER_FRAMES");
    long frames_left = exit_after ? std::atol(exit_after) : -1;
    if (frames_left > 0) {
      set_step(s, 0);
      s.playing = true;
    }
    while (!glfwWindowShouldClose(window)) {
      if (frames_left >= 0 && frames_left-- == 0) glfwSetWindowShouldClose(window, GLFW_TRUE);
      if (!s.playing && !animating(s) && s.toasts.empty()) glfwWaitEventsTimeout(0.25);
      else glfwPollEvents();
      if (glfwGetWindowAttrib(window, GLFW_ICONIFIED)) {
        glfwWaitEventsTimeout(0.1);
        continue;
      }
      auto now = std::chrono::steady_clock::now();
      double dt = std::chrono::duration<double>(now - last).count();
      last = now;
      frame(std::min(dt, 0.1));
      glfwSwapBuffers(window);
    }
    if (!s.settings_path.empty()) {
      if (!s.fullscreen) glfwGetWindowSize(window, &s.settings.width, &s.settings.height);
      if (s.have_trace) s.settings.kernel = s.trace.kernel;
      s.settings.panels.clear();
      for (const auto& p : s.panels) s.settings.panels += (s.settings.panels.empty() ? "" : ",") + p;
      try {
        save_settings(s.settings_path, s.settings);
      } catch (const std::exception& e) {
        std::fprintf(stderr, "scanscope: warning: settings not saved: %s\n", e.what());
      }
    }
  }

  for (auto& panel : panels.table) panel->release();
  if (s.bench_job) s.bench_job->cancel = true;
  s.bench_job.reset();  // joins the sweep thread before the context goes
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return rc;
}

}  // namespace scanscope
