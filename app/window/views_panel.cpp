// Views without a kernel trace: the float-order comparison (error in ulps per summation order, on a
// log scale) and histogram equalization (histogram, its scanned CDF, the picture before and after).
#include <glad/gl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstdio>

#include "engine/format.h"
#include "panels.h"

namespace scanscope {

namespace {

std::string fmt(const char* f, double v) {
  char buf[64];
  std::snprintf(buf, sizeof buf, f, v);
  return buf;
}

Rgba ulp_color(double ulps) {
  if (ulps <= 1.0) return okabe_ito::bluish_green;
  if (ulps <= 100.0) return okabe_ito::orange;
  return okabe_ito::vermillion;
}

}  // namespace

void FloatOrderPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  FloatOrderView& v = s.float_order;
  Rect c = begin_panel("##floatorder", "Float order: the same " + std::to_string(v.n) + " floats, summed in different orders", r);
  const auto& kinds = float_order_kinds();
  ImGui::SetNextItemWidth(160 * ui.scale);
  if (ImGui::BeginCombo("data", kinds[std::clamp(v.kind, 0, static_cast<int>(kinds.size()) - 1)].c_str())) {
    for (int i = 0; i < static_cast<int>(kinds.size()); ++i)
      if (ImGui::Selectable(kinds[i].c_str(), i == v.kind)) v.kind = i;
    ImGui::EndCombo();
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("uniform: values in [0,1)\nmixed: a few large values among many small ones\ncancel: large values that cancel, small ones between");
  ImGui::SameLine();
  int seed = static_cast<int>(v.seed);
  ImGui::SetNextItemWidth(120 * ui.scale);
  if (ImGui::InputInt("seed", &seed) && seed >= 0) v.seed = static_cast<unsigned>(seed);
  update_float_order(s);
  const FloatOrderReport& rep = v.report;
  ImGui::SameLine();
  ImGui::Text("   accurate sum (compensated, double): %.10g", rep.accurate);
  if (!v.error.empty() || rep.sums.empty()) {
    ImGui::TextColored(ImVec4(1, 0.45f, 0.35f, 1), "%s", v.error.empty() ? "no sums" : v.error.c_str());
    end_panel();
    return;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_col = IM_COL32(185, 185, 195, 255);
  ImFont* large = ui.fonts.large ? ui.fonts.large : ImGui::GetFont();
  ImFont* small = ui.fonts.small;
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float top = p0.y + 6, bottom = c.bottom() - small->FontSize - 10;
  // Log scale: bar length = log10(1 + ulps) / log10(1 + ceiling), ceiling a power of ten.
  double worst = 1;
  for (const auto& f : rep.sums) worst = std::max(worst, f.ulps);
  const double ceiling = std::pow(10.0, std::ceil(std::log10(worst * 1.0001)));
  auto frac = [&](double u) { return static_cast<float>(std::log10(1 + u) / std::log10(1 + ceiling)); };
  float name_w = 0;
  for (const auto& f : rep.sums) name_w = std::max(name_w, text_width(f.method, large));
  name_w = std::min(name_w + 16, c.w * 0.32f);
  const float bar_x0 = c.x + name_w, bar_x1 = c.right() - 10;
  const int rows = static_cast<int>(rep.sums.size());
  const float row_h = (bottom - top) / std::max(1, rows);
  for (int i = 0; i < rows; ++i) {
    const FloatSum& f = rep.sums[i];
    const float y = top + i * row_h;
    const float bar_h = std::min(row_h * 0.42f, large->FontSize * 1.6f);
    dl->AddText(large, large->FontSize, ImVec2(c.x, y + (bar_h - large->FontSize) / 2), text_col, f.method.c_str());
    const float len = std::max(2.0f, (bar_x1 - bar_x0) * frac(f.ulps));
    dl->AddRectFilled(ImVec2(bar_x0, y), ImVec2(bar_x0 + len, y + bar_h), col(ulp_color(f.ulps)), 3);
    const std::string value = (f.ulps < 10 ? fmt("%.2f", f.ulps) : fmt("%.0f", f.ulps)) + " ulps   (sum " + fmt("%.9g", f.value) +
                              ", error " + fmt("%.3g", f.abs_error) + ")";
    const float vw = text_width(value, large);
    const float vx = bar_x0 + len + 8 + vw < bar_x1 ? bar_x0 + len + 8 : std::max(bar_x0 + 4, bar_x0 + len - vw - 8);
    const ImU32 vc = bar_x0 + len + 8 + vw < bar_x1 ? text_col : col(text_on(ulp_color(f.ulps)));
    dl->AddText(large, large->FontSize, ImVec2(vx, y + (bar_h - large->FontSize) / 2), vc, value.c_str());
    dl->AddText(small, small->FontSize, ImVec2(bar_x0, y + bar_h + 4), dim_col, f.explanation.c_str(), nullptr);
  }
  // The axis: 0, 1, 10, 100, ... ulps.
  const float ay = bottom + 4;
  dl->AddLine(ImVec2(bar_x0, ay), ImVec2(bar_x1, ay), dim_col);
  for (double t = 0; t <= ceiling; t = t == 0 ? 1 : t * 10) {
    const float x = bar_x0 + (bar_x1 - bar_x0) * frac(t);
    dl->AddLine(ImVec2(x, ay), ImVec2(x, ay + 4), dim_col);
    text_centered(dl, ImVec2(x, ay + 4 + small->FontSize / 2), dim_col, fmt("%.0f", t), small);
  }
  dl->AddText(small, small->FontSize, ImVec2(c.x, ay), dim_col, "error in ulps (log scale)");
  end_panel();
}

void HistEqPanel::release() {
  if (tex_[0]) glDeleteTextures(2, tex_);
  tex_[0] = tex_[1] = 0;
  uploaded_ = -1;
}

void HistEqPanel::draw(AppState& s, const UiContext& ui, const Rect& r) {
  HistEqView& h = s.histeq;
  Rect c = begin_panel("##histeq", "Histogram equalization: histogram, its scan (the CDF), and the new gray levels", r);
  if (!h.ready) load_histeq(s, "");
  ImGui::SetNextItemWidth(std::min(360.0f * ui.scale, c.w * 0.3f));
  ImGui::InputTextWithHint("##histeq_path", "a PNG or JPEG file", h.path_buf, sizeof h.path_buf);
  ImGui::SameLine();
  if (ImGui::Button("Open image")) load_histeq(s, h.path_buf);
  ImGui::SameLine();
  if (ImGui::Button("Test picture")) load_histeq(s, "");
  ImGui::SameLine();
  if (ImGui::Button("Show the scan (tree, memory, code)") && h.ready) {
    show_histeq_scan(s);
    end_panel();
    return;
  }
  if (!h.ready) {
    end_panel();
    return;
  }
  ImGui::TextDisabled("%s, %dx%d; scan: %s", h.source.c_str(), h.image.width, h.image.height, h.eq.where.c_str());
  if (uploaded_ != h.generation) {
    if (!tex_[0]) glGenTextures(2, tex_);
    const GrayImage* im[2] = {&h.image, &h.eq.equalized};
    for (int i = 0; i < 2; ++i) {
      glBindTexture(GL_TEXTURE_2D, tex_[i]);
      glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
      glTexImage2D(GL_TEXTURE_2D, 0, GL_R8, im[i]->width, im[i]->height, 0, GL_RED, GL_UNSIGNED_BYTE, im[i]->pixels.data());
      const GLint swizzle[4] = {GL_RED, GL_RED, GL_RED, GL_ONE};
      glTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_RGBA, swizzle);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
      glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
    }
    glBindTexture(GL_TEXTURE_2D, 0);
    after_hist_.assign(256, 0);
    for (uint8_t p : h.eq.equalized.pixels) after_hist_[p] += 1;
    uploaded_ = h.generation;
  }
  ImDrawList* dl = ImGui::GetWindowDrawList();
  const ImU32 text_col = ImGui::GetColorU32(ImGuiCol_Text);
  const ImU32 dim_col = IM_COL32(185, 185, 195, 255);
  ImFont* small = ui.fonts.small;
  const ImVec2 p0 = ImGui::GetCursorScreenPos();
  const float fh = ImGui::GetFontSize();
  const Rect area{c.x, p0.y + 4, c.w, c.bottom() - p0.y - 6};
  // Left: the two histograms with the CDF over the first; right: the pictures.
  const Rect charts{area.x, area.y, area.w * 0.5f - 8, area.h};
  const Rect pics{area.x + area.w * 0.5f + 8, area.y, area.w * 0.5f - 8, area.h};
  auto histogram = [&](const Rect& box, const std::vector<double>& bins, const std::vector<double>* cdf, const std::string& label) {
    const float lx = box.x + 34, ly = box.bottom() - small->FontSize - 4;
    const Rect plot{lx, box.y + fh + 4, box.right() - lx - (cdf ? 40 : 6), ly - box.y - fh - 6};
    dl->AddText(ImVec2(box.x, box.y), text_col, label.c_str());
    double top = 1;
    for (double b : bins) top = std::max(top, b);
    dl->AddRectFilled(ImVec2(plot.x, plot.y), ImVec2(plot.right(), plot.bottom()), IM_COL32(25, 25, 30, 255));
    const float bw = plot.w / 256.0f;
    for (int i = 0; i < 256 && i < static_cast<int>(bins.size()); ++i) {
      if (bins[i] <= 0) continue;
      const float bh = static_cast<float>(bins[i] / top) * plot.h;
      dl->AddRectFilled(ImVec2(plot.x + i * bw, plot.bottom() - bh), ImVec2(plot.x + (i + 1) * bw + (bw < 2 ? 0.5f : -0.5f), plot.bottom()), col(okabe_ito::sky_blue));
    }
    for (int g : {0, 64, 128, 192, 255})
      text_centered(dl, ImVec2(plot.x + (g + 0.5f) * bw, ly + small->FontSize / 2 + 2), dim_col, std::to_string(g), small);
    dl->AddText(small, small->FontSize, ImVec2(box.x, plot.y), dim_col, "count");
    if (cdf && !cdf->empty()) {
      const double total = std::max(1.0, cdf->back());
      std::vector<ImVec2> pts;
      for (int i = 0; i < 256 && i < static_cast<int>(cdf->size()); ++i)
        pts.push_back(ImVec2(plot.x + (i + 0.5f) * bw, plot.bottom() - static_cast<float>((*cdf)[i] / total) * plot.h));
      dl->AddPolyline(pts.data(), static_cast<int>(pts.size()), col(okabe_ito::orange), 0, std::max(2.0f, 2.5f * ui.scale));
      dl->AddText(small, small->FontSize, ImVec2(plot.right() + 4, plot.y), col(okabe_ito::orange), "CDF");
      dl->AddText(small, small->FontSize, ImVec2(plot.right() + 4, plot.y + small->FontSize), col(okabe_ito::orange), format_value(total, "sum").c_str());
      dl->AddText(small, small->FontSize, ImVec2(plot.right() + 4, plot.bottom() - small->FontSize), col(okabe_ito::orange), "0");
    }
  };
  const float hist_h = charts.h * 0.58f;
  histogram(Rect{charts.x, charts.y, charts.w, hist_h}, h.eq.histogram, &h.eq.cdf,
            "Before: histogram (bars) and its inclusive scan, the CDF (line)");
  histogram(Rect{charts.x, charts.y + hist_h + 6, charts.w, charts.h - hist_h - 6}, after_hist_, nullptr,
            "After: each gray v becomes (cdf[v] - cdf_min) / (pixels - cdf_min) * 255");
  // The pictures, side by side, aspect kept.
  const float gap = 12;
  const float slot_w = (pics.w - gap) / 2, slot_h = pics.h - fh - 8;
  const float aspect = h.image.height > 0 ? static_cast<float>(h.image.width) / h.image.height : 1.0f;
  float iw = slot_w, ih = slot_w / aspect;
  if (ih > slot_h) {
    ih = slot_h;
    iw = slot_h * aspect;
  }
  const char* labels[2] = {"before", "after equalization"};
  for (int i = 0; i < 2; ++i) {
    const float x = pics.x + i * (slot_w + gap);
    dl->AddText(ImVec2(x, pics.y), text_col, labels[i]);
    const ImVec2 q0(x, pics.y + fh + 6), q1(x + iw, pics.y + fh + 6 + ih);
    dl->AddImage(reinterpret_cast<ImTextureID>(static_cast<intptr_t>(tex_[i])), q0, q1);
    dl->AddRect(q0, q1, IM_COL32(120, 120, 130, 255));
  }
  end_panel();
}

}  // namespace scanscope
