// Shared-memory view: the array, one row per `banks` words so a column is a bank (a 2-D array: its
// own rows, tile[y] as row y); cells tinted by bank, changed cells outlined, padding slots hatched. Small arrays are drawn twice, before and
// after the step, with the step's reads going from the old cells to the threads and its writes
// from the threads to the new cells; large ones once, with the lines from the threads to the cells
// (one warp's where more would hide the cells) and a window of rows tall enough for values. The
// drawing is draw_smem_view (memory_views.cpp), which the comparison uses for both its sides.
#include <algorithm>
#include <cmath>

#include "model.h"
#include "panels.h"

namespace scanscope {

void SmemPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  if (!s.have_trace) {
    begin_panel("##smem", "Shared memory", r);
    end_panel();
    return;
  }
  const Trace& t = s.trace;
  const Step& st = t.steps[s.step];
  // In a lesson the lesson box's step is the one "step" on the screen: the title names the label only.
  std::string title = current_lesson_step(s) ? "Shared memory: " + st.label : "Shared memory, step " + std::to_string(s.step) + ": " + st.label;
  // What a column is: a bank, or in a 2-D array's matrix the array's column (its colour the bank).
  const SmemLayout layout = smem_layout(t);
  for (const std::string& key : layout.matrix ? std::vector<std::string>{"   (" + layout.declared() + ": row y is " + layout.name + "[y], colour = bank)", "   (colour = bank)"}
                                              : std::vector<std::string>{"   (column = bank)"})
    if (text_width(title + key) < r.w - 16) {
      title += key;
      break;
    }
  Rect c = begin_panel("##smem", title, r);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  std::vector<std::pair<Rgba, std::string>> legend = {{kReadColor, "read"}, {kWriteColor, "write"}, {kChangedColor, "changed"}, {kPaddingColor, "padding"}};
  if (!st.hazards.empty()) legend.push_back({kRaceColor, "RACE (no barrier)"});
  float lx = draw_legend(dl, c.x, c.y, legend, text_col);
  const float fh = ImGui::GetFontSize();
  const int banks = std::max(1, t.banks);
  float sw = std::min(120.0f * ui.scale, c.right() - lx - text_width("banks 0.." + std::to_string(banks - 1)) - 8);
  if (sw > 20) {
    for (int b = 0; b < banks; ++b)
      dl->AddRectFilled(ImVec2(lx + sw * b / banks, c.y + 2), ImVec2(lx + sw * (b + 1) / banks + 1, c.y + fh - 1), col(bank_color(b, banks)));
    dl->AddText(ImVec2(lx + sw + 4, c.y), text_col, ("banks 0.." + std::to_string(banks - 1)).c_str());
  }
  if (generation_ != s.trace_generation) {
    generation_ = s.trace_generation;
    pads_ = padding_slots(t);
    arrays_ = shared_arrays(t);
    view_ = SmemViewState{};
  }
  if (view_step_ != s.step) {  // a new step: the window of rows follows its lines again
    view_step_ = s.step;
    view_.scroll = 0;
  }
  SmemViewInput in;
  in.pads = &pads_;
  in.arrays = &arrays_;
  in.selected_warp = s.selected_warp;
  in.selected_inst = s.selected_inst;
  in.anim = s.anim;
  in.interactive = true;
  in.id = "##smem";
  in.report = &s.layout_report;
  in.min_px = min_text_px(ui.scale, s.settings.presenter);
  in.min_cell = min_cell_px(ui.scale, s.settings.presenter);
  view_.clicked_warp = -1;
  draw_smem_view(dl, t, s.step, Rect{c.x, c.y + fh + 6, c.w, c.h - fh - 6}, in, ui, &view_);
  if (view_.clicked_warp >= 0) s.selected_warp = view_.clicked_warp;
  end_panel();
}

}  // namespace scanscope
