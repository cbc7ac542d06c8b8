// The window's panels: one class per panel, each with draw(state, ui, rect) in its own
// NAME_panel.cpp. Panels read the AppState and change it only through its actions (set_step,
// run_request, start_sweep, ...). The panels of the main area are listed in panel_table.h; the
// sidebar, the transport bar, the lesson box and the red notice have fixed places.
#pragma once

#include <map>
#include <memory>
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

// A panel of the main area (a line of panel_table.h): drawn in the rectangle the layout gives it.
class Panel {
 public:
  virtual ~Panel() = default;
  virtual void draw(AppState& s, const UiContext& ui, const Rect& r) = 0;
  virtual void release() {}  // deletes its GL objects (while the context is current)
};

// One object per line of panel_table.h, in its order (index = panel_index(name)).
std::vector<std::unique_ptr<Panel>> make_panels();

class ControlsPanel {  // sidebar: what to run, where it runs, files, presenter
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);
};

class TransportPanel {  // play/pause, steps, speed, scrub bar
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);
};

class TreePanel : public Panel {  // node-link diagram of the reduction / scan trees
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  // Derived from the trace once per trace (AppState::trace_generation), not once per frame.
  int generation_ = -1;
  std::vector<int> rows_;
  std::vector<std::vector<TreeEdge>> edges_;  // per row
  std::vector<std::vector<char>> written_;    // per row, per column
  int words_ = 1;
  bool shuffles_ = false;
  std::string widest_value_;  // the widest value any node shows (sizes the values' font)
};

class SmemPanel : public Panel {  // the shared-memory array, by bank
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  int generation_ = -1;
  std::vector<bool> pads_;
  std::vector<SharedArray> arrays_;  // the application kernels' named arrays
};

class WarpsPanel : public Panel {  // active lanes, conflict heatmap, bank x lane grid
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  int generation_ = -1;
  Heatmap heat_;
  std::vector<uint8_t> classes_;  // heat_ as degree classes, row-major by warp (the shader's layout)
  std::map<int, std::string> site_names_;
};

class ComparePanel : public Panel {  // two traces level by level
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;
};

class CodePanel : public Panel {  // the kernel file with the current access's expression highlighted
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  int file_ = -2;                   // index into the trace's files: the kernel's, or the one holding the site
  std::vector<std::string> lines_;  // the file as the trace carries it
  std::vector<std::string> shown_;  // its lines with tabs expanded
  std::vector<CodeRow> rows_;       // shown_ wrapped to the panel's width
  int wrap_width_ = -1;             // characters per row of rows_
  int generation_ = -1;
  int scrolled_to_ = -2;            // the row last scrolled to
};

// The kernel's text, editable (editor_panel.cpp; the logic is editor.h): Run re-traces it.
class EditorPanel : public Panel {
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  bool active_ = false;   // the text had the keyboard last frame
  int access_key_ = -1;   // the trace, step and instruction whose access was last brought into view
  int access_line_ = -1;  // that access's line, to bring into view once the text is not being typed
};
// The editor's keys (Ctrl+Enter run, Ctrl+S save, Ctrl+Shift+S save as, Ctrl+O open), whether
// the text has the keyboard or not, and its prompts (unsaved changes, Save As, Open), drawn
// whether or not the panel is shown (editor_panel.cpp).
void handle_editor_keys(AppState& s);
void draw_editor_prompts(AppState& s, const UiContext& ui);

class TimingPanel : public Panel {  // benchmark results: time and GB/s against n
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;
};

// The lesson box (title, text, question and answer, the step's exercise, navigation).
class LessonPanel {
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r);  // its keys are in the key table (keys.h)
};
// The question before the model solution goes into the editor (lesson_panel.cpp), drawn whether
// or not the lesson box is: Y shows it, Esc cancels.
void draw_exercise_prompt(AppState& s, const UiContext& ui);

// The sidebar's "Lessons" section: every loaded lesson with its step count; a click opens step 0
// (lesson_menu.cpp).
void draw_lesson_menu(AppState& s, const UiContext& ui);

// The red strip under the transport bar when the output is wrong (notice_panel.cpp).
void draw_notice(AppState& s, const UiContext& ui, const Rect& r);

class FloatOrderPanel : public Panel {  // error in ulps of each summation order
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;
};

class HistEqPanel : public Panel {  // histogram, CDF and the picture before and after
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;
  void release() override;  // deletes the textures (while the GL context is current)

 private:
  int uploaded_ = -1;             // HistEqView::generation the textures hold
  unsigned tex_[2] = {0, 0};      // before, after
  std::vector<double> after_hist_;
};

}  // namespace scanscope
