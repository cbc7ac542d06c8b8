// The timing panel's picture without ImGui: which series are shown and how each looks (a colour
// and a marker of its own), the two plots of the time view and of the ratio view, and their axes.
// timing_panel.cpp and plot.cpp draw what this computes; bench/bench_view.h has the data side.
#pragma once

#include <string>
#include <vector>

#include "bench/bench_view.h"
#include "palette.h"

namespace scanscope {

enum class Marker { Circle, Square, TriangleUp, Diamond, TriangleDown, Cross, Plus, Star, Dash };
constexpr int kSlotMarkers = 8;   // Circle .. Star; Dash is the copy's alone
constexpr int kSlotColors = 12;
const char* marker_name(Marker m);

struct SeriesStyle {
  Rgba color;
  Marker marker = Marker::Circle;
  bool dashed = false;  // the copy: the bandwidth every other line is read against
};
// Slot k: colour k mod 12, marker k mod 8, so up to 12 shown series differ in colour and 8 in
// marker, and up to 24 in the pair. The copy has a style of its own (light grey, dashed, Dash).
SeriesStyle slot_style(int slot);
SeriesStyle copy_style();

struct ShownSeries {
  std::string id;
  int slot = 0;  // -1: the copy
};

enum class TimingView { Time = 0, Ratio = 1 };
const char* timing_view_name(TimingView v);  // "time", "ratio"
// "time" or "ratio"; a UsageError naming `option` otherwise.
TimingView parse_timing_view(const std::string& s, const std::string& option);

// What the timing panel shows. A preset lays the series out in slots 0, 1, 2, ...; a checkbox
// adds a series in the lowest free slot and removes one without moving the others' styles.
struct TimingState {
  std::vector<ShownSeries> shown;  // in legend order
  std::string preset;              // the preset's id while the series are exactly its; "" after a change by hand
  TimingView view = TimingView::Time;
  bool default_tried = false;      // ensure_timing_bench ran once for the panel (a failure is one toast, not one a frame)
  bool recordings_listed = false;
  RecordingList recordings;        // the shipped ones (asset_dir()/bench), listed when first needed
};

void apply_timing_preset(TimingState& t, const TimingPreset& p);
void set_timing_series(TimingState& t, const std::vector<std::string>& ids);  // replaces the shown series (slots 0, 1, ...)
void show_timing_series(TimingState& t, const std::string& id, bool on);
bool timing_series_shown(const TimingState& t, const std::string& id);
std::vector<std::string> shown_ids(const TimingState& t);
SeriesStyle shown_style(const ShownSeries& s);

// When the recording has none of the shown series but the copy, shows the first preset the
// recording holds whole (a compaction sweep opens on "compaction: ours vs CUB vs copy"); failing
// that, when it has none of them at all (a CPU-only sweep under the scan preset), the recording's
// own series (the first 24: each its own pair of colour and marker). A recording with some of
// them (the applications preset on a compaction recording, no sort in it) keeps the choice.
// Returns whether it changed them.
bool fit_series_to_recording(TimingState& t, const BenchResults& r);

// One plot: its lines, its axes' kind and an optional reference line (1 for a ratio).
struct PlotLine {
  std::string name;
  SeriesStyle style;
  std::vector<std::pair<double, double>> points;  // (n, value), n ascending
};
struct PlotSpec {
  std::string title;  // over the plot
  std::string unit;   // of the read-out
  bool log_y = true;
  double reference = 0;     // a horizontal line at this value (0: none)
  std::string reference_label;
  std::vector<PlotLine> lines;
};
// Time view: ms and GB/s against n. Ratio view: time relative to CUB and fraction of the copy's
// bandwidth. Shown series without a point in a plot are left out of it (the copy in "x CUB").
std::vector<PlotSpec> timing_plots(const BenchResults& r, const TimingState& t);

// The legend's heading: "NVIDIA H200, recorded 2026-11-22 01:21 UTC, int values"; brief (a short
// panel): "NVIDIA H200, 2026-11-22, int".
std::string recording_caption(const BenchResults& r, bool brief = false);

// Axes: a log axis (base 2 for n, 10 for values) or a linear one, over [lo, hi].
struct PlotAxis {
  double lo = 1, hi = 10;
  bool log = true;
  float pos(double v) const;  // 0 at lo, 1 at hi
};
// The x axis of a set of plots: powers of two around every n of every line (and [min_n, max_n]
// when given, so a running sweep keeps its axis).
PlotAxis n_axis(const std::vector<PlotSpec>& plots, double min_n = 0, double max_n = 0);
// The y axis of one plot: log: whole decades around the values (and the reference); linear: from
// 0 to a round value above the largest.
PlotAxis value_axis(const PlotSpec& p);
// Ticks inside the axis, at most max_ticks: powers of `base` (log; 1-2-5 steps when fewer than 3
// decades), or round steps (linear).
std::vector<double> axis_ticks(const PlotAxis& a, double base, int max_ticks);
// "2^20" for a power of two n, else the number; values as "0.001", "20", "1e+04" (%g).
std::string n_label(double n);
std::string value_label(double v);

}  // namespace scanscope
