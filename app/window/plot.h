// Line plots with ImGui draw lists (ImPlot is not packaged): the timing panel's drawing. What is
// drawn (lines, styles, axes, ticks) is computed without ImGui in timing_model.h.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include <imgui.h>

#include "layout.h"
#include "timing_model.h"

namespace scanscope {

// A marker of radius `r` (about a third of the font's height) in `fill`, outlined in `outline`
// so it stands out against lines and the grid.
void draw_marker(ImDrawList* dl, ImVec2 c, float r, Marker m, ImU32 fill, ImU32 outline);

// One plot in r: its title above, tick labels (n as powers of two on `x`), the grid, the reference
// line, the lines with a marker at every point (sizes follow the current font), and a read-out of
// the point nearest the mouse. Returns the index of the hovered line (-1 if none).
int draw_plot(ImDrawList* dl, const Rect& r, const PlotSpec& p, const PlotAxis& x);

// The legend: a sample of each line (its stroke and marker) and its name, left to right from
// first_x, wrapping before max_x to rows that start at x, in `font`. Returns the y below the last
// row; with dl null it only measures.
float draw_series_legend(ImDrawList* dl, float x, float first_x, float y, float max_x, const std::vector<std::pair<std::string, SeriesStyle>>& items,
                         ImFont* font, ImU32 text_color);

}  // namespace scanscope
