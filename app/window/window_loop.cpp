// The GLFW window, its OpenGL 3.3 core context and Dear ImGui (see window_shell.h): init, one
// frame (keys, layout, panels, render), the interactive loop, shutdown in reverse order.
#include <glad/gl.h>

#include <GLFW/glfw3.h>

#include <algorithm>
#include <cctype>
#include <cfloat>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include <imgui.h>
#include "backends/imgui_impl_glfw.h"
#include "formats/shown_text.h"
#include "backends/imgui_impl_opengl3.h"

#include "formats/image_io.h"
#include "heatmap_gl.h"
#include "keys.h"
#include "layout.h"
#include "model.h"
#include "panels.h"
#include "settings.h"
#include "startup.h"
#include "window_shell.h"
#include "window_title.h"

namespace scanscope {

std::vector<std::unique_ptr<Panel>> make_panels() {
  std::vector<std::unique_ptr<Panel>> out;
#define SCANSCOPE_MAKE_PANEL(name, Class, title, in_default, steps) out.push_back(std::make_unique<Class>());
  SCANSCOPE_PANELS(SCANSCOPE_MAKE_PANEL)
#undef SCANSCOPE_MAKE_PANEL
  return out;
}

namespace {

// Reads the back buffer (after rendering, before the swap) and writes it as a PNG.
void write_back_buffer_png(const std::string& path, int w, int h) {
  std::vector<unsigned char> px(static_cast<size_t>(w) * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, px.data());
  std::vector<unsigned char> flipped(px.size());
  const size_t row = static_cast<size_t>(w) * 3;
  for (int y = 0; y < h; ++y) std::copy(px.begin() + y * row, px.begin() + (y + 1) * row, flipped.begin() + (h - 1 - y) * row);
  save_png(path, w, h, 3, flipped.data());  // atomic: a killed export leaves the old file
}

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

// GLFW's key codes by the names of the key table (keys.h) and of --edit-script's `key` command.
const std::pair<const char*, int> kNamedKeys[] = {
    {"enter", GLFW_KEY_ENTER},   {"delete", GLFW_KEY_DELETE}, {"backspace", GLFW_KEY_BACKSPACE}, {"escape", GLFW_KEY_ESCAPE},
    {"tab", GLFW_KEY_TAB},       {"home", GLFW_KEY_HOME},     {"end", GLFW_KEY_END},             {"up", GLFW_KEY_UP},
    {"down", GLFW_KEY_DOWN},     {"left", GLFW_KEY_LEFT},     {"right", GLFW_KEY_RIGHT},         {"pageup", GLFW_KEY_PAGE_UP},
    {"pagedown", GLFW_KEY_PAGE_DOWN}, {"space", GLFW_KEY_SPACE}, {"f1", GLFW_KEY_F1},            {"f2", GLFW_KEY_F2},
    {"f11", GLFW_KEY_F11},       {"kpenter", GLFW_KEY_KP_ENTER}, {"slash", GLFW_KEY_SLASH},
    {"[", GLFW_KEY_LEFT_BRACKET}, {"]", GLFW_KEY_RIGHT_BRACKET}};

// The key table's name of a GLFW key ("" for keys it has no name for).
std::string key_name(int key, int mods) {
  if (key == GLFW_KEY_SLASH && (mods & GLFW_MOD_SHIFT)) return "?";  // US layout: Shift+/ is ?
  if (key == GLFW_KEY_KP_ENTER) return "enter";
  if ((key >= GLFW_KEY_A && key <= GLFW_KEY_Z) || (key >= GLFW_KEY_0 && key <= GLFW_KEY_9)) return std::string(1, static_cast<char>(std::tolower(key)));
  for (const auto& [n, k] : kNamedKeys)
    if (k == key) return n;
  return "";
}

// Panels under the mouse, for the focus key.
std::string panel_under(const WindowLayout& l, ImVec2 m) {
  for (const auto& pr : l.panels)
    if (pr.rect.contains(m.x, m.y)) return pr.name;
  return "";
}

// The help overlay: every line of the key table, grouped (keys.h), over the middle of the window.
void draw_help(AppState& s, const UiContext& ui) {
  if (!s.help_open) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x / 2, io.DisplaySize.y / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSizeConstraints(ImVec2(0, 0), ImVec2(io.DisplaySize.x * 0.97f, io.DisplaySize.y * 0.95f));
  ImGui::SetNextWindowBgAlpha(0.96f);
  ImGui::Begin("Keys##help", &s.help_open, ImGuiWindowFlags_AlwaysAutoResize | ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse);
  // Two halves side by side (the keys that work anywhere; those of a lesson, the editor and its
  // questions), each a table of keys and what they do under its group's heading.
  const std::vector<KeyHelpLine> lines = key_help_lines();
  const std::string first_group = lines.empty() ? "" : lines.front().group;
  auto half = [&](const char* id, bool first) {
    float keys_w = 0;
    for (const KeyHelpLine& k : lines)
      if ((k.group == first_group) == first) keys_w = std::max(keys_w, ImGui::CalcTextSize(k.keys.c_str()).x);
    if (!ImGui::BeginTable(id, 2, ImGuiTableFlags_SizingFixedFit | ImGuiTableFlags_NoClip)) return;
    ImGui::TableSetupColumn("keys", ImGuiTableColumnFlags_WidthFixed, keys_w);
    ImGui::TableSetupColumn("what");
    std::string group;
    for (const KeyHelpLine& k : lines) {
      if ((k.group == first_group) != first) continue;
      if (k.group != group) {
        group = k.group;
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        ImGui::TextColored(vec4(kTitleText), "%s", group.c_str());  // over both columns (NoClip)
      }
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k.keys.c_str());
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(k.what.c_str());
    }
    ImGui::EndTable();
  };
  ImGui::PushFont(ui.fonts.small);
  ImGui::BeginGroup();
  half("##keys_anywhere", true);
  ImGui::EndGroup();
  ImGui::SameLine(0, 3 * ImGui::GetFontSize());
  ImGui::BeginGroup();
  half("##keys_other", false);
  ImGui::EndGroup();
  if (s.have_trace && !s.where.empty()) {  // where the trace ran and why (the sidebar's badge says it in two words)
    ImGui::Separator();
    ImGui::PushTextWrapPos(ImGui::GetCursorPosX() + io.DisplaySize.x * 0.8f);
    ImGui::TextDisabled("This trace: %s", shown_text(s.where).c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::PopFont();
  ImGui::End();
}

// The start screen (welcome_items): the lessons in order on the left; on the right the exercises,
// a kernel of one's own, and the trace behind it. Esc (or the last button) closes it.
void draw_welcome(AppState& s, const UiContext& ui) {
  if (!s.welcome_open) return;
  ImGuiIO& io = ImGui::GetIO();
  ImGui::SetNextWindowPos(ImVec2(io.DisplaySize.x / 2, io.DisplaySize.y / 2), ImGuiCond_Always, ImVec2(0.5f, 0.5f));
  ImGui::SetNextWindowSize(ImVec2(io.DisplaySize.x * 0.94f, 0), ImGuiCond_Always);  // as tall as it needs
  ImGui::SetNextWindowBgAlpha(0.97f);
  ImGui::Begin("Start here##welcome", &s.welcome_open, ImGuiWindowFlags_NoSavedSettings | ImGuiWindowFlags_NoCollapse | ImGuiWindowFlags_NoResize);
  const WelcomeItems items = welcome_items(s);
  const ImVec4 head = vec4(kTitleText);
  ImGui::TextWrapped("scanscope shows what a reduction or scan kernel does, step by step: every shared-memory access, bank conflicts, idle threads.");
  ImGui::Spacing();
  const WelcomeItem* chosen = nullptr;
  if (ImGui::BeginTable("##welcome", 2, ImGuiTableFlags_SizingStretchProp)) {
    ImGui::TableSetupColumn("lessons", ImGuiTableColumnFlags_WidthStretch, 1.8f);
    ImGui::TableSetupColumn("more", ImGuiTableColumnFlags_WidthStretch, 1.0f);
    ImGui::TableNextColumn();
    ImGui::TextColored(head, "The lessons, in order: start with 1");
    for (const WelcomeItem& it : items.lessons) {
      std::string label = it.label;  // a title wider than the column: its part before the colon
      const size_t colon = label.find(':');
      if (ImGui::CalcTextSize(label.c_str()).x > ImGui::GetContentRegionAvail().x && colon != std::string::npos) label.resize(colon);
      if (ImGui::Selectable((label + "##wl" + std::to_string(it.lesson)).c_str())) chosen = &it;
      if (label != it.label && ImGui::IsItemHovered()) ImGui::SetTooltip("%s", it.label.c_str());
    }
    if (items.lessons.empty()) ImGui::TextDisabled("no lessons found");
    ImGui::TableNextColumn();
    ImGui::TextColored(head, "An exercise");
    for (const WelcomeItem& it : items.exercises)
      if (ImGui::Selectable((it.label + "##we" + std::to_string(it.lesson) + "_" + std::to_string(it.step)).c_str())) chosen = &it;
    ImGui::Spacing();
    ImGui::TextColored(head, "Your own kernel");
    if (ImGui::Button("Open a .cu file (Ctrl+O)")) {
      s.welcome_open = false;
      editor_ask_open(s);
    }
    ImGui::PushFont(ui.fonts.small);
    ImGui::PushTextWrapPos(0);
    ImGui::TextDisabled("docs/kernel-files.md says what a kernel file may contain");
    ImGui::PopTextWrapPos();
    ImGui::PopFont();
    ImGui::Spacing();
    if (ImGui::Button("Explore the scan behind this (Esc)")) s.welcome_open = false;
    ImGui::EndTable();
  }
  ImGui::PushFont(ui.fonts.small);
  ImGui::TextWrapped("F1 lists the keys; the sidebar's Lessons and Start screen bring these back.");
  ImGui::PopFont();
  ImGui::End();
  if (chosen) choose_welcome(s, *chosen);
}

}  // namespace

void draw_window_ui(AppState& s, WindowPanels& p, const UiContext& ui, float w, float h) {
  handle_queued_keys(s, ImGui::GetIO().WantTextInput || question_open(s));  // a text box or a question has the keys
  handle_editor_keys(s);
  LayoutExtras extras;
  if (!s.focus_panel.empty() && std::find(s.panels.begin(), s.panels.end(), s.focus_panel) == s.panels.end()) s.focus_panel.clear();
  extras.sidebar_hidden = s.sidebar_hidden;
  extras.focus = s.focus_panel;
  extras.lesson = current_lesson_step(s) != nullptr;
  extras.exercise = exercise_in_editor(s);
  if (s.lesson.grow_for == std::make_tuple(s.lesson.active, s.lesson.step, s.lesson.answer_shown)) extras.lesson_grow = s.lesson.grow;
  // No panel shown steps the trace (a lesson's timing step): no transport bar to step it with,
  // unless the sidebar is hidden (the bar's ">>" brings it back).
  extras.transport = s.sidebar_hidden || panels_show_steps(extras.focus.empty() ? s.panels : std::vector<std::string>{extras.focus});
  if (!s.output_ok) {
    const float side_w = layout_window({}, w, h, ui.scale * (s.settings.presenter ? 1.25f : 1.0f)).transport.w;
    const ImVec2 pad = ImGui::GetStyle().WindowPadding;
    extras.notice_h = ImGui::CalcTextSize(s.output_note.c_str(), nullptr, false, side_w - 2 * pad.x - 8).y + 2 * pad.y + 2;
  }
  extras.code_min_h = code_panel_min_height(ui);
  WindowLayout l = layout_window(s.panels, w, h, ui.scale * (s.settings.presenter ? 1.25f : 1.0f), extras);
  s.hovered_panel = panel_under(l, ImGui::GetIO().MousePos);
  s.layout_report.notes.clear();
  for (const auto& [name, why] : l.left_out) s.layout_report.add({"layout", name, 0, 1, 0.0f, "left out: " + why});
  if (l.sidebar.w > 0) p.controls.draw(s, ui, l.sidebar);
  if (l.transport.h > 0) p.transport.draw(s, ui, l.transport);
  draw_notice(s, ui, l.notice);
  for (const auto& pr : l.panels) {
    const int i = panel_index(pr.name);
    if (i >= 0) p.table[i]->draw(s, ui, pr.rect);
  }
  p.lesson.draw(s, ui, l.lesson);
  draw_editor_prompts(s, ui);
  draw_exercise_prompt(s, ui);
  draw_welcome(s, ui);
  draw_help(s, ui);
  draw_toasts(s);
}

struct WindowShell::Impl {
  AppState& s;
  bool scripted = false;
  GLFWwindow* window = nullptr;
  bool glfw_up = false, imgui_up = false;
  std::string error;
  int exit_code = 0;
  std::string ini_path;
  std::string title = "scanscope";  // the title set last (window_title)
  std::optional<HeatmapGL> heatmap;  // reset while the context is current
  UiContext ui;
  WindowPanels panels;
  int windowed[4] = {0, 0, 0, 0};  // position and size before going full screen

  explicit Impl(AppState& state) : s(state) {}
  bool open(int width, int height);
  void frame(double dt);
  // The window manager asked to close (the flag is set): unless the user may lose unsaved edits,
  // in which case the flag is taken back and the question asked (request_close).
  void close_requested() {
    if (s.quit) return;
    request_close(s);
    if (!s.quit) glfwSetWindowShouldClose(window, GLFW_FALSE);
  }
  void toggle_fullscreen();
  void key_event(int key, int scancode, int action, int mods) {
    if (action == GLFW_PRESS || action == GLFW_REPEAT) {
      const std::string name = key_name(key, mods);
      if (!name.empty())
        s.key_queue.push_back({name, (mods & GLFW_MOD_CONTROL) != 0, (mods & GLFW_MOD_SHIFT) != 0 && name != "?", (mods & GLFW_MOD_ALT) != 0, action == GLFW_REPEAT});
    }
    ImGui_ImplGlfw_KeyCallback(window, key, scancode, action, mods);
  }
};

bool WindowShell::Impl::open(int width, int height) {
  const char* display = std::getenv("DISPLAY");
  if (!glfwInit()) {
    error = std::string("no display: set DISPLAY or use xvfb-run (GLFW could not open '") + (display ? display : "") + "')";
    exit_code = 2;
    return false;
  }
  glfw_up = true;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GL_TRUE);
  if (scripted) glfwWindowHint(GLFW_RESIZABLE, GLFW_FALSE);
  // WM_CLASS "scanscope": what the menu entry's StartupWMClass names, so the launcher and the window are one.
  glfwWindowHintString(GLFW_X11_CLASS_NAME, "scanscope");
  glfwWindowHintString(GLFW_X11_INSTANCE_NAME, "scanscope");
  window = glfwCreateWindow(width, height, "scanscope", nullptr, nullptr);
  if (!window) {
    error = "no display: cannot create an OpenGL 3.3 core window (set DISPLAY or use xvfb-run)";
    exit_code = 2;
    return false;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(scripted ? 0 : 1);
  // The close button asks first when the editor holds unsaved changes (request_close).
  glfwSetWindowUserPointer(window, this);
  glfwSetWindowCloseCallback(window, [](GLFWwindow* w) { static_cast<Impl*>(glfwGetWindowUserPointer(w))->close_requested(); });
  if (!gladLoadGL(reinterpret_cast<GLADloadfunc>(glfwGetProcAddress))) {
    error = "error: cannot load OpenGL 3.3 core functions";
    exit_code = 1;
    return false;
  }

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  imgui_up = true;
  ImGuiIO& io = ImGui::GetIO();
  if (scripted || s.settings_path.empty()) io.IniFilename = nullptr;
  else {
    ini_path = config_dir() + "/imgui.ini";
    io.IniFilename = ini_path.c_str();
  }
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 330 core");
  // Every press is queued for the key table (keys.h) before ImGui sees it: ImGui 1.86 keeps only
  // whether a key is down at each frame, so a tap whose press and release fall between two frames
  // (a clicker's) would be lost.
  glfwSetKeyCallback(window, [](GLFWwindow* w, int key, int scancode, int action, int mods) {
    static_cast<Impl*>(glfwGetWindowUserPointer(w))->key_event(key, scancode, action, mods);
  });

  heatmap.emplace();
  if (!heatmap->init()) toast(s, "heatmap shader failed, drawing without it: " + heatmap->error(), true);
  ui.heatmap = &*heatmap;
  windowed[2] = width;
  windowed[3] = height;
  return true;
}

void WindowShell::Impl::frame(double dt) {
  ImGuiIO& io = ImGui::GetIO();
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
  if (scripted) io.MousePos = ImVec2(-FLT_MAX, -FLT_MAX);  // no hover highlight from Xvfb's pointer
  ImGui::NewFrame();
  int fw = 0, fh = 0;
  glfwGetFramebufferSize(window, &fw, &fh);
  draw_window_ui(s, panels, ui, io.DisplaySize.x, io.DisplaySize.y);
  ImGui::Render();
  glBindFramebuffer(GL_FRAMEBUFFER, 0);
  glViewport(0, 0, fw, fh);
  glClearColor(0.05f, 0.05f, 0.06f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (!s.export_png_path.empty()) {
    try {
      write_back_buffer_png(s.export_png_path, fw, fh);
      toast(s, "wrote " + s.export_png_path, false);
    } catch (const std::exception& e) {
      toast(s, e.what(), true);
    }
    s.export_png_path.clear();
  }
  if (s.toggle_fullscreen) toggle_fullscreen();
  if (std::string t = window_title(s); t != title) {  // what is open, in the task bar
    title = std::move(t);
    glfwSetWindowTitle(window, title.c_str());
  }
}

void WindowShell::Impl::toggle_fullscreen() {
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

WindowShell::WindowShell(AppState& s, int width, int height, bool scripted) : impl_(std::make_unique<Impl>(s)) {
  impl_->scripted = scripted;
  impl_->open(width, height);
}

WindowShell::~WindowShell() {
  Impl& m = *impl_;
  if (m.imgui_up) {
    for (auto& panel : m.panels.table) panel->release();
    m.heatmap.reset();
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
    ImGui::DestroyContext();
  }
  if (m.window) glfwDestroyWindow(m.window);
  if (m.glfw_up) glfwTerminate();
}

bool WindowShell::ok() const { return impl_->error.empty(); }
const std::string& WindowShell::error() const { return impl_->error; }
int WindowShell::exit_code() const { return impl_->exit_code; }
void WindowShell::frame(double dt) { impl_->frame(dt); }
void WindowShell::poll() { glfwPollEvents(); }
void WindowShell::swap() { glfwSwapBuffers(impl_->window); }
void WindowShell::finish() { glFinish(); }
int WindowShell::vertices() const { return ImGui::GetIO().MetricsRenderVertices; }

int WindowShell::framebuffer_width() const {
  int fw = 0, fh = 0;
  glfwGetFramebufferSize(impl_->window, &fw, &fh);
  return fw;
}

int WindowShell::framebuffer_height() const {
  int fw = 0, fh = 0;
  glfwGetFramebufferSize(impl_->window, &fw, &fh);
  return fh;
}

bool WindowShell::press_key(const std::string& combo, bool down) {
  int mods = 0;
  std::string name = combo;
  for (const auto& [prefix, bit] : {std::pair<std::string, int>{"ctrl+", GLFW_MOD_CONTROL}, {"shift+", GLFW_MOD_SHIFT}, {"alt+", GLFW_MOD_ALT}})
    for (size_t at; (at = name.find(prefix)) != std::string::npos;) {
      mods |= bit;
      name.erase(at, prefix.size());
    }
  int key = -1;
  if (name == "?") {
    key = GLFW_KEY_SLASH;
    mods |= GLFW_MOD_SHIFT;
  }
  if (name.size() == 1 && std::isalnum(static_cast<unsigned char>(name[0]))) key = std::toupper(static_cast<unsigned char>(name[0]));  // GLFW's codes of letters and digits are their ASCII capitals
  for (const auto& [n, k] : kNamedKeys)
    if (name == n) key = k;
  if (key < 0) return false;
  Impl& m = *impl_;
  // The modifiers as keys of their own (ImGui reads Ctrl and Shift from them), as X sends them.
  const int mod_keys[][2] = {{GLFW_MOD_CONTROL, GLFW_KEY_LEFT_CONTROL}, {GLFW_MOD_SHIFT, GLFW_KEY_LEFT_SHIFT}, {GLFW_MOD_ALT, GLFW_KEY_LEFT_ALT}};
  if (down)
    for (const auto& mk : mod_keys)
      if (mods & mk[0]) m.key_event(mk[1], 0, GLFW_PRESS, mods);
  m.key_event(key, 0, down ? GLFW_PRESS : GLFW_RELEASE, mods);  // the window's own key callback: queued, then ImGui's
  if (!down)
    for (const auto& mk : mod_keys)
      if (mods & mk[0]) m.key_event(mk[1], 0, GLFW_RELEASE, 0);
  return true;
}

void WindowShell::type_text(const std::string& utf8) {
  for (size_t i = 0; i < utf8.size();) {  // one code point at a time, as GLFW's character callback gives them
    const unsigned char c = static_cast<unsigned char>(utf8[i]);
    const int n = c < 0x80 ? 1 : c < 0xE0 ? 2 : c < 0xF0 ? 3 : 4;
    unsigned cp = n == 1 ? c : c & (0xFF >> (n + 1));
    for (int k = 1; k < n && i + k < utf8.size(); ++k) cp = (cp << 6) | (static_cast<unsigned char>(utf8[i + k]) & 0x3F);
    ImGui_ImplGlfw_CharCallback(impl_->window, cp);
    i += static_cast<size_t>(n);
  }
}

void WindowShell::close_button() {
  glfwSetWindowShouldClose(impl_->window, GLFW_TRUE);  // what GLFW does, then calls the callback
  impl_->close_requested();
}

bool WindowShell::should_close() const { return glfwWindowShouldClose(impl_->window) || impl_->s.quit; }

void WindowShell::write_png(const std::string& path) const { write_back_buffer_png(path, framebuffer_width(), framebuffer_height()); }

int WindowShell::run_interactive(long exit_after_frames) {
  AppState& s = impl_->s;
  GLFWwindow* window = impl_->window;
  auto last = std::chrono::steady_clock::now();
  long frames_left = exit_after_frames;
  if (frames_left > 0) {  // a scripted close: play from the first step, close as the user would
    set_step(s, 0);
    s.playing = true;
  }
  while (!glfwWindowShouldClose(window)) {
    if (frames_left >= 0 && frames_left-- == 0) glfwSetWindowShouldClose(window, GLFW_TRUE);
    if (s.quit) glfwSetWindowShouldClose(window, GLFW_TRUE);  // the unsaved-changes question answered
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
    swap();
  }
  int w = 0, h = 0;
  glfwGetWindowSize(window, &w, &h);
  try {
    save_app_settings(s, w, h);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "scanscope: warning: settings not saved: %s\n", e.what());
  }
  return 0;
}

}  // namespace scanscope
