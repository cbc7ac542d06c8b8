// Layout logic of the window, kept free of ImGui so tests can check it: where panels go, where
// tree nodes sit, which labels fit, which scrub-bar steps get a label, animation easing.
#pragma once

#include <string>
#include <utility>
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
  // Panels asked for but not shown, each with why ("code: too low for ..."): the layout report's.
  std::vector<std::pair<std::string, std::string>> left_out;
};

// What else takes room beside the panels.
struct LayoutExtras {
  bool sidebar_hidden = false;  // Tab: the main area takes the sidebar's width too
  std::string focus;            // F: only this panel, over the whole main area ("" or not shown: all)
  bool lesson = false;  // a lesson is open: its box takes the bottom of the main area
  bool exercise = false;  // an exercise is tried in it: the box is taller (task, buttons, the checks)
  float lesson_grow = 0;  // pixels more the box asks for (its text and answer whole), within 45 % of the height
  float notice_h = 0;   // height of the wrong-result strip (0: none)
  bool transport = true;  // the transport bar; false where no panel shown steps the trace (h = 0)
  // The height the code panel needs for its heading and the cited line with two neighbours each
  // side (0: no rule). A code panel lower than this in the grid gets the right column's whole
  // height (three panels: the other two stacked on the left); where even that is too low it is
  // left out (WindowLayout::left_out), never drawn as a sliver of one or two lines.
  float code_min_h = 0;
};

// Fixed tiling of the panels (the window has no docking): the sidebar on the left (22 % of the
// width at most; none when hidden), the transport bar on top of the rest, the panels in a grid
// below it (three panels: the first spans the top), or the focused panel alone; the code panel's
// rule of LayoutExtras::code_min_h.
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
// Nodes take 45 % of a row, or up to 80 % where that makes them label_h tall (room for a value
// when a lesson box shortens the panel).
TreeGeometry tree_geometry(int words, int rows, const Rect& area, float zoom, float pan_x, float label_h = 18.0f);
// Clamps the pan so the zoomed tree never leaves the panel entirely.
float clamp_pan(float pan_x, int words, float area_w, float zoom);

// A label fits in a box when its text is no wider than the box less a small margin.
bool label_fits(float box_w, float text_w);
// Whether a value text_w wide at px stays a number of its own in a row of cells cell_w wide: a gap
// of a quarter of the font (at least 4 px) between neighbours' digits, else a row of one-digit
// values reads as one long number ("4979013...").
bool value_keeps_gap(float cell_w, float text_w, float px);

// The smallest font size (pixels) the window draws values and labels in: below it, text is
// thinned out or shortened by a rule the panel shows, never shrunk further. Presenter mode is
// for a room: its minimum is larger.
float min_text_px(float ui_scale, bool presenter);
// The smallest conflict cell a back row can tell apart (a heatmap cell, a lane's strip of the bank
// x lane grid): 12 px in presenter mode, 5 px otherwise (scaled).
float min_cell_px(float ui_scale, bool presenter);

// Which of `count` cells (warps, steps, lanes) a length shows at min_px or more each: all of them,
// or a window of floor(length / min_px) that holds `focus` (from 0 while focus is in the first
// window, else the window centred on it). first..first+shown-1; `all()` when nothing is left out.
struct CellWindow {
  int first = 0, shown = 0, count = 0;
  float cell = 0;  // the cell's size along the length
  bool all() const { return shown >= count; }
  std::string rule(const std::string& what) const;  // "warps 0-13 of 32"
};
CellWindow cell_window(int count, float length, float min_px, int focus);

// The font size at which a text fits a box: text_w is its width at ref_px; the size is at most
// max_px, as tall as the box allows and narrow enough for label_fits. 0 when under min_px.
float fit_text_px(float text_w, float ref_px, float box_w, float box_h, float min_px, float max_px);

// Values in a row of equal boxes (tree nodes): the font size, and every how many boxes a value is
// written (1: all; 2: every 2nd, the others left for the rule the panel shows). widest_w is the
// widest value's width at ref_px. every = 0: no size at or above min_px fits (the boxes are too
// low): the values are left out.
struct ValueFit {
  float px = 0;
  int every = 1;
};
ValueFit fit_values(float widest_w, float ref_px, float col_w, float node_w, float node_h, float min_px, float max_px);

// A label shortened to fit, in real words, never to initials (a back row reads "flags: 1 = keep",
// not "f. 1. =. k."): the label; else without its parenthesised asides, the last first ("output
// (global): 3 kept" -> "output: 3 kept"); else its leading whole words and ".." ("warp totals
// to.."); "" when not even the first word and ".." fit. width(text) measures a candidate.
template <class Width>
std::string shorten_words(const std::string& text, float max_w, Width width);

// What the panels had to shrink, thin out, abbreviate or leave out in the last frame: printed by
// --layout-report (with --screenshot) and read by the tests, so a layout that drops what a class
// must read is found without looking at the picture.
struct LayoutNote {
  std::string panel, item;  // "tree", "values"
  int shown = 0, total = 0;  // how many of the item were drawn (values, labels)
  float px = 0;              // at which font size
  std::string rule;          // "" (all, whole) or how it was thinned: "every 2nd node", "shortened in words"
};
struct LayoutReport {
  std::vector<LayoutNote> notes;
  void add(LayoutNote n) { notes.push_back(std::move(n)); }
  const LayoutNote* find(const std::string& panel, const std::string& item) const;
  std::string text() const;  // one line a note: "tree values: 8/8 at 15.2 px"
};

// Which steps of the scrub bar get a label, greedily left to right, never overlapping.
// label_w[i] is the width of step i's label; the bar is bar_w wide with one slot per step.
std::vector<int> scrub_label_steps(const std::vector<float>& label_w, float bar_w, float gap);

// Smooth step used by the animation between steps, t in [0, 1].
float ease_in_out(float t);

// Shared-memory grid: one row per `columns` words: the banks, so that a column is a bank, or a
// 2-D array's row (model.h smem_layout).
struct SmemGrid {
  int columns = 32, rows = 1;
  float cell_w = 0, cell_h = 0;
  Rect area;
  Rect cell(int word) const {
    int r = word / columns, c = word % columns;
    return {area.x + static_cast<float>(c) * cell_w, area.y + static_cast<float>(r) * cell_h, cell_w, cell_h};
  }
};
SmemGrid smem_grid(int words, int columns, const Rect& area, float max_cell_h);

// Log axes of the timing plots: where a value sits in [0, 1] of the axis, and the tick values
// (powers of `base` inside [lo, hi], widened to at least one decade).
struct LogAxis {
  double lo = 1, hi = 10;
  float pos(double v) const;
};
LogAxis log_axis(double min_value, double max_value, double base);
std::vector<double> log_ticks(const LogAxis& a, double base, int max_ticks);

template <class Width>
std::string shorten_words(const std::string& text, float max_w, Width width) {
  if (width(text) <= max_w) return text;
  // The asides in parentheses, the last first: " (odd value)", " (global)".
  std::string t = text;
  for (size_t close = t.rfind(')'); close != std::string::npos; close = t.rfind(')')) {
    const size_t open = t.rfind('(', close);
    if (open == std::string::npos) break;
    const size_t from = open > 0 && t[open - 1] == ' ' ? open - 1 : open;
    t = t.substr(0, from) + t.substr(close + 1);
    if (!t.empty() && width(t) <= max_w) return t;
  }
  std::vector<std::string> words;
  for (size_t i = 0; i < t.size();) {
    const size_t sp = t.find(' ', i);
    const size_t end = sp == std::string::npos ? t.size() : sp;
    if (end > i) words.push_back(t.substr(i, end - i));
    i = end + 1;
  }
  for (size_t k = words.size(); k-- > 1;) {
    std::string lead;
    for (size_t j = 0; j < k; ++j) lead += (lead.empty() ? "" : " ") + words[j];
    while (!lead.empty() && std::string(":,= ").find(lead.back()) != std::string::npos) lead.pop_back();  // no "flags:.."
    if (!lead.empty() && width(lead + "..") <= max_w) return lead + "..";
  }
  return "";
}

}  // namespace scanscope
