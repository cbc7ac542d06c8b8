// Layout logic of the window, kept free of ImGui so tests can check it: where panels go, where
// tree nodes sit, which labels fit, which scrub-bar steps get a label, animation easing.
#pragma once

#include <string>
#include <vector>

namespace scanscope {

struct Rect {
  float x = 0, y = 0, w = 0, h = 0;
  float right() const { return x + w; }
  float bottom() const { return y + h; }
  bool contains(float px, float py) const { return px >= x && py >= y && px < x + w && py < y + h; }
};

struct PanelRect {
  std::string name;
  Rect rect;
};

struct WindowLayout {
  Rect sidebar;    // run controls, files, badge
  Rect transport;  // play/pause, step buttons, scrub bar
  Rect notice;     // a red strip under the transport bar (wrong result); h = 0 when none
  Rect lesson;     // the lesson box along the bottom; h = 0 when no lesson is open
  std::vector<PanelRect> panels;
};

// What else takes room beside the panels.
struct LayoutExtras {
  bool lesson = false;  // a lesson is open: its box takes the bottom of the main area
  bool exercise = false;  // an exercise is tried in it: the box is taller (task, buttons, the checks)
  float notice_h = 0;   // height of the wrong-result strip (0: none)
};

// Fixed tiling of the panels (the window has no docking): the sidebar on the left, the transport
// bar on top of the rest, the panels in a grid below it (three panels: the first spans the top).
WindowLayout layout_window(const std::vector<std::string>& panels, float width, float height, float ui_scale,
                           const LayoutExtras& extras = {});
const PanelRect* find_panel(const WindowLayout& l, const std::string& name);

// The tree view: column per shared-memory word, row per recorded step that changes memory.
struct TreeGeometry {
  Rect area;          // where nodes go (inside the panel, below its header)
  float col_w = 0;    // width of one word's column (zoomed)
  float row_h = 0;
  float node_w = 0, node_h = 0;
  float pan_x = 0;
  float word_x(int word) const { return area.x + pan_x + (static_cast<float>(word) + 0.5f) * col_w; }
  float row_y(int row) const { return area.y + (static_cast<float>(row) + 0.5f) * row_h; }
  // The first and last word whose column is (partly) visible.
  int first_visible(int words) const;
  int last_visible(int words) const;
};
// Nodes take 45 % of a row, or up to 75 % where that makes them label_h tall (room for a value
// when a lesson box shortens the panel).
TreeGeometry tree_geometry(int words, int rows, const Rect& area, float zoom, float pan_x, float label_h = 18.0f);
// Clamps the pan so the zoomed tree never leaves the panel entirely.
float clamp_pan(float pan_x, int words, float area_w, float zoom);

// A label fits in a box when its text is no wider than the box less a small margin.
bool label_fits(float box_w, float text_w);

// Which steps of the scrub bar get a label, greedily left to right, never overlapping.
// label_w[i] is the width of step i's label; the bar is bar_w wide with one slot per step.
std::vector<int> scrub_label_steps(const std::vector<float>& label_w, float bar_w, float gap);

// Smooth step used by the animation between steps, t in [0, 1].
float ease_in_out(float t);

// Shared-memory grid: one row per `banks` words, so a column is a bank.
struct SmemGrid {
  int columns = 32, rows = 1;
  float cell_w = 0, cell_h = 0;
  Rect area;
  Rect cell(int word) const {
    int r = word / columns, c = word % columns;
    return {area.x + static_cast<float>(c) * cell_w, area.y + static_cast<float>(r) * cell_h, cell_w, cell_h};
  }
};
SmemGrid smem_grid(int words, int banks, const Rect& area, float max_cell_h);

// Log axes of the timing plots: where a value sits in [0, 1] of the axis, and the tick values
// (powers of `base` inside [lo, hi], widened to at least one decade).
struct LogAxis {
  double lo = 1, hi = 10;
  float pos(double v) const;
};
LogAxis log_axis(double min_value, double max_value, double base);
std::vector<double> log_ticks(const LogAxis& a, double base, int max_ticks);

}  // namespace scanscope
