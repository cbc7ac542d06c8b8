// Layout logic (see layout.h).
#include "layout.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

namespace scanscope {

namespace {

// The panels in the main area, in the grid (see layout_window).
void tile_panels(WindowLayout& l, const std::vector<std::string>& panels, const Rect& main);

}  // namespace

WindowLayout layout_window(const std::vector<std::string>& panels, float width, float height, float ui_scale, const LayoutExtras& extras) {
  WindowLayout l;
  const float side_w = extras.sidebar_hidden ? 0.0f : std::min(width * 0.22f, 330.0f * ui_scale);
  const float bar_h = extras.transport ? std::min(height * 0.14f, 92.0f * ui_scale) : 0.0f;
  l.sidebar = {0, 0, side_w, height};
  l.transport = {side_w, 0, width - side_w, bar_h};
  float top = bar_h, bottom = height;
  if (extras.notice_h > 0) {
    const float nh = std::min(extras.notice_h, height * 0.15f);
    l.notice = {side_w, top, width - side_w, nh};
    top += nh;
  }
  if (extras.lesson) {
    // Large enough for a title, five lines of text and a question in the big font.
    const float share = extras.exercise ? 0.4f : std::min(0.27f * std::max(1.0f, ui_scale), 0.4f);
    const float lh = std::clamp(height * share + extras.lesson_grow, std::min(170.0f * ui_scale, height * 0.45f), height * 0.45f);
    l.lesson = {side_w, height - lh, width - side_w, lh};
    bottom -= lh;
  }
  const Rect main{side_w, top, width - side_w, std::max(1.0f, bottom - top)};
  if (!extras.focus.empty() && std::find(panels.begin(), panels.end(), extras.focus) != panels.end()) {
    l.panels.push_back({extras.focus, main});
    return l;
  }
  tile_panels(l, panels, main);
  // The code panel: the whole right column where its cell is too low, else left out.
  const auto code = std::find_if(l.panels.begin(), l.panels.end(), [](const PanelRect& p) { return p.name == "code"; });
  if (extras.code_min_h > 0 && code != l.panels.end() && code->rect.h < extras.code_min_h) {
    std::vector<std::string> others;
    for (const auto& p : panels)
      if (p != "code") others.push_back(p);
    l.panels.clear();
    if (others.size() <= 2 && main.h >= extras.code_min_h) {  // the others stacked on the left, the code on the right
      const float left_w = others.empty() ? 0.0f : main.w * 0.6f;
      for (size_t i = 0; i < others.size(); ++i) {
        const float top = i == 0 ? 0.0f : main.h * 0.55f, h = others.size() == 1 ? main.h : i == 0 ? main.h * 0.55f : main.h * 0.45f;
        l.panels.push_back({others[i], {main.x, main.y + top, left_w, h}});
      }
      l.panels.push_back({"code", {main.x + left_w, main.y, main.w - left_w, main.h}});
    } else {
      tile_panels(l, others, main);
      l.left_out.push_back({"code", "too low for five rows of code (the cited line and two neighbours each side)"});
    }
  }
  return l;
}

namespace {

void tile_panels(WindowLayout& l, const std::vector<std::string>& panels, const Rect& main) {
  const int n = static_cast<int>(panels.size());
  if (n == 0) return;
  auto put = [&](int i, float x, float y, float w, float h) { l.panels.push_back({panels[i], {x, y, w, h}}); };
  // A wide, low main area (a lesson's box and the red strip under a 720-pixel window) puts three
  // or four panels in one row when that leaves the smallest panel more room than the grid: a
  // panel's room is its width or twice its height, whichever is smaller.
  auto room = [](float w, float h) { return std::min(w, 2 * h); };
  if (n == 3 || n == 4) {
    const float grid = n == 3 ? std::min(room(main.w, main.h * 0.55f), room(main.w / 2, main.h * 0.45f)) : room(main.w / 2, main.h / 2);
    if (room(main.w / static_cast<float>(n), main.h) > grid) {
      for (int i = 0; i < n; ++i) put(i, main.x + main.w * static_cast<float>(i) / static_cast<float>(n), main.y, main.w / static_cast<float>(n), main.h);
      return;
    }
  }
  if (n == 1) {
    put(0, main.x, main.y, main.w, main.h);
  } else if (n == 2) {
    put(0, main.x, main.y, main.w / 2, main.h);
    put(1, main.x + main.w / 2, main.y, main.w / 2, main.h);
  } else if (n == 3) {
    const float top = main.h * 0.55f;
    put(0, main.x, main.y, main.w, top);
    put(1, main.x, main.y + top, main.w / 2, main.h - top);
    put(2, main.x + main.w / 2, main.y + top, main.w / 2, main.h - top);
  } else {
    const int cols = n <= 4 ? 2 : 3;
    const int rows = (n + cols - 1) / cols;
    const float rh = main.h / static_cast<float>(rows);
    for (int i = 0; i < n; ++i) {
      const int r = i / cols, c = i % cols;
      // The last row stretches when it is short.
      const int in_row = std::min(cols, n - r * cols);
      const float w = main.w / static_cast<float>(in_row);
      put(i, main.x + static_cast<float>(c) * w, main.y + static_cast<float>(r) * rh, w, rh);
    }
  }
}

}  // namespace

const PanelRect* find_panel(const WindowLayout& l, const std::string& name) {
  for (const auto& p : l.panels)
    if (p.name == name) return &p;
  return nullptr;
}

int TreeGeometry::first_visible(int words) const {
  if (col_w <= 0) return 0;
  int w = static_cast<int>(std::floor(-pan_x / col_w));
  return std::clamp(w, 0, std::max(0, words - 1));
}

int TreeGeometry::last_visible(int words) const {
  if (col_w <= 0) return words - 1;
  int w = static_cast<int>(std::ceil((area.w - pan_x) / col_w));
  return std::clamp(w, 0, std::max(0, words - 1));
}

TreeGeometry tree_geometry(int words, int rows, const Rect& area, float zoom, float pan_x, float label_h) {
  TreeGeometry g;
  g.area = area;
  words = std::max(1, words);
  rows = std::max(1, rows);
  g.col_w = area.w * std::max(1.0f, zoom) / static_cast<float>(words);
  g.row_h = area.h / static_cast<float>(rows);
  g.pan_x = clamp_pan(pan_x, words, area.w, zoom);
  g.node_w = std::max(1.0f, std::min(g.col_w * 0.86f, std::max(64.0f, 3.2f * label_h)));  // wider for larger values
  g.node_h = std::max(1.0f, std::min(std::max(g.row_h * 0.45f, std::min(g.row_h * 0.8f, label_h)), std::max(34.0f, label_h)));
  return g;
}

float clamp_pan(float pan_x, int words, float area_w, float zoom) {
  (void)words;
  const float total = area_w * std::max(1.0f, zoom);
  return std::clamp(pan_x, std::min(0.0f, area_w - total), 0.0f);
}

bool label_fits(float box_w, float text_w) { return text_w <= box_w - 2.0f; }

bool value_keeps_gap(float cell_w, float text_w, float px) { return text_w + std::max(4.0f, px * 0.25f) <= cell_w; }

float min_text_px(float ui_scale, bool presenter) { return (presenter ? 18.0f : 11.0f) * std::max(0.5f, ui_scale); }

float min_cell_px(float ui_scale, bool presenter) { return (presenter ? 12.0f : 5.0f) * std::max(0.5f, ui_scale); }

CellWindow cell_window(int count, float length, float min_px, int focus) {
  CellWindow w;
  w.count = std::max(0, count);
  if (w.count == 0) return w;
  const int fit = min_px > 0 ? std::max(1, static_cast<int>(std::floor(length / min_px))) : w.count;
  w.shown = std::min(w.count, fit);
  focus = std::clamp(focus, 0, w.count - 1);
  if (focus >= w.shown) w.first = std::min(focus - w.shown / 2, w.count - w.shown);
  w.cell = length / static_cast<float>(w.shown);
  return w;
}

std::string CellWindow::rule(const std::string& what) const {
  return what + " " + std::to_string(first) + "-" + std::to_string(first + shown - 1) + " of " + std::to_string(count);
}

float fit_text_px(float text_w, float ref_px, float box_w, float box_h, float min_px, float max_px) {
  if (ref_px <= 0) return 0;
  float px = std::min(max_px, box_h);
  if (text_w > 0) px = std::min(px, ref_px * (box_w - 2.0f) / text_w);
  px = std::floor(px * 4.0f) / 4.0f;  // quarter pixels: the size does not flicker with sub-pixel widths
  return px >= min_px ? px : 0.0f;
}

ValueFit fit_values(float widest_w, float ref_px, float col_w, float node_w, float node_h, float min_px, float max_px) {
  ValueFit f;
  f.px = fit_text_px(widest_w, ref_px, node_w, node_h, min_px, max_px);
  if (f.px > 0) return f;
  if (node_h < min_px) return {0, 0};  // too low for any readable size: no thinning helps
  // Every k-th node, its value written across the k columns its neighbours leave free.
  for (int every = 2; every <= 64; every *= 2) {
    const float px = fit_text_px(widest_w, ref_px, every * col_w - 4.0f, node_h, min_px, max_px);
    if (px > 0) return {std::min(px, std::max(min_px, ref_px)), every};
  }
  return {0, 0};
}

const LayoutNote* LayoutReport::find(const std::string& panel, const std::string& item) const {
  for (const auto& n : notes)
    if (n.panel == panel && n.item == item) return &n;
  return nullptr;
}

std::string LayoutReport::text() const {
  std::string out;
  char px[32];
  for (const auto& n : notes) {
    std::snprintf(px, sizeof px, "%.1f", n.px);
    out += n.panel + " " + n.item + ": " + std::to_string(n.shown) + "/" + std::to_string(n.total) + " at " + px + " px" +
           (n.rule.empty() ? "" : ", " + n.rule) + "\n";
  }
  return out;
}

std::vector<int> scrub_label_steps(const std::vector<float>& label_w, float bar_w, float gap) {
  std::vector<int> out;
  const int n = static_cast<int>(label_w.size());
  if (n == 0 || bar_w <= 0) return out;
  const float slot = bar_w / static_cast<float>(n);
  float last_right = -1e9f;
  for (int i = 0; i < n; ++i) {
    const float cx = (static_cast<float>(i) + 0.5f) * slot;
    float left = cx - label_w[i] / 2, right = cx + label_w[i] / 2;
    if (left < 0 || right > bar_w) continue;  // would be clipped by the bar's ends
    if (left < last_right + gap) continue;
    out.push_back(i);
    last_right = right;
  }
  return out;
}

float ease_in_out(float t) {
  t = std::clamp(t, 0.0f, 1.0f);
  return t * t * (3.0f - 2.0f * t);
}

SmemGrid smem_grid(int words, int columns, const Rect& area, float max_cell_h) {
  SmemGrid g;
  g.columns = std::max(1, std::min(columns, std::max(1, words)));
  g.rows = std::max(1, (words + g.columns - 1) / g.columns);
  g.area = area;
  g.cell_w = area.w / static_cast<float>(g.columns);
  g.cell_h = std::min(max_cell_h, area.h / static_cast<float>(g.rows));
  return g;
}

float LogAxis::pos(double v) const {
  if (v <= 0 || hi <= lo) return 0;
  return static_cast<float>((std::log(v) - std::log(lo)) / (std::log(hi) - std::log(lo)));
}

LogAxis log_axis(double min_value, double max_value, double base) {
  LogAxis a;
  if (!(min_value > 0) || !(max_value > 0)) return a;
  // Within [1e-300, 1e300]: 10^-324 is 0 (and its log -inf), whose ticks never end.
  min_value = std::clamp(min_value, 1e-300, 1e300);
  max_value = std::clamp(max_value, min_value, 1e300);
  a.lo = std::pow(base, std::floor(std::log(min_value) / std::log(base) + 1e-9));
  a.hi = std::pow(base, std::ceil(std::log(max_value) / std::log(base) - 1e-9));
  if (a.hi <= a.lo) a.hi = a.lo * base;
  return a;
}

std::vector<double> log_ticks(const LogAxis& a, double base, int max_ticks) {
  std::vector<double> all;
  if (!(a.lo > 0) || !std::isfinite(a.hi) || !(base > 1)) return all;
  for (double v = a.lo; v <= a.hi * (1 + 1e-9); v *= base) all.push_back(v);
  if (max_ticks < 2 || static_cast<int>(all.size()) <= max_ticks) return all;
  const size_t every = (all.size() + max_ticks - 1) / max_ticks;
  std::vector<double> out;
  for (size_t i = 0; i < all.size(); i += every) out.push_back(all[i]);
  return out;
}

}  // namespace scanscope
