// Log-log line plots with ImGui draw lists (ImPlot is not packaged): the timing panel's only
// plotting code.
#pragma once

#include <string>
#include <vector>

#include <imgui.h>

#include "layout.h"
#include "palette.h"

namespace scanscope {

struct PlotSeries {
  std::string name;
  Rgba color;
  bool dashed = false;  // baselines (copy)
  std::vector<std::pair<double, double>> points;  // (n, value), n ascending
};

// Draws axes (x: n as powers of two, y: powers of ten), the series, and a read-out of the point
// nearest the mouse. Returns the index of the hovered series (-1 if none).
int draw_log_plot(ImDrawList* dl, const Rect& r, const std::vector<PlotSeries>& series, const char* y_label, const char* unit);

}  // namespace scanscope
