// Timing panel: benchmark sweeps as time and GB/s against n. kernels/bench.cpp (run_bench,
// load_bench_file) is not in the tree yet, so the panel says so instead of linking against it.
#include "panels.h"

namespace scanscope {

void TimingPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  (void)s;
  (void)ui;
  begin_panel("##timing", "Timing", r);
  ImGui::TextWrapped("The timing panel needs the benchmark engine (kernels/bench.cpp), which this build does not have yet. "
                     "Use `scanscope bench` once it lands.");
  end_panel();
}

}  // namespace scanscope
