// The timing panel's picture without ImGui (timing_model.h).
#include "timing_model.h"

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "engine/catalogue.h"

namespace scanscope {

namespace {

// Twelve hues that stay apart on the window's dark background and on a projector: Okabe-Ito's
// first (safe for colour-blind viewers), then others at least 70 apart
// in RGB (crimson in vermillion's place: vermillion is too near the orange of slot 0). The copy's light grey is not among them.
constexpr Rgba kSlotPalette[kSlotColors] = {
    okabe_ito::orange, okabe_ito::sky_blue, okabe_ito::bluish_green, okabe_ito::reddish_purple,
    okabe_ito::yellow, Rgba{160, 130, 255}, Rgba{150, 220, 110},     Rgba{225, 45, 65},
    Rgba{40, 90, 220},  Rgba{175, 125, 70}, Rgba{255, 200, 140},     Rgba{230, 60, 200}};

// Log axes span at most [1e-300, 1e300]: a bench value as small as the smallest double (5e-324)
// would put the axis's lower end at 10^-324, which is 0, and its ticks at log(0).
constexpr double kAxisFloor = 1e-300, kAxisCeiling = 1e300;

double nice_step(double raw) {
  const double p = std::pow(10.0, std::floor(std::log10(raw)));
  for (double m : {1.0, 2.0, 5.0, 10.0})
    if (m * p >= raw) return m * p;
  return 10 * p;
}

}  // namespace

const char* marker_name(Marker m) {
  static const char* names[] = {"circle", "square", "triangle", "diamond", "triangle down", "cross", "plus", "star", "dash"};
  return names[static_cast<int>(m)];
}

SeriesStyle slot_style(int slot) {
  slot = std::max(0, slot);
  return {kSlotPalette[slot % kSlotColors], static_cast<Marker>(slot % kSlotMarkers), false};
}

SeriesStyle copy_style() { return {Rgba{215, 215, 215}, Marker::Dash, true}; }

const char* timing_view_name(TimingView v) { return v == TimingView::Ratio ? "ratio" : "time"; }

TimingView parse_timing_view(const std::string& s, const std::string& option) {
  if (s == "time") return TimingView::Time;
  if (s == "ratio") return TimingView::Ratio;
  throw UsageError(option + ": '" + s + "' is not a view (one of: time, ratio)");
}

void set_timing_series(TimingState& t, const std::vector<std::string>& ids) {
  t.shown.clear();
  int slot = 0;
  for (const auto& id : ids) {
    if (timing_series_shown(t, id)) continue;
    t.shown.push_back({id, id == "copy" ? -1 : slot++});
  }
  t.preset.clear();
}

void apply_timing_preset(TimingState& t, const TimingPreset& p) {
  set_timing_series(t, p.series);
  t.preset = p.id;
}

bool timing_series_shown(const TimingState& t, const std::string& id) {
  return std::any_of(t.shown.begin(), t.shown.end(), [&](const ShownSeries& s) { return s.id == id; });
}

void show_timing_series(TimingState& t, const std::string& id, bool on) {
  if (on == timing_series_shown(t, id)) return;
  t.preset.clear();
  if (!on) {
    t.shown.erase(std::remove_if(t.shown.begin(), t.shown.end(), [&](const ShownSeries& s) { return s.id == id; }), t.shown.end());
    return;
  }
  int slot = -1;
  if (id != "copy")
    for (slot = 0;; ++slot)
      if (std::none_of(t.shown.begin(), t.shown.end(), [&](const ShownSeries& s) { return s.slot == slot; })) break;
  t.shown.push_back({id, slot});
}

std::vector<std::string> shown_ids(const TimingState& t) {
  std::vector<std::string> v;
  for (const auto& s : t.shown) v.push_back(s.id);
  return v;
}

bool fit_series_to_recording(TimingState& t, const BenchResults& r) {
  std::vector<std::string> have = recorded_series(r);
  const std::vector<std::string> missing = missing_series(r, shown_ids(t));
  if (have.empty() || missing.empty()) return false;
  // Some of the shown series besides the copy are there (the applications preset on a compaction
  // recording): the choice stays, and the panel names what is missing.
  for (const auto& sh : t.shown)
    if (sh.id != "copy" && std::find(missing.begin(), missing.end(), sh.id) == missing.end()) return false;
  for (const TimingPreset& p : timing_presets())  // a preset the recording holds whole (a compaction sweep)
    if (missing_series(r, p.series).empty()) {
      apply_timing_preset(t, p);
      return true;
    }
  if (missing.size() < t.shown.size()) return false;
  if (have.size() > 24) have.resize(24);
  set_timing_series(t, have);
  return true;
}

SeriesStyle shown_style(const ShownSeries& s) { return s.slot < 0 ? copy_style() : slot_style(s.slot); }

std::vector<PlotSpec> timing_plots(const BenchResults& r, const TimingState& t) {
  std::vector<PlotSpec> plots(2);
  if (t.view == TimingView::Time) {
    plots[0].title = "ms per call (lower is faster)";
    plots[0].unit = "ms";
    plots[1].title = "GB/s (higher is faster)";
    plots[1].unit = "GB/s";
  } else {
    plots[0].title = "x CUB: time / CUB's (lower is faster)";
    plots[0].unit = "x CUB";
    plots[0].reference = 1;
    plots[0].reference_label = "CUB";
    plots[1].title = "fraction of the copy's GB/s";
    plots[1].unit = "of the copy's GB/s";
    plots[1].log_y = false;
    plots[1].reference = 1;
    plots[1].reference_label = "copy";
  }
  for (const auto& s : t.shown) {
    const bool ratio = t.view == TimingView::Ratio;
    SeriesPoints a = ratio ? series_times_cub(r, s.id) : series_ms(r, s.id);
    SeriesPoints b = ratio ? series_fraction_of_copy(r, s.id) : series_gbps(r, s.id);
    if (!a.empty()) plots[0].lines.push_back({s.id, shown_style(s), std::move(a)});
    if (!b.empty()) plots[1].lines.push_back({s.id, shown_style(s), std::move(b)});
  }
  return plots;
}

std::string recording_caption(const BenchResults& r, bool brief) {
  if (brief) return (r.device.empty() ? std::string("unknown device") : r.device) + ", " + r.date.substr(0, 10) + ", " + type_name(r.type);
  std::string date = r.date;
  if (date.size() >= 16 && date[10] == 'T') date = date.substr(0, 10) + " " + date.substr(11, 5) + " UTC";
  return (r.device.empty() ? std::string("unknown device") : r.device) + ", recorded " + (date.empty() ? std::string("(no date)") : date) + ", " +
         type_name(r.type) + " values";
}

float PlotAxis::pos(double v) const {
  if (hi <= lo) return 0;
  if (log) return static_cast<float>((std::log(std::max(v, 1e-300)) - std::log(lo)) / (std::log(hi) - std::log(lo)));
  return static_cast<float>((v - lo) / (hi - lo));
}

PlotAxis n_axis(const std::vector<PlotSpec>& plots, double min_n, double max_n) {
  double lo = min_n > 0 ? min_n : 1e300, hi = max_n > 0 ? max_n : 0;
  for (const auto& p : plots)
    for (const auto& l : p.lines)
      for (auto [n, v] : l.points)
        if (n > 0) lo = std::min(lo, n), hi = std::max(hi, n);
  if (hi <= 0) return {1024, 4194304, true};
  PlotAxis a{std::exp2(std::floor(std::log2(lo) + 1e-9)), std::exp2(std::ceil(std::log2(hi) - 1e-9)), true};
  if (a.hi <= a.lo) a.lo /= 2, a.hi *= 2;
  return a;
}

PlotAxis value_axis(const PlotSpec& p) {
  double lo = 1e300, hi = 0;
  for (const auto& l : p.lines)
    for (auto [n, v] : l.points)
      if (v > 0) lo = std::min(lo, v), hi = std::max(hi, v);
  if (p.reference > 0) lo = std::min(lo, p.reference), hi = std::max(hi, p.reference);
  if (hi <= 0) return {p.log_y ? 0.1 : 0, 1, p.log_y};
  lo = std::clamp(lo, kAxisFloor, kAxisCeiling);
  hi = std::clamp(hi, kAxisFloor, kAxisCeiling);
  if (!p.log_y) {
    const double step = nice_step(hi * 1.05 / 5);
    return {0, std::ceil(hi * 1.05 / step) * step, false};
  }
  PlotAxis a{std::pow(10.0, std::floor(std::log10(lo) + 1e-9)), std::pow(10.0, std::ceil(std::log10(hi) - 1e-9)), true};
  if (a.hi <= a.lo) a.lo /= 10, a.hi *= 10;
  return a;
}

std::vector<double> axis_ticks(const PlotAxis& a, double base, int max_ticks) {
  std::vector<double> t;
  max_ticks = std::max(2, max_ticks);
  if (!std::isfinite(a.lo) || !std::isfinite(a.hi) || !(a.hi > a.lo) || (a.log && !(a.lo > 0))) return t;
  if (!a.log) {
    const double step = nice_step((a.hi - a.lo) / max_ticks);
    if (!(step > 0) || !std::isfinite(step)) return t;
    for (double v = std::ceil(a.lo / step - 1e-9) * step; v <= a.hi * (1 + 1e-9); v += step) t.push_back(std::abs(v) < step * 1e-9 ? 0 : v);
    return t;
  }
  const int k0 = static_cast<int>(std::ceil(std::log(a.lo) / std::log(base) - 1e-9)), k1 = static_cast<int>(std::floor(std::log(a.hi) / std::log(base) + 1e-9));
  int every = 1;  // thin out: the powers whose exponent is a multiple of `every`
  auto first = [&](int e) { return static_cast<int>(std::ceil(static_cast<double>(k0) / e)) * e; };
  for (int e : {1, 2, 3, 4, 5, 6, 8, 10, 12, 16, 20})
    if ((every = e), (k1 - first(e)) / e + 1 <= max_ticks) break;
  for (int k = first(every); k <= k1; k += every) t.push_back(std::pow(base, k));
  if (base == 10 && k1 - k0 < 2) {  // under two decades: 1-2-5 steps between them
    std::vector<double> more;
    for (int k = k0 - 1; k <= k1; ++k)
      for (double m : {1.0, 2.0, 5.0}) {
        const double v = m * std::pow(10.0, k);
        if (v >= a.lo * (1 - 1e-9) && v <= a.hi * (1 + 1e-9)) more.push_back(v);
      }
    if (static_cast<int>(more.size()) <= max_ticks) t = more;
  }
  return t;
}

std::string n_label(double n) {
  char buf[32];
  const double k = std::log2(n);
  if (n >= 1 && std::abs(k - std::round(k)) < 1e-9) std::snprintf(buf, sizeof buf, "2^%d", static_cast<int>(std::lround(k)));
  else std::snprintf(buf, sizeof buf, "%g", n);
  return buf;
}

std::string value_label(double v) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", v);
  return buf;
}

}  // namespace scanscope
