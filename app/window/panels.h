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
#include "grid_model.h"
#include "heatmap_gl.h"
#include "layout.h"
#include "model.h"
#include "source_view.h"
#include "ui_common.h"

namespace scanscope {

struct UiContext {
  Fonts fonts;
  float scale = 1.0f;
  HeatmapGL* heatmap = nullptr;  // nullptr: the warps panel draws its heatmap without the shader
  // Panels may make OpenGL textures (the histogram equalization's pictures). False in a frame drawn
  // without a GL context (tests/window/test_window_frames.cpp): those are left out.
  bool gl = true;
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

// The shared-memory grid of one step of a trace, with its threads strip and read/write lines, in
// `c` (memory_views.cpp): before and after the step for small arrays; one grid for larger ones, its
// rows tall enough for values (a window of rows where they do not all fit), the lines for one warp
// where more would hide the cells, each rule stated in a caption under the grid. Drawn by the
// shared-memory panel and, compact, for both sides of the comparison.
struct SmemViewInput {
  const std::vector<bool>* pads = nullptr;          // padding_slots of the trace
  const std::vector<SharedArray>* arrays = nullptr;  // shared_arrays of the trace
  int selected_warp = 0;
  int selected_inst = 0;  // of the selected warp's instructions in the step (the Warps view's)
  float anim = 1.0f;
  bool compact = false;      // one grid, a thin strip (the comparison's sides)
  bool interactive = false;  // the wheel scrolls a window of rows, a click on the strip picks a warp
  const char* id = "##smemview";
  LayoutReport* report = nullptr;  // where to say how many of the step's values were drawn ("PANEL values")
  const char* report_panel = "smem";
  float min_px = 0;  // values too wide for a cell at the small font are drawn smaller, down to this (min_text_px)
  float min_cell = 5;  // a matrix drawn in colour only: its rows at least this tall (min_cell_px)
};
struct SmemViewState {
  int scroll = 0;         // rows scrolled from where the lines go
  int clicked_warp = -1;  // set when the strip was clicked
};
void draw_smem_view(ImDrawList* dl, const Trace& t, int step, const Rect& c, const SmemViewInput& in, const UiContext& ui, SmemViewState* state);
// The bank x lane grid (model.h bank_lane_grid) in r; returns the y under it.
// Strips thinner than min_cell: the first lanes that fit, the rule said under them (*lanes_shown);
// bank columns narrower than min_cell: a window of banks (busiest_banks), said too (*banks_shown).
float draw_bank_lane_grid(ImDrawList* dl, const BankLaneGrid& g, const Rect& r, ImFont* small, float ui_scale, float min_cell = 0.0f,
                          CellWindow* lanes_shown = nullptr, CellWindow* banks_shown = nullptr);

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
  TreeModel model_;  // columns, rows (edges, written columns, values), notes
  std::string widest_value_;  // the widest value any node shows (sizes the values' font)
  void refresh(const AppState& s);  // the above, again where the trace (or a shuffle tree's warp) changed
};

class SmemPanel : public Panel {  // the shared-memory array, by bank
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  int generation_ = -1;
  std::vector<bool> pads_;
  std::vector<SharedArray> arrays_;  // the application kernels' named arrays
  SmemViewState view_;
  int view_step_ = -1;  // the step view_'s scroll belongs to
};

class WarpsPanel : public Panel {  // active lanes, conflict heatmap, bank x lane grid
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  int generation_ = -1;
  Heatmap heat_;
  std::vector<uint8_t> classes_;  // heat_ as degree classes, row-major by warp (the shader's layout)
  std::map<int, std::string> site_names_;
  void refresh(const AppState& s);  // the above, again where the trace changed
};

class ComparePanel : public Panel {  // two traces level by level, and both sides' grids side by side
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  int generation_ = -1;
  std::vector<bool> pads_[2];         // the trace's, the partner's
  std::vector<SharedArray> arrays_[2];
  bool show_sides_ = true;            // both sides' grids under the table
  int scrolled_to_ = -1;              // the step the table last scrolled to
  int work_generation_ = -1;          // the traces work_[] was counted for (trace_generation)
  std::string work_[2];               // each trace's ", N adds in K steps" ("": none), counted once per trace
  void count_work(const AppState& s);     // work_, again where the traces changed
  void refresh_sides(const AppState& s);  // pads_ and arrays_, again where the traces changed
};

class GridPanel : public Panel {  // launches, blocks and the global arrays of a grid trace
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  int generation_ = -1, grid_steps_ = -1;
  std::string grid_kernel_;
  std::vector<GridStage> stages_;
  std::vector<std::vector<std::vector<ProducerRead>>> producers_;  // [launch][block]: whose words it read
  bool same_launch_reads_ = false;  // a block reads another block's words within a launch (a look-back)
  bool earlier_launch_reads_ = false;  // a block reads what a block of an earlier launch wrote (block sums)
  std::vector<std::vector<double>> values_;  // the global arrays after step values_step_
  int values_step_ = -2, values_generation_ = -1;
  void refresh(const AppState& s);  // stages_, producers_ and the two flags, again where the grid trace changed
};

class ConsolePanel : public Panel {  // printf's lines up to the step shown (console_lines)
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  int scrolled_for_ = -1;  // the step (and trace) the view last scrolled to its end for
  int generation_ = -1;
};

class TrafficPanel : public Panel {  // bytes per element each launch reads and writes (and the partner's)
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  int generation_ = -1;
  std::vector<TrafficPicture> sides_;  // the trace, then the comparison's partner
  std::vector<std::string> names_;
};

struct CodeRowGrid;  // code_panel.cpp
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
  int scrolled_to_ = -2;            // what the view last scrolled to: a row, or a range of rows (first * 100000 + last)
  void refresh(const AppState& s, int file);  // the lines above, again where the trace or the file changed
  CodeRowGrid row_grid();                     // the rows' grid in the view (rows_ wrapped again where its width changed)
  float scroll_to(const CodeScroll& aim, float pitch);  // the view scrolled to aim once; returns its scroll
};

// The height the code panel needs: its title, the step's sentence and the line of the access in
// the small font (three lines), and five rows of code: the cited line and two neighbours each side.
float code_panel_min_height(const UiContext& ui);

// The kernel's text, editable (editor_panel.cpp; the logic is editor.h): Run re-traces it.
class EditorPanel : public Panel {
 public:
  void draw(AppState& s, const UiContext& ui, const Rect& r) override;

 private:
  bool active_ = false;   // the text had the keyboard last frame
  int access_key_ = -1;   // the trace, step and instruction whose access was last brought into view
  int access_line_ = -1;  // that access's line, to bring into view once the text is not being typed
  void follow_access(const AppState& s, const std::vector<EditorMark>& marks);  // access_key_ and access_line_, for this frame
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

// The sidebar's "Lessons" section: every loaded lesson with its step count; a click opens step 0;
// and its "Sources" section: the five documents the lessons follow (lesson_menu.cpp).
void draw_lesson_menu(AppState& s, const UiContext& ui);

// The red strip under the transport bar when the output is wrong (notice_panel.cpp).
void draw_notice(AppState& s, const UiContext& ui, const Rect& r);

// The window's panels: the fixed parts around the main area, and one object per line of
// panel_table.h.
struct WindowPanels {
  ControlsPanel controls;
  TransportPanel transport;
  LessonPanel lesson;
  std::vector<std::unique_ptr<Panel>> table = make_panels();
};
// One frame's UI (between ImGui::NewFrame and ImGui::Render) in a w x h window: the queued keys,
// the layout, every panel the state shows, the lesson box, prompts, help and toasts
// (window_loop.cpp). The window draws it with GL; the hostile-input test without.
void draw_window_ui(AppState& s, WindowPanels& p, const UiContext& ui, float w, float h);

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

// The compiler view's notes on the current access's line (site_compiler_notes), for the code panel
// and the editor: call right after the line that says there is a note (ImGui's last item). A click
// on that line toggles them (as N does: AppState::compiler_notes_shown); shown, they are drawn in
// full under it in the panel's font, in a box that leaves three rows of code under it (a longer
// note ends with how many lines F, the panel alone, shows; the layout report's "PANEL compiler
// note lines"); hidden, hovering the line shows them.
void compiler_notes_under(AppState& s, const UiContext& ui, const char* panel, const std::string& notes);

}  // namespace scanscope
