// Timing panel: a benchmark recording (bench/bench.h) as two plots against n, the series a class
// is shown chosen by a preset or one by one (grouped by family), each with a colour and a marker of
// its own; the time view (ms, GB/s) or the ratio view (x CUB, fraction of the copy's bandwidth); the
// recording's device and date over the legend; a live sweep drawing into the same plots with its
// progress and Cancel. What is drawn is computed in timing_model.h and bench/bench_view.h; the
// sweep runs in the state layer (view_state.cpp).
#include <algorithm>

#include "panels.h"
#include "plot.h"

namespace scanscope {

namespace {

const char* family_heading(BenchFamily f) {
  switch (f) {
    case BenchFamily::Reduce: return "reduce (ours and CUB)";
    case BenchFamily::Scan: return "scan (ours and CUB)";
    case BenchFamily::Copy: return "device copy and read probe";
    case BenchFamily::Cpu: return "CPU";
  }
  return "";
}

void series_popup(AppState& s) {
  if (!ImGui::BeginPopup("##series")) return;
  std::vector<std::string> ids = recorded_series(s.bench);
  for (const auto& id : shown_ids(s.timing))  // shown but not recorded: listed, to be unticked
    if (std::find(ids.begin(), ids.end(), id) == ids.end()) ids.push_back(id);
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const float fh = ImGui::GetFontSize();
  for (BenchFamily f : {BenchFamily::Reduce, BenchFamily::Scan, BenchFamily::Copy, BenchFamily::Cpu}) {
    bool heading = false;
    for (const auto& id : ids) {
      if (series_family(s.bench, id) != f) continue;
      if (!heading) {
        ImGui::TextDisabled("%s", family_heading(f));
        heading = true;
      }
      bool on = timing_series_shown(s.timing, id);
      const bool recorded = missing_series(s.bench, {id}).empty();
      const std::string label = id + (recorded ? "" : "  (not in this recording)") + "##" + id;
      ImGui::Indent(2.6f * fh);
      const ImVec2 at = ImGui::GetCursorScreenPos();
      if (ImGui::Checkbox(label.c_str(), &on)) show_timing_series(s.timing, id, on);
      for (const auto& sh : s.timing.shown)
        if (sh.id == id) draw_marker(dl, ImVec2(at.x - 1.2f * fh, at.y + ImGui::GetFrameHeight() / 2), 0.35f * fh, shown_style(sh).marker,
                                     col(shown_style(sh).color), IM_COL32(10, 10, 14, 255));
      ImGui::Unindent(2.6f * fh);
    }
  }
  ImGui::EndPopup();
}

// The controls, in rows that wrap (flow_item) so nothing is cut off at a projector's 1280 pixels.
void toolbar(AppState& s) {
  const float fh = ImGui::GetFontSize(), pad = 2 * ImGui::GetStyle().FramePadding.x, spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  const TimingPreset* current = s.timing.preset.empty() ? nullptr : find_timing_preset(s.timing.preset);
  const float preset_w = std::min(16.0f * fh, ImGui::GetContentRegionAvail().x);
  ImGui::SetNextItemWidth(preset_w);
  if (ImGui::BeginCombo("##preset", current ? current->title.c_str() : "(series chosen by hand)")) {
    for (const auto& p : timing_presets())
      if (ImGui::Selectable(p.title.c_str(), current == &p)) apply_timing_preset(s.timing, p);
    ImGui::EndCombo();
  }
  if (flow_button("Series...", false)) ImGui::OpenPopup("##series");
  series_popup(s);
  int view = static_cast<int>(s.timing.view);
  const char* kViews[] = {"time", "ratios"};
  for (int v = 0; v < 2; ++v) {
    flow_item(ImGui::GetFrameHeight() + spacing + text_width(kViews[v]), false);
    ImGui::RadioButton(kViews[v], &view, v);
  }
  s.timing.view = static_cast<TimingView>(view);
  const SweepProgress sweep = sweep_progress(s);
  if (!sweep.running) {
    const std::string blocked = sweep_blocked(s);
    if (flow_button("Run sweep", false, blocked.empty())) start_sweep(s);
    if (ImGui::IsItemHovered(ImGuiHoveredFlags_AllowWhenDisabled))
      ImGui::SetTooltip("%s", blocked.empty() ? "time the shown series (with CUB and the copy) on this machine, drawing as it goes" : blocked.c_str());
  } else {
    if (flow_button("Cancel", false)) cancel_sweep(s);
    flow_item(12 * fh, false);
    const std::string label = std::to_string(sweep.done) + " of " + std::to_string(sweep.total) + ": " + sweep.label;
    ImGui::ProgressBar(sweep.total > 0 ? static_cast<float>(sweep.done) / sweep.total : 0.0f, ImVec2(-1, 0), label.c_str());
  }
  // The recording: one of the shipped ones, or a file.
  const RecordingList& list = timing_recordings(s);
  std::string preview = s.bench_origin;
  for (const auto& rec : list.files)
    if (rec.path == s.bench_origin) preview = recording_label(rec);
  ImGui::SetNextItemWidth(std::min(text_width(preview) + 2 * fh, ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##recording", preview.c_str())) {
    for (const auto& rec : list.files)
      if (ImGui::Selectable(recording_label(rec).c_str(), rec.path == s.bench_origin)) load_timing_recording(s, rec.path);
    ImGui::EndCombo();
  }
  flow_item(10 * fh + pad + text_width("Load") + spacing, false);
  ImGui::SetNextItemWidth(std::max(10.0f * fh, ImGui::GetContentRegionAvail().x - text_width("Load") - pad - ImGui::GetStyle().ItemSpacing.x));
  ImGui::InputText("##benchpath", s.bench_buf, sizeof s.bench_buf);
  if (flow_button("Load", false)) load_timing_recording(s, s.bench_buf);
}

}  // namespace

void TimingPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  begin_panel("##timing", "Timing: device-wide benchmarks", r);
  collect_sweep(s);
  if (!s.have_bench && !s.timing.default_tried) {
    s.timing.default_tried = true;
    ensure_timing_bench(s);
  }
  toolbar(s);
  if (!s.have_bench) {
    ImGui::TextDisabled("No recording: load a benchmark JSON (scanscope bench --json FILE) or run a sweep.");
    end_panel();
    return;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImFont* big = ui.fonts.large ? ui.fonts.large : ImGui::GetFont();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float right = p0.x + avail.x;
  // The legend's heading names the device and the date; the legend itself sits in its own strip
  // above the plots, never over the data.
  const std::string caption = recording_caption(s.bench);
  dl->AddText(big, big->FontSize, p0, IM_COL32(110, 200, 255, 255), fit_text(caption, avail.x, big).c_str());
  float y = p0.y + big->FontSize * 1.15f;
  std::string from = "from " + s.bench_origin;
  const auto missing = missing_series(s.bench, shown_ids(s.timing));
  if (!missing.empty()) {
    from += "; not in this recording:";
    for (const auto& id : missing) from += " " + id;
  }
  for (const auto& m : s.bench.messages)
    if (m != "cancelled") from += "; " + m;  // a cancelled sweep's origin says so already
  dl->AddText(ImVec2(p0.x, y), dim, fit_text(from, avail.x).c_str());
  y += ImGui::GetFontSize() * 1.2f;
  std::vector<std::pair<std::string, SeriesStyle>> legend;
  for (const auto& sh : s.timing.shown) legend.push_back({sh.id, shown_style(sh)});
  // The large font while the legend takes at most two rows, else the normal one.
  ImFont* legend_font = big;
  if (draw_series_legend(nullptr, p0.x, y, right, legend, big, text) - y > 2.6f * big->FontSize) legend_font = ImGui::GetFont();
  y = draw_series_legend(dl, p0.x, y, right, legend, legend_font, text) + 0.3f * ImGui::GetFontSize();
  // Two plots side by side, or one over the other in a tall, narrow panel.
  const std::vector<PlotSpec> plots = timing_plots(s.bench, s.timing);
  const SweepProgress sweep = sweep_progress(s);
  const PlotAxis x = n_axis(plots, sweep.min_n, sweep.max_n);
  const float h = p0.y + avail.y - y, gap = ImGui::GetFontSize();
  if (avail.x >= 1.4f * h) {
    const float w = (avail.x - gap) / 2;
    draw_plot(dl, Rect{p0.x, y, w, h}, plots[0], x);
    draw_plot(dl, Rect{p0.x + w + gap, y, w, h}, plots[1], x);
  } else {
    const float ph = (h - gap) / 2;
    draw_plot(dl, Rect{p0.x, y, avail.x, ph}, plots[0], x);
    draw_plot(dl, Rect{p0.x, y + ph + gap, avail.x, ph}, plots[1], x);
  }
  end_panel();
}

}  // namespace scanscope
