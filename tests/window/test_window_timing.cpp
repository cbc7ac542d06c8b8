// The timing panel without a window: presets against the shipped recordings, a colour and a
// marker per shown series, the ratio views' arithmetic against the bench's own ratios, the
// recording opened by default, the command line's names, axes, and a live sweep on the CPU.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <future>
#include <set>
#include <thread>

#include "app_state.h"
#include "bench/bench_view.h"
#include "engine/assets.h"
#include "engine/catalogue.h"
#include "engine/runner.h"
#include "engine/sources.h"
#include "kernels/device/strategies.h"
#include "layout.h"
#include "startup.h"
#include "timing_model.h"

using namespace scanscope;

namespace {

const BenchResults& recording(const std::string& file) {
  static std::map<std::string, BenchResults> cache;
  auto it = cache.find(file);
  if (it == cache.end()) it = cache.emplace(file, load_bench_file(asset_dir() + "/bench/" + file)).first;
  return it->second;
}

std::string file_of(const std::string& path) { return std::filesystem::path(path).filename().string(); }

// How far apart two colours are (RGB distance).
double distance(Rgba a, Rgba b) { return std::sqrt(std::pow(a.r - b.r, 2.0) + std::pow(a.g - b.g, 2.0) + std::pow(a.b - b.b, 2.0)); }

std::string usage_error(const std::function<void()>& f) {
  try {
    f();
  } catch (const UsageError& e) {
    return e.what();
  }
  return "(no error)";
}

BenchPoint point(const std::string& kernel, BenchFamily f, long long n, double ms, double gbps) {
  BenchPoint p;
  p.kernel = kernel;
  p.family = f;
  p.n = n;
  p.ms = ms;
  p.gbps = gbps;
  p.verified = true;
  return p;
}

}  // namespace

TEST(TimingPresets, NameSeriesOfTheShippedRecordings) {
  ASSERT_EQ(timing_presets().size(), 7u);
  std::vector<std::string> ids;
  for (const auto& p : timing_presets()) {
    ids.push_back(p.id);
    EXPECT_FALSE(p.series.empty()) << p.id;
    // The applications' five series are all in the H200's sort recording (the sorts, compact-best,
    // cub-select and the copy of one run); the compactions' own preset is the H100's file.
    const std::string file = p.id == "compaction-vs-cub" ? "h100-compact-int.json" : p.id == "applications-vs-cub" ? "h200-sort-int.json" : "h200-int.json";
    EXPECT_EQ(missing_series(recording(file), p.series), std::vector<std::string>{}) << p.id << " in " << file;
    EXPECT_EQ(find_timing_preset(p.id), &p);
    EXPECT_EQ(find_timing_preset(p.title), &p);
  }
  EXPECT_EQ(missing_series(recording("h200-harris-table2.json"), find_timing_preset("harris-table2")->series), std::vector<std::string>{});
  EXPECT_EQ(missing_series(recording("h200-oancea.json"), find_timing_preset("oancea")->series), std::vector<std::string>{});
  EXPECT_EQ(missing_series(recording("h100-sort-int.json"), find_timing_preset("applications-vs-cub")->series), (std::vector<std::string>{"compact-best", "cub-select"}));
  EXPECT_EQ(find_timing_preset("SCAN: ours vs CUB vs copy")->id, "scan-vs-cub");
  EXPECT_EQ(find_timing_preset(kDefaultTimingPreset)->series, (std::vector<std::string>{"scan-best", "cub-scan", "copy"}));
  EXPECT_EQ(find_timing_preset("reduce-vs-cub")->series, (std::vector<std::string>{"reduce-best", "cub-reduce", "copy"}));
  EXPECT_EQ(find_timing_preset("harris-table2")->series, (std::vector<std::string>{"cpu-sequential-scan", "scan-propagate", "scan-best", "cub-scan", "copy"}));
  EXPECT_EQ(find_timing_preset("nonesuch"), nullptr);
  EXPECT_EQ(ids, timing_preset_names());  // the list a lesson's timing-preset is checked against
  EXPECT_EQ(find_timing_preset("applications: ours vs CUB vs copy")->series,
            (std::vector<std::string>{"compact-best", "cub-select", "sort-onesweep", "cub-sort-keys", "copy"}));
}

// The applications preset without a GPU: the H200's sort recording holds all five of its series and
// opens for it. Without that file (the H100's recordings only: the sorts in one file, the
// compactions in another) the window opens one of them, keeps the choice, and names where the
// others are; series no recording has are said so.
TEST(TimingPresets, TheApplicationsPresetSaysWhereItsSeriesAre) {
  const RecordingList list = list_recordings(asset_dir() + "/bench");
  const auto& apps = find_timing_preset("applications-vs-cub")->series;
  const int i = default_recording(list, "", apps);
  ASSERT_GE(i, 0);
  EXPECT_EQ(file_of(list.files[i].path), "h200-sort-int.json");  // 5 of 5
  EXPECT_EQ(missing_series(list.files[i].results, apps), std::vector<std::string>{});
  EXPECT_EQ(file_of(list.files[default_recording(list, "", find_timing_preset(kDefaultTimingPreset)->series)].path), "h200-int.json");
  EXPECT_EQ(series_in_no_recording(list, apps), std::vector<std::string>{});
  EXPECT_EQ(missing_series_note(list, {}), "");
  // The H100's sorts are in one file and its compactions in another: the note names the other file.
  RecordingList h100;
  for (const auto& rec : list.files)
    if (file_of(rec.path).rfind("h100-", 0) == 0) h100.files.push_back(rec);
  const auto sorts = std::find_if(h100.files.begin(), h100.files.end(), [](const auto& rec) { return file_of(rec.path) == "h100-sort-int.json"; });
  ASSERT_NE(sorts, h100.files.end());
  const std::vector<std::string> missing = missing_series(sorts->results, apps);
  EXPECT_EQ(missing, (std::vector<std::string>{"compact-best", "cub-select"}));
  EXPECT_EQ(missing_series_note(h100, missing), "compact-best and cub-select: in h100-compact-int.json (NVIDIA H100 80GB HBM3); File... opens it.");
  // Without the sorts' recordings: nobody has them, and the note says so.
  RecordingList compact_only;
  for (const auto& rec : list.files)
    if (file_of(rec.path) == "h100-compact-int.json") compact_only.files.push_back(rec);
  ASSERT_EQ(compact_only.files.size(), 1u);
  EXPECT_EQ(series_in_no_recording(compact_only, apps), (std::vector<std::string>{"sort-onesweep", "cub-sort-keys"}));
  EXPECT_EQ(missing_series_note(compact_only, {"sort-onesweep", "cub-sort-keys"}), "No shipped recording has sort-onesweep and cub-sort-keys yet: Run sweep times them on a GPU.");
  EXPECT_EQ(missing_series_note(compact_only, {"compact-flagged", "sort-onesweep"}),
            "compact-flagged: in h100-compact-int.json (NVIDIA H100 80GB HBM3); File... opens it. No shipped recording has sort-onesweep yet: Run sweep times it on a GPU.");
  TimingState t;
  apply_timing_preset(t, *find_timing_preset("applications-vs-cub"));
  EXPECT_FALSE(fit_series_to_recording(t, list.files[i].results));  // all five there: the preset stays
  EXPECT_EQ(t.preset, "applications-vs-cub");
  // Chosen in the window over the default recording (h200-int.json: only the copy of the five),
  // the shipped recording with all of its series comes instead.
  WindowOptions o;
  o.device = Device::Cpu;
  o.panels = "timing";
  AppState s;
  start_app(s, o, "");
  if (gpu_status().usable) return;  // a GPU machine's own recordings decide
  ASSERT_EQ(file_of(s.bench_origin), "h200-int.json");
  choose_timing_preset(s, *find_timing_preset("applications-vs-cub"));
  EXPECT_EQ(file_of(s.bench_origin), "h200-sort-int.json");
  EXPECT_EQ(s.timing.preset, "applications-vs-cub");
  EXPECT_FALSE(timing_plots(s.bench, s.timing)[0].lines.empty());
  choose_timing_preset(s, *find_timing_preset("compaction-vs-cub"));  // the compactions' own file
  EXPECT_EQ(file_of(s.bench_origin), "h100-compact-int.json");
  choose_timing_preset(s, *find_timing_preset("applications-vs-cub"));  // 3 of 5 there: the one with all five again
  EXPECT_EQ(file_of(s.bench_origin), "h200-sort-int.json");
}

TEST(TimingPresets, TheSourcesAreTheRegistryRowsFromTheSources) {
  const auto& sources = find_timing_preset("sources")->series;
  EXPECT_EQ(find_timing_preset("seeds"), find_timing_preset("sources"));  // its former id
  ASSERT_EQ(sources.back(), "copy");
  std::vector<std::string> from_sources;
  for (const auto& s : device::strategies())
    if (document_cited_first(s.source) && !s.tuning()) from_sources.push_back(s.id);
  EXPECT_EQ(std::vector<std::string>(sources.begin(), sources.end() - 1), from_sources);
  for (const char* id : {"reduce-tree", "reduce-two-pass", "reduce-warp-shuffle", "scan-propagate", "scan-reduce-then-scan"})
    EXPECT_NE(std::find(sources.begin(), sources.end(), id), sources.end()) << id;
  for (const char* id : {"reduce-best", "scan-best", "scan-decoupled"})  // ours and Merrill & Garland's: not one of the five
    EXPECT_EQ(std::find(sources.begin(), sources.end(), id), sources.end()) << id;
}

TEST(TimingStyles, EveryPresetsSeriesDifferInColourAndMarker) {
  for (const auto& p : timing_presets()) {
    TimingState t;
    apply_timing_preset(t, p);
    ASSERT_EQ(t.shown.size(), p.series.size());
    for (size_t i = 0; i < t.shown.size(); ++i)
      for (size_t j = i + 1; j < t.shown.size(); ++j) {
        const SeriesStyle a = shown_style(t.shown[i]), b = shown_style(t.shown[j]);
        EXPECT_GT(distance(a.color, b.color), 60) << p.id << ": " << t.shown[i].id << " and " << t.shown[j].id;
        EXPECT_NE(a.marker, b.marker) << p.id << ": " << t.shown[i].id << " and " << t.shown[j].id;
      }
  }
}

TEST(TimingStyles, EverySeriesOfTheFullRecordingAtOnceDiffers) {
  TimingState t;
  set_timing_series(t, recorded_series(recording("h200-int.json")));
  ASSERT_EQ(t.shown.size(), 24u);
  std::set<std::pair<uint32_t, int>> pairs;
  for (const auto& s : t.shown) pairs.insert({shown_style(s).color.u32(), static_cast<int>(shown_style(s).marker)});
  EXPECT_EQ(pairs.size(), t.shown.size());
  // The twelve slot colours and the copy's grey stay apart from each other and from the background.
  std::vector<Rgba> all{copy_style().color};
  for (int k = 0; k < kSlotColors; ++k) all.push_back(slot_style(k).color);
  for (size_t i = 0; i < all.size(); ++i) {
    EXPECT_GT(luminance(all[i]), 0.1f) << i;
    for (size_t j = i + 1; j < all.size(); ++j) EXPECT_GT(distance(all[i], all[j]), 70) << i << " " << j;
  }
  EXPECT_TRUE(copy_style().dashed);
  EXPECT_EQ(copy_style().marker, Marker::Dash);
  for (int k = 0; k < 24; ++k) EXPECT_NE(slot_style(k).marker, Marker::Dash);
}

TEST(TimingStyles, ATickedSeriesTakesAFreeSlotAndOthersKeepTheirs) {
  TimingState t;
  apply_timing_preset(t, *find_timing_preset("sources"));
  EXPECT_EQ(t.preset, "sources");
  const SeriesStyle chunked = shown_style(t.shown[2]);
  ASSERT_EQ(t.shown[2].id, "reduce-chunked");
  show_timing_series(t, "reduce-block", false);
  EXPECT_EQ(t.preset, "");
  EXPECT_FALSE(timing_series_shown(t, "reduce-block"));
  EXPECT_EQ(shown_style(t.shown[1]).color, chunked.color);  // reduce-chunked moved up the legend, kept its look
  EXPECT_EQ(shown_style(t.shown[1]).marker, chunked.marker);
  show_timing_series(t, "cub-reduce", true);  // into reduce-block's free slot 1
  EXPECT_EQ(t.shown.back().id, "cub-reduce");
  EXPECT_EQ(t.shown.back().slot, 1);
  show_timing_series(t, "cub-reduce", true);  // already shown: nothing changes
  const auto ids = shown_ids(t);
  EXPECT_EQ(std::count(ids.begin(), ids.end(), std::string("cub-reduce")), 1);
  show_timing_series(t, "copy", false);
  show_timing_series(t, "copy", true);
  EXPECT_EQ(t.shown.back().slot, -1);
  EXPECT_TRUE(shown_style(t.shown.back()).dashed);
}

TEST(TimingRatios, AgreeWithTheBenchsOwnRatios) {
  const BenchResults& r = recording("h200-int.json");
  int checked_cub = 0, checked_copy = 0;
  for (const auto& id : recorded_series(r)) {
    const SeriesPoints xc = series_times_cub(r, id), fc = series_fraction_of_copy(r, id);
    for (const auto& p : r.points) {
      if (p.kernel != id) continue;
      for (auto [n, v] : xc)
        if (n == p.n && p.ratio_to_cub > 0) {
          EXPECT_NEAR(v * p.ratio_to_cub, 1.0, 1e-9) << id << " n=" << p.n;  // x CUB is time over CUB's; the file's is throughput over CUB's
          ++checked_cub;
        }
      for (auto [n, v] : fc)
        if (n == p.n && p.ratio_to_copy > 0) {
          EXPECT_NEAR(v, p.ratio_to_copy, 1e-9 * p.ratio_to_copy) << id << " n=" << p.n;
          ++checked_copy;
        }
    }
  }
  EXPECT_EQ(checked_cub, 23 * 19);   // every series but the copy, at every n
  EXPECT_EQ(checked_copy, 24 * 19);
  // The numbers docs/performance.md quotes: scan-best beside CUB at 2^28.
  const SeriesPoints scan = series_times_cub(r, "scan-best");
  ASSERT_FALSE(scan.empty());
  EXPECT_EQ(scan.back().first, 268435456.0);
}

TEST(TimingRatios, ByHand) {
  BenchResults r;
  r.points = {point("scan-best", BenchFamily::Scan, 1024, 2.0, 10), point("cub-scan", BenchFamily::Scan, 1024, 1.0, 20),
              point("copy", BenchFamily::Copy, 1024, 0.5, 40), point("scan-best", BenchFamily::Scan, 2048, 3.0, 13),
              point("scan-best-inclusive", BenchFamily::Scan, 1024, 4.0, 5), point("read-probe", BenchFamily::Copy, 1024, 0.25, 40),
              point("cub-reduce", BenchFamily::Reduce, 1024, 0.5, 40)};
  r.points.push_back(point("cub-scan", BenchFamily::Scan, 2048, 0, 0));  // skipped: no time
  r.points.back().note = "skipped";
  EXPECT_EQ(series_times_cub(r, "scan-best"), (SeriesPoints{{1024, 2.0}}));  // n=2048 has no CUB time
  EXPECT_EQ(series_fraction_of_copy(r, "scan-best"), (SeriesPoints{{1024, 0.25}}));
  EXPECT_EQ(series_ms(r, "scan-best"), (SeriesPoints{{1024, 2.0}, {2048, 3.0}}));
  EXPECT_EQ(series_gbps(r, "cub-scan"), (SeriesPoints{{1024, 20}}));
  EXPECT_EQ(cub_counterpart(r, "scan-best-inclusive"), "cub-scan");  // no inclusive CUB recorded
  r.points.push_back(point("cub-scan-inclusive", BenchFamily::Scan, 1024, 2.0, 10));
  EXPECT_EQ(cub_counterpart(r, "scan-best-inclusive"), "cub-scan-inclusive");
  EXPECT_EQ(series_times_cub(r, "scan-best-inclusive"), (SeriesPoints{{1024, 2.0}}));
  EXPECT_EQ(cub_counterpart(r, "read-probe"), "cub-reduce");
  EXPECT_EQ(series_times_cub(r, "read-probe"), (SeriesPoints{{1024, 0.5}}));
  EXPECT_EQ(cub_counterpart(r, "copy"), "");
  EXPECT_TRUE(series_times_cub(r, "copy").empty());
  EXPECT_EQ(cub_counterpart(r, "cpu-sequential-scan"), "cub-scan");
  EXPECT_EQ(cub_counterpart(r, "cpu-std-reduce"), "cub-reduce");
  EXPECT_EQ(missing_series(r, {"scan-best", "reduce-best", "cub-scan"}), std::vector<std::string>{"reduce-best"});
}

TEST(TimingPlots, TimeAndRatioViews) {
  const BenchResults& r = recording("h200-int.json");
  TimingState t;
  apply_timing_preset(t, *find_timing_preset(kDefaultTimingPreset));
  auto plots = timing_plots(r, t);
  ASSERT_EQ(plots.size(), 2u);
  ASSERT_EQ(plots[0].lines.size(), 3u);
  EXPECT_EQ(plots[0].lines[0].name, "scan-best");
  EXPECT_EQ(plots[0].lines[0].points, series_ms(r, "scan-best"));
  EXPECT_EQ(plots[1].lines[2].points, series_gbps(r, "copy"));
  EXPECT_EQ(plots[1].lines[2].style.color, copy_style().color);
  EXPECT_TRUE(plots[0].log_y && plots[1].log_y);
  t.view = TimingView::Ratio;
  plots = timing_plots(r, t);
  ASSERT_EQ(plots[0].lines.size(), 2u);  // the copy has no CUB to be set against
  EXPECT_EQ(plots[0].reference, 1);
  for (auto [n, v] : plots[0].lines[1].points) EXPECT_DOUBLE_EQ(v, 1.0) << "cub-scan against itself, n=" << n;
  ASSERT_EQ(plots[1].lines.size(), 3u);
  for (auto [n, v] : plots[1].lines[2].points) EXPECT_DOUBLE_EQ(v, 1.0) << "the copy against itself, n=" << n;
  EXPECT_FALSE(plots[1].log_y);
  EXPECT_EQ(recording_caption(r), "NVIDIA H200, recorded 2026-11-24 12:46 UTC, int values");
  EXPECT_EQ(recording_caption(r, true), "NVIDIA H200, 2026-11-24, int");
}

TEST(TimingAxes, TicksAndLabels) {
  EXPECT_EQ(axis_ticks(PlotAxis{0.001, 1, true}, 10, 8), (std::vector<double>{0.001, 0.01, 0.1, 1}));
  EXPECT_EQ(axis_ticks(PlotAxis{1, 10, true}, 10, 8), (std::vector<double>{1, 2, 5, 10}));  // one decade: 1-2-5
  EXPECT_EQ(axis_ticks(PlotAxis{0, 1.5, false}, 10, 4), (std::vector<double>{0, 0.5, 1, 1.5}));
  const auto n = axis_ticks(PlotAxis{1024, 268435456, true}, 2, 5);  // 2^10..2^28, thinned to multiples of 4
  EXPECT_EQ(n, (std::vector<double>{4096, 65536, 1048576, 16777216, 268435456}));
  EXPECT_EQ(n_label(1024), "2^10");
  EXPECT_EQ(n_label(1000), "1000");
  PlotSpec p;
  p.lines.push_back({"a", slot_style(0), {{1000, 0.003}, {1000000, 0.2}}});
  const PlotAxis x = n_axis({p});
  EXPECT_EQ(x.lo, 512);
  EXPECT_EQ(x.hi, 1048576);
  EXPECT_EQ(n_axis({p}, 1024, 4194304).hi, 4194304);  // a running sweep keeps its axis
  const PlotAxis y = value_axis(p);
  EXPECT_DOUBLE_EQ(y.lo, 0.001);
  EXPECT_DOUBLE_EQ(y.hi, 1);
  EXPECT_FLOAT_EQ(y.pos(0.01), 1.0f / 3);
}

// Times of the smallest double (5e-324) once put the log axis's lower end at 10^-324 = 0 and its
// ticks at exponent INT_MIN: a window of gigabytes, then SIGSEGV. The axis stops at 1e-300.
TEST(TimingAxes, TheSmallestDoubleGivesAFewTicks) {
  for (bool log_y : {true, false}) {
    PlotSpec p;
    p.log_y = log_y;
    p.lines.push_back({"a", slot_style(0), {{1024, 5e-324}, {2048, 5e-324}}});
    const PlotAxis y = value_axis(p);
    EXPECT_TRUE(std::isfinite(y.lo) && std::isfinite(y.hi) && y.hi > y.lo) << y.lo << " " << y.hi;
    const auto ticks = axis_ticks(y, 10, 8);
    EXPECT_GE(ticks.size(), 1u);
    EXPECT_LE(ticks.size(), 8u);
    EXPECT_TRUE(std::isfinite(y.pos(5e-324)));
  }
  EXPECT_TRUE(axis_ticks(PlotAxis{0, 1e-323, true}, 10, 8).empty());  // an axis from 0 has no log ticks
  EXPECT_TRUE(axis_ticks(PlotAxis{0, 0, false}, 10, 8).empty());
  const LogAxis a = log_axis(5e-324, 5e-324, 10);
  EXPECT_GT(a.lo, 0);
  EXPECT_LE(log_ticks(a, 10, 8).size(), 8u);
  EXPECT_TRUE(log_ticks(LogAxis{0, 1}, 10, 8).empty());
}

TEST(TimingRecordings, TheMachinesGpuElseTheShippedH200) {
  const RecordingList list = list_recordings(asset_dir() + "/bench");
  EXPECT_TRUE(list.errors.empty());
  std::set<std::string> files;
  for (const auto& r : list.files) files.insert(file_of(r.path));
  EXPECT_TRUE(files.count("h200-int.json"));
  EXPECT_FALSE(files.count("cpu-interpreter-speed.json"));  // not a scanscope-bench file
  const auto& scan = find_timing_preset(kDefaultTimingPreset)->series;
  auto pick = [&](const std::string& gpu) {
    const int i = default_recording(list, gpu, scan);
    return i < 0 ? std::string("none") : file_of(list.files[i].path);
  };
  EXPECT_EQ(pick(""), "h200-int.json");
  EXPECT_EQ(pick("NVIDIA A100-SXM4-80GB"), "h200-int.json");       // no recording of it
  EXPECT_EQ(pick("NVIDIA H200"), "h200-int.json");                 // int, and all three series (the Harris file lacks none either: more points)
  EXPECT_EQ(pick("NVIDIA H100 80GB HBM3"), "h100-int.json");  // the H100's own every-kernel sweep
  EXPECT_EQ(default_recording(list, "", scan, "no-such.json"), -1);
  EXPECT_EQ(recording_label(list.files[default_recording(list, "", scan)]), "NVIDIA H200, int, 2026-11-24 (h200-int.json)");
}

TEST(TimingOptions, ClearErrorsForUnknownNames) {
  EXPECT_EQ(parse_timing_series("scan-best, cub-scan,copy", "--series"), (std::vector<std::string>{"scan-best", "cub-scan", "copy"}));
  std::string e = usage_error([] { parse_timing_series("scan-best,scan-fastest", "--series"); });
  EXPECT_NE(e.find("--series: no series 'scan-fastest'"), std::string::npos) << e;
  EXPECT_NE(e.find("scan-best, scan-best-inclusive"), std::string::npos) << e;  // the accepted names follow
  for (const auto& k : bench_kernels()) {  // every one of them: the list fits a UsageError whole
    if (k.in_all) {
      EXPECT_TRUE(e.find(" " + k.id + ",") != std::string::npos || e.find(" " + k.id + ";") != std::string::npos) << k.id << " missing from: " << e;
    }
  }
  EXPECT_EQ(e.find("left out"), std::string::npos) << e;
  EXPECT_EQ(e.find('\n'), std::string::npos);
  EXPECT_NE(usage_error([] { parse_timing_series("copy,copy", "--series"); }).find("named twice"), std::string::npos);
  EXPECT_NE(usage_error([] { parse_timing_series("copy,,cub-scan", "--series"); }).find("empty series name"), std::string::npos);
  EXPECT_NE(usage_error([] { parse_timing_series("", "--series"); }).find("no series named"), std::string::npos);
  e = usage_error([] { timing_preset_or_throw("fastest", "--timing-preset"); });
  EXPECT_EQ(e, "--timing-preset: no preset 'fastest' (one of: reduce-vs-cub, scan-vs-cub, compaction-vs-cub, applications-vs-cub, sources, harris-table2, oancea)");
  EXPECT_EQ(parse_timing_view("ratio", "--timing-view"), TimingView::Ratio);
  EXPECT_NE(usage_error([] { parse_timing_view("bars", "--timing-view"); }).find("one of: time, ratio"), std::string::npos);
}

TEST(TimingStartup, OpensOnTheScanPresetWithTheDefaultRecording) {
  WindowOptions o;
  o.device = Device::Cpu;
  o.panels = "timing";
  AppState s;
  start_app(s, o, "");
  EXPECT_EQ(s.timing.preset, "scan-vs-cub");
  EXPECT_EQ(shown_ids(s.timing), (std::vector<std::string>{"scan-best", "cub-scan", "copy"}));
  ASSERT_TRUE(s.have_bench);
  const RecordingList list = list_recordings(asset_dir() + "/bench");
  const GpuStatus gpu = gpu_status();
  const int i = default_recording(list, gpu.usable ? gpu.name : "", shown_ids(s.timing));
  ASSERT_GE(i, 0);
  EXPECT_EQ(s.bench_origin, list.files[i].path);
  if (!gpu.usable) {
    EXPECT_EQ(file_of(s.bench_origin), "h200-int.json");
  }
}

TEST(TimingStartup, PresetSeriesAndViewFromTheCommandLine) {
  WindowOptions o;
  o.device = Device::Cpu;
  o.timing_preset = "Oancea";
  o.timing_view = "ratio";
  o.bench_path = asset_dir() + "/bench/h200-oancea.json";
  AppState s;
  start_app(s, o, "");
  EXPECT_EQ(s.timing.preset, "oancea");
  EXPECT_EQ(s.timing.view, TimingView::Ratio);
  EXPECT_EQ(s.panels.back(), "timing");
  o = WindowOptions{};
  o.device = Device::Cpu;
  o.timing_series = "reduce-atomic,reduce-tree";
  AppState t;
  start_app(t, o, "");
  EXPECT_EQ(t.timing.preset, "");
  EXPECT_EQ(shown_ids(t.timing), (std::vector<std::string>{"reduce-atomic", "reduce-tree"}));
  EXPECT_EQ(t.panels.back(), "timing");
  // A series the recording lacks, and both choices at once, are errors naming what is wrong.
  o.timing_series = "scan-decoupled";
  o.bench_path = asset_dir() + "/bench/h200-harris-table2.json";
  AppState u;
  std::string e = usage_error([&] { start_app(u, o, ""); });
  EXPECT_NE(e.find("--series: scan-decoupled is not in"), std::string::npos) << e;
  EXPECT_NE(e.find("(it has: scan-propagate, scan-best, cub-scan, copy, cpu-sequential-scan)"), std::string::npos) << e;
  o.timing_preset = "sources";
  AppState v;
  EXPECT_NE(usage_error([&] { start_app(v, o, ""); }).find("give one of them"), std::string::npos);
}

TEST(TimingSweep, KernelsOfTheShownSeries) {
  EXPECT_EQ(sweep_kernels({"scan-best"}, true), (std::vector<std::string>{"scan-best", "cub-scan", "copy"}));
  EXPECT_EQ(sweep_kernels({"scan-best"}, false), std::vector<std::string>{});
  EXPECT_EQ(sweep_kernels({"cpu-std-inclusive-scan", "no-such"}, true), (std::vector<std::string>{"cub-scan-inclusive", "copy", "cpu-std-inclusive-scan"}));
  EXPECT_EQ(sweep_kernels({"cpu-std-inclusive-scan", "scan-best"}, false), std::vector<std::string>{"cpu-std-inclusive-scan"});
  EXPECT_EQ(sweep_kernels({"compact-best"}, true), (std::vector<std::string>{"compact-best", "cub-select", "copy"}));  // its select, not a reduction
  EXPECT_EQ(sweep_kernels({"sort-onesweep"}, true), (std::vector<std::string>{"sort-onesweep", "cub-sort-keys", "copy"}));
}

// The live path, on whatever this machine has (the CPU baselines without a GPU): the sweep's
// points replace the picture as they come, the axis is the sweep's, and the end result stays.
TEST(TimingSweep, DrawsIntoThePictureAsItRuns) {
  AppState s;
  s.have_bench = true;
  s.bench = recording("h200-int.json");
  s.bench_origin = "recorded";
  set_timing_series(s.timing, {"cpu-sequential-reduce", "cpu-std-reduce"});
  std::vector<long long> sizes;
  for (long long n = 1024; n <= (1 << 22); n *= 2) sizes.push_back(n);
  // The sweep waits after its first points until the picture has shown them: the test does not
  // depend on how fast this machine polls (a stalled poller once could miss a whole sweep).
  std::promise<void> shown;
  std::shared_future<void> shown_f = shown.get_future().share();
  bool told = false;
  start_sweep(s, {"cpu-sequential-reduce", "cpu-std-reduce"}, sizes, [shown_f, first = true](size_t) mutable {
    if (first) first = false, shown_f.wait();  // (a promise destroyed unset, as by a failed ASSERT, ends the wait)
  });
  ASSERT_TRUE(sweep_progress(s).running);
  EXPECT_EQ(sweep_progress(s).min_n, 1024);
  EXPECT_EQ(sweep_progress(s).max_n, 1 << 22);
  std::set<size_t> seen;  // point counts the picture showed while the sweep ran
  while (s.bench_job) {  // as long as the sweep takes: a hang is ctest's timeout, not a count of naps
    collect_sweep(s);
    if (s.bench_job && s.bench_origin == "sweep on this machine (running)") {
      seen.insert(s.bench.points.size());
      ASSERT_FALSE(timing_plots(s.bench, s.timing)[0].lines.empty());
      if (!told) shown.set_value(), told = true;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  if (!told) shown.set_value();
  ASSERT_FALSE(s.bench_job);
  EXPECT_EQ(s.bench_origin, "sweep on this machine");
  EXPECT_EQ(s.bench.points.size(), 2 * sizes.size());
  EXPECT_FALSE(seen.empty());  // the picture changed before the end
  EXPECT_LT(*seen.begin(), s.bench.points.size());
  for (const auto& p : s.bench.points) EXPECT_TRUE(p.verified) << p.kernel << " " << p.n;
  EXPECT_EQ(series_ms(s.bench, "cpu-std-reduce").size(), sizes.size());
}

// A recording without any of the shown series (a sweep on a machine without a GPU, under the scan
// preset) shows its own series instead of empty plots; one with some of them keeps the choice.
TEST(TimingStyles, ARecordingWithNoneOfTheShownSeriesShowsItsOwn) {
  BenchResults cpu;
  cpu.points = {point("cpu-std-reduce", BenchFamily::Cpu, 1024, 0.1, 0.04), point("cpu-sequential-scan", BenchFamily::Cpu, 1024, 0.2, 0.04)};
  TimingState t;
  apply_timing_preset(t, *find_timing_preset(kDefaultTimingPreset));
  EXPECT_FALSE(fit_series_to_recording(t, recording("h200-int.json")));
  EXPECT_EQ(t.preset, "scan-vs-cub");
  EXPECT_TRUE(fit_series_to_recording(t, cpu));
  EXPECT_EQ(shown_ids(t), (std::vector<std::string>{"cpu-std-reduce", "cpu-sequential-scan"}));
  EXPECT_EQ(t.preset, "");
  apply_timing_preset(t, *find_timing_preset("harris-table2"));  // holds cpu-sequential-scan
  EXPECT_FALSE(fit_series_to_recording(t, cpu));
  EXPECT_FALSE(fit_series_to_recording(t, BenchResults{}));  // nothing recorded: nothing to show instead
  // A compaction sweep (no scan-best, no cub-scan; a copy) opens on the compaction preset.
  apply_timing_preset(t, *find_timing_preset(kDefaultTimingPreset));
  EXPECT_TRUE(fit_series_to_recording(t, recording("h100-compact-int.json")));
  EXPECT_EQ(t.preset, "compaction-vs-cub");
  EXPECT_FALSE(fit_series_to_recording(t, recording("h100-compact-int.json")));  // already whole

  WindowOptions o;
  o.device = Device::Cpu;
  o.bench_path = asset_dir() + "/bench/h100-teaching-launches-int.json";  // no scan-best: the preset stays, one series named missing
  AppState s;
  start_app(s, o, "");
  EXPECT_EQ(s.timing.preset, "scan-vs-cub");
  EXPECT_EQ(missing_series(s.bench, shown_ids(s.timing)), std::vector<std::string>{"scan-best"});
}

// On a GPU machine the same code times the GPU kernels: the scan preset's sweep measures scan-best,
// CUB and the copy on this GPU, every point checked, and the ratio view has them.
TEST(TimingSweep, OnAGpuTheScanPresetIsTimedIntoThePicture) {
  if (!gpu_status().usable) GTEST_SKIP() << "no GPU here: " << gpu_status().why;
  AppState s;
  apply_timing_preset(s.timing, *find_timing_preset(kDefaultTimingPreset));
  ASSERT_EQ(sweep_blocked(s), "");
  start_sweep(s, {}, {1 << 10, 1 << 16, 1 << 20});
  while (s.bench_job) {  // as long as the sweep takes: a hang is ctest's timeout
    collect_sweep(s);
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ASSERT_FALSE(s.bench_job);
  EXPECT_EQ(s.bench.device, gpu_status().name);
  for (const char* id : {"scan-best", "cub-scan", "copy"}) EXPECT_EQ(series_ms(s.bench, id).size(), 3u) << id;
  for (const auto& p : s.bench.points) EXPECT_TRUE(p.verified) << p.kernel << " n=" << p.n << ": " << p.note;
  s.timing.view = TimingView::Ratio;
  const auto plots = timing_plots(s.bench, s.timing);
  ASSERT_EQ(plots[0].lines.size(), 2u);
  EXPECT_EQ(plots[0].lines[0].points.size(), 3u);
  for (auto [n, v] : plots[0].lines[0].points) std::printf("scan-best n=%.0f: %.3f x CUB\n", n, v);
}
