// The views without a kernel trace (float order, histogram equalization, timing): the actions on
// AppState that compute or load what they show, and the benchmark sweep on its background thread.
// No ImGui here; float_order_panel.cpp, histeq_panel.cpp and timing_panel.cpp draw them.
#include <algorithm>
#include <cstdio>

#include "app_state.h"
#include "bench/bench_detail.h"
#include "engine/assets.h"
#include "engine/runner.h"

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
    // The gray levels the picture has, as its histogram shows them (not the generator's bounds).
    const auto [lo, hi] = std::minmax_element(img.pixels.begin(), img.pixels.end());
    const std::string levels = lo == img.pixels.end() ? "" : " (gray levels " + std::to_string(*lo) + ".." + std::to_string(*hi) + ")";
    s.histeq.source = (path.empty() ? "synthetic test picture" : path) + levels;
    s.histeq.image = std::move(img);
    s.histeq.eq = std::move(eq);
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

const RecordingList& timing_recordings(AppState& s) {
  if (!s.timing.recordings_listed) {
    s.timing.recordings = list_recordings(asset_dir() + "/bench");
    s.timing.recordings_listed = true;
    for (const auto& e : s.timing.recordings.errors) toast(s, e, true);
  }
  return s.timing.recordings;
}

namespace {

// `file`: the origin is a file, which the path box then shows (a sweep leaves the box as it was).
void show_bench(AppState& s, BenchResults r, const std::string& origin, bool file = false) {
  s.bench = std::move(r);
  s.have_bench = true;
  s.bench_origin = origin;
  if (file) std::snprintf(s.bench_buf, sizeof s.bench_buf, "%s", origin.c_str());
}

}  // namespace

bool load_timing_recording(AppState& s, const std::string& path) {
  try {
    show_bench(s, load_bench_file(path), path, true);
    fit_series_to_recording(s.timing, s.bench);
    return true;
  } catch (const std::exception& e) {
    toast(s, e.what(), true);
  }
  return false;
}

bool ensure_timing_bench(AppState& s) {
  if (s.have_bench) return true;
  const RecordingList& list = timing_recordings(s);
  const TimingPreset* opening = find_timing_preset(s.timing.preset.empty() ? kDefaultTimingPreset : s.timing.preset);
  const GpuStatus gpu = gpu_status();
  const int i = default_recording(list, gpu.usable ? gpu.name : "", s.timing.shown.empty() && opening ? opening->series : shown_ids(s.timing));
  if (i < 0) {
    toast(s, "no benchmark recording in " + asset_dir() + "/bench (h200-int.json is shipped there)", true);
    return false;
  }
  show_bench(s, list.files[i].results, list.files[i].path, true);
  fit_series_to_recording(s.timing, s.bench);
  return true;
}

void choose_timing_preset(AppState& s, const TimingPreset& p) {
  apply_timing_preset(s.timing, p);
  if (!s.have_bench) {
    ensure_timing_bench(s);  // the recording that holds the most of the preset's series
    return;
  }
  // A shipped recording that lacks some of the series gives way to the shipped one holding the
  // most of them; a file loaded by hand or a sweep stays.
  const std::string dir = asset_dir() + "/bench/";
  if (s.bench_origin.rfind(dir, 0) != 0 || missing_series(s.bench, p.series).empty()) return;
  const RecordingList& list = timing_recordings(s);
  const GpuStatus gpu = gpu_status();
  const int i = default_recording(list, gpu.usable ? gpu.name : "", p.series);
  if (i < 0 || list.files[i].path == s.bench_origin) return;
  if (missing_series(list.files[i].results, p.series).size() >= missing_series(s.bench, p.series).size()) return;
  show_bench(s, list.files[i].results, list.files[i].path, true);
}

std::string sweep_blocked(const AppState& s) {
  if (s.bench_job) return "a sweep is running";
  const bool gpu = gpu_status().usable;
  if (!sweep_kernels(shown_ids(s.timing), gpu).empty()) return "";
  if (!gpu) return "no GPU here (" + gpu_status().why + "): tick a CPU series to sweep on this machine";
  return "no series ticked";
}

void start_sweep(AppState& s, const std::vector<std::string>& kernels, const std::vector<long long>& sizes, std::function<void(size_t)> after_point) {
  if (s.bench_job) return;
  BenchConfig cfg;
  cfg.kernels = kernels.empty() ? sweep_kernels(shown_ids(s.timing), gpu_status().usable) : kernels;
  if (cfg.kernels.empty()) {
    toast(s, "sweep: " + sweep_blocked(s), true);
    return;
  }
  cfg.min_n = 1 << 10;
  cfg.max_n = 1 << 22;
  cfg.sizes = sizes;
  const TimingPreset* preset = s.timing.preset.empty() ? nullptr : find_timing_preset(s.timing.preset);
  if (cfg.sizes.empty() && preset && !preset->bench_preset.empty()) cfg.sizes = bench_detail::preset_sizes(preset->bench_preset);
  cfg.repeats = 5;
  cfg.type = s.have_bench ? s.bench.type : ValueType::Int;
  auto job = std::make_unique<BenchJob>();
  BenchJob* j = job.get();
  j->min_n = static_cast<double>(cfg.sizes.empty() ? cfg.min_n : *std::min_element(cfg.sizes.begin(), cfg.sizes.end()));
  j->max_n = static_cast<double>(cfg.sizes.empty() ? cfg.max_n : *std::max_element(cfg.sizes.begin(), cfg.sizes.end()));
  j->worker = std::thread([j, cfg, after_point] {
    try {
      BenchResults r = run_bench(
          cfg,
          [j](int done, int total, const std::string& label) {
            std::lock_guard<std::mutex> lock(j->mu);
            j->done = done;
            j->total = total;
            j->label = label;
          },
          &j->cancel,
          [j, &after_point](const BenchResults& so_far) {
            {
              std::lock_guard<std::mutex> lock(j->mu);
              j->partial = so_far;
              ++j->partial_version;
            }
            if (after_point) after_point(so_far.points.size());
          });
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
  if (!s.bench_job) return;
  BenchJob& j = *s.bench_job;
  if (!j.finished) {
    std::lock_guard<std::mutex> lock(j.mu);
    if (j.partial_version != j.shown_version) {  // the points so far, into the same picture
      j.shown_version = j.partial_version;
      show_bench(s, j.partial, "sweep on this machine (running)");
    }
    return;
  }
  if (!j.error.empty()) toast(s, "benchmark: " + j.error, true);
  else {
    const bool cancelled = j.cancel.load();
    const size_t points = j.result.points.size();
    if (cancelled) toast(s, points == 0 ? std::string("benchmark cancelled") : "benchmark cancelled after " + std::to_string(points) + " points; they stay shown", false);
    if (!cancelled || points > 0)
      show_bench(s, std::move(j.result), cancelled ? "sweep on this machine (cancelled)" : "sweep on this machine");
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
  p.min_n = s.bench_job->min_n;
  p.max_n = s.bench_job->max_n;
  return p;
}

void cancel_sweep(AppState& s) {
  if (s.bench_job) s.bench_job->cancel = true;
}

}  // namespace scanscope
