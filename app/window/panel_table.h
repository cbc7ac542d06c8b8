// The window's panels: the one place a panel is registered. One line each:
//   name        what --panels, the View menu, settings.ini and lesson files call it
//   Class       its class (panels.h; draw(state, ui, rect) in NAME_panel.cpp draws it in the
//               rectangle the layout gives it)
//   title       one line saying what it shows (--help, the View menu's tooltip)
//   in_default  part of the default layout (in this order)
//   steps       shows the trace at its current step: where no panel shown does, the window leaves
//               the transport bar out (a lesson's timing step, --panels timing)
// The order is the View menu's. Everything else reads this table: kPanels below (--panels
// parsing and the default set in model.cpp, the --help text in app/cli.cpp, the tests) and
// make_panels() in the window (one object per line). No ImGui here.
// Adding a panel: a line here, its class in panels.h, its draw in a new NAME_panel.cpp.
#pragma once

#include <string>
#include <vector>

#define SCANSCOPE_PANELS(X)                                                                                                  \
  X("tree", TreePanel, "the reduction / scan tree: a row per step that writes, a column per word", true, true)                     \
  X("smem", SmemPanel, "shared memory by bank: the step's reads and writes, changed cells, padding, races", true, true)            \
  X("warps", WarpsPanel, "warps and banks: active lanes, the conflict heatmap, the bank x lane grid", true, true)                  \
  X("grid", GridPanel, "the whole grid: launches as stages, blocks as tiles over the global arrays, a step's global accesses and sectors", false, true) \
  X("traffic", TrafficPanel, "global memory traffic: bytes per element each launch reads and writes, beside the comparison's partner", false, true) \
  X("code", CodePanel, "the kernel's source, the access site's line highlighted", true, true)                                      \
  X("editor", EditorPanel, "the kernel's text to edit: Ctrl+Enter traces it again, errors on their lines", false, true)            \
  X("console", ConsolePanel, "printf's output: each thread's lines up to the step shown, the step's own marked", false, true)         \
  X("compare", ComparePanel, "the trace beside a partner (other padding, kernel or unedited text), level by level", false, true)   \
  X("timing", TimingPanel, "benchmarks against n: time and GB/s, or x CUB and share of the copy (--bench, --timing-preset, --series)", false, false)      \
  X("float-order", FloatOrderPanel, "the same floats summed in different orders: each order's error in ulps", false, false)         \
  X("histeq", HistEqPanel, "histogram equalization: the histogram, its scan (the CDF), the picture before and after", false, false) \
  /* a new panel: one line above this one */

namespace scanscope {

struct PanelInfo {
  const char* name;
  const char* title;
  bool in_default;
  bool steps;
};

#define SCANSCOPE_PANEL_INFO(name, Class, title, in_default, steps) PanelInfo{name, title, in_default, steps},
inline constexpr PanelInfo kPanels[] = {SCANSCOPE_PANELS(SCANSCOPE_PANEL_INFO)};
#undef SCANSCOPE_PANEL_INFO

// Whether any of these panels shows the trace at its current step (the table's `steps`).
inline bool panels_show_steps(const std::vector<std::string>& names) {
  for (const std::string& n : names)
    for (const PanelInfo& p : kPanels)
      if (p.steps && n == p.name) return true;
  return false;
}

// "tree, smem, warps, ..." (sep between the names), for messages and --help.
inline std::string panel_name_list(const char* sep = ", ") {
  std::string out;
  for (const PanelInfo& p : kPanels) out += (out.empty() ? "" : sep) + std::string(p.name);
  return out;
}

}  // namespace scanscope
