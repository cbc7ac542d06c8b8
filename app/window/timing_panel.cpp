// Timing panel: benchmark results (kernels/bench.h) as time and GB/s against n on log axes, one
// line per kernel plus the copy line, labelled with device and date; a sweep on a background
// thread with progress and cancel.
#include <algorithm>
#include <map>

#include "panels.h"
#include "plot.h"

namespace scanscope {

namespace {

void start_sweep(AppState& s) {
  auto job = std::make_unique<BenchJob>();
  BenchJob* j = job.get();
  BenchConfig cfg;
  cfg.min_n = 1 << 10;
  cfg.max_n = 1 << 22;
  cfg.repeats = 5;
  j->worker = std::thread([j, cfg] {
    try {
      BenchResults r = run_bench(
          cfg,
          [j](int done, int total, const std::string& label) {
            std::lock_guard<std::mutex> lock(j->mu);
            j->done = done;
            j->total = total;
            j->label = label;
          },
          &j->cancel);
      std::lock_guard<std::mutex> lock(j->mu);
      j->result = std::move(r);
    } catch (const std::exception& e) {
      std::lock_guard<std::mutex> lock(j->mu);
      j->error = e.what();
    }
    j->finished = true;
  });
  s.bench_job = std::move(job);
}

Rgba series_color(size_t i) {
  static const Rgba colors[] = {okabe_ito::orange, okabe_ito::sky_blue, okabe_ito::bluish_green, okabe_ito::yellow,
                                okabe_ito::vermillion, okabe_ito::reddish_purple, okabe_ito::blue};
  return colors[i % 7];
}

}  // namespace

void TimingPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  begin_panel("##timing", "Timing: device-wide benchmarks", r);
  if (s.bench_job && s.bench_job->finished) {
    BenchJob& j = *s.bench_job;
    if (!j.error.empty()) toast(s, "benchmark: " + j.error, true);
    else if (j.cancel) toast(s, "benchmark cancelled", false);
    else {
      s.bench = std::move(j.result);
      s.have_bench = true;
      s.bench_origin = "sweep on this machine";
    }
    s.bench_job.reset();  // joins the finished worker
  }
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
  if (!s.bench_job) {
    if (ImGui::Button("Run sweep (2^10..2^22)")) start_sweep(s);
  } else {
    int done = 0, total = 0;
    std::string label;
    {
      std::lock_guard<std::mutex> lock(s.bench_job->mu);
      done = s.bench_job->done;
      total = s.bench_job->total;
      label = s.bench_job->label;
    }
    if (ImGui::Button("Cancel")) s.bench_job->cancel = true;
    ImGui::SameLine();
    ImGui::ProgressBar(total > 0 ? static_cast<float>(done) / total : 0.0f, ImVec2(-1, 0), label.c_str());
  }
  if (!s.have_bench) {
    ImGui::TextDisabled("Load a benchmark JSON (scanscope bench --json FILE) or run a sweep.");
    end_panel();
    return;
  }
  ImGui::TextColored(ImVec4(0.35f, 0.7f, 0.9f, 1), "%s", s.bench.device.c_str());
  ImGui::SameLine();
  ImGui::TextDisabled("%s, %s, from %s", s.bench.date.c_str(), s.bench.type.c_str(), s.bench_origin.c_str());
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
