// Timing panel: a benchmark recording (bench/bench.h) as two plots against n, the series a class
// is shown chosen by a preset or one by one (grouped by family), each with a colour and a marker of
// its own; the time view (ms, GB/s) or the ratio view (x CUB, fraction of the copy's bandwidth); the
// recording's device and date over the legend; a live sweep drawing into the same plots with its
// progress and Cancel. What is drawn is computed in timing_model.h and bench/bench_view.h; the
// sweep runs in the state layer (view_state.cpp).
#include <algorithm>

#include "engine/assets.h"
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
    case BenchFamily::Select: return "stream compaction (ours and CUB)";
    case BenchFamily::Sort: return "radix sort (ours and CUB)";
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
  for (BenchFamily f : {BenchFamily::Reduce, BenchFamily::Scan, BenchFamily::Select, BenchFamily::Sort, BenchFamily::Copy, BenchFamily::Cpu}) {
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

// The recording: one of the shipped ones, or a file.
void recording_popup(AppState& s) {
  if (!ImGui::BeginPopup("##recording")) return;
  ImGui::TextDisabled("shipped recordings");
  for (const auto& rec : timing_recordings(s).files)
    if (ImGui::Selectable(recording_label(rec).c_str(), rec.path == s.bench_origin)) {
      load_timing_recording(s, rec.path);
      ImGui::CloseCurrentPopup();
    }
  ImGui::Separator();
  ImGui::TextDisabled("a file (scanscope bench --json FILE)");
  ImGui::SetNextItemWidth(24 * ImGui::GetFontSize());
  ImGui::InputText("##benchpath", s.bench_buf, sizeof s.bench_buf);
  ImGui::SameLine();
  if (ImGui::Button("Load") && load_timing_recording(s, s.bench_buf)) ImGui::CloseCurrentPopup();
  ImGui::EndPopup();
}

// `text` in lines of at most `width` pixels, broken between words, at most max_lines (the last one
// cut to fit where the text is longer).
std::vector<std::string> wrap_words(const std::string& text, float width, int max_lines) {
  std::vector<std::string> lines(1);
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    const std::string word = text.substr(i, j - i);
    const std::string joined = lines.back().empty() ? word : lines.back() + " " + word;
    if (!lines.back().empty() && text_width(joined) > width && static_cast<int>(lines.size()) < max_lines) lines.push_back(word);
    else lines.back() = joined;
    i = j + 1;
  }
  for (auto& l : lines) l = fit_text(l, width);
  return lines;
}

// The controls, one row that wraps (flow_item) where the panel is narrow: nothing is cut off at a
// projector's 1280 pixels, and the plots keep the height.
void toolbar(AppState& s) {
  const float fh = ImGui::GetFontSize(), spacing = ImGui::GetStyle().ItemInnerSpacing.x;
  const TimingPreset* current = s.timing.preset.empty() ? nullptr : find_timing_preset(s.timing.preset);
  float title_w = text_width("(by hand)");
  for (const auto& p : timing_presets()) title_w = std::max(title_w, text_width(p.title));
  ImGui::SetNextItemWidth(std::min(title_w + ImGui::GetFrameHeight() + 2 * ImGui::GetStyle().FramePadding.x, ImGui::GetContentRegionAvail().x));
  if (ImGui::BeginCombo("##preset", current ? current->title.c_str() : "(by hand)")) {
    for (const auto& p : timing_presets())
      if (ImGui::Selectable(p.title.c_str(), current == &p)) choose_timing_preset(s, p);
    ImGui::EndCombo();
  }
  if (flow_button("Series...", false)) ImGui::OpenPopup("##series");
  series_popup(s);
  if (flow_button("File...", false)) ImGui::OpenPopup("##recording");
  recording_popup(s);
  bool ratios = s.timing.view == TimingView::Ratio;  // off: ms and GB/s; on: x CUB and share of the copy
  flow_item(ImGui::GetFrameHeight() + spacing + text_width("ratios"), false);
  if (ImGui::Checkbox("ratios", &ratios)) s.timing.view = ratios ? TimingView::Ratio : TimingView::Time;
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("time relative to CUB's (x CUB) and the fraction of the device copy's GB/s");
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
  const float fh = ImGui::GetFontSize();
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), dim = ImGui::GetColorU32(ImGuiCol_TextDisabled);
  ImVec2 p0 = ImGui::GetCursorScreenPos();
  const ImVec2 avail = ImGui::GetContentRegionAvail();
  const float right = p0.x + avail.x;
  // The legend's heading names the device and the date; the legend itself sits in its own strip
  // above the plots, never over the data. A short panel (a lesson's, at 1280x720) keeps the plots'
  // height: the heading in the normal font with the legend on its row, no line for the file.
  const bool compact = avail.y < 22 * fh;
  const std::string caption = recording_caption(s.bench, compact);
  ImFont* head = compact ? ImGui::GetFont() : big;
  dl->AddText(head, head->FontSize, p0, IM_COL32(110, 200, 255, 255), fit_text(caption, avail.x, head).c_str());
  float y = p0.y + head->FontSize * 1.15f, legend_x = p0.x;
  const auto missing = missing_series(s.bench, shown_ids(s.timing));
  std::vector<std::pair<std::string, SeriesStyle>> legend;
  for (const auto& sh : s.timing.shown) {
    const bool recorded = std::find(missing.begin(), missing.end(), sh.id) == missing.end();
    legend.push_back({sh.id + (recorded || !compact ? "" : " (not recorded)"), shown_style(sh)});
  }
  if (!compact) {
    // A shipped recording by its name in the project (assets/bench/...), not this machine's path.
    const std::string assets = asset_dir() + "/";
    std::string from = "from " + (s.bench_origin.rfind(assets, 0) == 0 ? "assets/" + s.bench_origin.substr(assets.size()) : s.bench_origin);
    if (!missing.empty()) {
      from += "; not in this recording:";
      for (const auto& id : missing) from += " " + id;
    }
    for (const auto& m : s.bench.messages)
      if (m != "cancelled") from += "; " + m;  // a cancelled sweep's origin says so already
    dl->AddText(ImVec2(p0.x, y), dim, fit_text(from, avail.x).c_str());
    y += fh * 1.2f;
  } else {
    legend_x = p0.x + text_width(caption, head) + 1.5f * fh;  // on the heading's row where it fits
    y = p0.y;
  }
  // The large font while the legend takes at most two rows (none in a short panel), else the normal one.
  ImFont* legend_font = compact ? ImGui::GetFont() : big;
  if (!compact && draw_series_legend(nullptr, p0.x, p0.x, y, right, legend, big, text) - y > 2.6f * big->FontSize) legend_font = ImGui::GetFont();
  y = draw_series_legend(dl, p0.x, legend_x, y, right, legend, legend_font, text) + 0.3f * fh;
  // Shown series this recording lacks: which shipped recording has them, or that none has (a
  // preset whose series no one recording holds: the applications'), said plainly, not left to an
  // empty line in the plots.
  const std::string note = missing_series_note(timing_recordings(s), missing);
  if (!note.empty()) {
    for (const std::string& line : wrap_words(note, avail.x, 2)) {
      dl->AddText(ImVec2(p0.x, y), IM_COL32(255, 200, 90, 255), line.c_str());
      y += fh * 1.15f;
    }
    y += fh * 0.15f;
  }
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
