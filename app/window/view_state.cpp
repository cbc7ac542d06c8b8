// The views without a kernel trace (float order, histogram equalization, timing): the actions on
// AppState that compute or load what they show, and the benchmark sweep on its background thread.
// No ImGui here; float_order_panel.cpp, histeq_panel.cpp and timing_panel.cpp draw them.
#include <algorithm>
#include <cstdio>

#include "app_state.h"
#include "engine/assets.h"

namespace scanscope {

const std::vector<std::string>& float_order_kinds() {
  static const std::vector<std::string> kKinds = {"uniform", "mixed", "cancel"};
  return kKinds;
}

void update_float_order(AppState& s) {
  FloatOrderView& v = s.float_order;
  v.kind = std::clamp(v.kind, 0, static_cast<int>(float_order_kinds().size()) - 1);
  if (v.computed_kind == v.kind && v.computed_seed == v.seed) return;
  v.computed_kind = v.kind;
  v.computed_seed = v.seed;
  try {
    v.report = compare_float_orders(float_order_data(float_order_kinds()[v.kind], v.n, v.seed));
    v.error.clear();
  } catch (const std::exception& e) {
    v.report = FloatOrderReport{};
    v.error = e.what();
    toast(s, std::string("float order: ") + e.what(), true);
  }
}

bool load_histeq(AppState& s, const std::string& path) {
  try {
    GrayImage img = path.empty() ? synthetic_image(320, 240) : load_gray_image(path);
    Equalization eq = equalize(img, s.options.device);
    s.histeq.image = std::move(img);
    s.histeq.eq = std::move(eq);
    s.histeq.source = path.empty() ? "synthetic test picture (gray levels 80..150)" : path;
    s.histeq.ready = true;
    ++s.histeq.generation;
    return true;
  } catch (const std::exception& e) {
    toast(s, e.what(), true);
  }
  return false;
}

void show_histeq_scan(AppState& s) {
  if (!s.histeq.ready) return;
  s.compare_pad.clear();
  s.compare_kernel.clear();
  s.compare_original = false;
  Trace t = s.histeq.eq.cdf_trace;
  s.request = request_of(t);
  show_trace(s, std::move(t), "histogram equalization's CDF: " + s.histeq.eq.where);
  update_compare(s);
  form_from_request(s.form, s.request, s.options.device);
  s.step = s.prev_step = std::max(0, step_count(s) - 1);
  s.panels = {"tree", "smem", "code"};
}

bool ensure_timing_bench(AppState& s) {
  if (s.have_bench) return true;
  const std::string path = asset_dir() + "/bench/h200-int.json";
  try {
    s.bench = load_bench_file(path);
    s.have_bench = true;
    s.bench_origin = path;
    std::snprintf(s.bench_buf, sizeof s.bench_buf, "%s", path.c_str());
    return true;
  } catch (const std::exception& e) {
    toast(s, e.what(), true);
  }
  return false;
}

void start_sweep(AppState& s) {
  if (s.bench_job) return;
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

void collect_sweep(AppState& s) {
  if (!s.bench_job || !s.bench_job->finished) return;
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

SweepProgress sweep_progress(const AppState& s) {
  SweepProgress p;
  if (!s.bench_job) return p;
  std::lock_guard<std::mutex> lock(s.bench_job->mu);
  p.running = true;
  p.done = s.bench_job->done;
  p.total = s.bench_job->total;
  p.label = s.bench_job->label;
  return p;
}

void cancel_sweep(AppState& s) {
  if (s.bench_job) s.bench_job->cancel = true;
}

}  // namespace scanscope
