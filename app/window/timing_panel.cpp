// Timing panel: benchmark results (kernels/bench.h) as time and GB/s against n on log axes, one
// line per kernel plus the copy line, labelled with device and date; a sweep's progress and
// cancel (the sweep itself runs in the state layer: view_state.cpp).
#include <algorithm>
#include <map>

#include "panels.h"
#include "plot.h"

namespace scanscope {

namespace {

Rgba series_color(size_t i) {
  static const Rgba colors[] = {okabe_ito::orange, okabe_ito::sky_blue, okabe_ito::bluish_green, okabe_ito::yellow,
                                okabe_ito::vermillion, okabe_ito::reddish_purple, okabe_ito::blue};
  return colors[i % 7];
}

}  // namespace

void TimingPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  begin_panel("##timing", "Timing: device-wide benchmarks", r);
  collect_sweep(s);
  ImGui::SetNextItemWidth(std::min(260.0f * ui.scale, ImGui::GetContentRegionAvail().x * 0.4f));
  ImGui::InputText("##benchpath", s.bench_buf, sizeof s.bench_buf);
  ImGui::SameLine();
  if (ImGui::Button("Load")) {
    try {
      s.bench = load_bench_file(s.bench_buf);
      s.have_bench = true;
      s.bench_origin = s.bench_buf;
    } catch (const std::exception& e) {
      toast(s, e.what(), true);
    }
  }
  ImGui::SameLine();
  const SweepProgress sweep = sweep_progress(s);
  if (!sweep.running) {
    if (ImGui::Button("Run sweep (2^10..2^22)")) start_sweep(s);
  } else {
    if (ImGui::Button("Cancel")) cancel_sweep(s);
    ImGui::SameLine();
    ImGui::ProgressBar(sweep.total > 0 ? static_cast<float>(sweep.done) / sweep.total : 0.0f, ImVec2(-1, 0), sweep.label.c_str());
  }
  if (!s.have_bench) {
    ImGui::TextDisabled("Load a benchmark JSON (scanscope bench --json FILE) or run a sweep.");
    end_panel();
    return;
  }
  ImGui::TextColored(ImVec4(0.35f, 0.7f, 0.9f, 1), "%s", s.bench.device.c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s, %s, from %s", s.bench.date.c_str(), type_name(s.bench.type), s.bench_origin.c_str());
  for (const auto& m : s.bench.messages) ImGui::TextDisabled("%s", m.c_str());
  // One series per kernel, in first-seen order; points without a time (skipped) are left out.
  std::vector<PlotSeries> ms, gbps;
  std::map<std::string, size_t> index;
  for (const auto& p : s.bench.points) {
    if (p.ms <= 0) continue;
    auto it = index.find(p.kernel);
    if (it == index.end()) {
      it = index.emplace(p.kernel, ms.size()).first;
      const bool copy = p.kernel == "copy";
      Rgba c = copy ? Rgba{235, 235, 235} : series_color(ms.size());
      ms.push_back({p.kernel, c, copy, {}});
      gbps.push_back({p.kernel, c, copy, {}});
    }
    ms[it->second].points.push_back({static_cast<double>(p.n), p.ms});
    gbps[it->second].points.push_back({static_cast<double>(p.n), p.gbps});
  }
  for (auto* v : {&ms, &gbps})
    for (auto& ser : *v) std::sort(ser.points.begin(), ser.points.end());
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  ImVec2 avail = ImGui::GetContentRegionAvail();
  // Legend first (it wraps), then the two plots below it.
  std::vector<std::pair<Rgba, std::string>> legend;
  for (const auto& ser : ms) legend.push_back({ser.color, ser.name});
  float legend_bottom = p0.y;
  draw_legend(dl, p0.x, p0.y, legend, ImGui::GetColorU32(ImGuiCol_Text), p0.x + avail.x, &legend_bottom);
  const float top = legend_bottom + 4, h = p0.y + avail.y - top;
  draw_log_plot(dl, Rect{p0.x, top, avail.x / 2 - 6, h}, ms, "time per call (ms)", "ms");
  draw_log_plot(dl, Rect{p0.x + avail.x / 2 + 6, top, avail.x / 2 - 6, h}, gbps, "throughput (GB/s)", "GB/s");
  end_panel();
}

}  // namespace scanscope
