// The window's panels: one class per panel, each with draw(state, ui, rect). Panels read the
// AppState and change it only through its actions (set_step, run_request, ...).
#pragma once

#include <map>
#include <string>
#include <vector>

#include "app_state.h"
#include "heatmap_gl.h"
#include "layout.h"
#include "model.h"
#include "source_view.h"
#include "ui_common.h"

namespace scanscope {

struct UiContext {
  Fonts fonts;
  float scale = 1.0f;
  HeatmapGL* heatmap = nullptr;
};

class ControlsPanel {  // sidebar: what to run, where it runs, files, presenter
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);
};

class TransportPanel {  // play/pause, steps, speed, scrub bar
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);
};

class TreePanel {  // node-link diagram of the reduction / scan trees
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);

 private:
  // Derived from the trace once per trace (AppState::trace_generation), not once per frame.
  int generation_ = -1;
  std::vector<int> rows_;
  std::vector<std::vector<TreeEdge>> edges_;  // per row
  std::vector<std::vector<char>> written_;    // per row, per column
  int words_ = 1;
  bool shuffles_ = false;
};

class SmemPanel {  // the shared-memory array, by bank
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);

 private:
  int generation_ = -1;
  std::vector<bool> pads_;
  std::vector<SharedArray> arrays_;  // the application kernels' named arrays
};

class WarpsPanel {  // active lanes, conflict heatmap, bank x lane grid
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);

 private:
  int generation_ = -1;
  Heatmap heat_;
  std::vector<uint8_t> classes_;  // heat_ as degree classes, row-major by warp (the shader's layout)
  std::map<int, std::string> site_names_;
};

class ComparePanel {  // two traces level by level
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);
};

class CodePanel {  // the kernel file with the current access's expression highlighted
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);

 private:
  int file_ = -2;                   // index into the trace's files: the kernel's, or the one holding the site
  std::vector<std::string> lines_;
  int generation_ = -1;
  int scrolled_to_ = -2;
};

class TimingPanel {  // benchmark results: time and GB/s against n
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);
};

// The lesson box (title, text, question and answer, navigation) and the lesson chooser.
class LessonPanel {
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);
  // PageDown / PageUp, A / Enter (answer), Escape (leave).
  void handle_keys(AppState& s);
};

// The sidebar's "Lessons" section: every loaded lesson with its step count; a click opens step 0.
void draw_lesson_menu(AppState& s, const UiContext& ui);

// The red strip under the transport bar when the output is wrong.
void draw_notice(AppState& s, const UiContext& ui, const Rect& r);

class FloatOrderPanel {  // error in ulps of each summation order
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);
};

class HistEqPanel {  // histogram, CDF and the picture before and after
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);
  void release();  // deletes the textures (while the GL context is current)

 private:
  int uploaded_ = -1;             // HistEqView::generation the textures hold
  unsigned tex_[2] = {0, 0};      // before, after
  std::vector<double> after_hist_;
};

}  // namespace scanscope
